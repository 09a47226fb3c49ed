"""Save the match under a name: the players and the game offered, any name
typed.
"""

from __future__ import annotations

from simulator.app.dialogs.base import Dialog
from simulator.app.loop.app import App
from simulator.app.match.saving import default_save_name, save_file_name, write_save


def save_dialog(app: App) -> Dialog:
    """Save under a name: the players and the game offered, any name typed."""
    from simulator.app.dialogs.base import NameDialog
    from simulator.app.match.session import saves_dir
    s = app.session
    assert s is not None
    name = s.save_path.stem if s.save_path is not None else default_save_name(app, s)

    def save() -> None:
        typed = dialog.text() or name
        path = saves_dir() / f"{save_file_name(typed)}.json"
        n = 2
        while path.exists() and path != s.save_path:
            path = saves_dir() / f"{save_file_name(typed)} ({n}).json"
            n += 1
        write_save(app, path)

    dialog = NameDialog(app, app.t("save.title"), app.t("save.body"), name,
                        [(app.t("save.button"), save),
                         (app.t("common.cancel"), lambda: None)],
                        cancel=lambda: None)
    return dialog
