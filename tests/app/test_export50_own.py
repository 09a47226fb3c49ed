"""Play-test: in the gallery, a situation never exported offered "Export
again" and its side column said "Last export: gallery-scratch-en.png", the
file of another situation. The offer and the line are of this situation's
own export only; back on the one exported, both are there again."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import (
    click_button,
    frame,
    key,
    make_app,
    open_gallery,
    run_until,
)
from tests.app.scenes import LANGS


@pytest.mark.parametrize("lang", LANGS)
def test_export_again_only_where_this_situation_was_exported(lang: str) -> None:
    app = make_app(lang, (1280, 720))
    try:
        g = open_gallery(app, 0, to_foul=True)
        first = g.entry.id
        key(app, pygame.K_x)
        click_button(app, app.t("export.svg"))
        run_until(app, lambda: not app.dialogs, limit=600)
        key(app, pygame.K_t)  # the next key: "Saved" goes
        frame(app, n=2)
        again, export = app.t("gallery.export_again"), app.t("shots.export")
        file = app.kept["export.last"].rsplit("/", 1)[-1]
        last = app.t("export.last", file=file)
        drawn = [t.text for t in app.texts]
        assert again in [b.label for b in g.side_btns]
        assert any(last in t or t in last for t in drawn if len(t) > 8), drawn
        key(app, pygame.K_n)  # the next situation, never exported
        frame(app, n=3)
        other = app.mode
        assert other is not g and other.entry.id != first  # type: ignore[attr-defined]
        labels = [b.label for b in other.side_btns]  # type: ignore[attr-defined]
        assert export in labels and again not in labels, labels
        drawn = [t.text for t in app.texts]
        assert not [t for t in drawn if file in t], drawn
        key(app, pygame.K_p)  # back: its own export offered again
        frame(app, n=3)
        back = app.mode
        assert back.entry.id == first  # type: ignore[attr-defined]
        assert again in [b.label for b in back.side_btns]  # type: ignore[attr-defined]
    finally:
        pygame.display.quit()
