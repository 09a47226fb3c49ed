"""A shot played while the physics computes it, with its sounds; then the
referee's ruling applied and the next step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame

from simulator.app.loop.app import App
from simulator.app.match.turns import next_step
from simulator.app.replay.playback import Playback, gone_by, rollout, slow_event
from simulator.app.screens.match_keys import (
    WATCH_KEYS,
    numbers_key,
    own_speed,
    watch_block,
)
from simulator.app.screens.table_screen import TableMode
from simulator.app.table import scoreboard
from simulator.app.table.aim import Aim
from simulator.app.text import ui
from simulator.app.text.words import reason_text
from simulator.physics.cue import StrokeError
from simulator.table.events import Event, Shot, Stroke
from simulator.table.state import TableState

LOOKAHEAD = 2 / 60  # simulate this far ahead of the playback clock
# With the roll-out shown faster, the physics runs on this far (simulated
# seconds) a frame beyond what is shown, so the shot's last event is known
# well before the clock reaches it (a break's 8 s in about 30 frames, a
# few ms a frame; the same steps either way, so the same shot).
AHEAD = 0.25


class PlayMode(TableMode):
    """A shot played while the physics computes it."""

    name = "playing"
    # Whether the match's referee says which slow events at the end are
    # roll-out (see _unneeded); the lag and a practice stroke are ruled
    # otherwise, and count every event.
    referee_rolls_out = True
    # Esc is the match menu while the balls roll (the roll waits under it),
    # as on the computer's roll: it skipped here and opened the menu there.
    # Space and 0 skip. (The lag's and practice's strokes: Esc still skips.)
    esc_menu = True

    def head_string_matters(self) -> bool:
        # No rule needs it while the balls roll (the break's kitchen is
        # left behind with the stroke); it comes back where one names it
        # once they stop: the ball in hand behind it, a ruling's card.
        return False

    def __init__(self, app: App, state: TableState, stroke: Stroke, decl: Any,
                 also: tuple[tuple[int, Stroke], ...] = ()) -> None:
        super().__init__(app)
        self.state = state
        self.stroke = stroke
        self.also = also  # other balls struck at the same moment (the lag)
        self.decl = decl
        self.error: str | None = None

    def enter(self) -> None:
        from simulator.physics import ShotStream
        self.session.banner = None
        self.app.stroke_struck()  # what was said of the stroke being set is over
        self.sounded = 0
        self.skip = False
        self.skipped_by_press = False  # Space, 0 or a right click: to its end
        self.finished = False
        self.playback = Playback()
        try:
            self.stream = ShotStream(self.state, self.stroke, also=self.also)
            # The first frame is computed now, so it is on screen with this frame.
            self.playback.extend(self.stream.advance(LOOKAHEAD))
        except StrokeError as e:  # the stroke no player can make
            self.abandon(str(e))
            return
        except Exception as e:  # a fault inside the physics: keep the match
            self.physics_failed(e)
            return
        self._sound_events()
        self.playback.speed = own_speed(self.app)  # (a computer's: its own)

    def physics_failed(self, fault: Exception) -> None:
        """The physics could not settle the shot: said in the player's
        words, the stroke written down to reproduce, the match as it was
        before the stroke."""
        from simulator.app.match.fault_log import log_failed_stroke
        from simulator.physics.world import PhysicsError
        path = log_failed_stroke(self.state, self.stroke, self.also, fault)
        where = self.app.t("evening.fault_logged", file=str(path)) if path else ""
        key = "evening.unsettled" if isinstance(fault, PhysicsError) else \
            "evening.physics_fault"
        self.abandon(self.app.t(key, reason=str(fault) or type(fault).__name__)
                     + where)

    def abandon(self, message: str) -> None:
        """The shot cannot be played: say why and go back to the same shot."""
        self.app.notify(message, 6.0)
        self.finished = True
        self.app.later(self.back)()

    def back(self) -> None:
        """After a shot that could not be played: to the aim it came from, the
        cue ball where it was put."""
        if self.session.req is not None and self.session.cue_pos() is not None:
            self.app.go("aiming")
        else:
            next_step(self.app)

    def _sound_events(self) -> None:
        evs = self.stream.events
        t = self.playback.time
        new = []
        while self.sounded < len(evs) and evs[self.sounded].time <= t:
            new.append(evs[self.sounded])
            self.sounded += 1
        if new:
            self.app.sound.play_events(new)

    def working(self) -> bool:
        return not self.finished  # the shot is computed as it is shown

    def stroke_aim(self) -> Aim:
        """The gauge shows the stroke rolling as it was played until the
        balls stop (the cue raised over a ball: it fell to 0° as it rolled)."""
        if self.finished:
            return self.aim
        return replace(self.aim, elevation=self.stroke.elevation)

    def conclude(self) -> None:
        # The stroke struck stands: its balls stop where they stop and it is
        # judged (a match given up in the computer's break had the rack
        # back under its card, the break undone).
        if not self.finished:
            self.skip = True
            PlayMode.update(self, 0.0)  # (a computer's waits under a dialog)

    def update(self, dt: float) -> None:
        if self.finished or (self.esc_menu and self.app.dialogs and not self.skip):
            return  # (the match menu open: the roll waits where it is)
        pb = self.playback
        try:
            if self.skip:
                while not self.stream.done:
                    pb.extend(self.stream.advance(pb.end_time + 1.0))
                pb.complete = True
                pb.seek(pb.end_time)
            else:
                if not self.stream.done:
                    pb.extend(self.stream.advance(self._until(dt)))
                if self.stream.done:
                    pb.complete = True
                    self._roll_out()
                pb.update(dt)
                self._sound_events()
        except Exception as e:  # a fault inside the physics: keep the match
            self.physics_failed(e)
            return
        if pb.at_end and self.stream.done:
            self.finish(self.stream.shot)

    def _until(self, dt: float) -> float:
        """How far the physics computes in this frame: what is shown, and
        ahead of it where the roll-out is to be found."""
        pb = self.playback
        until = pb.time + dt * max(pb.speed, pb.tail_speed) + LOOKAHEAD
        if self.app.settings.quick_rollout:
            until = max(until, pb.end_time + AHEAD)
        return until

    def _roll_out(self) -> None:
        """The shot computed to rest: its roll-out shown faster, as the
        settings say (only the showing: the shot is the same)."""
        pb = self.playback
        if pb.tail_from is None and self.app.settings.quick_rollout:
            pb.tail_from, pb.tail_speed = rollout(
                self.stream.events, pb.end_time, self._unneeded())

    def _unneeded(self) -> Callable[[int], bool] | None:
        """Whether the shot's slow touches from an event on change nothing
        the referee rules (a break's balls to the rails, the no-rail foul,
        a frozen ball's rails are all the referee's to say): the ruling
        without them is the same. None where no match judges the shot."""
        match = getattr(self.app.session, "match", None)
        if match is None or not self.referee_rolls_out:
            return None
        shot = self.stream.shot
        try:
            ruled = ruling_key(match.judge(shot, self.decl), shot.events)
        except Exception:  # (the lag, a stroke the referee refuses)
            return None

        def unneeded(start: int) -> bool:
            kept = tuple(e for i, e in enumerate(shot.events)
                         if i < start or not slow_event(e))
            try:
                less = match.judge(replace(shot, events=kept), self.decl)
            except Exception:
                return False
            return bool(ruling_key(less, kept) == ruled)
        return unneeded

    def rolling_out(self) -> str:
        """The words for a roll-out shown faster ("rolling out, ×3");
        empty before it and where it is shown as it is."""
        pb = self.playback
        if self.finished or not pb.in_tail:
            return ""
        return self.app.t("strip.rolling_out", speed=f"{pb.tail_speed:g}")

    def finish(self, shot: Shot) -> None:
        from rules.ruling import RulesError
        self.finished = True
        s = self.session
        try:
            s.apply(shot, self.decl)
        except RulesError as e:
            self.app.notify(reason_text(self.app.locale, e, s.names))
        except Exception as e:  # a fault inside the referee: keep the window
            self.app.notify(self.app.t("error.referee", reason=repr(e)), 6.0)
        next_step(self.app)

    def skip_to_end(self) -> None:
        self.skip = True

    def set_own_speed(self, key: str) -> None:
        """A person's own stroke rolls at ``key`` (1, 2, 4), and so do their
        next ones in this match; only what is shown hurries (the stroke is
        computed the same, and ends where it would). Skip (0): this stroke
        to its end, as Space."""
        if key == "skip":  # (a press, as Space's: see AimMode.aim_first)
            self.skip = self.skipped_by_press = True
            return
        self.session.own_watch = key
        self.playback.speed = own_speed(self.app)
        # Said as the player's own speed: the same buttons and keys set the
        # computer's watching speed on its turn, and the two were taken for one.
        s = self.session
        against = any(s.is_computer(i) for i in range(len(s.names)))
        self.app.inform(self.app.t("cpu.own_now_cpu" if against else "cpu.own_now",
                                   speed=f"{key}×"), 2.5)

    def bottom_buttons(self) -> tuple[list[ui.Button], bool]:
        """Its speeds, where a computer's turn shows its watching speeds (a
        stroke rolled for more than 6 s, and only Space hurried it)."""
        return watch_block(self, self.set_own_speed, own=True)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in WATCH_KEYS:
            if not self.app.repeat(event):
                self.set_own_speed(WATCH_KEYS[event.key])
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            numbers_key(self.app, event)  # (the numbers read as the balls roll)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and \
                self.esc_menu:
            if not self.app.repeat(event):
                self.app.open("pause")
            return
        key = event.type == pygame.KEYDOWN and event.key in (
            pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_RETURN) and \
            not self.app.repeat(event)
        right = event.type == pygame.MOUSEBUTTONDOWN and event.button == 3
        if key or right:
            self.skip = True
            self.skipped_by_press = True

    def ball_positions(self) -> dict[int, tuple[float, float, float]]:
        if self.finished or not self.playback.frames:
            return super().ball_positions()
        return self.playback.positions()

    def board(self) -> tuple[list[scoreboard.PlayerCard], list[str]]:
        """While the shot rolls, a ball leaves the counts when it drops in
        what is shown (a group's count fell while the 15 still rolled to the
        pocket, the shot already computed): the table as the stroke found
        it, less the balls pocketed or off by the playback's time."""
        if self.finished or not self.playback.frames or \
                getattr(self, "stream", None) is None:
            return super().board()
        return self.session.scoreboard(shown=self.dropped_so_far())

    def dropped_so_far(self) -> TableState:
        """The stroke's table with the balls gone by the time shown."""
        return gone_by(self.state, self.stream.events, self.playback.time)

    def heading(self) -> tuple[str, str]:
        req = self.session.req
        who = self.session.name(req.shooter if req is not None else None)
        if self.paused_by_menu():
            return self.app.t("side.in_play_paused", name=who), ""
        return self.app.t("side.in_play", name=who), self.rolling_out()

    def paused_by_menu(self) -> bool:
        return self.esc_menu and bool(self.app.dialogs) and not self.finished

    def side_buttons(self) -> list[ui.Button]:
        out = [ui.Button(self.app.t("side.skip"), self.skip_to_end, key="Space",
                         ident="skip")]
        if self.esc_menu:
            out.append(ui.Button(self.app.t("panel.menu"),
                                 lambda: self.app.open("pause"), key="Esc",
                                 ident="menu"))
        return out

    def chips(self) -> list[str]:
        if self.paused_by_menu():
            return [self.app.t("strip.paused_menu")]
        return [self.rolling_out() or self.app.t("strip.playing")]

    def hint(self) -> str:
        return self.app.t("hint.playing" if self.esc_menu else "hint.playing_esc")

    def short_hint(self) -> str:
        return self.app.t("hint.playing_short")

    def show_banner(self) -> bool:
        return False


def ruling_key(ruling: Any, events: tuple[Event, ...]) -> Any:
    """A ruling as compared with another on fewer events: each foul's or
    note's event named by its kind and time, not its place in the log."""
    d = ruling.to_dict()
    for entry in [*d.get("fouls", ()), *d.get("notes", ()), d.get("penalty") or {}]:
        i = entry.get("event_index")
        if i is not None:
            entry["event_index"] = (events[i].kind, events[i].time) \
                if 0 <= i < len(events) else i
    return d
