"""The table under a dialog: the incoming player's choice, the end of the
match. When the dialog closes without moving on (Esc), the referee is asked
again.
"""

from __future__ import annotations

import pygame

from simulator.app.loop.app import App
from simulator.app.match.turns import next_step
from simulator.app.screens.table_screen import TableMode


class ViewMode(TableMode):
    """The table under a dialog (choices, end of match)."""

    name = "view"
    controls = False

    def __init__(self, app: App, dialog: str | None = None) -> None:
        super().__init__(app)
        self.dialog = dialog

    def enter(self) -> None:
        if self.dialog is not None:
            self.app.open(self.dialog)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and \
                not self.app.dialogs:
            self.app.open("pause")

    def update(self, dt: float) -> None:
        # A dialog closed without moving on (Esc): ask the referee again.
        if not self.app.dialogs:
            next_step(self.app)
