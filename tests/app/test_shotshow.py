"""What a replay shows beside the balls (issue 14, items 1-4): the stick from
its approach through the follow-through, the trails, the numbered contacts,
the timeline of the log with the foul's mark and rule, and the side view of
a ball off the bed. The stick is worked out from the stroke and the log
(simulator.app.replay.shotmarks.CuePath): these tests hold it to the physics' own
record of where the tip touched."""

from __future__ import annotations

import math
from functools import cache

import pygame
import pytest

from simulator.app.replay.playback import Playback
from simulator.app.replay.shotmarks import (
    BACKSWING,
    TIMELINE_KINDS,
    ShotMarks,
)
from simulator.app.replay.shotshow import ShotShow, foul_texts
from simulator.physics.stick import TIP_RADIUS
from simulator.practice.gallery import Demonstration, GalleryEntry, demonstrate, entries
from simulator.table.events import EventKind
from tests.app.helpers import click, frame, key, make_app, open_gallery


@cache
def demo(entry_id: str) -> tuple[GalleryEntry, Demonstration]:
    e = next(e for e in entries() if e.id == entry_id)
    return e, demonstrate(e)


def tip_gap(marks: ShotMarks, t: float, x: float, y: float) -> float:
    """How far the tip's surface is from a ball's surface at time ``t``."""
    at = marks.cue.at(t)
    assert at is not None
    r = marks.spec.balls.radius
    return math.hypot(x - at.x, y - at.y) - r - TIP_RADIUS


# -- the stick ---------------------------------------------------------------------
def test_the_stick_meets_the_cue_ball_again_where_the_log_says_double_hit() -> None:
    """General rule 20, the double hit: the stick drawn in the replay touches
    the cue ball a second time at the tip contact the physics logged, and
    stood clear of it between the two touches."""
    _e, d = demo("gallery-double-hit")
    shot = d.shot
    marks = ShotMarks(shot)
    r = marks.spec.balls.radius
    touches = [ev for ev in shot.events if ev.kind is EventKind.TIP_CONTACT]
    assert touches and touches[0].balls == (0,)
    again = touches[0]
    snap = again.snapshot(0)
    assert snap is not None
    # At the logged second touch, the tip is on the ball (within 1 mm).
    assert abs(tip_gap(marks, again.time, snap.x, snap.y)) < 1e-3
    # At the strike the tip touches the ball's back (time 0).
    x0, y0 = shot.initial.position(0) or (0.0, 0.0)
    assert abs(tip_gap(marks, 0.0, x0, y0)) < 1e-4
    # Half-way between, the ball ran ahead of the tip: a gap of at least 1 mm.
    pb = Playback(shot.frames)
    pb.seek(again.time / 2)
    bx, by, _z = pb.positions()[0]
    assert tip_gap(marks, again.time / 2, bx, by) > 0.2e-3
    assert r > 0


def test_the_stick_arrives_at_stroke_speed_and_stops_at_its_follow_through() -> None:
    """The approach comes from BACKSWING behind the ball and reaches the
    stroke's cue speed (along the table: times the cosine of the elevation)
    at contact; after it the tip stops no further than the stroke's
    follow-through beyond the strike point."""
    _e, d = demo("gallery-illegal-jump")
    shot = d.shot
    st = shot.stroke
    marks = ShotMarks(shot)
    cue = marks.cue
    assert cue.start < 0.0
    first = cue.at(cue.start)
    assert first is not None and first.speed == 0.0
    back = math.hypot(first.x - cue.origin[0], first.y - cue.origin[1])
    assert back == pytest.approx(BACKSWING, abs=1e-9)
    just_before = cue.at(-1e-6)
    assert just_before is not None
    assert just_before.speed == pytest.approx(
        st.speed * math.cos(math.radians(st.elevation)), rel=1e-3)
    assert just_before.elevation == st.elevation == 20.0
    last = cue.at(cue.stop)
    assert last is not None
    gone = math.hypot(last.x - cue.origin[0], last.y - cue.origin[1])
    assert 0.0 < gone <= st.follow_through + 1e-6
    assert cue.at(cue.end + 0.01) is None  # taken away after the shot


def test_a_push_keeps_the_tip_on_the_ball_for_the_contact_time() -> None:
    """General rule 21, the push shot: the stroke's contact time is 20 ms
    and the tip stays on the ball all that time (no gap over 0.5 mm)."""
    _e, d = demo("gallery-push-shot")
    shot = d.shot
    assert shot.stroke.contact_time == pytest.approx(0.02)
    marks = ShotMarks(shot)
    pb = Playback(shot.frames)
    for t in (0.004, 0.01, 0.018):
        pb.seek(t)
        x, y, _z = pb.positions()[0]
        assert abs(tip_gap(marks, t, x, y)) < 0.5e-3, t


def test_the_replay_opens_on_the_stick_and_steps_frame_by_frame() -> None:
    """The gallery replay starts before the strike with the stick behind the
    ball; single steps (the right arrow) move the clock 1/120 s."""
    app = make_app()
    g = open_gallery(app, "gallery-double-hit")
    pb = g.player.playback
    assert pb.time == pytest.approx(g.show.marks.start) and pb.time < 0
    assert g.show.marks.cue.at(pb.time) is not None
    frame(app)
    key(app, pygame.K_SPACE)  # pause
    t = pb.time
    key(app, pygame.K_RIGHT)
    assert pb.time == pytest.approx(t + 1 / 120)
    assert not app.errors
    pygame.display.quit()


# -- contacts, trails, the call --------------------------------------------------------
def test_contacts_are_numbered_in_the_order_of_the_log() -> None:
    _e, d = demo("gallery-scratch")
    shot = d.shot
    marks = ShotMarks(shot)
    touched = [(i, ev) for i, ev in enumerate(shot.events)
               if ev.kind in (EventKind.BALL_BALL, EventKind.BALL_CUSHION,
                              EventKind.TIP_CONTACT)]
    assert [c.event_index for c in marks.contacts] == [i for i, _ in touched]
    assert [c.n for c in marks.contacts] == list(range(1, len(touched) + 1))
    assert [c.time for c in marks.contacts] == sorted(c.time for c in marks.contacts)
    r = marks.spec.balls.radius
    for c, (_i, ev) in zip(marks.contacts, touched, strict=True):
        s = ev.snapshot(ev.balls[0])
        assert s is not None
        # The touch is at the ball's surface; its number sits clear of it.
        assert math.hypot(c.x - s.x, c.y - s.y) == pytest.approx(r, abs=2e-3) \
            or ev.kind is EventKind.TIP_CONTACT
        assert math.hypot(c.lx - s.x, c.ly - s.y) > 1.5 * r
    # The cue ball moved, so it has a trail from its start.
    trail = marks.trail(0)
    assert trail[0] == pytest.approx(shot.initial.position(0))
    assert len(trail) > 10


def test_a_break_shows_the_cue_balls_contacts_not_forty_discs() -> None:
    """A break touches balls and cushions dozens of times; the numbers
    drawn are the first three, the cue ball's and the foul's, each keeping
    its number in the order of the log."""
    from rules.referee import Match
    from simulator.app.table.aim import Aim, angle_to
    from simulator.physics import simulate
    m = Match(["A", "B"], "9-ball", {}, seed=5)
    table = m.table()
    cue = table.position(0)
    one = table.position(1)
    assert cue is not None and one is not None
    shot = simulate(table, Aim(angle=angle_to(cue, one), power=0.95).stroke())
    marks = ShotMarks(shot)
    assert len(marks.contacts) > 14
    shown = marks.shown_contacts
    assert 3 <= len(shown) < len(marks.contacts)
    assert [c.n for c in shown[:3]] == [1, 2, 3]
    assert all(c.n <= 3 or 0 in c.balls for c in shown)
    assert [c.n for c in shown] == sorted(c.n for c in shown)
    cue_touches = [c for c in marks.contacts if 0 in c.balls]
    assert set(cue_touches) <= set(shown)


def test_the_head_string_is_shown_when_the_rule_names_it() -> None:
    """8-ball rule 4 / general rule 9: a ball in hand behind the head string
    shot straight out of the kitchen; the line is drawn for that entry and
    not for a scratch."""
    e, d = demo("gallery-kitchen-direct")
    marks = ShotMarks(d.shot, codes=[f.code.id for f in d.ruling.fouls],
                      in_hand=e.scenario.game.ball_in_hand.value)
    assert marks.show_head_string
    _e2, d2 = demo("gallery-scratch")
    assert not ShotMarks(d2.shot, codes=[f.code.id for f in d2.ruling.fouls]
                         ).show_head_string


# -- the timeline ------------------------------------------------------------------
def test_the_timeline_marks_every_event_and_a_click_jumps_to_it() -> None:
    app = make_app()
    _e, d = demo("gallery-double-hit")
    shot = d.shot
    pb = Playback(shot.frames, 0.25)
    show = ShotShow(app.locale, shot, pb, foul_texts(app.locale, d.ruling))
    logged = [i for i, ev in enumerate(shot.events) if ev.kind in TIMELINE_KINDS]
    assert [m.event_index for m in show.marks.marks if not m.tip_end] == logged
    # Each touch of the tip (the strike, the second touch) has a mark where
    # the tip leaves the ball too: the tip met it twice.
    ends = [m for m in show.marks.marks if m.tip_end]
    tips = [i for i in logged if shot.events[i].kind in
            (EventKind.STROKE, EventKind.TIP_CONTACT)]
    assert [m.event_index for m in ends] == tips
    fouls = [m for m in show.marks.marks if m.foul]
    foul_at = [f.event_index for f in d.ruling.fouls if f.event_index is not None]
    assert [m.event_index for m in fouls] == foul_at
    assert shot.events[fouls[0].event_index].kind is EventKind.TIP_CONTACT
    surf = pygame.Surface((1000, 60))
    rect = pygame.Rect(0, 0, 1000, 60)
    show.draw_timeline(surf, rect)
    geo = show.geometry
    assert geo is not None
    # The last mark (every ball at rest): click it, the clock goes there.
    last = show.marks.marks[-1]
    x = round(geo.x_of(last.time))
    assert show.click((x, geo.bar.centery))
    assert pb.paused and pb.time == pytest.approx(min(last.time, pb.end_time))
    # The foul's mark: the clock on it, the rule is written under the bar in
    # the foul's red.
    foul = fouls[0]
    show.jump(foul)
    surf.fill((0, 0, 0))
    show.draw_timeline(surf, rect)
    fx = round(geo.x_of(foul.time))
    assert surf.get_at((fx, geo.bar.centery))[:3] in ((236, 72, 60), (255, 230, 220),
                                                       (226, 190, 120))
    row_y = geo.bar.bottom + 6
    reds = sum(1 for xx in range(0, 1000, 4)
               if surf.get_at((xx, row_y))[:3] == (110, 30, 26))
    assert reds > 20
    # Full stop and comma step through the marks.
    show.jump(show.marks.marks[0])
    show.step_mark(1)
    assert pb.time == pytest.approx(show.marks.marks[1].time)


def test_clicking_the_timeline_in_the_game_window_moves_the_replay() -> None:
    app = make_app()
    g = open_gallery(app, "gallery-scratch")
    frame(app)
    geo = g.show.geometry
    assert geo is not None and app.layout.strip.contains(geo.rect)
    target = g.show.marks.marks[len(g.show.marks.marks) // 2]
    click(app, (round(geo.x_of(target.time)), geo.bar.centery))
    pb = g.player.playback
    assert pb.paused
    assert pb.time == pytest.approx(min(target.time, pb.end_time), abs=0.02)
    assert not app.errors
    pygame.display.quit()


# -- the side view -------------------------------------------------------------------
def test_the_side_view_opens_while_a_ball_is_off_the_bed() -> None:
    """General rule 22: a jump. The side view is closed at the strike, open
    while the cue ball is in the air, and draws its height to scale: the
    highest point of the path is the frames' highest z."""
    app = make_app()
    _e, d = demo("gallery-illegal-jump")
    shot = d.shot
    pb = Playback(shot.frames, 0.25)
    show = ShotShow(app.locale, shot, pb)
    up = next(ev for ev in shot.events if ev.kind is EventKind.AIRBORNE)
    pb.seek(-0.1)
    assert show.inset_height(300) == 0
    pb.seek(up.time + 0.01)
    assert show.inset_height(300) > 0
    fl = show.flight()
    assert fl is not None and 0 in fl.balls
    top = max(z for _t, z, _d in fl.samples[0])
    frames_top = max(z for f in shot.frames for b, _x, _y, z in f.balls if b == 0)
    assert top == pytest.approx(frames_top)
    assert top > marks_rest(show)
    surf = pygame.Surface((300, 140))
    show.draw_inset(surf, pygame.Rect(0, 0, 300, 140))
    assert surf.get_at((150, 70))[:3] != (0, 0, 0)


def marks_rest(show: ShotShow) -> float:
    return show.spec.balls.radius + 1e-3
