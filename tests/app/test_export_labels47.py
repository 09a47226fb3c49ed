"""The replay's Export (X): every option's label on one row of its button
(at a foul at the stroke the foul option ran to a paragraph at 1280x720)."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import frame, key, make_app, open_gallery


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)],
                         ids=("1280x720", "800x500"))
@pytest.mark.parametrize("entry", ["gallery-scratch", "gallery-miscue-on-jump"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_export_button_label_on_one_row(lang: str, entry: str,
                                              size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    try:
        open_gallery(app, entry)
        frame(app)
        key(app, pygame.K_x)
        frame(app)
        d = app.dialogs[-1]
        assert d.kind == "export"
        for b in d.buttons:
            lines, under, _ks, _kw = b._lines(b.rect.width, b.size)
            assert len(lines) == 1 and not under, (b.label, lines)
        # The foul option is there, and the body says what the clip does.
        assert app.t("export.title") and d.body
        assert not app.errors
    finally:
        pygame.display.quit()
