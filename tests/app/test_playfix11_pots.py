"""What an eleventh play-test found in a window against the computer: the
line that sums up a person's shot said "no ball potted" when balls had gone
down, on a scratched break (the cue ball, the 3 and the 12 in) and on an
uncalled pot (the 5, not counted but left in the pocket). The line names
every ball that dropped and says what the referee made of them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from rules.ruling import Declarations
from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.app.screens.computer_turn import ComputerMode
from simulator.app.table.aim import Aim, angle_to, power_of
from tests.app.helpers import (
    against_gordon,
    computer_match_at,
    drawn_words,
    frame,
    key,
    make_app,
    run_until,
)

CASES = Path(__file__).parents[1] / "rules"


class _Pondering:
    """A computer's thinking that never ends: its turn stays on the screen
    whose top line sums up the person's shot."""

    result = None
    simulations = 0

    def advance(self, seconds: float) -> bool:
        return False


def _ponder(monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer's shots and choices are never decided."""
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "think_shot", lambda m, p: _Pondering())
    monkeypatch.setattr(computer, "think_choice", lambda m, p: _Pondering())


def _balls(app: App, *balls: int) -> str:
    return ", ".join(app.t("strip.cue_ball") if b == 0 else str(b) for b in balls)


def _thinking_words(app: App) -> str:
    """The window once the computer thinks: a foul's card read (Continue),
    a plain shot's held card gone by itself."""
    def thinking() -> bool:
        mode = app.mode
        if isinstance(mode, ComputerMode) and mode.phase == "waiting":
            key(app, pygame.K_SPACE)
        return isinstance(mode, ComputerMode) and mode.phase == "thinking" \
            and not mode.holding()
    run_until(app, thinking, limit=1500)
    frame(app, n=2)
    return drawn_words(app)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_scratched_break_names_the_balls_that_dropped(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Anna breaks the rack (8-ball) and scratches: the cue ball, the 6 and
    the 3 go down. Gordon thinks; the top line sums up her break as "Foul:
    Anna · potted 6, 3 (not counted, left in the pockets); the cue ball went
    down too" (8-ball rule 5: the balls stay down), never "no ball potted"."""
    _ponder(monkeypatch)
    app = make_app(lang)
    try:
        s = against_gordon(app, race_to=2)
        mode = app.mode
        assert mode is not None and mode.name == "placing"
        mode.move((0.55, 0.8))  # type: ignore[attr-defined]
        frame(app, n=30)
        key(app, pygame.K_RETURN)
        assert app.mode is not None and app.mode.name == "aiming"
        apex = s.table.position(6)
        assert apex is not None
        s.aim = Aim(angle_to((0.55, 0.8), apex) - 2.0, power_of(8.967))
        app.mode.key_lock = pygame.mouse.get_pos()  # type: ignore[attr-defined]
        frame(app, n=2)
        key(app, pygame.K_SPACE)
        run_until(app, lambda: bool(s.match.history), limit=6000)
        r = s.last_ruling
        assert r is not None and r.shooter == 0 and r.next_shooter == 1
        assert [f.code.id for f in r.fouls] == ["foul.scratch"] and not r.scored
        words = _thinking_words(app)
        # (the object balls' fate said of them, the cue ball after it)
        pots = app.t("pots.potted", balls=_balls(app, 6, 3), n=2) + \
            f" ({app.t('pots.all_down', n=2)})"
        said = app.t("cpu.person_pots", title=app.t("banner.foul", name="Anna"),
                     pots=app.t("pots.cue_too", pots=pots))
        assert said in words, words
        assert app.t("pots.none") not in words
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_uncalled_pot_names_the_ball_left_in_the_pocket(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Anna (solids) plays the 1 into the 5 without a call and the 5 drops in
    the side pocket: not counted (8-ball rule 2), it stays down, and the turn
    is Gordon's. Her held card's top line and then the line kept while Gordon
    thinks both say the 5 went down and stays there, not "no ball potted"."""
    _ponder(monkeypatch)
    app = make_app(lang)
    try:
        mid = 1.27
        draft = {"format": "kiy-scenario", "version": 1, "id": "combo",
                 "discipline": "8-ball", "players": 2,
                 "title": {"en": "Combination", "ru": "Комбинация"},
                 "balls": {"0": [mid, 0.95], "1": [mid, 0.65], "5": [mid, 0.35],
                           "9": [2.2, 0.4], "10": [2.0, 1.0], "8": [1.9, 0.5]},
                 "state": {"is_break": False, "shooter": 0,
                           "groups": ["solids", "stripes"]}}
        s = computer_match_at(app, draft, ["Anna", "cpu:club:Gordon"])
        s.aim = Aim(270.0, power_of(1.5))
        app.mode.key_lock = pygame.mouse.get_pos()  # type: ignore[attr-defined]
        frame(app, n=2)
        key(app, pygame.K_SPACE)
        run_until(app, lambda: bool(s.match.history), limit=6000)
        r = s.last_ruling
        assert r is not None and not r.fouls and not r.scored and r.next_shooter == 1
        assert "note.call_required" in r.codes()
        pots = app.t("pots.potted", balls="5", n=1) + \
            f" ({app.t('pots.all_down', n=1)})"
        run_until(app, lambda: isinstance(app.mode, ComputerMode)
                  and app.mode.holding(), limit=600)
        frame(app, n=2)
        held = drawn_words(app, folded=True)
        # (the held card's title says what her stroke came to)
        assert app.t("cpu.person_pots", title=app.t("banner.legal", name="Anna"),
                     pots=pots) in held, held
        assert app.t("pots.none") not in held
        words = _thinking_words(app)
        said = app.t("cpu.person_pots", title=app.t("banner.legal", name="Anna"),
                     pots=pots)
        assert said in words, words
        assert app.t("pots.none") not in words
    finally:
        pygame.display.quit()


def _golden(name: str) -> tuple[str, Any, Any, Declarations]:
    """A golden case of the referee (a position, an event log, the calls):
    its game, start state, shot and declarations."""
    from rules.case import load_case
    case = load_case(json.loads((CASES / "cases" / f"{name}.json").read_text(
        encoding="utf-8")))
    step = case.steps[0]
    return case.discipline.name, case.state, step.shot, step.declarations


def _express(name: str) -> tuple[str, Any, Any, Declarations]:
    from rules.express_case import load_case
    for path in sorted((CASES / "express_cases").glob("*.json")):
        for data in json.loads(path.read_text(encoding="utf-8")):
            if data["name"].startswith(name):
                case = load_case(data)
                step = case.plays[0]
                shot = step.shot or step.shot_of(case.start)  # type: ignore[misc]
                return case.discipline.name, case.start, shot, step.declarations
    raise AssertionError(name)


# (game's case, the balls that dropped, the words for what becomes of them)
OTHER_GAMES = [
    # 9-ball 6: a foul; the 1 stays down, the cue ball in hand.
    (lambda: _golden("n9_06_balls_on_foul_stay_down"), (1, 0), ("all_down", ())),
    # 9-ball 6: the 9 on a foul is spotted.
    (lambda: _golden("n9_06_nine_on_foul_spotted"), (9,), ("all_back", ())),
    # 14.1 1: a ball pocketed without its call is spotted, no point.
    (lambda: _golden("s14_01_uncalled_ball_spotted_no_point"), (3,),
     ("all_back", ())),
    # 14.1 13: the called ball pocketed on a scratch is spotted.
    (lambda: _golden("s14_13_called_ball_on_foul_spotted"), (3, 0), ("all_back", ())),
    # Express 2.6: balls pocketed on a foul are spotted.
    (lambda: _express("balls pocketed on a foul do not count"), (9, 5),
     ("all_back", ())),
]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("case,dropped,fate", OTHER_GAMES,
                         ids=["9-ball foul", "9-ball nine spotted", "14.1 uncalled",
                              "14.1 foul spotted", "Express foul"])
def test_other_games_name_the_balls_down_on_a_foul_or_spotted(
        lang: str, case: Any, dropped: tuple[int, ...], fate: tuple[str, Any],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """9-ball, 14.1 and Express: a person's shot from the referee's golden
    cases (a foul with balls down, a ball pocketed and spotted), played
    against a computer seat: the line kept while it thinks names the balls
    that dropped and what becomes of them, never "no ball potted"."""
    from rules.referee import Match
    _ponder(monkeypatch)
    game, state, shot, decl = case()
    app = make_app(lang)
    try:
        names = ["Anna", *(f"cpu:club:Gordon{i}" for i in range(1, state.players))]
        m = Match.from_state(names, game, state, {}, seed=1)
        s = Session(m, app.locale)
        s.watch = "skip"
        app.session = s
        next_step(app)
        frame(app)
        r = s.apply(shot, decl)
        assert r.shooter == 0 and (r.chooser or r.next_shooter) != 0
        next_step(app)
        words = _thinking_words(app)
        kind, balls = fate
        objects = [b for b in dropped if b]
        pots = app.t("pots.potted", balls=_balls(app, *objects), n=len(objects))
        assert pots in words, words
        what = app.t(f"pots.{kind}", balls=_balls(app, *balls), n=len(balls) or
                     len(objects))
        said = f"{pots} ({what})"
        if 0 in dropped:  # the cue ball said after the others' fate
            said = app.t("pots.cue_too", pots=said)
        assert said in words, words
        assert app.t("pots.none") not in words
    finally:
        pygame.display.quit()
