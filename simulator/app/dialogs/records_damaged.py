"""A damaged records file: what is wrong, in the player's words, and what
can be done: restore the newest good backup, or put the damaged file aside
and start new records. Nothing is overwritten unasked: "Not now" leaves
the file as it is (the records are then not written), and either choice
keeps the damaged file beside the new one.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from simulator.app.dialogs.base import Dialog
from simulator.app.loop.app import App
from simulator.records.database import (
    DamagedRecords,
    RecordsProblem,
    restore_backup,
    start_new,
)


def records_damaged_dialog(app: App, problem: DamagedRecords,
                           then: Callable[[], None] | None = None) -> Dialog:
    """The damaged file's dialog; ``then`` runs once the records are mended
    (the match that was being recorded is recorded then)."""
    t = app.t
    body = [t("club.damaged_body", file=Path(problem.path).name, what=problem.what)]
    when = problem.backup_time
    if problem.backup is not None:
        body.append(t("club.damaged_backup", date=_when(when)))
    else:
        body.append(t("club.damaged_no_backup"))
    body.append(t("club.damaged_kept"))

    def mended(how: Callable[[DamagedRecords], Path], said: str) -> Callable[[], None]:
        def run() -> None:
            try:
                aside = how(problem)
            except (OSError, RecordsProblem) as e:
                app.notify(t("club.records_failed", reason=getattr(e, "what", str(e))),
                           8.0)
                return
            app.inform(t(said, file=aside.name), 6.0)
            if then is not None:
                then()
        return run

    buttons = []
    if "restore" in problem.choices:
        buttons.append((t("club.restore", date=_when(when)),
                        mended(restore_backup, "club.restored")))
    buttons.append((t("club.start_new"), mended(start_new, "club.started_new")))
    buttons.append((t("club.not_now"), lambda: None))
    return Dialog(app, t("club.damaged_title"), "\n\n".join(body), buttons,
                  cancel=lambda: None, kind="records_damaged")


def _when(iso: str | None) -> str:
    """The backup's time as a person reads it (2026-12-01 18:30 UTC)."""
    if not iso:
        return "?"
    return iso.replace("T", " ").replace("+00:00", " UTC")
