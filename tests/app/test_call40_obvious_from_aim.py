"""8-ball rule 2 («Восьмёрка», п. 2), the gentleman's call: "obvious object
balls and pockets are not declared; bank and combination shots are not
obvious and must be called". A play-tester aimed three cuts with the mouse,
clicked no call and got "call needed" each time (pt29):

- the 15 lying on the top rail five radii from the corner, cut a few
  degrees into the rail: it runs along the rail into the corner, yet the
  aim read a cushion hit at once (a bank) and asked for a call;
- the 3 sent at the top right corner with the 15 in its way, and the 5
  sent past the bottom right corner's jaw onto the cushion: neither drops,
  so a call is asked; but the object ball's line was a 0.3 m stub pointed
  at the pocket, showing neither the 15 in the way nor the cushion. The
  line now runs as the reading goes: into the opening, or to the ball or
  cushion it meets.

The positions are the pt29 screenshots' (1280x720) read into metres."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import pygame
import pytest

from rules.codes import Note
from simulator.app.loop.app import App
from simulator.app.table.aim import angle_to, power_of
from simulator.table.specs import CUE_BALL
from tests.app.helpers import drawn_words, frame, make_app, move, scenario_match, strike

OBJECT_LINE = (250, 210, 120)  # the object ball's drawn line (aiming.py)

# step-14..18: Anna (stripes) at the 15, which lies on the top rail.
RAIL = {CUE_BALL: (2.076, 1.097), 15: (2.319, 1.236), 9: (0.604, 0.782),
        13: (0.77, 1.035), 4: (0.913, 0.592), 10: (0.954, 1.031), 11: (1.218, 1.218),
        2: (1.322, 1.197), 8: (1.458, 0.604), 12: (1.942, 0.349), 3: (2.058, 0.987),
        14: (2.176, 0.72), 5: (0.042, 1.204)}
# step-56: the 5 from the middle of the table at the bottom right corner.
FIVE = {CUE_BALL: (0.076, 0.636), 5: (1.485, 0.456), 15: (0.503, 0.702),
        13: (0.598, 0.488), 1: (0.791, 0.491), 9: (0.954, 0.242), 11: (1.244, 0.102),
        12: (1.515, 0.752), 8: (1.672, 0.672), 4: (1.942, 0.924), 7: (1.942, 0.352),
        10: (2.019, 0.609), 2: (2.164, 0.533), 6: (2.13, 0.792)}
# step-07: the 3 at the top right corner, the 15 in its way.
THREE = {CUE_BALL: (0.076, 0.636), 3: (1.574, 0.767), 5: (0.503, 0.571),
         9: (0.604, 0.782), 13: (0.782, 0.791), 10: (0.954, 1.031), 11: (1.218, 1.218),
         8: (1.458, 0.604), 2: (1.639, 0.571), 15: (1.942, 0.922), 12: (1.942, 0.349),
         4: (1.998, 0.616), 14: (2.176, 0.72), 7: (2.182, 0.559)}


def object_dir(app: App, angle: float) -> tuple[float | None, Any]:
    """The object ball's direction (degrees) the aim ``angle`` sends it, as
    the aim reads it (thrown off the line of centres by the stroke)."""
    s = app.session
    assert s is not None
    kept = s.aim
    s.aim = replace(kept, angle=angle)
    try:
        g = app.mode.guide(exact=True)  # type: ignore[union-attr]
    finally:
        s.aim = kept
    if g.object_dir is None:
        return None, g
    return math.degrees(math.atan2(g.object_dir[1], g.object_dir[0])), g


def mouse_aim(app: App, ball: int, want: float) -> Any:
    """The mouse moved, as a player's hand, to the pixel over the table that
    sends ``ball`` nearest to ``want`` degrees; the guide it shows."""
    mode = app.mode
    s = app.session
    assert s is not None and mode is not None
    view = mode.scene.view  # type: ignore[attr-defined]
    cue = s.table.position(CUE_BALL)
    bp = s.table.position(ball)
    assert cue is not None and bp is not None
    r = s.spec.balls.radius
    w = math.radians(want)
    ghost = (bp[0] - 2 * r * math.cos(w), bp[1] - 2 * r * math.sin(w))
    a = math.radians(angle_to(cue, ghost))
    best: tuple[float, tuple[int, int]] | None = None
    for k in range(10, 80):
        far = (cue[0] + math.cos(a) * k / 100, cue[1] + math.sin(a) * k / 100)
        sx, sy = view.to_screen_i(*far)
        for px in ((sx + i, sy + j) for i in (-1, 0, 1) for j in (-1, 0, 1)):
            if not mode.layout.table.collidepoint(px):  # type: ignore[attr-defined]
                continue
            od, _g = object_dir(app, angle_to(cue, view.to_table(*px)))
            if od is not None and (best is None or abs(od - want) < best[0]):
                best = (abs(od - want), px)
    assert best is not None and best[0] < 1.0, best
    move(app, (best[1][0] + 9, best[1][1]))
    move(app, best[1])
    frame(app, n=8)  # (the aim at rest: its line run on the physics, THROW_EVERY)
    od, g = object_dir(app, s.aim.angle)
    assert g.ball == ball and od is not None and abs(od - want) < 1.0, (od, want)
    return g


def side_text(app: App) -> str:
    side = app.mode.layout.side  # type: ignore[union-attr]
    return " ".join(r.text for r in app.texts if side.contains(r.rect))


def strike_at(app: App, speed: float) -> Any:
    """Space at this pace, the shot played to rest; the referee's ruling."""
    s = app.session
    assert s is not None
    s.aim = s.aim.with_power(power_of(speed))
    frame(app)
    return strike(app)


def where(app: App, ball: int) -> str | None:
    s = app.session
    assert s is not None
    return next(x for x in s.table.balls if x.ball == ball).pocket


def line_pixels_near(app: App, at: tuple[float, float], within: float) -> int:
    """Pixels of the object ball's line within ``within`` px of table point ``at``."""
    view = app.mode.scene.view  # type: ignore[union-attr]
    cx, cy = view.to_screen(*at)
    screen = pygame.display.get_surface()
    n = 0
    for x in range(int(cx - within), int(cx + within) + 1):
        for y in range(int(cy - within), int(cy + within) + 1):
            if math.hypot(x - cx, y - cy) <= within and \
                    tuple(screen.get_at((x, y)))[:3] == OBJECT_LINE:
                n += 1
    return n


def obvious_then_counted(app: App, ball: int, pocket: str, speed: float) -> None:
    """The aim shows the obvious call (8-ball 2), no "call needed"; the
    stroke drops the ball there, the pot counts and Anna plays on."""
    t = app.t
    words = t("call.obvious", ball=ball, pocket=t(f"pocket_into.{pocket}"))
    assert words in side_text(app), side_text(app)
    assert t("strip.call_needed") not in drawn_words(app)
    r = strike_at(app, speed)
    assert where(app, ball) == pocket
    codes = [o.code for o in r.notes]
    assert Note.SCORED in codes, r.notes
    assert Note.CALL_REQUIRED not in codes
    assert not r.fouls and r.next_shooter == 0


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_cut_of_a_ball_on_the_rail_along_it_into_the_corner_is_obvious(
        lang: str) -> None:
    """pt29 step-14: the 15 on the top rail, cut 5 degrees into it, runs
    along the rail into the top right corner: 8-ball rule 2's obvious
    call, read from the mouse's aim, and the pot counts."""
    app = make_app(lang)
    try:
        mode = scenario_match(app, "8-ball", RAIL, groups=("stripes", "solids"))
        g = mouse_aim(app, 15, 5.0)
        assert g.object_pocket == "foot_left"
        assert mode.obvious() == (15, "foot_left")
        # The drawn line runs along the rail into the corner's opening.
        pk = app.session.spec.pocket("foot_left")  # type: ignore[union-attr]
        assert line_pixels_near(app, pk.mouth_centre, 0.5 * mode.scene.view.px(
            pk.mouth_width)) > 0
        words = app.t("call.obvious", ball=15, pocket=app.t("pocket_into.foot_left"))
        assert ("«Восьмёрка», п. 2" if lang == "ru" else "rule 2") in words.replace(
            "\xa0", " ")
        obvious_then_counted(app, 15, "foot_left", 1.2)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_five_sent_at_the_corner_is_read_and_its_line_goes_in(lang: str) -> None:
    """pt29 step-56: the 5 sent at the bottom right corner's opening: the
    line drawn runs into the opening, the call is read (8-ball rule 2) and
    the pot counts."""
    app = make_app(lang)
    try:
        mode = scenario_match(app, "8-ball", FIVE)
        g = mouse_aim(app, 5, -22.5)
        assert g.object_pocket == "foot_right"
        pk = app.session.spec.pocket("foot_right")  # type: ignore[union-attr]
        assert line_pixels_near(app, pk.mouth_centre, 0.5 * mode.scene.view.px(
            pk.mouth_width)) > 0, "the object ball's line reaches the opening"
        obvious_then_counted(app, 5, "foot_right", 2.1)
    finally:
        pygame.display.quit()


def test_the_five_sent_onto_the_cushion_past_the_jaw_still_asks_for_a_call() -> None:
    """pt29 step-56 as the tester aimed it, 26 degrees: the 5 meets the
    bottom cushion ahead of the jaw and does not drop. Not obvious (8-ball
    rule 2): "call needed", and the line drawn ends on that cushion, not in
    the opening."""
    app = make_app("ru")
    try:
        mode = scenario_match(app, "8-ball", FIVE)
        g = mouse_aim(app, 5, -26.0)
        assert g.object_pocket is None and mode.obvious() is None
        assert app.t("strip.call_needed") in drawn_words(app)
        pk = app.session.spec.pocket("foot_right")  # type: ignore[union-attr]
        assert line_pixels_near(app, pk.mouth_centre, 0.5 * mode.scene.view.px(
            pk.mouth_width)) == 0
        end = g.object_path[-1]
        assert abs(end[1] - app.session.spec.balls.radius) < 1e-6  # type: ignore[union-attr]
        assert line_pixels_near(app, end, 3) > 0, "the line ends on the cushion"
        r = strike_at(app, 2.1)
        assert where(app, 5) is None
        assert Note.SCORED not in [o.code for o in r.notes]
    finally:
        pygame.display.quit()


def test_the_three_with_the_fifteen_in_its_way_asks_for_a_call_and_shows_why() -> None:
    """pt29 step-07: the 3 at the top right corner meets the 15 on the way: a
    combination, not obvious (8-ball rule 2). A call is asked and the 3's
    line is drawn up to the 15 (it was a stub pointing at the pocket)."""
    app = make_app("en")
    try:
        mode = scenario_match(app, "8-ball", THREE)
        g = mouse_aim(app, 3, 25.0)
        assert g.object_pocket is None and mode.obvious() is None
        assert app.t("strip.call_needed") in drawn_words(app)
        fifteen = app.session.table.position(15)  # type: ignore[union-attr]
        assert fifteen is not None
        two_r = mode.scene.view.px(2 * app.session.spec.balls.radius)  # type: ignore
        assert line_pixels_near(app, fifteen, two_r + 3) > 0, "drawn to the 15"
    finally:
        pygame.display.quit()


def test_a_ball_on_the_rail_cut_hard_into_it_still_asks_for_a_call() -> None:
    """The 15 on the top rail cut 16 degrees into it comes off the cushion:
    a bank, not obvious (8-ball rule 2), so the call is still asked."""
    app = make_app("en")
    try:
        mode = scenario_match(app, "8-ball", RAIL, groups=("stripes", "solids"))
        g = mouse_aim(app, 15, 16.0)
        assert g.object_pocket is None and mode.obvious() is None
        assert app.t("strip.call_needed") in drawn_words(app)
    finally:
        pygame.display.quit()
