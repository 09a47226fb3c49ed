"""The pymunk table world: simulate(state, stroke) -> Shot."""

from simulator.physics.cue import StrokeError, ball_speed, cue_speed_for
from simulator.physics.simulate import ShotStream, simulate
from simulator.physics.world import PhysicsError, World

__all__ = [
    "PhysicsError",
    "ShotStream",
    "StrokeError",
    "World",
    "ball_speed",
    "cue_speed_for",
    "simulate",
]
