"""What a play-test found: F during the computer's turn, the computer having
just played (a foul, and the person had it play again), was refused with
"No shot of the computer's to call a foul on yet". A choice made on the
computer's shot no longer hides that shot from a call (Express 2.6: the
offended player's option; general rule 24: one penalty for its fouls);
the refusal comes only when there is no shot of the computer's to call,
in words that say which."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rules.codes import code_by_id
from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.app.screens.computer_turn import ComputerMode
from simulator.app.text.words import choice_label, choice_rule, cite
from tests.app.helpers import (
    click_button,
    frame,
    gordon_after_annas_miss,
    key,
    make_app,
    run_until,
)
from tests.app.test_playfix10_flow import _Frames

TITLE = {"en": "Foul on {name}'s last shot", "ru": "Фол на последнем ударе: {name}"}
SHORT = {"en": "{name}'s last shot", "ru": "Последний удар (игрок: {name})"}


def express_with_gordon(monkeypatch: pytest.MonkeyPatch, app: App) -> Session:
    """Express: Anna, Boris and Gordon (a computer) at a set position,
    Gordon to shoot; his stroke goes the wrong way at a crawl and touches
    no ball (a foul, SEED-E 2.6). Each of his shots shown at once."""
    from rules.referee import Match
    from rules.ruling import Declarations
    from simulator.app.match import computer
    from simulator.players.player import ShotDecision
    from simulator.practice.scenario import parse_scenario
    from simulator.table.events import Stroke

    draft = {"format": "kiy-scenario", "version": 1, "id": "called",
             "discipline": "express", "players": 3,
             "title": {"en": "Called", "ru": "Фол"},
             "balls": {"0": [0.5, 0.9], "1": [2.0, 0.9], "2": [2.5, 0.5]},
             "state": {"is_break": False, "shooter": 2}}
    m = Match.from_state(["Anna", "Boris", "cpu:club:Gordon"], "express",
                         parse_scenario(draft).game, {}, seed=1)
    stroke = Stroke(direction=-2.5, speed=0.4)  # away from every ball
    d = ShotDecision(place=None, intended=stroke, stroke=stroke,
                     declarations=Declarations(), kind="safety", target=None,
                     pocket=None, success=0.0, value=0.0, simulations=1, considered=1)
    monkeypatch.setattr(computer, "think_shot",
                        lambda match, player: _Frames(d, 2))
    s = Session(m, app.locale)
    s.watch = "skip"
    app.session = s
    next_step(app)
    frame(app)
    return s


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_f_calls_a_foul_on_the_computers_shot_after_a_choice(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Gordon's stroke touches no ball; Anna has him shoot again; during his
    turn she presses F: the dialog is about Gordon's last shot, and the
    touched ball she calls is charged to him with the foul he made (one
    penalty, general rule 24: 25 points); she chooses again."""
    from rules.ruling import Choice
    app = make_app(lang, (1280, 720))
    try:
        s = express_with_gordon(monkeypatch, app)
        run_until(app, lambda: bool(s.match.history), limit=3000)
        frame(app, n=3)
        shot = s.match.rulings[0]
        assert shot is not None and shot.shooter == 2 and shot.chooser == 0
        assert [f.code.id for f in shot.fouls] == ["express.foul.no_contact"]
        force = choice_label(s.locale, Choice.FORCE_OFFENDER,
                             choice_rule(s.discipline, Choice.FORCE_OFFENDER, shot))
        click_button(app, force)
        frame(app, n=2)
        assert app.mode is not None and isinstance(app.mode, ComputerMode)
        assert s.match.history[-1].get("type") == "choice"
        key(app, pygame.K_f)
        assert app.toast is None, app.toast
        d: Any = app.dialogs[-1] if app.dialogs else None
        assert d is not None and d.kind == "fouls"
        assert d.title in (TITLE[lang].format(name="Gordon"),
                           SHORT[lang].format(name="Gordon")), d.title
        label = cite(s.locale, code_by_id("express.foul.touched_ball"))
        assert label in [lb for lb, _fn in d.button_specs], d.button_specs
        click_button(app, label)
        frame(app, n=2)
        r = s.last_ruling
        assert r is not None and r.shooter == 2
        assert sorted(f.code.id for f in r.fouls) == [
            "express.foul.no_contact", "express.foul.touched_ball"]
        assert s.match.state.scores == (30, 30, 25)
        assert s.req is not None and s.req.pending and r.chooser == 0
        # His statistics read the shot once, as the call judged it.
        gordon = s.stats()[2]
        assert (gordon.fouls, gordon.innings) == (1, 1), gordon
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_f_before_the_computer_has_played_says_so(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Gordon's first turn, nothing played yet: F is refused in words that
    name him and say he has not played."""
    app = make_app(lang, (1280, 720))
    try:
        express_with_gordon(monkeypatch, app)
        monkeypatch.setattr(ComputerMode, "think_slice", lambda self: None)
        frame(app)
        assert isinstance(app.mode, ComputerMode)
        key(app, pygame.K_f)
        assert not app.dialogs
        assert app.toast is not None
        assert app.toast[0] == app.t("fouls.no_shot", name="Gordon")
        assert "Gordon" in app.toast[0]
    finally:
        pygame.display.quit()


def test_f_after_a_persons_shot_says_whose_it_was(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """8-ball: Anna misses (a legal shot) and Gordon's turn begins: F finds
    no shot of Gordon's to call and says the last one was Anna's."""
    app = make_app("en")
    try:
        s = gordon_after_annas_miss(monkeypatch, app, think_frames=400)
        assert s.last_ruling is not None and s.last_ruling.shooter == 0
        key(app, pygame.K_f)
        assert not app.dialogs and app.toast is not None
        assert app.toast[0] == app.t("fouls.not_theirs", name="Gordon", person="Anna")
    finally:
        pygame.display.quit()
