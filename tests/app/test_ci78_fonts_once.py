"""A window's widget fonts are opened once a process (loop.gui_setup's
InlineLoader): a window of another language or size, or after a language
switch or a resize, draws with the fonts its theme asks for, never with
one opened for another size or style."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.core.package_resource import PackageResource
from pygame_gui.core.utility import FontResource

from simulator.app.loop.gui_setup import InlineLoader
from tests.app.helpers import DT, make_app

STYLE = {"bold": False, "italic": False, "antialiased": True}
NOTO = (PackageResource("pygame_gui.data", "NotoSans-Regular.ttf"), False)


def _fonts_as_named(gui: object) -> dict[str, tuple[int, bool]]:
    """Each loaded font's id and the size and boldness of the font loaded
    for it: the id names the size last and "bold" where it is bold."""
    loaded = gui.ui_theme.get_font_dictionary().loaded_fonts  # type: ignore[attr-defined]
    out = {}
    for font_id, resource in loaded.items():
        font = resource.loaded_font
        assert font is not None, font_id
        assert font.point_size == int(font_id.split("_")[-1]), font_id
        assert bool(font.bold) == ("_bold_" in font_id), font_id
        out[font_id] = (font.point_size, bool(font.bold))
    return out


def test_a_font_of_another_size_or_style_is_opened_for_itself() -> None:
    pygame.font.init()
    loader = InlineLoader()
    asked = [FontResource("a_16", 16, STYLE, NOTO),
             FontResource("a_20", 20, STYLE, NOTO),
             FontResource("a_bold_16", 16, {**STYLE, "bold": True}, NOTO),
             FontResource("again_16", 16, dict(STYLE), NOTO)]
    for r in asked:
        loader.add_resource(r)
    loader.start()
    assert loader.update() == (True, 1.0)
    fonts = [r.loaded_font for r in asked]
    assert [f.point_size for f in fonts] == [16, 20, 16, 16]  # type: ignore[union-attr]
    assert [bool(f.bold) for f in fonts] == [False, False, True, False]  # type: ignore[union-attr]
    assert fonts[0] is fonts[3]  # the same file, size and style: opened once
    assert fonts[0] is not fonts[1] and fonts[0] is not fonts[2]
    # Text measured in each is measured at its own size.
    assert fonts[1].size("Kiy")[1] > fonts[0].size("Kiy")[1]  # type: ignore[union-attr]
    with pytest.raises(ValueError):
        loader.add_resource(FontResource("late", 12, STYLE, NOTO))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_window_draws_with_the_fonts_its_theme_names(lang: str) -> None:
    first = make_app(lang)
    small = make_app("ru" if lang == "en" else "en", (800, 500))
    assert _fonts_as_named(first.gui) == _fonts_as_named(small.gui)
    for app in (first, small):
        app.go("menu")
        app.frame([], DT)
        app.set_language("ru" if app.locale.lang == "en" else "en")
        app.frame([], DT)
        pygame.display.set_mode((1024, 640), pygame.RESIZABLE)
        app.screen = pygame.display.get_surface()
        app.frame([pygame.event.Event(pygame.VIDEORESIZE, size=(1024, 640),
                                      w=1024, h=640)], DT)
        assert app.size == (1024, 640)
        fonts = _fonts_as_named(app.gui)
        assert fonts["noto_sans_bold_aa_44"] == (44, True)
        assert fonts["noto_sans_regular_aa_16"] == (16, False)
    pygame.display.quit()
