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
    said_loaded(app, s)
    return True


LOADED_SECONDS = 6.0  # who plays on: read before the first stroke


def loaded_words(app: App, s: Session) -> str:
    """Who plays on in a match just loaded ("Loaded: Anna to shoot."); none
    on a computer's turn: the column's heading says it, and that it plays
    when the person goes on (said three times at once, with the key line)."""
    from simulator.app.match import computer
    from simulator.app.match.turns import to_play
    turn = to_play(s)
    if turn is None:
        req = s.req
        return app.t("load.turn_lag") if req is not None and req.is_lag and \
            not s.over else ""
    how, player = turn
    if computer.turn(s.match) is not None and s.has_person():
        return ""
    return app.t(f"load.turn_{how}", name=s.name(player))


def said_loaded(app: App, s: Session) -> None:
    """The toast of a match just loaded: who plays on, and what loading
    repaired or dropped (said, not hidden)."""
    words = loaded_words(app, s)
    if s.load_note:
        app.notify(" ".join(w for w in (words, s.load_note) if w), 8.0)
    elif words:
        app.inform(words, LOADED_SECONDS, until_stroke=True)


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
    # The autosave begins with the match, not at its first step: closed at
    # the break, Continue opens this match, not the one before (an ended
    # one's end card); that one moves down among the older autosaves.
    s.autosave()
    app.go("match")
    return True
