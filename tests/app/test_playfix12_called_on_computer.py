"""A foul the referee saw in the computer's last shot, called with F (general
rules 3, 11, 19, 33; 14.1 7.5): the dialog names whose shot it is and lists
that stroke's fouls; the ruling charges the computer, whoever is at the table
now (its run ends, the incoming person gets what the rule gives); undo takes
back the call alone."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from rules.ruling import Declarations, Ruling
from simulator.app.dialogs.referee_calls import call_words
from simulator.app.match import computer
from simulator.app.match.session import Session
from simulator.app.table.aim import Aim, angle_to, power_of
from simulator.app.text.words import cite
from simulator.physics import simulate
from simulator.players.player import ShotDecision
from simulator.table.events import Stroke
from tests.app.helpers import (
    button_labels,
    click_button,
    computer_match_at,
    frame,
    key,
    make_app,
    run_until,
)

TITLE = {"en": "Foul on {name}'s last shot", "ru": "Фол на последнем ударе: {name}"}
# A low window's shorter title (every choice in view without a scroll).
SHORT = {"en": "{name}'s last shot", "ru": "Последний удар (игрок: {name})"}
FOUL_BY = {"en": "Foul by {name}", "ru": "Фол: {name}"}


class _Decided:
    """A computer's decision made at once (computer.think_shot's answer)."""

    def __init__(self, decision: ShotDecision) -> None:
        self.result = decision
        self.simulations = decision.simulations

    def advance(self, seconds: float) -> bool:
        return True


def plays_a(monkeypatch: pytest.MonkeyPatch, wanted: Callable[[Ruling], bool]) -> None:
    """The computer plays the first plain stroke at a ball whose ruling is
    ``wanted`` (a miss, a foul): its own choice depends on its search, and
    a better search must not take the test's premise away."""

    def think(match: Any, player: int) -> _Decided:
        table = match.table()
        cue = table.position(0)
        for b in sorted(on_table_of(table)):
            ball = table.position(b)
            aim = math.degrees(math.atan2(ball[1] - cue[1], ball[0] - cue[0]))
            for off in (0.0, 2.0, -2.0, 5.0, -5.0):
                for speed in (0.3, 0.5, 0.8, 1.2, 1.8, 2.5):
                    st = Stroke(direction=(aim + off) % 360, speed=speed)
                    if wanted(match.judge(simulate(table, st))):
                        return _Decided(ShotDecision(
                            None, st, st, Declarations(), "safety", None, None,
                            0.0, 0.0, 1, 1))
        raise AssertionError("no stroke gives the wanted ruling")

    monkeypatch.setattr(computer, "think_shot", think)


def after_computer_shot(lang: str, disc: str, cpu: str,
                        size: tuple[int, int] = (800, 500)) -> tuple[Any, Session]:
    """Anna misses (a legal shot) at a set position; the computer ``cpu``
    plays its shot (what ``plays_a`` set, if it did); returns once it is
    judged (the window ``size``)."""
    balls: dict[str, list[float]] = {"0": [0.6, 0.6], "1": [1.2, 0.62]}
    if disc == "8-ball":
        balls |= {"9": [2.2, 0.4], "10": [2.0, 1.0], "8": [1.9, 0.5]}
        state: dict[str, Any] = {"is_break": False, "groups": ["solids", "stripes"]}
    else:
        balls |= {"2": [2.2, 0.4], "3": [2.0, 1.0], "4": [1.9, 0.5],
                  "5": [1.5, 0.3]}
        state = {"is_break": False}
    draft = {"format": "kiy-scenario", "version": 1, "id": "called",
             "discipline": disc, "players": 2, "title": {"en": "Called", "ru": "Фол"},
             "balls": balls, "state": state}
    app = make_app(lang, size)
    s = computer_match_at(app, draft, ["Anna", cpu])
    s.aim = Aim(angle_to((0.6, 0.6), (1.2, 0.62)), power_of(2.0))
    frame(app, n=2)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: len(s.match.history) >= 2, limit=6000)
    frame(app, n=3)
    first = s.match.rulings[0]
    assert first is not None and not first.fouls and first.next_shooter == 1
    return app, s


def on_table_of(table: Any) -> set[int]:
    return {b.ball for b in table.balls if b.ball and b.where.value == "table"}


def on_table(s: Session) -> set[int]:
    return on_table_of(s.match.table())


def call_touched_ball(app: Any, s: Session, lang: str) -> None:
    """F, then the foul of touching a ball (general rule 19): the dialog is
    about the computer's last shot, in its words."""
    key(app, pygame.K_f)
    assert app.dialogs and app.dialogs[-1].kind == "fouls"
    d = app.dialogs[-1]
    low = app.size[1] < 600
    assert d.title == (SHORT if low else TITLE)[lang].format(name=s.name(1)), d.title
    from rules.codes import code_by_id
    label = cite(s.locale, code_by_id("foul.touched_ball"))
    assert label in [lb for lb, _fn in d.button_specs], d.button_specs
    click_button(app, label)
    frame(app, n=2)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_foul_called_on_the_computers_run_in_8_ball(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Gordon pots a stripe and thinks over his next shot; Anna presses F:
    the dialog is "Foul on Gordon's last shot"; she calls a touched ball.
    The referee charges Gordon (8-ball 11): his run ends, the ball he potted
    stays down, Anna has the cue ball in hand anywhere; the card says "Foul
    by Gordon". Undo takes back the call alone: Gordon's pot stands and he
    plays on."""
    from simulator.app.match import computer
    # (thinking by frames, not by the wall clock: on an idle machine he had
    # struck his next shot before Anna pressed F)
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app, s = after_computer_shot(lang, "8-ball", "cpu:club:Gordon", (1280, 720))
    try:
        shot = s.match.rulings[1]
        assert shot is not None and shot.shooter == 1 and not shot.fouls
        assert app.mode is not None and app.mode.name == "computer"
        left = on_table(s)
        assert len(left) < 4  # he potted one
        call_touched_ball(app, s, lang)
        r = s.last_ruling
        assert r is not None and r.shooter == 1 and r.next_shooter == 0
        assert [f.code.id for f in r.fouls] == ["foul.touched_ball"]
        assert r.ball_in_hand.value == "anywhere"
        assert on_table(s) == left  # the ball he potted stays down
        assert s.req is not None and s.req.shooter == 0
        run_until(app, lambda: app.mode is not None and app.mode.name == "placing")
        assert s.banner is not None
        assert s.banner.title == FOUL_BY[lang].format(name=s.name(1))
        assert len(s.match.history) == 3
        assert not app.errors
        key(app, pygame.K_u)
        frame(app, n=2)
        assert len(s.match.history) == 2
        assert s.match.rulings[-1] is shot
        assert s.req is not None and s.req.shooter == 1
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_foul_called_after_the_computers_miss_in_14_1(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """14.1: the computer misses and Anna is at the table when she presses
    F: the dialog is still about the computer's last shot (not "Anna at the
    table"); the touched ball costs the computer a point (14.1 11), Anna
    stays at the table. Undo takes back the call, not the computer's shot."""
    plays_a(monkeypatch, lambda r: not r.fouls and not r.scored and r.next_shooter == 0)
    app, s = after_computer_shot(lang, "14.1", "cpu:beginner")
    try:
        assert app.mode is not None and app.mode.name == "aiming"
        assert s.req is not None and s.req.shooter == 0
        assert s.match.state.scores == (0, 0)
        call_touched_ball(app, s, lang)
        r = s.last_ruling
        assert r is not None and r.shooter == 1 and r.next_shooter == 0
        assert s.match.state.scores == (0, -1)
        assert s.req is not None and s.req.shooter == 0
        assert s.banner is not None
        assert s.banner.title == FOUL_BY[lang].format(name=s.name(1))
        assert app.mode is not None and app.mode.name == "aiming"
        key(app, pygame.K_u)
        frame(app, n=2)
        assert len(s.match.history) == 2 and s.match.state.scores == (0, 0)
        assert s.req is not None and s.req.shooter == 0
        assert not app.errors
    finally:
        pygame.display.quit()


def test_the_computers_ball_does_not_count_on_a_called_foul_in_14_1() -> None:
    """14.1: Gordon pots a ball (a point) and plays on; Anna calls a touched
    ball on that shot: the stroke was a foul, so the ball is not counted
    (14.1 8) and he loses a point (11): -1, not 0; his run ends. The match's
    statistics and the shot's replay read the shot as the call judged it
    (one foul, no ball); undone, as it was."""
    app, s = after_computer_shot("en", "14.1", "cpu:club:Gordon")
    try:
        assert s.match.state.scores == (0, 1)
        shot = s.shots[-1][1]
        call_touched_ball(app, s, "en")
        assert s.match.state.scores == (0, -1)
        assert s.req is not None and s.req.shooter == 0
        gordon = s.stats()[1]
        assert (gordon.fouls, gordon.potted, gordon.innings) == (1, 0, 1)
        assert s.shots[-1][1] is s.last_ruling
        key(app, pygame.K_u)
        frame(app, n=2)
        assert s.shots[-1][1] is shot
        gordon = s.stats()[1]
        assert (gordon.fouls, gordon.potted) == (0, 1)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_foul_called_on_a_computers_foul_is_charged_once(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """8-ball: the computer's shot is already a foul (no rail after the
    contact) and Anna has the cue ball in hand; she calls a touched ball on
    it as well: one foul penalised (general rule 24), both listed, the card
    marks the penalised one; Anna still has the ball in hand."""
    plays_a(monkeypatch, lambda r: [f.code.id for f in r.fouls] == ["foul.no_rail"])
    app, s = after_computer_shot(lang, "8-ball", "cpu:beginner")
    try:
        shot = s.match.rulings[1]
        assert shot is not None and [f.code.id for f in shot.fouls] == ["foul.no_rail"]
        call_touched_ball(app, s, lang)
        r = s.last_ruling
        assert r is not None and r.shooter == 1
        assert sorted(f.code.id for f in r.fouls) == ["foul.no_rail",
                                                      "foul.touched_ball"]
        assert s.req is not None and s.req.shooter == 0
        assert s.req.ball_in_hand.value == "anywhere"
        assert s.banner is not None
        marked = [ln for ln in s.banner.lines if s.locale.t("banner.penalised") in ln]
        assert len(marked) == 1, s.banner.lines
        # The same foul is not called twice on one shot.
        key(app, pygame.K_f)
        from rules.codes import code_by_id
        label = cite(s.locale, code_by_id("foul.touched_ball"))
        assert label not in button_labels(app)
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_rule_23_after_the_computers_jump(lang: str) -> None:
    """9-ball: the computer's cue ball jumps and lands back on the bed; at
    Anna's turn J offers rule 23 on that shot: the cue ball called jumped
    is the computer's foul (Anna in hand anywhere), and F after it is still
    about the computer's shot."""
    from rules.codes import Note
    from rules.referee import Match
    from simulator.app.match.turns import next_step
    from simulator.physics import simulate
    from simulator.practice.gallery import entries
    sc = next(e for e in entries() if e.id == "gallery-illegal-jump").scenario
    app = make_app(lang)
    try:
        m = Match.from_state(["cpu:beginner", "Anna"], sc.discipline, sc.game, {},
                             seed=1)
        assert m.requirements().shooter == 0
        s = Session(m, app.locale)
        s.watch = "skip"
        app.session = s
        assert sc.stroke is not None
        s.apply(simulate(m.table(), sc.stroke), sc.declarations)  # its stroke
        next_step(app)
        frame(app, n=3)
        key(app, pygame.K_j)
        assert app.dialogs and app.dialogs[-1].kind == "referee"
        click_button(app, call_words(app, "referee.jumped"))
        click_button(app, app.t("referee.cue_ball"))
        frame(app)
        r = s.last_ruling
        assert r is not None and r.shooter == 0 and r.fouls
        assert any(n.code is Note.JUMPED_CALLED for n in r.notes)
        assert s.req is not None and s.req.shooter == 1
        assert s.req.ball_in_hand.value == "anywhere"
        assert app.mode is not None and app.mode.name == "placing"
        key(app, pygame.K_f)
        assert app.dialogs and app.dialogs[-1].kind == "fouls"
        assert app.dialogs[-1].title == TITLE[lang].format(name=s.name(0))
        assert not app.errors
    finally:
        pygame.display.quit()
