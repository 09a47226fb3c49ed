"""A practice situation as a match the game's screens can show, and the
referee's ruling on a shot from it (through ``simulator.practice``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from rules.codes import Note
from rules.ruling import RulesError
from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.screens.practice.practice_screen import Action
from simulator.app.text.i18n import Locale
from simulator.app.text.words import cited_rule, discipline_label, ref_text
from simulator.table.events import Shot

if TYPE_CHECKING:
    from rules.game import GameState
    from rules.referee import Match
    from rules.ruling import Declarations, Ruling
    from simulator.app.table.scoreboard import PlayerCard
    from simulator.practice.scenario import Scenario, ScenarioResult
    from simulator.table.state import TableState


class PracticeSession(Session):
    """A Session whose match starts at a scenario's position and game state.

    The scoreboard, the aiming and ball-in-hand screens work on it as on any
    match; it never writes the autosave (a practice position is no match to
    resume)."""

    def __init__(self, match: Match, locale: Locale, scenario: Scenario,
                 back: Action | None = None) -> None:
        self.scenario = scenario
        self.back = back
        super().__init__(match, locale)
        self.keep = False  # never the match "Continue" resumes
        self.call_given = False  # the situation's call put on the aim once

    def autosave(self) -> str | None:
        return None

    def scoreboard(self, ended: bool = False, race: bool = True,
                   shown: TableState | None = None
                   ) -> tuple[list[PlayerCard], list[str]]:
        """The scoreboard of the position alone: no race and no game's
        number (a stroke tried from the editor said "race to 5 · game 1",
        a match the position never was)."""
        return super().scoreboard(ended, race=False, shown=shown)


def forget_practice_session(app: App) -> None:
    """Leaving practice: the app holds no practice position as its match
    (it cannot be saved or resumed as one)."""
    if app.session is not None and not app.session.keep:
        app.session = None


def practice_session(app: App, sc: Scenario, back: Action | None = None
                     ) -> PracticeSession:
    from rules.referee import Match
    from rules.ruling import RulesError
    names = [app.t("setup.player_n", n=i + 1) for i in range(sc.players)]
    opts = dict(sc.data.get("options", {}) or {})
    # A position is one game, not a match's first: no race to play on
    # (a stroke tried from the editor opened "race to 5 · game 1").
    opts.setdefault("race_to", 1)
    # The match starts at the situation, with the scenario's own options.
    try:
        m = Match.from_state(names, sc.discipline, sc.game, opts, seed=1)
    except RulesError:
        m = Match.from_state(names, sc.discipline, sc.game, {}, seed=1)
    return PracticeSession(m, app.locale, sc, back)


def judge_result(sc: Scenario, shot: Shot, decl: Declarations | None = None
                 ) -> ScenarioResult:
    """The referee's ruling on a shot from the scenario's position, and the
    game state after it."""
    from simulator.practice.scenario import play_scenario
    scen = sc if decl is None else replace(sc, declarations=decl, choice=None)
    return play_scenario(scen, shot)


def judge(sc: Scenario, shot: Shot, decl: Declarations | None = None) -> Ruling:
    return judge_result(sc, shot, decl).ruling


def scenario_title(sc: Scenario, lang: str) -> str:
    return sc.title.get(lang)


def neutral_words(loc: Locale, sc: Scenario) -> str:
    """A situation said without its answer: the game and whether the stroke
    is a break ("8-ball, a break")."""
    kind = "quiz.kind_break" if sc.game.is_break else "quiz.kind_shot"
    return loc.t("quiz.neutral", game=discipline_label(loc, sc.discipline),
                 kind=loc.t(kind))


def situation_lines(loc: Locale, sc: Scenario) -> list[str]:
    """What the referee knows before the stroke and a quiz must say (none of
    it the answer): the ball in hand and where, a push-out declared, the call
    or the safety. The break is in the heading; the groups and fouls in a
    row on the cards."""
    out = []
    hand = getattr(getattr(sc.game, "ball_in_hand", None), "value", "none")
    if hand != "none" and not getattr(sc.game, "is_break", False):
        out.append(loc.t("quiz.before", facts=loc.t(f"bih.{hand}")))
    decl = sc.declarations
    if getattr(decl, "push_out", False):
        # Without it a stroke touching no ball looked like a plain foul.
        out.append(loc.t("quiz.before", facts=loc.t(
            "quiz.push_out_declared", rule=cited_rule(loc, Note.PUSH_OUT))))
    if getattr(decl, "called_ball", None) is not None:
        out.append(loc.t("call.made", ball=decl.called_ball,
                         pocket=loc.t(f"pocket_into.{decl.called_pocket}")))
    elif getattr(decl, "safety", False):
        out.append(loc.t("call.safety"))
    return out


def rule_line(loc: Locale, sc: Scenario) -> str:
    """The situation's rule in words; for a reading, what it was read to mean."""
    if sc.rule is None:
        return ""
    text = ref_text(loc, sc.rule)
    if text:
        return loc.t("practice.seed_rule", rule=text)
    from simulator.app.text.words import reading_text
    reading = reading_text(loc, sc.rule)
    return loc.t("ruling.reading", text=reading) if reading else ""


@dataclass(frozen=True)
class Played:
    shot: Shot
    ruling: Ruling
    own: bool  # played by the player (else the recorded stroke)
    after: GameState | None = None  # the referee's state after the shot
    after_choice: GameState | None = None  # after the scenario's [choice]
    choice_error: RulesError | None = None  # the referee refused the recorded choice
