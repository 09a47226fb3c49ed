"""The incoming player's decision (accept the table, hand the shot back,
re-rack ...), with the ruling that gave it.
"""

from __future__ import annotations

from typing import Any

from simulator.app.dialogs.base import Dialog
from simulator.app.loop.app import App
from simulator.app.match.turns import choose_action, undo_redo_key
from simulator.app.text.words import choice_label, choice_rule


def choice_dialog(app: App) -> Dialog:
    """The incoming player's decision, with the ruling that gave it."""
    s = app.session
    assert s is not None and s.req is not None
    req = s.req
    buttons: list[tuple[str, Any]] = []
    for c in req.pending:
        ref = choice_rule(s.discipline, c, s.last_ruling)
        buttons.append((choice_label(s.locale, c, ref), choose_action(app, c)))
    body = ""
    if s.banner is not None:
        body = s.banner.title + "\n" + "\n".join(s.banner.lines)
    # Esc: the match's menu (undo, save, concede); closed, the choice is
    # asked again (the table under it asks the referee).
    d = Dialog(app, app.t("choice.title", name=s.name(req.chooser)), body, buttons,
               cancel=lambda: app.open("pause"), kind="choice")
    # U takes back the stroke that brought the decision, as at the table.
    d.screen_keys = lambda event: undo_redo_key(app, event)
    return d
