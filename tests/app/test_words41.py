"""Play-test wording (issue 22): the break's count said so that it cannot be
read as a ball's number; a ball left down on a foul named once; the main
menu from a match says the match is kept (or asks where it is not)."""

from __future__ import annotations

import pygame
import pytest

from rules.questions import facts
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from tests.app.helpers import frame, make_app
from tests.app.scenes import LANGS
from tests.app.test_playfix11_pots import _golden, _ponder, _thinking_words
from tests.app.test_words39 import SIZES, broken, drawn


def _ru_count(n: int) -> str:
    """The Russian count with its noun in the form the number takes."""
    if n % 10 == 1 and n % 100 != 11:
        return f"до борта дошёл {n} прицельный шар"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"до бортов дошли {n} прицельных шара"
    return f"до бортов дошли {n} прицельных шаров"


def _count(lang: str, n: int) -> str:
    if n == 0:
        return {"ru": "ни один прицельный шар не дошёл до борта",
                "en": "no object ball reached a cushion"}[lang]
    if lang == "ru":
        return _ru_count(n)
    return f"{n} object ball reached a cushion" if n == 1 else \
        f"{n} object balls reached a cushion"


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_break_count_stands_before_its_noun_not_after_a_colon(
        lang: str, size: tuple[int, int]) -> None:
    """«прицельных шаров у борта: 14 · 14 в лузе…» read as the ball 14: the
    ruling card after a 9-ball break says the count before its noun, in
    the form the number takes («до бортов дошли 4 прицельных шара»)."""
    app = make_app(lang, size)
    try:
        s = broken(app, "9-ball")
        shot, _ruling = s.shots[-1]
        n = len(facts(shot).cushion_balls)
        words = drawn(app)
        assert _count(lang, n) in words, (n, words)
        assert "у борта:" not in words and "at a cushion:" not in words, words
    finally:
        pygame.display.quit()


def test_the_russian_count_forms() -> None:
    """Every count a break can have, in Russian, with its plural."""
    app = make_app("ru")
    try:
        for n in range(16):
            said = app.t("strip.break_rails", n=n) if n else \
                app.t("strip.break_rails_none")
            assert said == _count("ru", n), (n, said)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_ball_left_down_on_a_scratch_is_named_once(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """9-ball 6: Anna pockets the 1 and scratches; the 1 stays down. The
    line kept while the computer thinks said "potted cue ball, 1 (not
    counted, left in the pocket: 1)": the 1 once now, the cue ball after."""
    from rules.referee import Match
    _ponder(monkeypatch)
    game, state, shot, decl = _golden("n9_06_balls_on_foul_stay_down")
    app = make_app(lang)
    try:
        names = ["Anna", *(f"cpu:club:Gordon{i}" for i in range(1, state.players))]
        s = Session(Match.from_state(names, game, state, {}, seed=1), app.locale)
        s.watch = "skip"
        app.session = s
        next_step(app)
        frame(app)
        s.apply(shot, decl)
        next_step(app)
        words = " ".join(_thinking_words(app).split())
        said = {"en": "potted 1 (not counted, left in the pocket); "
                      "the cue ball went down too",
                "ru": "забит 1 (не засчитан, остаётся в лузе); биток тоже в лузе"}
        assert said[lang] in words, words
        assert "pocket: 1" not in words and "в лузе: 1" not in words, words
    finally:
        pygame.display.quit()
