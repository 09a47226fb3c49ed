"""A game of the match has ended and the match goes on: the table as the
game left it (where the cue ball stopped, the balls still down), under its
ruling card, until the person moves on. The referee has racked the next
game already; it is shown only then (a match of computers alone plays on).
"""

from __future__ import annotations

import pygame

from simulator.app.match.saving import save_key
from simulator.app.match.turns import called_shooter, next_step
from simulator.app.replay.shotmarks import LINE_CODES
from simulator.app.screens.match_keys import (
    SETTLE_SECONDS,
    STROKE_KEYS,
    common_key,
    shot_page_key,
)
from simulator.app.screens.table_screen import (
    TableMode,
    cue_at_end,
    ruling_names_line,
    with_cue_at_end,
)
from simulator.app.table import scoreboard as ui_scoreboard
from simulator.app.text import ui
from simulator.table.state import TableState

# The screens a key press was meant for just before (the stroke skipped,
# the computer hurried): such a press does not pass the card unread.
HURRIED_ON = ("playing", "computer", "computer_playing")
# The buttons at the column's foot (see GameEndMode.bottom_buttons).
FOOT = ("replay", "menu")


class GameEndMode(TableMode):
    """The ended game's last position and its card; Next game racks anew."""

    name = "game_end"
    controls = False  # nothing is aimed until the next rack is out

    def enter(self) -> None:
        # (worked out once: the ended game does not change under its card)
        self.cue_end = cue_at_end(self.session)
        self.ended = self.session.ended_table()
        after = getattr(self.app.previous, "name", "")
        self.settle = SETTLE_SECONDS if after in HURRIED_ON else 0.0

    def shown_table(self) -> TableState:
        return self.ended if self.ended is not None else super().shown_table()

    def head_string_matters(self) -> bool:
        # The ended game's table: its card alone says (not the next break).
        if self.ended is None:
            return super().head_string_matters()
        return ruling_names_line(self.session.last_ruling, LINE_CODES)

    def board(self) -> tuple[list[ui_scoreboard.PlayerCard], list[str]]:
        # The scoreboard of the moment the game ended, not the next rack's
        # ("game 2 · open table" under the card of game 1).
        return self.session.scoreboard(ended=self.ended is not None)

    def ball_positions(self) -> dict[int, tuple[float, float, float]]:
        return with_cue_at_end(super().ball_positions(), self.cue_end,
                               self.session.spec.balls.radius)

    def next_game(self) -> None:
        self.session.next_game()
        next_step(self.app)

    def update(self, dt: float) -> None:
        self.settle = max(0.0, self.settle - self.app.real_dt)  # (by the clock)

    def handle(self, event: pygame.event.Event) -> None:
        if self.scroll_banner(event):  # the wheel over the card reads on
            return
        if event.type != pygame.KEYDOWN or self.app.repeat(event):
            return
        k = event.key
        if k in STROKE_KEYS:
            if self.settle <= 0.0:
                self.next_game()
            else:
                self.app.key_too_soon()
        elif k == pygame.K_r:
            self.replay()
        elif shot_page_key(self, k):
            pass
        elif k == pygame.K_j:
            self.app.open("referee")  # a call on the game's last shot
        elif k == pygame.K_f and called_shooter(self.session) is not None:
            self.app.open("fouls")  # a foul in a computer's last shot
        elif k == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            save_key(self.app, event.mod)
        elif k == pygame.K_h and self.session.banner is not None:
            self.toggle_banner()
        else:
            common_key(self.app, event)

    def replayed(self) -> bool:
        """Whether the game ended without a winner, to be replayed (general
        rule 28, a position the referee could not restore): its card said
        "The game is over" over "the game is replayed"."""
        r = self.session.last_ruling
        return r is not None and r.game_over and r.winner is None

    def heading(self) -> tuple[str, str]:
        ended = "side.game_replayed" if self.replayed() else "side.game_ended"
        return self.app.t(ended), self.app.t("side.game_end_table")

    def side_buttons(self) -> list[ui.Button]:
        label = "side.rack_again" if self.replayed() else "side.next_game"
        return [ui.Button(self.app.t(label), self.next_game, key="Space",
                          ident="next_game"),
                *(b for b in self.review_buttons() if b.ident not in FOOT)]

    def bottom_buttons(self) -> tuple[list[ui.Button], bool]:
        """The column's foot holds only buttons that change nothing of the
        match (FOOT, and the fouls list on a computer's last shot): it is
        where its watching speeds were when that shot ended the game, and
        Undo and Redo stood where 1x and 2x had been."""
        out: list[ui.Button] = []
        if called_shooter(self.session) is not None:
            out.append(ui.Button(self.app.t("panel.fouls"),
                                 lambda: self.app.open("fouls"), key="F",
                                 ident="fouls"))
        return out + [b for b in self.review_buttons() if b.ident in FOOT], False

    def hint(self) -> str:
        return self.app.t("hint.game_replayed" if self.replayed() else "hint.game_end")

    def short_hint(self) -> str:
        return self.app.t("hint.game_replayed_short" if self.replayed()
                          else "hint.game_end_short")
