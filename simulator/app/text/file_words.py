"""Why a file could not be written, in the player's language: the window's
words for an OSError (never an errno, an exception's name or a temporary
file's name) and for a save the checks refused."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from simulator.app.text.i18n import Locale

# The system's reasons a player can act on; anything else is "refused".
_BY_ERRNO = {
    errno.EACCES: "denied",
    errno.EPERM: "denied",
    errno.ENOSPC: "full",
    errno.EROFS: "read_only_disk",
    errno.ENAMETOOLONG: "too_long",
    errno.ENOENT: "no_folder",
    errno.ENOTDIR: "not_folder",
    errno.EISDIR: "folder",
    errno.ELOOP: "link",
}
if hasattr(errno, "EDQUOT"):
    _BY_ERRNO[errno.EDQUOT] = "full"


def file_problem(loc: Locale, error: BaseException) -> str:
    """A sentence saying why ``error`` kept a file from being written."""
    from simulator.files.atomic import TargetError
    from simulator.files.saves import JournalFull, SaveError
    if isinstance(error, SaveError):
        key = "match_too_long" if error.kind == "too_big" else "unreadable"
        return loc.t(f"file.{key}", file=_name(error.where), reason=error.what)
    if not isinstance(error, OSError):  # what a check refused to write
        return loc.t("file.unreadable", file=_name(getattr(error, "where", None)
                                                    or None), reason=str(error))
    if isinstance(error, JournalFull):
        key = "match_too_long"
    elif isinstance(error, TargetError):
        key = error.kind
    else:
        key = _BY_ERRNO.get(error.errno or 0, "refused")
    filename = getattr(error, "filename", None)
    path = Path(os.fsdecode(filename)) if filename else None
    return loc.t(f"file.{key}", file=_name(path), folder=_name(
        path.parent if path is not None else None))


def _name(path: str | Path | None) -> str:
    """A file's name as a person reads it: the whole path, shortened in the
    middle when very long (a name of hundreds of characters says nothing)."""
    text = str(path) if path is not None else "?"
    return text if len(text) <= 120 else f"{text[:60]}…{text[-50:]}"
