"""The window's first picture says it is loading, before the heavy parts.

On a busy machine the screens, the physics (numpy, pymunk) and the referee
took seconds to import while the window stayed black. main() now opens the
window and draws "Loading..." first; these run it in a fresh process (the
test process has long imported everything) and look at the first frame.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# What a fresh Kiy has loaded and shows at its first pygame.display.flip().
CHILD = """
import json, os, sys
import pygame
HEAVY = ("numpy", "pymunk", "simulator.physics", "rules.referee",
         "simulator.app.loop.registry", "simulator.app.loop.app", "pygame_gui")
def first(*a, **k):
    from simulator.app.loop.loading import draw_loading
    shown = pygame.display.get_surface()
    expected = pygame.Surface(shown.get_size())
    draw_loading(expected, sys.argv[3])
    same = pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(expected, "RGB")
    print(json.dumps({"loaded": [m for m in HEAVY if m in sys.modules],
                      "size": list(shown.get_size()), "loading_drawn": same}),
          flush=True)
    os._exit(0)
pygame.display.flip = first
from simulator.app.main import main
main(["--profile", sys.argv[1], "--lang", sys.argv[2], "--window", "800x500"])
print(json.dumps({"never drawn": True}), flush=True)
"""


def first_frame(tmp_path: Path, lang: str, words: str) -> dict[str, object]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    done = subprocess.run([sys.executable, "-c", CHILD, str(tmp_path / "profile"),
                           lang, words], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    last = done.stdout.strip().splitlines()[-1]
    out: dict[str, object] = json.loads(last)
    return out


@pytest.mark.parametrize(("lang", "words"), [("en", "Loading..."),
                                             ("ru", "Загрузка...")])
def test_first_frame_says_loading_before_the_heavy_imports(
        tmp_path: Path, lang: str, words: str) -> None:
    shown = first_frame(tmp_path, lang, words)
    assert shown.get("loading_drawn") is True, shown
    assert shown["size"] == [800, 500]
    assert shown["loaded"] == [], "imported before the first frame was drawn"


# What a fresh Kiy has loaded when the menu is first shown, and once the
# screens have been warmed in the background after it.
MENU_CHILD = """
import json, os, sys, threading
import pygame
HEAVY = ("numpy", "pymunk", "simulator.physics", "rules", "rules.referee",
         "simulator.app.match.session", "simulator.app.screens.aiming")
shown = {}
real = pygame.display.flip
def loaded():
    return [m for m in HEAVY if m in sys.modules]
def flip(*a, **k):
    real()
    app = sys.modules.get("simulator.app.loop.app")
    mode = app.INSTANCES[-1].mode if app is not None and app.INSTANCES else None
    if not shown and mode is not None and mode.name == "menu":
        shown["menu"] = loaded()
        shown["threads"] = [t.name for t in threading.enumerate()]
        def run(self):
            warm = [t for t in threading.enumerate() if t.name == "kiy-warm"]
            for t in warm:
                t.join(60)
            shown["warmed"] = loaded()
            print(json.dumps(shown), flush=True)
            os._exit(0)
        app.App.run = run
pygame.display.flip = flip
from simulator.app.main import main
main(["--profile", sys.argv[1], "--window", "800x500"])
print(json.dumps({"never shown": shown}), flush=True)
"""


def test_the_menu_is_shown_before_the_physics_and_the_referee_are_imported(
        tmp_path: Path) -> None:
    """The registry names the screens and imports each when first opened:
    the menu needs none of the match's (issue: 2.4-4 s to the menu on a
    busy machine, all of them imported first); they are imported in the
    background once it is shown."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    done = subprocess.run([sys.executable, "-c", MENU_CHILD, str(tmp_path / "profile")],
                          cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=180)
    shown = json.loads(done.stdout.strip().splitlines()[-1])
    assert shown.get("menu") == [], shown
    assert "kiy-warm" not in shown["threads"], "warmed before the menu was shown"
    assert shown["warmed"] == ["numpy", "pymunk", "simulator.physics", "rules",
                               "rules.referee", "simulator.app.match.session",
                               "simulator.app.screens.aiming"], shown
