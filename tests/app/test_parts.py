"""The app's pure parts: aim geometry, playback clock, settings file, sounds."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from simulator.app.loop.settings import Settings, atomic_write_text, load_settings
from simulator.app.replay.playback import Playback
from simulator.app.table.aim import MAX_SPEED, MIN_SPEED, Aim, guide
from simulator.table.events import Frame
from simulator.table.specs import table_by_name


def test_guide_meets_the_first_ball_on_the_line() -> None:
    spec = table_by_name("pool_9ft")
    r = spec.balls.radius
    cue = (0.5, 0.6)
    balls = {0: cue, 3: (1.5, 0.6), 5: (1.0, 0.6 + 1.5 * r)}
    g = guide(spec, cue, 0.0, balls)
    # Ball 5 is 1.5 R off the line: the cue ball meets it first, at 2R.
    assert g.ball == 5
    assert math.isclose(math.dist(g.end, balls[5]), 2 * r, rel_tol=1e-9)
    assert g.object_dir is not None and g.object_dir[1] > 0
    # Aimed away from every ball: it stops R short of the head cushion nose.
    g2 = guide(spec, cue, 180.0, balls)
    assert g2.ball is None and math.isclose(g2.end[0], r)
    assert g2.bounce is not None
    assert g2.bounce[0] == pytest.approx(1.0) and g2.bounce[1] == pytest.approx(0.0)


def test_aim_limits_and_stroke() -> None:
    a = Aim().with_power(2.0).with_tip(3.0, 4.0).with_elevation(120)
    assert a.power == 1.0 and math.isclose(math.hypot(a.tip_a, a.tip_b), 0.9)
    assert a.elevation == 80.0
    assert a.stroke().speed == pytest.approx(MAX_SPEED)
    assert Aim(power=0.0).stroke().speed == pytest.approx(MIN_SPEED)
    assert Aim(angle=350).turned(20).angle == pytest.approx(10)
    assert Aim(tip_a=0.6).miscue_risk(0.5) and not Aim(tip_a=0.4).miscue_risk(0.5)


def _frames(n: int) -> list[Frame]:
    return [Frame(i / 120, ((0, i * 0.01, 0.5, 0.028),)) for i in range(n)]


def test_playback_waits_for_frames_and_stops_at_a_foul() -> None:
    pb = Playback(_frames(10))
    pb.update(1.0)  # one second of real time, but only 9/120 s computed
    assert pb.time == pytest.approx(9 / 120) and not pb.at_end
    pb.extend(_frames(121)[10:])
    pb.complete = True
    pb.stops = [0.5]
    pb.update(1.0)
    assert pb.paused and pb.time == pytest.approx(0.5)
    x = pb.positions()[0][0]
    assert x == pytest.approx(0.6)  # interpolated between samples
    pb.paused = False
    pb.update(1.0)
    assert pb.at_end
    pb.speed = 0.25
    pb.restart()
    pb.update(0.4)
    assert pb.time == pytest.approx(0.1)
    pb.step(-1)
    assert pb.paused and pb.time == pytest.approx(0.1 - 1 / 120)


def test_settings_survive_a_bad_file_and_write_atomically(tmp_path: Path) -> None:
    p = tmp_path / "kiy" / "settings.json"
    atomic_write_text(p, json.dumps({"aids": False, "volume": 7, "lang": "xx",
                                     "players": ["A", 3, "B"]}))
    s, problem = load_settings(p)
    assert problem is None
    assert s.aids is False and s.volume == 1.0 and s.lang == "" and \
        s.players == ["A", "B"]
    p.write_text("{ not json")
    s2, problem2 = load_settings(p)
    assert s2 == Settings() and problem2 is not None and str(p) in problem2
    assert [q.name for q in p.parent.iterdir()] == ["settings.json"]


def test_sounds_are_synthesised_and_distinct() -> None:
    from simulator.app.loop.sound import RATE, synthesise
    sounds = synthesise()
    assert set(sounds) == {"strike", "click", "cushion", "pocket"}
    for name, wave in sounds.items():
        assert wave.max() == pytest.approx(1.0, abs=1e-6) or \
            -wave.min() == pytest.approx(1.0, abs=1e-6), name
        assert 0.02 * RATE < len(wave) < 0.5 * RATE
    # The cushion thump is lower than the ball click: fewer zero crossings.
    def crossings(w: object) -> int:
        import numpy as np
        a = np.asarray(w)
        return int(np.sum(np.abs(np.diff(np.sign(a))) > 0) / len(a) * RATE)
    assert crossings(sounds["cushion"]) < crossings(sounds["click"])
