"""Placing balls in the editor: a click puts the chosen ball down, and the
next ball not on the table is chosen ("<" and ">" choose another; its number
stands by the pointer), a drag moves one, a right click or Delete takes one
off; the ball under the mouse is outlined before it is placed."""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping

import pygame
from pygame_gui.elements import UIButton, UILabel

from simulator.app.screens.editor.draft import EditorBase
from simulator.app.screens.editor.rows import SMALL, Rows
from simulator.app.text import fonts


class BallPlacing(EditorBase):
    """The balls of the draft, put down, moved and taken off with the mouse."""

    drag: int | None  # the ball being dragged
    hover: tuple[float, float] | None  # where the mouse is on the cloth

    def set_ball(self, b: int, p: tuple[float, float] | None) -> None:
        balls = self.draft.setdefault("balls", {})
        if p is None:
            balls.pop(str(b), None)
        else:
            balls[str(b)] = [round(p[0], 4), round(p[1], 4)]
        self.changed()

    def ball_at(self, p: tuple[float, float]) -> int | None:
        r = self.spec.balls.radius
        best = None
        for b, q in self.balls().items():
            d = math.dist(p, q)
            if d < r * 1.2 and (best is None or d < best[0]):
                best = (d, b)
        return best[1] if best is not None else None

    def clamp(self, p: tuple[float, float]) -> tuple[float, float]:
        r = self.spec.balls.radius
        return (min(max(p[0], r), self.spec.length - r),
                min(max(p[1], r), self.spec.width - r))

    def place(self, p: tuple[float, float], ball: int | None = None) -> None:
        """The chosen ball (or ``ball``, dragged) put down at ``p``. After a
        click the next ball not on the table is chosen: the one just placed
        stayed chosen, and the next click took it away to put it down again.
        Its number stands by the pointer, so the ball a click puts down is
        seen before the click."""
        b = self.selected if ball is None else ball
        self.set_ball(b, self.clamp(p))
        if ball is None:
            self.selected = self.next_off_table(b)
        self.rebuild()

    def next_off_table(self, b: int) -> int:
        """The first ball after ``b`` (round the set) not on the table; ``b``
        when every one is."""
        have = self.balls()
        n = self.max_ball() + 1
        return next((c for c in ((b + i) % n for i in range(1, n)) if c not in have), b)

    def remove(self, b: int) -> None:
        self.set_ball(b, None)
        self.selected = b
        self.rebuild()

    def clear(self) -> None:
        cue = self.balls().get(0)
        self.draft["balls"] = {} if cue is None else {"0": list(cue)}
        self.changed()
        self.selected = self.next_free()
        self.rebuild()

    def step_ball(self, d: int) -> None:
        self.selected = (self.selected + d) % (self.max_ball() + 1)
        self.rebuild()

    def build_ball_row(self, rows: Rows) -> None:
        """The ball a click puts down: "<" and ">" step through the set."""
        app = self.app
        t = app.t
        bh = rows.height
        rb = rows.row(t("editor.ball"))
        half = rb.width // 3
        UIButton(pygame.Rect(rb.left, rb.top, half, bh), "<", app.gui,
                 command=app.later(lambda: self.step_ball(-1)))
        UILabel(pygame.Rect(rb.left + half, rb.top, half, bh),
                t("editor.cue") if self.selected == 0 else str(self.selected), app.gui,
                object_id=SMALL)
        UIButton(pygame.Rect(rb.left + 2 * half, rb.top, rb.width - 2 * half, bh), ">",
                 app.gui, command=app.later(lambda: self.step_ball(1)))

    def mouse(self, event: pygame.event.Event) -> None:
        """A click puts the chosen ball down, a drag moves a ball, a right
        click takes one off; the mouse's place on the cloth is noted."""
        table = self.areas.table
        if event.type == pygame.MOUSEBUTTONDOWN and table.collidepoint(event.pos):
            p = self.view.to_table(*event.pos)
            b = self.ball_at(p)
            if event.button == 1:
                if b is not None:
                    self.drag = b
                elif self.spec.on_bed(*p, margin=0.0):
                    self.app.later(lambda: self.place(p))()
            elif event.button == 3 and b is not None:
                self.app.later(functools.partial(self.remove, b))()
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.view.to_table(*event.pos) \
                if table.collidepoint(event.pos) else None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
                self.drag is not None:
            b = self.drag
            self.drag = None
            if table.collidepoint(event.pos):
                p = self.view.to_table(*event.pos)
                self.app.later(lambda: self.place(p, ball=b))()

    def remove_hovered(self) -> None:
        """Delete or Backspace: the ball under the mouse off the table."""
        if self.hover is not None:
            b = self.ball_at(self.hover)
            if b is not None:
                self.app.later(functools.partial(self.remove, b))()

    def ball_positions(self) -> Mapping[int, tuple[float, float, float]]:
        r = self.spec.balls.radius
        out = {b: (x, y, r) for b, (x, y) in self.balls().items()}
        if self.drag is not None and self.hover is not None:
            x, y = self.clamp(self.hover)
            out[self.drag] = (x, y, r)
        return out

    def highlight(self) -> Iterable[int]:
        return (self.drag,) if self.drag is not None else ()

    def draw_top(self, surface: pygame.Surface) -> None:
        if self.hover is not None and self.drag is None and \
                self.ball_at(self.hover) is None:
            c = self.view.to_screen(*self.clamp(self.hover))
            pygame.draw.circle(surface, (230, 230, 210), c, self.view.ball_px, 1)
            lab = self.app.t("editor.cue") if self.selected == 0 else str(self.selected)
            img = fonts.text(lab, max(11, int(self.view.ball_px)), (230, 230, 210))
            surface.blit(img, img.get_rect(midbottom=(c[0], c[1] - self.view.ball_px)))
