"""Play-test 22 on the club evening: a knockout's semi-final loser shares
3–4 at once, a stopped evening's legend says it was stopped; the records
opened from the evening lead back to it; the export's message kept off the
table."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import button_labels, click_button, frame, key
from tests.app.test_playfix17f import knockout_evening, ranks

LOW = (800, 500)
SIZES = [(1280, 720), LOW]
LANGS = ["en", "ru"]


# -- 1. a stopped evening's spans -----------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_a_stopped_evenings_legend_does_not_say_still_in(
        lang: str, size: tuple[int, int]) -> None:
    """After the first semi-final «Прервать вечер»: the loser keeps 3–4, the
    winner 1–2, the other semi's players 1–4, and under the table the legend
    says the evening was stopped («1–3: ещё в борьбе» had stayed)."""
    app = knockout_evening(lang, size, 1)
    try:
        click_button(app, app.t("club.abandon"))
        click_button(app, app.t("club.abandon_yes"))
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == "evening"
        assert sorted(ranks(app).values()) == ["1–2", "1–4", "1–4", "3–4"]
        drawn = " ".join(t.shown for t in app.texts if not t.cut)
        words = {"en": "1–2, 1–4: the evening was stopped before these places were "
                       "decided",
                 "ru": "1–2, 1–4: вечер прерван, место не определено"}[lang]
        assert words in drawn, drawn
        assert "still in the knockout" not in drawn and "ещё в борьбе" not in drawn
    finally:
        pygame.display.quit()


# -- 2. the records opened from the evening lead back to it --------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_records_opened_from_the_evening_lead_back_to_it(
        lang: str, size: tuple[int, int]) -> None:
    """The evening's «Записи игроков» offered only «Главное меню»: now a
    button back to the evening, drawn whole, and Esc there too."""
    app = knockout_evening(lang, size, 1)
    try:
        click_button(app, app.t("club.records"))
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == "records"
        back = app.t("club.to_evening")
        assert back in button_labels(app), button_labels(app)
        assert not [t.text for t in app.texts if t.cut and t.text == back]
        click_button(app, back)
        frame(app)
        assert app.mode.name == "evening"
        click_button(app, app.t("club.records"))
        frame(app)
        key(app, pygame.K_ESCAPE)
        frame(app)
        assert app.mode.name == "evening"
    finally:
        pygame.display.quit()
