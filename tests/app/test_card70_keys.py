"""Every button on the table shows its key, in both languages at every
window size: against the computer, in the low column that also holds the
watching speeds, «Объявить фол» lost its F (left out so the label kept one
row); it keeps both, the key closer to the words."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from tests.app.helpers import frame, make_app, watched_session
from tests.app.scenes import LANGS

SIZES3 = ((1280, 720), (1100, 650), (800, 500))


def keys_missing(app: App) -> list[tuple[str, str]]:
    """The buttons whose key is not drawn whole on them, apart from their
    words (label, key)."""
    out = []
    for b in app.buttons:
        if not b.key:
            continue
        on = [t for t in app.texts if b.rect.colliderect(t.rect)]
        caps = [t for t in on if t.shown == b.key and b.rect.contains(t.rect)]
        words = [t for t in on if t.text != b.key]
        if not caps or any(c.rect.colliderect(w.rect) for c in caps for w in words):
            out.append((b.label, b.key))
    return out


@pytest.mark.parametrize("size", SIZES3, ids=("1280x720", "1100x650", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_every_button_shows_its_key_against_the_computer(
        lang: str, size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    try:
        watched_session(app, ["Anna", "cpu:club:Gordon"], "9-ball",
                        {"first_breaker": 0}, watch="skip")
        frame(app, n=3)
        fouls = next(b for b in app.buttons if b.ident == "fouls")
        assert fouls.key == "F", [(b.label, b.key) for b in app.buttons]
        assert keys_missing(app) == []
        # (still one row: as tall as the buttons beside it)
        undo = next(b for b in app.buttons if b.ident == "undo")
        assert fouls.rect.height == undo.rect.height
        assert not [t.text for t in app.texts
                    if t.cut and fouls.rect.colliderect(t.rect)]
        assert not app.errors
    finally:
        pygame.display.quit()
