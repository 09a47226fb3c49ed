"""The menu of the match (Esc): save, call a foul, concede, undo and redo,
the replay, help, the main menu. Its entries never move: one that does not
apply now is shown greyed.
"""

from __future__ import annotations

from simulator.app.dialogs.base import Dialog
from simulator.app.dialogs.concede import concede_label
from simulator.app.loop.app import App
from simulator.app.match.turns import (
    callable_fouls,
    can_concede,
    redo,
    undo,
)


def pause_dialog(app: App) -> Dialog:
    """The menu of the match. Its entries never move: one that does not
    apply now is shown greyed."""
    s = app.session
    playing = s is not None and s.req is not None and not s.req.is_lag and \
        not s.over
    allow = app.settings.allow_undo
    # More than two at the table (Express): a player leaves, the match goes on.
    leaving = s is not None and len(s.names) > 2
    # In a match of one game (14.1, Express of two) the game given up is the
    # match: one entry, worded so ("Concede the game" beside it said two).
    one_game = s is not None and not leaving and s.match.one_game
    concede_off = s is None or not can_concede(s)
    entries = [
        (app.t("pause.resume"), lambda: None, False),
        (app.t("pause.save"), lambda: app.open("save"), False),
        (app.t("panel.fouls"), lambda: app.open("fouls"),
         not playing or s is None or not callable_fouls(s)),
        (app.t("pause.leave") if leaving else concede_label(app),
         lambda: app.open("concede"), concede_off),
        (app.t("pause.concede_match"), lambda: app.open("concede", whole_match=True),
         concede_off or leaving),
        (app.t("panel.undo"), lambda: undo(app),
         not allow or s is None or not s.can_undo()),
        (app.t("panel.redo"), lambda: redo(app),
         not allow or s is None or not s.can_redo()),
        (app.t("panel.replay"), lambda: app.go("replay"), s is None or not s.shots),
        (app.t("help.title"), lambda: app.go("help", back="match"), False),
        (app.t("menu.main"), lambda: app.go("menu"), False),
        (app.t("menu.quit"), lambda: app.open("quit"), False),
    ]
    if one_game:
        del entries[3]
    d = Dialog(app, app.t("pause.title"), app.t("pause.keys"),
               [(label, fn) for label, fn, _off in entries],
               cancel=lambda: None, kind="pause")
    for button, (_label, _fn, disabled) in zip(d.buttons, entries, strict=True):
        if disabled:
            button.action = None
    # A low window's type is 13 px at least: there the shorter words keep
    # every entry in view.
    d.short_body = app.t("pause.keys_short")
    d.fit_whole = True
    return d
