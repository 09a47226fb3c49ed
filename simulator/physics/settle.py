"""The settle at rest: every final position obeys the resting rule
(simulator.table.resting). A ball left pressing into a cushion, a jaw or a
neighbour by float noise is moved out by the smallest correction; one that
would have to move further than the rule's repair limit is a physics error,
never a silent move."""

from __future__ import annotations

import math
from collections.abc import Mapping

from simulator.physics.balls import Ball, Vec2
from simulator.physics.errors import RestCorrectionError
from simulator.physics.lines import History
from simulator.physics.stats import Stats
from simulator.table import resting
from simulator.table.specs import TableSpec


def settle_at_rest(
    spec: TableSpec,
    balls: dict[int, Ball],
    t: float,
    history: History,
    stats: Stats,
    checked: Mapping[int, Vec2] | None = None,
) -> None:
    """Move the balls on the table at rest at ``t`` to where the resting rule
    allows. The largest such move is kept in ``stats.rest_correction`` (a
    physics check); one beyond the rule's repair limit, or a position no
    nearby one mends, raises RestCorrectionError. ``checked``: places
    where the balls are known to rest (the table the shot began from)."""
    recs = {b: r for b, r in balls.items() if r.on_table}
    now = {b: r.pos(t) for b, r in recs.items()}
    if checked is not None and not resting.problem_with(spec, now, checked):
        return
    why = resting.problem(spec, now)
    if why is None:
        return
    fixed = resting.relax(spec, now)
    worst, who = 0.0, -1
    for b in sorted(fixed):
        moved = math.dist(fixed[b], now[b])
        if moved > worst:
            worst, who = moved, b
    stats.rest_correction = max(stats.rest_correction, worst)
    if worst > resting.REPAIR_LIMIT or resting.problem(spec, fixed):
        raise RestCorrectionError(
            f"at rest, {why}: ball {who} would have to move "
            f"{worst * 1000:.3f} mm to obey the resting rule (at most "
            f"{resting.REPAIR_LIMIT * 1000:.3f} mm is a repair)",
            who,
            worst,
        )
    for b in sorted(fixed):
        if fixed[b] != now[b]:
            rec = recs[b]
            rec.x0, rec.y0 = fixed[b]
            rec.cx0, rec.cy0 = fixed[b]
            rec.cx1 = rec.cx2 = rec.cy1 = rec.cy2 = 0.0
            rec.version += 1
            history.record(rec, t)
