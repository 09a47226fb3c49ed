"""Leave Kiy? (asked before the window closes).
"""

from __future__ import annotations

from simulator.app.dialogs.base import Dialog
from simulator.app.dialogs.confirm import confirm_dialog
from simulator.app.loop.app import App


def quit_dialog(app: App) -> Dialog:
    def quit_app() -> None:
        app.running = False
    return confirm_dialog(app, app.t("quit.title"),
                          app.t("quit.body") if match_open(app) else "",
                          app.t("quit.yes"), quit_app)


def to_main_menu(app: App) -> None:
    """The main menu from a match (its menu's entry): a match the autosave
    holds is left at once, said kept on the way out (a question would only
    slow the way to Continue); one it does not hold (the autosave failing,
    a read-only profile) asks first, as Quit does; a match not begun or
    over, or a practice, has nothing to lose."""
    def leave() -> None:
        app.go("menu")
    from simulator.files import profile
    s = app.session
    if not match_open(app) or s is None or getattr(s, "minigame", False):
        leave()
        return
    ok = getattr(s, "save_ok", None)
    if ok is True or (ok is None and getattr(s, "journal", None) is not None):
        # (the autosave's journal written, or resumed by Continue)
        leave()
        app.inform(app.t("leave.saved", button=app.t("menu.continue")), 5.0)
    elif ok is None and not (profile.read_only() and s.match.history):
        leave()  # no step since it began or was opened: its file holds it
    else:
        app.push_dialog(confirm_dialog(app, app.t("leave.title"),
                                       app.t("leave.body"), app.t("leave.yes"),
                                       leave))


def match_open(app: App) -> bool:
    """Whether a match is being played (what "saved after every shot"
    speaks of): not at the main menu with none begun, nor a practice's."""
    s = app.session
    return s is not None and bool(getattr(s, "keep", False)) and \
        not getattr(s, "over", False)
