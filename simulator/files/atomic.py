"""Writing a file so that a crash never leaves half of it: the one function every
writer uses (saved matches, the autosave, settings, scenarios).

:func:`atomic_write` writes a temporary file in the same folder, flushes and
fsyncs it, renames it over the target (``os.replace`` is atomic) and fsyncs
the folder so that the rename itself survives a power cut. Whatever happens
on the way (a full disk, a kill, a failed rename), a reader sees the complete
old file or the complete new one. A writer killed before the rename leaves its
temporary file behind; :func:`clean_leftovers` removes those on the next start
(its name carries the writer's process id, so a live writer's file is kept).
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import sys
import time
from pathlib import Path

SUFFIX = ".kiy-tmp"
_LEFTOVER = re.compile(r"^\..+\.(\d+)\.[0-9a-f]{8}" + re.escape(SUFFIX) + "$")
# Leftovers from writers of earlier versions (tempfile names, no pid).
_OLD_LEFTOVER = re.compile(
    r"^\.(autosave\.json|settings\.json|.+\.json|.+\.toml)\.[A-Za-z0-9_]{8}(\.tmp)?$")


def temp_name(target: Path) -> Path:
    return target.with_name(
        f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}{SUFFIX}")


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (not possible on Windows)."""
    if sys.platform == "win32":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write(path: str | os.PathLike[str], data: bytes | str, *,
                 make_dirs: bool = False) -> None:
    """Replace ``path`` by ``data`` (text is written as UTF-8) atomically."""
    target = Path(path)
    if make_dirs:
        target.parent.mkdir(parents=True, exist_ok=True)
    blob = data.encode("utf-8") if isinstance(data, str) else data
    tmp = temp_name(target)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                 | getattr(os, "O_BINARY", 0), 0o666)
    try:
        try:
            view = memoryview(blob)
            while view:
                n = os.write(fd, view)
                view = view[n:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(target.parent)


def why(e: OSError) -> str:
    """An OSError in a person's words: the reason and the file."""
    reason = e.strerror or "the system refused"
    return f"{reason} ({e.filename})" if e.filename else reason


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (POSIX only: os.kill would end it on
    Windows)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, owned by someone else
        return True
    return True


def clean_leftovers(folder: str | os.PathLike[str], *,
                    min_age: float = 0.0) -> list[Path]:
    """Remove the temporary files that killed writers left in ``folder``; the
    paths removed. A file whose writer still runs is kept; on Windows, where
    that cannot be asked, only files older than an hour go."""
    d = Path(folder)
    removed: list[Path] = []
    try:
        entries = list(d.iterdir())
    except OSError:
        return removed
    now = time.time()
    for p in entries:
        m = _LEFTOVER.match(p.name)
        old = _OLD_LEFTOVER.match(p.name)
        if not m and not old:
            continue
        try:
            st = p.lstat()
        except OSError:
            continue
        age = now - st.st_mtime
        if age < min_age:
            continue
        if m:
            keep = age <= 3600 if sys.platform == "win32" else \
                _alive(int(m.group(1)))
            if keep:
                continue
        if old and age < 60:  # an older writer may be at work right now
            continue
        with contextlib.suppress(OSError):
            p.unlink()
            removed.append(p)
    return removed
