"""A rule's number never stands alone at a row's start: «общее правило 23»
quoted in a reading (reading.P9) or built at run time wrapped «23.» onto a
row of its own under «правило». The wrap keeps the number with the word
before it (English "rule 23" as well), whatever the width: swept here over
the words before it on the ruling card, drawn in the window."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.table.ruling_card import Banner
from simulator.app.text import ui
from tests.app.helpers import drawn_lines, frame, make_app
from tests.app.scenes import LANGS
from tests.app.test_leave52_end_card import _two_at_table

WORD = {"ru": "слово", "en": "word"}
TAIL = {"ru": "решает общее правило 23 и п. 24, правила 6, 7.",
        "en": "decided by general rule 23 and rules 6, 7."}


@pytest.mark.parametrize("lang", LANGS)
def test_a_rules_number_keeps_its_word(lang: str) -> None:
    app = make_app(lang, (800, 500))
    try:
        s = _two_at_table(app)
        alone = []
        for k in range(14):
            line = " ".join([WORD[lang]] * k + [TAIL[lang]])
            s.banner = Banner(app.t("banner.legal", name="Anna"), (line,), False)
            frame(app)
            rows = [r for r in drawn_lines(app, "side")
                    if r and any(w in r for w in (WORD[lang], "23", "24", "7."))]
            alone += [(k, r) for r in rows if r.split()[0][:1].isdigit()]
        assert not alone, alone
        # The helper itself, at a width with room for the word only.
        size = 14
        w = ui.fonts.font(size).size("правило" if lang == "ru" else "rule")[0] + 2
        assert all(not r.startswith("23")
                   for r in ui.wrap(TAIL[lang], size, w * 2)), ui.wrap(
                       TAIL[lang], size, w * 2)
    finally:
        pygame.display.quit()
