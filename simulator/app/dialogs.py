"""Dialogs over the table: messages, the incoming player's options, the
referee's foul menu, the pause menu and the end of a match."""

from __future__ import annotations

import html
from collections.abc import Callable

import pygame
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from simulator.app import fonts, widgets
from simulator.app.app import App, Mode
from simulator.app.render import veil

Action = Callable[[], None]


class Dialog(Mode):
    """A panel with a title, a text and a column of buttons.

    Keys: 1-9 press the n-th button; Esc presses the cancel button if any.
    """

    name = "dialog"
    modal = True

    def __init__(self, app: App, title: str, body: str,
                 buttons: list[tuple[str, Action]], cancel: Action | None = None,
                 wide: bool = False, side: bool = False) -> None:
        super().__init__(app)
        self.wide = wide
        self.side = side  # over the table's foot half, leaving the head end in view
        self.title = title
        self.body = body
        self.button_specs = buttons
        self.cancel = cancel
        self.panel: UIPanel | None = None
        self.buttons: list[UIButton] = []

    def enter(self) -> None:
        self.build()

    def exit(self) -> None:
        if self.panel is not None:
            widgets.kill(self.panel)
            self.panel = None
        self.buttons = []

    def resize(self) -> None:
        self.exit()
        self.build()

    def build(self) -> None:
        app = self.app
        w, h = app.size
        bh = max(32, h // 20)
        widest = w - 40 if not self.side else app.layout.table.width - 32
        pw = min(widest, max(420, int(w * (0.75 if self.wide else 0.42))))
        # Wide enough for the title and every button's words, if the window is.
        need = max([fonts.font(20).size(self.title)[0] + 40] +
                   [fonts.font(16).size(label)[0] + 80
                    for label, _ in self.button_specs])
        pw = min(widest, max(pw, need))
        big_title = fonts.font(20).size(self.title)[0] + 40 <= pw
        lines = len(fonts.wrap(self.body, 16, pw - 50)) if self.body else 0
        text_h = 0 if not self.body else min(int(h * 0.4), 20 + 25 * lines)
        ph = 60 + text_h + len(self.button_specs) * (bh + 8) + 16
        ph = min(ph, h - 20)
        rect = pygame.Rect(0, 0, pw, ph)
        rect.center = (w // 2, h // 2)
        if self.side:
            area = app.layout.table
            rect.midright = (area.right - 16, area.centery)
        self.panel = UIPanel(rect, starting_height=50, manager=app.gui)
        UILabel(pygame.Rect(10, 8, pw - 20, 36), self.title, app.gui,
                container=self.panel, object_id="#big" if big_title else None)
        y = 48
        if self.body:
            body = html.escape(self.body).replace("\n", "<br>")
            UITextBox(body, pygame.Rect(10, y, pw - 20, text_h), app.gui,
                      container=self.panel)
            y += text_h + 8
        self.buttons = []
        for label, fn in self.button_specs:
            self.buttons.append(UIButton(pygame.Rect(20, y, pw - 40, bh), label,
                                         app.gui,
                                         container=self.panel,
                                         command=app.later(self._wrap(fn))))
            y += bh + 8

    def _wrap(self, fn: Action) -> Action:
        def run() -> None:
            if self in self.app.dialogs:
                self.app.pop_dialog(self)
            fn()
        return run

    def handle(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_ESCAPE and self.cancel is not None:
            self.app.later(self._wrap(self.cancel))()
        elif pygame.K_1 <= event.key <= pygame.K_9:
            i = event.key - pygame.K_1
            if i < len(self.button_specs):
                self.app.later(self._wrap(self.button_specs[i][1]))()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and \
                len(self.button_specs) == 1:
            self.app.later(self._wrap(self.button_specs[0][1]))()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.side:
            surface.blit(veil(surface.get_size(), (0, 0, 0, 120)), (0, 0))


class MessageDialog(Dialog):
    def __init__(self, app: App, title: str, body: str,
                 then: Action | None = None) -> None:
        done = then or (lambda: None)
        super().__init__(app, title, body, [(app.t("common.ok"), done)], cancel=done)
