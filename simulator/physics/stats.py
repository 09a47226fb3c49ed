"""How a simulation went, for checks and benchmarks: the counts, and with
the audit on, the balls' energy after every event (it may only fall once
the cue has left)."""

from __future__ import annotations

from dataclasses import dataclass

from simulator.physics.balls import Ball
from simulator.physics.models import ClothModel


@dataclass
class Stats:
    """How a simulation went, for checks and benchmarks."""

    steps: int = 0
    jumps: int = 0
    events_handled: int = 0
    max_energy_gain: float = 0.0
    rest_correction: float = 0.0


class EnergyAudit:
    """The balls' energy (motion, spin and height) at each checkpoint; the
    largest rise from one to the next goes into ``stats.max_energy_gain``."""

    def __init__(
        self,
        balls: dict[int, Ball],
        cloth: ClothModel,
        mass: float,
        radius: float,
        gravity: float,
        stats: Stats,
    ) -> None:
        self.balls = balls
        self.cloth = cloth
        self.mass = mass
        self.radius = radius
        self.g = gravity
        self.stats = stats
        self.last: float | None = None

    def energy(self, t: float) -> float:
        total = 0.0
        inertia = 0.4 * self.mass * self.radius**2
        cloth = self.cloth
        for r in self.balls.values():
            if not r.on_table:
                continue
            vx, vy = r.vel(t)
            vz = r.vz(t)
            w = r.spin(t, cloth)
            total += 0.5 * self.mass * (vx * vx + vy * vy + vz * vz)
            total += self.mass * self.g * (r.height(t) - self.radius)
            total += 0.5 * inertia * (w[0] ** 2 + w[1] ** 2 + w[2] ** 2)
        return total

    def start(self, t: float) -> None:
        """The audit starts here (the cue brings energy: after the strike)."""
        self.last = self.energy(t)

    def checkpoint(self, t: float) -> None:
        e = self.energy(t)
        last = self.last
        if last is not None and e > last:
            self.stats.max_energy_gain = max(self.stats.max_energy_gain, e - last)
        self.last = e
