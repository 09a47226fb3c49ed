"""Play-test wording (issue 22): the break's count (and a shot's cushion
touches) said so that it cannot be read as a ball's number; a ball left
down on a foul named once; the main menu from a match says the match is
kept (or asks where it is not)."""

from __future__ import annotations

import pygame
import pytest

from rules.questions import facts
from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from tests.app.helpers import (
    button_labels,
    click_button,
    drawn_words,
    frame,
    key,
    make_app,
    run_until,
    strike,
    to_the_break,
)
from tests.app.scenes import LANGS
from tests.app.test_playfix11_pots import _golden, _ponder, _thinking_words
from tests.app.test_words39 import SIZES, broken


def _ru_count(n: int) -> str:
    """The Russian count with its noun in the form the number takes."""
    if n % 10 == 1 and n % 100 != 11:
        return f"к борту: {n} прицельный шар"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"к бортам: {n} прицельных шара"
    return f"к бортам: {n} прицельных шаров"


def _count(lang: str, n: int) -> str:
    if n == 0:
        return {"ru": "ни один прицельный шар не дошёл до борта",
                "en": "no object ball reached a cushion"}[lang]
    if lang == "ru":
        return _ru_count(n)
    # ("the 7 · 3 object balls reached a cushion" read as the 7 and the 3)
    return f"a cushion reached by {n} object ball" if n == 1 else \
        f"cushions reached by {n} object balls"


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_break_count_stands_before_its_noun_not_after_a_colon(
        lang: str, size: tuple[int, int]) -> None:
    """«прицельных шаров у борта: 14 · 14 в лузе…» read as the ball 14: the
    ruling card after a 9-ball break says the count before its noun, in
    the form the number takes («к бортам: 4 прицельных шара»)."""
    app = make_app(lang, size)
    try:
        s = broken(app, "9-ball")
        shot, _ruling = s.shots[-1]
        n = len(facts(shot).cushion_balls)
        words = drawn_words(app, folded=True)
        # (the break is illegal: its card says the count on the foul's line
        # alone, test_card47_once; the last shot's chip is read here)
        from simulator.app.match.session import shot_chips
        assert _count(lang, n) in shot_chips(s.locale, shot, True), n
        assert "у борта:" not in words and "at a cushion:" not in words, words
    finally:
        pygame.display.quit()


def _ru_touches(n: int) -> str:
    if n == 0:
        return "без касаний бортов"
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} касание борта"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"{n} касания бортов"
    return f"{n} касаний бортов"


def test_the_russian_count_forms() -> None:
    """Every count a break can have, and a shot's cushion touches, in
    Russian, each with its plural."""
    app = make_app("ru")
    try:
        for n in range(16):
            said = app.t("strip.break_rails", n=n) if n else \
                app.t("strip.break_rails_none")
            assert said == _count("ru", n), (n, said)
        for n in range(30):
            said = app.t("strip.rails", n=n) if n else app.t("strip.rails_none")
            assert said == _ru_touches(n), (n, said)
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
        words = " ".join(_thinking_words(app).replace("\xa0", " ").split())
        # The card's last shot: the touches counted before their noun, the
        # ball 1 after them not read as their count («касаний бортов: 0 · 1»).
        chips = {"en": "no cushion contact · the 1 in the top right corner pocket",
                 "ru": "без касаний бортов · шар 1 — в правой верхней угловой лузе"}
        assert chips[lang] in words, words
        said = {"en": "potted 1 (not counted, left in the pocket); "
                      "the cue ball went down too",
                "ru": "забит 1 (не засчитан, остаётся в лузе); биток тоже в лузе"}
        assert said[lang] in words, words
        assert "pocket: 1" not in words and "в лузе: 1" not in words, words
    finally:
        pygame.display.quit()


def _one_shot_played(app: App) -> Session:
    """Anna breaks a new 9-ball match against Boris; at rest, her pause
    menu (Esc) asked for once the next stroke is being set."""
    s = to_the_break(app, ["Anna", "Boris"], "9-ball", {"race_to": 2})
    strike(app)
    run_until(app, lambda: not app.dialogs and app.mode is not None
              and app.mode.name in ("aiming", "placing"), limit=3000)
    key(app, pygame.K_ESCAPE)
    assert app.dialogs and app.dialogs[-1].kind == "pause"  # type: ignore[attr-defined]
    return s


@pytest.mark.parametrize("lang", LANGS)
def test_the_main_menu_from_a_saved_match_says_it_can_be_continued(
        lang: str) -> None:
    """The match's menu, Main menu: the match left without a word. The
    autosave holds it, so no question: the main menu says on arrival that
    the match is saved and which button brings it back."""
    app = make_app(lang)
    try:
        s = _one_shot_played(app)
        assert s.save_ok is True
        click_button(app, app.t("menu.main"))
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == "menu" and not app.dialogs
        said = {"en": "The match is saved: Continue the last match picks it up.",
                "ru": "Матч сохранён: «Продолжить последний матч» вернёт к нему."}
        words = drawn_words(app, folded=True)
        assert said[lang] in words, words
        assert app.t("menu.continue") in button_labels(app)
        # Continued and left again before a stroke: still kept, no question.
        click_button(app, app.t("menu.continue"))
        run_until(app, lambda: app.mode is not None and app.mode.name in (
            "placing", "aiming"), limit=600)
        key(app, pygame.K_ESCAPE)
        click_button(app, app.t("menu.main"))
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == "menu" and not app.dialogs
        words = drawn_words(app, folded=True)
        assert said[lang] in words, words
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_main_menu_asks_first_when_the_match_is_not_saved(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The autosave fails (the disk refuses it): Main menu would lose the
    match, so it asks, as Quit and a concession do; Cancel stays at the
    table, the question's own button leaves."""
    from simulator.files import saves

    def refused(*_a: object, **_k: object) -> None:
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(saves.Journal, "start", refused)
    app = make_app(lang)
    try:
        s = _one_shot_played(app)
        assert s.save_ok is False
        click_button(app, app.t("menu.main"))
        frame(app, n=2)
        assert app.mode is not None and app.mode.name != "menu"
        d = app.dialogs[-1]
        assert d.kind == "confirm"  # type: ignore[attr-defined]
        title = {"en": "Leave the match?", "ru": "Выйти из матча?"}[lang]
        assert title in drawn_words(app, folded=True), drawn_words(app, folded=True)
        key(app, pygame.K_ESCAPE)
        assert not app.dialogs and app.mode is not None and app.mode.name != "menu"
        key(app, pygame.K_ESCAPE)
        click_button(app, app.t("menu.main"))
        click_button(app, {"en": "Main menu", "ru": "В главное меню"}[lang])
        assert app.mode is not None and app.mode.name == "menu"
    finally:
        pygame.display.quit()
