"""The pymunk table world: simulate(state, stroke) -> Shot."""

from simulator.physics.cue import StrokeError, ball_speed, cue_speed_for
from simulator.physics.models import (
    Models,
    compliant_models,
    default_models,
    models_named,
    reference_models,
)
from simulator.physics.simulate import ShotStream, simulate, simulate_search
from simulator.physics.world import PhysicsError, RestCorrectionError, World
from simulator.table.events import BallMotion

__all__ = [
    "BallMotion",
    "Models",
    "PhysicsError",
    "RestCorrectionError",
    "ShotStream",
    "StrokeError",
    "World",
    "ball_speed",
    "compliant_models",
    "cue_speed_for",
    "default_models",
    "models_named",
    "reference_models",
    "simulate",
    "simulate_search",
]
