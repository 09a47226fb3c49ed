"""Writing a file so that a crash never leaves half of it, and only over what
is Kiy's: the one function every writer uses (saved matches, the autosave,
settings, scenarios, exports, screenshots, the players' command line).

:func:`atomic_write` first looks at the target: a regular file (or a link to
one, followed to it) is replaced; anything else that exists there (a folder,
a device such as ``/dev/full``, a named pipe, a socket, a link to nothing) is
refused with :class:`TargetError`, whose ``kind`` says which, so that not
even root turns a device node into a JSON file. It then writes a temporary
file in the same folder, flushes and fsyncs it, renames it over the target
(``os.replace`` is atomic) and fsyncs the folder so that the rename itself
survives a power cut. Whatever happens on the way (a full disk, a kill, a
failed rename), a reader sees the complete old file or the complete new one,
and an error names the target, never the temporary file. A writer killed
before the rename leaves its temporary file behind; :func:`clean_leftovers`
removes those on the next start (its name carries the writer's process id,
so a live writer's file is kept).

Folders can be protected (:func:`protect`): a profile opened read-only,
because another Kiy holds it, gets nothing written into it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
import time
from collections.abc import Iterable
from pathlib import Path

SUFFIX = ".kiy-tmp"
_LEFTOVER = re.compile(r"^\..+\.(\d+)\.[0-9a-f]{8}" + re.escape(SUFFIX) + "$")
# Leftovers from writers of earlier versions (tempfile names, no pid).
_OLD_LEFTOVER = re.compile(
    r"^\.(autosave\.json|settings\.json|.+\.json|.+\.toml)\.[A-Za-z0-9_]{8}(\.tmp)?$")

# What a target that is not a regular file is, in a few words (the command
# line's text; the window words it from ``kind``).
KINDS = {
    "folder": "is a folder, not a file",
    "device": "is a device, not a regular file",
    "pipe": "is a named pipe, not a regular file",
    "socket": "is a socket, not a regular file",
    "link": "is a symbolic link to nothing (or to a loop of links)",
    "other": "is not a regular file",
    "read_only": "is in a profile open read-only (another Kiy holds it, or a "
                 "scripted run reads it); nothing is written to it",
}
_ERRNO = {"folder": errno.EISDIR, "read_only": errno.EROFS}


class TargetError(OSError):
    """A target Kiy does not write: ``kind`` is one of :data:`KINDS`."""

    def __init__(self, path: str | os.PathLike[str], kind: str,
                 via: str | os.PathLike[str] | None = None) -> None:
        what = KINDS[kind]
        if via is not None and kind != "read_only":
            what = f"{what} (reached through the link {os.fspath(via)})"
        super().__init__(_ERRNO.get(kind, errno.EEXIST), what, os.fspath(path))
        self.kind = kind
        self.what = what


def kind_of(mode: int) -> str | None:
    """None for a regular file, else the kind of thing it is."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISFIFO(mode):
        return "pipe"
    if stat.S_ISSOCK(mode):
        return "socket"
    if stat.S_ISLNK(mode):
        return "link"
    return "other"


_protected: tuple[Path, ...] = ()


def protect(folders: Iterable[str | os.PathLike[str]]) -> None:
    """Refuse every write inside ``folders`` from now on (none: lift it)."""
    global _protected
    _protected = tuple(Path(os.path.abspath(f)) for f in folders)


def _is_protected(target: Path) -> bool:
    if not _protected:
        return False
    real = Path(os.path.abspath(target))
    return any(real == f or real.is_relative_to(f) for f in _protected)


def writable_target(path: str | os.PathLike[str]) -> Path:
    """The file a write to ``path`` replaces: ``path`` itself when nothing is
    there or a regular file is, the file a link leads to when that is a
    regular file; TargetError for anything else (OSError when the path
    cannot even be looked at: a name too long, a part that is a file)."""
    p = Path(path)
    try:
        st = os.lstat(p)
    except FileNotFoundError:
        target = p
    else:
        if stat.S_ISLNK(st.st_mode):
            try:
                real = Path(os.path.realpath(p, strict=True))
                st = os.stat(real)
            except OSError:
                raise TargetError(p, "link") from None
            kind = kind_of(st.st_mode)
            if kind is not None:
                raise TargetError(real, kind, via=p)
            target = real
        else:
            kind = kind_of(st.st_mode)
            if kind is not None:
                raise TargetError(p, kind)
            target = p
    if _is_protected(target):
        raise TargetError(p, "read_only")
    return target


def temp_name(target: Path) -> Path:
    return target.with_name(
        f".{target.name}.{os.getpid()}.{os.urandom(4).hex()}{SUFFIX}")


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (not possible on Windows)."""
    if sys.platform == "win32":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def named(e: OSError, target: str | os.PathLike[str]) -> OSError:
    """``e`` naming ``target`` (what the player asked to write), never the
    temporary file it happened to."""
    if isinstance(e, TargetError) or e.errno is None:
        return e
    return OSError(e.errno, e.strerror or str(e), os.fspath(target))


def _still_writable(target: Path) -> None:
    """Just before the rename: nothing but a regular file came to lie there
    since the target was looked at."""
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        return
    kind = kind_of(st.st_mode)
    if kind is not None:
        raise TargetError(target, kind)


def atomic_write(path: str | os.PathLike[str], data: bytes | str, *,
                 make_dirs: bool = False) -> os.stat_result:
    """Replace ``path`` by ``data`` (text is written as UTF-8) atomically; the
    status of the file written (its identity, for a journal that appends to
    it). TargetError when ``path`` is not Kiy's to replace; any other OSError
    names ``path``."""
    target = writable_target(path)
    blob = data.encode("utf-8") if isinstance(data, str) else data
    try:
        if make_dirs:
            target.parent.mkdir(parents=True, exist_ok=True)
        tmp = temp_name(target)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                     | getattr(os, "O_BINARY", 0), 0o666)
    except FileExistsError:  # a file where a folder of the path should be
        raise OSError(errno.ENOTDIR, os.strerror(errno.ENOTDIR),
                      os.fspath(path)) from None
    except OSError as e:
        raise named(e, path) from None
    try:
        try:
            view = memoryview(blob)
            while view:
                n = os.write(fd, view)
                view = view[n:]
            written = os.fstat(fd)
            os.fsync(fd)
        finally:
            os.close(fd)
        _still_writable(target)
        os.replace(tmp, target)
    except BaseException as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(e, OSError):
            raise named(e, path) from None
        raise
    try:
        fsync_dir(target.parent)
    except OSError as e:
        raise named(e, path) from None
    return written


def why(e: OSError) -> str:
    """An OSError in a person's words (English, for the command line and
    logs): the reason and the file, never an errno or a temporary file."""
    if isinstance(e, TargetError):
        return f"{e.what} ({e.filename})"
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
