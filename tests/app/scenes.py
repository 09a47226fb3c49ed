"""Every screen of the window set up in a state worth looking at, in one
language and one window size, the way ``run_game.py --screen NAME`` opens it."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from tests.app.helpers import DT, make_app

LANGS = ("en", "ru")
SIZES = ((1280, 720), (800, 500))
LONG_NAMES = ("Александра Петровна,Bartholomew Smithson,Вениамин Кузнецов,"
              "Gwendolyn Fairweather,Дмитрий Константинович,Evangeline Rowe,"
              "Жозефина Ивановна,Maximilian Oberhauser")
# (--screen, --game, --players): menus, each game's table, ruling and dialogs,
# the lag, and every practice screen; Express with eight long names.
SCENES: tuple[tuple[str, str | None, str | None], ...] = (
    ("menu", None, None), ("setup", "8-ball", None), ("setup", "express", None),
    ("settings", None, None), ("load", None, None), ("help", None, None),
    ("table", "8-ball", None), ("table", "9-ball", None), ("table", "14.1", None),
    ("table", "express", None), ("table", "express", LONG_NAMES),
    ("placing", "9-ball", None), ("placing", "14.1", None),
    ("banner", "8-ball", None), ("banner", "9-ball", None), ("banner", "14.1", None),
    ("banner", "express", None), ("banner", "express", LONG_NAMES),
    ("replay", "9-ball", None), ("dialog", "9-ball", None), ("choice", "14.1", None),
    ("choice", "8-ball", None), ("fouls", "express", None), ("fouls", "8-ball", None),
    ("pause", "8-ball", None), ("save", "express", None), ("quit", "9-ball", None), ("concede", "9-ball", None),
    ("gameover", None, None), ("gameover", "14.1", None), ("lag", "9-ball", None),
    ("lag_result", "14.1", None), ("practice", None, None), ("scenario", None, None),
    ("ruling", None, None), ("quiz", None, None), ("quiz_answer", None, None),
    ("quiz_done", None, None), ("editor", None, None), ("gallery", None, None),
    ("gallery_play", None, None),
)


def scene_id(scene: tuple[str, str | None, str | None]) -> str:
    screen, game, players = scene
    return "-".join(x for x in (screen, game, "8long" if players else None) if x)


def open_scene(screen: str, game: str | None = None, lang: str = "en",
               size: tuple[int, int] = (1280, 720), players: str | None = None,
               frames: int = 3) -> App:
    """A window at ``screen``, as the command line opens it."""
    from simulator.app.loop.launch import start
    from simulator.app.main import build_parser
    argv = ["--lang", lang, "--screen", screen, "--seed", "2"]
    if game:
        argv += ["--game", game]
    if players:
        argv += ["--players", players]
    args = build_parser().parse_args(argv)
    app = make_app(lang, size)
    assert start(app, args) is None
    for _ in range(frames):
        app.frame(pygame.event.get(), DT)
    return app


def hopeless_hint(monkeypatch: pytest.MonkeyPatch, lang: str,
                  size: tuple[int, int]) -> App:
    """9-ball's ball in hand after a foul, put down where it lies, and the
    hint (I) asked for and given while every pot is hopeless: the advice is
    a safety, with the pot it gave up on named."""
    from tests.app.helpers import key, make_every_pot_hopeless, run_until
    make_every_pot_hopeless(monkeypatch)
    app = open_scene("banner", "9-ball", lang, size)
    s = app.session
    assert s is not None
    key(app, pygame.K_RETURN)  # the ball in hand put down
    key(app, pygame.K_i)
    run_until(app, lambda: s.hint is not None, limit=6000)
    return app
