"""The table under a dialog: the incoming player's choice, the end of the
match. When the dialog closes without moving on (Esc), the referee is asked
again.
"""

from __future__ import annotations

import pygame

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.app.screens.table_screen import TableMode
from simulator.table.specs import CUE_BALL
from simulator.table.state import TableState


class ViewMode(TableMode):
    """The table under a dialog (choices, end of match)."""

    name = "view"
    controls = False

    def __init__(self, app: App, dialog: str | None = None) -> None:
        super().__init__(app)
        self.dialog = dialog
        self.cue_end: tuple[bool, tuple[float, float] | None] = (False, None)

    def enter(self) -> None:
        # (worked out once: the finished match does not change under its card)
        self.cue_end = cue_at_end(self.session) if self.dialog == "gameover" \
            else (False, None)
        if self.dialog is not None:
            self.app.open(self.dialog)

    def ball_positions(self) -> dict[int, tuple[float, float, float]]:
        return with_cue_at_end(super().ball_positions(), self.cue_end,
                               self.session.spec.balls.radius)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and \
                not self.app.dialogs:
            self.app.open("pause")

    def update(self, dt: float) -> None:
        # A dialog closed without moving on (Esc): ask the referee again.
        if not self.app.dialogs:
            next_step(self.app)


def with_cue_at_end(balls: dict[int, tuple[float, float, float]],
                    cue_end: tuple[bool, tuple[float, float] | None],
                    radius: float) -> dict[int, tuple[float, float, float]]:
    """The balls drawn with the cue ball where ``cue_end`` (cue_at_end)
    says the finished game left it."""
    mine, lies = cue_end
    if mine and lies is None:
        balls.pop(CUE_BALL, None)
    elif mine and lies is not None:
        balls[CUE_BALL] = (*lies, radius)
    return balls


def cue_at_end(s: Session) -> tuple[bool, tuple[float, float] | None]:
    """Where the finished game's cue ball lies, when the referee's table
    says otherwise (True and the place; None: on no place of the table).
    With the ball in hand the referee keeps it on a spot for the next
    stroke, a stroke never to be played: it lies where the last shot left
    it (nowhere after a scratch), or, given up before it was put down
    (the break's ball in hand), nowhere."""
    from rules.ruling import BallInHand
    m = s.match
    steps = m.history
    if not steps:
        return False, None
    last = len(steps) - 1
    if steps[last].get("type") != "shot":
        if m.state_before(last).ball_in_hand is BallInHand.NONE:
            return False, None  # it lies where it stopped: the table has it there
        last -= 1
        while last >= 0 and steps[last].get("type") == "choice":
            last -= 1  # (a choice after the foul that gave the ball in hand)
        if last < 0 or steps[last].get("type") != "shot":
            return True, None  # in hand, never put down
    final = (steps[last].get("shot") or {}).get("final")
    if final is None:
        return False, None
    return True, TableState.from_dict(final).position(CUE_BALL)
