"""The replay of the match's shots: the last one first, the earlier ones a key
away; 1/4, 1/2 or full speed, step, pause at the foul, the timeline and the
export.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame

from simulator.app.loop.app import App
from simulator.app.match.turns import next_step
from simulator.app.replay.playback import Playback, gone_by
from simulator.app.replay.speeds import SPEEDS
from simulator.app.screens.table_screen import TableMode
from simulator.app.table.ruling_card import Banner
from simulator.app.table.scoreboard import PlayerCard
from simulator.app.text import ui
from simulator.app.text.words import foul_cite
from simulator.table.events import EventKind, Frame


class ReplayMode(TableMode):
    """A shot of the match again (the last one first; the earlier ones a key
    away): 1/4, 1/2 or full speed, step, pause at the foul."""

    name = "replay"
    controls = False  # nothing is aimed during a replay

    def head_string_matters(self) -> bool:
        return False  # (the shot's marks draw it where its rules name it)

    def __init__(self, app: App, index: int = -1) -> None:
        super().__init__(app)
        self.index = index
        self._card: tuple[int, Banner] | None = None

    def enter(self) -> None:
        s = self.session
        self.shot, self.ruling = s.shots[self.index]
        s.banner_scroll = 0  # this shot's card from its first line
        frames: Sequence[Frame] = self.shot.frames
        if not frames:  # a loaded match keeps no samples: compute them again
            frames = self._computed_frames()
        speed = self.app.settings.replay_speed
        self.playback = Playback(frames, speed=speed if speed in SPEEDS else SPEEDS[0])
        self.playback.complete = True
        self.foul_events: list[tuple[float, Any, Any]] = []
        for f in self.ruling.fouls:
            if f.event_index is not None and 0 <= f.event_index < len(self.shot.events):
                ev = self.shot.events[f.event_index]
                self.foul_events.append((ev.time, f, ev))
        self.playback.stops = [t for t, _, _ in self.foul_events]
        self.current: tuple[float, Any, Any] | None = None
        from simulator.app.replay.shotshow import ShotShow, foul_texts, ruling_codes
        decl = None
        shots = s.shots
        if hasattr(shots, "declarations"):
            decl = shots.declarations(self.index)
        self.show = ShotShow(s.locale, self.shot, self.playback,
                             foul_texts(s.locale, self.ruling, s.discipline),
                             getattr(decl, "called_ball", None),
                             getattr(decl, "called_pocket", None),
                             ruling_codes(self.ruling))

    def _computed_frames(self) -> Sequence[Frame]:
        """The shot's samples computed again; when the physics cannot settle
        it, the player is told so in their words and the table shows where
        the balls came to rest (the match itself is untouched)."""
        from simulator.physics import simulate
        from simulator.physics.errors import PhysicsError
        try:
            return simulate(self.shot.initial, self.shot.stroke, also=self.shot.also,
                            models=self.shot.models).frames
        except PhysicsError as fault:
            self.app.notify(self.app.t("play.replay_unsettled",
                                       reason=str(fault) or type(fault).__name__), 8.0)
            final = self.shot.final
            rows = tuple((b.ball, b.x, b.y, 0.0) for b in final.balls
                         if final.position(b.ball) is not None)
            return [Frame(0.0, rows)]

    def side_buttons(self) -> list[ui.Button]:
        t = self.app.t
        pb = self.playback
        speeds = [ui.Button(lbl, self._speed(i), key=str(i + 1), ident=f"speed{i}",
                            selected=pb.speed == SPEEDS[i])
                  for i, lbl in enumerate(("1/4", "1/2", "1×"))]
        return [*speeds,
                ui.Button(t("replay.pause"), self.toggle_pause, key="Space",
                          ident="pause", selected=pb.paused),
                ui.Button(t("replay.step"), lambda: self.playback.step(1),
                          ident="step"),
                ui.Button(t("replay.restart"), self.restart, key="Home",
                          ident="restart"),
                ui.Button(t("shots.trails"), self.toggle_trails, key="T",
                          ident="trails", selected=self.show.trails),
                ui.Button(t("shots.export"), self.export, key="X", ident="export"),
                ui.Button(t("replay.earlier"), self._other(-1), key="PgUp",
                          ident="earlier"),
                ui.Button(t("replay.later"), self._other(1), key="PgDn",
                          ident="later"),
                ui.Button(t("replay.close"), self.close, key="Esc", ident="close")]

    def shot_number(self) -> int:
        """Which of the match's shots is on show, from 0."""
        n = len(self.session.shots)
        return self.index % n if n else 0

    def _other(self, step: int) -> Callable[[], None] | None:
        """The action that shows the shot ``step`` away, None at either end
        (the button is then disabled)."""
        k = self.shot_number() + step
        if not 0 <= k < len(self.session.shots):
            return None
        return lambda: self.show_shot(k)

    def show_shot(self, k: int) -> None:
        """Shot ``k`` of the match (from 0), from its start, at the speed and
        with the trails the player had chosen."""
        if 0 <= k < len(self.session.shots):
            speed, trails = self.playback.speed, self.show.trails
            self.index = k
            self.enter()
            self.playback.speed = speed
            self.show.trails = trails

    def toggle_trails(self) -> None:
        self.show.trails = not self.show.trails

    def export(self) -> None:
        """The export dialog for this shot (a clip or a diagram)."""
        from simulator.app.replay.export import ShotExport
        self.app.open("export", job=ShotExport.from_replay(self))

    def _speed(self, i: int) -> Callable[[], None]:
        return lambda: self.set_speed(i)

    def set_speed(self, i: int) -> None:
        """Speed ``i``; the next replay opens at it (kept in the settings)."""
        self.playback.speed = SPEEDS[i]
        self.playback.paused = False
        if self.app.settings.replay_speed != SPEEDS[i]:
            self.app.settings.replay_speed = SPEEDS[i]
            self.app.save_settings()

    def toggle_pause(self) -> None:
        if self.playback.at_end:
            self.restart()
            return
        self.playback.paused = not self.playback.paused

    def restart(self) -> None:
        self.playback.restart()
        self.current = None

    def close(self) -> None:
        next_step(self.app)

    def update(self, dt: float) -> None:
        pb = self.playback
        was = pb.paused
        pb.update(dt)
        if pb.paused and not was:
            for t, f, ev in self.foul_events:
                if abs(t - pb.time) < 1e-6:
                    self.current = (t, f, ev)

    def handle(self, event: pygame.event.Event) -> None:
        if self.scroll_banner(event) or self.show.mouse(event) or self.show.key(event):
            return
        if event.type != pygame.KEYDOWN:
            return
        k = event.key
        if k in (pygame.K_ESCAPE, pygame.K_r):
            self.close()
        elif k == pygame.K_x:
            self.export()
        elif k == pygame.K_v:
            self.read_card()
        elif k == pygame.K_SPACE:
            self.toggle_pause()
        elif k == pygame.K_1:
            self.set_speed(0)
        elif k == pygame.K_2:
            self.set_speed(1)
        elif k == pygame.K_3:
            self.set_speed(2)
        elif k == pygame.K_RIGHT:
            self.playback.step(1)
        elif k == pygame.K_LEFT:
            self.playback.step(-1)
        elif k == pygame.K_HOME:
            self.restart()
        elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.show_shot(self.shot_number() + (-1 if k == pygame.K_PAGEUP else 1))
        elif k == pygame.K_TAB:
            self.app.show_numbers = not self.app.show_numbers

    def ball_positions(self) -> dict[int, tuple[float, float, float]]:
        return self.playback.positions()

    def highlight(self) -> list[int]:
        if self.current is None:
            return []
        _t, f, ev = self.current
        return sorted(set(f.balls) | set(ev.balls))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.show.draw_under(surface, self.scene.view, self.playback.positions())

    def draw_strip(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.show.draw_timeline(surface, rect, self.short_hint())

    def inset_height(self, width: int) -> int:
        return self.show.inset_height(width)

    def draw_inset(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.show.draw_inset(surface, rect)

    def draw_top(self, surface: pygame.Surface) -> None:
        self.show.draw_over(surface, self.scene.view)
        if self.current is None:
            return
        _t, _f, ev = self.current
        view = self.scene.view
        if ev.kind is EventKind.BALL_CUSHION and ev.cushion:
            for r in self.session.spec.rails:
                if r.name == ev.cushion:
                    pygame.draw.line(surface, (255, 70, 60), view.to_screen(*r.start),
                                     view.to_screen(*r.end), 5)
        pocket = ev.pocket
        if pocket:
            pk = self.session.spec.pocket(pocket)
            pygame.draw.circle(surface, (255, 70, 60), view.to_screen(*pk.mouth_centre),
                               view.px(pk.mouth_width * 0.7), 3)

    def board(self) -> tuple[list[PlayerCard], list[str]]:
        # The scoreboard as the game stood before this shot while it rolls
        # (the groups it chose were on it with the ball still running), at
        # its end as it left its game (never the next game's, racked).
        # (a ball leaves the counts as it drops in what is shown)
        pb = self.playback
        shown = None if pb.at_end else gone_by(self.shot.initial, self.shot.events,
                                               pb.time)
        return self.session.shot_scoreboard(self.shot_number(),
                                            before=not pb.at_end, shown=shown)

    def heading(self) -> tuple[str, str]:
        t = self.app.t
        pb = self.playback
        which = t("replay.which", k=self.shot_number() + 1, n=len(self.session.shots))
        return (t("side.replay", name=self.session.name(self.ruling.shooter)),
                which + " · " + t("replay.status", speed=_speed_label(pb.speed),
                                  t=self.session.locale.num(pb.time, 2)))

    def card(self) -> Banner | None:
        """This shot's ruling (every foul, the main one first; who played
        next), the card the match showed after it."""
        if self._card is None or self._card[0] != self.index:
            s = self.session
            # (a choice's options unnumbered: 1-3 are the replay's speeds)
            self._card = (self.index, s.ruling_banner(self.ruling, self.shot,
                                                      keyed=False))
        return self._card[1]

    def side_extra(self) -> list[str]:
        """The shot's main foul (the one the ruling card above, which names
        them all, and the export name first, rules.main_foul) where the card
        is folded (open, its first line says it: "Ruled: …" under it said
        it twice); at a foul's moment, that foul."""
        from rules.main_foul import main_foul
        loc = self.session.locale
        out: list[str] = []
        main = main_foul(self.ruling) if self.ruling.fouls else None
        open_card = self.show_banner() and not self.session.banner_folded
        if main is not None and not (open_card and self.card() is not None):
            out.append(self.app.t("evening.main_foul", foul=foul_cite(
                loc, main, self.session.discipline)))
        if self.current is not None:
            _t, f, _ev = self.current
            out.append(self.app.t("replay.at_foul", foul=foul_cite(
                loc, f, self.session.discipline)))
        return out

    def side_note(self) -> str:
        # Above the heading: under the ruling card a low window has no room.
        last = self.app.kept.get("export.last")
        return self.app.t("export.last", file=Path(last).name) if last else ""

    def chips(self) -> list[str]:
        return [self.app.t("replay.paused")] if self.playback.paused else []

    def hint(self) -> str:
        return self.app.t("hint.replay")

    def short_hint(self) -> str:
        return self.app.t("hint.replay_short")

    def show_banner(self) -> bool:
        return not self.app.dialogs


def _speed_label(v: float) -> str:
    return {0.25: "1/4", 0.5: "1/2", 1.0: "1×"}.get(v, f"{v:g}×")
