"""How sure a pot is, counted by the chosen stroke's own tries: the
computer's words and the hint's said «Забит в 300 из 300 пробных ударов»,
the stroke's share of hits times every simulation of the decision, where
the stroke itself had been tried 73 to 116 times, or as few as 4 to 12
(the final check falling back to a less-tried stroke): read as certainty
measured 300 times. The count shown is now that stroke's own, and a small
one is said to be too few to be sure."""

from __future__ import annotations

import re

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match import computer
from simulator.app.screens.computer_turn import ComputerMode
from simulator.players.player import ShotDecision
from simulator.practice.scenario import parse_scenario
from tests.app.helpers import (
    banner_hint,
    drawn_words,
    frame,
    key,
    make_app,
    run_until,
    watched_session,
)

LANGS = ("en", "ru")
# An 8-ball position with the computer (solids) to play: the 1 near the
# corner pocket and two other pots on.
BALLS = {"0": [0.9, 0.6], "1": [2.2, 1.0], "2": [1.6, 0.35], "3": [1.8, 0.9],
         "9": [1.3, 0.9], "10": [2.0, 0.3], "8": [1.2, 0.3]}


def shown_count(loc: object, words: str, d: ShotDecision) -> str:
    """The count line the words say for ``d``, checked drawn whole."""
    line = computer.tries_words(loc, d.success, d.tries)  # type: ignore[arg-type]
    assert line in words, (line, words)
    assert "…" not in words
    return line


def showing_its_stroke(app: App, seed: int) -> ComputerMode:
    """The club computer (solids) at the table of BALLS, watched at 1x,
    showing the stroke it chose (its words and count of tries drawn)."""
    draft = {"format": "kiy-scenario", "version": 1, "id": "tries",
             "discipline": "8-ball", "players": 2,
             "title": {"en": "Tries", "ru": "Пробы"}, "balls": BALLS,
             "state": {"is_break": False, "groups": ["solids", "stripes"]}}
    watched_session(app, ["cpu:club", "Anna"], "8-ball", {}, watch="1", seed=seed,
                    state=parse_scenario(draft).game)
    mode = app.mode
    assert isinstance(mode, ComputerMode)
    run_until(app, lambda: mode.phase == "showing", limit=6000)
    frame(app, n=2)
    return mode


def out_of(words: str) -> set[int]:
    """Every "of N" / «из N» count in ``words`` (a few tries all in: "all
    N", «всех N»)."""
    return {int(n) for n in re.findall(r"(?:of|из|all|всех) (\d+)", words)}


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("ru", (800, 500))])
def test_the_computers_count_is_its_strokes_own_tries(
        lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer's turn through the window: the count under its call is
    out of the tries of the stroke it plays, not of the whole search."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, size)
    mode = showing_its_stroke(app, seed=3)
    d = mode.decision
    assert isinstance(d, ShotDecision) and d.kind == "pot", d
    assert 0 < d.tries < d.simulations
    words = drawn_words(app, "side", touching=True)
    shown_count(app.locale, words, d)
    assert d.tries in out_of(words) and d.simulations not in out_of(words)


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("ru", (800, 500))])
def test_the_hints_count_is_its_strokes_own_tries(
        lang: str, size: tuple[int, int]) -> None:
    """The hint (I) through the window: its count is out of the tries of
    the stroke it advises."""
    app = banner_hint(lang, size)
    s = app.session
    assert s is not None and s.hint is not None
    if size[1] < 600:  # a low window folds the hint's last lines: H opens them
        key(app, pygame.K_h)
        frame(app, n=2)
    d = s.hint.decision
    assert d.kind == "pot" and 0 < d.tries < d.simulations, d
    words = " ".join(r.text for r in app.texts)
    shown_count(app.locale, words, d)
    assert d.tries in out_of(words) and d.simulations not in out_of(words)


@pytest.mark.parametrize("lang", LANGS)
def test_a_few_tries_all_in_are_not_said_as_certain(lang: str) -> None:
    """A stroke tried 12 times, all in (the final check fell back to a
    less-tried one): "likely", and all 12 said to be too few to be sure, in
    plain words ("12 of 12 … (too few to be sure)" read oddly);
    the same share out of 80 tries stays "almost certain"."""
    from rules.ruling import Declarations
    from simulator.app.text.i18n import Locale
    from simulator.table.events import Stroke
    loc = Locale(lang)
    stroke = Stroke(direction=10.0, speed=2.0)

    def lines(tries: int) -> list[str]:
        d = ShotDecision(None, stroke, stroke, Declarations(
            called_ball=5, called_pocket="side_right"), "pot", 5, "side_right",
            1.0, 0.3, 300, 12, tries=tries)
        return computer.shot_lines(loc, d, str, 0.028575)

    few, many = lines(12), lines(80)
    said = {"en": ("(likely)",
                   "all 12 simulated tries potted it, but 12 tries are too few "
                   "to be sure",
                   "(almost certain)", "80 of 80 simulated tries potted it"),
            "ru": ("(скорее всего)",
                   "Забит во всех 12 пробных ударах, но этого мало, чтобы судить "
                   "наверняка",
                   "(почти наверняка)", "Забит в 80 из 80 пробных ударов")}[lang]
    assert few[0].endswith(said[0]) and few[-1] == said[1], few
    assert many[0].endswith(said[2]) and many[-1] == said[3], many
    assert not loc.fallbacks
