"""The window, the main loop and the mode state machine.

Each screen is a Mode with enter/exit and its own keys; the App owns the window,
the widget manager, the settings, the words, the sounds and the current match.
A dialog is a mode drawn over the one below it. ``frame`` runs one frame from a
list of events, so tests drive the app without a real window or clock.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from simulator.app import fonts, widgets
from simulator.app.i18n import Locale
from simulator.app.settings import Settings, save_settings
from simulator.app.view import Layout

if TYPE_CHECKING:
    from simulator.app.session import Session
    from simulator.app.sound import SoundBank

MIN_SIZE = (640, 400)


class Mode:
    """One screen of the app."""

    name = "mode"
    modal = False  # a dialog: the mode below keeps drawing but gets no input

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        pass

    def exit(self) -> None:
        pass

    def handle(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def resize(self) -> None:
        pass


class App:
    def __init__(self, size: tuple[int, int], locale: Locale, settings: Settings,
                 fullscreen: bool = False, settings_path: Path | None = None,
                 hidden: bool = False) -> None:
        pygame.display.init()
        pygame.font.init()
        flags = pygame.RESIZABLE
        if fullscreen:
            flags = pygame.FULLSCREEN
            size = (0, 0)
        if hidden:
            flags |= pygame.HIDDEN
        self.screen = pygame.display.set_mode(size, flags)
        pygame.display.set_caption("Kiy")
        pygame.key.set_repeat(300, 40)
        self.size: tuple[int, int] = self.screen.get_size()
        self.layout = Layout.for_size(*self.size)
        self.locale = locale
        self.settings = settings
        self.settings_path = settings_path
        self.gui = pygame_gui.UIManager(self.size, _theme(),
                                        starting_language=locale.lang)
        self.clock = pygame.time.Clock()
        self.running = True
        self.mode: Mode | None = None
        self.dialogs: list[Mode] = []
        self._disabled: dict[int, list[Any]] = {}
        self.session: Session | None = None
        self._sound: SoundBank | None = None
        self._later: list[Callable[[], object]] = []
        self.toast: tuple[str, float] | None = None  # a short message and its time
        self.errors: list[str] = []  # unexpected exceptions caught in a frame
        self._failing = 0  # frames in a row that raised
        self.frames = 0
        self.seed: int | None = None  # fixed racks for documentation and tests
        self.scene: Any = None  # the table screen's cached pictures (Scene)
        self._save_problem_told: str | None = None

    # -- words, sounds, settings ------------------------------------------------
    def t(self, key: str, **kw: object) -> str:
        return self.locale.t(key, **kw)

    @property
    def sound(self) -> SoundBank:
        if self._sound is None:
            from simulator.app.sound import SoundBank
            self._sound = SoundBank(self.settings.sound, self.settings.volume)
        return self._sound

    def save_settings(self) -> None:
        from simulator import profile
        if profile.read_only():  # a scripted run writes nothing
            return
        err = save_settings(self.settings, self.settings_path)
        if err:
            self.notify(self.t("settings.save_failed", reason=err))

    def set_language(self, lang: str) -> None:
        self.locale = Locale(lang)
        self.gui.set_locale(lang)

    def notify(self, message: str, seconds: float = 4.0) -> None:
        self.toast = (message, seconds)

    # -- modes ----------------------------------------------------------------
    def later(self, fn: Callable[[], object]) -> Callable[[], None]:
        """A button command: run ``fn`` after this frame's events, not inside the
        widget manager's event loop (which it may tear down)."""
        def run() -> None:
            self._later.append(fn)
        return run

    def switch(self, mode: Mode) -> None:
        for d in reversed(self.dialogs):
            d.exit()
        self.dialogs.clear()
        self._disabled.clear()
        if self.mode is not None:
            self.mode.exit()
        widgets.clear(self.gui)
        self.mode = mode
        mode.enter()

    def push_dialog(self, dialog: Mode) -> None:
        # The widgets below a dialog take no clicks while it is open.
        from pygame_gui.elements import UIButton
        below = [el for el in self.gui.get_sprite_group().sprites()
                 if isinstance(el, UIButton) and el.is_enabled]
        for el in below:
            widgets.disable(el)
        self._disabled[id(dialog)] = below
        self.dialogs.append(dialog)
        dialog.enter()

    def pop_dialog(self, dialog: Mode | None = None) -> None:
        if not self.dialogs:
            return
        d = dialog if dialog is not None and dialog in self.dialogs \
            else self.dialogs[-1]
        self.dialogs.remove(d)
        d.exit()
        for el in self._disabled.pop(id(d), []):
            if el.alive():
                el.enable()

    @property
    def top(self) -> Mode | None:
        return self.dialogs[-1] if self.dialogs else self.mode

    # -- the loop ---------------------------------------------------------------
    def frame(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        """Handle ``events``, advance ``dt`` seconds and draw one frame."""
        try:
            self._frame(events, dt)
            self._failing = 0
        except Exception:  # a player's action must never close the game
            tb = traceback.format_exc()
            if tb not in self.errors:  # say each fault once, not every frame
                print(tb, file=sys.stderr)
            self.errors = [*self.errors[-19:], tb]
            self.notify(self._internal_error_text())
            self._failing += 1
            if self._failing == 30:  # a screen that keeps failing: to the menu
                from simulator.app.menu import MenuMode
                try:
                    self.switch(MenuMode(self))
                except Exception:
                    self.running = False
        self.frames += 1

    def _internal_error_text(self) -> str:
        """Say what is safe only when it is: the autosave's real state."""
        s = self.session
        ok = getattr(s, "save_ok", None)
        if ok is True:
            return self.t("error.internal_saved")
        if ok is False:
            return self.t("error.internal_unsaved")
        return self.t("error.internal")

    def _tell_save_problem(self) -> None:
        """A failed autosave is shown at once, and again when it works again."""
        s = self.session
        problem = getattr(s, "save_problem", None)
        if problem != self._save_problem_told:
            if problem is not None:
                self.notify(self.t("save.autosave_failed", reason=problem), 10.0)
            elif self._save_problem_told is not None:
                self.notify(self.t("save.autosave_back"), 3.0)
            self._save_problem_told = problem

    def _frame(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        for e in events:
            if e.type == pygame.QUIT:
                self.running = False
                continue
            if e.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self._resized()
                continue
            consumed = self.gui.process_events(e)
            top = self.top
            if top is not None and not (consumed and e.type in _MOUSE_BUTTONS):
                top.handle(e)
            self._run_later()
        self._run_later()
        if self.mode is not None:
            self.mode.update(dt)
        for d in list(self.dialogs):
            d.update(dt)
        self._run_later()
        self._tell_save_problem()
        self.gui.update(dt)
        self.draw()
        if self.toast is not None:
            msg, left = self.toast
            left -= dt
            self.toast = (msg, left) if left > 0 else None

    def _run_later(self) -> None:
        while self._later:
            fn = self._later.pop(0)
            fn()

    def draw(self) -> None:
        surface = self.screen
        if self.mode is not None:
            self.mode.draw(surface)
        for d in self.dialogs:
            d.draw(surface)
        self.gui.draw_ui(surface)
        if self.toast is not None:
            self._draw_toast(surface, self.toast[0])

    def _draw_toast(self, surface: pygame.Surface, msg: str) -> None:
        w, h = self.size
        size = max(14, h // 40)
        lines = fonts.wrap(msg, size, int(w * 0.6))
        imgs = [fonts.text(line, size, (255, 240, 220)) for line in lines]
        bw = max(i.get_width() for i in imgs) + 32
        bh = sum(i.get_height() for i in imgs) + 20
        box = pygame.Rect(0, 0, bw, bh)
        box.midbottom = (w // 2, h - 70)
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        bg.fill((120, 30, 24, 230))
        surface.blit(bg, box)
        y = box.y + 10
        for i in imgs:
            surface.blit(i, (box.x + 16, y))
            y += i.get_height()

    def _resized(self) -> None:
        size = self.screen.get_size()
        if size == self.size:
            return
        self.size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.layout = Layout.for_size(*self.size)
        self.gui.set_window_resolution(self.size)
        if self.mode is not None:
            self.mode.resize()
        if self.dialogs:
            from pygame_gui.elements import UIButton
            below = [el for el in self.gui.get_sprite_group().sprites()
                     if isinstance(el, UIButton) and el.is_enabled]
            for el in below:
                widgets.disable(el)
            self._disabled = {id(self.dialogs[0]): below}
        for d in self.dialogs:
            d.resize()

    def run(self) -> None:
        while self.running:
            dt = self.clock.tick(60) / 1000.0
            self.frame(pygame.event.get(), min(dt, 0.1))
            pygame.display.flip()

    def screenshot(self, path: str, frames: int = 2) -> None:
        """Draw ``frames`` frames and write the window as a PNG, atomically
        (OSError when the file cannot be written)."""
        import io

        from simulator.atomic import atomic_write
        for _ in range(frames):
            self.frame([], 1 / 60)
        buf = io.BytesIO()
        try:
            pygame.image.save(self.screen, buf, "screenshot.png")
        except pygame.error as e:
            raise OSError(0, f"the picture cannot be made ({e})") from None
        atomic_write(path, buf.getvalue())


_MOUSE_BUTTONS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def _theme() -> dict[str, object]:
    """Widget colours to go with the table: dark wood, felt green, ivory text."""
    return {
        "defaults": {
            "colours": {
                "normal_bg": "#2b3a33",
                "hovered_bg": "#3d5a4a",
                "active_bg": "#1f6b48",
                "selected_bg": "#1f6b48",
                "disabled_bg": "#25292b",
                "dark_bg": "#1b2321",
                "normal_text": "#f1ead8",
                "hovered_text": "#ffffff",
                "selected_text": "#ffffff",
                "disabled_text": "#7b7f80",
                "normal_border": "#6b4a2b",
                "hovered_border": "#c9a36b",
                "active_border": "#e3c28a",
                "text_cursor": "#f1ead8",
            },
            "font": {"name": "noto_sans", "size": "16"},
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "6",
                     "border_width": "1"},
        },
        "#title": {"font": {"name": "noto_sans", "size": "44", "bold": "1"},
                   "colours": {"normal_text": "#f1ead8", "dark_bg": "#00000000"}},
        "#big": {"font": {"name": "noto_sans", "size": "20"}},
        "label": {"colours": {"dark_bg": "#00000000"}},
    }
