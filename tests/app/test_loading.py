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
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]

# What a fresh Kiy has loaded and shows at its first pygame.display.flip().
CHILD = """
import json, os, sys
import pygame
HEAVY = ("numpy", "pymunk", "simulator.physics", "rules.referee",
         "simulator.app.loop.registry", "simulator.app.loop.app", "pygame_gui",
         # what start-up read before the window opened and never needed there:
         # the version, the TOML reader, a temporary name's hash, the table
         "importlib.metadata", "tomllib", "secrets", "simulator.table")
def first(*a, **k):
    from simulator.app.loop.loading import draw_loading
    shown = pygame.display.get_surface()
    expected = pygame.Surface(shown.get_size())
    draw_loading(expected, sys.argv[3])
    same = pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(expected, "RGB")
    lit = tuple(pygame.transform.average_color(shown))[:3] != (0, 0, 0)
    print(json.dumps({"loaded": [m for m in HEAVY if m in sys.modules],
                      "size": list(shown.get_size()), "loading_drawn": same,
                      "lit": lit}),
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
    assert shown["lit"] is True, "the first picture is black"
    assert shown["size"] == [800, 500]
    assert shown["loaded"] == [], "imported before the first frame was drawn"


# Every picture a fresh Kiy shows up to its menu, and each time the window
# is opened (again): whether it is black then.
KEPT_CHILD = """
import json, os, sys
import pygame
from simulator.app.loop import loading
loading.AGAIN = float(sys.argv[4])
d = pygame.display
real_flip, real_set_mode = d.flip, d.set_mode
seen = []
def lit():
    s = d.get_surface()
    return s is not None and tuple(pygame.transform.average_color(s))[:3] != (0, 0, 0)
def set_mode(*a, **k):
    shown = real_set_mode(*a, **k)
    seen.append(["set_mode", lit()])
    return shown
def flip(*a, **k):
    real_flip(*a, **k)
    app = sys.modules.get("simulator.app.loop.app")
    made = getattr(app, "INSTANCES", None)  # None while app.py is imported
    mode = made[-1].mode if made else None
    menu = mode is not None and mode.name == "menu"
    seen.append(["menu" if menu else "flip", lit(), "pygame_gui" in sys.modules])
    if menu:
        again = [type(f).__name__ for f in sys.meta_path if hasattr(f, "thread")]
        print(json.dumps(seen + [again]), flush=True)
        os._exit(0)
d.flip, d.set_mode = flip, set_mode
from simulator.app.main import main
main(["--profile", sys.argv[1], "--lang", sys.argv[2], "--window", sys.argv[3]])
print(json.dumps(seen + [["never shown"]]), flush=True)
"""


@pytest.mark.parametrize(("lang", "size"), [("ru", "1280x720"), ("en", "800x500")])
def test_the_loading_picture_stays_until_the_menu_is_drawn(
        tmp_path: Path, lang: str, size: str) -> None:
    """The window was opened again when the App was made (after pygame_gui
    and its theme were imported): opening it painted it black, and it stayed
    black until the menu's first frame (seconds on a busy machine). It is
    opened once, says it is loading, and keeps that until the menu."""
    seen = pictures_to_the_menu(tmp_path, lang, size, again=0.5)
    assert seen[0] == ["set_mode", False]  # a new window: black until drawn
    assert seen[1] == ["flip", True, False], seen  # Loading..., before pygame_gui
    assert seen[-1][0] == "menu", seen
    assert all(lit for _, lit, *_ in seen[1:]), f"the window went black: {seen}"


def test_the_loading_picture_is_shown_again_while_the_game_is_imported(
        tmp_path: Path) -> None:
    """A picture flipped before the window manager had mapped the window is
    lost; nothing else was drawn until the menu, so the window stayed black
    all the seconds of loading. The loading picture is shown again while the
    rest is imported (here at every import), and no longer once the menu is."""
    seen, again = pictures_to_the_menu(tmp_path, "en", "800x500", again=0.0,
                                       finders=True)
    shown_again = [s for s in seen[2:-1] if s[0] == "flip"]
    assert any(gui for _, _, gui in shown_again), seen  # with pygame_gui loading
    assert all(lit for _, lit, _ in shown_again)
    assert seen[-1][0] == "menu" and again == [], "still shown again after the menu"


def pictures_to_the_menu(tmp_path: Path, lang: str, size: str, again: float,
                         finders: bool = False) -> Any:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    done = subprocess.run([sys.executable, "-c", KEPT_CHILD, str(tmp_path / "profile"),
                           lang, size, str(again)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=180)
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    return (seen[:-1], seen[-1]) if finders else seen[:-1]


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
    made = getattr(app, "INSTANCES", None)  # None while app.py is imported
    mode = made[-1].mode if made else None
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
