"""Every screen and dialog of the window, registered by name in one place.

A screen asks for another by name (``app.go("menu")``, ``app.open("pause")``),
so screen files need not import one another: this module is the only one
that knows them all. ``SCREENS`` maps a name to what makes the screen.

Each is named by its module and attribute and imported when first made: the
screens of a match bring the physics, the referee and numpy with them, and
importing them all kept a busy machine's window on "Loading..." for seconds
before the menu (tests/app/test_loading.py). :func:`warm` imports the rest
in the background once the menu is up.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from simulator.app.loop.app import App, Mode, ScreenFactory


@dataclass(frozen=True)
class Lazy:
    """A screen's factory named by its ``module`` and ``attr``, imported on
    its first call."""

    module: str
    attr: str

    def load(self) -> ScreenFactory:
        module = importlib.import_module(self.module)
        factory: ScreenFactory = getattr(module, self.attr)
        return factory

    def __call__(self, app: App, **kw: Any) -> Mode:
        return self.load()(app, **kw)


_S, _D = "simulator.app.screens.", "simulator.app.dialogs."
SCREENS: Mapping[str, Lazy] = {
    # menus
    "menu": Lazy(_S + "menu", "MenuMode"),
    "settings": Lazy(_S + "settings", "SettingsMode"),
    "setup": Lazy(_S + "setup", "SetupMode"),
    "load": Lazy(_S + "load", "LoadMode"),
    "help": Lazy(_S + "help", "HelpMode"),
    # the club night
    "evening": Lazy(_S + "club.evening", "EveningMode"),
    "evening_setup": Lazy(_S + "club.evening_setup", "EveningSetupMode"),
    "records": Lazy(_S + "club.players", "RecordsMode"),
    "player": Lazy(_S + "club.players", "PlayerPageMode"),
    # the match
    "match": Lazy("simulator.app.match.turns", "match_screen"),
    "aiming": Lazy(_S + "aiming", "AimMode"),
    "placing": Lazy(_S + "placing", "PlaceMode"),
    "playing": Lazy(_S + "playing", "PlayMode"),
    "view": Lazy(_S + "table_under_dialog", "ViewMode"),
    "game_end": Lazy(_S + "game_end", "GameEndMode"),
    "replay": Lazy(_S + "replay", "ReplayMode"),
    "computer": Lazy(_S + "computer_turn", "ComputerMode"),
    "lag": Lazy(_S + "lag", "LagMode"),
    "lag_alone": Lazy(_S + "lag", "lag_alone"),
    # practice
    "practice": Lazy(_S + "practice.scenario_list", "PracticeListMode"),
    "scenario": Lazy(_S + "practice.scenario", "ScenarioMode"),
    "practice_aiming": Lazy(_S + "practice.own_shot", "PracticeAimMode"),
    "practice_placing": Lazy(_S + "practice.own_shot", "PracticePlaceMode"),
    "practice_playing": Lazy(_S + "practice.own_shot", "PracticePlayMode"),
    "quiz": Lazy(_S + "quiz", "start_quiz"),
    "editor": Lazy(_S + "editor.screen", "EditorMode"),
    "gallery": Lazy(_S + "gallery", "GalleryListMode"),
    "gallery_play": Lazy(_S + "gallery", "GalleryPlayMode"),
    # dialogs
    "pause": Lazy(_D + "pause", "pause_dialog"),
    "save": Lazy(_D + "save", "save_dialog"),
    "fouls": Lazy(_D + "fouls", "foul_dialog"),
    "choice": Lazy(_D + "choice", "choice_dialog"),
    "sign": Lazy(_D + "sign", "sign_dialog"),
    "gameover": Lazy(_D + "game_over", "game_over_dialog"),
    "quit": Lazy(_D + "quit", "quit_dialog"),
    "concede": Lazy(_D + "concede", "concede_dialog"),
    "concede_decided": Lazy(_D + "concede", "decided_dialog"),
    "message": Lazy(_D + "base", "MessageDialog"),
    "export": Lazy(_D + "export", "export_dialog"),
    "referee": Lazy(_D + "referee_calls", "referee_dialog"),
    "jumped": Lazy(_D + "referee_calls", "jumped_dialog"),
    "agree": Lazy(_D + "referee_calls", "agree_dialog"),
    "records_damaged": Lazy(_D + "records_damaged", "records_damaged_dialog"),
    "card_reader": Lazy(_D + "card_reader", "CardReader"),
}


def warm() -> threading.Thread:
    """Import every screen's module in a background thread (started), so
    the first game opens without the wait. Only imports: no screen module
    touches the display when imported (pygame is not thread-safe), and a
    screen asked for meanwhile waits on Python's import lock for its
    module, then opens as it would have."""
    def run() -> None:
        for lazy in SCREENS.values():
            try:
                importlib.import_module(lazy.module)
            except Exception:  # (said when the screen is opened, not here)
                return
    thread = threading.Thread(target=run, name="kiy-warm", daemon=True)
    thread.start()
    return thread
