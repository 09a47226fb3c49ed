"""The head string was drawn full on a 9-ball table after its break, where
no rule names it (9-ball: the ball in hand is anywhere, 9-ball rule 7). It
is drawn only while it matters: at the break (general rule 7: from the
kitchen), with the ball in hand behind it (8-ball and 14.1 after a
scratch, general rule 14), or under a ruling card that names it; not at
all otherwise (drawn faint it was still read as meaning something). The
pyramid's house line is part of the table and always drawn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.editor.draft import new_draft
from simulator.app.screens.gallery import GalleryPlayMode
from simulator.app.screens.table_screen import TableMode
from simulator.app.table.render import head_string_colour
from simulator.app.table.view import TableView
from simulator.practice.scenario import parse_scenario
from tests.app.helpers import (
    after_the_break,
    frame,
    make_app,
    open_gallery,
    watched_session,
)

# Object balls away from the head string (the dashes stay in sight).
FAR = {"1": [1.9, 0.3], "2": [2.0, 0.9], "3": [1.8, 0.6], "8": [2.2, 0.5],
       "9": [2.1, 0.7]}


def dashes(app: App) -> tuple[int, int]:
    """Of the head string's dashes (their middles, where no ball lies),
    how many are drawn in the full chalk, and how many show any line at
    all (lighter than the cloth a few pixels beside them: the faint line
    once drawn where no rule named it was 1.12 of the lit cloth)."""
    mode = app.mode
    assert isinstance(mode, TableMode)
    return line_dashes(app.screen, mode.scene.view, mode.ball_positions())


def line_dashes(surface: pygame.Surface, view: TableView,
                balls: Mapping[int, tuple[float, float, float]],
                over: pygame.Rect | None = None) -> tuple[int, int]:
    """Of points along the head string (not beside a ball, nor under
    ``over``, a panel drawn on the table), those in its full colour and
    those brighter than the cloth beside them."""
    spec = view.spec
    full = head_string_colour(spec)
    n_full = n_seen = 0
    for i in range(0, 24, 2):
        y = spec.width * (i + 0.5) / 24
        if any(abs(bx - spec.head_string_x) < 3 * r and abs(by - y) < 3 * r
               for bx, by, r in balls.values()):
            continue
        x, sy = map(int, view.to_screen(spec.head_string_x, y))
        if over is not None and over.inflate(14, 4).collidepoint(x, sy):
            continue
        c = tuple(surface.get_at((x, sy)))[:3]
        n_full += c == full
        # (means along the dash and beside it: the cloth's grain is 5%)
        on = sum(sum(tuple(surface.get_at((x, sy + dy)))[:3]) for dy in (-1, 0, 1)) / 3
        beside = sum(sum(tuple(surface.get_at((x + dx, sy + dy)))[:3])
                     for dx in (-6, -5, 5, 6) for dy in (-1, 0, 1)) / 12
        n_seen += on > beside * 1.06
    return n_full, n_seen


def position(app: App, game: str, state: dict[str, Any],
             balls: dict[str, list[float]]) -> None:
    draft = new_draft(game)
    draft["state"].update(state)
    draft["balls"] = {**balls, "0": [0.4, 0.6]}
    names = ["Anna", "Boris", "Vera"][:int(draft["players"])]
    watched_session(app, names, game, {}, state=parse_scenario(draft).game)


@pytest.mark.parametrize("game", ["9-ball", "8-ball", "14.1"])
def test_the_head_string_is_full_at_the_break(game: str) -> None:
    app = make_app()
    try:
        s = watched_session(app, ["Anna", "Boris"], game, {}, seed=3)
        assert s.req is not None and s.req.is_break
        full, seen = dashes(app)
        assert full >= 8 and seen >= 8, (full, seen)
    finally:
        pygame.display.quit()


def test_no_head_string_after_a_9_ball_break() -> None:
    """9-ball rule 7: after the break a ball in hand is anywhere; no rule
    names the head string again."""
    app = make_app()
    try:
        s = after_the_break(app, ["Anna", "Boris"], "9-ball", {}, seed=3)
        assert s.req is not None and not s.req.is_break
        assert s.req.ball_in_hand.value != "kitchen"
        full, seen = dashes(app)
        assert full == 0 and seen == 0, (full, seen)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("game", ["9-ball", "8-ball", "14.1"])
def test_no_head_string_in_open_play(game: str) -> None:
    app = make_app()
    try:
        position(app, game, {"ball_in_hand": "none"}, FAR)
        full, seen = dashes(app)
        assert full == 0 and seen == 0, (full, seen)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("game", ["8-ball", "14.1"])
def test_the_head_string_is_full_with_the_ball_in_hand_behind_it(game: str) -> None:
    """General rule 14 (8-ball rule 5, 14.1 rule 7.5): the ball in hand
    behind the head string; its line is where the cue ball may go."""
    app = make_app()
    try:
        position(app, game, {"ball_in_hand": "kitchen"}, FAR)
        assert app.session is not None and app.session.req is not None
        assert app.session.req.ball_in_hand.value == "kitchen"
        full, seen = dashes(app)
        assert full >= 8 and seen >= 8, (full, seen)
    finally:
        pygame.display.quit()


def test_the_house_line_is_always_full_on_a_pyramid_table() -> None:
    """Pyramid digest §1.1: the house line is marked on the cloth; a ball
    in hand is played from the house throughout the game."""
    app = make_app()
    try:
        position(app, "express", {"ball_in_hand": "none"}, FAR)
        full, seen = dashes(app)
        assert full >= 8 and seen >= 8, (full, seen)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("clip", ["gallery-double-hit", "gallery-push-shot"])
def test_no_head_string_in_a_gallery_item_whose_rule_does_not_name_it(
        clip: str) -> None:
    """General rule 20 (a double hit) and rule 21 (a push) name no line:
    the clip, at its start and at its foul, shows no head string."""
    app = make_app()
    try:
        g = open_gallery(app, clip)
        assert not g.show.marks.show_head_string
        frame(app, n=2)
        assert line_dashes(app.screen, g.view, g.ball_positions()) == (0, 0)
        open_gallery(app, clip, to_foul=True)
        g = app.mode
        assert isinstance(g, GalleryPlayMode)
        inset = g.show.inset  # (a double hit's close-up may lie over the line)
        assert line_dashes(app.screen, g.view, g.ball_positions(),
                           inset.rect if inset is not None else None) == (0, 0)
    finally:
        pygame.display.quit()
