"""Every screen and dialog of the window, registered by name in one place.

A screen asks for another by name (``app.go("menu")``, ``app.open("pause")``),
so screen files need not import one another: this module is the only one
that knows them all. ``SCREENS`` maps a name to what makes the screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from simulator.app.dialogs import base as dialogs
from simulator.app.dialogs import export as export_screen
from simulator.app.dialogs import referee_calls
from simulator.app.loop.app import App, Mode, ScreenFactory
from simulator.app.screens import computer_turn as computer_screen
from simulator.app.screens import editor, game, lag, menu, practice, setup
from simulator.app.screens import gallery as gallery_screen
from simulator.app.screens import help as help_screen
from simulator.app.screens import quiz as quiz_screen


def _message(app: App, title: str, body: str) -> Mode:
    return dialogs.MessageDialog(app, title, body)


def _concede(app: App, whole_match: bool = False) -> Mode:
    return game.concede_dialog(app, whole_match)


def _scenario(app: App, **kw: Any) -> Mode:
    return practice.ScenarioMode(app, **kw)


SCREENS: Mapping[str, ScreenFactory] = {
    # menus
    "menu": menu.MenuMode,
    "settings": menu.SettingsMode,
    "setup": setup.SetupMode,
    "load": setup.LoadMode,
    "help": help_screen.HelpMode,
    # the match
    "match": game.match_screen,
    "replay": game.ReplayMode,
    "computer": computer_screen.ComputerMode,
    "lag": lag.LagMode,
    "lag_alone": lag.lag_alone,
    # practice
    "practice": practice.PracticeListMode,
    "scenario": _scenario,
    "quiz": quiz_screen.start_quiz,
    "editor": editor.EditorMode,
    "gallery": gallery_screen.GalleryListMode,
    "gallery_play": gallery_screen.GalleryPlayMode,
    # dialogs
    "pause": game.pause_dialog,
    "save": game.save_dialog,
    "fouls": game.foul_dialog,
    "choice": game.choice_dialog,
    "sign": game.sign_dialog,
    "gameover": game.game_over_dialog,
    "quit": game.quit_dialog,
    "concede": _concede,
    "message": _message,
    "export": export_screen.export_dialog,
    "referee": referee_calls.referee_dialog,
    "jumped": referee_calls.jumped_dialog,
    "agree": referee_calls.agree_dialog,
}
