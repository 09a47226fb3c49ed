"""8-ball rule 2 («Восьмёрка», п. 2): obvious balls and pockets are not
called. Play-test 30 (Russian match, 1280x720): with the ruling card open
after a shot the aim's obvious call showed only as rings; the column said
«ещё 1 строка: H — свернуть карточку» where «Заказ (очевидный): …» should
be (step-12, step-17). And where the object ball's line stops at a ball or
a cushion, only «нужен заказ» was said, not why (step-13, step-35).

The call keeps its row under the open card at both sizes (the card gives
up a lower line, never why the turn passed or who plays next), and a line
stopped short says where it stops."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.aiming import AimMode
from simulator.app.table.aim import angle_to, guide
from simulator.table.specs import CUE_BALL
from tests.app.helpers import make_app, scenario_match
from tests.app.test_call40_obvious_from_aim import (
    FIVE,
    RAIL,
    THREE,
    mouse_aim,
    obvious_then_counted,
    side_text,
)
from tests.app.test_playfix19a import flat

SIZES = pytest.mark.parametrize("size", [(800, 500), (1280, 720)],
                                ids=("800x500", "1280x720"))
LANGS = pytest.mark.parametrize("lang", ["ru", "en"])


def said(app: App, key: str, **named: object) -> bool:
    """Whether the side column says the call words ``key``, whole or in
    their one-row form."""
    side = flat(side_text(app))
    into = named.pop("into", None)  # (the long form's pocket after «в»)
    long = {**named, "pocket": into} if into else named
    return flat(app.t(key, **long)) in side or \
        flat(app.t(key + "_short", **named)) in side


def obvious_pots(app: App) -> list[tuple[float, int, float]]:
    """The stripes Anna can send straight at a pocket as the table lies,
    the fullest first: (cut, ball, the object ball's direction)."""
    s = app.session
    assert s is not None
    st = s.table
    balls = {b: p for b in st.on_table() if (p := st.position(b)) is not None}
    cue = balls[CUE_BALL]
    r = s.spec.balls.radius
    out = []
    for b in sorted(x for x in balls if 9 <= x <= 15):
        for pk in s.spec.pockets:
            want = angle_to(balls[b], pk.mouth_centre)
            w = math.radians(want)
            ghost = (balls[b][0] - 2 * r * math.cos(w),
                     balls[b][1] - 2 * r * math.sin(w))
            a = angle_to(cue, ghost)
            g = guide(s.spec, cue, a, balls)
            if g.ball == b and g.object_pocket == pk.name:
                # (the direction as atan2 gives it, as the mouse helper reads it)
                out.append((abs((a - want + 180) % 360 - 180), b,
                            (want + 180) % 360 - 180))
    return sorted(out)


def aim_an_obvious_pot(app: App) -> None:
    """The mouse aims the first of :func:`obvious_pots` it can."""
    for _cut, ball, want in obvious_pots(app):
        try:
            mouse_aim(app, ball, want)
            return
        except AssertionError:
            continue
    raise AssertionError("no obvious pot the mouse can aim")


@SIZES
@LANGS
def test_the_obvious_call_is_said_with_the_ruling_card_open(
        lang: str, size: tuple[int, int]) -> None:
    """Anna pots the 15 and plays on: the card says so (8-ball rule 10) and
    who shoots. Her next aim makes a call obvious (8-ball rule 2): the
    column says «Заказ (очевидный): …» beside the open card, and the card
    still says why and who is next."""
    app = make_app(lang, size)
    try:
        scenario_match(app, "8-ball", RAIL, groups=("stripes", "solids"))
        mouse_aim(app, 15, 5.0)
        obvious_then_counted(app, 15, "foot_left", 1.2)
        s = app.session
        assert s is not None and s.banner is not None and not s.banner_folded
        aim_an_obvious_pot(app)
        mode = app.mode
        assert isinstance(mode, AimMode)
        ob = mode.obvious()
        assert ob is not None
        assert mode.banner_rect is not None, "the ruling card is open"
        card = flat(" ".join(t.shown for t in app.texts
                             if mode.banner_rect.contains(t.rect)))
        assert flat(s.banner.next[0]) in card, card
        assert said(app, "call.obvious", ball=ob[0],
                    pocket=app.t(f"pocket.{ob[1]}"),
                    into=app.t(f"pocket_into.{ob[1]}")), side_text(app)
        assert not app.errors
    finally:
        pygame.display.quit()


@SIZES
@LANGS
def test_the_three_stopped_by_the_fifteen_says_why_no_call_is_read(
        lang: str, size: tuple[int, int]) -> None:
    """The 3 sent at the top right corner meets the 15 on the way: no
    obvious call (8-ball rule 2), and the column says the 3 meets the 15,
    not only "call needed"."""
    app = make_app(lang, size)
    try:
        mode = scenario_match(app, "8-ball", THREE)
        g = mouse_aim(app, 3, 25.0)
        assert g.object_pocket is None and mode.obvious() is None
        assert said(app, "call.meets_ball", ball=3, other=15), side_text(app)
        assert not app.errors
    finally:
        pygame.display.quit()


@LANGS
def test_the_five_sent_onto_the_cushion_says_so(lang: str) -> None:
    """The 5 sent past the bottom right corner's jaw meets the cushion: no
    obvious call (8-ball rule 2), and the column says it goes into the
    cushion (800x500, the narrow column)."""
    app = make_app(lang, (800, 500))
    try:
        mode = scenario_match(app, "8-ball", FIVE)
        g = mouse_aim(app, 5, -26.0)
        assert g.object_pocket is None and mode.obvious() is None
        assert said(app, "call.meets_cushion", ball=5), side_text(app)
        assert not app.errors
    finally:
        pygame.display.quit()
