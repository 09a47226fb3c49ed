"""The double hit's inset and the timeline's touches of the tip.

General rule 20: in the foul gallery's double hit the tip meets the cue
ball at the strike, leaves it after a millisecond, and meets it again some
5 ms later, the ball a couple of millimetres on, pressed against the 3. The
inset's two panels, at one magnification, looked alike: the second is now a
close-up of the second touch with a ring where the ball stood at the first
and the way it had gone, in millimetres, each panel captioned. The timeline
said "the tip leaves after 1 ms" where the inset said "2 times at 0 and 5
ms": it now says each touch on and off, as the inset names them, and ","
and "." stop at each. At 800x500 the inset hid a pocket and the timeline's
foul words lost the rule's number."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.replay.shotmarks import Mark
from simulator.app.replay.timeline import mark_label, step_marks
from simulator.app.table.render import PLATE, pocket_hole
from simulator.app.text.i18n import Locale
from simulator.app.text.words import ball_named, home_rule, ref_text
from simulator.physics.stick import TIP_RADIUS
from simulator.table.events import EventKind
from tests.app.helpers import drawn_lines, frame, key, make_app, open_gallery, run_until

SIZES = [(800, 500), (1280, 720)]


def recorded(g: object) -> tuple[object, object]:
    """The log's strike and the tip's second touch of the double hit."""
    evs = g.demo.shot.events  # type: ignore[attr-defined]
    strike = next(e for e in evs if e.kind is EventKind.STROKE)
    again = next(e for e in evs if e.kind is EventKind.TIP_CONTACT)
    return strike, again


def num(loc: Locale, v: float, digits: int = 1) -> str:
    return loc.num(v, digits)


def panel_words(app: object, box: pygame.Rect, below: int) -> str:
    """The caption wrapped under a panel, its lines joined."""
    under = pygame.Rect(box.left, box.bottom, box.width, below)
    return " ".join(drawn_lines(app, under))  # type: ignore[arg-type]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_second_panel_shows_where_the_ball_had_gone(
        lang: str, size: tuple[int, int]) -> None:
    """The first panel: the strike, "1st touch, 0 ms". The second, close
    up: the ball as the tip met it again, a ring where it stood at the
    first touch, drawn apart, "2.1 mm" between them from the log's positions
    at the two touches; "the tip met the ball again 5 ms later"; how far behind
    the ball the tip was between the touches. The two panels' pictures
    differ over most of their area."""
    app = make_app(lang, size)
    loc = Locale(lang)
    g = open_gallery(app, "gallery-double-hit", to_foul=True)
    frame(app)
    inset = g.show.inset
    assert inset is not None and len(inset.panels) == 2
    strike, again = recorded(g)
    s0, s1 = strike.snapshot(0), again.snapshot(0)  # type: ignore[attr-defined]
    moved = math.dist((s0.x, s0.y), (s1.x, s1.y)) * 1000.0
    assert 1.5 < moved < 3.0  # the cue ball stood 2 mm from the 3
    ms = f"{(again.time - strike.time) * 1000:.0f}"  # type: ignore[attr-defined]
    assert ms == "5"
    first, second = inset.panels
    below = inset.rect.bottom - first.bottom
    assert panel_words(app, first, below).startswith(
        loc.t("tip_inset.first", ms="0"))
    want = loc.t("tip_inset.again", ms=ms, mm=num(loc, moved))
    assert want in panel_words(app, second, below)
    assert loc.t("tip_inset.mm", mm=num(loc, moved)) in drawn_lines(app, second)
    # The ring and the ball drawn apart in the close-up, not in the first.
    # At 800x500 the inset is drawn smaller rather than over the 8, a ball
    # not in the stroke (the longer Russian words shrink it most): 6 px.
    least = 8 if size[0] > 800 else 6
    assert inset.apart[1] >= least and inset.apart[1] > 3 * inset.apart[0]
    # The tip's gap behind the ball at the log's ball contact between.
    between = [e for e in g.demo.shot.events if strike.time + 0.001 < e.time
               < again.time and e.snapshot(0) is not None]  # type: ignore[attr-defined]
    r = g.spec.balls.radius
    gaps = []
    for e in between:
        tip = g.show.marks.cue.at(e.time)
        b = e.snapshot(0)
        gaps.append((math.hypot(b.x - tip.x, b.y - tip.y) - r - TIP_RADIUS, e.time))
    gap, at = max(gaps)
    assert 0.5e-3 < gap < 2e-3
    lines = " ".join(drawn_lines(app, inset.rect))
    assert loc.t("tip_inset.gap", mm=num(loc, gap * 1000), ms=f"{at * 1000:.0f}") \
        in lines
    # The two pictures differ over most of their area.
    get = app.screen.get_at

    def unlike(x: int, y: int) -> bool:
        a = get((first.left + x, first.top + y))[:3]
        b = get((second.left + x, second.top + y))[:3]
        return sum(abs(p - q) for p, q in zip(a, b, strict=True)) > 60

    grid = [(x, y) for x in range(0, first.width, 3) for y in range(0, first.height, 3)]
    differ, total = sum(unlike(x, y) for x, y in grid), len(grid)
    assert differ > 0.3 * total, (differ, total)


def tip_marks(g: object) -> list[Mark]:
    return [m for m in g.show.marks.marks  # type: ignore[attr-defined]
            if m.kind in (EventKind.STROKE, EventKind.TIP_CONTACT) and m.peak is None]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_timeline_says_each_touch_the_inset_names(lang: str) -> None:
    """Every contact of the tip the inset names (its start and end) is on
    the timeline, on and off, numbered as the panels; and every tip mark of
    the timeline is one of the inset's. Stepped to with ",", the timeline
    says each: on at 0 ms, off at 1 ms, on again at 5 ms, off at 6 ms."""
    app = make_app(lang)
    loc = Locale(lang)
    g = open_gallery(app, "gallery-double-hit", to_foul=True)
    frame(app)
    inset = g.show.inset
    assert inset is not None
    named = inset.contacts
    assert len(named) == 2
    on = sorted(m.time for m in tip_marks(g) if not m.tip_end)
    off = sorted(m.time for m in tip_marks(g) if m.tip_end)
    assert on == pytest.approx([s for s, _e in named], abs=1e-9)
    assert off == pytest.approx([e for _s, e in named], abs=1e-9)
    strike, _again = recorded(g)
    assert off[0] == pytest.approx(strike.time + strike.duration)  # type: ignore[attr-defined]
    # Stepped back from the foul to the strike: each tip mark said.
    said: dict[float, str] = {}
    pb = g.player.playback
    for _ in range(6):
        key(app, pygame.K_COMMA)
        m = g.show.selected
        assert m is not None
        if m in tip_marks(g) and not m.foul:
            rect = g.show.geometry.rect
            lines = drawn_lines(app, rect)
            label = mark_label(loc, g.spec, m)
            assert any(label in s for s in lines), (label, lines)
            said[round(m.time, 6)] = label
        if pb.time <= 0.0:
            break
    for k, (s, e) in enumerate(named, start=1):
        for t in (s, e):
            words = said.get(round(t, 6)) or mark_label(
                loc, g.spec, next(m for m in tip_marks(g) if abs(m.time - t) < 1e-9))
            assert str(k) in words, (t, words)
    assert set(said) <= {round(t, 6) for se in named for t in se}
    # The words: the touch, on and off, numbered as the inset's panels.
    cue = ball_named(loc, 0, 0)
    assert [mark_label(loc, g.spec, m) for m in tip_marks(g)] == [
        loc.t("timeline.stroke_touch", speed=loc.num(strike.speed or 0.0, 2)),  # type: ignore[attr-defined]
        loc.t("timeline.tip_off", ball=cue, n=1, ms="1"),
        loc.t("timeline.tip_again", ball=cue, n=2),
        loc.t("timeline.tip_off", ball=cue, n=2, ms="1")]


def pocket_plates(g: object) -> list[tuple[tuple[float, float], float]]:
    spec = g.spec  # type: ignore[attr-defined]
    view = g.view  # type: ignore[attr-defined]
    per_m = view.ball_px / spec.balls.radius
    out = []
    for p in spec.pockets:
        (x, y), r = pocket_hole(spec, p)
        out.append((view.to_screen(x, y), r * PLATE * per_m))
    return out


def covers(rect: pygame.Rect, c: tuple[float, float], radius: float) -> bool:
    cx = min(max(c[0], rect.left), rect.right)
    cy = min(max(c[1], rect.top), rect.bottom)
    return math.hypot(cx - c[0], cy - c[1]) < radius


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_inset_hides_no_pocket_nor_ball_and_the_rule_stays_whole(
        lang: str, size: tuple[int, int]) -> None:
    """At 800x500 the inset covered the top side pocket (and a corner
    pocket at 1280x720); the timeline's foul words dropped "(general rule
    20)". Now no pocket's plate and no ball involved (the cue ball, the 3)
    is under the inset, and the timeline's words at the foul keep the rule
    whole, as drawn."""
    app = make_app(lang, size)
    loc = Locale(lang)
    g = open_gallery(app, "gallery-double-hit", to_foul=True)
    frame(app)
    inset = g.show.inset
    assert inset is not None
    for c, radius in pocket_plates(g):
        assert not covers(inset.rect, c, radius), (c, inset.rect)
    for ball in (0, 3):
        x, y, _z = g.player.positions()[ball]
        sx, sy = g.view.to_screen(x, y)
        assert not inset.rect.inflate(g.view.ball_px * 2, g.view.ball_px * 2) \
            .collidepoint(sx, sy), ball
    foul = g.demo.foul
    rule = ref_text(loc, home_rule(foul.code, foul.ref))
    assert rule.endswith("20")
    shown = drawn_lines(app, g.show.geometry.rect, shown=True)
    assert any(rule in s for s in shown), shown


@pytest.mark.parametrize("lang", ["en"])
def test_the_step_keys_stop_at_each_touch_of_the_tip(lang: str) -> None:
    """From the start "." stops at every contact of the timeline in time
    order: the strike (the tip on), the tip off after its millisecond, the
    3, the tip on again, the tip off (the foul), the cushion, the rest; ","
    from the end goes back through the same stops."""
    app = make_app(lang)
    g = open_gallery(app, "gallery-double-hit", to_foul=True)
    marks = g.show.marks.marks
    # (past the last contact "." goes on to the balls at rest)
    want = [*(m.time for m in step_marks(marks)), marks[-1].time]
    strike, again = recorded(g)
    tips = [strike.time, strike.time + strike.duration,  # type: ignore[attr-defined]
            again.time, again.time + again.duration]  # type: ignore[attr-defined]
    for t in tips:
        assert any(abs(t - w) < 1e-9 for w in want), t
    assert want == sorted(want)
    pb = g.player.playback
    key(app, pygame.K_HOME)
    run_until(app, lambda: pb.time < 0.0, limit=10)
    ahead: list[float] = []
    for _ in range(len(want) + 2):
        key(app, pygame.K_PERIOD)
        if not ahead or pb.time != ahead[-1]:
            ahead.append(pb.time)
    assert ahead == pytest.approx(want, abs=1e-9)
    back: list[float] = [pb.time]
    for _ in range(len(want) + 2):
        key(app, pygame.K_COMMA)
        if pb.time != back[-1]:
            back.append(pb.time)
    assert back == pytest.approx(list(reversed(want)), abs=1e-9)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_push_shots_foul_words_keep_the_rule(
        lang: str, size: tuple[int, int]) -> None:
    """General rule 21: at 800x500 the timeline's words at the push said
    "0.020 s · the cue tip leaves the cue ball after 20 ms on it · Foul:
    push shot", the rule dropped for the event's words. The foul's words
    with the rule come first, the event's words only where both fit."""
    app = make_app(lang, size)
    loc = Locale(lang)
    g = open_gallery(app, "gallery-push-shot", to_foul=True)
    frame(app)
    foul = g.demo.foul
    rule = ref_text(loc, home_rule(foul.code, foul.ref))
    assert rule.endswith("21")
    shown = drawn_lines(app, g.show.geometry.rect, shown=True)
    assert any(rule in s for s in shown), shown
