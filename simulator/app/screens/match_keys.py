"""Keys every table screen of a match shares: the pause menu, help, undo and
redo, the ruling card read whole, the ball numbers, the aiming aids, the
sound; and the fine step of the aim's arrow keys.
"""

from __future__ import annotations

import pygame

from simulator.app.loop.app import App
from simulator.app.match.turns import redo, redo_key, undo, undo_key
from simulator.app.screens.table_screen import TableMode

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
        app.show_numbers = not app.show_numbers
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
