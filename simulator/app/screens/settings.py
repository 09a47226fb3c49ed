"""The settings screen: language, window size and full screen, sound and its
volume, the aiming aids, undo and the roll-out shown faster; each change kept
at once in the profile (the settings themselves: simulator.app.loop.settings)."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from simulator.app.loop.app import Mode
from simulator.app.screens.backdrop import backdrop
from simulator.app.text import widgets

WINDOWS = ("800x500", "1024x640", "1280x720", "1440x900", "1600x900", "1920x1080")
VOLUMES = (0.0, 0.25, 0.5, 0.8, 1.0)


class SettingsMode(Mode):
    """Language, window size and full screen, sound and its volume, the
    aiming aids and undo; each change kept at once in the profile."""

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
            if key == "fullscreen":
                self.apply_window()
            widgets.clear(self.app.gui)
            self.build()
        return fn

    def apply_window(self) -> None:
        from simulator.app.loop.settings import window_size
        s = self.app.settings
        size = window_size(s.window) or self.app.size
        self.app.set_window(size, s.fullscreen)

    def build(self) -> None:
        app = self.app
        s = app.settings
        w, h = app.size
        onoff = {True: app.t("common.on"), False: app.t("common.off")}
        top = int(h * 0.22)
        rows_n = 9
        row_h = max(26, min(h // 17, (h - top - 40) // rows_n - 8))
        gap = max(4, min(10, (h - top - 40) // rows_n - row_h))
        lab_w, ctl_w = min(320, (w - 80) * 3 // 5), min(220, (w - 80) * 2 // 5)
        x0 = w // 2 - (lab_w + ctl_w + 12) // 2
        small = None if row_h >= 32 else "#small"
        y = top

        def label(text: str) -> pygame.Rect:
            UILabel(pygame.Rect(x0, y, lab_w, row_h), text, app.gui, object_id=small)
            return pygame.Rect(x0 + lab_w + 12, y, ctl_w, row_h)

        langs = [("English", "en"), ("Русский", "ru")]
        cur = next(lbl for lbl, code in langs if code == app.locale.lang)
        self.lang_menu = UIDropDownMenu([lbl for lbl, _ in langs], cur,
                                        label(app.t("settings.language")), app.gui,
                                        object_id=small)
        self._langs = dict(langs)
        y += row_h + gap
        current = s.window or f"{w}x{h}"
        sizes = list(WINDOWS) if current in WINDOWS else [current, *WINDOWS]
        self.window_menu = UIDropDownMenu(
            [x.replace("x", "×") for x in sizes], current.replace("x", "×"),
            label(app.t("settings.window")), app.gui, object_id=small)
        y += row_h + gap
        vol = min(VOLUMES, key=lambda v: abs(v - s.volume))
        self.volume_menu = UIDropDownMenu(
            [f"{round(v * 100)} %" for v in VOLUMES], f"{round(vol * 100)} %",
            label(app.t("settings.volume")), app.gui, object_id=small)
        y += row_h + gap
        rows: list[tuple[str, str, Callable[[], None]]] = [
            (app.t("settings.fullscreen"), onoff[s.fullscreen],
             self._toggle("fullscreen")),
            (app.t("settings.sound"), onoff[s.sound], self._toggle("sound")),
            (app.t("settings.aids"), onoff[s.aids], self._toggle("aids")),
            (app.t("settings.undo"), onoff[s.allow_undo], self._toggle("allow_undo")),
            (app.t("settings.rollout"), onoff[s.quick_rollout],
             self._toggle("quick_rollout")),
        ]
        self.toggles: list[UIButton] = []
        for text, value, fn in rows:
            self.toggles.append(UIButton(label(text), value, app.gui,
                                         command=app.later(fn), object_id=small))
            y += row_h + gap
        self.back = UIButton(pygame.Rect(w // 2 - 110, y + 8, 220, row_h),
                             app.t("common.back"), app.gui,
                             command=app.later(self.leave))

    def leave(self) -> None:
        self.app.go("menu")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            s = self.app.settings
            if event.ui_element is self.lang_menu:
                lang = self._langs.get(event.text, "en")
                s.lang = lang
                self.app.save_settings()
                self.app.set_language(lang)
            elif event.ui_element is self.window_menu:
                s.window = event.text.replace("×", "x")
                self.app.save_settings()
                if not s.fullscreen:
                    self.app.later(self.apply_window)()
            elif event.ui_element is self.volume_menu:
                s.volume = float(event.text.rstrip(" %")) / 100
                self.app.sound.volume = s.volume
                self.app.save_settings()
            self.app.later(self.resize)()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, self.app.t("settings.title"))
