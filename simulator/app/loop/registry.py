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
from simulator.app.dialogs.card_reader import CardReader
from simulator.app.dialogs.choice import choice_dialog
from simulator.app.dialogs.concede import concede_dialog, decided_dialog
from simulator.app.dialogs.fouls import foul_dialog
from simulator.app.dialogs.game_over import game_over_dialog
from simulator.app.dialogs.pause import pause_dialog
from simulator.app.dialogs.quit import quit_dialog
from simulator.app.dialogs.records_damaged import records_damaged_dialog
from simulator.app.dialogs.save import save_dialog
from simulator.app.dialogs.sign import sign_dialog
from simulator.app.loop.app import App, Mode, ScreenFactory
from simulator.app.match.turns import match_screen
from simulator.app.screens import computer_turn as computer_screen
from simulator.app.screens import gallery as gallery_screen
from simulator.app.screens import help as help_screen
from simulator.app.screens import lag, menu, setup
from simulator.app.screens import quiz as quiz_screen
from simulator.app.screens.aiming import AimMode
from simulator.app.screens.club.evening import EveningMode
from simulator.app.screens.club.evening_setup import EveningSetupMode
from simulator.app.screens.club.players import PlayerPageMode, RecordsMode
from simulator.app.screens.editor.screen import EditorMode
from simulator.app.screens.game_end import GameEndMode
from simulator.app.screens.load import LoadMode
from simulator.app.screens.placing import PlaceMode
from simulator.app.screens.playing import PlayMode
from simulator.app.screens.practice.own_shot import (
    PracticeAimMode,
    PracticePlaceMode,
    PracticePlayMode,
)
from simulator.app.screens.practice.scenario import ScenarioMode
from simulator.app.screens.practice.scenario_list import PracticeListMode
from simulator.app.screens.replay import ReplayMode
from simulator.app.screens.settings import SettingsMode
from simulator.app.screens.table_under_dialog import ViewMode


def _message(app: App, title: str, body: str) -> Mode:
    return dialogs.MessageDialog(app, title, body)


def _scenario(app: App, **kw: Any) -> Mode:
    return ScenarioMode(app, **kw)


SCREENS: Mapping[str, ScreenFactory] = {
    # menus
    "menu": menu.MenuMode,
    "settings": SettingsMode,
    "setup": setup.SetupMode,
    "load": LoadMode,
    "help": help_screen.HelpMode,
    # the club night
    "evening": EveningMode,
    "evening_setup": EveningSetupMode,
    "records": RecordsMode,
    "player": PlayerPageMode,
    # the match
    "match": match_screen,
    "aiming": AimMode,
    "placing": PlaceMode,
    "playing": PlayMode,
    "view": ViewMode,
    "game_end": GameEndMode,
    "replay": ReplayMode,
    "computer": computer_screen.ComputerMode,
    "lag": lag.LagMode,
    "lag_alone": lag.lag_alone,
    # practice
    "practice": PracticeListMode,
    "scenario": _scenario,
    "practice_aiming": PracticeAimMode,
    "practice_placing": PracticePlaceMode,
    "practice_playing": PracticePlayMode,
    "quiz": quiz_screen.start_quiz,
    "editor": EditorMode,
    "gallery": gallery_screen.GalleryListMode,
    "gallery_play": gallery_screen.GalleryPlayMode,
    # dialogs
    "pause": pause_dialog,
    "save": save_dialog,
    "fouls": foul_dialog,
    "choice": choice_dialog,
    "sign": sign_dialog,
    "gameover": game_over_dialog,
    "quit": quit_dialog,
    "concede": concede_dialog,
    "concede_decided": decided_dialog,
    "message": _message,
    "export": export_screen.export_dialog,
    "referee": referee_calls.referee_dialog,
    "jumped": referee_calls.jumped_dialog,
    "agree": referee_calls.agree_dialog,
    "records_damaged": records_damaged_dialog,
    "card_reader": CardReader,
}
