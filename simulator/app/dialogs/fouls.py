"""The fouls a person saw that no log shows, called to the referee.
"""

from __future__ import annotations

from typing import Any

from simulator.app.dialogs.base import Dialog
from simulator.app.loop.app import App
from simulator.app.match.turns import callable_fouls, referee_action
from simulator.app.text.words import cite


def foul_dialog(app: App) -> Dialog:
    s = app.session
    assert s is not None
    buttons: list[tuple[str, Any]] = []
    for c in callable_fouls(s)[:7]:
        buttons.append((cite(s.locale, c), _call(app, c.id)))
    # What no log shows: a ball touching something off the table, outside
    # interference (general rules 23, 28; simulator.app.dialogs.referee_calls).
    buttons.append((app.t("referee.open"), lambda: app.open("referee")))
    buttons.append((app.t("common.cancel"), lambda: None))
    d = Dialog(app, app.t("fouls.title", name=s.name(s.req.shooter if s.req else 0)),
               app.t("fouls.body"), buttons, cancel=lambda: None, kind="fouls")
    # A low window: every choice in view before any scrolls (two of six
    # showed at 800x500), the words "Foul:" each button repeats left out.
    d.fit_whole = True
    d.short_body = app.t("fouls.body_short")
    d.short_labels = [*(_unprefixed(label) for label, _fn in buttons[:-2]),
                      app.t("fouls.referee_short"), buttons[-1][0]]
    return d


def _unprefixed(label: str) -> str:
    """"Foul: miscue (general rule 3)" as "Miscue (general rule 3)"."""
    head, sep, rest = label.partition(": ")
    return rest[:1].upper() + rest[1:] if sep and " " not in head and rest else label


def _call(app: App, code_id: str) -> Any:
    return referee_action(app, lambda s: s.call_foul(code_id))
