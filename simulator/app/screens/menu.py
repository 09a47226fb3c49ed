"""The main menu (pygame_gui widgets over a drawn backdrop)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from simulator.app.loop.app import Mode
from simulator.app.screens.backdrop import backdrop, button_column
from simulator.app.text import fonts, ui, widgets

__all__ = ["MenuMode", "backdrop"]


BIG_TYPE = 20  # the menu buttons' type (the theme's "#menu")
MIN_GAP = 8  # between two buttons
COLUMN_GAP = 32  # between the two columns of a low window, and at their sides
LAST_USED = "menu.last_used"  # app.kept: the position of the button used last


def column_metrics(h: int, n: int, top: int, bottom: int) -> tuple[int, int]:
    """Button height and gap for ``n`` buttons from ``top`` in a window ``h``
    high, the last one ending above ``bottom``."""
    step = min(max(34, h // 17) + 12, (bottom - top) // max(1, n))
    height = max(26, int(step * 0.78))
    return height, max(4, step - height)


_OVER: dict[tuple[str, int, int], bool] = {}  # the autosave read once a version


def last_match_over(path: Path) -> bool:
    """Whether the match in the autosave ``path`` has finished (read as
    opening it would; a file that cannot be read is not called finished:
    opening it says why)."""
    try:
        st = path.stat()
    except OSError:
        return False
    from simulator.files import saves  # (the referee with it: only for a save)
    key = (str(path), st.st_mtime_ns, st.st_size)
    if key not in _OVER:
        try:
            over = bool(saves.load(path).match.over)
        except (saves.SaveError, OSError):
            over = False
        _OVER.clear()
        _OVER[key] = over
    return _OVER[key]


class MenuMode(Mode):
    name = "menu"

    def enter(self) -> None:
        # A practice position is no match to keep or to continue.
        s = self.app.session
        if s is not None and not s.keep:
            self.app.session = None
        self.build()

    def build(self) -> None:
        app = self.app
        # The profile's paths, not the match's session: the menu is up
        # before the physics and the referee are imported.
        from simulator.files import profile
        autosave = profile.journal_paths(profile.autosave_dir())[0]
        h = app.size[1]
        items: list[tuple[str, Callable[[], None] | None]] = [
            (app.t("menu.new_match"), self.new_match),
            # A finished match is not continued: the button says it shows
            # how it ended (its statistics, undo from there if allowed).
            (app.t("menu.last_result" if last_match_over(autosave)
                   else "menu.continue"),
             self.resume if autosave.exists() else None),
            (app.t("menu.load"), self.load),
            (app.t("club.menu_continue" if self.evening_in_progress()
                   else "club.menu_evening"), self.evening),
            (app.t("club.menu_records"), lambda: app.go("records")),
            (app.t("menu.practice"), self.practice),  # practice screens
            (app.t("menu.foul_gallery"), self.foul_gallery),
            (app.t("menu.lag"), self.lag),
            (app.t("menu.help"), lambda: app.go("help", back="menu")),
            (app.t("menu.settings"), self.settings),
            (app.t("menu.quit"), self.quit),
        ]
        # (a click and Enter both remember the button used)
        items = [(label, self._used(i, fn) if fn is not None else None)
                 for i, (label, fn) in enumerate(items)]
        top = int(h * 0.25)
        w = app.size[0]
        # The buttons end above the keys' line: at 1600x1000 the last one,
        # "Exit", stood over its words.
        bottom = keys_line_box(app.size).top - MIN_GAP
        height, gap = column_metrics(h, len(items), top, bottom)
        # A low window (800x500) left eleven buttons 26 px high for 20 px
        # words, 5 px apart: there they stand in two columns, with room.
        roomy = fonts.font(BIG_TYPE).get_linesize() + 6
        if (height < roomy or gap < MIN_GAP) and w >= 2 * 300 + 3 * COLUMN_GAP:
            rows = (len(items) + 1) // 2
            height, gap = column_metrics(h, rows, top, bottom)
            width = min(360, (w - 3 * COLUMN_GAP) // 2)
            left = button_column(app, items[:rows], top=top, width=width,
                                 height=height, gap=gap,
                                 centre_x=w // 2 - width // 2 - COLUMN_GAP // 2)
            right = button_column(app, items[rows:], top=top, width=width,
                                  height=height, gap=gap,
                                  centre_x=w // 2 + width // 2 + COLUMN_GAP // 2)
            self.buttons = left + right
        else:
            width = min(380, w - 60)
            self.buttons = button_column(app, items, top=top, width=width,
                                         height=height, gap=gap)
        # Keyboard: Up/Down move between the enabled items, Enter opens one.
        self.actions = [(b, fn) for b, (_, fn) in zip(self.buttons, items,
                                                      strict=True) if fn is not None]
        # The one lit at opening: the button last used (back from the screen
        # it opened), else the first. A pointer resting where it stood does
        # not choose (at every start it stands at the centre, on "Records").
        enabled = [i for i, (_, fn) in enumerate(items) if fn is not None]
        last = app.kept.get(LAST_USED)
        self.focus = enabled.index(last) if last in enabled else 0
        self.rest = widgets.Resting(app.mouse)
        self._show_focus()

    def _used(self, item: int, fn: Callable[[], None]) -> Callable[[], None]:
        """``fn``, remembering its button as the one to light on coming back."""
        def run() -> None:
            self.app.kept[LAST_USED] = item
            fn()
        return run

    def _point(self, pos: tuple[int, int] | None) -> None:
        """The keys' choice moved to the enabled button under ``pos``: one
        light, not the first button filled and another lit under the pointer
        (Enter then opens what the pointer is on)."""
        at = next((i for i, (b, _fn) in enumerate(self.actions)
                   if pos is not None and b.rect.collidepoint(pos)), None)
        if at is not None:
            self.focus = at

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
        self.app.go("setup")

    def resume(self) -> None:
        from simulator.app.loop.flow import open_saved
        from simulator.app.match import session as sess
        open_saved(self.app, sess.autosave_path())

    def evening_in_progress(self) -> bool:
        from simulator.files import profile
        return profile.evening_path().exists()

    def evening(self) -> None:
        """The evening in progress, or a new one's setup."""
        self.app.go("evening" if self.evening_in_progress() else "evening_setup")

    def load(self) -> None:
        self.app.go("load")

    def practice(self) -> None:
        self.app.go("practice")

    def foul_gallery(self) -> None:
        self.app.go("gallery")

    def lag(self) -> None:
        self.app.go("lag_alone")

    def settings(self) -> None:
        self.app.go("settings")

    def quit(self) -> None:
        self.app.running = False

    def handle(self, event: pygame.event.Event) -> None:
        if self.rest.motion(event) and self.actions:
            was = self.focus
            self._point(event.pos)
            if self.focus != was:
                self._show_focus()
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                # Esc is "back" everywhere; from the main menu back is out,
                # and that is asked first.
                self.app.open("quit")
            elif event.key == pygame.K_F1:
                self.app.go("help", back="menu")
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
        box = keys_line_box(self.app.size)
        ui.line(surface, self.app.t("menu.version_hint"),
                keys_line_size(self.app.size[1]), (150, 160, 150), box, align="right")


def keys_line_size(h: int) -> int:
    return max(11, h // 55)


def keys_line_box(size: tuple[int, int]) -> pygame.Rect:
    """Where the keys' line stands: clear of the frame (it stood 4 px inside
    it), under the buttons."""
    w, h = size
    text = keys_line_size(h)
    margin = max(6, h // 60) + 12
    return pygame.Rect(margin, h - margin - ui.line_height(text), w - 2 * margin,
                       ui.line_height(text))


