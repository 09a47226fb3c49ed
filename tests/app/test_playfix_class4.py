"""The instructor's class, second play-test (issue 22): the export keeps the
choices of this session, the SVG draws stripes and numbers, texts read whole
in a small window, the gallery's N/P move one foul a press, Esc from the quiz
goes back one screen. Through the window's own event loop."""

from __future__ import annotations

import pygame

from simulator.app.screens.gallery import GalleryPlayMode
from simulator.files import profile
from simulator.practice.gallery import entries
from tests.app.helpers import click_button, frame, key, make_app, run_until


def test_the_export_keeps_the_caption_language_chosen_last() -> None:
    """After a Russian export, the next export of the same foul opens in
    Russian (the play-test's PNG and SVG came out in English), at the speed
    chosen last, with the format used last marked (drawn selected); a new window starts in
    its own language."""
    app = make_app()
    index = next(i for i, e in enumerate(entries()) if e.id == "gallery-no-rail")
    app.switch(GalleryPlayMode(app, index))
    frame(app)
    key(app, pygame.K_x)
    assert app.dialogs and app.dialogs[-1].kind == "export"
    click_button(app, "Switch the captions to Russian")
    click_button(app, "Speed 1/4: change to 1/2")
    click_button(app, "Diagram, PNG")
    run_until(app, lambda: not app.dialogs, limit=600)
    key(app, pygame.K_x)
    dialog = app.dialogs[-1]
    assert dialog.kind == "export"
    labels = [b.label for b in dialog.buttons]  # type: ignore[attr-defined]
    assert "Switch the captions to English" in labels
    assert "Speed 1/2: change to 1×" in labels
    marked = [b.label for b in dialog.buttons  # type: ignore[attr-defined]
              if b.selected]
    assert marked == ["Diagram, PNG"]
    click_button(app, "Diagram, SVG (print)")
    run_until(app, lambda: not app.dialogs, limit=600)
    files = sorted(p.name for p in profile.exports_dir().iterdir())
    assert files == ["gallery-no-rail-ru.png", "gallery-no-rail-ru.svg"]
    assert not app.errors
    pygame.display.quit()
    fresh = make_app("ru")
    fresh.switch(GalleryPlayMode(fresh, index))
    frame(fresh)
    key(fresh, pygame.K_x)
    labels = [b.label for b in fresh.dialogs[-1].buttons]  # type: ignore[attr-defined]
    assert fresh.t("export.language", lang=fresh.t("export.lang_en")) in labels
    pygame.display.quit()
