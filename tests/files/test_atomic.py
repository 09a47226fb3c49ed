"""Interrupted writes: a writer killed at random moments, and a write, fsync
or rename that fails halfway. The file is always the complete old one or the
complete new one, it loads, and nothing is left behind once cleaned.

Every writer of Kiy goes through simulator.files.atomic.atomic_write; each is
tested here by its own entry point (a writer that wrote straight over its
file would fail these tests)."""

from __future__ import annotations

import errno
import json
import os
import random
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from rules.referee import Match
from simulator.app.loop.settings import Settings, load_settings, save_settings
from simulator.files import atomic, saves
from simulator.practice.library import SCENARIO_DIR
from simulator.practice.scenario import load_scenario, save_scenario
from tests.files.matches import fresh

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="fork and kill")


def _match_writer(target: Path) -> tuple[Callable[[int], None], Callable[[], int]]:
    """Match.save of two matches of different length, alternately."""
    small, big = fresh(shots=2), fresh(shots=6)
    sizes = {len(small.history): small, len(big.history): big}

    def write(i: int) -> None:
        (small if i % 2 else big).save(target)

    def check() -> int:
        m = Match.load(target)
        assert len(m.history) in sizes
        assert m.to_dict() == sizes[len(m.history)].to_dict()
        return len(m.history)
    return write, check


def _save_writer(target: Path) -> tuple[Callable[[int], None], Callable[[], int]]:
    """The app's whole-match save (simulator.files.saves.write_save)."""
    small, big = fresh(shots=2), fresh(shots=6)

    def write(i: int) -> None:
        saves.write_save(small if i % 2 else big, target)

    def check() -> int:
        n = len(saves.load(target).match.history)
        assert n in (len(small.history), len(big.history))
        return n
    return write, check


def _settings_writer(target: Path) -> tuple[Callable[[int], None],
                                            Callable[[], int]]:
    many = [f"Player {i}" for i in range(8)]

    def write(i: int) -> None:
        s = Settings(volume=0.25 if i % 2 else 0.75, players=many[: 1 + i % 8])
        problem = save_settings(s, target)
        if problem is not None:
            raise OSError(errno.EIO, problem)

    def check() -> int:
        s, problem = load_settings(target)
        assert problem is None and s.volume in (0.25, 0.75)
        return len(s.players)
    return write, check


def _scenario_writer(target: Path) -> tuple[Callable[[int], None],
                                            Callable[[], int]]:
    a = load_scenario(SCENARIO_DIR / "9ball-push-out-hand-back.toml")
    b = load_scenario(SCENARIO_DIR / "express-signature.toml")

    def write(i: int) -> None:
        save_scenario(a if i % 2 else b, target)

    def check() -> int:
        sc = load_scenario(target)
        assert sc.id in (a.id, b.id)
        return len(sc.id)
    return write, check


WRITERS = {"Match.save": _match_writer, "saves.write_save": _save_writer,
           "settings": _settings_writer, "save_scenario": _scenario_writer}


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_a_writer_killed_at_random_moments(tmp_path: Path, name: str) -> None:
    target = tmp_path / ("s.toml" if name == "save_scenario" else "f.json")
    write, check = WRITERS[name](target)
    t0 = time.perf_counter()
    write(0)
    # Kills spread over a few writes however long one takes (a save checks
    # its text before its temporary file exists).
    window = max(0.03, 3 * (time.perf_counter() - t0))
    rng = random.Random(name)
    kills, mid_write = 0, 0
    # 60 kills, and more (up to 240) until 3 landed inside a write: on a
    # loaded machine a child may not be scheduled before its kill.
    while kills < 60 or (mid_write < 3 and kills < 240):
        k, kills = kills, kills + 1
        pid = os.fork()
        if pid == 0:  # the child writes for ever, until killed
            try:
                i = k
                while True:
                    i += 1
                    write(i)
            finally:
                os._exit(0)
        time.sleep(rng.uniform(0.0, window))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        check()  # the whole old file or the whole new one, never a piece
        left = [p for p in tmp_path.iterdir() if p != target]
        mid_write += bool(left)
        # The next start cleans what the killed writer left.
        removed = atomic.clean_leftovers(tmp_path)
        assert sorted(removed) == sorted(left)
        assert list(tmp_path.iterdir()) == [target]
    # Shown with pytest -s, for the record.
    print(f"\n{name}: {kills} kills, {mid_write} inside a write, every file whole")
    # The kills did land inside writes, or this test would prove nothing.
    assert mid_write >= 3, mid_write


def _failing(monkeypatch: pytest.MonkeyPatch, name: str, after: int) -> None:
    """Make os.<name> fail on its ``after``-th call (0: the first)."""
    real = getattr(os, name)
    calls = {"n": 0}

    def fake(*args: object, **kw: object) -> object:
        calls["n"] += 1
        if calls["n"] > after:
            if name == "write":  # half the block, then the disk is full
                fd, data = args[0], args[1]
                assert isinstance(fd, int)
                real(fd, bytes(data)[: len(data) // 2])  # type: ignore[arg-type]
                raise OSError(errno.ENOSPC, "No space left on device")
            raise OSError(errno.EIO, f"{name} failed")
        return real(*args, **kw)
    monkeypatch.setattr(atomic.os, name, fake)


@pytest.mark.parametrize("fails", ["write", "fsync", "replace"])
@pytest.mark.parametrize("name", sorted(WRITERS))
def test_a_write_that_fails_halfway_leaves_the_old_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str,
        fails: str) -> None:
    target = tmp_path / ("s.toml" if name == "save_scenario" else "f.json")
    write, check = WRITERS[name](target)
    write(0)
    old = target.read_bytes()
    before = check()
    with monkeypatch.context() as mp:
        _failing(mp, fails, 0)
        try:
            write(1)
        except OSError:
            pass  # settings report it instead (checked below)
    assert target.read_bytes() == old
    assert check() == before
    assert list(tmp_path.iterdir()) == [target], "a temporary file was left"


def test_settings_report_a_failed_write(tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "settings.json"
    _failing(monkeypatch, "replace", 0)
    err = save_settings(Settings(), target)
    assert err is not None and "replace failed" in err
    assert not target.exists() and not list(tmp_path.iterdir())


def test_the_folder_is_synced_after_the_rename(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch
                                               ) -> None:
    synced: list[str] = []
    opened: dict[int, str] = {}
    real_open, real_fsync = os.open, os.fsync

    def spy_open(path: object, flags: int, *a: object) -> int:
        fd = real_open(path, flags, *a)  # type: ignore[arg-type]
        opened[fd] = str(path)
        return fd

    def spy_fsync(fd: int) -> None:
        synced.append(opened[fd])  # fds are reused: note the path now
        real_fsync(fd)
    monkeypatch.setattr(atomic.os, "open", spy_open)
    monkeypatch.setattr(atomic.os, "fsync", spy_fsync)
    atomic.atomic_write(tmp_path / "x.json", "{}")
    paths = synced
    assert len(paths) == 2 and paths[0].endswith(atomic.SUFFIX)
    assert paths[1] == str(tmp_path)


def test_a_live_writers_file_is_kept(tmp_path: Path) -> None:
    mine = atomic.temp_name(tmp_path / "a.json")
    mine.write_text("writing", "utf-8")
    dead = tmp_path / f".a.json.{2**22 + 12345}.0123abcd{atomic.SUFFIX}"
    dead.write_text("left", "utf-8")
    other = tmp_path / "notes.txt"
    other.write_text("mine", "utf-8")
    assert atomic.clean_leftovers(tmp_path) == [dead]
    assert mine.exists() and other.exists()


def test_a_journal_append_killed_at_random_moments(tmp_path: Path) -> None:
    base = fresh(shots=1)
    steps = [json.loads(json.dumps(a.to_dict())) for a in fresh(shots=6).history]
    rng = random.Random(5)
    folder = tmp_path / "auto"
    for _ in range(25):
        j = saves.Journal.start(Match.from_dict(base.to_dict()), folder)
        pid = os.fork()
        if pid == 0:
            try:
                m = Match.from_dict(base.to_dict())
                while True:  # grow and shrink the match, appending each change
                    for _ in range(3):
                        m = Match.from_dict({**m.to_dict(),
                                             "actions": steps[:len(m.history) + 1]}
                                            ) if len(m.history) < len(steps) else m
                        j.sync(m)
                    m.undo(len(m.history) - 1)
                    j.sync(m)
            finally:
                os._exit(0)
        time.sleep(rng.uniform(0.0, 0.05))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        back = saves.load(j.path)  # a torn tail is dropped, never refused
        n = len(back.match.history)
        assert back.match.history == tuple(steps[:n])
