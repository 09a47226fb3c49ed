"""At 800x500 the replayed game's button read «Расстав-ить заново»: the
word broken beside the key "Space" in a half-width button. A word that
fits the button whole is never broken for its key: the key goes under the
words."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.text import fonts, ui
from tests.app.helpers import (
    drawn_lines,
    make_app,
    replayed_by_rule_28,
)


@pytest.mark.parametrize("size", [(800, 500), (1024, 600)])
def test_rack_again_is_drawn_in_whole_words(size: tuple[int, int]) -> None:
    app = make_app("ru", size)
    try:
        replayed_by_rule_28(app)  # (general rule 28)
        assert app.mode is not None and app.mode.name == "game_end"
        label = app.t("side.rack_again")
        rows = drawn_lines(app, "side")
        assert not [r for r in rows if r.endswith("-") and len(r) > 1], rows
        words = label.split()
        at = rows.index(words[0])
        assert rows[at:at + len(words)] == words, rows
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("label", ["Расставить заново", "Продолжить", "Rack again"])
def test_a_key_never_breaks_a_word_that_fits_the_button(label: str) -> None:
    pygame.font.init()
    b = ui.Button(label, lambda: None, key="Space")
    longest = max(fonts.font(14).size(w)[0] for w in label.split())
    for width in range(longest + 16, longest + 16 + b._key_w(14) + 8):
        lines, _under, _ks, _kw = b._lines(width, 14)
        assert " ".join(lines) == label, (width, lines)
