"""A row never starts with a dash, and the last word of «Щелчок или пробел —
сейчас», "click or Space: now" (the computer's countdown, held for the
player to read) never stands alone on its row: the words after a closing
dash or colon wrap as one."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.text import fonts, ui
from simulator.app.text.i18n import Locale


@pytest.mark.parametrize(("lang", "key"), [
    ("ru", "held_to_play"), ("ru", "held_to_break"), ("ru", "held_paused"),
    ("en", "held_to_play"), ("en", "held_to_break")])
def test_the_countdowns_last_words_wrap_together(lang: str, key: str) -> None:
    pygame.font.init()
    loc = Locale(lang)
    full = next(k for k in loc.ui if k.endswith("." + key) or k == key)
    text = loc.t(full, n=3, name="Компьютер (клубный)")
    tail = text.rsplit(" ", 1)[1]
    together = " ".join(text.split(" ")[-3:])  # «пробел — сейчас»
    for size in (12, 14, 16, 18):
        fits = fonts.font(size, False).size(together)[0]
        for width in range(120, 420, 4):
            rows = ui.wrap(text, size, width)
            if width < fits:
                continue  # (kept together only where they fit)
            assert all(not r.startswith(("—", "–")) for r in rows), (size, width, rows)
            assert rows[-1] != tail, (size, width, rows)


def test_words_kept_together_that_fit_no_row_wrap_as_words_not_cut() -> None:
    """«Отыгрыш: объявлен» on a narrow button read «Отыгрыш: об- ъявлен»:
    words kept together that fit no row whole wrap at their spaces."""
    pygame.font.init()
    for text in ("Отыгрыш: объявлен", "Safety: declared"):
        width = max(fonts.font(14, False).size(w)[0] for w in text.split(" ")) + 4
        rows = ui.wrap(text, 14, width)
        assert rows == text.split(" "), rows
