"""Against the computer, Anna's legal stroke that potted nothing: while her
card is held before the computer plays, the side column says what the stroke
came to once, in the card's title ("Anna: legal shot · no ball potted"), and
its heading says who is at the table, not "Anna: no ball potted" over
"Anna: legal shot" (two titles of one stroke). Folded, the card's title still
says it. Through the window's loop; words as drawn."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import drawn_words, frame, key, make_app
from tests.app.test_playfix11_card import _held_after_a_miss


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_held_stroke_is_said_once(monkeypatch: pytest.MonkeyPatch, lang: str,
                                      size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    try:
        s, mode = _held_after_a_miss(monkeypatch, app)
        none = app.t("pots.none")
        legal = app.t("banner.legal", name="Anna")
        said = app.t("cpu.person_pots", title=legal, pots=none)
        for folded in (False, True):
            if folded:
                key(app, pygame.K_h)
                frame(app, n=2)
                assert s.banner_folded and mode.holding()
            side = drawn_words(app, "side", folded=True)
            assert said in side, side
            assert side.count(none) == 1 and side.count(legal) == 1, side
            assert app.t("cpu.held_pots", name="Anna", pots=none) not in side
    finally:
        pygame.display.quit()
