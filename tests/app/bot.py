"""A test player: finds a stroke that pots a ball, asking the physics and the
referee (``Match.judge``, which changes nothing) which candidate works, then
plays it through the window with keys like a person would."""

from __future__ import annotations

import math
from typing import Any

import pygame

from simulator.app.loop.app import App
from simulator.app.table.aim import Aim, angle_to
from simulator.physics import simulate
from simulator.table.specs import CUE_BALL
from tests.app.helpers import (
    click_button,
    foul_waits,
    frame,
    key,
    read_ruling,
    run_until,
)


def _clear(a: tuple[float, float], b: tuple[float, float],
           others: list[tuple[float, float]], width: float) -> bool:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    n2 = dx * dx + dy * dy or 1e-12
    for ox, oy in others:
        t = max(0.0, min(1.0, ((ox - ax) * dx + (oy - ay) * dy) / n2))
        if math.dist((ax + t * dx, ay + t * dy), (ox, oy)) < width:
            return False
    return True


def candidates(app: App) -> list[tuple[float, Aim, int, str]]:
    """Straight-in and cut shots ranked by cut angle and distance."""
    s = app.session
    assert s is not None and s.req is not None
    st = s.table
    spec = st.spec
    r = spec.balls.radius
    cue = st.position(CUE_BALL)
    assert cue is not None
    targets = s.req.callable_balls or s.req.legal_first_contacts or tuple(
        b for b in st.on_table() if b != CUE_BALL)
    out: list[tuple[float, Aim, int, str]] = []
    for b in targets:
        p = st.position(b)
        if p is None:
            continue
        others = [q for o in st.on_table() if o not in (b, CUE_BALL)
                  and (q := st.position(o)) is not None]
        for pk in spec.pockets:
            mx, my = pk.mouth_centre
            tx, ty = mx + pk.inward[0] * r, my + pk.inward[1] * r
            d = math.dist(p, (tx, ty))
            ux, uy = (tx - p[0]) / d, (ty - p[1]) / d
            ghost = (p[0] - ux * 2 * r, p[1] - uy * 2 * r)
            g = math.dist(cue, ghost)
            if g < 1e-6:
                continue
            ax, ay = (ghost[0] - cue[0]) / g, (ghost[1] - cue[1]) / g
            cut = math.degrees(math.acos(max(-1.0, min(1.0, ax * ux + ay * uy))))
            if cut > 55 or not spec.on_bed(*ghost):
                continue
            if not (_clear(cue, ghost, others, 2 * r) and
                    _clear(p, (tx, ty), others, 2 * r)):
                continue
            travel = g + d / max(0.3, math.cos(math.radians(cut)))
            power = min(0.75, 0.28 + 0.12 * travel)
            out.append((cut + 20 * travel, Aim(angle_to(cue, ghost), power), b,
                        pk.name))
    out.sort(key=lambda c: c[0])
    return out


def best_stroke(app: App, tries: int = 6) -> tuple[Aim, int | None, str | None]:
    """The first candidate the referee calls a legal pot; else the best guess;
    else a firm hit at the nearest legal ball."""
    from rules.ruling import Declarations
    s = app.session
    assert s is not None and s.req is not None
    cands = candidates(app)
    safe: tuple[Aim, int | None, str | None] | None = None
    for _, aim, ball, pocket in cands[:tries]:
        shot = simulate(s.table, aim.stroke())
        decl = Declarations(called_ball=ball, called_pocket=pocket) \
            if s.req.call_needed else Declarations()
        ruling = s.match.judge(shot, decl)
        if not ruling.fouls and ball in ruling.scored:
            return aim, ball, pocket
        if safe is None and not ruling.fouls:
            safe = (aim, ball, pocket)  # a miss that gives nothing away
    if safe is not None:
        return safe
    if cands:
        _, aim, ball, pocket = cands[0]
        return aim, ball, pocket
    st = s.table
    cue = st.position(CUE_BALL)
    assert cue is not None
    legal = s.req.legal_first_contacts or st.on_table()
    b = min((x for x in legal if x != CUE_BALL and st.position(x) is not None),
            key=lambda x: math.dist(cue, st.position(x) or cue))
    pos = st.position(b)
    assert pos is not None
    return Aim(angle_to(cue, pos), 0.5), b, s.spec.pockets[0].name


def play_turn(app: App) -> Any:
    """Answer what the referee asks for, then shoot; returns the last ruling."""
    s = app.session
    assert s is not None
    if app.dialogs:
        key(app, pygame.K_1)  # a choice or a signature: the first option
        return s.last_ruling
    mode = app.mode
    assert mode is not None
    if mode.name == "game_end":  # a game of the match over: on to the next
        click_button(app, app.t("side.next_game"))
        frame(app)
        mode = app.mode
        assert mode is not None
    if foul_waits(app):  # a foul between people: the incoming player reads it
        read_ruling(app)
    if mode.name == "placing":
        # (the referee's offered spot is legal; after the computer's turn a
        # key puts the ball down only after an action of the person's)
        frame(app, n=30)
        key(app, pygame.K_LSHIFT)
        key(app, pygame.K_RETURN)
        mode = app.mode
        assert mode is not None
    assert mode.name == "aiming", mode.name
    aim, ball, pocket = best_stroke(app)
    s.aim = aim
    mode.key_lock = pygame.mouse.get_pos()  # type: ignore[attr-defined]
    req = s.req
    if req is not None and (req.call_needed or "call" in req.allowed_declarations):
        mode.call_ball = ball  # type: ignore[attr-defined]
        mode.call_pocket = pocket  # type: ignore[attr-defined]
    n = len(s.shots)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: app.mode is not None and app.mode.name != "playing",
              limit=6000)
    if len(s.shots) == n:
        raise ShotNotPlayed(app.toast[0] if app.toast else "no shot")
    return s.last_ruling


class ShotNotPlayed(Exception):
    """The window refused or abandoned the stroke (the message says why)."""
