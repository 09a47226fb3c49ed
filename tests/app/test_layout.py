"""The layout rule, on every screen, in both languages, at 1280x720 and
800x500: nothing covers the table but the balls, the cue and the aiming
marks (rulings, choices and dialogs live beside it; the match's end card,
the match over, lies over it), and every line of text
fits its box: none is clipped, a cut one ends in an ellipsis and is a name in
the scoreboard, shown whole on hover."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIButton, UILabel

from simulator.app.loop.app import App
from simulator.app.screens.practice.practice_screen import PracticeScreen
from simulator.app.screens.table_screen import TableMode
from tests.app.scenes import LANGS, SCENES, SIZES, open_scene, scene_id


def table_rect(app: App) -> pygame.Rect | None:
    """The table with its rails on a screen that shows one."""
    mode = app.mode
    if isinstance(mode, TableMode):
        return mode.scene.view.outer_rect()
    if isinstance(mode, PracticeScreen):
        return mode.view.outer_rect()
    return None


def layout_problems(app: App) -> list[str]:
    """Every way the window breaks the rule, in words."""
    out: list[str] = []
    w, h = app.size
    window = pygame.Rect(0, 0, w, h)
    table = table_rect(app)
    from simulator.app.table.view import Layout
    lay = getattr(app.mode, "layout", None)
    top = (lay if isinstance(lay, Layout) else app.layout).top
    # The match's end card is over the table: the match is over, and its
    # table of figures was cramped in the side column beside an empty table.
    # (its frame over the table's whole area, rails and all, too)
    ended = [r for d in app.dialogs if getattr(d, "kind", "") == "gameover"
             for r in (d.rect, getattr(d, "backdrop", None)) if r is not None]
    if table is not None:
        for name, r in app.panels:
            if r.colliderect(table) and not (name == "dialog" and r in ended):
                out.append(f"the {name} panel {r} covers the table {table}")
    for rec in app.texts:
        r, box = rec.rect, rec.box
        if r.width > box.width + 1 or r.left < box.left - 1 or r.right > box.right + 1:
            out.append(f"{rec.shown!r} ({r.width} px) is wider than its box {box}")
        if not window.contains(r):
            out.append(f"{rec.shown!r} at {r} leaves the window")
        if rec.cut:
            if not rec.shown.endswith("…"):
                out.append(f"{rec.text!r} is cut without an ellipsis")
            if not top.contains(box):
                out.append(f"{rec.text!r} is cut outside the scoreboard")
            elif not any(tr == r and text == rec.text for tr, text in app.tips):
                out.append(f"{rec.text!r} is cut and not shown whole on hover")
    lines = [rec for rec in app.texts if rec.shown.strip()]
    for i, a in enumerate(lines):
        for b in lines[i + 1:]:
            clip = a.rect.clip(b.rect)
            if clip.width * clip.height > 6:
                out.append(f"{a.shown!r} and {b.shown!r} overlap")
    for el in app.gui.get_sprite_group().sprites():
        if not isinstance(el, UIButton | UILabel) or not el.visible:
            continue
        text = el.text if isinstance(el, UIButton) else el.text
        font = getattr(el, "font", None)
        if not text or font is None:
            continue
        width = font.get_rect(text).width
        if width > el.rect.width - 4:
            out.append(f"widget {text!r} needs {width} px, has {el.rect.width}")
        if not window.contains(el.rect):
            out.append(f"widget {text!r} at {el.rect} leaves the window")
    return out


@pytest.mark.parametrize("scene", SCENES, ids=scene_id)
def test_the_table_stays_clear_and_every_line_fits(
        scene: tuple[str, str | None, str | None]) -> None:
    screen, game, players = scene
    problems: list[str] = []
    for lang in LANGS:
        for size in SIZES:
            app = open_scene(screen, game, lang, size, players)
            assert app.texts or app.gui.get_sprite_group().sprites(), \
                "nothing was drawn"
            problems += [f"{lang} {size[0]}x{size[1]}: {p}"
                         for p in layout_problems(app)]
            pygame.display.quit()
    assert not problems, "\n".join(problems[:30])
