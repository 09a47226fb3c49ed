"""The position editor: place, move and remove balls with the mouse, choose
the discipline and the game state (the break, scores, consecutive fouls,
warnings, the push-out, Express statuses and signatures), test a stroke from
the position, and save or load scenario files with a title in each language.

The draft is plain scenario data (docs/formats.md); every change is checked
with ``parse_scenario``, the same validation as loading, and the reason shown.
Saving goes through ``save_scenario`` (validated, atomic).
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from simulator.app.loop.app import App
from simulator.app.screens.editor.balls import BallPlacing
from simulator.app.screens.editor.draft import draft_spec, new_draft
from simulator.app.screens.editor.files import EditorFiles
from simulator.app.screens.editor.rows import SMALL, Rows
from simulator.app.screens.editor.state_panel import StatePanel
from simulator.app.screens.practice.memory import state_of
from simulator.app.screens.practice.scenario_list import to_practice_list
from simulator.app.table import scoreboard
from simulator.app.text.words import discipline_label


class EditorMode(BallPlacing, StatePanel, EditorFiles):
    name = "editor"

    def __init__(self, app: App) -> None:
        st = state_of(app)
        if st.editor is None:
            st.editor = new_draft(st.discipline)
        self.draft: dict[str, Any] = st.editor
        self.draft.setdefault("state", {})
        super().__init__(app, draft_spec(self.draft))
        self.selected = 1  # the ball a click on the cloth puts down
        self.drag: int | None = None
        self.hover: tuple[float, float] | None = None
        self.error: str | None = None
        self.refused: str | None = None  # why the last state change was refused
        self.field_player = 0
        self.field_chosen = False
        self.check()
        self.field = self.default_field()
        self.selected = self.next_free()

    def leave(self) -> None:
        to_practice_list(self.app)

    def message_area(self) -> pygame.Rect | None:
        # Under the table, beside the chips: never over the rails (raised
        # off the chips it lay on the bottom rail) nor the side column.
        return self.layout.strip

    def keep_clear(self) -> pygame.Rect | None:
        return self.view.outer_rect()

    # -- widgets ---------------------------------------------------------------
    def build(self) -> None:
        rows = Rows.column(self.app, self.side_layout()[0],
                           14 + bool(self.info.groups) + self.per_player(self.field))
        self.build_game_menu(rows)
        self.build_ball_row(rows)
        self.build_state_rows(rows)
        self.build_file_rows(rows)
        self.build_buttons(rows)

    def build_buttons(self, rows: Rows) -> None:
        """Save and load, test and clear; back at the bottom."""
        app = self.app
        t = app.t
        r, bh = rows.rect, rows.height
        rows.y += 2
        half_w = (r.width - 6) // 2
        pairs = [
            ((t("editor.save"), self.save), (t("editor.load"), self.load)),
            ((t("editor.test"), self.test_stroke), (t("editor.clear"), self.clear)),
        ]
        for (la, fa), (lb, fb) in pairs:
            UIButton(pygame.Rect(r.left, rows.y, half_w, bh), la, app.gui,
                     command=app.later(fa), object_id=SMALL)
            UIButton(pygame.Rect(r.left + half_w + 6, rows.y, half_w, bh), lb, app.gui,
                     command=app.later(fb), object_id=SMALL)
            rows.skip(bh)
        UIButton(pygame.Rect(r.left, r.bottom - bh, r.width, bh), t("common.back"),
                 app.gui, command=app.later(self.leave))

    # -- input -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._menu(event)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self.follow_titles()
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION,
                            pygame.MOUSEBUTTONUP):
            self.mouse(event)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F1 and \
                not self.app.repeat(event):
            # The editor's own keys and clicks (none of the other screens'),
            # then back to the editor as it was.
            self.app.go("help", return_to=self, only=("editor",))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and \
                self.typing():
            self.stop_typing()  # the first Esc leaves the field, the next the editor
        elif event.type == pygame.KEYDOWN and not self.typing():
            if event.key == pygame.K_ESCAPE:
                self.leave()
            elif event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
                self.remove_hovered()
            elif event.key == pygame.K_TAB:
                self.app.show_numbers = not self.app.show_numbers

    def update(self, dt: float) -> None:
        super().update(dt)
        self.open_trial()

    # -- drawing ---------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.trial is not None:
            self.trial_said = True  # (the message is drawn over this frame)

    def header(self) -> tuple[list[scoreboard.PlayerCard], list[str]]:
        title = self.app.t("editor.heading",
                           game=discipline_label(self.app.locale, self.discipline))
        return [], [title]

    def chips(self) -> list[str]:
        t = self.app.t
        if self.error is None:
            return [t("editor.valid"), t("editor.count", n=len(self.balls())),
                    self.shot_kind()]
        return [t("editor.invalid")]

    def hint(self) -> str:
        if self.error is not None:
            return self.error
        if self.refused is not None:
            return self.app.t("editor.refused", reason=self.refused)
        return self.app.t("editor.hint")

    def short_hint(self) -> str:
        if self.error is not None or self.refused is not None:
            return ""
        return self.app.t("editor.hint_short")
