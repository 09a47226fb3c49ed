"""Play-test pt24 (step-08): while pulling, the pull's scale at the strip's
left end hid the key line; nothing then said how to take the pull back.
Now the strip says it (Esc or a right click cancels) beside the scale, whole
and clear of it, in both languages and the window sizes players use."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import make_app, move
from tests.app.test_playfix18c import aimed_at, back
from tests.app.test_pull_back import press


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(800, 500), (1280, 720)], ids=("800x500", "1280x720"))
def test_while_pulling_the_strip_says_how_to_cancel_beside_the_scale(
        lang: str, size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    try:
        mode = aimed_at(app, (1.0, 0.5), (2.0, 1.1))
        press(app, back(app, 0.02))
        move(app, back(app, 0.3), held=True)
        gauge = mode.pull_scale()
        assert gauge is not None
        box = gauge[0]
        strip = mode.layout.strip
        said = {app.t("pull.cancel_keys"), app.t("pull.cancel_short")}
        keys = [t for t in app.texts if t.text in said]
        assert keys, [t.text for t in app.texts if strip.colliderect(t.rect)]
        r = keys[0].rect
        assert keys[0].shown == keys[0].text  # whole, not cut
        assert strip.contains(r) and app.screen.get_rect().contains(r)
        assert not r.colliderect(box), (r, box)  # beside the scale, not under it
        # The scale itself is whole in the window.
        assert app.screen.get_rect().contains(box)
    finally:
        pygame.display.quit()
