"""14.1's points to win on the new-match screen (play-test 22): a club's
short races, 20 and 30, are offered beside the others, and the target chosen
last is offered again, on the same visit and after the game is started
again with the same profile, as the race and the game are."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from rules.registry import STRAIGHT_POOL
from simulator.app.loop.settings import load_settings
from tests.app.helpers import frame, make_app
from tests.app.scenes import LANGS
from tests.app.test_playfix17_setup_words import pick
from tests.app.test_playfix18a_setups import restarted, start_from_setup


def target_shown(app: Any) -> str:
    menu = app.mode.menus["target"]
    return str(menu.selected_option[0] if isinstance(menu.selected_option, tuple)
               else menu.selected_option)


@pytest.mark.parametrize("lang", LANGS)
def test_a_short_target_is_offered_and_remembered(lang: str, tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = make_app(lang)
    app.settings_path = path
    app.go("setup", game=STRAIGHT_POOL, names=["Anna", "Boris"])
    frame(app, n=2)
    assert target_shown(app) == "50"  # the default, the first time
    pick(app, app.mode.menus["target"], "20")  # (it was not offered)
    assert target_shown(app) == "20"
    start_from_setup(app)
    assert app.session is not None
    assert app.session.match.options["target"] == 20
    app.go("setup")  # the next match, the same visit
    frame(app, n=2)
    assert target_shown(app) == "20"
    pick(app, app.mode.menus["target"], "25")
    start_from_setup(app)
    pygame.display.quit()
    assert load_settings(path)[0].target == 25

    app = restarted(lang, path)  # the game started again, the same profile
    app.go("setup")
    frame(app, n=2)
    assert target_shown(app) == "25"
    pygame.display.quit()
