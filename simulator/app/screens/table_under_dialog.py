"""The table under a dialog: the incoming player's choice, the end of the
match. When the dialog closes without moving on (Esc), the referee is asked
again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from simulator.app.loop.app import App
from simulator.app.match.turns import next_step
from simulator.app.screens.table_screen import TableMode, cue_at_end, with_cue_at_end
from simulator.table.state import TableState

if TYPE_CHECKING:
    from simulator.app.match.session import Session


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

    def shown_table(self) -> TableState:
        # A match given up at a game's end card, its next rack never shown
        # (the stroke rolling at a concession had won that game): the match's
        # end shows the table that game left, not the rack.
        s = self.session
        last = len(s.match.history) - 1
        if self.dialog == "gameover" and last > 0 and s.moved_on != last and \
                s.match.history[last].get("type") == "concede":
            ended = s.match.ended_before(last)
            if ended is not None:
                return ended.table
        return super().shown_table()

    def ball_positions(self) -> dict[int, tuple[float, float, float]]:
        return with_cue_at_end(super().ball_positions(), self.cue_end,
                               self.session.spec.balls.radius)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and \
                not self.app.dialogs:
            self.app.open("pause")

    def hint(self) -> str:
        keys = self.choice_keys()
        if keys:
            return self.app.t("hint.choice", keys=keys)
        return self.end_keys("")

    def short_hint(self) -> str:
        keys = self.choice_keys()
        if keys:
            return self.app.t("hint.choice_short", keys=keys)
        return self.end_keys("_short")

    def end_keys(self, form: str) -> str:
        """The keys of the end card, as other cards say theirs: its
        buttons' numbers, S for Save the match…, U for Undo when it has it
        (letters, not numbers: see game_over), and where Esc leads (the
        evening's standings at a club evening, else the main menu); the line
        was empty."""
        from simulator.app.dialogs.base import Dialog
        from simulator.app.match import club
        card = next((d for d in self.app.dialogs
                     if isinstance(d, Dialog) and d.kind == "gameover"), None)
        if card is None:
            return ""
        t = self.app.t
        has_undo = any(b.key == "U" for b in card.buttons)
        undo = t(f"hint.end_undo{form or undone_form(self.session)}") \
            if has_undo else ""
        if any(b.key == "S" for b in card.buttons):
            # Save the match… by its letter, said before U as its button
            # stands before Undo (the line named every key but S).
            undo = t("hint.end_save_short" if form == "_short" else "hint.end_save") \
                + undo
        where = "evening" if club.evening_of(self.session) is not None else "menu"
        # V offered only where the card hides something (it changed nothing
        # on a card read whole); the short line never names it.
        if not form and not card.cut:
            form = "_fits"
        return t(f"hint.end_{where}{form}", keys=card.number_keys(), undo=undo)

    def dialog_hints(self) -> tuple[str, str]:
        # The choice's keys and the end card's, each said its own way (where
        # Esc leads, U: undo), not as any card's buttons.
        if self.choice_keys() or self.end_keys(""):
            return self.hint(), self.short_hint()
        return super().dialog_hints()

    def choice_keys(self) -> str:
        """The keys of the incoming player's choices ("1/2") while they are
        asked: the key line was empty under 9-ball's push-out choice."""
        from simulator.app.dialogs.base import Dialog
        asked = next((d for d in self.app.dialogs
                      if isinstance(d, Dialog) and d.kind == "choice"), None)
        if asked is None:
            return ""
        return "/".join(b.key for b in asked.buttons if b.key)

    def update(self, dt: float) -> None:
        # A dialog closed without moving on (Esc): ask the referee again.
        if not self.app.dialogs:
            next_step(self.app)


def undone_form(s: Session) -> str:
    """What the end card's U takes back, said: the last shot, or the
    concession or leaving that ended the match ("the last shot" was said
    where no shot had been played)."""
    from simulator.app.match.turns import last_step
    kind = last_step(s)[0] if s.match.history else "shot"
    return "" if kind in ("shot", "foul") else \
        f"_{kind}" if kind in ("concede", "leave") else "_step"
