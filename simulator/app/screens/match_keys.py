"""Keys every table screen of a match shares: the pause menu, help, undo and
redo, the ruling card read whole, the ball numbers, the aiming aids, the
sound; and the fine step of the aim's arrow keys.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from simulator.app.loop.app import App
from simulator.app.match.turns import redo, redo_key, undo, undo_key
from simulator.app.screens.table_screen import TableMode
from simulator.app.table.view import text_size
from simulator.app.text import ui

FINE = 0.1  # degrees per arrow key press (Shift: x10, Ctrl: x0.2)
STROKE_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
# The screens where Space or Enter meant something else just before a
# person's turn: the computer's turn (go on, play it now, skip its shot).
SPACE_ELSEWHERE = ("computer", "computer_playing")
SETTLE_SECONDS = 0.4  # quicker than anyone reads a new turn and decides


def note_hurry(app: App, event: pygame.event.Event) -> None:
    """A Space or Enter pressed on the computer's turn, kept for the
    person's turn that follows (a press of that key there may still be one
    made to hurry the computer)."""
    s = app.session
    if s is not None and event.type == pygame.KEYDOWN and event.key in STROKE_KEYS:
        s.hurried.add(event.key)


def forget_hurry(app: App) -> None:
    """The computer's turn begins: no key has hurried it yet."""
    if app.session is not None and \
            getattr(app.mode, "name", "") not in SPACE_ELSEWHERE:
        app.session.hurried.clear()


def shot_page_key(mode: TableMode, key: int) -> bool:
    """PgUp at the table: the last shot's replay, where PgUp and PgDn go on
    through the match's shots (as the replay's own keys do); PgDn: there is
    no later shot than the table now. True when the key was one of them."""
    if key == pygame.K_PAGEUP:
        if mode.session.shots:
            mode.replay()
        else:
            mode.app.inform(mode.app.t("replay.no_shot"), 2.5)
    elif key == pygame.K_PAGEDOWN:
        mode.app.inform(mode.app.t("replay.no_later"), 2.5)
    else:
        return False
    return True


def common_key(app: App, event: pygame.event.Event) -> bool:
    """Keys every table screen of a match shares; True when one was used."""
    k = event.key
    if k in (pygame.K_u, pygame.K_z, pygame.K_y) and app.repeat(event):
        return True  # a held key repeats: undo and redo move one step a press
    if k == pygame.K_ESCAPE:
        app.open("pause")
    elif k == pygame.K_F1:
        app.go("help", back="match")
    elif undo_key(event):
        undo(app)
    elif redo_key(event):
        redo(app)
    elif k == pygame.K_v:
        if isinstance(app.mode, TableMode):
            app.mode.read_card()
    elif k == pygame.K_TAB:
        numbers_key(app, event)
    elif k == pygame.K_g:
        app.settings.aids = not app.settings.aids
        app.save_settings()
    elif k == pygame.K_m:
        app.settings.sound = not app.settings.sound
        app.sound.enabled = app.settings.sound
        app.save_settings()
        app.inform(app.t("sound.on" if app.settings.sound else "sound.off"), 1.5)
    else:
        return False
    return True


def numbers_key(app: App, event: pygame.event.Event) -> None:
    """Tab: every ball's number in a tag beside it, or not. Once a press:
    a held Tab's keyboard repeats turned the tags off again at once (a
    press a little long showed nothing)."""
    if not app.repeat(event):
        app.show_numbers = not app.show_numbers


# The watching speeds of a computer's shots: its turn shows them while it
# thinks and plays (a person's turn keeps their room empty). Each
# speed on its own number (4 is 4x: 3 gave 4x and 4 skipped the shot of one
# who pressed 4 for 4x); Skip on 0, shown not at all, off the speeds' keys.
WATCH_CAPS = {"1": "1", "2": "2", "4": "4", "skip": "0"}
WATCH_KEYS = {pygame.K_1: "1", pygame.K_2: "2", pygame.K_4: "4", pygame.K_0: "skip"}
# A side column lower than this (800x500's) gives a held card open on it the
# room of the heading's first line (the card's title says it): the ruling is
# what to read then, and it showed one line of sixteen.
LOW_COLUMN = 480


def watch_key(app: App) -> str:
    """The watching speed now: this match's choice, else the settings'."""
    s = app.session
    if s is not None and s.watch is not None:
        return s.watch
    return app.settings.watch


def watch_speed(app: App) -> float:
    """How fast a computer's shots are shown (0: skipped)."""
    from simulator.app.match.computer import WATCH_SPEEDS
    return dict(WATCH_SPEEDS).get(watch_key(app), 1.0)


def set_watch(app: App, key: str) -> None:
    """This match watches at ``key`` (kept with its autosave and a save); a
    speed (not Skip) is also kept in the settings for later matches."""
    if app.session is not None:
        app.session.watch = key
        if app.session.journal is not None:  # (a match begun: not a new autosave)
            app.session.autosave()
    if key != "skip" and app.settings.watch != key:
        app.settings.watch = key
        app.save_settings()


def kept_watch(app: App, words: str, short: bool = False) -> str:
    """``words`` (a computer's turn's key line) after the watching speed
    where it is not 1x and came from the settings, not chosen in this match:
    4x chosen in one match watched the next at 4x, and nothing said so.
    Choosing a speed in the match (or 1x) leaves the line as it was."""
    s = app.session
    k = app.settings.watch
    if s is None or s.watch is not None or k in ("1", "skip") or k not in WATCH_CAPS:
        return words
    note = app.t("hint.watch_kept_short" if short else "hint.watch_kept",
                 speed=f"{k}×")
    return f"{note} · {words}"


def say_watch(app: App) -> None:
    """The computer's watching speed said where no lit button says it (its
    keys pressed on a person's turn, or while a ruling waits)."""
    k = watch_key(app)
    speed = app.t("cpu.watch_skipped") if k == "skip" else f"{k}×"
    app.inform(app.t("cpu.watch_now", speed=speed), 2.0)


def watch_buttons(app: App, action: Callable[[str], None],
                  compact: bool = False, own: bool = False) -> list[ui.Button]:
    """1x, 2x, 4x and Skip for a computer's shots; the chosen one lit.
    ``compact``: without their keys' caps (the footer names the keys), for
    one row of small buttons. ``own``: a person's own stroke rolling, its
    speeds (:func:`own_speed`) without Skip (Space's button is above)."""
    from simulator.app.match.computer import WATCH_SPEEDS
    chosen = own_key(app) if own else watch_key(app)
    out = []
    for key, _speed in WATCH_SPEEDS:
        if own and key == "skip":
            continue
        label = app.t("cpu.skip") if key == "skip" else f"{key}×"
        out.append(ui.Button(label, _with(action, key),
                             key="" if compact else WATCH_CAPS[key],
                             ident=f"watch{key}", selected=chosen == key))
    return out


def own_key(app: App) -> str:
    """The speed a person's own strokes roll at in this match ("1", "2",
    "4"): kept apart from the computer's watching speed, which says how
    its shots are shown, and for the match only (a person sees a stroke
    at its own pace unless they hurry it)."""
    s = app.session
    return s.own_watch if s is not None else "1"


def own_speed(app: App) -> float:
    """How fast a person's own stroke is shown (never skipped: Space does)."""
    from simulator.app.match.computer import WATCH_SPEEDS
    return dict(WATCH_SPEEDS).get(own_key(app), 1.0) or 1.0


def watch_block(screen: TableMode, action: Callable[[str], None],
                own: bool = False) -> tuple[list[ui.Button], bool]:
    """The watch buttons at the foot of the side column through all of a
    computer's turn (thinking, its stroke, a card held) and, in the same
    place, a person's turn against it: one row of small ones at every size
    (two rows of big ones took 74 px of a person's column at 1280x720, her
    hint's room; at 800x500 the ruling card's), never one then the other
    under a resting cursor. Their keys' caps where the row has room for
    them (else the footer names the keys)."""
    buttons = watch_buttons(screen.app, action, own=own)
    size = max(10, text_size(screen.app.size) - 3)  # (as the row draws them)
    need = sum(ui.row_needs(buttons, size)) + 4 * (len(buttons) - 1)
    if need > screen.layout.side.inflate(-20, -16).width:  # (the column's inner)
        buttons = watch_buttons(screen.app, action, compact=True, own=own)
    return buttons, True


def _with(action: Callable[[str], None], key: str) -> Callable[[], None]:
    return lambda: action(key)
