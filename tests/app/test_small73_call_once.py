"""A hint taken, then the aim turned a little: the side column said the
call twice, the hint's "Call the 6 in the top right corner pocket" over
"Called: 6 in the top right corner pocket". It is said once."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import banner_hint, drawn_words, frame, key

SAID = {"en": "{ball} in the {pocket}", "ru": "{ball} в {pocket}"}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)], ids=("1280x720", "800x500"))
def test_the_call_is_said_once_after_a_hint_taken(lang: str,
                                                   size: tuple[int, int]) -> None:
    app = banner_hint(lang, size)
    try:
        s = app.session
        assert s is not None
        key(app, pygame.K_i)  # taken: the call made
        frame(app, n=3)
        assert s.call is not None
        ball, pocket = s.call  # the hint's call, taken
        said = SAID[lang].format(ball=ball, pocket=app.t(f"pocket_into.{pocket}"))
        for k in (pygame.K_LEFT, pygame.K_h):  # the aim turned; the card folded
            key(app, k)
            frame(app, n=5)
            words = drawn_words(app, "side", folded=True)
            assert words.count(said) == 1, words
    finally:
        pygame.display.quit()
