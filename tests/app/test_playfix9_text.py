"""A play-tester's findings on texts, at 800x500 and in Russian: the export
dialog says what the file does, the quiz and the gallery name their runs and
entries for what they are, nothing is cut, and one spelling of the game."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from tests.app.helpers import frame, key, make_app

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
