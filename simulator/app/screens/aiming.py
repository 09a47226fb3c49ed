"""Aiming: the mouse turns the cue, a pull back shoots; keys for fine
adjustment; a click calls the ball and the pocket. Whether a shot needs a
call is asked of ``rules.calls``.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import pygame

from simulator.app.screens.match_keys import (
    FINE,
    SETTLE_SECONDS,
    SPACE_ELSEWHERE,
    STROKE_KEYS,
)
from simulator.app.screens.shot_input import SHORT_PULL_PX, ShotInputMode
from simulator.app.table.aim import (
    MAX_ELEVATION,
    MAX_SPEED,
    MAX_TIP,
    Aim,
    angle_to,
    full_pull_px,
    guide,
    run_on_bed,
    thrown,
)
from simulator.app.table.double_hit import REACH, meets_twice
from simulator.app.table.render import (
    draw_cue,
    draw_dashed,
    others,
    table_clip,
)
from simulator.app.table.stroke import PullTrack
from simulator.app.table.throw import Departures, turn_between, turned_by
from simulator.app.table.view import text_size
from simulator.app.text import fonts, ui
from simulator.physics.shaft import elevation_to_clear, stick_rests_on
from simulator.table.specs import CUE_BALL

WRONG_WAY_PX = 12  # a pull this far toward the ball is a pull the wrong way
# A press and release the hand moved no further than this (pixels) is a
# click (a call, or aiming again), not a pull: a mouse clicked by hand
# drifts 1-3 px; a pull meant as one goes further at once.
CLICK_SLOP_PX = 5
NO_POWER = 0.01  # a pull giving no more than this is no stroke
# A press and release this far back (pixels) within CLICK_SLOP_PX is a
# pull begun, not a click's drift: said to be too short (it was silent).
NUDGE_PX = 3
# A drag that played nothing says why this long, or until the next key or
# click: 4 s went by while the player still looked at the table.
NOTHING_SAID = 10.0
# The mouse still this long: the aim it points is one the player settled on;
# a call's click goes back to it (the way to the ball or pocket clicked
# turned the cue, the click itself is not an aim).
AIM_REST = 0.35
# A call's click goes back to that aim only if the mouse left it this
# recently (s): one move to the ball or pocket. Aimed slowly, in steps
# with no rest that long, the aim left was seconds old, and a click on the
# 9 brought it back: the stick stays as shown then (pointing at the ball).
CALL_WAY = 1.5
# A double-hit run costs a few frames: at most one this often while the aim
# moves.
DOUBLE_HIT_EVERY = 0.15  # s
# The object ball's line is run on the physics (throw.py): a run costs
# 4 ms (median; 20 ms for a hard stroke with spin), so while the aim moves
# at most one this often; between, the line of centres turned by the last
# run's throw is drawn, and the aim at rest is run at once.
THROW_EVERY = 0.1  # s
TRIP_PX = 3  # a move shorter than this is a hand's tremble, not a new trip
# The stick drawn behind the cue ball can be taken hold of, as a real cue
# is: the pointer coming onto it over the cue ball (or along it) leaves the
# aim where it is, so a press there pulls back along it. (The aim followed
# the pointer round to the far side, and the pull away from the ball was a
# push: nothing was shot.) Within this many ball radii of the stick's line,
# or GRAB_PX, whichever is wider; a pointer's jump passing this near the
# cue ball has come over it.
GRAB_RADII = 1.5
GRAB_PX = 10
# Only the stick's near part is held, GRAB_BALLS ball diameters (GRAB_MIN_PX
# at least) behind its tip, reached from the cue ball: a jump starting over
# the ball or no further from it than that. Elsewhere the pointer aims where
# it points (the stick drawn after the computer's turn lay over the pocket a
# player went to aim at, the jump there crossed the ball, and the stroke
# went along the old line: a foul).
GRAB_BALLS = 3
GRAB_MIN_PX = 30
GRAB_GLOW = (255, 226, 140)  # the stick held under the pointer
CALL_MARK = (120, 200, 255)  # the ring round a called ball and pocket
# Fine aim: Shift (or Ctrl, as on the arrows' finer steps) held, the mouse
# turns the cue this share of the turn it makes round the cue ball (near
# the ghost ball one pixel swung a cut's object ball from rail to rail).
# Let go, the cue comes back under the pointer as the mouse moves on, by
# FINE_CATCH of each move's turn: it never jumps.
FINE_SHARE = 0.1
FINE_CATCH = 0.5
FINE_AIM_KEYS = (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL)


# W/A/S/D: the tip's direction of travel (right, up) per key.
TIP_KEYS = {pygame.K_w: (0, 1), pygame.K_s: (0, -1),
            pygame.K_a: (-1, 0), pygame.K_d: (1, 0)}
AIM_FIRST_PX = 6  # a move farther than this from where the turn appeared aims


def _moved_away(pos: tuple[int, int], start: tuple[int, int]) -> bool:
    return max(abs(pos[0] - start[0]), abs(pos[1] - start[1])) > AIM_FIRST_PX


TIP_STEP = 2 * MAX_TIP / 10  # a tenth of the range from edge to edge
TIP_FINE = TIP_STEP / 6



# Keys that aim nothing: a watch speed (1/2/4/0, pressed for the computer's
# turn just ended), the numbers (Tab), help: the aim-first guard holds (a 2
# then a Space struck the last turn's aim, unseen).
NOT_AIMING_KEYS = (pygame.K_0, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4,
                   pygame.K_KP0, pygame.K_KP1, pygame.K_KP2, pygame.K_KP4,
                   pygame.K_TAB, pygame.K_F1)

class AimMode(ShotInputMode):
    """Aim with the mouse, pull back to shoot; keys for fine adjustment."""

    name = "aiming"
    can_move_cue = True
    play_screen = "playing"  # what plays the shot (practice plays it its own way)
    # (No pull yet: a dialog may open inside enter, before they are set, and
    # interrupted() reads them.)
    drag_from: float | None = None
    # The ball and pocket ringed as the call in the last frame drawn.
    drawn_call: tuple[int | None, str | None] = (None, None)
    track: PullTrack | None = None  # the hand's motion during the pull
    panel_drag = False
    clock = 0.0  # s since the screen began, by the clock (times the pull)
    aim_first_said = False  # (see enter)
    pull_back_said = False

    def enter(self) -> None:
        self.departures = Departures()  # the first contacts run (see guide)
        # Answers kept with the inputs they were worked out from (see guide).
        self._kept: dict[object, tuple[tuple[object, ...], Any]] = {}
        self.throw_wait = 0.0  # s to the next run allowed (THROW_EVERY)
        # The last run's ball and its turn off the line of centres (radians).
        self.last_turn: tuple[int, float] | None = None
        super().enter()
        self.drag_from = None  # pull-back start (metres along aim)
        self.track = None
        self.drag_power0 = 0.0
        self.pull_warned = False  # the wrong-way hint of this pull was given
        # A pull released gone the wrong way (toward the ball, or across the
        # aim): the key line says which way strikes until the next press (a
        # message under the table went by unread, and the drag "did nothing").
        self.pull_back_said = False
        self.press_pos: tuple[int, int] | None = None
        self.key_lock: tuple[int, int] | None = None  # mouse pos at last fine key
        self.panel_drag = False
        self.last_pointer = self.app.mouse  # where the last motion ended
        self.grabbed = False  # the pointer holds the stick (see GRAB_RADII)
        # The aim the mouse last rested on (or the keys, a hint, an undo set),
        # which a click that calls keeps; how long the mouse has been still.
        self.still = AIM_REST
        self.mouse_angle: float | None = None  # the angle the mouse last set
        # Degrees the cue stands off the pointer's line after a fine aim
        # (FINE_SHARE): 0 once it is back under the pointer or set otherwise.
        self.fine_offset = 0.0
        self.aim_at_resting_mouse()
        self.settled_angle = self.session.aim.angle
        self.settled_at = 0.0  # (self.clock) when the mouse left it
        # The hint last shown and the aim it found: the player's own line and
        # cue are hidden only until they aim again by themselves.
        self.hint_found: tuple[object, float] | None = None
        self.hint_mouse: tuple[int, int] | None = None  # where the mouse was then
        self.trip_from: tuple[int, int] | None = None  # where the mouse last rested
        # The last aim run for a double hit, its answer, and the time to the
        # next run allowed.
        self.double_hit_of: tuple[Any, ...] | None = None
        self.double_hit = False
        self.double_hit_wait = 0.0
        # Space meant "go on" or "skip" on the screen before: a press made
        # for it (queued while a slow frame drew, or the keyboard's repeat)
        # must not strike this player's stroke as their turn appears.
        previous = self.app.previous
        after_computer = getattr(previous, "name", "") in SPACE_ELSEWHERE
        # (a shot rolling skipped by a press: a second Space, pressed as the
        # skip seemed slow, struck the next person's stroke unaimed)
        after_skip = getattr(previous, "name", "") == "playing" and \
            getattr(previous, "skipped_by_press", False)
        self.settle = SETTLE_SECONDS if after_computer or after_skip else 0.0
        # After the computer's turn a person still pressing Space to hurry it
        # must not strike: the first stroke comes only once they have aimed
        # (moved or clicked the mouse, or pressed any other key) here.
        self.aim_first = after_computer or after_skip
        if after_computer and self.mouse_angle is not None:
            # The mouse rests over the table: the cue points where it points,
            # stick and line on show at once (no stick until the mouse moved,
            # where players expect the cue waiting). Space plays that aim,
            # seen; an aim kept from before, or a mouse off the table, waits.
            self.aim_first = False
        if self.session.held_angle == self.session.aim.angle:
            # An aim given back (an undo's: the stroke as it was set before
            # the shot taken back, or a saved one) is the player's own: stick
            # and line on show at once, Space plays it again. (U after the
            # computer's turn had begun hid both until the mouse moved.)
            self.aim_first = False
        # (where the pointer rested as the turn appeared: a hand resting on
        # the mouse, or the window's own motion event, moves it a pixel or
        # two, which is no aim; a play-tester's lone Space struck so)
        self.aim_first_at = self.app.mouse or pygame.mouse.get_pos()
        # A Space the guard refused: its words stay in the key line until
        # the player aims (a 4 s message under the table went unseen, and
        # two presses did nothing a player could tell).
        self.aim_first_said = False
        # No call is made for the player, not even of the only ball they may
        # call: "Called: 3" they had not made read as a call the referee held
        # (a click on a pocket calls that ball with it, see click).
        self.call_ball = self.call_pocket = None
        if self.session.hint_call is not None:  # a hint taken while placing
            self.call_ball, self.call_pocket = self.session.hint_call
            self.session.hint_call = None

    # The call lives on the session: an undo or a redo gives it back.
    @property
    def call_ball(self) -> int | None:
        return self.session.call[0]

    @call_ball.setter
    def call_ball(self, ball: int | None) -> None:
        self.session.call = (ball, self.session.call[1])

    @property
    def call_pocket(self) -> str | None:
        return self.session.call[1]

    @call_pocket.setter
    def call_pocket(self, pocket: str | None) -> None:
        self.session.call = (self.session.call[0], pocket)

    # -- geometry helpers -----------------------------------------------------------
    def cue(self) -> tuple[float, float] | None:
        return self.session.cue_pos()

    def along(self, pos: tuple[int, int]) -> float:
        """How far behind the cue ball (metres, along the aim) the mouse is."""
        cue = self.cue()
        if cue is None:
            return 0.0
        x, y = self.scene.view.to_table(*pos)
        a = math.radians(self.aim.angle)
        return -((x - cue[0]) * math.cos(a) + (y - cue[1]) * math.sin(a))

    def pulled_px(self, pos: tuple[int, int]) -> float:
        """How far (pixels, along the aim) the mouse is pulled back from
        where the pull began; negative toward the ball."""
        assert self.drag_from is not None
        return self.scene.view.px(self.along(pos) - self.drag_from)

    def pull_power(self, pos: tuple[int, int]) -> float:
        return self.px_power(self.pulled_px(pos))

    def px_power(self, px: float) -> float:
        """The power of a pull ``px`` pixels long, by its length."""
        return min(1.0, max(0.0, px / self.full_pull()))

    def warn_wrong_way(self, pos: tuple[int, int]) -> None:
        """A pull toward the ball gives no power: said once a pull, so the
        player is not left wondering why nothing happens. Not for a pull
        that went back and came forward again (a stroke, or an easing the
        release then says is no stroke)."""
        if self.drag_from is None or self.pull_warned or self.pulled_far():
            return
        if self.scene.view.px(self.along(pos) - self.drag_from) < -WRONG_WAY_PX:
            self.pull_warned = True
            self.app.inform(self.app.t("pull.wrong_way"), 2.5)

    def pulled_far(self) -> bool:
        """Whether this pull was longer than a short pull at some point."""
        return self.track is not None and self.track.furthest > SHORT_PULL_PX

    def stroking(self) -> bool:
        return self.track is not None and self.track.stroking

    def now(self) -> float:
        """The time of an event being handled: the end of the frame it came
        in (the clock counts the frames before)."""
        return self.clock + self.app.real_dt

    def track_hand(self, pos: tuple[int, int]) -> None:
        if self.track is not None:
            self.track.moved(self.now(), self.app.real_dt, self.pulled_px(pos))

    def full_pull(self) -> float:
        """Pixels of pull back for full power: a share of the table's length
        as drawn (100 px gave full power, far too touchy; 378 px, too long)."""
        return full_pull_px(self.scene.view.outer_rect().width)

    def aimed(self) -> Any:
        """What the aim shows, for the calling rules (rules.calls.AimedShot)."""
        from rules.calls import AimedShot
        g = self.guide()
        if g is None:
            return AimedShot(None, False, None)
        return AimedShot(g.ball, g.kick, g.object_pocket)

    def guide(self, exact: bool = False) -> Any:
        """The aim's guide, the object ball's line as the stroke plays it:
        thrown off the line of centres (the line of centres sent a thin cut
        aimed along it past the pocket). The drawn line and the obvious call
        both read it; ``exact``: never the estimate (see THROW_EVERY).

        Worked out once a frame, and again only if something it reads
        changed: the line, the call, the strip and its words asked for it
        some thirty times a frame, and each cast the path and looked for the
        stick's balls again (a frame took 80 ms). Asked again with the same
        inputs it answers the same (the run made for it is kept in
        ``departures``), so the kept one is that answer."""
        kept = self._kept.get(("guide", exact))
        if kept is not None and kept[0] == self._guide_inputs():
            return kept[1]
        g = self._guide(exact)
        self._kept[("guide", exact)] = (self._guide_inputs(), g)
        return g

    def _guide_inputs(self) -> tuple[object, ...]:
        """Everything the guide reads: the table, the aim and what decides
        the stroke's elevation, and the state of the throw's runs."""
        return (self.app.frames, self.session, self.session.table, self.aim,
                self.own_aim_hidden(), self.aim_first, self.throw_wait > 0.0,
                self.last_turn, self.departures, self.departures.runs)

    def _guide(self, exact: bool) -> Any:
        cue = self.cue()
        if cue is None:
            return None
        st = self.session.table
        balls = {b: p for b in st.on_table() if (p := st.position(b)) is not None}
        g = guide(st.spec, cue, self.aim.angle, balls)
        if g.ball is None:
            return g
        d = self.object_line(g, exact)
        return g if d is None else thrown(st.spec, g, d, balls, CUE_BALL)

    def object_line(self, g: Any, exact: bool) -> tuple[float, float] | None:
        """The object ball's travel after the contact by the physics (None:
        the line of centres), or while the aim moves between runs, the line
        of centres turned as the last run turned it."""
        st = self.session.table
        stroke = self.stroke_aim().stroke()
        runs = self.departures
        if exact or self.throw_wait <= 0.0 or runs.has(st, stroke, CUE_BALL, g.ball):
            if not runs.has(st, stroke, CUE_BALL, g.ball):
                self.throw_wait = THROW_EVERY
            parting = runs.get(st, stroke, CUE_BALL, g.ball)
            if parting is None:  # they never meet
                self.last_turn = None
                return None
            self.last_turn = (g.ball, turn_between(g.object_dir, parting.object_dir))
            return parting.object_dir
        if self.last_turn is not None and self.last_turn[0] == g.ball:
            return turned_by(g.object_dir, self.last_turn[1])
        return None

    def obvious(self) -> tuple[int, str] | None:
        """The call the aim makes plain (8-ball 2), to offer pre-filled."""
        from rules.calls import obvious_call
        req = self.session.req
        if req is None:
            return None
        return obvious_call(req, self.aimed())

    def the_call(self) -> tuple[int | None, str | None, bool]:
        """The call the stroke goes with: the player's own, else the obvious
        one; and whether it is the pre-filled obvious one."""
        if self.call_ball is not None and self.call_pocket is not None:
            return self.call_ball, self.call_pocket, False
        ob = self.obvious()
        if ob is not None and self.call_ball in (None, ob[0]) and \
                self.call_pocket in (None, ob[1]):
            return ob[0], ob[1], True
        return self.call_ball, self.call_pocket, False

    def calling(self) -> bool:
        from rules.calls import CallRule, call_rule
        req = self.session.req
        return req is not None and (call_rule(req) is not CallRule.NONE or (
            "call" in req.allowed_declarations))

    def half_called(self) -> bool:
        """A call begun and not finished (a ball without its pocket, or a
        pocket without its ball) on a shot that wants one: not struck so."""
        ball, pocket, _pre = self.the_call()
        return (ball is None) != (pocket is None) and self.call_missing()

    def call_missing(self) -> bool:
        from rules.calls import call_missing
        req = self.session.req
        if req is None:
            return False
        ball, pocket, _pre = self.the_call()
        return call_missing(req, bool(self.session.decl.get("safety")), ball, pocket,
                            self.obvious())

    # -- input -----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.scroll_banner(event) or self.read_first(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN or (
                event.type == pygame.MOUSEMOTION and _moved_away(
                    event.pos, self.aim_first_at)) or (
                event.type == pygame.KEYDOWN and event.key not in STROKE_KEYS
                and event.key not in NOT_AIMING_KEYS):
            self.aim_first = False
            self.aim_first_said = False
            toast = self.app.toast
            if toast is not None and toast[0] == self.app.t("evening.aim_first"):
                self.app.toast = None  # aimed: it stood over the aim drawn
        if event.type == pygame.MOUSEMOTION:
            buttons = getattr(event, "buttons", (0, 0, 0))
            self.mouse_past_hint(event.pos)
            self.mouse_moved(event.pos, held=bool(buttons and buttons[0]))
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse_down(event.pos, event.button)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse_up(event.pos)
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def mouse_past_hint(self, pos: tuple[int, int]) -> None:
        """The mouse moved over the table while a hint is shown: the player's
        own aim and cue are drawn again (a held aim the mouse does not turn
        too: the player is back at it)."""
        found = self.hint_found
        if found is not None and found[0] is self.session.hint and \
                self.layout.table.collidepoint(pos) and pos != self.hint_mouse:
            self.hint_found = (found[0], math.nan)  # (no angle equals it)

    def mouse_moved(self, pos: tuple[int, int], held: bool = False) -> None:
        """Drag a control, pull the cue back, or turn the aim to the mouse
        (after a fine key, only once the mouse has moved away). With the
        button down the aim never turns: the drag sets the power only (a
        press the pull did not take, swept over the table, swung the cue)."""
        s = self.session
        last, self.last_pointer = self.last_pointer, pos
        if self.panel_drag:
            self.panel_drag_to(pos)
            return
        if self.drag_from is not None:
            self.track_hand(pos)
            s.aim = s.aim.with_power(self.pulled_power(pos))
            self.warn_wrong_way(pos)
            return
        if held:
            return
        if not self.layout.table.collidepoint(pos) or self.aim_held():
            self.grabbed = False
            # An aim set by the keys, a hint or an undo is held: the mouse
            # goes to pull back along it from anywhere (it turned the cue on
            # its way, and a break went to a corner pocket); a click on the
            # table aims with the mouse again.
            return
        if self.key_lock is not None:
            if math.dist(self.key_lock, pos) < 12:
                return
            self.key_lock = None
        if self.grab_stick(last, pos):
            # The stick held (or the pointer over the cue ball) does not
            # turn: the aim shown is the player's, kept by a call's click
            # (it went back to the aim before the one held: a click on the
            # 9 lying under the stick swung the stick away).
            self.settle_aim()
            return
        if self.trip_from is None or math.dist(self.trip_from, pos) > TRIP_PX:
            if self.still >= AIM_REST:  # leaving an aim it rested on
                self.settle_aim()
            self.still = 0.0
            self.trip_from = pos
        self.aim_toward(last, pos)

    def fine_held(self) -> bool:
        """Whether the fine aim's key (Shift or Ctrl) is held."""
        held = self.app.held
        return any(k in held for k in FINE_AIM_KEYS) or \
            bool(pygame.key.get_mods() & (pygame.KMOD_SHIFT | pygame.KMOD_CTRL))

    def aim_toward(self, last: tuple[int, int] | None, pos: tuple[int, int]) -> None:
        """The cue turned with the pointer come from ``last`` to ``pos``: to
        point at it, or with the fine aim's key held by FINE_SHARE of the
        pointer's turn round the cue ball; after a fine aim it comes back
        under the pointer gradually (FINE_CATCH), with no jump."""
        fine = self.fine_held()
        cue = self.cue()
        if cue is None or last is None or (not fine and self.fine_offset == 0.0):
            self.aim_at(pos)
            return
        view = self.scene.view
        was, now = view.to_table(*last), view.to_table(*pos)
        if min(math.dist(was, cue), math.dist(now, cue)) <= 1e-4:
            return
        turn = (angle_to(cue, now) - angle_to(cue, was) + 180.0) % 360.0 - 180.0
        off = self.fine_offset
        if fine:
            off += turn * (FINE_SHARE - 1.0)
        else:
            off -= math.copysign(min(abs(off), FINE_CATCH * abs(turn)), off)
        self.fine_offset = off
        s = self.session
        s.aim = replace(s.aim, angle=(angle_to(cue, now) + off) % 360.0)
        self.mouse_angle = s.aim.angle

    def grab_stick(self, last: tuple[int, int] | None, pos: tuple[int, int]) -> bool:
        """Whether the pointer, come to ``pos`` from ``last``, holds the stick:
        it is on the stick's near part (see GRAB_BALLS), having come from the
        cue ball or along that part. A pointer jumping onto the stick from
        elsewhere, or onto its far part, aims there. Over the cue ball itself
        the aim stays too (it spun as the pointer crossed it, and the stick
        was then elsewhere)."""
        if self.passes_cue_ball(pos, pos):
            self.grabbed = False
            return True
        if not self.on_stick(pos, near=True):
            self.grabbed = False
        elif not self.grabbed and last is not None:
            self.grabbed = self.on_stick(last, near=True) or (
                self.from_cue_ball(last) and self.passes_cue_ball(last, pos))
        return self.grabbed

    def grab_reach(self) -> float:
        """How far behind the cue ball's centre (metres) the stick's part
        that can be held ends."""
        r = self.session.table.spec.balls.radius
        view = self.scene.view
        return r + 0.02 + max(GRAB_BALLS * 2 * r, GRAB_MIN_PX / view.px(1.0))

    def from_cue_ball(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is near enough the cue ball for a jump from it to
        have come from the ball (no further than the part held)."""
        cue = self.cue()
        return cue is not None and math.dist(
            self.scene.view.to_table(*pos), cue) <= self.grab_reach()

    def on_stick(self, pos: tuple[int, int], near: bool = False) -> bool:
        """Whether ``pos`` lies on the stick as drawn: behind the cue ball,
        near the stick's line (a narrow wedge), no further than its butt
        (with ``near``, than the part that can be held)."""
        cue = self.cue()
        if cue is None or self.own_aim_hidden():
            return False
        view = self.scene.view
        x, y = view.to_table(*pos)
        a = math.radians(self.aim.angle)
        dx, dy = x - cue[0], y - cue[1]
        back = -(dx * math.cos(a) + dy * math.sin(a))
        across = abs(-dx * math.sin(a) + dy * math.cos(a))
        r = self.session.table.spec.balls.radius
        butt = r + 0.03 + 1.47 * max(0.25, math.cos(math.radians(self.aim.elevation)))
        if near:
            butt = min(butt, self.grab_reach())
        wide = max(GRAB_RADII * r, GRAB_PX / view.px(1.0)) + 0.03 * back
        return r < back <= butt and across <= wide

    def passes_cue_ball(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """Whether the pointer's way from ``a`` to ``b`` passed over the cue
        ball (within GRAB_RADII ball radii of its centre)."""
        cue = self.cue()
        if cue is None:
            return False
        view = self.scene.view
        (ax, ay), (bx, by) = view.to_table(*a), view.to_table(*b)
        ex, ey = bx - ax, by - ay
        n = ex * ex + ey * ey
        t = 0.0 if n == 0 else max(0.0, min(1.0, ((cue[0] - ax) * ex +
                                                 (cue[1] - ay) * ey) / n))
        near = math.dist(cue, (ax + ex * t, ay + ey * t))
        return near <= GRAB_RADII * self.session.table.spec.balls.radius

    def aim_held(self) -> bool:
        """Whether the aim is one the mouse does not turn: the hint's taken,
        or the angle the fine aim's keys, an undo or a saved aim set."""
        s = self.session
        return self.hint_aim_held() or s.held_angle == s.aim.angle

    def aim_at(self, pos: tuple[int, int]) -> None:
        """The cue turned to point at the mouse."""
        s = self.session
        cue = self.cue()
        if cue is not None:
            target = self.scene.view.to_table(*pos)
            if math.dist(target, cue) > 1e-4:
                s.aim = Aim(angle_to(cue, target), s.aim.power, s.aim.tip_a,
                            s.aim.tip_b, s.aim.elevation)
                self.mouse_angle = s.aim.angle
                self.fine_offset = 0.0

    def aim_at_resting_mouse(self) -> None:
        """A new turn's cue points where the mouse rests over the table (it
        pointed at the nearest ball, away from the mouse, until the mouse
        moved). The preset stays with the mouse off the table or on the cue
        ball just placed, and once keys, a hint or an undo set the aim."""
        s = self.session
        preset, s.preset_angle = s.preset_angle, None  # once a turn
        pos = self.app.mouse
        cue = self.cue()
        if preset != s.aim.angle or pos is None or cue is None or \
                not self.layout.table.collidepoint(pos):
            return
        if math.dist(self.scene.view.to_table(*pos), cue) > \
                2 * s.table.spec.balls.radius:
            self.aim_at(pos)

    def pulled_power(self, pos: tuple[int, int]) -> float:
        """The power a pull gives; until it is longer than a short pull (a
        pull toward the ball, across the aim, or a flick back), the power
        set before stays: it read 0.7 m/s, not the 1.6 shown, after a pull
        the wrong way, and a flick struck softly over the power set. A
        stroke under way plays the power of where it began (see stroke.py)."""
        px = self.pulled_px(pos)
        if self.track is not None:
            px = self.track.played_px(px)
        if px <= SHORT_PULL_PX and not self.pulled_far():
            return self.drag_power0  # (a release now plays nothing: short_pull)
        return self.px_power(px)

    def pushed(self, pos: tuple[int, int]) -> bool:
        """A pull that only went toward the ball: the cue pushed toward the
        aim, as a stroke is made with a real cue, which plays nothing here."""
        return self.drag_from is not None and not self.pulled_far() and \
            not self.stroking() and self.pulled_px(pos) < -CLICK_SLOP_PX

    def short_pull(self) -> bool:
        """A pull never longer than a short pull, no stroke under way: its
        release plays nothing (it played the power set before, unseen, and
        surprised a player who had pulled a little for a soft stroke)."""
        return self.drag_from is not None and not self.pulled_far() and \
            not self.stroking()

    def mouse_down(self, pos: tuple[int, int], button: int) -> None:
        """Left: a control, or the start of a pull back; right: a call;
        the wheel: the power."""
        s = self.session
        lay = self.layout
        if button == 3 and self.cancel_pull():  # a right-click mid-pull: no stroke
            return
        if button == 1:
            if lay.side.collidepoint(pos):
                self.panel_drag = self.panel_click(pos)
                return
            if self.pull_area(pos):
                self.pull_back_said = False
                self.press_pos = pos
                self.drag_from = self.along(pos)
                self.drag_power0 = s.aim.power
                self.pull_warned = False
                self.track = PullTrack(self.full_pull(), self.now(),
                                       short=SHORT_PULL_PX)
        elif button == 3:
            if lay.table.collidepoint(pos):
                self.click(pos)
            elif lay.side.collidepoint(pos):
                self.panel_centre(pos)
        elif button in (4, 5) and self.wheel_sets_power(pos):
            s.aim = s.aim.with_power(s.aim.power + (0.02 if button == 4 else -0.02))

    def pull_area(self, pos: tuple[int, int]) -> bool:
        """Where a press begins a pull: anywhere left of the side column,
        the cloth, a rail, a pocket, the strip under the table or a margin
        (a press beside the table did nothing, and the drag after it turned
        the aim). The pull runs along the aim, wherever it begins."""
        return pos[0] < self.layout.side.left

    def cancel_pull(self) -> bool:
        """A pull under way is dropped with no stroke, the power set before
        it kept, and said. Whether there was one."""
        if self.drag_from is None:
            return False
        self.drag_from = None
        self.track = None
        self.press_pos = None
        self.session.aim = self.session.aim.with_power(self.drag_power0)
        self.app.inform(self.app.t("pull.cancelled"), 2.5, until_stroke=True)
        return True

    def interrupted(self) -> None:
        self.cancel_pull()
        self.panel_drag = False

    def wheel_sets_power(self, pos: tuple[int, int]) -> bool:
        """The wheel changes the power over the table and the aim controls
        only: over the rest of the side column it scrolls what is there."""
        return self.layout.table.collidepoint(pos) or \
            self.scene.panel.area.collidepoint(pos)

    def mouse_up(self, pos: tuple[int, int]) -> None:
        """The end of a pull back shoots; a click without one calls."""
        s = self.session
        self.panel_drag = False
        if self.drag_from is None:
            return
        self.track_hand(pos)  # (the release may lie past the last motion)
        came_back = self.pulled_far()  # (if it ends at the ball)
        # A stroke plays, wherever it ends: past the start, or at the press.
        stroke = self.stroking()
        moved = came_back or (self.press_pos is not None and
                              math.dist(self.press_pos, pos) > CLICK_SLOP_PX)
        back = stroke or self.pull_power(pos) > NO_POWER  # some of the way back
        short = moved and back and self.short_pull()
        pushed = self.pushed(pos)
        nudged = self.pulled_px(pos) >= NUDGE_PX
        power = self.pulled_power(pos)
        self.warn_wrong_way(pos)
        self.drag_from = None
        self.track = None
        if moved and back and not short:
            s.aim = s.aim.with_power(power)
            self.shoot()
        else:
            s.aim = s.aim.with_power(self.drag_power0)
            if short:
                self.app.inform(self.app.t("pull.too_short", px=SHORT_PULL_PX), 4.0,
                                until_stroke=True)
            elif not moved:
                self.released_still(pos, nudged)
            elif came_back:
                # Eased back to the ball: no stroke, and said (it was silent).
                self.app.inform(self.app.t("pull.came_back"), 4.0, until_stroke=True)
            elif pushed:
                self.pull_back_said = True
                # Pushed toward the aim as a cue is struck: said on release
                # too (the wrong way's word, given as the push began, had
                # gone by a held push's end, and the release was silent).
                self.app.inform(self.app.t("pull.pushed"), NOTHING_SAID,
                                until_action=True, until_stroke=True)
            else:
                self.pull_back_said = True
                # A drag across the aim gives no power either: said on the
                # release, so the player is not left wondering why nothing
                # happened; the word given as the drag went the wrong way
                # had faded by then. It stays until the next key or click.
                self.app.inform(self.app.t("pull.nothing"), NOTHING_SAID,
                                until_action=True, until_stroke=True)

    def released_still(self, pos: tuple[int, int], nudged: bool) -> None:
        """A press released where it was: a call, "aim here" after a held
        aim, or a pull a few pixels back, which is said to be too short."""
        # (a click beside the table calls and aims at nothing)
        called = self.layout.table.collidepoint(pos) and self.click(pos)
        if called:
            return
        if self.layout.table.collidepoint(pos) and self.aim_held():
            # "Aim here": the mouse aims again, from the click.
            self.session.held_angle = None
            self.aim_at(pos)
        elif nudged:
            self.app.inform(self.app.t("pull.too_short", px=SHORT_PULL_PX), 4.0,
                            until_stroke=True)

    def click(self, pos: tuple[int, int]) -> bool:
        """A click without a pull-back: choose the called ball or pocket.
        The cue stays as the player had aimed it: the mouse's way to what
        it calls turned it, and is undone. Whether it was on a ball or a
        pocket of a call."""
        req = self.session.req
        if req is None or not self.calling() or self.session.decl.get("safety"):
            return False  # (a safety calls nothing: the click aims, rule 9)
        x, y = self.scene.view.to_table(*pos)
        st = self.session.table
        r = st.spec.balls.radius
        callable_balls = req.callable_balls or st.on_table()
        for b in st.on_table():
            p = st.position(b)
            if b != CUE_BALL and p is not None and math.dist(p, (x, y)) < r * 1.4:
                if b in callable_balls:
                    self.call_ball = b
                else:
                    self.app.notify(self.app.t("call.not_callable", ball=b), 2.5)
                self.keep_aim(pos)
                return True
        best = min(st.spec.pockets, key=lambda p: math.dist(p.mouth_centre, (x, y)))
        if math.dist(best.mouth_centre, (x, y)) < 0.12:
            self.call_pocket = best.name
            only = self.only_ball()
            if self.call_ball is None and only is not None:
                self.call_ball = only
            if self.call_ball is None and self.half_called():
                # A click on a pocket (often meant to aim) calls it: said at
                # once, with what comes next and how to take it back.
                self.app.inform(self.app.t(
                    "call.pocket_first", pocket=self.app.t(f"pocket.{best.name}")),
                    6.0)
            self.keep_aim(pos)
            return True
        return False

    def only_ball(self) -> int | None:
        """The one ball a wanted call may name, if there is only one."""
        req = self.session.req
        if req is None or not req.call_needed or len(req.callable_balls) != 1:
            return None
        return req.callable_balls[0]

    def settle_aim(self) -> None:
        """The aim shown now is the player's (see keep_aim)."""
        self.settled_angle = self.session.aim.angle
        self.settled_at = self.clock

    def keep_aim(self, pos: tuple[int, int]) -> None:
        """The aim back where the player settled it before the mouse went
        to call, if it went there in one move (CALL_WAY): otherwise the aim
        stays as shown, never one older; held until the mouse moves away
        (as after a fine key)."""
        s = self.session
        if self.clock - self.settled_at <= CALL_WAY:
            s.aim = replace(s.aim, angle=self.settled_angle)
        self.key_lock = pos

    def key(self, event: pygame.event.Event) -> None:
        s = self.session
        # Esc mid-pull cancels the stroke only (a second Esc: the menu): the
        # menu opened over a held pull left it stuck after the release.
        if event.key == pygame.K_ESCAPE and self.cancel_pull():
            return
        if self.common_key(event):
            return
        k = event.key
        step = FINE * (10 if event.mod & pygame.KMOD_SHIFT else 1) * (
            0.2 if event.mod & pygame.KMOD_CTRL else 1)
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            s.aim = s.aim.turned(step if k == pygame.K_LEFT else -step)
            s.held_angle = s.aim.angle
        elif k == pygame.K_UP:
            s.aim = s.aim.with_power(s.aim.power + 0.02)
        elif k == pygame.K_DOWN:
            s.aim = s.aim.with_power(s.aim.power - 0.02)
        elif k in TIP_KEYS:
            # A press moves the tip a useful amount: a tenth of its full
            # range across the ball; Shift for fine placing.  A step stops
            # on the miscue limit before going past it.
            da, db = TIP_KEYS[k]
            d = TIP_FINE if event.mod & pygame.KMOD_SHIFT else TIP_STEP
            s.aim = s.aim.tip_stepped(da * d, db * d, s.spec.physics.miscue_offset)
        elif k == pygame.K_x:
            s.aim = s.aim.with_tip(0.0, 0.0)
        elif k == pygame.K_c:
            self.call_ball = self.call_pocket = None
        elif k == pygame.K_e:
            s.aim = s.aim.with_elevation(s.aim.elevation + 2)
        elif k == pygame.K_q:
            s.aim = s.aim.with_elevation(s.aim.elevation - 2)
        elif k in STROKE_KEYS:
            if self.fresh_stroke_key(event):
                self.shoot()
        elif k == pygame.K_b and s.req is not None and \
                s.req.ball_in_hand.value != "none":
            self.move_cue()

    def declarations(self) -> Any:
        from rules.ruling import Declarations
        d = self.session.decl
        req = self.session.req
        allowed = req.allowed_declarations if req is not None else ()
        safety = bool(d.get("safety")) and "safety" in allowed
        ball, pocket, _pre = self.the_call()
        calling = self.calling() and not safety
        return Declarations(
            called_ball=ball if calling else None,
            called_pocket=pocket if calling else None,
            safety=safety,
            push_out=bool(d.get("push_out")) and "push_out" in allowed)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += self.app.real_dt
        self.settle = max(0.0, self.settle - self.app.real_dt)  # (by the clock)
        self.still += dt
        self.double_hit_wait = max(0.0, self.double_hit_wait - dt)
        self.throw_wait = max(0.0, self.throw_wait - dt)
        if self.session.aim.angle != self.mouse_angle:
            # Set otherwise than by the mouse (a key, a hint, an undo, a
            # call's click): that is the aim the player has now.
            self.settle_aim()
            self.fine_offset = 0.0  # (the pointer aims afresh from here)
        hint = self.session.hint
        if hint is None:
            self.hint_found = None
        elif self.hint_found is None or self.hint_found[0] is not hint:
            self.hint_found = (hint, self.session.aim.angle)
            self.hint_mouse = self.app.mouse

    def fresh_stroke_key(self, event: pygame.event.Event) -> bool:
        """A stroke only from a press begun here, after this turn was on
        show a moment: never a repeat, nor a press meant for the screen
        before."""
        if not self.app.pressed_here(event):
            if not self.app.repeat(event):
                self.pressed_before(event.key)
            return False
        if self.aim_first:
            # (before "too soon", which keeps another message on show and
            # so said nothing: this says what to do)
            self.app.inform(self.app.t("evening.aim_first"), 6.0, until_stroke=True)
            self.aim_first_said = True
            return False
        if self.settle > 0.0:
            self.app.key_too_soon()
            return False
        if self.own_aim_hidden():
            # Only the hint's path is drawn: Space struck the player's own
            # aim, unseen under it (a stroke went up the table, not along
            # the hint shown). Taken (I), the hint is the aim Space plays.
            self.app.inform(self.app.t("hint.space_hidden"), 6.0)
            return False
        return True

    def pressed_before(self, key: int) -> None:
        """Space or Enter pressed on the screen before, read by this one (a
        slow frame): refused, and said (it was refused silently)."""
        t = self.app.t
        name = t("evening.key_space") if key == pygame.K_SPACE else "Enter"
        self.app.inform(t("evening.pressed_before", name=name), 4.0)

    def shoot(self) -> None:
        s = self.session
        req = s.req
        if req is None or self.cue() is None:
            return
        said: list[str] = []
        if self.half_called():
            # 8-ball 2, 14.1 1: a call is a ball and a pocket. Half of one is
            # no call: the stroke is played without it (refusing it left a
            # pull doing nothing, with only the "call needed" badge to say
            # why), and the player is told.
            ball, pocket, _pre = self.the_call()
            said.append(self.app.t(
                "call.dropped_ball" if pocket is None else "call.dropped_pocket",
                ball=ball, pocket=self.app.t(f"pocket.{pocket}")))
            self.call_ball = self.call_pocket = None
        if self.call_missing():
            # Shooting without a call is allowed: a pot then is simply not a
            # legal one (8-ball rule 2, 14.1 rule 1), and the referee says so.
            said.append(self.app.t("evening.no_call"))
        aim = s.aim
        rests = self.stick_rests_on()
        if rests:
            # A stick cannot pass through a ball: the stroke is played with
            # the cue raised just over it, as a player would (it went
            # through the 5 level, with only the strip's words).
            need = self.elevation_to_clear()
            if need > MAX_ELEVATION:
                self.app.inform(self.app.t("evening.stick_blocked", ball=rests[0]), 5.0)
                return
            aim = self.stroke_aim()
            said.append(self.app.t("evening.cue_raised", ball=rests[0],
                                   elevation=self.app.locale.num(need, 0)))
        # The call the stroke goes with reads the line it really takes (not
        # an estimate drawn while the aim moved).
        self.guide(exact=True)
        decl = self.declarations()
        s.decl = {}
        self.app.go(self.play_screen, state=s.table, stroke=aim.stroke(), decl=decl)
        if said:
            # Said of this stroke: gone with it, when the referee has ruled
            # (after the stroke has begun, or its start would clear it; it
            # stayed into the computer's turn after a roll skipped to its end).
            self.app.inform(" ".join(said), 6.0 if len(said) > 1 else 5.0,
                            until_stroke=True)

    def hint_taken(self) -> None:
        s = self.session
        if s.hint_call is not None:
            self.call_ball, self.call_pocket = s.hint_call
            s.hint_call = None

    # -- drawing ---------------------------------------------------------------------
    def draw_overlay(self, surface: pygame.Surface) -> None:
        # The aim's lines stay on the table's own rectangle, like the stick.
        old = table_clip(surface, self.scene.view)
        try:
            self._draw_overlay(surface)
        finally:
            surface.set_clip(old)

    def _draw_overlay(self, surface: pygame.Surface) -> None:
        self.draw_hint(surface)
        cue = self.cue()
        if cue is None or not self.app.settings.aids:
            return
        view = self.scene.view
        g = self.guide()
        if g is None:
            return
        if self.own_aim_hidden() or self.aim_first:
            # (the hint's path alone: two lines beside it confused; before the
            # player's own aim, a line Space would not play read as one it
            # refused: "aim first" stood beside an aim on show)
            return
        st = self.session.table
        a = view.to_screen(*cue)
        b = view.to_screen(*g.end)
        line = (235, 235, 220)
        draw_dashed(surface, line, a, b, 6, 1)
        r = view.ball_px
        pygame.draw.circle(surface, line, b, r, 1)
        if g.ball is not None and len(g.object_path) > 1:
            # The object ball's whole run as the obvious call reads it: into
            # the pocket's opening, or to the ball or cushion it meets first
            # (a fixed 0.3 m stub pointed at a pocket past a ball in the way).
            pygame.draw.lines(surface, (250, 210, 120), False,
                              [view.to_screen(*p) for p in g.object_path],
                              2)
        elif g.pocket is not None:
            # The cue ball would drop: no rebound is drawn across the opening.
            pk = self.session.spec.pocket(g.pocket)
            pygame.draw.circle(surface, (230, 90, 70),
                               view.to_screen(*pk.mouth_centre),
                               view.px(pk.mouth_width * 0.55), 2)
        elif g.bounce is not None:
            end = run_on_bed(st.spec, g.end, g.bounce, 0.25)
            draw_dashed(surface, (180, 180, 170), b,
                        view.to_screen(*end), 5, 1)

    def hint_calls(self) -> bool:
        """Whether the stroke shown is a hint's that carries its call (its
        path alone drawn): "no call" beside "Call the 6" read as the hint's
        shot going uncalled; its call is set when it is taken."""
        h = self.session.hint
        return h is not None and h.declarations.called_ball is not None and \
            self.own_aim_hidden()

    def own_aim_hidden(self) -> bool:
        """A hint shown and not taken: the player's own aim line and cue are
        not drawn, the hint's path alone is (dimmed in grey beside it, the
        two lines were still confused); once the player moves the mouse over
        the table, aims elsewhere by the keys or pulls, they are theirs to
        read again."""
        s = self.session
        found = self.hint_found
        return s.hint is not None and not self.hint_aim_held() and \
            self.drag_from is None and (
                found is None or found[0] is not s.hint or found[1] == s.aim.angle)

    def draw_top(self, surface: pygame.Surface) -> None:
        cue = self.cue()
        view = self.scene.view
        if cue is not None and not self.own_aim_hidden() and not self.aim_first:
            pull = 0.02 + 0.25 * self.aim.power if self.drag_from is not None else 0.02
            mouse = self.app.mouse
            glow = self.grabbed and self.drag_from is None and mouse is not None and \
                self.on_stick(mouse, near=True)

            def grip() -> None:
                self.draw_grab_glow(surface, cue, pull)
            lifted = self.stroke_aim().elevation
            draw_cue(surface, view, cue, self.aim.angle, pull, lifted,
                     others(self.session.table), grip if glow else None)
        self.draw_hint_tip_over(surface)
        ball, pocket = self.drawn_call = self.marked_call()
        # An obvious call is marked as one clicked (8-ball rule 2): it is the
        # call the stroke goes with; the words say it was read from the aim.
        colour = CALL_MARK
        if ball is not None:
            p = self.session.table.position(ball)
            if p is not None:
                pygame.draw.circle(surface, colour, view.to_screen(*p),
                                   view.ball_px * 1.6, 2)
        if pocket is not None:
            pk = self.session.spec.pocket(pocket)
            pygame.draw.circle(surface, colour, view.to_screen(*pk.mouth_centre),
                               view.px(pk.mouth_width * 0.7), 3)

    def marked_call(self) -> tuple[int | None, str | None]:
        """The call ringed on the table: the one the stroke goes with; while
        a hint's path alone is drawn, the hint's call only (the player's
        rings stood beside the hint's other call, two calls on the table).
        The player's call stays theirs, ringed again once they aim
        themselves; taking the hint makes its call the call."""
        if not self.calling():
            return None, None
        h = self.session.hint
        if h is not None and self.own_aim_hidden():
            d = h.declarations
            return (None, None) if d.safety else (d.called_ball, d.called_pocket)
        if self.session.decl.get("safety"):
            return None, None
        ball, pocket, _pre = self.the_call()
        return ball, pocket

    def draw_grab_glow(self, surface: pygame.Surface, cue: tuple[float, float],
                       gap: float) -> None:
        """A glow round the part of the stick the pointer holds: a press
        there pulls it."""
        view = self.scene.view
        r = self.session.table.spec.balls.radius
        a = math.radians(self.aim.angle)
        ends = [view.to_screen(cue[0] - math.cos(a) * d, cue[1] - math.sin(a) * d)
                for d in (r + gap, max(r + gap, self.grab_reach()))]
        old = table_clip(surface, view)
        try:
            pygame.draw.line(surface, GRAB_GLOW, ends[0], ends[1],
                             round(view.px(0.029)) + 6)
        finally:
            surface.set_clip(old)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        # Last: the pull's scale may lie over the strip under the table.
        if self.cue() is not None:
            self.draw_pull_scale(surface)

    def draw_strip(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """While pulling, the pull's scale takes the strip's left end (the
        key line showed cut off beside it): the chips and the warnings move
        right of it, and the key line says only how to cancel the pull."""
        gauge = self.pull_scale()
        if self.drag_from is None or self.app.dialogs or gauge is None:
            super().draw_strip(surface, rect)
            return
        from simulator.app.table import strip
        pygame.draw.rect(surface, (14, 18, 17), rect)
        rest = rect.copy()
        if gauge[0].colliderect(rect):
            rest.left = min(rect.right, gauge[0].right + 4)
            rest.width = rect.right - rest.left
        mouse = self.app.mouse
        # (pushed toward the ball: which way strikes, before how to cancel)
        keys = "pull.wrong_way_keys" if mouse is not None and self.pushed(mouse) \
            else "pull.cancel_keys"
        strip.draw_strip(surface, rest, self.chips(), self.app.t(keys),
                         self.warnings(), self.app.t(keys.replace("_keys", "_short")),
                         self.shorter_warnings())

    def draw_pull_scale(self, surface: pygame.Surface) -> None:
        """While pulling back: the speed this pull gives (the stroke's, as
        the power control says it) and how far the pull goes for full power,
        beside the hand clear of the balls where there is room: a 60-pixel
        pull gave 0.6 m/s with nothing to say why."""
        gauge = self.pull_scale()
        if gauge is None:
            return
        box, lines, size = gauge
        lh = ui.line_height(size)
        # (not a recorded panel: the release that shoots may come over it)
        surface.blit(ui.veil(box.size, (10, 14, 12, 245)), box)
        for i, text in enumerate(lines):
            ui.line(surface, text, size, ui.INK if i == 0 else ui.DIM,
                    pygame.Rect(box.left + 6, box.top + 3 + i * lh, box.width - 12, lh))

    def pull_scale(self) -> tuple[pygame.Rect, list[str], int] | None:
        """The pull's scale while pulling: its box, its lines, their size."""
        mouse = self.app.mouse
        if self.drag_from is None or mouse is None:
            return None
        t = self.app.t
        loc = self.session.locale
        full = self.full_pull()
        pulled = max(0.0, min(full, self.pulled_px(mouse)))
        # Within a short pull, that a release plays nothing; in a stroke,
        # that its power is the pull's furthest point's;
        # back at the ball after a pull, that a release there plays nothing.
        if self.stroking():
            scale = t("pull.stroke")
        elif self.pulled_far() and self.pull_power(mouse) <= NO_POWER:
            scale = t("pull.at_ball")
        elif self.pushed(mouse):  # (toward the aim: which way a stroke goes)
            scale = t("pull.pushed_held")
        elif self.short_pull():
            scale = t("pull.short", px=SHORT_PULL_PX)
        else:
            scale = t("pull.scale", px=round(pulled), full=round(full),
                      max=loc.num(MAX_SPEED, 0))
        # (A short pull's release plays nothing: no speed is promised.)
        lines = [t("pull.short_none") if self.short_pull() else
                 t("evening.cue_ball_speed", v=loc.num(self.aim.speed, 1),
                   b=loc.num(self.ball_speed(), 1)), scale]
        size = max(11, text_size(self.app.size) - 2)
        lh = ui.line_height(size)
        w = max(fonts.font(size).size(x)[0] for x in lines) + 12
        return self.pull_scale_box(mouse, w, lh * len(lines) + 6), lines, size

    def pull_scale_box(self, mouse: tuple[int, int], w: int, h: int) -> pygame.Rect:
        """Where the pull's scale goes: one place, wherever the hand is (it
        followed the hand, under the table at 1280x720 and over its top
        rail at 800x500, and the eye had to look for it): the left end of
        the strip under the table, off the cloth and the pockets, top to
        bottom (its chips and hint half showing under it read as a muddle;
        the hint is not read while pulling)."""
        lay = self.layout
        # The window left of the side column, under the scoreboard.
        room = pygame.Rect(0, lay.top.bottom, lay.side.left,
                           lay.strip.bottom - lay.top.bottom)
        return pygame.Rect(lay.strip.left, lay.strip.top, w,
                           max(h, lay.strip.height)).clamp(room)

    def call_line(self) -> str | None:
        """The call in words, for the side column."""
        words = self.call_words()
        return None if words is None else words[0]

    def extra_short(self, text: str) -> str | None:
        # The call keeps its row under an open ruling card, in one row where
        # the whole sentence does not fit (it went unsaid behind "1 more").
        words = self.call_words()
        if words is not None and text == self.taken_hint_line():
            return words[1]  # (the call it set, without what the hint adds)
        return words[1] if words is not None and words[0] == text else None

    def call_words(self) -> tuple[str, str | None] | None:
        """The call in words and, where it has one, its one-row form."""
        if not self.calling():
            return None
        t = self.app.t
        if self.session.decl.get("safety"):
            return t("call.safety"), None
        ball, pocket, pre = self.the_call()
        if ball is not None and pocket is not None:
            key = "call.obvious" if pre else "call.made"
            # (after «в» the pocket's words change: «в левую верхнюю угловую лузу»)
            into, short = t(f"pocket_into.{pocket}"), t(f"pocket.{pocket}")
            return t(key, ball=ball, pocket=into), t(key + "_short", ball=ball,
                                                      pocket=short)
        line = self.no_call_line()
        return (line, None) if line is not None else self.why_not_obvious()

    def why_not_obvious(self) -> tuple[str, str | None]:
        """No call read from the aim (8-ball rule 2): where the object ball's
        line stops, a ball or a cushion, said ("call needed" alone left the
        player to guess why)."""
        t = self.app.t
        req = self.session.req
        from rules.calls import CallRule, call_rule
        if req is None or call_rule(req) is not CallRule.GENTLEMAN:
            return t("call.ask"), None
        g = self.guide()
        if g is None or g.ball is None or g.kick or g.object_pocket is not None \
                or len(g.object_path) < 2:
            return t("call.not_obvious"), None
        if g.object_meets is not None:
            key, named = "call.meets_ball", {"ball": g.ball, "other": g.object_meets}
        else:
            key, named = "call.meets_cushion", {"ball": g.ball}
        return t(key, **named), t(key + "_short", **named)

    def no_call_line(self) -> str | None:
        """The call's words short of a whole call: optional, half made, or
        the one ball that may be called (None: none of these)."""
        t = self.app.t
        ball, pocket, _pre = self.the_call()
        req = self.session.req
        if req is not None and not req.call_needed:
            return t("call.optional")
        if ball is not None:
            return t("call.ball_only", ball=ball)
        if pocket is not None:
            return t("call.pocket_only", pocket=t(f"pocket.{pocket}"))
        only = self.only_ball()
        if only is not None:
            return t("call.only_ball", ball=only)
        return None

    def side_extra(self) -> list[str]:
        folded = self.taken_hint_line()
        if folded is not None:
            return [folded]  # (the call and what the taken hint adds to it)
        # A hint asked for comes first: it names the call the line asks for.
        line = self.call_line()
        hint = self.hint_lines()
        if hint and self.call_words() == self.why_not_obvious():
            line = None  # (the hint names the call; its room is the aim's)
        if hint and line == self.app.t("call.optional") and self.hint_pots_not():
            line = None  # (a safe break advised: an offer to call read as advice)
        if hint and line and self.hint_names_the_call():
            # A hint taken, then the aim turned: its "Call the 6 in the top
            # right corner pocket" stood over "Called: 6 in the top right
            # corner pocket", the call said twice. Once, in the hint's words.
            line = None
        # (Express: why each score last moved, after what to do now)
        kept = self.kept_lines()
        if hint and line and self.hint_aim_held():
            # Taken, the call it set comes under what it says to do, before
            # how (the controls show that): last, it went behind "N more".
            return [hint[0], line, *hint[1:], *kept]
        return hint + ([line] if line else []) + kept

    def taken_hint_line(self) -> str | None:
        # Taken, a hint that said "Call the 15 in the bottom side pocket"
        # stood over the call line's "Called: 15 in the bottom side pocket",
        # the same words twice, and its four lines cut the ruling card: one
        # line says the call and what the hint adds to it, how the cue ball
        # meets the ball (or that it is banked); its power and spin are the
        # controls' (or their row's).
        s = self.session
        h = s.hint
        if h is None or not self.hint_aim_held() or not self.calling():
            return None
        d = h.decision
        decl = d.declarations
        called = (decl.called_ball, decl.called_pocket)
        if d.fouls or d.target is None or d.pocket is None or \
                d.kind not in ("pot", "bank") or called != (d.target, d.pocket) \
                or self.the_call()[:2] != called or s.decl.get("safety"):
            return None  # (its first words are more than the call)
        from simulator.app.match import computer
        t = self.app.t
        named = {"ball": d.target, "pocket": t(f"pocket_into.{d.pocket}")}
        if d.kind == "bank":
            return t("call.made_hint_bank", **named)
        how = computer.contact_how(s.locale, d, s.spec.balls.radius, s.match.table())
        return None if how is None else t("call.made_hint", how=how, **named)

    def hint_names_the_call(self) -> bool:
        """The hint on show begins "Call the 6 in the ... pocket" and that
        is the call made (a whole call, no safety)."""
        h = self.session.hint
        if h is None or self.session.hint_job is not None or \
                self.session.decl.get("safety"):
            return False
        d = h.decision
        called = (d.declarations.called_ball, d.declarations.called_pocket)
        return None not in called and d.kind in ("pot", "bank") and \
            called == (d.target, d.pocket) and self.the_call()[:2] == called

    def hint_pots_not(self) -> bool:
        """The hint shown advises no pot (a safe break, a safety, a kick)."""
        h = self.session.hint
        return h is not None and self.session.hint_job is None and \
            h.decision.kind not in ("pot", "bank", "cue_pot", "combo")

    def hint_kept_lines(self) -> int:
        extra = self.side_extra()
        return 2 if len(extra) > 1 and extra[1] == self.call_line() else 1

    def chips(self) -> list[str]:
        req = self.session.req
        out: list[str] = []
        if req is not None and req.is_break:
            out.append(self.app.t("strip.break"))
        return out

    def warnings(self) -> list[str]:
        out = [self.missing_call_words()] \
            if self.call_missing() and not self.hint_calls() else []
        if self.meets_cue_ball_twice():
            out.append(self.app.t("strip.double_hit"))
        rests = self.stick_rests_on()
        if rests:
            # The stick is drawn over the ball it would lie on (it shows
            # through): a stroke played so was said nowhere.
            out.append(self.stick_on_ball_words(rests[0]))
        if self.aim.miscue_risk(self.session.spec.physics.miscue_offset):
            # Said where the stroke is set, not only over the tip diagram
            # (its red dot and small word went unseen: a miscue surprised).
            out.append(self.app.t("strip.miscue_risk"))
        return out

    def stick_on_ball_words(self, ball: int, short: bool = False) -> str:
        need = self.elevation_to_clear()
        words = "strip.stick_on_ball" if need <= MAX_ELEVATION \
            else "strip.stick_blocked"
        return self.app.t(words + ("_short" if short else ""), ball=ball,
                          elevation=self.app.locale.num(need, 0))

    def shorter_warnings(self) -> dict[str, str]:
        # The figure first: the words pulled back at 800x500 were cut
        # before it ("...raises the cue to" and no number).
        rests = self.stick_rests_on()
        if not rests:
            return {}
        return {self.stick_on_ball_words(rests[0]):
                self.stick_on_ball_words(rests[0], short=True)}

    def object_balls(self) -> dict[int, tuple[float, float]]:
        table = self.session.table
        return {b: p for b in table.on_table() if b != CUE_BALL
                and (p := table.position(b)) is not None}

    def stick_rests_on(self) -> list[int]:
        """The balls the stick as shown would lie on at its elevation (kept
        through a frame while the table and the aim stay: see guide)."""
        cue = self.cue()
        if cue is None or self.own_aim_hidden() or self.aim_first:
            return []
        inputs = (self.app.frames, self.session, self.session.table, self.aim)
        kept = self._kept.get("rests")
        if kept is None or kept[0] != inputs:
            kept = (inputs, stick_rests_on(
                cue, self.aim.angle, self.aim.elevation, self.aim.tip_b,
                self.session.spec.balls.radius, self.object_balls()))
            self._kept["rests"] = kept
        return list(kept[1])

    def stroke_aim(self) -> Aim:
        if not self.stick_rests_on():
            return self.aim
        need = self.elevation_to_clear()
        return self.aim if need > MAX_ELEVATION else self.aim.with_elevation(need)

    def elevation_to_clear(self) -> float:
        """The elevation the stroke is played at to pass over those balls:
        a whole degree, the figure the gauge, the strip and the message
        after all say (the gauge said 8° as the strip said 7.5°)."""
        cue = self.cue()
        if cue is None:
            return 0.0
        return elevation_to_clear(
            cue, self.aim.angle, self.aim.tip_b, self.session.spec.balls.radius,
            self.object_balls())

    def missing_call_words(self) -> str:
        """The strip's word for a call the stroke lacks: half of one says
        what was clicked ("no call" stayed as a ball was clicked, as if the
        click had done nothing)."""
        t = self.app.t
        ball, pocket, _pre = self.the_call()
        if ball is not None and pocket is None:
            return t("strip.call_ball_only", ball=ball)
        if pocket is not None and ball is None:
            return t("strip.call_pocket_only", pocket=t(f"pocket.{pocket}"))
        return t("strip.call_needed")

    def meets_cue_ball_twice(self) -> bool:
        """Whether the stroke as aimed is a double hit: run when the first
        ball on the line is close, the answer kept for that aim."""
        g = self.guide()
        cue = self.cue()
        if g is None or g.ball is None or cue is None or math.dist(cue, g.end) > REACH:
            return False
        table = self.session.table
        stroke = self.aim.stroke()
        aimed = (cue, g.ball, table.position(g.ball), stroke)
        if aimed != self.double_hit_of and self.double_hit_wait <= 0.0:
            self.double_hit_of = aimed
            self.double_hit = meets_twice(table, stroke, CUE_BALL, g.ball)
            self.double_hit_wait = DOUBLE_HIT_EVERY
        return self.double_hit and aimed == self.double_hit_of

    def hint(self) -> str:
        if self.reading_foul():  # (a stroke waits for Continue)
            return self.reading_hint()
        if self.aim_first_said:
            return self.app.t("hint.aim_first")
        if self.pull_back_said:
            return self.app.t("hint.pull_back")
        if self.calling() and self.call_missing():
            return self.app.t("hint.call")
        return self.app.t(self.aim_line_key())

    def short_hint(self) -> str:
        if self.reading_foul():
            return self.reading_hint(short=True)
        if self.aim_first_said:
            return self.app.t("hint.aim_first_short")
        if self.pull_back_said:
            return self.app.t("hint.pull_back_short")
        if self.calling() and self.call_missing():
            return self.app.t("hint.call_short")
        return self.app.t(self.aim_line_key() + "_short")

    def aim_line_key(self) -> str:
        """The key line's words while aiming: whose aim is held, if one is."""
        if self.hint_aim_held():
            return "hint.aim_held"
        return "hint.aim_kept" if self.aim_held() else "hint.aim"
