"""The end card's key line names S, as it names U and the numbers: the
card's "Save the match…" is S, and the line under it listed every key but
that one. Drawn whole (not cut) at 800x500 too, in both languages."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import concede_match, frame, make_app
from tests.app.scenes import LANGS, SIZES
from tests.app.test_leave52_end_card import _two_at_table


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_end_cards_key_line_says_s(lang: str, size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    try:
        _two_at_table(app)
        card = concede_match(app)
        assert any(b.key == "S" for b in card.buttons)  # type: ignore[attr-defined]
        frame(app, n=2)
        strip = app.layout.strip
        lines = [t for t in app.texts if strip.contains(t.rect) and "Esc" in t.text]
        assert len(lines) == 1, [t.text for t in app.texts if strip.contains(t.rect)]
        line = lines[0]
        assert not line.cut and line.shown == line.text, line.shown
        said = {app.t("hint.end_save"), app.t("hint.end_save_short")}
        assert any(s in line.text for s in said), line.text
        assert "U: " in line.text  # (U still said, after S)
        assert line.text.index("S: ") < line.text.index("U: ")
    finally:
        pygame.display.quit()
