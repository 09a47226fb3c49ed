"""Steps several screens share: opening a saved match, starting a new one.

They move between screens by name (``App.go``, ``App.open``), so this module
needs no screen module.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from simulator.app.loop.app import App
from simulator.app.match.session import LoadError, Session


def open_saved(app: App, path: Path) -> bool:
    """Resume the match in ``path`` and go to the table; a clear message if not."""
    try:
        s = Session.load(path, app.locale)
    except LoadError as e:
        app.open("message", title=app.t("load.failed_title"), body=str(e))
        return False
    app.session = s
    app.go("match")
    if s.load_note:  # what loading repaired or dropped, said, not hidden
        app.notify(s.load_note, 8.0)
    return True


def start_match(app: App, names: list[str], game: str,
                options: Mapping[str, Any]) -> bool:
    """A new match at the table, or the referee's reason on screen."""
    from rules.ruling import RulesError
    try:
        s = Session.new(names, game, options, app.locale, seed=app.seed)
    except RulesError as e:
        app.notify(str(e))
        return False
    app.session = s
    app.go("match")
    return True
