"""Saving the match from the window: where it was saved before (Ctrl+S), or
under a name, with a file name any file system takes.
"""

from __future__ import annotations

from pathlib import Path

from simulator.app.loop.app import App
from simulator.app.match.session import Session


def save_match(app: App) -> None:
    """Save the match where it was saved before (Ctrl+S); the first time,
    ask for a name."""
    s = app.session
    if s is None:
        return
    if s.save_path is None:
        app.open("save")
        return
    write_save(app, s.save_path)


def write_save(app: App, path: Path) -> bool:
    s = app.session
    if s is None:
        return False
    from simulator.app.text.file_words import file_problem
    from simulator.files.saves import SaveError
    try:
        p = s.save(path)
    except (OSError, SaveError) as e:
        app.notify(app.t("save.failed", reason=file_problem(app.locale, e)), 8.0)
        return False
    s.save_path = p
    app.inform(app.t("save.done", file=p.stem), 3.0)
    return True


def save_file_name(name: str) -> str:
    """A file name for a save's name: the words kept (any alphabet), the
    characters no file system takes replaced."""
    bad = '<>:"/\\|?*\x00'
    text = "".join("_" if c in bad or ord(c) < 32 else c for c in name).strip(" .")
    return text[:60] or "match"


def default_save_name(app: App, s: Session) -> str:
    from simulator.app.text.words import discipline_label
    return app.t("save.default_name", players=" – ".join(
        s.name(i) for i in range(len(s.names))),
                 game=discipline_label(s.locale, s.discipline))
