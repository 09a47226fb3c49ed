"""Words a player or an instructor could not read, found in play and driven
through the window's own loop: the ruling card in a low and in a wide
window, the dialogs' type, long seat names in the Express setup, the
Practice messages, the gallery's titles and the exported clip's caption."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from tests.app.helpers import frame, make_app
from tests.app.scenes import LANGS, open_scene


def game_words(lang: str) -> set[str]:
    """Every game's name as the first word of a title would say it."""
    from rules import registry
    from simulator.app.text.i18n import Locale
    from simulator.app.text.words import discipline_label
    loc = Locale(lang)
    out: set[str] = set()
    for info in registry.infos():
        out.add(info.name.lower())
        out.add(discipline_label(loc, info.name).split()[0].lower())
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_gallery_names_each_game_once(lang: str) -> None:
    """The foul gallery's list: "8. 8-ball · 8-ball: an illegal break" named
    the game twice; each row names it once, before its title."""
    app = open_scene("gallery", lang=lang, size=(800, 500))
    try:
        mode = app.mode
        items: list[str] = mode.items  # type: ignore[attr-defined]
        assert len(items) > 20
        games = game_words(lang)
        for row in items:
            _game, title = row.split(" · ", 1)
            # ("Восьмёрка в незаказанную лузу" is the 8 ball, not the game)
            first = title.split()[0]
            assert not (first.endswith(":") and first[:-1].lower() in games), \
                f"{row!r} names its game twice"
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_clip_caption_names_the_foul_once(lang: str, monkeypatch: Any) -> None:
    """A gallery foul exported as a GIF (X, the language, GIF): where the
    clip stands at the foul, its caption is the foul and its rule in the
    chosen language, said once ("Here: Foul: cue ball pocketed ..." said
    it twice)."""
    from simulator.app.replay import export as export_mod
    from simulator.app.screens.gallery import GalleryPlayMode
    from simulator.app.text.i18n import Locale
    from simulator.app.text.words import cite
    from simulator.practice.gallery import entries
    from tests.app.test_evening_class import Steps, export
    said: list[str] = []
    frame_of = export_mod.Canvas.frame

    def spy(self: Any, t: float, at_foul: str | None = None, stamp: str = "") -> Any:
        if at_foul is not None:
            said.append(at_foul)
        return frame_of(self, t, at_foul, stamp)

    monkeypatch.setattr(export_mod.Canvas, "frame", spy)
    app = make_app("en")
    app.go("menu")
    frame(app)
    try:
        index = next(i for i, e in enumerate(entries()) if e.id == "gallery-scratch")
        app.switch(GalleryPlayMode(app, index))
        mode = app.mode
        st = Steps(app)
        st.wait(lambda: mode.at_foul)  # type: ignore[attr-defined]
        foul = mode.demo.foul  # type: ignore[attr-defined]
        export(st, "gif", lang)
        loc = Locale(lang)
        want = cite(loc, foul.code, foul.ref, mode.entry.scenario.discipline)  # type: ignore[attr-defined]
        assert said and set(said) == {want}, said
        prefix = want.split(":")[0] + ":"  # "Foul:" / "Фол:"
        assert said[0].count(prefix) == 1, said[0]
        assert not said[0].startswith((Locale("en").t("replay.at_foul", foul=""),
                                       Locale("ru").t("replay.at_foul", foul="")))
    finally:
        pygame.display.quit()
