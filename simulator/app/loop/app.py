"""The window, the main loop and the mode state machine.

Each screen is a Mode with enter/exit and its own keys; the App owns the window,
the widget manager, the settings, the words, the sounds and the current match.
A dialog is a mode drawn over the one below it. ``frame`` runs one frame from a
list of events, so tests drive the app without a real window or clock.

Screens are registered by name in one place (``simulator.app.loop.registry``) and a
screen asks for another by name (:meth:`App.go`, :meth:`App.open`), so no
screen file imports another to leave it.
"""

from __future__ import annotations

import contextlib
import sys
import traceback
import warnings
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from simulator.app.loop.gui_setup import widget_manager
from simulator.app.loop.settings import Settings, write_settings
from simulator.app.table.view import Layout
from simulator.app.text import fonts, ui, widgets
from simulator.app.text.i18n import Locale

if TYPE_CHECKING:
    from simulator.app.loop.sound import SoundBank
    from simulator.app.match.session import Session

MIN_SIZE = (640, 400)
ScreenFactory = Callable[..., "Mode"]
# An idle window rests: with no input, nothing at work and its picture the
# same for REST_AFTER, a frame is drawn only every REST_STEP (its timers
# still count the time) and shown only when the picture changed. Drawing
# and showing 60 unchanged pictures a second kept a core busy on the menu.
REST_AFTER = 0.5  # s
REST_STEP = 1 / 12  # s, under the longest frame's time (0.1 s): timers keep pace
# A screen thinking with nothing new to show (a computer's decision) is
# drawn every THINK_STEP and thinks in the time between: drawing and
# showing 60 frames a second (a real window's flip alone 30 ms on a loaded
# machine) made a pro's shot in the window take three times its decision.
# Its frames take the whole time since the last (nothing rolls meanwhile).
THINK_STEP = 0.25  # s
# A frame this slow (s, by the clock): a key read in the next one may have
# been pressed long before the screen this frame opened was drawn (at a
# steady 60 frames a second that is a moment no one could answer in).
SLOW_FRAME = 0.05
# How long "too soon, press again" is on show (s): a moment, out of the way.
TOO_SOON_SHOWN = 2.0
# A message's time counts a frame as this at most (s): a frame held longer
# (work done at one go) was no time the message could be read.
TOAST_FRAME_MOST = 0.5
TOAST_MIN_SIZE = 11  # px: a message's words shrink to fit its place, not below


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

    def interrupted(self) -> None:
        """A dialog opens over this screen: a press or a drag it was in is
        dropped (the release goes to the dialog, or nowhere)."""

    def handle(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def resize(self) -> None:
        pass

    def message_area(self) -> pygame.Rect | None:
        """Where short messages go on this screen (None: the bottom middle)."""
        return None

    def keep_clear(self) -> pygame.Rect | None:
        """What a short message must never cover here (a table screen: the
        table with its rails); None: nothing."""
        return None

    def busy(self) -> bool:
        """Still preparing what it shows over a few frames (a screenshot waits)."""
        return False

    def conclude(self) -> None:
        """What this screen has under way that the match must take in first
        (a stroke rolling) is done now: the referee's next step follows it."""

    def working(self) -> bool:
        """Work goes on over frames that the picture need not show (a
        computer thinking, a shot computed): the loop does not rest."""
        return self.busy()

    def think(self) -> bool:
        """Think for a slice between frames (a decision being made); whether
        the picture may wait (nothing thought yet to show)."""
        return False

    def dock(self) -> pygame.Rect | None:
        """Where a dialog opened over this screen goes (None: the middle of
        the window, over a veil). Table screens dock dialogs beside the table."""
        return None


class App:
    def __init__(self, size: tuple[int, int], locale: Locale, settings: Settings,
                 fullscreen: bool = False, settings_path: Path | None = None,
                 hidden: bool = False,
                 screens: Mapping[str, ScreenFactory] | None = None,
                 window: pygame.Surface | None = None) -> None:
        pygame.display.init()
        pygame.font.init()
        flags = pygame.RESIZABLE
        if fullscreen:
            flags = pygame.FULLSCREEN
            size = (0, 0)
        if hidden:
            flags |= pygame.HIDDEN
        # ``window``: the one opened to say "Loading..." (loop.loading), kept
        # as it is: opening it again blanked it black until the menu was drawn.
        self.screen = window if window is not None else \
            pygame.display.set_mode(size, flags)
        pygame.display.set_caption("Kiy")
        pygame.key.set_repeat(300, 40)
        self.size: tuple[int, int] = self.screen.get_size()
        self.layout = Layout.for_size(*self.size)
        self.locale = locale
        self.settings = settings
        self.settings_path = settings_path
        self.screens: dict[str, ScreenFactory] = dict(screens or {})
        self.gui = widget_manager(self.size, _theme(), locale.lang)
        self.clock = pygame.time.Clock()
        self.running = True
        self.mode: Mode | None = None
        self.dialogs: list[Mode] = []
        self._disabled: dict[int, list[Any]] = {}
        self.session: Session | None = None
        self._sound: SoundBank | None = None
        self._later: list[Callable[[], object]] = []
        # A short message, its kind ("info" or "error") and the time it has left.
        self.toast: tuple[str, float] | None = None
        self.toast_kind = "info"
        # A toast that stays until the next key or click (or its seconds):
        # a saved file's name is read when the person looks, not in 6 s.
        self.toast_until_action = False
        # A toast about the stroke being set (undone, pull cancelled) stays
        # no longer than that stroke: it goes when one is struck or the
        # match takes another step (the match's step count it was said at).
        self.toast_step: int | None = None
        self.errors: list[str] = []  # unexpected exceptions caught in a frame
        self._failing = 0  # frames in a row that raised
        self.frames = 0
        self.elapsed = 0.0  # seconds of the frames played (a button's guard)
        # The clock's seconds the frame being played stands for: a frame's
        # ``dt`` is capped so that nothing rolling jumps, but what a person
        # reads by the clock (a countdown, a card's or a message's time on
        # show) counts these, or it ran four times slow on a loaded machine.
        self.real_dt = 0.0
        self._still = 0.0  # seconds the loop has been idle (see REST_AFTER)
        self._waited = 0.0  # seconds since the last frame drawn
        self._thought = False  # a screen thought since (see THINK_STEP)
        self._shown: bytes | None = None  # the picture on the window
        self.previous: Mode | None = None
        self.seed: int | None = None  # fixed racks for documentation and tests
        self.scene: Any = None  # the table screen's cached pictures (Scene)
        self.show_numbers = False  # every ball's number drawn large (key N)
        self.held: set[int] = set()  # keys down now (a repeat is not a new press)
        self._key_owner: Mode | None = None  # the screen the last key went to
        self._shortcut_key: int | None = None  # see _latin_shortcut
        # The screen each key down now was pressed on: its repeats go there
        # or nowhere (a screen that switched on a key does not pass it on).
        self._pressed_on: dict[int, Mode | None] = {}
        # And the screen the last mouse button down was pressed on (the same way).
        self._clicked_on: Mode | None = None
        # The screen on show while this frame's events were made: the one
        # the last frame began with (a screen opened in it was drawn only at
        # its end; a key read in the next frame, after a slow one, was
        # pressed before that).
        self._on_show: Mode | None = None
        self._began_with: Mode | None = None
        self.mouse: tuple[int, int] | None = None
        self._pressed: ui.Button | None = None
        self.buttons: list[ui.Button] = []  # the drawn buttons of the last frame
        self.panels: list[tuple[str, pygame.Rect]] = []  # and its panels
        self.areas: list[tuple[pygame.Rect, ui.Action]] = []  # and click areas
        self._pressed_area: pygame.Rect | None = None
        # The button that last came up under the resting cursor (as _target
        # names it), the clock's time until it takes a press there and where
        # the cursor stood (see ui.FRESH); and the last frame's buttons,
        # drawn and widgets.
        self._fresh: tuple[object, float, tuple[int, int]] | None = None
        self._targets: list[tuple[object, pygame.Rect]] = []
        self.clock_time = 0.0  # the clock's seconds of the frames played
        # A press refused by that guard: the button's box, lit until then.
        self.refused: tuple[pygame.Rect, float] | None = None
        self.texts: list[ui.TextRecord] = []  # and its lines of text
        self.tips: list[tuple[pygame.Rect, str]] = []
        self._save_problem_told: str | None = None
        # Choices kept while the window is open, not in the settings (the
        # export's caption language, speed and format: "export.lang", ...).
        self.kept: dict[str, Any] = {}
        INSTANCES.append(self)

    # -- words, sounds, settings ------------------------------------------------
    def t(self, key: str, **kw: object) -> str:
        return self.locale.t(key, **kw)

    @property
    def sound(self) -> SoundBank:
        if self._sound is None:
            from simulator.app.loop.sound import SoundBank
            self._sound = SoundBank(self.settings.sound, self.settings.volume)
        return self._sound

    def save_settings(self) -> None:
        from simulator.files import profile
        if profile.read_only():  # a scripted run writes nothing
            return
        from simulator.app.text.file_words import file_problem
        try:
            write_settings(self.settings, self.settings_path)
        except (OSError, ValueError) as e:
            self.notify(self.t("settings.save_failed", reason=file_problem(
                self.locale, e)), kind="error")

    def set_language(self, lang: str) -> None:
        self.locale = Locale(lang)
        self.gui.set_locale(lang)
        if self.session is not None:
            self.session.locale = self.locale

    def notify(self, message: str, seconds: float = 4.0, kind: str = "error",
               until_action: bool = False, until_stroke: bool = False) -> None:
        """A short message: ``kind`` "info" for what went well (saved, undone),
        "error" for what did not; they look different. ``until_action``: it
        goes at the next key or click too, not only after ``seconds``;
        ``until_stroke``: at the next stroke or step of the match."""
        self.toast = (message, seconds)
        self.toast_kind = kind
        self.toast_until_action = until_action
        s = self.session
        self.toast_step = len(s.match.history) if until_stroke and s is not None \
            else None

    def key_too_soon(self) -> None:
        """A key a guard did not take (pressed a moment after a card or a
        turn came up, as if meant for the one before): said briefly, so the
        player knows to press it again. A message on show stays (it says
        more than this)."""
        said = self.t("common.key_too_soon")
        if self.toast is None or self.toast[0] == said:
            self.inform(said, TOO_SOON_SHOWN)

    def inform(self, message: str, seconds: float = 3.0,
               until_action: bool = False, until_stroke: bool = False) -> None:
        self.notify(message, seconds, kind="info", until_action=until_action,
                    until_stroke=until_stroke)

    def stroke_struck(self) -> None:
        """A stroke is played: a toast about the one being set is over."""
        if self.toast_step is not None:
            self.toast = None
            self.toast_step = None

    def _toast_outlived(self) -> None:
        """The match took a step since the stroke's toast was said: gone."""
        s = self.session
        if self.toast_step is not None and (
                s is None or len(s.match.history) != self.toast_step):
            self.stroke_struck()

    # -- screens by name --------------------------------------------------------
    def make(self, name: str, **kw: Any) -> Mode:
        """The screen registered as ``name``, made for this app."""
        try:
            factory = self.screens[name]
        except KeyError:
            raise KeyError(f"no screen named {name!r}; registered: "
                           f"{', '.join(sorted(self.screens))}") from None
        return factory(self, **kw)

    def go(self, name: str, **kw: Any) -> None:
        """Leave the current screen for the one registered as ``name``."""
        self.switch(self.make(name, **kw))

    def open(self, name: str, **kw: Any) -> None:
        """Open the dialog registered as ``name`` over the current screen."""
        self.push_dialog(self.make(name, **kw))

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
        self.previous = self.mode  # what the screen that follows took over from
        widgets.clear(self.gui)
        self.buttons = []
        self._pressed = None
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
        top = self.dialogs[-1] if self.dialogs else self.mode
        if top is not None:
            top.interrupted()
        self.dialogs.append(dialog)
        self._pressed = None
        self.buttons = []  # (see pop_dialog)
        dialog.enter()

    def pop_dialog(self, dialog: Mode | None = None) -> None:
        if not self.dialogs:
            return
        d = dialog if dialog is not None and dialog in self.dialogs \
            else self.dialogs[-1]
        self.dialogs.remove(d)
        d.exit()
        self._pressed = None
        # The buttons drawn last frame are of the card just closed: a second
        # click read in the same frame (a loaded window draws a few a second)
        # pressed one of them, and a PNG export started under a GIF's.
        self.buttons = []
        for el in self._disabled.pop(id(d), []):
            if el.alive():
                el.enable()

    @property
    def top(self) -> Mode | None:
        return self.dialogs[-1] if self.dialogs else self.mode

    # -- the loop ---------------------------------------------------------------
    def frame(self, events: Iterable[pygame.event.Event], dt: float,
              real: float | None = None) -> None:
        """Handle ``events``, advance ``dt`` seconds and draw one frame;
        ``real``: the clock's seconds it stands for (``real_dt``), else ``dt``."""
        self.real_dt = dt if real is None else real
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
                try:
                    self.go("menu")
                except Exception:
                    self.running = False
        self.frames += 1
        self.elapsed += dt
        self.clock_time += self.real_dt

    def _typed_elsewhere(self) -> bool:
        """The text of a key whose press went to another screen: the key
        that opened a dialog (2 in the match menu: Save) is not typed into
        its name field."""
        owner, self._key_owner = self._key_owner, None
        return owner is not None and owner is not self.top

    def repeat(self, event: pygame.event.Event) -> bool:
        """Whether a key-down event is the keyboard repeating a held key."""
        return event.type == pygame.KEYDOWN and bool(getattr(event, "repeat", False))

    def pressed_here(self, event: pygame.event.Event) -> bool:
        """Whether a key-down is a new press made on the screen on top: not
        a repeat, nor a press made while the screen before was on show (one
        that skipped the rolling balls, read after the next turn opened)."""
        return not self.repeat(event) and \
            self._pressed_on.get(event.key, self.top) is self.top

    def clicked_here(self) -> bool:
        """Whether the last mouse button down was made on the screen on top,
        not while the screen before was on show (read by a slow frame)."""
        return self._clicked_on is self.top

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
                self.inform(self.t("save.autosave_back"), 3.0)
            self._save_problem_told = problem
        note = getattr(s, "save_note", None)
        if note and s is not None:
            s.save_note = None
            self.notify(note, 10.0)

    def _frame(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        self._on_show, self._began_with = self._began_with, self.top
        for e in events:
            if e.type == pygame.QUIT:
                self.running = False
                continue
            if e.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self._resized()
                continue
            if self.toast_until_action and e.type in (pygame.KEYDOWN,
                                                      pygame.MOUSEBUTTONDOWN):
                self.toast = None  # read: the person goes on
                self.toast_until_action = False
            if e.type == pygame.KEYDOWN:
                self._shortcut_key = _latin_shortcut(e, self._shortcut_key)
                # A key already down is the keyboard's repeat, not a new press;
                # nor is one the keyboard calls a repeat (read after the key's
                # release on a loaded machine: it is no press of its own).
                e.repeat = e.key in self.held or bool(getattr(e, "repeat", False))
                if e.repeat and (e.key == pygame.K_ESCAPE or
                                 self._pressed_on.get(e.key) is not self.top):
                    # Esc is "back" one screen a press: its repeats, piled
                    # up while the next screen loaded, went back to the
                    # menu's "Quit?". Nor does another key's repeat act on
                    # the screen its press opened.
                    continue
                self.held.add(e.key)
                # (pressed on the screen the person saw, which a slow frame
                # may have replaced before the press was read)
                self._pressed_on[e.key] = self._on_show \
                    if self.real_dt > SLOW_FRAME else self.top
                self._key_owner = self.top
            elif e.type == pygame.KEYUP:
                if self._shortcut_key is not None and \
                        getattr(e, "scancode", None) == self._shortcut_key:
                    # (its release as its press was named, Ctrl let go or not)
                    e.key = pygame.K_a + self._shortcut_key - pygame.KSCAN_A
                    self._shortcut_key = None
                self.held.discard(e.key)
                self._pressed_on.pop(e.key, None)
                self._key_owner = None
            elif e.type == pygame.TEXTINPUT and (self._typed_elsewhere() or
                                                 self._shortcut_key is not None):
                continue  # (Ctrl+Ф types no «ф»: it is Ctrl+A)
            elif e.type == pygame.MOUSEBUTTONDOWN:
                self._clicked_on = self._on_show \
                    if self.real_dt > SLOW_FRAME else self.top
            elif e.type == pygame.MOUSEMOTION:
                self.mouse = e.pos
                if self._fresh is not None and not _near(e.pos, self._fresh[2]):
                    self._fresh = None  # moved: what it meets next is aimed at
            elif e.type == pygame.WINDOWFOCUSLOST:
                self.held.clear()  # the key-ups go to another window
                self._shortcut_key = None
                self._pressed_on.clear()
            if self._drawn_click(e):
                self._run_later()
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
        self._toast_outlived()
        self.draw()
        if self.toast is not None:
            msg, left = self.toast
            # (read by the clock, but not a frame's held time: the clip's
            # file written at one go took the whole of "Saved" with it)
            left -= min(self.real_dt, TOAST_FRAME_MOST)
            self.toast = (msg, left) if left > 0 else None

    def _drawn_click(self, e: pygame.event.Event) -> bool:
        """Clicks on the drawn buttons and panels of the last frame: a button
        acts on release over it; a panel keeps the click from what lies
        below it. True when the event was taken."""
        if e.type not in _MOUSE_BUTTONS or e.button not in (1, 3):
            return False
        pos = e.pos
        hit = _hit(self.buttons, pos)
        if e.type == pygame.MOUSEBUTTONDOWN:
            if hit is not None:
                # A button just shown under the cursor takes no press yet:
                # the second click of a double click on the button it
                # replaced is not meant for it.
                ready = (e.button == 1 or hit.back is not None) and \
                    hit.takes_press(pos, self.elapsed) and \
                    not self._too_fresh(_drawn(hit), hit.rect, pos)
                self._pressed = hit if ready else None
                return True
            # (a widget's button: refused here, it never knows of the press)
            el = _target(self._targets, pos)
            if el is not None and self._too_fresh(el[0], el[1], pos):
                return True
            # A message takes no click: the button under it still works; nor
            # does a card take one meant for a field or list drawn on it.
            if self._on_widget(pos):
                return False
            self._pressed_area = next((r for r, _fn in reversed(self.areas)
                                       if r.collidepoint(pos)), None) \
                if e.button == 1 else None
            return self._pressed_area is not None or any(
                r.collidepoint(pos) for name, r in self.panels
                if name not in ("controls", "message"))
        pressed, self._pressed = self._pressed, None
        area, self._pressed_area = self._pressed_area, None
        if area is not None:
            # (acts on release in the area it was pressed in, as a button)
            act = next((fn for r, fn in reversed(self.areas)
                        if r == area and r.collidepoint(pos)), None)
            if act is not None and e.button == 1:
                self.later(act)()
            return True
        if pressed is not None:
            # Buttons are drawn afresh each frame: the same one by its name.
            act = None if hit is None or hit.ident != pressed.ident else \
                (hit.action or hit.refused) if e.button == 1 else hit.back
            if act is not None:
                self.later(act)()
            return True
        if hit is None and self._on_widget(pos):
            return False
        return hit is not None or any(r.collidepoint(pos) for name, r in self.panels
                                      if name not in ("controls", "message"))

    def _too_fresh(self, what: object, rect: pygame.Rect, pos: tuple[int, int]
                   ) -> bool:
        """Whether a press at ``pos`` is on a button that came up under the
        resting cursor less than ui.FRESH ago (the computer's turn ended
        under "4×" and the person's "Replay" took its place; a screen opened
        by a click with a button where that one was): meant for the button
        before, it is not taken, and the button is lit a moment to say so."""
        f = self._fresh
        if f is None or f[0] != what or not _near(pos, f[2]) or \
                self.clock_time >= f[1]:
            return False
        self.refused = (rect.copy(), self.clock_time + REFUSED_SHOWN)
        return True

    def _note_fresh(self) -> None:
        """Remember a button that came up under the resting cursor in the
        frame just drawn: a different one (or none, or one without an action)
        stood there in the frame before. The same drawn button (by its name)
        in the same place on the next screen is the one the person knows
        there ("Menu" as a stroke ends; its words may count down); a cursor
        moved onto a button that was already there does not count either."""
        from pygame_gui.elements import UIButton
        before = self._targets
        self._targets = [(_drawn(b), b.rect.copy()) for b in reversed(self.buttons)] + [
            (("widget", el.text), el.rect.copy())
            for el in self.gui.get_sprite_group().sprites()
            if isinstance(el, UIButton) and el.visible and el.is_enabled]
        m = self.mouse
        now = _target(self._targets, m) if m is not None else None
        if m is None or now is None or now[0] is None:
            return
        was = _target(before, m)
        if was is None or was[0] != now[0]:
            watched = was is not None and was[0] in WATCHING
            self._fresh = (now[0], self.clock_time + (
                ui.FRESH_AFTER_WATCH if watched else ui.FRESH), m)

    def _on_widget(self, pos: tuple[int, int]) -> bool:
        """Whether a field, list or widget button lies under ``pos`` (drawn
        on a card, it takes its own clicks)."""
        from pygame_gui.elements import (
            UIButton,
            UIDropDownMenu,
            UIHorizontalSlider,
            UISelectionList,
            UITextEntryLine,
        )
        kinds = (UITextEntryLine, UIButton, UIDropDownMenu, UISelectionList,
                 UIHorizontalSlider)
        return any(isinstance(el, kinds) and el.visible and el.rect.collidepoint(pos)
                   for el in self.gui.get_sprite_group().sprites())

    def press(self, button: ui.Button) -> None:
        """Press a drawn button as a click would (keys 1-9 in dialogs)."""
        if button.action is not None:
            self.later(button.action)()

    def _run_later(self) -> None:
        while self._later:
            fn = self._later.pop(0)
            fn()

    def draw(self) -> None:
        surface = self.screen
        ui.FRAME.clear()
        if self.mode is not None:
            self.mode.draw(surface)
        if self.dialogs:
            ui.FRAME.buttons.clear()  # a dialog is open: the screen below waits
        for d in self.dialogs:
            d.draw(surface)
        self.gui.draw_ui(surface)
        if self.toast is not None:
            self._draw_toast(surface, self.toast[0])
        self.tips = list(ui.FRAME.tips)
        if self.mouse is not None:
            ui.tooltip(surface, self.mouse, self._tip_area(),
                       max(12, self.size[1] // 48))
        self.buttons = list(ui.FRAME.buttons)
        self._note_fresh()
        self._draw_not_ready(surface)
        self._draw_refused(surface)
        self.panels = list(ui.FRAME.panels)
        self.areas = list(ui.FRAME.areas)
        self.texts = list(ui.FRAME.texts)

    def _draw_not_ready(self, surface: pygame.Surface) -> None:
        """A button that came up under the resting cursor is shown dimmed
        while it takes no press there (ui.FRESH): a click at once on
        "Foul gallery", come up under the cursor after Esc from the quiz,
        did nothing, and the button looked ready."""
        f = self._fresh
        if f is None or self.clock_time >= f[1] or self.mouse is None or \
                not _near(self.mouse, f[2]):
            return
        rect = next((r for what, r in self._targets if what == f[0]), None)
        if rect is None:
            return
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, NOT_READY_VEIL, veil.get_rect(), border_radius=6)
        surface.blit(veil, rect.topleft)

    def _draw_refused(self, surface: pygame.Surface) -> None:
        """A refused press lights its button's edge a moment: the person sees
        the click arrived, on a button that has just come up."""
        if self.refused is None:
            return
        rect, until = self.refused
        if self.clock_time >= until:
            self.refused = None
            return
        pygame.draw.rect(surface, ui.ACCENT, rect, 2, border_radius=6)

    def _tip_area(self) -> pygame.Rect:
        """A whole name shown on hover stays in the part of the window it is
        in (the scoreboard's names never spill over the table)."""
        m = self.mouse or (0, 0)
        lay = self.layout
        for area in (lay.top, lay.side, lay.strip):
            if area.collidepoint(m):
                return area
        return pygame.Rect((0, 0), self.size)

    def toast_size(self) -> int:
        return max(13, self.size[1] // 44)

    def toast_height(self, width: int, size: int | None = None) -> int:
        """The height of the message now shown in a box ``width`` wide (0:
        none), for a screen that keeps a place for it; ``size``: in words of
        that size (the message's own by default)."""
        if self.toast is None:
            return 0
        size = size or self.toast_size()
        return len(ui.wrap(self.toast[0], size, width - 24)) * ui.line_height(size) + 12

    def _draw_toast(self, surface: pygame.Surface, msg: str) -> None:
        w, h = self.size
        area = None
        for m in (*reversed(self.dialogs), self.mode):
            if m is not None and (area := m.message_area()) is not None:
                break
        size = self.toast_size()
        if area is None:
            area = pygame.Rect(w // 5, h - 70 - 3 * size, w * 3 // 5, 3 * size + 40)
        keep = self.mode.keep_clear() if self.mode is not None else None
        box, lines, size = _toast_fit(msg, area, size)
        box = self._clear_of_controls(box, area, keep)
        if keep is not None and any(box.colliderect(b) for b in self._blocks()):
            # No room above the words under the table: beside them (the
            # hint's message, raised above a chip, covered a pocket).
            box, lines, size = self._toast_beside(msg, area, size, keep) or \
                (box, lines, size)
        if any(box.colliderect(r) for r in ui.FRAME.rows):
            # Nowhere clear beside the keys' line: above the footer, over
            # the table's edge, rather than over words a player reads.
            box.bottom = min(area.top, *(r.top for r in ui.FRAME.rows)) - 4
        lh = ui.line_height(size)
        colour = (120, 30, 24, 235) if self.toast_kind == "error" else \
            (24, 78, 52, 235)
        ui.panel(surface, box, colour, name="message")
        y = box.top + 6
        for ln in lines:
            if y + lh > box.bottom + 1:
                break
            ui.line(surface, ln, size, (255, 244, 228), pygame.Rect(
                box.left + 12, y, box.width - 24, lh))
            y += lh

    def show_now(self, msg: str) -> None:
        """``msg`` on the window at once, over the picture on show, before
        work that holds the loop a while (a clip's shot computed took 6-9 s
        on a loaded machine with nothing to say the click was taken)."""
        surface = pygame.display.get_surface()
        if surface is None:
            return
        self._draw_toast(surface, msg)
        pygame.display.flip()

    def _blocks(self) -> list[pygame.Rect]:
        """What a message must not cover: the buttons, the widgets and the
        words drawn this frame."""
        from pygame_gui.core import UIElement
        blocks = [b.rect for b in ui.FRAME.buttons if b.rect.width > 0]
        blocks += [el.rect for el in self.gui.get_sprite_group().sprites()
                   if isinstance(el, UIElement) and el.visible and el.rect.width > 0
                   and el.rect.height < self.size[1] // 2]  # not a whole panel
        return blocks + [r.rect for r in ui.FRAME.texts] + list(ui.FRAME.rows)

    def _clear_of_controls(self, box: pygame.Rect, area: pygame.Rect,
                           keep: pygame.Rect | None = None) -> pygame.Rect:
        """The message raised above whatever it would cover: a button, a
        widget, or words (the footer's hint and chips; raised past a column
        of buttons, a subtitle above them), never onto ``keep``."""
        blocks = self._blocks()
        moved = box.copy()
        for _ in range(len(blocks) + 1):
            hit = [b for b in blocks if moved.colliderect(b)]
            if not hit:
                return moved
            moved.bottom = min(b.top for b in hit) - 6
            if moved.top < 0 or (keep is not None and moved.colliderect(keep)):
                break
        return box  # nowhere clear: where it was

    def _toast_beside(self, msg: str, area: pygame.Rect, size: int,
                      keep: pygame.Rect) -> tuple[pygame.Rect, list[str], int] | None:
        """The message in the room between ``keep`` and the bottom of
        ``area``, right of the words on its row (the chips) and above those
        below it (the keys' line), where its words are largest; None: it
        fits nowhere there."""
        band = pygame.Rect(area.left, keep.bottom + 2, area.width,
                           area.bottom - keep.bottom - 2)
        blocks = [b for b in self._blocks() if b.colliderect(band)]
        fits: list[tuple[pygame.Rect, list[str], int]] = []
        for left in sorted({band.left, *(b.right + 6 for b in blocks)}):
            room = pygame.Rect(left, band.top, band.right - left, band.height)
            under = [b.top for b in blocks if b.colliderect(room)]
            room.height = min([room.bottom, *under]) - 4 - room.top
            if room.width < 120 or room.height < 20:
                continue
            box, lines, fitted = _toast_fit(msg, room, size)
            if len(lines) * ui.line_height(fitted) + 12 <= room.height:
                fits.append((box, lines, fitted))
        return max(fits, key=lambda f: f[2], default=None)

    def set_window(self, size: tuple[int, int], fullscreen: bool) -> None:
        """Change the window's size, or go to full screen and back."""
        flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
        before = _window_box() if not fullscreen else None
        try:
            self.screen = pygame.display.set_mode((0, 0) if fullscreen else size, flags)
        except pygame.error as e:
            self.notify(self.t("settings.window_failed", reason=str(e)))
            return
        if before is not None:
            # The system grows a window from its old corner, off the screen
            # at a larger size: kept centred where it was, on the screen.
            desktops = pygame.display.get_desktop_sizes()
            _move_window(placed_window(before[0], before[1], self.screen.get_size(),
                                       desktops[0] if desktops else None))
        self._resized()

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
            self.step(pygame.event.get(), dt)

    def step(self, events: list[pygame.event.Event], dt: float) -> None:
        """One pass of the loop: the ``events`` that came in the ``dt``
        seconds since the last. An idle window rests (see REST_AFTER); any
        input is drawn at once."""
        self._waited += dt
        working = any(m.working() for m in (self.mode, *self.dialogs)
                      if m is not None)
        if not events and not working and self._still >= REST_AFTER and \
                self._waited < REST_STEP:
            return
        top = self.top
        if not events and self._waited < THINK_STEP and top is not None and \
                top.think():
            self._thought = True
            return  # (thought instead of drawing the same picture again)
        dt, self._waited = self._waited, 0.0
        self.frame(events, min(dt, THINK_STEP if self._thought else 0.1), dt)
        self._thought = False
        if events or working:
            self._shown = None  # moving on: the picture is shown, not compared
        elif self._shown_already():
            self._still += dt
            return
        pygame.display.flip()
        self._still = 0.0

    def _shown_already(self) -> bool:
        """Whether the picture just drawn is the one on the window (else it
        is kept as the one shown)."""
        try:
            buf: Any = self.screen.get_buffer()  # (a buffer the stubs do not say)
        except pygame.error:  # a window whose pixels cannot be read: shown
            return False
        # Bytes, not numpy: the menu comes up before numpy is imported.
        now: bytes = buf.raw
        del buf  # the surface stays locked while its buffer is held
        same = now == self._shown
        if not same:
            self._shown = now
        return same

    def screenshot(self, path: str, frames: int = 2) -> None:
        """Draw ``frames`` frames and write the window as a PNG, atomically
        (OSError when the file cannot be written)."""
        import io

        from simulator.files.atomic import atomic_write
        for _ in range(frames):
            self.frame([], 1 / 60)
        for _ in range(120):  # what takes a few frames to appear
            if self.mode is None or not self.mode.busy():
                break
            self.frame([], 1 / 60)
        buf = io.BytesIO()
        try:
            pygame.image.save(self.screen, buf, "screenshot.png")
        except pygame.error as e:
            raise OSError(0, f"the picture cannot be made ({e})") from None
        atomic_write(path, buf.getvalue())


# Every App made in this process (tests check that none caught an error).
INSTANCES: list[App] = []


_MOUSE_BUTTONS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
# The veil over a button not yet taking a press (App._draw_not_ready).
NOT_READY_VEIL = (16, 20, 18, 150)
REFUSED_SHOWN = 0.25  # seconds a press refused as too early lights its button


# A computer's watch buttons (its speeds and "Skip to the end"): a person
# rests on them and clicks again and again while its turn ends at a moment
# they cannot foresee, so the button that takes their place waits longer
# (ui.FRESH_AFTER_WATCH).
WATCHING = {("drawn", f"watch{k}") for k in ("1", "2", "4", "skip")} | {
    ("drawn", "skip")}


def _near(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) <= ui.STILL


def _hit(buttons: list[ui.Button], pos: tuple[int, int]) -> ui.Button | None:
    """The topmost of ``buttons`` under ``pos``."""
    return next((b for b in reversed(buttons) if b.rect.collidepoint(pos)), None)


def _drawn(b: ui.Button) -> object:
    """A drawn button as the guard knows it: by its name (it is drawn afresh
    each frame), None without an action. A widget's button: by its words."""
    return ("drawn", b.ident) if b.enabled else None


def _target(targets: list[tuple[object, pygame.Rect]], pos: tuple[int, int]
            ) -> tuple[object, pygame.Rect] | None:
    """The first of ``targets`` (the drawn buttons topmost first, then the
    widgets' buttons) under ``pos``."""
    return next((t for t in targets if t[1].collidepoint(pos)), None)


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
        # The main menu's buttons: the pointer moves the keys' choice, which is
        # the one light (a hover colour of its own lit a second button).
        "#menu": {"font": {"name": "noto_sans", "size": "20"},
                  "colours": {"hovered_bg": "#2b3a33", "hovered_text": "#f1ead8",
                              "hovered_border": "#6b4a2b"}},
        "#small": {"font": {"name": "noto_sans", "size": "13"}},
        "label": {"colours": {"dark_bg": "#00000000"}},
        # A list's rows (the practice list): the row under the pointer a
        # faint band, the one chosen the accent's fill (the two greens of
        # hover and selection were taken for two rows chosen).
        "selection_list.#item_list_item": {
            "colours": {"hovered_bg": "#34463d", "hovered_text": "#f1ead8",
                        "hovered_border": "#6b4a2b",
                        "selected_bg": "#e2be78", "selected_text": "#1b2321",
                        "active_bg": "#e2be78", "active_text": "#1b2321"}},
    }


TITLE_BAR = 32  # room kept above a window for its title bar (not in its position)


def placed_window(pos: tuple[int, int], old: tuple[int, int], new: tuple[int, int],
                  desktop: tuple[int, int] | None) -> tuple[int, int]:
    """Where a window at ``pos`` of size ``old`` goes at size ``new``: its
    centre kept, then moved onto the ``desktop`` (its title bar too) where
    it fits; a window larger than the desktop starts at its top left."""
    x = pos[0] + old[0] // 2 - new[0] // 2
    y = pos[1] + old[1] // 2 - new[1] // 2
    if desktop is None or not (0 <= pos[0] < desktop[0] and 0 <= pos[1] < desktop[1]):
        return x, y  # on another screen, whose bounds are not known
    x = max(0, min(x, desktop[0] - new[0]))
    y = max(min(TITLE_BAR, desktop[1] - new[1]), min(y, desktop[1] - new[1]))
    return x, max(0, y)


def _window_box() -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The window's position and size (None where the system has none)."""
    try:
        w = _display_window()
        return tuple(w.position), tuple(w.size)
    except (pygame.error, AttributeError):
        return None


def _display_window() -> Any:
    """The display module's window (pygame warns that drawing through it
    is for later versions: only its place and size are used here)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def _move_window(pos: tuple[int, int]) -> None:
    with contextlib.suppress(pygame.error, AttributeError):
        _display_window().position = pos


def _toast_fit(msg: str, area: pygame.Rect,
               size: int) -> tuple[pygame.Rect, list[str], int]:
    """A message's box at the bottom middle of ``area``, its lines and their
    size: smaller words (not under 11) while they are too many for it."""
    width = area.width - 24
    lines = ui.wrap(msg, size, width)
    lh = ui.line_height(size)
    while len(lines) * lh + 12 > area.height and size > TOAST_MIN_SIZE:
        size -= 1
        lh = ui.line_height(size)
        lines = ui.wrap(msg, size, width)
    bw = max(fonts.font(size).size(ln)[0] for ln in lines) + 24
    box = pygame.Rect(0, 0, min(area.width, bw), min(area.height, len(lines) * lh + 12))
    box.midbottom = (area.centerx, area.bottom)
    return box, lines, size


def _latin_shortcut(e: pygame.event.Event, held: int | None) -> int | None:
    """Ctrl with a letter key is the shortcut of the Latin letter on that key
    where the layout gives it none: with a Russian layout SDL names the A key
    «ф», and Ctrl+A selected nothing in a name field (nor did Ctrl+C, V, X,
    S or Z act). ``e`` is renamed in place. Returns the scancode of a letter
    key held with Ctrl under such a layout (the text it sends is not typed),
    else ``held``."""
    letter = e.scancode - pygame.KSCAN_A if hasattr(e, "scancode") else -1
    if not 0 <= letter < 26 or pygame.K_a <= e.key <= pygame.K_z or \
            not getattr(e, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META) or \
            e.mod & pygame.KMOD_ALT:
        return held
    e.key = pygame.K_a + letter  # a Latin layout's own letter stays (AZERTY)
    return int(e.scancode)
