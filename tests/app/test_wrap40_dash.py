"""A row never starts with a dash, and the last word of «Щелчок или пробел —
сейчас», "click or Space: now" (the computer's countdown, held for the
player to read) never stands alone on its row: the words after a closing
dash or colon wrap as one."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.text import ui
from simulator.app.text.i18n import Locale


@pytest.mark.parametrize(("lang", "key"), [
    ("ru", "held_to_play"), ("ru", "held_to_break"), ("ru", "held_paused"),
    ("en", "held_to_play"), ("en", "held_to_break")])
def test_the_countdowns_last_words_wrap_together(lang: str, key: str) -> None:
    pygame.font.init()
    loc = Locale(lang)
    full = next(k for k in loc.ui if k.endswith("." + key) or k == key)
    text = loc.t(full, n=3, name="Компьютер (любитель)")
    tail = text.rsplit(" ", 1)[1]
    for size in (12, 14, 16, 18):
        for width in range(120, 420, 4):
            rows = ui.wrap(text, size, width)
            assert all(not r.startswith(("—", "–")) for r in rows), (size, width, rows)
            assert rows[-1] != tail, (size, width, rows)
