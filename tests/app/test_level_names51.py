"""The computer levels' names say the same in both languages: the Russian
names were other levels than the English («Любитель» for Club, «Мастер» for
Strong), so a player switching languages met other strengths. Each level
by the same words in the setup screen, the match's names, the saved
matches and the statistics (all from these two keys)."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.text.i18n import Locale
from simulator.players import STRENGTHS
from tests.app.helpers import click, frame, make_app
from tests.app.test_playfix17_setup_words import level, pick

# Each level: its long name (the seat, «Компьютер (сильный)») and its short
# one (where room is short), English beside its Russian translation
# («клубный», like «сильный», leaves "player" unsaid: «Компьютер (клубный
# игрок)» broke over two lines heading the statistics at 800x500).
LEVELS = {
    "beginner": {"en": ("beginner", "Beginner"), "ru": ("новичок", "Новичок")},
    "club": {"en": ("club player", "Club"), "ru": ("клубный", "Клубный")},
    "strong": {"en": ("strong", "Strong"), "ru": ("сильный", "Сильный")},
    "pro": {"en": ("professional", "Pro"), "ru": ("профессионал", "Профи")},
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_level_is_named_as_the_other_language_names_it(lang: str) -> None:
    """The table above pairs each English name with its Russian translation;
    the locale says exactly those words, for every level the players have."""
    loc = Locale(lang)
    assert set(LEVELS) == set(STRENGTHS)
    for lv, names in LEVELS.items():
        said = (loc.t(f"cpu.level.{lv}"), loc.t(f"cpu.level_short.{lv}"))
        assert said == names[lang], (lv, said)


def seat_kinds(app: App) -> list[str]:
    """The items of the second seat's drop-down as drawn when it opens."""
    from pygame_gui.elements import UIButton
    menu = app.mode.menus["seat1"]  # type: ignore[union-attr]
    click(app, menu.rect.center)
    frame(app, n=2)
    items = [el.text for el in app.gui.get_sprite_group().sprites()
             if isinstance(el, UIButton) and el.visible
             and not menu.rect.contains(el.rect)]
    click(app, menu.rect.center)  # closed again
    frame(app, n=2)
    return items


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)], ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_setup_screen_offers_each_level_by_its_name(
        lang: str, size: tuple[int, int]) -> None:
    """The seat's drop-down lists every level by the table's name, and the
    seat picked as one says "Computer (its level)" in its entry."""
    app = make_app(lang, size)
    try:
        app.go("setup", game="9-ball", names=["Anna", ""])
        frame(app, n=2)
        kinds = seat_kinds(app)
        for lv, names in LEVELS.items():
            long = names[lang][0]
            assert long[:1].upper() + long[1:] in kinds, (lv, kinds)
            pick(app, app.mode.menus["seat1"], level(app, lv))  # type: ignore[union-attr]
            entry = app.mode.entries[1]  # type: ignore[union-attr]
            assert entry.placeholder_text == app.t("cpu.name", level=long), \
                entry.placeholder_text
    finally:
        pygame.display.quit()
