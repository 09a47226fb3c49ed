"""The practice list: the scenario library by discipline, titles in the
player's language; the quiz, the editor and the foul gallery a button away.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UISelectionList

from simulator.app.loop.app import App, Mode
from simulator.app.screens.backdrop import backdrop
from simulator.app.screens.practice.memory import state_of
from simulator.app.screens.practice.practice_screen import Action
from simulator.app.screens.practice.session import forget_practice_session
from simulator.app.text import widgets
from simulator.app.text.words import discipline_label, file_reason_text

OWN = "own:"  # an item of the player's own positions: the prefix of its file


class PracticeListMode(Mode):
    """The library by discipline, titles in the player's language."""

    name = "practice"

    def enter(self) -> None:
        from simulator.practice.library import library, own_positions
        forget_practice_session(self.app)
        self.lib = library()
        self.own = own_positions()  # read again each time: a save shows at once
        self.build()

    def resize(self) -> None:
        widgets.clear(self.app.gui)
        self.build()

    def entries(self) -> list[Any]:
        disc = state_of(self.app).discipline
        return list(self.lib.by_discipline(disc))

    def own_entries(self) -> list[Any]:
        """The player's own positions of the game chosen (the editor's saves)."""
        return list(self.own.by_discipline(state_of(self.app).discipline))

    def build(self) -> None:
        app = self.app
        st = state_of(app)
        w, h = app.size
        top = int(h * 0.25)
        bh = max(30, h // 20)
        from rules import registry
        games = registry.names()
        n = len(games)
        tab_w = min(200, (w - 80) // n)
        x0 = w // 2 - (tab_w * n + 6 * (n - 1)) // 2
        self.tabs: dict[str, UIButton] = {}
        for i, d in enumerate(games):
            b = UIButton(pygame.Rect(x0 + i * (tab_w + 6), top, tab_w, bh),
                         discipline_label(app.locale, d), app.gui,
                         command=app.later(self._tab(d)))
            if d == st.discipline:
                widgets.select(b)
            self.tabs[d] = b
        lw = min(w - 80, tab_w * n + 6 * (n - 1))
        list_rect = pygame.Rect(w // 2 - lw // 2, top + bh + 10, lw,
                                h - top - bh - 10 - (bh + 10) * 2 - 20)
        self.items: list[tuple[str, str]] = []
        own = self.own_entries()
        if own:
            # First, where a position just saved is looked for: a heading row
            # (it opens nothing), then the player's positions.
            self.items.append((app.t("practice.my_positions", n=len(own)), ""))
            for k, e in enumerate(own):
                title = app.t("practice.hidden_own", n=k + 1) if st.titles_hidden \
                    else e.title.get(app.locale.lang) or e.id
                self.items.append((f"• {title}", OWN + str(e.path)))
        for i, e in enumerate(self.entries()):
            title = app.t("practice.hidden_title", n=i + 1) if st.titles_hidden \
                else e.title.get(app.locale.lang)
            self.items.append((f"{i + 1}. {title}", e.id))
        default = next((lbl for lbl, sid in self.items if sid == st.selected), None)
        self.list = UISelectionList(list_rect, [lbl for lbl, _ in self.items],
                                    app.gui, default_selection=default)
        self._whole_rows(list_rect)
        self._show_selected()
        y = list_rect.bottom + 10
        names: list[tuple[str, Action]] = [
            (app.t("practice.open"), self.open_selected),
            (app.t("practice.quiz"), self.quiz),
            (app.t("practice.editor"), self.editor),
            (app.t("menu.foul_gallery"), self.gallery),
            (app.t("common.back"), self.leave),
        ]
        bw = (lw - 6 * (len(names) - 1)) // len(names)
        for i, (label, fn) in enumerate(names):
            UIButton(pygame.Rect(list_rect.left + i * (bw + 6), y, bw, bh), label,
                     app.gui, command=app.later(fn))
        errors = [*self.lib.errors, *self.own.errors]
        if errors:
            app.notify(app.t("practice.broken", n=len(errors), reason=errors[0][1]),
                       6.0)

    def _whole_rows(self, list_rect: pygame.Rect) -> None:
        """The list as tall as a whole number of its rows: the row at its
        bottom edge was cut in half (at 1280x720 and 800x500), and one row
        is never half out of view but as the wheel leaves it."""
        box = self.list.list_and_scroll_bar_container
        if box is None:
            return
        inner = box.rect.height
        row = int(getattr(self.list, "list_item_height", 0) or 0)
        cut = inner % row if row > 0 else 0
        if cut and inner - cut >= row:
            self.list.set_dimensions((list_rect.width, list_rect.height - cut))

    def _show_selected(self) -> None:
        """The selected row scrolled into view, two rows above it where
        there are (the foul gallery's clip taken to Practice was selected
        out of sight, far down the 8-ball list)."""
        sid = state_of(self.app).selected
        at = next((i for i, (_, s) in enumerate(self.items) if s and s == sid), None)
        bar = self.list.scroll_bar
        if at is None or bar is None:
            return
        bar.set_scroll_from_start_percentage(max(0.0, (at - 2) / len(self.items)))

    def _tab(self, d: str) -> Action:
        def fn() -> None:
            state_of(self.app).discipline = d
            self.resize()
        return fn

    def selected_id(self) -> str | None:
        sel = self.list.get_single_selection()
        for lbl, sid in self.items:
            if lbl == sel:
                return sid
        return None

    def open_selected(self) -> None:
        sid = self.selected_id() or state_of(self.app).selected
        if sid is None:
            if not self.items:
                return
            sid = self.items[0][1]
        if sid:  # not the heading of the player's positions
            self.open(sid)

    def open(self, sid: str) -> None:
        from simulator.practice.scenario import ScenarioError, load_scenario
        state_of(self.app).selected = sid
        try:
            sc = load_scenario(sid[len(OWN):]) if sid.startswith(OWN) \
                else self.lib.load(sid)
        except ScenarioError as e:
            name = Path(sid[len(OWN):]).name if sid.startswith(OWN) else sid
            self.app.notify(file_reason_text(self.app.locale, e, name), 6.0)
            return
        self.app.go("scenario", sc=sc)

    def quiz(self) -> None:
        """The quiz of the game, from the situation selected in the list when
        it asks questions (its own order after it)."""
        st = state_of(self.app)
        self.app.go("quiz", discipline=st.discipline,
                    first=self.selected_id() or st.selected, ask_length=True)

    def toggle_titles(self) -> None:
        """The titles hidden (each situation by its number) or shown again
        (H)."""
        st = state_of(self.app)
        st.titles_hidden = not st.titles_hidden
        self.resize()

    def editor(self) -> None:
        self.app.go("editor")

    def gallery(self) -> None:
        """The gallery with the clip of the selected situation selected (the
        same stroke, else the same foul of the game), or its first."""
        from simulator.practice.gallery import gallery_twins
        sid = self.selected_id() or state_of(self.app).selected
        twin = gallery_twins().get(sid) if sid else None
        self.app.go("gallery", back="practice",
                    clip=twin.id if twin is not None else None)

    def leave(self) -> None:
        self.app.go("menu")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and \
                event.ui_element is self.list:
            state_of(self.app).selected = self.selected_id()
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION \
                and event.ui_element is self.list:
            self.app.later(self.open_selected)()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.leave()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.app.later(self.open_selected)()
            elif event.key == pygame.K_h:
                self.app.later(self.toggle_titles)()

    def draw(self, surface: pygame.Surface) -> None:
        # (a key, said under the title: a sixth button cut the row's labels
        # at 800x500, and a second row shortened the list)
        hidden = state_of(self.app).titles_hidden
        backdrop(surface, self.app.t("practice.title"), self.app.t(
            "practice.subtitle_hidden" if hidden else "practice.subtitle_keys"))


def to_practice_list(app: App) -> None:
    app.go("practice")
