"""A play-tester's findings on texts, at 800x500 and in Russian: the export
dialog says what the file does, the quiz and the gallery name their runs and
entries for what they are, nothing is cut, and one spelling of the game."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from simulator.app.loop.app import App
from tests.app.helpers import click_button, frame, gallery_index, key, make_app

LOCALE = Path(__file__).resolve().parents[2] / "assets" / "locale"


def test_russian_texts_spell_the_game_one_way() -> None:
    # The rule references say «Восьмёрка»; the rule texts must not say «Восьмерка».
    for path in sorted((LOCALE / "ru").glob("*.json")):
        text = json.loads(path.read_text(encoding="utf-8"))
        bad = [k for k, v in _flat(text) if "осьмерк" in v]
        assert not bad, f"{path.name}: {bad}"


def _flat(tree: object, prefix: str = "") -> list[tuple[str, str]]:
    if isinstance(tree, dict):
        out: list[tuple[str, str]] = []
        for k, v in tree.items():
            out += _flat(v, f"{prefix}{k}.")
        return out
    return [(prefix, str(tree))] if isinstance(tree, str) else []


def test_wasd_moves_the_tip_a_useful_amount_and_shift_finely() -> None:
    """W/A/S/D moved the tip by a twentieth of the ball's radius: a press now
    moves it a tenth of its range (five presses from centre to the edge),
    Shift a fine step."""
    from simulator.app.match.session import Session
    from simulator.app.match.turns import next_step
    from simulator.app.screens.aiming import AimMode
    from simulator.app.table.aim import MAX_TIP

    app = make_app()
    app.session = s = Session.new(["Anna", "Boris"], "14.1", {}, app.locale, seed=5)
    next_step(app)
    frame(app)
    if app.mode is not None and app.mode.name == "placing":
        key(app, pygame.K_RETURN)
    assert isinstance(app.mode, AimMode)
    key(app, pygame.K_d)
    assert s.aim.tip_a == pytest.approx(MAX_TIP / 5)
    key(app, pygame.K_w)
    assert s.aim.tip_b == pytest.approx(MAX_TIP / 5)
    key(app, pygame.K_x)
    for _ in range(5):
        key(app, pygame.K_s)
    assert s.aim.tip_b == pytest.approx(-MAX_TIP)  # the edge in five presses
    key(app, pygame.K_x)
    key(app, pygame.K_a, pygame.KMOD_LSHIFT)
    assert -MAX_TIP / 10 < s.aim.tip_a < 0  # Shift: a fine step


def _shown(app: App) -> str:
    """Every text the window draws now (its own and the widgets')."""
    from pygame_gui.elements import UIButton, UILabel, UITextBox
    out = [r.text for r in app.texts]
    for el in app.gui.get_sprite_group().sprites():
        if isinstance(el, UIButton | UILabel | UITextBox) and el.visible:
            out.append(str(getattr(el, "html_text", None) or el.text))
    return " ".join(" ".join(out).split())  # wrapped lines joined


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_gallery_names_a_lost_game_as_a_lost_game(lang: str) -> None:
    """Every entry was "Foul n of N" under "each foul", the 8 in a pocket not
    called too, which loses the game without a foul (8-ball rule 15)."""
    from simulator.app.screens.gallery import GalleryListMode, GalleryPlayMode
    app = make_app(lang)
    app.go("menu")
    frame(app)
    t = app.t
    click_button(app, t("menu.foul_gallery"))
    assert isinstance(app.mode, GalleryListMode)
    frame(app)
    sub = t("gallery.subtitle")  # drawn on the backdrop
    assert ("loses the game" if lang == "en" else "проигрывающий партию") in sub
    n = gallery_index("gallery-eight-wrong-pocket")
    app.switch(GalleryPlayMode(app, n))
    frame(app)
    text = _shown(app)
    lost = {"en": "loss of the game", "ru": "проигрыш партии"}[lang]
    assert f"{n + 1} " in text and lost in text
    assert ("Foul" if lang == "en" else "Фол") + f" {n + 1} " not in text
    assert " ".join(t("gallery.watch_loss").split()) in text
    # A foul is still named a foul.
    app.switch(GalleryPlayMode(app, gallery_index("gallery-scratch")))
    frame(app)
    text = _shown(app)
    assert lost not in text and ("a foul" if lang == "en" else "фол,") in text
