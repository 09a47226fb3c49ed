"""Save the match under a name: the name it has (or the players and the game)
offered, any name typed; another save of that name is replaced only when
the player says so.
"""

from __future__ import annotations

from simulator.app.dialogs.base import Dialog
from simulator.app.loop.app import App
from simulator.app.match.saving import default_save_name, place_for, write_save


def save_dialog(app: App) -> Dialog:
    """Save under a name: the current one offered, any name typed."""
    from simulator.app.dialogs.base import NameDialog
    from simulator.app.dialogs.confirm import confirm_dialog
    from simulator.app.match.session import saves_dir
    s = app.session
    assert s is not None
    name = s.save_name or (s.save_path.stem if s.save_path is not None
                           else default_save_name(app, s))

    def save() -> None:
        typed = dialog.text() or name
        path, other = place_for(saves_dir(), typed, s.save_path)
        if other:
            def replace() -> None:
                write_save(app, path, typed)

            ask = confirm_dialog(app, app.t("save.replace_title", name=typed),
                                 app.t("save.replace_body"), app.t("save.replace_yes"),
                                 replace)
            ask.enter_first = True  # Enter replaces, Esc keeps it
            for b, k in zip(ask.buttons, ("Enter", "Esc"), strict=True):
                b.key = k
            app.push_dialog(ask)
            return
        write_save(app, path, typed)

    dialog = NameDialog(app, app.t("save.title"), app.t("save.body"), name,
                        [(app.t("save.button"), save),
                         (app.t("common.cancel"), lambda: None)],
                        cancel=lambda: None)
    # At the column's foot: opened from the match's menu (its «Save the
    # match...» near the menu's top), the cursor rested on Cancel.
    dialog.at_foot = True
    return dialog
