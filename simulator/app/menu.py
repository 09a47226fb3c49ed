"""Main menu and settings screens (pygame_gui widgets over a drawn backdrop)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from simulator.app import fonts, widgets
from simulator.app.app import App, Mode


def backdrop(surface: pygame.Surface, title: str, subtitle: str = "") -> None:
    """Felt-green backdrop with the title, shared by the menu screens."""
    surface.blit(_backdrop(surface.get_size(), title, subtitle), (0, 0))


@lru_cache(maxsize=8)
def _backdrop(size: tuple[int, int], title: str, subtitle: str) -> pygame.Surface:
    surface = pygame.Surface(size)
    w, h = size
    surface.fill((16, 40, 30))
    glow = pygame.Surface((w, h), pygame.SRCALPHA)
    for i in range(10, 0, -1):
        pygame.draw.circle(glow, (40, 110, 70, 14), (w // 2, int(h * 0.42)),
                           int(max(w, h) * 0.07 * i))
    surface.blit(glow, (0, 0))
    pygame.draw.rect(surface, (96, 52, 26), (0, 0, w, h), max(6, h // 60))
    t = fonts.text(title, max(28, h // 11), (241, 234, 216), bold=True)
    surface.blit(t, t.get_rect(midtop=(w // 2, int(h * 0.06))))
    if subtitle:
        s = fonts.text(subtitle, max(13, h // 40), (200, 210, 195))
        surface.blit(s, s.get_rect(midtop=(w // 2, int(h * 0.06) + t.get_height())))
    return surface


def button_column(app: App, items: list[tuple[str, Callable[[], None] | None]],
                  top: int, width: int = 380, height: int = 44,
                  gap: int = 12) -> list[UIButton]:
    """Buttons stacked in the middle of the window; None disables one."""
    w = app.size[0]
    out: list[UIButton] = []
    for i, (label, fn) in enumerate(items):
        rect = pygame.Rect(0, 0, width, height)
        rect.midtop = (w // 2, top + i * (height + gap))
        b = UIButton(rect, label, app.gui, object_id="#big",
                     command=app.later(fn) if fn is not None else None)
        if fn is None:
            widgets.disable(b)
        out.append(b)
    return out


class MenuMode(Mode):
    name = "menu"

    def enter(self) -> None:
        # -- practice screens: a practice position is no match to keep ---------
        from simulator.app.practice import forget_practice_session
        forget_practice_session(self.app)
        # -- end of practice screens -------------------------------------------
        self.build()

    def build(self) -> None:
        app = self.app
        from simulator.app import session as sess
        h = app.size[1]
        items: list[tuple[str, Callable[[], None] | None]] = [
            (app.t("menu.new_match"), self.new_match),
            (app.t("menu.continue"), self.resume if sess.autosave_path().exists()
             else None),
            (app.t("menu.load"), self.load),
            (app.t("menu.practice"), self.practice),  # practice screens
            (app.t("menu.foul_gallery"), self.foul_gallery),
            (app.t("menu.lag"), self.lag),
            (app.t("menu.settings"), self.settings),
            (app.t("menu.quit"), self.quit),
        ]
        self.buttons = button_column(app, items, top=int(h * 0.28),
                                     height=max(34, h // 17))
        # Keyboard: Up/Down move between the enabled items, Enter opens one.
        self.actions = [(b, fn) for b, (_, fn) in zip(self.buttons, items,
                                                      strict=True) if fn is not None]
        self.focus = 0
        self._show_focus()

    def _show_focus(self) -> None:
        for i, (b, _fn) in enumerate(self.actions):
            if i == self.focus:
                widgets.select(b)
            else:
                widgets.unselect(b)

    def resize(self) -> None:
        widgets.clear(self.app.gui)
        self.build()

    def new_match(self) -> None:
        from simulator.app.setup import SetupMode
        self.app.switch(SetupMode(self.app))

    def resume(self) -> None:
        from simulator.app import session as sess
        sess.open_saved(self.app, sess.autosave_path())

    def load(self) -> None:
        from simulator.app.setup import LoadMode
        self.app.switch(LoadMode(self.app))

    # -- practice screens (simulator/app/practice.py, gallery_screen.py) --------
    def practice(self) -> None:
        from simulator.app.practice import PracticeListMode
        self.app.switch(PracticeListMode(self.app))

    def foul_gallery(self) -> None:
        from simulator.app.gallery_screen import GalleryListMode
        self.app.switch(GalleryListMode(self.app))
    # -- end of practice screens ---------------------------------------------

    def lag(self) -> None:
        from simulator.app.lag import start_minigame
        start_minigame(self.app)

    def settings(self) -> None:
        self.app.switch(SettingsMode(self.app))

    def quit(self) -> None:
        self.app.running = False

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.quit()
            elif event.key == pygame.K_n:
                self.new_match()
            elif event.key in (pygame.K_DOWN, pygame.K_UP) and self.actions:
                step = 1 if event.key == pygame.K_DOWN else -1
                self.focus = (self.focus + step) % len(self.actions)
                self._show_focus()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.actions:
                self.app.later(self.actions[self.focus][1])()

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, "Kiy", self.app.t("menu.subtitle"))
        hint = fonts.text(self.app.t("menu.version_hint"),
                          max(11, self.app.size[1] // 55),
                          (150, 160, 150))
        surface.blit(hint, hint.get_rect(bottomright=(self.app.size[0] - 16,
                                                      self.app.size[1] - 12)))


class SettingsMode(Mode):
    name = "settings"

    def enter(self) -> None:
        self.build()

    def resize(self) -> None:
        widgets.clear(self.app.gui)
        self.build()

    def _toggle(self, key: str) -> Callable[[], None]:
        def fn() -> None:
            setattr(self.app.settings, key, not getattr(self.app.settings, key))
            if key == "sound":
                self.app.sound.enabled = self.app.settings.sound
            self.app.save_settings()
            widgets.clear(self.app.gui)
            self.build()
        return fn

    def build(self) -> None:
        app = self.app
        s = app.settings
        w, h = app.size
        onoff = {True: app.t("common.on"), False: app.t("common.off")}
        top = int(h * 0.26)
        row_h = max(34, h // 17)
        lab_w, ctl_w = 300, 220
        x0 = w // 2 - (lab_w + ctl_w + 12) // 2
        rows: list[tuple[str, str, Callable[[], None]]] = [
            (app.t("settings.aids"), onoff[s.aids], self._toggle("aids")),
            (app.t("settings.sound"), onoff[s.sound], self._toggle("sound")),
            (app.t("settings.undo"), onoff[s.allow_undo], self._toggle("allow_undo")),
        ]
        y = top
        UILabel(pygame.Rect(x0, y, lab_w, row_h), app.t("settings.language"), app.gui)
        langs = [("English", "en"), ("Русский", "ru")]
        cur = next(lbl for lbl, code in langs if code == app.locale.lang)
        self.lang_menu = UIDropDownMenu([lbl for lbl, _ in langs], cur,
                                        pygame.Rect(x0 + lab_w + 12, y, ctl_w, row_h),
                                        app.gui)
        self._langs = dict(langs)
        y += row_h + 10
        self.toggles: list[UIButton] = []
        for label, value, fn in rows:
            UILabel(pygame.Rect(x0, y, lab_w, row_h), label, app.gui)
            self.toggles.append(UIButton(pygame.Rect(x0 + lab_w + 12, y, ctl_w, row_h),
                                         value, app.gui, command=app.later(fn)))
            y += row_h + 10
        self.back = UIButton(pygame.Rect(w // 2 - 110, y + 20, 220, row_h),
                             app.t("common.back"), app.gui,
                             command=app.later(self.leave))

    def leave(self) -> None:
        self.app.switch(MenuMode(self.app))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and \
                event.ui_element is self.lang_menu:
            lang = self._langs.get(event.text, "en")
            self.app.settings.lang = lang
            self.app.save_settings()
            self.app.set_language(lang)
            self.app.later(self.resize)()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, self.app.t("settings.title"))
