"""The hint's tip diagram, as the README says: the README said nothing but
the balls, the cue and the aiming and replay marks is drawn over the table,
while a hint not yet taken draws its tip diagram wherever the column's own
diagram does not show the hint's stroke (the column has no room for it at
800x500 under the ruling card and the hint's lines: test_hint46). It lay
on the cloth beside the cue ball, where it could hide balls; it lies on the
top rail above the cue ball, off the cloth, clear of every ball and pocket,
never over the column, and only where the column's diagram does not show
the hint's stroke."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from simulator.app.screens.shot_input import ShotInputMode
from simulator.app.table.balls3d import picture_side
from simulator.app.table.render import centred
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
    assert "the hint's tip diagram on the top rail above its cue ball" in said, said


def on_the_cloth(mode: ShotInputMode) -> None:
    """The hint's tip diagram on the table where the column's does not show
    the hint's stroke, and there off the cloth (its dark ground and ring
    too), clear of every ball's picture, of the pockets and of the column."""
    from simulator.app.screens.shot_input import TIP_RING
    from simulator.app.table.render import pocket_rects
    in_column = mode.controls and mode.hint_aim_held()
    rect = mode.hint_tip_rect
    assert (rect is None) == in_column, (rect, mode.controls)
    if rect is None:
        return
    view = mode.scene.view
    drawn = rect.inflate(2 * TIP_RING, 2 * TIP_RING)
    assert not drawn.colliderect(view.bed_rect()), (drawn, view.bed_rect())
    assert view.rect.contains(drawn), (drawn, view.rect)
    assert not drawn.colliderect(mode.layout.side), (drawn, mode.layout.side)
    st = mode.shown_table()
    side = picture_side(view.ball_px)  # a ball's picture
    for b in st.on_table():
        ball = centred(pygame.Surface((side, side)), *view.to_screen(*st.ball(b).pos))
        assert not drawn.colliderect(ball), (b, drawn, ball)
    assert drawn.collidelist(pocket_rects(view)) < 0, drawn


@SIZES
@pytest.mark.parametrize("where", ["hand", "rebreak"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_hints_tip_diagram_lies_on_the_cloth_until_taken(
        lang: str, where: str, size: tuple[int, int]) -> None:
    """Ball in hand after a foul (general rule 3) and the Express re-break
    (Express 2.4), the ruling card open, the hint read and then taken: the
    hint's tip diagram lies off the cloth, clear of the column, and is on
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
