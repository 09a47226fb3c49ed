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


def match_open(app: App) -> bool:
    """Whether a match is being played (what "saved after every shot"
    speaks of): not at the main menu with none begun, nor a practice's."""
    s = app.session
    return s is not None and bool(getattr(s, "keep", False)) and \
        not getattr(s, "over", False)
