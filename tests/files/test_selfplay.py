"""Self-play through the physics, the referee and the saves (a short run; the
long one is ``python -m simulator.tools.selfplay --shots 3200``)."""

from __future__ import annotations

from dataclasses import replace

from simulator.physics import simulate
from simulator.table.state import BallState, Where
from simulator.tools import selfplay
from tests.files.matches import fresh


def test_a_short_self_play_run_in_every_discipline_has_no_failure() -> None:
    stats = selfplay.run(160, seed=1)
    assert not stats.failures, stats.failures
    assert set(stats.by_discipline) == set(selfplay.DISCIPLINES)
    assert all(n == 40 for n in stats.by_discipline.values())
    assert stats.undos == stats.redos > 0
    assert stats.journal_loads > 0 and stats.save_loads > 0 and stats.replays > 0


def test_the_checks_catch_a_broken_shot() -> None:
    m = fresh(shots=1)
    from rules.referee import shot_from_dict
    shot = shot_from_dict(m.history[0]["shot"])
    assert selfplay.shot_problems(shot) == []
    spec = shot.final.spec
    inside_rail = BallState(1, Where.TABLE, spec.length / 3,
                            spec.width - spec.balls.radius + 1e-5)
    bad = replace(shot, final=shot.final.with_ball(inside_rail))
    assert any("final table refused" in p for p in selfplay.shot_problems(bad))
    lost = replace(shot, final=replace(shot.final, balls=shot.final.balls[1:]))
    assert any("lost" in p for p in selfplay.shot_problems(lost))
    again = simulate(shot.initial, shot.stroke)
    assert again.to_dict() == shot.to_dict()
