"""Saving the match from the window: where it was saved before (Ctrl+S), or
under a name (Ctrl+Shift+S, the match menu), with a file name any file system
takes; the name itself is kept in the save as typed.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from simulator.app.loop.app import App
from simulator.app.match.session import Session


def save_match(app: App) -> None:
    """Save the match where it was saved before (Ctrl+S), saying where and
    how to save it under another name; the first time, ask for a name."""
    s = app.session
    if s is None:
        return
    if s.save_path is None:
        app.open("save")
        return
    name = s.save_name or s.save_path.stem
    if write_save(app, s.save_path, name, quiet=True):
        app.inform(app.t("save.done_again", name=name), 4.0)


def save_as(app: App) -> None:
    """Save under a name, always asked (Ctrl+Shift+S)."""
    if app.session is not None:
        app.open("save")


def write_save(app: App, path: Path, name: str, quiet: bool = False) -> bool:
    s = app.session
    if s is None:
        return False
    from simulator.app.text.file_words import file_problem
    from simulator.files.saves import SaveError
    try:
        p = s.save(path, name)
    except (OSError, SaveError) as e:
        app.notify(app.t("save.failed", reason=file_problem(app.locale, e)), 8.0)
        return False
    s.save_path = p
    s.save_name = name
    if not quiet:
        app.inform(app.t("save.done", file=name), 3.0)
    return True


def save_file_name(name: str) -> str:
    """A file name for a save's name: the words kept (any alphabet), the
    characters no file system takes replaced."""
    bad = '<>:"/\\|?*\x00'
    text = "".join("_" if c in bad or ord(c) < 32 else c for c in name).strip(" .")
    return text[:60] or "match"


def stored_name(path: Path) -> str:
    """The name a save file was given (an older save's: its file's)."""
    from simulator.files import saves
    try:
        return saves.read_stored(path).name or path.stem
    except (OSError, saves.SaveError):
        return path.stem


def place_for(folder: Path, name: str, own: Path | None = None) -> tuple[Path, bool]:
    """The file for a save called ``name`` and whether it is another save of
    that very name (to be replaced only when the player says so). Two names
    that make the same file name ("a/b", "a_b") never share it: the second
    gets "(2)"."""
    base = save_file_name(name)
    n = 1
    while True:
        path = folder / (f"{base}.json" if n == 1 else f"{base} ({n}).json")
        if not path.exists():
            return path, False
        if stored_name(path) == name:
            return path, path != own
        n += 1


def default_save_name(app: App, s: Session) -> str:
    from simulator.app.text.words import discipline_label
    return app.t("save.default_name", players=" – ".join(
        s.name(i) for i in range(len(s.names))),
                 game=discipline_label(s.locale, s.discipline))


def save_key(app: App, mod: int) -> None:
    """Ctrl+S saves (under the last name), Ctrl+Shift+S asks a name."""
    if mod & pygame.KMOD_SHIFT:
        save_as(app)
    else:
        save_match(app)
