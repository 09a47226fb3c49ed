"""One practice situation on the table: the position and the question, the
recorded stroke watched or the player's own played, then the referee's
ruling explained with its seed rule (a slow replay pauses at each foul).
Rulings come from the referee through ``simulator.practice``; this screen
only shows them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from simulator.app.loop.app import App
from simulator.app.match.session import shot_chips
from simulator.app.screens.practice.memory import state_of
from simulator.app.screens.practice.own_shot import play_position
from simulator.app.screens.practice.practice_screen import (
    Action,
    PracticeScreen,
    after_positions,
    table_positions,
)
from simulator.app.screens.practice.scenario_list import to_practice_list
from simulator.app.screens.practice.session import (
    Played,
    PracticeSession,
    judge_result,
    neutral_words,
    practice_session,
    rule_line,
    scenario_title,
)
from simulator.app.screens.practice.shot_player import ShotPlayer, foul_stops
from simulator.app.table import scoreboard
from simulator.app.text.words import (
    cite,
    discipline_label,
    file_reason_text,
    reason_text,
)
from simulator.table.specs import table_by_name

if TYPE_CHECKING:
    from simulator.practice.scenario import Scenario


class ScenarioMode(PracticeScreen):
    """A situation on the table. Phases: ``intro`` (the position and the
    question), ``playing`` (the stroke plays), ``ruling`` (the referee's
    ruling, the seed rule and the explanation; a slow replay pauses at each
    foul's event)."""

    name = "scenario"

    def __init__(self, app: App, sc: Scenario, played: Played | None = None,
                 back: Action | None = None) -> None:
        self.sc = sc
        self.back = back
        session = practice_session(app, sc, back)
        super().__init__(app, table_by_name(sc.table), session)
        self.played = played
        self.player: ShotPlayer | None = None
        self.show: Any = None  # the player's marks (simulator.app.replay.shotshow)
        self.trails = True
        self.phase = "intro"
        # The scoreboard before the stroke: a replay shows it while the
        # stroke rolls (the ruling's groups stood there with the ball
        # still running).
        self.board_before = super().header()
        if played is not None:
            self._ruled(played)

    @property
    def psession(self) -> PracticeSession:
        assert isinstance(self.session, PracticeSession)
        return self.session

    # -- actions -----------------------------------------------------------------
    def watch(self, speed: float = 1.0) -> None:
        """Play the recorded stroke and judge it."""
        from simulator.physics import simulate
        sc = self.sc
        if sc.stroke is None:
            return
        try:
            shot = simulate(sc.position, sc.stroke)
            res = judge_result(sc, shot)
        except Exception as e:  # a fault in the physics or the referee: say it
            self.app.notify(self.app.t("error.physics", reason=repr(e)), 6.0)
            return
        self.played = Played(shot, res.ruling, own=False, after=res.after,
                             after_choice=res.after_choice,
                             choice_error=res.choice_error)
        self.player = ShotPlayer(shot, foul_stops(res.ruling) if speed < 1 else (),
                                 speed)
        self._show()
        self.phase = "playing"
        self.rebuild()

    def _show(self) -> None:
        """The trails, contacts, call, timeline and side view of the shot played."""
        from simulator.app.replay.shotshow import scenario_show
        if self.player is None or self.played is None:
            self.show = None
            return
        self.show = scenario_show(self.app.locale, self.sc, self.player.shot,
                                  self.player.playback, self.played.ruling)
        self.show.trails = self.trails

    def toggle_trails(self) -> None:
        self.trails = not self.trails
        if self.show is not None:
            self.show.trails = self.trails
        self.rebuild()

    def export(self) -> None:
        if self.played is None:
            return
        from simulator.app.replay.export import ShotExport
        self.app.open("export", job=ShotExport.from_scenario(
            self.sc, self.played.shot, self.played.ruling))

    def _ruled(self, played: Played) -> None:
        from rules.ruling import RulesError
        s = self.psession
        # The scoreboard shows the game after the shot (scores, fouls), or
        # after the recorded choice when the file makes one.
        after = played.after_choice or played.after
        if after is not None and not played.ruling.game_over:
            m = s.match
            before = m._stack[-1]
            m._stack[-1] = replace(before, game=after)
            try:
                s.refresh()
            except RulesError:
                m._stack[-1] = before
                s.refresh()
        s.shots = [(played.shot, played.ruling)]
        s.last_ruling = played.ruling
        s.banner = s.ruling_banner(played.ruling)
        self.phase = "ruling"

    def enter(self) -> None:
        super().enter()
        if self.choice_pending():
            self.ask_choice()

    def choice_pending(self) -> bool:
        """After the player's own stroke, the ruling gives the incoming
        player options: the practice goes on as in a match."""
        if self.phase != "ruling" or self.played is None or not self.played.own:
            return False
        s = self.psession
        req = s.req
        if req is None or s.over:
            return False
        # Express: a player written down to zero may sign back in.
        return bool(req.pending) or bool(getattr(req, "may_sign", ()))

    def ask_choice(self) -> None:
        s = self.psession
        self.app.session = s  # the game's dialogs act on it
        req = s.req
        self.app.open("choice" if req is not None and req.pending else "sign")

    def choice_lines(self) -> list[str]:
        """The recorded choice after the ruling and the state it leads to."""
        played, step = self.played, self.sc.choice
        if played is None or played.own or step is None:
            return []
        t = self.app.t
        s = self.psession
        chooser = played.ruling.chooser
        who = s.name(chooser) if chooser is not None else ""
        if step.arg is not None and "player" in (self.sc.data.get("choice") or {}):
            who = s.name(step.arg)
        out = [t("practice.choice_made", name=who,
                 choice=t(f"choice.{step.choice.value}"))]
        if played.choice_error is not None:
            why = reason_text(self.app.locale, played.choice_error, s.names)
            return [*out, t("practice.choice_refused", reason=why)]
        g = played.after_choice
        if g is not None:
            out.append(t("practice.after_choice", name=s.name(g.shooter),
                         hand=t(f"bih.{g.ball_in_hand.value}")))
            from rules import registry
            if registry.info(self.sc.discipline).scoring == "points":
                out.append(t("practice.scores_now", scores=", ".join(
                    f"{s.name(i)} {v}" for i, v in enumerate(g.scores))))
        return out

    def replay_slow(self) -> None:
        if self.played is None:
            return
        self.player = ShotPlayer(self.played.shot, foul_stops(self.played.ruling),
                                 0.25)
        self._show()
        self.phase = "replay"
        self.rebuild()

    def play_yourself(self) -> None:
        play_position(self.app, practice_session(self.app, self.sc, self.back))

    def edit(self) -> None:
        st = state_of(self.app)
        st.editor = self.sc.to_dict()
        self.app.go("editor")

    def leave(self) -> None:
        if self.back is not None:
            self.back()
        else:
            to_practice_list(self.app)

    def toggle_pause(self) -> None:
        if self.player is None:
            return
        pb = self.player.playback
        if pb.at_end:
            self.player.restart()
        else:
            pb.paused = not pb.paused

    # -- screen -------------------------------------------------------------------
    def build(self) -> None:
        app = self.app
        t = app.t
        sc = self.sc
        trails_at = -1
        if self.phase in ("playing", "replay"):
            items: list[tuple[str, Action | None]] = [
                (t("replay.pause"), self.toggle_pause),
                (t("replay.restart"), self._restart),
                (t("shots.trails"), self.toggle_trails),
                (t("practice.skip"), self._skip),
            ]
            trails_at = 2
        elif self.phase == "intro":
            items = [
                (t("practice.watch"), self.watch if sc.stroke is not None else None),
                (t("practice.play"), self.play_yourself),
                (t("practice.edit"), self.edit),
                (t("common.back"), self.leave),
            ]
        else:
            items = [
                (t("practice.replay_slow"), self.replay_slow),
                (t("shots.export"), self.export),
                *([(t("practice.choose"), self.ask_choice)]
                  if self.choice_pending() else []),
                (t("practice.watch"), self.watch if sc.stroke is not None else None),
                (t("practice.play"), self.play_yourself),
                (t("common.back"), self.leave),
            ]
        buttons = self.side_buttons(items)
        if trails_at >= 0:
            buttons[trails_at].selected = self.trails
        self.side_text(self.title(), self.body())

    def title(self) -> str:
        """The situation's title; while its question is open (before the
        ruling), one that does not answer it ("Scratch on a legal break")."""
        if self.sc.question is not None and self.phase in ("intro", "playing"):
            return self.app.t("practice.question_title",
                              situation=neutral_words(self.app.locale, self.sc))
        return scenario_title(self.sc, self.app.locale.lang)

    def body(self) -> str:
        t = self.app.t
        sc = self.sc
        lang = self.app.locale.lang
        lines: list[str] = [discipline_label(self.app.locale, sc.discipline)]
        if self.phase == "intro":
            if sc.question is not None:
                lines.append(sc.question.text.get(lang))
            lines.append(t("practice.intro_watch") if sc.stroke is not None
                         else t("practice.intro_play"))
            return "\n".join(lines)
        if self.phase == "playing":
            return "\n".join([*lines, t("practice.watching")])
        s = self.psession
        own = self.played is not None and self.played.own
        if own:
            # The ruling is of this stroke; the situation's rule, below, is
            # its topic (a double hit's rule 20 beside a miss's rule 4).
            lines += ["", t("practice.own_shot")]
        if s.banner is not None:
            lines += [*([] if own else [""]), s.banner.title, *s.banner.all_lines]
        choice = self.choice_lines()
        if choice:
            lines += ["", *choice]
        if self.played is not None and not self.played.own:
            rl = rule_line(self.app.locale, sc)
            if rl:
                lines += ["", rl]
            lines += ["", sc.explanation.get(lang)]
            problems = self.check()
            if problems:
                lines += ["", t("practice.mismatch"), *problems]
        elif own:
            rl = rule_line(self.app.locale, sc)
            if rl:
                lines += ["", rl]
        return "\n".join(lines)

    def check(self) -> list[str]:
        """Differences between the referee's ruling and the file's [expect]."""
        from simulator.practice.scenario import check_result, play_scenario
        if self.played is None or not self.sc.expect:
            return []
        try:
            return check_result(self.sc, play_scenario(self.sc, self.played.shot))
        except Exception as e:  # shown, not raised: the screen stays usable
            return [repr(e)]

    def _restart(self) -> None:
        if self.player is not None:
            self.player.restart()

    def _skip(self) -> None:
        if self.player is not None:
            pb = self.player.playback
            pb.stops = []
            pb.seek(pb.end_time)
            pb.paused = False
        self._finish()

    def _finish(self) -> None:
        if self.played is not None:
            self._ruled(self.played)
        self.player = None
        self.show = None
        self.rebuild()

    def update(self, dt: float) -> None:
        if self.player is None:
            return
        new = self.player.update(dt)
        if new and self.phase == "playing":
            self.app.sound.play_events(new)
        if self.player.done and self.phase == "playing":
            self._finish()

    def handle(self, event: pygame.event.Event) -> None:
        show = self.show
        if show is not None and show.mouse(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_t and \
                show is not None:
            self.toggle_trails()
            return
        if self.scroll_body(event) or self.common_key(event) or \
                (show is not None and show.key(event)) or \
                event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_x and self.played is not None and \
                self.phase != "playing":
            self.export()
        elif event.key == pygame.K_ESCAPE:
            if self.phase in ("playing", "replay"):
                self._skip()
            else:
                self.leave()
        elif event.key == pygame.K_SPACE:
            if self.phase == "intro" and self.sc.stroke is not None:
                self.watch()
            else:
                self.toggle_pause()
        elif event.key == pygame.K_p and self.phase != "playing":
            self.play_yourself()
        elif event.key == pygame.K_j:
            # J in a match opens the referee's calls (rules 23, 28); a
            # practice ruling is on the stroke as played, so say why not.
            self.app.notify(self.app.t("practice.no_calls"), 8.0, kind="info",
                            until_action=True)
        elif event.key == pygame.K_RIGHT and self.player is not None:
            self.player.playback.step(1)
        elif event.key == pygame.K_LEFT and self.player is not None:
            self.player.playback.step(-1)

    def ball_positions(self) -> Mapping[int, tuple[float, float, float]]:
        if self.player is not None:
            return self.player.positions()
        if self.phase == "ruling" and self.played is not None:
            return after_positions(self.played.shot, self.played.after)
        return table_positions(self.sc.position)

    def header(self) -> tuple[list[scoreboard.PlayerCard], list[str]]:
        if self.player is not None and not self.player.done:
            return self.board_before
        return super().header()

    def highlight(self) -> Iterable[int]:
        return self.player.highlight() if self.player is not None else ()

    def cushions(self) -> Iterable[str]:
        return self.player.cushions() if self.player is not None else ()

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self.show is not None:
            self.show.draw_under(surface, self.view, self.ball_positions())

    def draw_top(self, surface: pygame.Surface) -> None:
        if self.show is not None:
            self.show.draw_over(surface, self.view)

    def draw_strip(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if self.show is None:
            super().draw_strip(surface, rect)
        else:
            self.show.draw_timeline(surface, rect, self.short_hint())

    def inset_height(self, width: int) -> int:
        return self.show.inset_height(width) if self.show is not None else 0

    def draw_inset(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if self.show is not None:
            self.show.draw_inset(surface, rect)

    def pocket(self) -> str | None:
        return self.player.pocket() if self.player is not None else None

    def chips(self) -> list[str]:
        t = self.app.t
        out: list[str] = []
        if self.player is not None:
            pb = self.player.playback
            out.append(t("replay.status", speed=_speed(pb.speed), t=f"{pb.time:.2f}"))
            if pb.paused:
                out.append(t("replay.paused"))
            if self.player.current is not None and self.played is not None:
                for f in self.played.ruling.fouls:
                    if f.event_index is not None and \
                            self.played.shot.events[f.event_index] is \
                            self.player.current[1]:
                        out.append(cite(self.app.locale, f.code, f.ref))
        elif self.played is not None:
            out += shot_chips(self.app.locale, self.played.shot)
        return out

    def hint(self) -> str:
        return self.app.t("practice.hint")

    def short_hint(self) -> str:
        return self.app.t("practice.hint_short")


def _speed(v: float) -> str:
    return {0.25: "1/4", 0.5: "1/2", 1.0: "1×"}.get(v, f"{v:g}×")


def open_scenario_file(app: App, path: str | Path) -> bool:
    """Open a scenario file in practice mode; a bad file is a message in the
    window (and on stderr), never a crash."""
    import sys

    from simulator.practice.scenario import ScenarioError, load_scenario
    try:
        sc = load_scenario(path)
    except ScenarioError as e:
        print(f"kiy: {app.t('practice.bad_file', reason=str(e))}", file=sys.stderr)
        msg = app.t("practice.bad_file",
                    reason=file_reason_text(app.locale, e, Path(path).name))
        to_practice_list(app)
        app.open("message", title=app.t("practice.bad_file_title"), body=msg)
        return False
    app.switch(ScenarioMode(app, sc))
    if sc.repaired > 0:  # said, not hidden (simulator.table.resting.settle)
        app.notify(app.t("practice.repaired", um=f"{sc.repaired * 1e6:.0f}"), 8.0)
    return True
