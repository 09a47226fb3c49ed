"""Leave Kiy? (asked before the window closes).
"""

from __future__ import annotations

from simulator.app.dialogs.base import Dialog
from simulator.app.dialogs.confirm import confirm_dialog
from simulator.app.loop.app import App


def quit_dialog(app: App) -> Dialog:
    def quit_app() -> None:
        app.running = False
    return confirm_dialog(app, app.t("quit.title"), app.t("quit.body"),
                          app.t("quit.yes"), quit_app)
