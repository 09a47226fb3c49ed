"""The menu of the match (Esc): save, call a foul, concede, undo and redo,
the replay, help, the main menu. Its entries never move: one that does not
apply now is shown greyed.
"""

from __future__ import annotations

from simulator.app.dialogs.base import Dialog
from simulator.app.loop.app import App
from simulator.app.match.turns import callable_fouls, can_concede, redo, undo


def pause_dialog(app: App) -> Dialog:
    """The menu of the match. Its entries never move: one that does not
    apply now is shown greyed."""
    s = app.session
    playing = s is not None and s.req is not None and not s.req.is_lag and \
        not s.over
    allow = app.settings.allow_undo
    # More than two at the table (Express): a player leaves, the match goes on.
    leaving = s is not None and len(s.names) > 2
    d = Dialog(app, app.t("pause.title"), app.t("pause.keys"), [
        (app.t("pause.resume"), lambda: None),
        (app.t("pause.save"), lambda: app.open("save")),
        (app.t("panel.fouls"), lambda: app.open("fouls")),
        (app.t("pause.leave" if leaving else "pause.concede_game"),
         lambda: app.open("concede")),
        (app.t("pause.concede_match"), lambda: app.open("concede", whole_match=True)),
        (app.t("panel.undo"), lambda: undo(app)),
        (app.t("panel.redo"), lambda: redo(app)),
        (app.t("panel.replay"), lambda: app.go("replay")),
        (app.t("help.title"), lambda: app.go("help", back="match")),
        (app.t("menu.main"), lambda: app.go("menu")),
        (app.t("menu.quit"), lambda: app.open("quit")),
    ], cancel=lambda: None, kind="pause")
    off = {
        2: not playing or s is None or not callable_fouls(s),
        3: s is None or not can_concede(s),
        4: s is None or leaving or not can_concede(s),
        5: not allow or s is None or not s.can_undo(),
        6: not allow or s is None or not s.can_redo(),
        7: s is None or not s.shots,
    }
    for i, disabled in off.items():
        if disabled:
            d.buttons[i].action = None
    # A low window's type is 13 px at least: there the shorter words keep
    # every entry in view.
    d.short_body = app.t("pause.keys_short")
    d.fit_whole = True
    return d
