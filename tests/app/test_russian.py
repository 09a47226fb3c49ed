"""Every text a Russian player can see comes from the Russian catalogue: no
screen needs an English fallback, and no English words are drawn (the keys
of the keyboard and the game's name aside)."""

from __future__ import annotations

import re

import pygame
import pytest
from pygame_gui.elements import UIButton, UILabel

from rules.referee import Match
from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.text.i18n import Locale
from simulator.practice.library import library
from simulator.practice.scenario import play_scenario
from tests.app.scenes import SCENES, open_scene, scene_id

# Latin letters a Russian screen may show: key names, the game's name, units
# of the pool world with no Russian form, and the player names the scenes use.
KEYS = {"Esc", "Enter", "Shift", "Ctrl", "Tab", "Home", "Space", "Kiy", "F1",
        "W", "A", "S", "D", "X", "V", "Q", "E", "C", "B", "U", "Y", "Z", "R", "F", "H",
        "G", "M", "N", "P", "T", "J", "I", "O", "EN", "RU", "English", "Ctrl+S", "Ctrl+Z",
        "Ctrl+Y", "Shift+", "Delete", "Backspace", "PageUp", "PageDown", "PgUp", "PgDn"}
LATIN = re.compile(r"[A-Za-z][A-Za-z'+]*")


def english_words(text: str, allowed: set[str]) -> list[str]:
    return [w for w in LATIN.findall(text) if w not in KEYS and w not in allowed]


def visible_texts(app: App) -> list[str]:
    out = [r.text for r in app.texts]
    for el in app.gui.get_sprite_group().sprites():
        if isinstance(el, UIButton | UILabel) and el.visible and el.text:
            out.append(el.text)
    return out


@pytest.mark.parametrize("scene", SCENES, ids=scene_id)
def test_a_russian_screen_shows_only_russian_words(
        scene: tuple[str, str | None, str | None]) -> None:
    screen, game, players = scene
    app = open_scene(screen, game, "ru", (1280, 720), players)
    try:
        allowed = set()
        if app.session is not None:  # the players' own names
            allowed = {w for n in app.session.names for w in LATIN.findall(n)}
        bad = [(t, english_words(t, allowed)) for t in visible_texts(app)
               if english_words(t, allowed)]
        assert not bad, bad[:10]
        assert not app.locale.fallbacks, sorted(app.locale.fallbacks)
    finally:
        pygame.display.quit()


def test_every_ruling_of_the_library_reads_in_russian() -> None:
    """The referee's words for every recorded stroke, with their rules and
    readings, as the ruling card shows them, come from the Russian texts."""
    loc = Locale("ru")
    lib = library()
    seen = 0
    for e in lib.entries:
        sc = lib.load(e.id)
        if sc.stroke is None:
            continue
        names = ["Анна", "Борис", "Вера", "Глеб"][:sc.players]
        s = Session(Match.from_state(names, sc.discipline, sc.game, {}, seed=1), loc)
        banner = s.ruling_banner(play_scenario(sc).ruling)
        for line in (banner.title, *banner.all_lines):
            assert not english_words(line, set()), (sc.id, line)
            seen += 1
    assert seen > 200
    assert not loc.fallbacks, sorted(loc.fallbacks)


def test_a_missing_russian_text_is_noticed() -> None:
    """The check itself: a key Russian lacks is recorded as a fallback."""
    loc = Locale("ru")
    loc.ui.pop("menu.new_match")
    assert loc.t("menu.new_match") == "New match"
    assert "menu.new_match" in loc.fallbacks
    assert english_words("New match", set()) == ["New", "match"]


def test_the_break_is_razbitie_never_razboy() -> None:
    """«Разбой» is a robbery; the break is «разбитие» (the seed's word)."""
    from pathlib import Path
    root = Path(__file__).resolve().parents[2] / "assets"
    bad = [str(p.relative_to(root)) for p in [*root.glob("locale/ru/*.json"),
                                              *root.glob("scenarios/**/*.toml")]
           if "разбо" in p.read_text("utf-8").lower()]
    assert not bad, bad
