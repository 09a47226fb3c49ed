"""What aiming and placing the cue ball share: the hint (a strong player's
stroke and where the balls would go), the declarations, the side column's
buttons, the keys and the clicks on the aim controls.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from simulator.app.loop.app import App
from simulator.app.match.saving import save_key
from simulator.app.screens.match_keys import (
    LOW_COLUMN,
    STROKE_KEYS,
    WATCH_KEYS,
    common_key,
    say_watch,
    set_watch,
    shot_page_key,
    watch_block,
)
from simulator.app.screens.table_screen import TableMode
from simulator.app.table import aim_controls
from simulator.app.table.view import text_size
from simulator.app.text import ui
from simulator.players.hint import Hint

# The keys of the declarations' buttons, shown on them as other buttons'
# are (the push-out's and the safety's said none); aiming and placing the
# cue ball, which show the buttons, both take them. O: «Отыгрыш» (S aims).
DECLARE_KEYS = {"push_out": "P", "safety": "O"}
DECLARE_PRESSES = {pygame.K_p: "push_out", pygame.K_o: "safety"}

# A pull back no longer than this (pixels) shoots at the power already set
# (the keys, the wheel, the power bar, the player's last shot): the 25 px a
# flick of the hand makes gave 0.4 m/s over the 6 m/s the player had set.
# A longer pull sets the power by its length, as before; what is shown
# while pulling is always the power the release strikes with (F1 says so).
SHORT_PULL_PX = 24


# The buttons of a person's turn at the column's foot, under all the others:
# none of them changes the match (no undo, no declaration, no ball in hand).
FOOT = ("hint", "fouls", "replay", "menu")
# The keys that only look while a foul waits to be read (reading_foul):
# the menu, help, undo and redo, the card (read, folded), the replay, the
# numbers, the aids, the sound, the calls.
READ_KEYS = (pygame.K_ESCAPE, pygame.K_F1, pygame.K_u, pygame.K_z, pygame.K_y,
             pygame.K_v, pygame.K_h, pygame.K_r, pygame.K_TAB, pygame.K_g,
             pygame.K_m, pygame.K_f, pygame.K_j)


# The least diameter (px) of the hint's tip diagram on the cloth (the
# column's least, test_hint43: its dot, cross and miscue ring told apart).
TIP_ON_TABLE = 48
TIP_RING = 3  # px the diagram's dark ground and ring reach past its square


def hint_tip_spot(mode: TableMode, h: Hint, cue: tuple[float, float],
                  d: int) -> pygame.Rect:
    """Where the hint's tip diagram (``d`` px) lies: on the top rail above
    its cue ball at ``cue`` (screen), off the cloth and clear of the pockets
    (on the cloth it hid balls); where the rail and the room past it have
    too little room for it, on the cloth beside the cue ball."""
    return rail_tip_spot(mode, cue, d) or cloth_tip_spot(mode, h, cue, d)


def rail_tip_spot(mode: TableMode, cue: tuple[float, float],
                  d: int) -> pygame.Rect | None:
    """The diagram's square on a long rail (with the room past it): the
    top one (messages come up over the bottom one: "hint taken" hid it), as
    near the cue ball's x as the pockets leave room; None where neither
    rail has room."""
    from simulator.app.table.render import pocket_rects
    view = mode.scene.view
    bed, area = view.bed_rect(), view.rect
    pockets = [p.inflate(4, 4) for p in pocket_rects(view)]
    bands = [pygame.Rect(area.left, area.top, area.width, bed.top - area.top),
             pygame.Rect(area.left, bed.bottom, area.width, area.bottom - bed.bottom)]
    side = d + 2 * TIP_RING
    for band in bands:
        if band.height < side or band.width < side:
            continue
        xs = sorted(range(band.left + side // 2, band.right - side // 2 + 1, 2),
                    key=lambda x: abs(x - cue[0]))
        for x in xs:
            rect = pygame.Rect(0, 0, d, d)
            rect.center = (x, band.centery)
            if rect.inflate(2 * TIP_RING, 2 * TIP_RING).collidelist(pockets) < 0:
                return rect
    return None


def cloth_tip_spot(mode: TableMode, h: Hint, cue: tuple[float, float],
                   d: int) -> pygame.Rect:
    """Beside the cue ball at ``cue``: of the spots round it, off the hint's
    direction (its path goes forward, the cue lies behind), the one on the
    cloth covering the fewest balls and points of the hint's paths."""
    view = mode.scene.view
    bed = view.bed_rect()
    gap = view.ball_px * 1.8 + d / 2 + 4
    ahead = math.radians(h.decision.intended.direction)
    st = mode.shown_table()
    balls = [view.to_screen(*st.ball(b).pos) for b in st.on_table() if b != 0]
    other = h.first_contact()
    marks = [view.to_screen(*p) for b in (0, other) if b is not None
             for p in h.path(b)]
    best: tuple[float, pygame.Rect] | None = None
    for turn in (90, -90, 135, -135, 60, -60, 180):
        a = ahead + math.radians(turn)
        x, y = cue[0] + gap * math.cos(a), cue[1] - gap * math.sin(a)
        rect = pygame.Rect(0, 0, d, d)
        rect.center = (round(x), round(y))
        inside = bed.contains(rect)
        rect = rect.clamp(bed)
        near = d / 2 + view.ball_px
        cost = (0 if inside else 50) + 10 * sum(
            math.dist(rect.center, p) < near for p in balls) + sum(
            math.dist(rect.center, p) < d / 2 + 2 for p in marks)
        if best is None or cost < best[0]:
            best = (cost, rect)
    assert best is not None
    return best[1]


class ShotInputMode(TableMode):
    """Shared keys and buttons of aiming and placing."""

    panel_active = True
    can_move_cue = False  # a button takes the cue ball in hand again
    # The screens this one leaves for, by name (practice has its own).
    aim_screen = "aiming"
    place_screen = "placing"

    def __init__(self, app: App, ask_sign: bool = False) -> None:
        super().__init__(app)
        self.ask_sign = ask_sign
        self.panel_grab: str | None = None  # the aim control a press holds
        # A hint came (or is taken) and has not been drawn yet: a screen
        # begun with one (placing went on to aim it) finds its room too.
        self.hint_unread = self.session.hint is not None
        # How much room the hint's lines took until it is taken (its power
        # and spin did not fit): 1, the aim controls'; 2, the card's down to
        # what happened and who is next.
        self.hint_room = 0
        self.card_kept = 0  # the card's height before a hint was sought
        # The card folded to make room for the hint being read (not by H):
        # open again once it is taken.
        self.card_folded_for_hint = False
        # The aim controls' height back beside a hint that took their room
        # and left as much unused under it (1280x720: an empty gap): 0, none.
        self.controls_back = 0
        # The open ruling card's height when the hint was asked for: a taken
        # hint's line leaves it that much (aiming goes on from placing with it).
        prev = app.mode
        self.card_before: int = prev.card_before if isinstance(
            prev, ShotInputMode) and self.session.hint is not None else 0
        self.extra_rect: pygame.Rect | None = None  # the extra lines', when cut
        self.hint_tip_rect: pygame.Rect | None = None  # the hint's diagram, drawn
        self.shown_for = 0.0  # seconds this turn has been on show (a foul's read)
        self.made_in = app.frames  # the frame that made it (drawn at its end)

    def enter(self) -> None:
        # Made now, not on the stroke's frame: the sounds and the physics.
        _ = self.app.sound
        import simulator.physics  # noqa: F401
        if self.ask_sign:
            self.app.open("sign")

    # -- the hint: a strong player's stroke and where the balls would go ----------
    def ask_hint(self) -> None:
        """I (or the button): look for a hint; once shown, take it as the aim."""
        s = self.session
        if not s.hints_allowed:  # a club evening without hints: said, no search
            self.app.inform(self.app.t("hint.off_evening"))
            return
        if s.hint is not None:
            self.take_hint()
            return
        if s.hint_job is not None or s.req is None or s.req.pending:
            return
        self.card_before = 0 if self.banner_rect is None or s.banner_folded \
            else self.banner_rect.height
        from simulator.app.match import computer
        try:
            s.hint_job = s.hint_stopped or computer.think_hint(s.match)
            s.hint_stopped = None
        except Exception as e:  # a fault in the search: said, the game goes on
            self.app.notify(self.app.t("hint.failed", reason=repr(e)))

    def working(self) -> bool:
        return self.session.hint_job is not None  # a hint being looked for

    def update(self, dt: float) -> None:
        if self.app.frames > self.made_in + 1:
            # The first frame after this turn was made counts the one that
            # made it: the stroke skipped to its end, judged and saved, the
            # balls still rolling on the window (a slow frame). Not on show.
            self.shown_for += self.app.real_dt
        self.give_hint_room()
        self.hint_slice()

    # -- a foul between people, read before the turn -------------------------------
    def reading_foul(self) -> bool:
        """A foul between people at one window whose card the incoming
        player has not yet read (``Session.foul_for_next``): the turn waits
        for Continue (the next turn began at once, the card unread)."""
        s = self.session
        return getattr(s, "foul_to_read", -1) == len(s.match.history)

    def foul_read(self) -> None:
        self.session.foul_to_read = -1

    def continue_clicked(self) -> None:
        """Continue clicked: read, unless the press was made before the card
        came up (a click on Skip read by a slow frame after it)."""
        if self.app.clicked_here():
            self.foul_read()

    def heading(self) -> tuple[str, str]:
        req = self.session.req
        if self.reading_foul() and req is not None:
            return (self.app.t("side.read_foul", name=self.session.name(req.shooter)),
                    self.app.t("evening.read_ruling"))
        return super().heading()

    def card_first(self) -> bool:
        return self.reading_foul()  # the foul is what to read now

    def reading_hint(self, short: bool = False) -> str:
        """The key line while a foul waits to be read: the keys that only
        look. How to go on is said once, in the heading (said under the card
        and on this line too, it was read three times over)."""
        return self.app.t("hint.reading_short" if short else "hint.reading")

    def read_first(self, event: pygame.event.Event) -> bool:
        """An event while a foul waits to be read; whether it was taken
        here. Space or Enter reads it, a press begun on this screen once it
        has been on show ui.FRESH (the key that skipped the rolling balls
        does not); keys that only look (Esc, F1, the card, the replay, undo,
        the calls) keep their ways; a key or a click meant for the turn (a
        place, the power, the tip) does nothing, and the way on is said."""
        if not self.reading_foul():
            return False
        if event.type == pygame.MOUSEMOTION and \
                self.layout.table.collidepoint(event.pos):
            return True  # (the cue ball stays where it stopped, as read)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.layout.table.collidepoint(event.pos):
            self.app.inform(self.app.t("evening.read_ruling"), 3.0)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in STROKE_KEYS:
            if not self.app.pressed_here(event):
                return True
            if self.shown_for < ui.FRESH:
                self.app.key_too_soon()
            else:
                self.foul_read()
            return True
        if event.key in READ_KEYS or event.mod & pygame.KMOD_CTRL:
            return False
        self.app.inform(self.app.t("evening.read_ruling"), 3.0)
        return True

    def think(self) -> bool:
        # Between frames: the hint is looked for, the picture drawn when
        # something changes (not while the screen still prepares its own).
        if self.session.hint_job is None or self.app.dialogs or self.busy():
            return False
        self.hint_slice()
        return self.session.hint_job is not None

    def hint_slice(self) -> None:
        s = self.session
        job = s.hint_job
        if job is None:
            return
        from simulator.app.match import computer
        try:
            done = job.advance(computer.THINK_SLICE)
        except Exception as e:  # a fault in the search: said, the game goes on
            s.hint_job = None
            self.app.notify(self.app.t("hint.failed", reason=repr(e)))
            return
        if done:
            s.hint = as_struck(job.result)
            s.hint_job = None
            self.hint_unread = True
            self.hint_room = self.controls_back = 0  # (measured once drawn)
            self.first_extra_hidden = None

    def give_hint_room(self) -> None:
        """A hint the person asked for is what they read now, whole: where
        the column left no room for all its lines (the aim showed, the power
        and the spin did not, until the card was folded by hand), the aim
        controls give theirs until the hint is taken; then the card all but
        its least; then it folds to its heading (H opens it again, and the
        hint's lines it then cuts are said under them, with H). A step a
        frame: each is measured as drawn."""
        s = self.session
        if not self.hint_unread or self.first_extra_hidden is None:
            return  # (not drawn yet: whether it fits is known once it is)
        # A taken hint's line in its one-row form (its contact words unsaid)
        # or its card below what it showed before the hint: the controls give
        # their room first, then come back in what the two leave (a button a
        # row lower brought them back whole at 800x500, the card and the
        # line paying for it).
        squeezed = not self.hint_room and self.taken_squeezed()
        if (self.extra_hidden <= self.extra_may_hide() and not squeezed) \
                or s.hint is None:
            self.hint_unread = False
            # (the row saying a taken hint's power is freed by the controls
            # that say it: after H folded the card, an empty gap over it)
            spare = self.extra_gap - 8 + self.said_room
            if self.card_floor():
                # (taken: the row saying them and the card above its floor
                # are theirs too; the card never yields below it)
                card = self.banner_rect.height if self.banner_rect is not None else 0
                spare += max(0, card - self.card_floor())
                if self.hint_room and spare >= self.CONTROLS_LEAST:
                    self.controls_back = spare
                return
            if self.hint_room and spare >= self.CONTROLS_LEAST:
                # (the hint whole with room to spare: the controls come back
                # in it, as high as it lets them)
                self.controls_back = spare
            elif self.hint_room and spare + self.card_spare >= self.CONTROLS_LEAST:
                # (short of it, the open card gives the rest down to what
                # happened and who is next, its "N more" saying what it
                # scrolls away: 1280x720 left 51-63 px empty, the power and
                # the tip hidden while the hint was read)
                self.controls_back = self.CONTROLS_LEAST
                self.hint_room = 2
            return
        if self.hint_room < 2:
            # First the aim controls' room, then the card's but for what
            # happened and who is next (a hint once squeezed it to its
            # heading), then the card folds.
            self.hint_room += 1
        elif s.banner is not None and not s.banner_folded:
            s.banner_folded = self.card_folded_for_hint = True
            s.banner_scroll = 0
        else:
            self.hint_unread = False
            return
        self.first_extra_hidden = None  # (whether it fits now: once drawn)

    def card_floor(self) -> int:
        # A taken hint leaves the open card what it showed before the hint.
        s = self.session
        if s.banner_folded or not self.extra_kept()[1]:
            return 0
        return self.card_before

    def taken_squeezed(self) -> bool:
        """A taken hint's line cut to its one-row form, or the open card
        below its floor."""
        if not self.extra_kept()[1]:
            return False
        return self.extra_shortened or (self.banner_rect is not None and
                                        self.banner_rect.height < self.card_floor())

    def extra_may_hide(self) -> int:
        """How many of the side's last extra lines may wait behind "N more"
        (V reads them) while a hint is read: none before it is taken; once
        taken, all but what it says to do and the call (the controls show
        its power and spin)."""
        if self.session.hint is None or not self.hint_aim_held():
            return 0
        return max(0, len(self.side_extra()) - self.hint_kept_lines())

    def hint_kept_lines(self) -> int:
        """The first extra lines a taken hint keeps in view: what it says to
        do (aiming adds the call)."""
        return 1

    def controls_row(self, width: int, size: int) -> int:
        # A taken hint's power and spin, in the controls' place, outrank its
        # lines after the call (at 1280x720 they went unsaid under an open
        # card): their shorter words' row.
        words = self.controls_words()
        if not words or not self.extra_kept()[1]:
            return 0
        return ui.paragraph(None, words[-1], size - 2, ui.DIM,
                            pygame.Rect(0, 0, width, 10 ** 6)) + 4

    def extra_kept(self) -> tuple[int, bool]:
        if self.session.hint is not None and self.hint_aim_held():
            return self.hint_kept_lines(), True  # (the rest: "N more: V")
        return 1, False

    def card_height_kept(self, height: int, room: int) -> int:
        # While a hint is sought the card keeps the height it had: its
        # progress line took the card's rows, and "N more" went 3, 8, 3.
        if self.session.hint_job is None or not self.card_kept:
            self.card_kept = height
            return height
        return min(room, self.card_kept)

    def passing_lines(self) -> list[str]:
        # (the hint's progress while it is sought: its button says how far)
        return self.hint_lines() if self.session.hint_job is not None else []

    def draw_extra(self, surface: pygame.Surface, extra: list[str],
                   room: pygame.Rect, size: int) -> None:
        super().draw_extra(surface, extra, room, size)
        # Lines cut there: a click (or the wheel, below) reads them with V's.
        self.extra_rect = room.copy() if self.extra_hidden else None
        if self.extra_rect is not None:
            ui.FRAME.areas.append((self.extra_rect, self.read_card))

    def scroll_banner(self, event: pygame.event.Event) -> bool:
        mouse = self.app.mouse
        if event.type == pygame.MOUSEWHEEL and event.y < 0 and mouse is not None \
                and self.extra_rect is not None and self.extra_rect.collidepoint(mouse):
            self.read_card()
            return True
        return super().scroll_banner(event)

    def toggle_banner(self) -> None:
        self.hint_unread = False  # (the card as the player put it: kept)
        self.card_folded_for_hint = False
        super().toggle_banner()
        if self.hint_aim_held() and self.hint_room:
            # A taken hint's room found again for the card as it is now: the
            # aim controls come back in what a fold frees (at 800x500 it
            # left a large gap over their one row).
            self.hint_room = self.controls_back = 0
            self.hint_unread = True
            self.first_extra_hidden = None

    @property
    def controls(self) -> bool:  # type: ignore[override]
        if self.reading_foul() and not self.session.banner_folded:
            return False  # the foul's card has their room (800x500: its title only)
        return not (self.hint_room and self.session.hint is not None) or \
            self.controls_back > 0

    def _controls_height(self) -> int:
        h = super()._controls_height()
        if self.watched() and self.layout.side.height < LOW_COLUMN:
            # The watching speeds' row in a low column is paid by the aim
            # controls (their least height), not by the card's who is next.
            h = min(h, self.CONTROLS_LEAST)
        return min(h, self.controls_back) if self.hint_room and self.controls_back \
            else h

    def card_yields(self) -> bool:
        return self.hint_room >= 2 and self.session.hint is not None

    def controls_words(self) -> list[str]:
        if self.controls or self.reading_foul():
            return []
        from simulator.app.match.computer import hint_raised, spin_words
        s = self.session
        loc = s.locale
        # (the one-row words say a raised cue as the hint does: power and
        # spin alone read as a level cue)
        words = {"raised": hint_raised(loc, self.aim.elevation),
                 "power": self.app.t("evening.cue_ball_speed",
                                     v=loc.num(self.aim.speed, 1),
                                     b=loc.num(self.ball_speed(), 1)),
                 "spin": spin_words(loc, self.aim.tip_a, self.aim.tip_b,
                                    s.spec.balls.radius),
                 "elev": loc.num(self.aim.elevation, 0) + "°",
                 "cue": loc.num(self.aim.speed, 1)}
        # "The hint's stroke" only while its power is kept too: pulled, the
        # speed shown is the player's own (its aim and tip still the hint's).
        kind = "of_hint" if self.hint_stroke_held() else \
            "own_power" if self.hint_aim_held() else "under_hint"
        return [self.app.t(f"side.controls_{kind}{end}", **words)
                for end in ("", "_short")]

    def take_hint(self) -> None:
        """The hint's stroke as the aim: the cue ball where it puts it, its
        call and declarations; the player still shoots."""
        s = self.session
        h = s.hint
        if h is None:
            return
        from simulator.app.match import computer
        d = h.decision
        if d.place is not None:
            err = s.place(*d.place)
            if err is not None:
                self.app.notify(self.app.t("place.refused", reason=err))
                return
        s.aim = computer.aim_of(d)
        s.preset_angle = None  # the hint's aim: the mouse does not turn it
        s.decl = {"safety": d.declarations.safety, "push_out": d.declarations.push_out}
        s.hint_call = (d.declarations.called_ball, d.declarations.called_pocket)
        s.hint_used = True  # the match's numbers count it (hints taken)
        self.app.inform(self.app.t("hint.taken"), 2.5)
        self.hint_room = self.controls_back = 0  # (the controls show the aim it set)
        if self.card_folded_for_hint and s.banner_folded:
            # Read, the hint gives the card back what happened and who is
            # next (it stayed folded to its heading over the hint's "5 more").
            s.banner_folded = self.card_folded_for_hint = False
            s.banner_scroll = 0
        # What it says to do and the call it set are found room again, a step
        # a frame (at 800x500 they lay behind "5 more" under the card).
        self.hint_unread = True
        self.first_extra_hidden = None
        self.hint_taken()

    def hint_taken(self) -> None:
        """What taking the hint does besides setting the aim (placing goes on
        to aim; aiming takes the hint's call)."""

    def hint_aim_held(self) -> bool:
        """Whether the aim is the hint's taken: its direction, tip and
        elevation (the power is the player's to set with a pull)."""
        s = self.session
        if s.hint is None:
            return False
        from dataclasses import replace

        from simulator.app.match import computer
        hinted = computer.aim_of(s.hint.decision)
        return replace(s.aim, power=hinted.power) == hinted

    def hint_stroke_held(self) -> bool:
        """Whether the aim is the hint's taken whole, its power too (a pull
        of the player's own: the hint's speed is said again beside it)."""
        s = self.session
        if s.hint is None:
            return False
        from simulator.app.match import computer
        return s.aim == computer.aim_of(s.hint.decision)

    def hint_button(self) -> ui.Button | None:
        """The hint's button (None where the evening plays without hints:
        nothing offered)."""
        s = self.session
        if not s.hints_allowed:
            return None
        t = self.app.t
        if self.reading_foul():
            # Greyed until the foul is read: a hint's lines beside the card
            # squeezed the ruling the incoming player is to read first (I is
            # refused with the reminder, as any key meant for the turn).
            return ui.Button(t("hint.button"), None, key="I", ident="hint")
        if s.hint is not None:
            # Once taken (the aim is the hint's), the button says so.
            taken = self.hint_aim_held()
            return ui.Button(t("hint.taken_button") if taken else t("hint.take"),
                             self.take_hint, key="I", ident="hint", selected=not taken)
        if s.hint_job is not None:  # Esc stops the search
            return ui.Button(t("hint.searching_button", p=self.hint_share()),
                             self.stop_hint, key="Esc", ident="hint")
        return ui.Button(t("hint.button"), self.ask_hint, key="I", ident="hint")

    def hint_share(self) -> int:
        from simulator.app.match import computer
        s = self.session
        job = s.hint_job
        return 0 if job is None else computer.hint_share(
            job, s.req is not None and s.req.is_break)

    def stop_hint(self) -> None:
        """Esc while a hint is looked for: the search stops, the aim stays."""
        if self.session.hint_job is not None:
            self.session.hint_stopped = self.session.hint_job
            self.session.hint_job = None
            self.app.inform(self.app.t("hint.stopped"), 2.0)

    def hint_busy_key(self, event: pygame.event.Event) -> bool:
        """While a hint is looked for: Esc stops the search; Space and Enter
        do not shoot the aim the player asked advice on (said why)."""
        if self.session.hint_job is None:
            return False
        if event.key == pygame.K_ESCAPE:
            self.stop_hint()
            return True
        if event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) and \
                self.name.endswith("aiming"):
            self.app.notify(self.app.t("hint.space_waits"), 5.0)
            return True
        if event.key == pygame.K_i and not self.app.repeat(event):
            # (a second I, meant to take the hint, did nothing a player could
            # see: believing it taken, they struck their own hidden aim)
            # (no share in it: said once, it stood stale while the search
            # went on; the progress line counts it)
            self.app.notify(self.app.t("hint.still_looking"), 4.0)
            return True
        return False

    def extra_first_wanted(self) -> bool:
        # (the search asked for too: on a loaded machine it takes half a
        # minute, and under an open card at 800x500 it went unsaid)
        return self.session.hint is not None or self.session.hint_job is not None

    def hint_lines(self) -> list[str]:
        s = self.session
        t = self.app.t
        if s.hint_job is not None:
            from simulator.app.match import computer
            safety = computer.hint_seeks_safety(
                s.hint_job, s.req is not None and s.req.is_break)
            return [t("hint.progress_safety" if safety else "hint.progress",
                      p=self.hint_share(), n=s.hint_job.simulations)]
        if s.hint is None:
            return []
        taken = self.taken_hint_line()
        if taken is not None:
            return [taken]
        from simulator.app.match import computer
        from simulator.app.text.words import ball_label
        # Taken as it is, its stroke's speed and spin are the controls' (or
        # their row's) alone: «Бейте средне (34%, кий 1,3 м/с), удар в центр»
        # stood over «Кий 1,3 м/с · удар в центр», the same words twice.
        lines = computer.shot_lines(s.locale, s.hint.decision,
                                    lambda b: ball_label(s.locale, b),
                                    s.spec.balls.radius, s.match.table(),
                                    hint=True, stroke_said=not self.hint_stroke_held())
        # A declaration already made (by hand or by taking the hint) is not
        # advised again: «Объявите отыгрыш» under «Объявлен отыгрыш» read as
        # one more thing to do (its button withdraws it).
        made = {t(f"hint.say.declares_{k}") for k in ("safety", "push_out")
                if s.decl.get(k)}
        lines = [ln for ln in lines if ln not in made] or lines
        if s.hint.given_up is not None:
            # Every option is poor: said, then the safety advised, in one
            # paragraph: a low window keeps room for the first only, and the
            # words ended on "so a safety:" with the safety itself cut off.
            g = s.hint.given_up
            # (its odds as a player says them, and the stroke as meant
            # missing: said so; none of its tries in is said in a sentence of
            # its own: «лучший из них: почти никогда» read as no sentence)
            if g.success > 0.0:
                head = t("table_card.no_sure_pot",
                         chance=computer.chance_words(s.locale, g.success,
                                                     g.tries))
            else:
                head = t("table_card.no_likely_pot")
            # (after the head's colon: «…поэтому отыгрыш: сыграйте…»)
            lines[0] = head + " " + s.locale.after_colon(lines[0])
        return [t("hint.head") + " " + s.locale.after_colon(lines[0]), *lines[1:]]

    def taken_hint_line(self) -> str | None:
        """A taken hint in one line with what the column says besides (None:
        its lines as they are; aiming folds it into the call it set)."""
        return None

    def draw_hint(self, surface: pygame.Surface) -> None:
        """The hint's predicted path: the cue ball's, and the first ball it
        meets; the spot for the cue ball in hand."""
        h = self.session.hint
        if h is None:
            return
        view = self.scene.view
        other = h.first_contact()
        for ball, colour in ((0, (120, 200, 255)), (other, (250, 210, 120))):
            if ball is None:
                continue
            path = _thinned([view.to_screen(*p) for p in h.path(ball)])
            if len(path) > 1:  # smooth, two pixels wide
                pygame.draw.aalines(surface, colour, False, path)
                pygame.draw.aalines(surface, colour, False,
                                    [(x + 0.7, y + 0.7) for x, y in path])
        if h.place is not None:
            pygame.draw.circle(surface, (120, 200, 255), view.to_screen(*h.place),
                               view.ball_px * 1.6, 2)

    def draw_hint_tip_over(self, surface: pygame.Surface) -> None:
        """The hint's tip diagram, drawn over the stick (on the rail the
        stick crosses it) and past the table's clip (the room beyond the
        rail holds part of it)."""
        h = self.session.hint
        if h is not None:
            self.draw_hint_tip(surface, h)

    def draw_hint_tip(self, surface: pygame.Surface, h: Hint) -> None:
        """The hint's tip diagram on the top rail above its cue ball, where the
        column does not show the hint's stroke in its own diagram (its room
        given to the hint's words, or the player's stroke shown there): in
        words alone, where the tip strikes was not seen (ball in hand at
        1280x720 in Russian, the Express re-break at 800x500), and folding
        the ruling card for the diagram lost what happened."""
        self.hint_tip_rect = None
        if self.controls and self.hint_aim_held():
            return  # (the column's diagram is the hint's)
        from simulator.app.match import computer
        view = self.scene.view
        path = h.path(0)
        start = h.place if h.place is not None else path[0] if path else None
        if start is None:
            return
        d = int(min(64, max(TIP_ON_TABLE, view.ball_px * 5)))
        rect = hint_tip_spot(self, h, view.to_screen(*start), d)
        pygame.draw.circle(surface, (20, 26, 24), rect.center, d / 2 + TIP_RING)
        aim_controls.draw_tip(surface, rect, computer.aim_of(h.decision),
                              self.session.spec.physics.miscue_offset)
        pygame.draw.circle(surface, (120, 200, 255), rect.center, d / 2 + TIP_RING, 2)
        self.hint_tip_rect = rect

    def side_buttons(self) -> list[ui.Button]:
        app = self.app
        t = app.t
        s = self.session
        req = s.req
        allowed = req.allowed_declarations if req is not None else ()
        out: list[ui.Button] = []
        if self.reading_foul():
            out.append(ui.Button(t("evening.go_on"), self.continue_clicked, key="Space",
                                 ident="acknowledge"))
        for key in ("safety", "push_out"):
            if key in allowed:
                on = bool(s.decl.get(key))
                label = t("panel.declared", what=t(f"panel.{key}")) if on \
                    else t(f"panel.{key}")
                out.append(ui.Button(label, self._toggle(key), ident=key,
                                     selected=on, key=DECLARE_KEYS.get(key, "")))
        if req is not None and req.ball_in_hand.value != "none" and \
                self.can_move_cue:
            out.append(ui.Button(t("panel.move_cue"), self.move_cue, key="B",
                                 ident="move"))
        if req is not None and tuple(getattr(req, "may_sign", ())):
            out.append(ui.Button(t("panel.sign"), lambda: app.open("sign"),
                                 ident="sign"))
        out += [b for b in self.review_buttons() if b.ident not in FOOT]
        if self.watched():  # (the foot is the watching speeds')
            out += self.foot_buttons()
            if self.layout.side.height < LOW_COLUMN:
                self.caps_off_where_they_wrap(out)
        return out

    def caps_off_where_they_wrap(self, buttons: list[ui.Button]) -> None:
        """In a low column that also holds the watching speeds' row, a key's
        cap that would break its button's words over two lines goes closer
        to them («Объявить фол F» took a second row, the ruling card's who
        is next): the button as one row, its key still on it (left out, the
        key of the call of a foul was nowhere on the window in Russian)."""
        w = (self.layout.side.width - 20 - 6) // 2  # (a half of the grid)
        size = max(11, text_size(self.app.size) - 1)
        for b in buttons:
            tall = b.measure(w, size)
            b.cap_under = True
            if b.measure(w, size) > tall:
                b.cap_under = False

    def watched(self) -> bool:
        """Whether a computer plays in this match (its shots are watched)."""
        s = self.session
        return any(s.is_computer(i) for i in range(len(s.names)))

    def foot_buttons(self) -> list[ui.Button]:
        """The buttons that change nothing of the match (FOOT)."""
        fouls = ui.Button(self.app.t("panel.fouls"), lambda: self.app.open("fouls"),
                          key="F", ident="fouls")
        review = [b for b in self.review_buttons() if b.ident in FOOT]
        hint = self.hint_button()  # (none in an evening without hints)
        return [*([hint] if hint is not None else []), fouls, *review]

    def bottom_buttons(self) -> tuple[list[ui.Button], bool]:
        """The column's foot: against a computer, the room of its watching
        speeds, where they stood on its turn, kept empty (bottom_shown), so
        a click meant for one as its turn ends meets nothing (it found
        Undo, then the call of a foul and the menu, there); her other
        buttons sit above. Between people, the buttons that change nothing
        (FOOT)."""
        if self.watched():
            return watch_block(self, lambda key: set_watch(self.app, key))
        return self.foot_buttons(), False

    def bottom_shown(self) -> bool:
        """No speeds drawn while a person aims, places the cue ball or
        calls: nothing rolls or thinks, and Skip had nothing to skip (their
        keys still set the computer's next shots' speed: set_watch_key).
        Between people the foot's buttons (FOOT) are drawn."""
        return not self.watched()

    def set_watch_key(self, key: str) -> None:
        """1, 2, 4 or 0 on a person's turn against a computer: the speed of
        its next shots, said (no lit button says it here)."""
        set_watch(self.app, key)
        say_watch(self.app)

    def move_cue(self) -> None:
        self.app.go(self.place_screen)

    def _toggle(self, key: str) -> Callable[[], None]:
        def fn() -> None:
            d = self.session.decl
            d[key] = not d.get(key, False)
        return fn

    def common_key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if self.hint_busy_key(event):
            return True
        if k == pygame.K_i:
            if not self.app.repeat(event):
                self.ask_hint()
        elif k == pygame.K_f:
            self.app.open("fouls")
        elif k == pygame.K_j:
            self.app.open("referee")
        elif k == pygame.K_r:
            self.replay()
        elif k in WATCH_KEYS and self.watched():  # (as on the computer's turn)
            self.set_watch_key(WATCH_KEYS[k])
        elif shot_page_key(self, k):
            pass
        elif k == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            save_key(self.app, event.mod)
        elif k == pygame.K_h and self.session.banner is not None:
            self.toggle_banner()
        elif self.declare_key(k):
            pass
        else:
            return common_key(self.app, event)
        return True

    def declare_key(self, k: int) -> bool:
        """A declaration's key (DECLARE_KEYS) does what its button does,
        where the rules allow it now (9-ball 5: the push-out; 8-ball and
        14.1: the safety)."""
        req = self.session.req
        name = DECLARE_PRESSES.get(k)
        if name is None or req is None or name not in req.allowed_declarations:
            return False
        self._toggle(name)()
        return True

    def panel_click(self, pos: tuple[int, int]) -> bool:
        """A press on the tip diagram, the elevation gauge or the power bar
        sets it to that point; the control is held for a drag."""
        rects = self.scene.panel
        if not self.controls:  # (the hint has their room: none to press)
            return False
        self.panel_grab = aim_controls.control_at(rects, pos)
        if self.panel_grab is None:
            return False
        self.panel_drag_to(pos)
        return True

    def panel_drag_to(self, pos: tuple[int, int]) -> None:
        """The control a press took follows the mouse (clamped to its range)."""
        grab = self.panel_grab
        if grab is not None:
            s = self.session
            s.aim = aim_controls.set_control(s.aim, self.scene.panel, grab, pos)

    def panel_centre(self, pos: tuple[int, int]) -> bool:
        """A right click on the tip diagram puts the tip back in the centre
        (as X does)."""
        if not self.controls or \
                aim_controls.tip_from_point(self.scene.panel, pos) is None:
            return False
        self.session.aim = self.session.aim.with_tip(0.0, 0.0)
        return True

    def hint(self) -> str:
        return self.app.t("hint.aim")

    def short_hint(self) -> str:
        return self.app.t("hint.aim_short")


def _thinned(points: list[tuple[float, float]],
             step: float = 6.0) -> list[tuple[float, float]]:
    """A path's points at least ``step`` pixels apart (and its end): a line
    through every frame's position steps by single pixels."""
    out = points[:1]
    for p in points[1:]:
        if math.dist(p, out[-1]) >= step:
            out.append(p)
    if len(points) > 1 and out[-1] != points[-1]:
        out.append(points[-1])
    return out


def as_struck(hint: Hint) -> Hint:
    """The hint with the predicted shot of the stroke the aim controls strike
    when it is taken: they round the hint's stroke (the power bar, the
    angle), and a break spreads the smallest difference over the table, so
    the path drawn is the one the shot will follow."""
    from dataclasses import replace

    from simulator.app.match import computer
    from simulator.physics import simulate
    stroke = computer.aim_of(hint.decision).stroke()
    if stroke == hint.predicted.stroke:
        return hint
    return replace(hint, predicted=simulate(hint.predicted.initial, stroke,
                                            models=hint.predicted.models))
