"""What the physics raises when something inside it goes wrong: a bug to
find, never the user's input (a stroke that cannot be is cue.StrokeError)."""

from __future__ import annotations


class PhysicsError(RuntimeError):
    """Something inside the simulation went wrong (a bug, never user input)."""


class RestCorrectionError(PhysicsError):
    """The balls came to rest where the resting rule would have to move one
    further than its repair limit (resting.REPAIR_LIMIT, float noise): the
    physics left a ball where none can be, and no silent move hides it."""

    def __init__(self, message: str, ball: int, correction: float) -> None:
        super().__init__(message)
        self.ball = ball
        self.correction = correction  # m: how far it would have to move
