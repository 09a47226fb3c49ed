"""A question with Yes (first) and No (Esc).
"""

from __future__ import annotations

from collections.abc import Callable

from simulator.app.dialogs.base import Dialog
from simulator.app.loop.app import App


def confirm_dialog(app: App, title: str, body: str, yes: str,
                   action: Callable[[], None]) -> Dialog:
    """A question with Yes (first) and No (Esc)."""
    return Dialog(app, title, body, [(yes, action),
                                     (app.t("common.cancel"), lambda: None)],
                  cancel=lambda: None, kind="confirm")
