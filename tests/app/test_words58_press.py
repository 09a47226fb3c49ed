"""The aiming words say where a stroke begins as it truly does: the mouse
(button up) turns the aim wherever it points, except on the cue just behind
the cue ball, where it holds it; so a press is where you aim, or on the cue
behind the ball. The F1 help, the aiming screen's own lines and the README
said "press anywhere"."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tests.app.helpers import drawn_words, frame, key
from tests.app.scenes import LANGS
from tests.app.test_pull_back import aiming_app

# (the help draws a line's keys apart from what they do: "Press ... release"
# and "shoot along the aim")
PRESS = {"en": "Press where you aim (or on the cue just behind the ball), drag back, "
               "release",
         "ru": "Нажать там, куда целитесь (или на кий сразу за битком), потянуть "
               "назад, отпустить"}
ANYWHERE = {"en": "anywhere", "ru": "где угодно"}


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("lang", LANGS)
def test_the_help_and_the_aiming_screen_say_press_where_you_aim(
        lang: str, size: tuple[int, int]) -> None:
    app = aiming_app(lang, size)
    try:
        frame(app, n=2)
        # The aiming screen (its key line, the column): no "anywhere".
        shown = drawn_words(app, folded=True)
        assert ANYWHERE[lang] not in shown.lower(), shown
        key(app, pygame.K_F1)
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == "help"
        shown = drawn_words(app, folded=True)
        assert PRESS[lang] in shown, shown
        assert "Press anywhere" not in shown and "Нажать где угодно" not in shown
        # The held cue, said beside it, is that same cue behind the ball.
        held = app.t("help.aiming").split("\n")[1].split(" — ")[1]
        assert " ".join(held.split()) in shown, held
    finally:
        pygame.display.quit()


def test_the_readme_says_press_where_you_aim() -> None:
    text = " ".join((Path(__file__).parents[2] / "README.md").read_text(
        encoding="utf-8").split())
    assert "press anywhere" not in text.lower()
    assert "press where you aim (or on the cue just behind the cue ball" in text
