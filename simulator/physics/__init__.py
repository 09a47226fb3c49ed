"""The pymunk table world: simulate(state, stroke) -> Shot."""

from simulator.events import BallMotion
from simulator.physics.cue import StrokeError, ball_speed, cue_speed_for
from simulator.physics.models import Models, compliant_models, default_models
from simulator.physics.simulate import ShotStream, simulate
from simulator.physics.world import PhysicsError, RestCorrectionError, World

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
    "simulate",
]
