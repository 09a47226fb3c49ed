"""The incoming player's decision (accept the table, hand the shot back,
re-rack ...), with the ruling that gave it.
"""

from __future__ import annotations

from typing import Any

from simulator.app.dialogs.base import Dialog
from simulator.app.loop.app import App
from simulator.app.match.turns import choose_action, undo_redo_key
from simulator.app.text import ui
from simulator.app.text.words import choice_label, choice_rule, cite


def choice_dialog(app: App) -> Dialog:
    """The incoming player's decision, with the ruling that gave it."""
    s = app.session
    assert s is not None and s.req is not None
    req = s.req
    buttons: list[tuple[str, Any]] = []
    for c in req.pending:
        ref = choice_rule(s.discipline, c, s.last_ruling)
        buttons.append((choice_label(s.locale, c, ref), choose_action(app, c)))
    body = whole = ""
    if s.banner is not None:
        whole = s.banner.title + "\n" + "\n".join(s.banner.lines)
        # The foul, its cost and the choice in a few lines: how the referee
        # reads the rules where they are silent, and what the shot did, only
        # on V (a simple miss spelt out legal breaks and strokes, then
        # "7 more below").
        reading = app.t("ruling.reading", text="")
        last = app.t("banner.last_shot", chips="")
        r = s.last_ruling
        # (after a foul, which says what happened; a push-out's note is it)
        notes = {f"• {cite(s.locale, n.code, n.ref, s.discipline)}"
                 for n in (r.notes if r is not None and r.fouls else ())}
        brief = [ln for ln in s.banner.lines if ln not in notes
                 and not ln.startswith(reading) and not ln.startswith(last)]
        body = "\n".join([s.banner.title, *brief])
        if len(brief) < len(s.banner.lines):
            body += "\n" + app.t("choice.more_on_v")
    # Esc: the match's menu (undo, save, concede); closed, the choice is
    # asked again (the table under it asks the referee).
    d = Dialog(app, app.t("choice.title", name=s.name(req.chooser)), body, buttons,
               cancel=lambda: app.open("pause"), kind="choice")
    d.whole_body = whole
    # It comes up as the computer's shot ends, when 1-4 were its watching
    # speeds: a number pressed in that moment was meant for them.
    d.key_guard = ui.FRESH
    # U takes back the stroke that brought the decision, as at the table.
    d.screen_keys = lambda event: undo_redo_key(app, event)
    return d
