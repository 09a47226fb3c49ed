"""Where a player's data lives: the profile.

Saved matches and the autosaves go to the user's data folder, settings to the
config folder (platformdirs: ``~/.local/share/kiy`` and ``~/.config/kiy`` on
Linux, the usual places on Windows and macOS). A separate profile folder,
given with ``--profile DIR`` or the ``KIY_PROFILE`` environment variable,
holds both (``DIR/data``, ``DIR/config``) and nothing outside it is touched:
tests, benchmarks and ``--screenshot`` runs use one so that a player's saves
are never written by anything scripted.

One profile, one writer: the game holds a lock on its profile
(:func:`claim`, the file ``kiy.lock`` in the data folder) while it runs. A
second Kiy on the same profile is told (:class:`InUse`) and opens it
read-only or uses another one; two windows never write over each other's
autosave. The lock is the operating system's (``fcntl.flock`` where there is
one, ``msvcrt.locking`` on Windows), so it goes with its process however
that ends: a killed Kiy leaves no lock behind.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import time
from pathlib import Path

from simulator.files.atomic import clean_leftovers, protect

ENV = "KIY_PROFILE"
APP = "kiy"

_chosen: Path | None = None
_read_only = False


def use(folder: str | os.PathLike[str] | None) -> None:
    """Use ``folder`` as the profile from now on (None: the environment or the
    player's own folders)."""
    global _chosen
    _chosen = Path(folder).expanduser().absolute() if folder is not None else None
    if _read_only:
        _protect()


def set_read_only(flag: bool) -> None:
    """Read the profile but write nothing to it (a scripted run, or a second
    Kiy on a profile another one holds): its folders are protected from
    every writer (simulator.files.atomic.protect)."""
    global _read_only
    _read_only = flag
    _protect()


def _protect() -> None:
    protect((config_dir(), data_dir()) if _read_only else ())


def read_only() -> bool:
    return _read_only


def folder() -> Path | None:
    """The separate profile folder in use, if any."""
    if _chosen is not None:
        return _chosen
    env = os.environ.get(ENV, "")
    return Path(env).expanduser().absolute() if env else None


def config_dir() -> Path:
    """Settings."""
    f = folder()
    if f is not None:
        return f / "config"
    import platformdirs
    return Path(platformdirs.user_config_dir(APP, appauthor=False, roaming=True))


def data_dir() -> Path:
    """Saved matches, autosaves, the editor's scenarios."""
    f = folder()
    if f is not None:
        return f / "data"
    import platformdirs
    return Path(platformdirs.user_data_dir(APP, appauthor=False, roaming=True))


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosave_dir() -> Path:
    return data_dir() / "autosave"


# The autosaves' and the club evening's names live here, not beside what
# reads them (saves, records.club): the main menu asks whether they exist
# without importing the referee and the records (a slower start).
JOURNAL_SUFFIX = ".kiyj"
KEEP = 3  # autosaves kept: this match's and the two before it
EVENINGS = "evenings"
CURRENT_EVENING = "current.json"


def journal_paths(folder: Path) -> list[Path]:
    """The autosaves, newest first."""
    return [folder / f"autosave{'' if i == 0 else f'-{i}'}{JOURNAL_SUFFIX}"
            for i in range(KEEP)]


def evening_path(data: Path | None = None) -> Path:
    """The club evening in progress (of the profile's data folder, or ``data``)."""
    return (data_dir() if data is None else data) / EVENINGS / CURRENT_EVENING


def scenarios_dir() -> Path:
    return data_dir() / "scenarios"


def exports_dir() -> Path:
    """Exported clips and diagrams, unless the player chose a folder."""
    return data_dir() / "exports"


def tidy() -> list[Path]:
    """Remove what killed writers left behind in the profile's folders (run at
    start); the files removed."""
    removed: list[Path] = []
    for d in (config_dir(), data_dir(), saves_dir(), autosave_dir(),
              scenarios_dir(), exports_dir()):
        removed += clean_leftovers(d)
    return removed


# -- a usable folder -------------------------------------------------------------
NAME_MAX = 255  # bytes in one folder or file name (Linux, macOS, Windows)
PATH_MAX = 4000  # bytes in a whole path, with room for Kiy's own names


def check(folder: str | os.PathLike[str] | None = None) -> None:
    """Refuse a profile folder no file can be written under: a name longer
    than file systems allow, a part of the path that is a file, or the
    folder itself a file. OSError naming the folder (its ``errno`` says
    why); nothing is made."""
    base = Path(folder).expanduser().absolute() if folder is not None else None
    dirs = [base / "config", base / "data"] if base is not None else \
        [config_dir(), data_dir()]
    for d in dirs:
        raw = os.fsencode(d)
        if any(len(part) > NAME_MAX for part in raw.split(os.fsencode(os.sep))) \
                or len(raw) > PATH_MAX:
            raise OSError(errno.ENAMETOOLONG, "a folder name in it is longer than "
                          f"file systems allow ({NAME_MAX} bytes)",
                          os.fspath(base or d))
        probe = d
        while True:
            try:
                st = os.stat(probe)
            except FileNotFoundError:
                if probe.parent == probe:
                    break
                probe = probe.parent
                continue
            except NotADirectoryError:
                raise OSError(errno.ENOTDIR, "a part of the path is a file, not "
                              "a folder", os.fspath(base or d)) from None
            except OSError as e:
                raise OSError(e.errno, e.strerror or "cannot be looked at",
                              os.fspath(base or d)) from None
            if not stat.S_ISDIR(st.st_mode):
                raise OSError(errno.ENOTDIR, "is a file, not a folder" if probe in (
                    base, d) else "a part of the path is a file, not a folder",
                              os.fspath(probe))
            break


# -- one profile, one writer ----------------------------------------------------
LOCK_NAME = "kiy.lock"
_LOCK_AT = 1 << 30  # Windows locks a byte range: one far past the process id


class InUse(Exception):
    """The profile is held by another Kiy (its process id, when known)."""

    def __init__(self, folder: Path, pid: int | None) -> None:
        who = f"another Kiy (process {pid})" if pid else "another Kiy"
        super().__init__(f"{folder}: in use by {who}")
        self.folder = folder
        self.pid = pid


class Lock:
    """This process's hold on a profile; :meth:`release` lets it go (the
    system does too when the process ends)."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the file drops its lock
            self._fd = None


_held: Lock | None = None


def lock_path() -> Path:
    return data_dir() / LOCK_NAME


def _try_lock(fd: int) -> bool:
    if sys.platform == "win32":
        import msvcrt
        os.lseek(fd, _LOCK_AT, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _holder(fd: int) -> int | None:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii", "replace").split()
        return int(text[0]) if text and text[0].isdigit() else None
    except (OSError, ValueError):
        return None


def claim(wait: float = 0.0) -> Lock:
    """Hold this process's profile: the lock, or InUse when another Kiy has
    it; OSError when the lock file cannot be made (the caller goes on without
    one: a profile on a read-only disk is read-only anyway).

    ``wait`` seconds are given to a holder that is ending: a window closed or
    killed a moment ago may still be writing its last autosave, and a player
    who starts the game again at once should not be told it is in use."""
    end = time.monotonic() + wait
    while True:
        try:
            return _claim_now()
        except InUse:
            if time.monotonic() >= end:
                raise
            time.sleep(0.1)


def _claim_now() -> Lock:
    global _held
    path = lock_path()
    if _held is not None and _held.path == path and _held._fd is not None:
        return _held
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
                 | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0), 0o666)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EEXIST, "is not a regular file", os.fspath(path))
        if not _try_lock(fd):
            raise InUse(folder() or path.parent, _holder(fd))
        # Who holds it, for the message the next Kiy shows.
        os.lseek(fd, 0, os.SEEK_SET)
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode("ascii"))
    except BaseException:
        os.close(fd)
        raise
    if _held is not None:
        _held.release()
    _held = Lock(path, fd)
    return _held


def release() -> None:
    """Let go of the profile this process holds, if any."""
    global _held
    if _held is not None:
        _held.release()
        _held = None
