"""Ball in hand: the cue ball follows the mouse inside the region the referee
allows (sampled over a few frames and tinted); a click puts it down, or says
why not.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pygame

from rules.ruling import BallInHand
from simulator.app.screens.match_keys import (
    SETTLE_SECONDS,
    SPACE_ELSEWHERE,
    STROKE_KEYS,
)
from simulator.app.screens.shot_input import ShotInputMode
from simulator.table.specs import CUE_BALL
from simulator.table.state import BallState, Where

REGION_DETAIL = 4  # samples per cell side at the edge of the ball-in-hand region
REGION_BUDGET = 0.004  # seconds a frame spends sampling that region
LINE_GAP = 0.001  # m a ball held past the head string stays behind it


class PlaceMode(ShotInputMode):
    """Ball in hand: the cue ball follows the mouse inside the region the
    referee allows; a click puts it down, or says why not."""

    name = "placing"

    def enter(self) -> None:
        super().enter()
        s = self.session
        self.pressed = False
        self.touched = False  # pressed or moved by key: "not here" may show
        self.refused: str | None = None  # the refusal said last, cleared when placed
        self.pos: tuple[float, float] = s.placed or s.spec.head_spot
        self.reason: str | None = s.placement_error(*self.pos)
        # After the computer's turn a Space or Enter still pressed to hurry
        # it (queued, repeated, or pressed again) must not put the ball down
        # on the spot: that key puts it down only once the person has acted
        # here (the mouse over the table, a click, another key). A key not
        # pressed on the computer's turn is the person's own: once this turn
        # has been on show a moment, Enter puts the ball down as the footer
        # says.
        after_computer = getattr(self.app.previous, "name", "") in SPACE_ELSEWHERE
        self.settle = SETTLE_SECONDS if after_computer else 0.0
        self.place_first: set[int] = set(s.hurried) if after_computer else set()
        self._start_region()

    def resize(self) -> None:
        super().resize()
        self._start_region()

    def _start_region(self) -> None:
        self.region: pygame.Surface | None = None
        self._region_job = self._region_rows()  # sampled from the next update

    def busy(self) -> bool:
        return self.region is None

    def update(self, dt: float) -> None:
        super().update(dt)
        self.settle = max(0.0, self.settle - self.app.real_dt)  # (by the clock)
        if self.region is None:
            self._advance_region(REGION_BUDGET)

    def _advance_region(self, seconds: float) -> None:
        """Sample the region for up to ``seconds`` (it appears over a few
        frames rather than holding one up)."""
        end = time.perf_counter() + seconds
        for done in self._region_job:
            if done is not None:
                self.region = done
                return
            if time.perf_counter() > end:
                return

    def _region_rows(self) -> Iterator[pygame.Surface | None]:
        """The allowed region, sampled from the referee's check_placement:
        one sample a cell, and k x k in the cells at the region's edge (round
        the balls, along the head string) for smooth edges at little cost.
        Yields None after each column of cells, then the picture."""
        view = self.scene.view
        bed = view.bed_rect()
        req = self.session.req
        if req is None:
            yield pygame.Surface(bed.size, pygame.SRCALPHA)
            return
        table = self.session.match.table()
        # The region sampled with the balls off the table (its straight edges:
        # the bed, the kitchen or the house), then each ball's disc, where no
        # cue ball may lie, cut out as geometry with smooth edges: sampled,
        # the discs had blocky edges.
        balls = [b for b in table.balls
                 if b.ball != CUE_BALL and b.where is Where.TABLE]
        base = table
        for b in balls:
            base = base.with_ball(BallState(b.ball, Where.OFF_TABLE))
        cell = max(5, int(view.ball_px * 1.1))
        nx, ny = max(1, bed.width // cell), max(1, bed.height // cell)

        def allowed(fx: float, fy: float) -> bool:  # (fx, fy): fractions of the bed
            x, y = view.to_table(bed.left + fx * bed.width, bed.top + fy * bed.height)
            return req.check_placement(base, x, y) is None

        coarse: list[list[bool]] = []
        for i in range(nx):
            coarse.append([allowed((i + 0.5) / nx, (j + 0.5) / ny) for j in range(ny)])
            yield None
        k = REGION_DETAIL
        fine = pygame.Surface((nx * k, ny * k), pygame.SRCALPHA)
        tint = (255, 255, 255, 40)
        for i in range(nx):
            for j in range(ny):
                here = coarse[i][j]
                edge = any(coarse[a][b] != here
                           for a in range(max(0, i - 1), min(nx, i + 2))
                           for b in range(max(0, j - 1), min(ny, j + 2)))
                if not edge:
                    if here:
                        fine.fill(tint, pygame.Rect(i * k, j * k, k, k))
                    continue
                for u in range(k):
                    for v in range(k):
                        if allowed((i * k + u + 0.5) / (nx * k),
                                   (j * k + v + 0.5) / (ny * k)):
                            fine.set_at((i * k + u, j * k + v), tint)
            yield None
        region = pygame.transform.smoothscale(fine, bed.size)
        origin = view.to_table(bed.left, bed.top)
        cut_discs(region, [(view.px(b.x - origin[0]), view.px(origin[1] - b.y))
                           for b in balls], view.px(self.session.spec.balls.diameter))
        yield region

    def handle(self, event: pygame.event.Event) -> None:
        view = self.scene.view
        lay = self.layout
        if self.scroll_banner(event) or self.read_first(event):
            return
        if event.type == pygame.MOUSEMOTION:
            if self.panel_grab is not None:
                self.panel_drag_to(event.pos)  # the tip, power or elevation held
            elif lay.table.collidepoint(event.pos):
                self.place_first.clear()
                self.follow(view.to_table(*event.pos))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.panel_centre(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if lay.side.collidepoint(event.pos):
                self.panel_click(event.pos)
                return
            if lay.table.collidepoint(event.pos):
                self.place_first.clear()
                self.pressed = self.touched = True  # dragged; down on release
                self.move(view.to_table(*event.pos))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.panel_grab = None
            if self.pressed and lay.table.collidepoint(event.pos):
                self.move(view.to_table(*event.pos))
                self.confirm()
            self.pressed = False
        elif event.type == pygame.KEYDOWN:
            if self.common_key(event):
                return
            self.touched = True
            step = 0.005 * (10 if event.mod & pygame.KMOD_SHIFT else 1)
            x, y = self.pos
            if event.key not in STROKE_KEYS:  # an action of the person's own
                self.place_first.clear()
            if event.key == pygame.K_LEFT:
                self.move((x - step, y))
            elif event.key == pygame.K_RIGHT:
                self.move((x + step, y))
            elif event.key == pygame.K_UP:
                self.move((x, y + step))
            elif event.key == pygame.K_DOWN:
                self.move((x, y - step))
            elif event.key in STROKE_KEYS and self.key_places(event):
                self.confirm()

    def key_places(self, event: pygame.event.Event) -> bool:
        """Space or Enter puts the ball down only from a press begun here,
        after this turn was on show a moment, and, a key pressed on the
        computer's turn, only once the person has chosen a place."""
        if not self.app.pressed_here(event):
            return False
        if event.key in self.place_first:
            # (before "too soon", which keeps another message on show and
            # so says nothing: this says what to do)
            self.app.inform(self.place_first_words(), 4.0)
            return False
        if self.settle > 0.0:
            self.app.key_too_soon()
            return False
        return True

    def place_first_words(self) -> str:
        """What puts the ball down now, a key pressed on the computer's turn
        held back until the person has moved it: said as it is ("Space or
        Enter puts it down" stood while Space did not; a click does)."""
        t = self.app.t
        held = {"Space" if k == pygame.K_SPACE else "Enter" for k in self.place_first}
        if len(held) > 1:
            return t("place.place_first")
        late = t("evening.key_space") if "Space" in held else "Enter"
        now = "Enter" if "Space" in held else t("evening.key_space")
        return t("place.place_first_key", now=now, later=late)

    def follow(self, p: tuple[float, float]) -> None:
        """The mouse over the table: the ball follows it; before the player
        has pressed, only into places the referee allows (a new ball in hand
        does not start with "not here" where the mouse happened to rest)."""
        if self.pressed or self.touched:
            self.move(p)
            return
        before, reason = self.pos, self.reason
        self.move(p)
        if self.reason is not None:
            self.pos, self.reason = before, reason

    def move(self, p: tuple[float, float]) -> None:
        spec = self.session.spec
        r = spec.balls.radius
        x0, x1, y0, y1 = r, spec.length - r, r, spec.width - r
        req = self.session.req
        if req is not None and req.ball_in_hand is not BallInHand.NONE:
            # The pointer past the head string (or the house line) takes
            # the ball to the nearest spot it may go, not over the line:
            # the line itself is out (general rules 7 and 14), hence LINE_GAP.
            a0, a1, b0, b1 = req.placement_area(spec)
            if a0 > x0:
                a0 += LINE_GAP
            if a1 < x1:
                a1 -= LINE_GAP
            x0, x1, y0, y1 = max(x0, a0), min(x1, a1), max(y0, b0), min(y1, b1)
        x = min(max(p[0], x0), x1)
        y = min(max(p[1], y0), y1)
        self.pos = (x, y)
        self.reason = self.session.placement_error(x, y)

    def confirm(self) -> None:
        s = self.session
        err = s.place(*self.pos)
        if err is not None:
            self.reason = err
            who = s.req.shooter if s.req is not None else None
            self.refused = self.app.t("place.refused", reason=err, name=s.name(who))
            self.app.notify(self.refused)
            return
        if self.app.toast is not None and self.app.toast[0] == self.refused:
            self.app.toast = None  # placed where it may go: the refusal is over
        self.app.go(self.aim_screen)

    def hint_taken(self) -> None:
        self.app.go(self.aim_screen)

    def ball_positions(self) -> dict[int, tuple[float, float, float]]:
        out = super().ball_positions()
        out[CUE_BALL] = (self.pos[0], self.pos[1], self.session.spec.balls.radius)
        return out

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self.region is not None:
            surface.blit(self.region, self.scene.view.bed_rect())
        self.draw_hint(surface)

    def draw_top(self, surface: pygame.Surface) -> None:
        view = self.scene.view
        c = view.to_screen(*self.pos)
        colour = (90, 200, 120) if self.reason is None else (230, 70, 60)
        pygame.draw.circle(surface, colour, c, view.ball_px * 1.5, 2)
        self.draw_hint_tip_over(surface)

    def side_extra(self) -> list[str]:
        if self.reading_foul():
            # (clicks wait for Continue: "click to put it down" was refused;
            # the heading says to read the ruling)
            return [*self.hint_lines(), *self.kept_lines()]
        if self.reason:
            return [self.app.t("place.here_not", reason=self.reason),
                    *self.hint_lines(), *self.kept_lines()]
        # (the hint asked for first: where it puts the cue ball says "here")
        return [*self.hint_lines(), self.app.t("place.here_ok"), *self.kept_lines()]

    def warnings(self) -> list[str]:
        return [self.app.t("strip.not_here")] if self.reason else []

    def hint(self) -> str:
        if self.reading_foul():
            return self.reading_hint()
        return self.app.t("hint.place" + self.enter_waits())

    def short_hint(self) -> str:
        if self.reading_foul():
            return self.reading_hint(short=True)
        return self.app.t("hint.place_short" + self.enter_waits())

    def enter_waits(self) -> str:
        """"_moved" while Enter, pressed on the computer's turn, puts the
        ball down only once it is moved (its key line said "Enter: here")."""
        held = self.place_first & {pygame.K_RETURN, pygame.K_KP_ENTER}
        return "_moved" if held else ""


def cut_discs(region: pygame.Surface, centres: list[tuple[float, float]],
              radius: float) -> None:
    """Clear discs of ``radius`` pixels round ``centres`` from ``region``'s
    tint, their rims anti-aliased (a pixel's share outside the disc kept)."""
    import numpy as np
    alpha = pygame.surfarray.pixels_alpha(region)
    w, h = alpha.shape
    for cx, cy in centres:
        x0, x1 = max(0, int(cx - radius - 2)), min(w, int(cx + radius + 3))
        y0, y1 = max(0, int(cy - radius - 2)), min(h, int(cy + radius + 3))
        if x0 >= x1 or y0 >= y1:
            continue
        xs = np.arange(x0, x1)[:, None] + 0.5 - cx
        ys = np.arange(y0, y1)[None, :] + 0.5 - cy
        keep = np.clip(np.hypot(xs, ys) - radius + 0.5, 0.0, 1.0)
        alpha[x0:x1, y0:y1] = (alpha[x0:x1, y0:y1] * keep).astype(np.uint8)
    del alpha  # (the surface stays locked while the array lives)
