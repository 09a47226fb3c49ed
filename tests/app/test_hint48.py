"""The hint panel said things twice or wrongly: the message on taking the
hint and the key line under it said nearly the same; a red "no call" chip
stood beside a hint that calls its shot."""

from __future__ import annotations

import re

import pygame
import pytest

from simulator.app.loop.app import App
from tests.app.helpers import banner_hint, frame, key, move
from tests.app.scenes import LANGS, SIZES


@pytest.fixture(autouse=True)
def quick_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "HINT_STRENGTH", "beginner")
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)


def runs(text: str, n: int = 3) -> set[tuple[str, ...]]:
    """Every run of ``n`` words of ``text``, lower case, its punctuation
    and the Russian ё dropped."""
    words = re.findall(r"\w+", text.lower().replace("ё", "е"))
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


def message_and_key_line(app: App) -> tuple[str, str]:
    """The words of the message under the table and of the key line under
    it, as drawn."""
    box = [r for name, r in app.panels if name == "message"]
    assert len(box) == 1, app.panels
    message = " ".join(t.shown for t in app.texts if box[0].contains(t.rect))
    key_line = " ".join(t.shown for t in app.texts if t.rect.top >= box[0].bottom - 2
                        and t.rect.right <= app.layout.table.right + 20)
    return message, key_line


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_taking_the_hint_says_each_fact_once(lang: str, size: tuple[int, int]) -> None:
    """I, I: the message that the hint is taken and the key line under it
    share no run of three words (both said "drag back ... shoot along it"
    and "click the table to aim with the mouse again"); the message says
    what was set and that Space plays it, the key line how to pull or aim."""
    app = banner_hint(lang, size)
    try:
        key(app, pygame.K_i)
        frame(app, n=3)
        message, key_line = message_and_key_line(app)
        assert message and key_line, (message, key_line)
        assert not runs(message) & runs(key_line), (message, key_line)
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_no_call_chip_not_beside_a_hint_that_calls(lang: str,
                                                   size: tuple[int, int]) -> None:
    """8-ball 2 (a shot is called): a hint that calls its ball and pocket
    is shown; the red chip "no call: a pot won't count" does not stand
    beside it (it read as the hint's shot going uncalled). Taken, its call
    is set; the player aiming by the mouse instead brings the chip back."""
    app = banner_hint(lang, size)
    try:
        s = app.session
        assert s is not None and s.hint is not None
        assert s.hint.declarations.called_ball is not None
        chip = app.t("strip.call_needed")
        shown = [t.shown for t in app.texts]
        assert app.t("hint.head") in " ".join(shown)
        assert chip not in shown, shown
        table = app.layout.table
        move(app, (table.left + 30, table.top + 30))  # (into the cloth: no call)
        frame(app, n=2)
        assert chip in [t.shown for t in app.texts]
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_14_1_opening_hint_says_a_safe_break(lang: str,
                                                 size: tuple[int, int]) -> None:
    """14.1 6: the hint at the opening break advises the safe break and says
    so, whole, in the panel: the corner ball it clips thinly, two balls and
    the cue ball to a cushion, the cue ball back to the head rail (it said
    "Break the rack", a firm break into the rack)."""
    from simulator.app.text.words import ball_label
    from tests.app.helpers import run_until
    from tests.app.scenes import open_scene
    from tests.app.test_playfix19a import flat
    app = open_scene("table", "14.1", lang, size)
    try:
        s = app.session
        assert s is not None and s.req is not None and s.req.is_break
        key(app, pygame.K_i)
        run_until(app, lambda: s.hint is not None, limit=6000)
        frame(app, n=6)
        assert s.hint is not None and s.hint.decision.kind == "safe_break"
        said = s.locale.after_colon(app.t("hint.say.shot.safe_break", ball=ball_label(
            s.locale, s.hint.decision.target)))
        drawn = flat(" ".join(t.shown for t in app.texts))
        assert flat(said) in drawn, drawn
        assert flat(s.locale.after_colon(app.t("hint.say.shot.break"))) not in drawn
        # (no offer to call a ball beside a safe break: it read as advice)
        assert flat(app.t("call.optional")) not in drawn, drawn
        assert not app.errors
    finally:
        pygame.display.quit()
