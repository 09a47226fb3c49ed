"""The hint's tip diagram on the cloth, as the README says: the README said
nothing but the balls, the cue and the aiming and replay marks is drawn
over the table, while a hint not yet taken draws its tip diagram beside its
cue ball wherever the column's own diagram does not show the hint's stroke
(the column has no room for it at 800x500 under the ruling card and the
hint's lines: test_hint46). It lies on the cloth, never over the column,
and only where the column's diagram does not show the hint's stroke."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from simulator.app.screens.shot_input import ShotInputMode
from tests.app.helpers import frame, key
from tests.app.scenes import LANGS
from tests.app.test_hint46 import SIZES, ask_hint, beside_card, quick_hint

README = Path(__file__).resolve().parents[2] / "README.md"
__all__ = ["quick_hint"]  # (its fixture: the hint found quickly, no wall-time race)


def over_the_table() -> str:
    """The README's sentence on what is drawn over the table, on one line."""
    text = " ".join(README.read_text(encoding="utf-8").split())
    found = re.search(r"no panel or text is drawn over the table.*?\. ", text, re.I)
    assert found, "the README says nothing of what is drawn over the table"
    return found.group(0)


def test_the_readme_names_the_hints_tip_diagram_on_the_cloth() -> None:
    said = over_the_table()
    assert "the hint's tip diagram beside its cue ball" in said, said


def on_the_cloth(mode: ShotInputMode) -> None:
    """The hint's tip diagram on the table where the column's does not show
    the hint's stroke, and there inside the cloth, clear of the column."""
    in_column = mode.controls and mode.hint_aim_held()
    rect = mode.hint_tip_rect
    assert (rect is None) == in_column, (rect, mode.controls)
    if rect is not None:
        assert mode.scene.view.bed_rect().contains(rect), rect
        assert not rect.colliderect(mode.layout.side), (rect, mode.layout.side)


@SIZES
@pytest.mark.parametrize("where", ["hand", "rebreak"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_hints_tip_diagram_lies_on_the_cloth_until_taken(
        lang: str, where: str, size: tuple[int, int]) -> None:
    """Ball in hand after a foul (general rule 3) and the Express re-break
    (Express 2.4), the ruling card open, the hint read and then taken: the
    hint's tip diagram lies inside the cloth, clear of the column, and is on
    the table exactly where the column's diagram does not show its stroke."""
    app = beside_card(lang, size, where)
    try:
        mode = ask_hint(app)
        assert not mode.hint_aim_held()  # (the column: the player's stroke)
        on_the_cloth(mode)
        key(app, pygame.K_i)  # taken
        frame(app, n=6)
        mode = app.mode  # type: ignore[assignment]
        assert isinstance(mode, ShotInputMode) and mode.hint_aim_held()
        on_the_cloth(mode)
        assert not app.errors
    finally:
        pygame.display.quit()
