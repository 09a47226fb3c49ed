"""Play-test pt21: the hint's and the computer's odds said as a player says
them; F on the computer's last shot while it is at the table; its watch
speeds at 800x500."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match import computer
from simulator.app.screens.computer_turn import ComputerMode
from simulator.app.text.i18n import Locale
from tests.app.helpers import click, drawn_words, frame, key, make_app, run_until
from tests.app.scenes import LANGS


def flat(text: str) -> str:
    return " ".join(text.split())


# -- 1. odds, not counts --------------------------------------------------------

WORDS = {
    "en": {0.0: "almost never", 0.04: "rarely, under 1 in 10", 0.5: "about 5 in 10",
           0.83: "about 8 in 10", 1.0: "almost certain"},
    "ru": {0.0: "почти никогда", 0.04: "редко, меньше 1 из 10", 0.5: "примерно 5 из 10",
           0.83: "примерно 8 из 10", 1.0: "почти наверняка"},
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_odds_in_a_players_words(lang: str) -> None:
    """The share of simulated tries that potted a ball, said as odds a
    person reads ("301 of 301 simulated tries potted it" was a count); the
    count behind them in the noun's plural form (из 301 пробного удара,
    из 300 пробных ударов)."""
    loc = Locale(lang)
    for share, words in WORDS[lang].items():
        assert computer.chance_words(loc, share) == words
    tries = {"en": ("252 of 301 simulated tries potted it",
                    "the one simulated try potted it, but one try is too few "
                    "to be sure"),
             "ru": ("Забит в 252 из 301 пробного удара",
                    "Забит в 26 из 300 пробных ударов")}[lang]
    assert computer.tries_words(loc, 252 / 301, 301) == tries[0]
    assert computer.tries_words(loc, 1.0 if lang == "en" else 26 / 300,
                                1 if lang == "en" else 300) == tries[1]


def test_the_computer_says_its_odds_where_it_names_the_pot() -> None:
    """The computer's own line: "Calls 5 in the right side pocket (about 8
    in 10)", the count last; a pot no try made: "(almost never)"."""
    from rules.ruling import Declarations
    from simulator.players.player import ShotDecision
    from simulator.table.events import Stroke
    stroke = Stroke(direction=10.0, speed=2.0)
    for lang in LANGS:
        loc = Locale(lang)
        for share, words in WORDS[lang].items():
            d = ShotDecision(None, stroke, stroke, Declarations(
                called_ball=5, called_pocket="side_right"), "pot", 5, "side_right",
                share, 0.3, 300, 12, tries=300)
            lines = computer.shot_lines(loc, d, str, 0.028575)
            assert lines[0].endswith(f"({words})"), lines
            assert lines[-1] == computer.tries_words(loc, share, 300)


def hint_shown(game: str, lang: str, size: tuple[int, int]) -> tuple[App, Any]:
    """The scene after a shot with its ruling card (``--screen banner``), the
    hint asked for (I) and found; Express (whose scene waits for a choice):
    three players at a scattered position, its hint a pot about 1 in 10."""
    from tests.app.scenes import open_scene
    if game == "express":
        return express_hint(lang, size)
    app = open_scene("banner", game, lang, size)
    s = app.session
    assert s is not None
    if app.mode is not None and app.mode.name == "placing":
        key(app, pygame.K_RETURN)
    key(app, pygame.K_i)
    run_until(app, lambda: s.hint is not None, limit=8000)
    frame(app, n=2)
    return app, s.hint


_EXPRESS: list[Any] = []  # its hint, found once (the same for every window)


def express_hint(lang: str, size: tuple[int, int]) -> tuple[App, Any]:
    import random

    from simulator.app.screens.shot_input import as_struck
    from simulator.players.hint import suggest
    from tests.app.helpers import watched_session
    from tests.players.helpers import discipline, scattered, state_of
    app = make_app(lang, size)
    state = state_of("express", scattered("express", random.Random(3), 9))
    s = watched_session(app, ["Anna", "Boris", "Vera"], "express", {}, state=state)
    if not _EXPRESS:
        _EXPRESS.append(as_struck(suggest(discipline("express"), state, 2)))
    s.hint = _EXPRESS[0]
    frame(app, n=2)
    return app, s.hint


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["8-ball", "14.1", "express"])
def test_the_hint_card_says_its_odds(game: str, lang: str,
                                     size: tuple[int, int]) -> None:
    """The hint's pot, on its card beside the ruling card, says how likely
    it goes in, in words (14.1 at 800x500 showed the call alone: the lines
    under it were out of room)."""
    app, hint = hint_shown(game, lang, size)
    try:
        d = hint.given_up or hint.decision
        said = flat(drawn_words(app, "side"))
        assert d.simulations > 0
        # (where the pot is named: the first of the hint's lines)
        # (out of the stroke's own tries: 4 of 4 here is "likely", no more)
        odds = app.t("odds.after", chance=computer.chance_words(
            app.locale, d.success, d.tries))
        assert flat(odds) in said, said
        assert flat(app.mode.hint_lines()[0]).endswith(flat(odds))  # type: ignore[union-attr]
        assert not app.errors
    finally:
        pygame.display.quit()


# -- 2. F on the computer's last shot while it is at the table ------------------

def gordon_pots(monkeypatch: pytest.MonkeyPatch, app: App, watch: str = "skip",
                think_frames: int = 40) -> Any:
    """8-ball: Gordon (a computer, stripes) pots the 10 in the foot corner
    and stays at the table; each of his searches takes ``think_frames``
    frames (his next stroke, the same one, then rolls at ``watch``)."""
    from tests.app.test_playfix10_flow import _computer_to_shoot
    s = _computer_to_shoot(monkeypatch, app, watch, think_frames=think_frames,
                           speed=2.0, direction=-30.47, shooter=1,
                           balls={"0": [1.855, 0.403], "10": [2.2, 0.2],
                                  "1": [0.6, 1.0], "9": [0.9, 0.9], "8": [1.2, 1.1]})
    run_until(app, lambda: len(s.match.history) == 1, limit=3000)
    frame(app, n=2)
    r = s.last_ruling
    assert r is not None and r.shooter == 1 and not r.fouls and r.next_shooter == 1
    return s


@pytest.mark.parametrize("lang", LANGS)
def test_f_while_the_computer_thinks_calls_its_last_shot(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Gordon potted the 10 and thinks his next shot: F opens the foul list
    for his last shot, his thinking paused while it is open; a foul called
    (the touched ball) re-judges that shot: his foul, Anna's ball in hand."""
    from rules.codes import code_by_id
    from simulator.app.text.words import cite
    app = make_app(lang)
    try:
        s = gordon_pots(monkeypatch, app)
        mode = app.mode
        assert isinstance(mode, ComputerMode) and mode.phase == "thinking"
        done = mode.job.simulations
        key(app, pygame.K_f)
        assert app.toast is None, app.toast
        d: Any = app.dialogs[-1] if app.dialogs else None
        assert d is not None and d.kind == "fouls"
        assert "Gordon" in d.title
        frame(app, n=30)
        assert app.mode is mode and mode.phase == "thinking"
        assert mode.job.simulations == done  # it waits for the call
        label = next(lb for lb, _fn in d.button_specs
                     if lb == cite(s.locale, code_by_id("foul.touched_ball")))
        from tests.app.helpers import click_button
        click_button(app, label)
        frame(app, n=3)
        r = s.last_ruling
        assert r is not None and r.shooter == 1
        assert "foul.touched_ball" in [f.code.id for f in r.fouls]
        assert r.next_shooter == 0 and s.match.state.shooter == 0
        assert str(s.req.ball_in_hand.value) != "none"  # type: ignore[union-attr]
        assert not isinstance(app.mode, ComputerMode)
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_f_while_the_computers_next_stroke_rolls_says_why_not(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Gordon's next stroke is rolling (watched at 1×): the call on the shot
    before stood until that stroke; F says so, naming him, and the stroke
    rolls on."""
    from simulator.app.screens.computer_turn import ComputerPlayMode
    app = make_app(lang)
    try:
        gordon_pots(monkeypatch, app, watch="1", think_frames=3)
        run_until(app, lambda: isinstance(app.mode, ComputerPlayMode), limit=3000)
        frame(app, n=3)
        key(app, pygame.K_f)
        assert not app.dialogs
        assert app.toast is not None
        assert app.toast[0] == app.t("fouls.under_way", name="Gordon")
        assert "Gordon" in app.toast[0]
        assert not app.errors
    finally:
        pygame.display.quit()


# -- 3. the watch speeds at 800x500 ---------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_the_watch_speeds_are_there_during_the_countdown(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    """Anna's miss is held on her card before Gordon plays: 1×, 2×, 4× and
    Skip are drawn inside the side column, under the card (800x500 showed
    only "Go on now" and "Menu"), each whole; a click on each sets its
    speed, the card still held."""
    from simulator.app.match.computer import WATCH_SPEEDS
    from simulator.app.screens.computer_turn import watch_key
    from tests.app.test_playfix11_card import _held_after_a_miss
    app = make_app(lang, size)
    try:
        s, mode = _held_after_a_miss(monkeypatch, app)
        side = app.layout.side
        for want, _speed in WATCH_SPEEDS:
            b = next(b for b in app.buttons if b.ident == f"watch{want}")
            label = app.t("cpu.skip") if want == "skip" else f"{want}×"
            assert b.label == label and side.contains(b.rect), (b.rect, side)
            # its words whole, inside it
            assert any(t.shown == label and b.rect.contains(t.rect) for t in app.texts)
            card = mode.banner_rect
            assert card is not None and not card.colliderect(b.rect), (card, b.rect)
            assert not any(o is not b and o.rect.colliderect(b.rect)
                           for o in app.buttons)
            click(app, b.rect.center)
            frame(app)
            assert watch_key(app) == want and s.watch == want
            assert app.mode is mode and mode.holding()
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_tries_count_agrees_with_every_number(lang: str) -> None:
    """The count behind the odds in the noun's form for its number (Russian:
    genitive singular after a count ending in 1 but not 11: из 1, 21, 301
    пробного удара; из 11, 5, 2 пробных ударов), and a pot no try made said
    as none of them, not «Забит в 0 из 301»."""
    loc = Locale(lang)
    # (under FEW_TRIES the count says it is too few to be sure, plainly:
    # "1 of 1 simulated try (too few to be sure)" read oddly)
    few = {"ru": ", но этого мало, чтобы судить наверняка",
           "en": ", but 11 tries are too few to be sure"}[lang]
    ru = {1: "Забит в единственном пробном ударе" + few,
          21: "Забит в 1 из 21 пробного удара",
          301: "Забит в 1 из 301 пробного удара",
          11: "Забит в 1 из 11 пробных ударов" + few,
          5: "Забит в 1 из 5 пробных ударов" + few,
          2: "Забит в 1 из 2 пробных ударов" + few}
    en = {1: "the one simulated try potted it, but one try is too few to be sure",
          21: "1 of 21 simulated tries potted it",
          301: "1 of 301 simulated tries potted it"}
    for n, words in (ru if lang == "ru" else en).items():
        assert computer.tries_words(loc, 1 / n, n) == words
    none = {"ru": {301: "Не забит ни в одном из 301 пробного удара",
                   21: "Не забит ни в одном из 21 пробного удара",
                   11: "Не забит ни в одном из 11 пробных ударов" + few,
                   300: "Не забит ни в одном из 300 пробных ударов"},
            "en": {301: "none of 301 simulated tries potted it",
                   1: "the one simulated try missed, but one try is too few "
                      "to be sure",
                   11: "none of 11 simulated tries potted it" + few}}[lang]
    for n, words in none.items():
        assert computer.tries_words(loc, 0.0, n) == words
    assert not loc.fallbacks
