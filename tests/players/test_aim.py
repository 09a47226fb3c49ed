"""The aiming geometry a computer player builds its strokes on: ghost balls,
blocked paths, pocket windows, cut-induced throw, speeds and one-cushion
paths; the throw correction and the speed model checked with the physics."""

from __future__ import annotations

import math

import pytest

from simulator.physics import simulate
from simulator.players import aim, shots
from simulator.players.strength import TOURNAMENT, ZERO, Noise
from simulator.table.events import EventKind, Stroke
from simulator.table.specs import CUE_BALL, table_by_name
from simulator.table.state import TableState, Where

SPEC = table_by_name("pool_9ft")
R = SPEC.balls.radius
FOOT_LEFT = SPEC.pocket("foot_left")


Vec = tuple[float, float]


def line_to(pocket_distance: float, turn_deg: float = 0.0) -> tuple[Vec, Vec]:
    """An object ball ``pocket_distance`` from the foot-left pocket, its line
    ``turn_deg`` off the pocket's axis: (object, direction to the pocket)."""
    u = aim.rotate(FOOT_LEFT.inward, math.radians(turn_deg))
    obj = aim.sub(aim.aim_point(FOOT_LEFT), aim.scale(u, pocket_distance))
    return obj, u


def test_ghost_ball_cut_and_distances() -> None:
    obj, u = line_to(0.6)
    cue = aim.sub(aim.ghost_ball(obj, u, R), aim.scale(aim.rotate(u, math.radians(30)),
                                                       0.5))
    pot = aim.pot_geometry(SPEC, cue, 1, obj, FOOT_LEFT, [])
    assert pot is not None
    assert math.dist(pot.ghost, obj) == pytest_approx(2 * R)
    assert math.degrees(pot.cut) == pytest_approx(30.0)
    assert pot.cue_distance == pytest_approx(0.5)
    assert pot.object_distance == pytest_approx(0.6)
    straight_in = aim.WINDOWS[(SPEC.kind, FOOT_LEFT.kind)][0][1]
    assert pot.half_width == pytest_approx(straight_in)


def pytest_approx(v: float) -> object:
    return pytest.approx(v, abs=1e-9)


def test_blocked_thin_and_closed_pots_are_refused() -> None:
    obj, u = line_to(0.6)
    ghost = aim.ghost_ball(obj, u, R)
    cue = aim.sub(ghost, aim.scale(u, 0.5))
    assert aim.pot_geometry(SPEC, cue, 1, obj, FOOT_LEFT, []) is not None
    # A ball on the object ball's line to the pocket, then on the cue's line.
    in_front = aim.add(obj, aim.scale(u, 0.3))
    assert aim.pot_geometry(SPEC, cue, 1, obj, FOOT_LEFT, [in_front]) is None
    between = aim.sub(ghost, aim.scale(u, 0.25))
    assert aim.pot_geometry(SPEC, cue, 1, obj, FOOT_LEFT, [between]) is None
    # Beside the line by more than a ball: clear.
    beside = aim.add(between, aim.scale(aim.rotate(u, math.pi / 2), 2.2 * R))
    assert aim.pot_geometry(SPEC, cue, 1, obj, FOOT_LEFT, [beside]) is not None
    # A cut past the limit, and an approach the corner's window does not take.
    thin = aim.sub(ghost, aim.scale(aim.rotate(u, math.radians(85)), 0.3))
    assert aim.pot_geometry(SPEC, thin, 1, obj, FOOT_LEFT, [], max_cut_deg=80) is None
    wide, v = line_to(0.5, 55.0)
    far = aim.sub(aim.ghost_ball(wide, v, R), aim.scale(v, 0.4))
    assert aim.pot_geometry(SPEC, far, 1, wide, FOOT_LEFT, []) is None


def test_the_window_closes_with_the_approach() -> None:
    widths = [aim.half_width_at(SPEC, FOOT_LEFT, a) for a in (0, 20, 40, 49, 50, 70)]
    assert widths[0] == 0.0365 and widths[-1] == 0.0 and widths[-2] == 0.0
    assert widths[1] > widths[2] > widths[3] > 0.0
    pyr = table_by_name("pyramid_12ft")
    corner = pyr.pocket("foot_left")
    # The pyramid's corners barely take a ball (72 mm mouths, 68 mm balls).
    assert aim.half_width_at(pyr, corner, 0.0) < 0.006


def test_throw_closed_form() -> None:
    """A stun ball at a 30 degree cut: atan(mu) while friction does not stop
    the slip; natural roll turns most of the slip upright, less throw."""
    cut = math.radians(30.0)
    v = 1.0
    mu = SPEC.physics.mu_ball(v * math.sin(cut))
    assert aim.throw_angle(cut, v, 0.0, SPEC) == pytest_approx(math.atan(mu))
    rolling = aim.throw_angle(cut, v, 1.0, SPEC)
    assert 0.0 < rolling < math.atan(mu) / 2
    assert aim.throw_angle(0.0, v, 0.0, SPEC) == 0.0


def test_the_throw_corrected_aim_holds_the_line_in_the_physics() -> None:
    """At 30 and 50 degree cuts the object ball leaves within 0.3 degrees of
    the pocket line when throw is corrected, and more than a degree off when
    the plain ghost ball is aimed at."""
    for cut_deg in (30.0, 50.0):
        for tip_b in (0.0, 0.3):
            obj, u = line_to(0.7)
            ghost = aim.ghost_ball(obj, u, R)
            cue = aim.sub(ghost, aim.scale(aim.rotate(u, math.radians(cut_deg)), 0.5))
            pot = aim.pot_geometry(SPEC, cue, 1, obj, FOOT_LEFT, [])
            assert pot is not None
            errors = []
            for direction in (aim.heading(aim.sub(ghost, cue)),
                              aim.thrown_aim(SPEC, cue, obj, pot, 1.2, tip_b)[0]):
                state = TableState.from_positions(SPEC.name, {CUE_BALL: cue, 1: obj})
                shot = simulate(state, Stroke(direction, aim.cue_speed(SPEC, 1.2, 0.0,
                                                                      tip_b),
                                              tip_b=tip_b), frame_dt=1e3)
                hit = next(e for e in shot.events if e.kind is EventKind.BALL_BALL)
                s = hit.snapshot(1)
                assert s is not None
                errors.append(abs(math.degrees(math.atan2(
                    aim.cross(u, (s.vx, s.vy)), aim.dot(u, (s.vx, s.vy))))))
            assert errors[0] > 1.0 and errors[1] < 0.3, (cut_deg, tip_b, errors)


def test_the_speed_model_against_the_physics() -> None:
    """travel(v) is the sliding then rolling distance (reference.md 3.1); a
    ball sent to roll 1.0 m stops within 5 cm of it."""
    p = SPEC.physics
    expected = (1 - 25 / 49) / (2 * p.mu_slide * p.gravity) + \
        (25 / 49) / (2 * p.mu_roll * p.gravity)
    assert aim.travel(1.0, SPEC) == pytest_approx(expected)
    v = aim.speed_for_distance(1.0, SPEC)
    assert aim.travel(v, SPEC) == pytest_approx(1.0)
    state = TableState.from_positions(SPEC.name, {CUE_BALL: (0.5, 0.6)})
    shot = simulate(state, Stroke(0.0, aim.cue_speed(SPEC, v, 0.0, 0.0)), frame_dt=1e3)
    end = shot.final.ball(CUE_BALL)
    assert end.where is Where.TABLE and abs(end.x - 1.5) < 0.05
    # Struck high enough the ball rolls at once; centre-ball it slides first.
    assert aim.arrival(SPEC, 2.0, 0.4, 0.0)[1] == pytest_approx(1.0)
    assert aim.arrival(SPEC, 2.0, 0.0, 0.0)[1] == pytest_approx(0.0)
    assert aim.arrival(SPEC, 2.0, 0.0, 2.0)[1] == 1.0


def test_one_cushion_paths() -> None:
    head, foot, right, left = aim.cushion_lines(SPEC)
    assert (foot.axis, foot.value) == (0, SPEC.length - R)
    assert (right.axis, right.value) == (1, R)
    a, b = (1.0, 0.5), (1.6, 0.5)
    p = aim.bounce_point(a, b, right)
    assert p is not None and p[1] == pytest_approx(R) and p[0] == pytest_approx(1.3)
    assert aim.bounce_point(a, b, head) is not None
    assert aim.mirror(b, left) == (1.6, 2 * (SPEC.width - R) - 0.5)


def test_the_chance_of_a_pot() -> None:
    """Sure without noise inside the window; less with more noise, a longer
    cue ball or object ball path, or a thinner cut."""
    obj, u = line_to(0.6)
    ghost = aim.ghost_ball(obj, u, R)

    def pot(d1: float, cut: float) -> aim.Pot:
        cue = aim.sub(ghost, aim.scale(aim.rotate(u, math.radians(cut)), d1))
        found = aim.pot_geometry(SPEC, cue, 1, obj, FOOT_LEFT, [])
        assert found is not None
        return found

    assert shots.chance(pot(0.5, 0.0), ZERO, SPEC) == 1.0
    base = shots.chance(pot(0.5, 0.0), TOURNAMENT, SPEC)
    assert 0.9 < base < 1.0
    assert shots.chance(pot(0.5, 0.0), Noise(0.5, 0.0, 0.0, 0.0), SPEC) < base
    assert shots.chance(pot(1.2, 0.0), TOURNAMENT, SPEC) < base
    assert shots.chance(pot(0.5, 50.0), TOURNAMENT, SPEC) < base
