"""One profile, one writer, tested with real processes: the profile's lock
between two Kiys (and a killed one leaving none), two real game windows on
one profile, and two writers' autosaves on one profile with and without the
lock, replaying the reproducer of issue 20 (window 1 plays, window 2 starts
a match, window 1 plays on: the journal was truncated, padded with zero
bytes and refused, and both windows lost shots)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from simulator.files import profile, saves

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="signals, fifos")
ROOT = Path(__file__).resolve().parents[2]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPATH=str(ROOT))
    env.pop("KIY_PROFILE", None)
    return env


class Writer:
    """tests/files/writer.py in a process of its own."""

    def __init__(self, folder: Path, seed: int) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.files.writer", str(folder), str(seed)],
            cwd=ROOT, env=_env(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True)

    def ask(self, command: str) -> list[str]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        assert answer, self.proc.stderr.read() if self.proc.stderr else "no answer"
        return answer.split()

    def steps(self, command: str) -> int:
        answer = self.ask(command)
        assert answer[0] == "ok" and answer[2] == "-", answer  # no autosave problem
        return int(answer[1])

    def close(self) -> None:
        if self.proc.poll() is None:
            with contextlib.suppress(AssertionError, BrokenPipeError):
                self.ask("quit")
            self.proc.wait(timeout=30)


@pytest.fixture
def writers(tmp_path: Path) -> Iterator[list[Writer]]:
    made: list[Writer] = []
    yield made
    for w in made:
        w.close()
        if w.proc.poll() is None:
            w.proc.kill()


def _journals(folder: Path) -> dict[str, saves.Loaded]:
    """Every autosave in the folder, loaded (a refused one fails the test)."""
    out = {}
    for p in saves.journal_paths(folder / "data" / "autosave"):
        if p.exists():
            data = p.read_bytes()
            assert b"\x00" not in data, f"{p.name}: zero bytes"
            out[p.name] = saves.load(p)
    return out


def _holder(folder: Path) -> subprocess.Popen[str]:
    """A process holding the profile's lock until its standard input ends."""
    code = ("import sys; from simulator.files import profile; "
            "profile.use(sys.argv[1]); profile.claim(); print('held', flush=True); "
            "sys.stdin.read()")
    return subprocess.Popen([sys.executable, "-c", code, str(folder)], cwd=ROOT,
                            env=_env(), stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)


def test_the_lock_is_held_by_one_process_and_dies_with_it(tmp_path: Path) -> None:
    other = _holder(tmp_path)
    try:
        assert other.stdout is not None and other.stdout.readline() == "held\n"
        profile.use(tmp_path)
        with pytest.raises(profile.InUse) as e:
            profile.claim()
        assert e.value.pid == other.pid
        assert f"process {other.pid}" in str(e.value)
        # Killed (no chance to clean up): its lock goes with it.
        other.send_signal(signal.SIGKILL)
        other.wait(timeout=30)
        assert profile.lock_path().exists()  # the file stays; the lock does not
        lock = profile.claim()
        assert lock.path.read_text("ascii").split() == [str(os.getpid())]
    finally:
        profile.release()
        if other.poll() is None:
            other.kill()



def test_a_kiy_started_while_the_last_one_is_ending_waits_for_its_lock(
        tmp_path: Path) -> None:
    """Closed or killed, a window may take a moment to end (its last
    autosave); the game started again at once waits for it rather than
    saying the profile is in use. A holder that stays is still reported."""
    from simulator.app.main import hold_profile
    other = _holder(tmp_path)
    try:
        assert other.stdout is not None and other.stdout.readline() == "held\n"
        profile.use(tmp_path)
        started = time.monotonic()
        with pytest.raises(profile.InUse):
            profile.claim(wait=0.3)  # a holder that stays is reported after the wait
        assert time.monotonic() - started >= 0.3
        assert other.stdin is not None
        threading.Timer(0.5, other.stdin.close).start()  # the holder ends in 0.5 s
        assert hold_profile() is None  # the new window waited and holds it
        assert profile.lock_path().read_text("ascii").split() == [str(os.getpid())]
    finally:
        profile.release()
        if other.poll() is None:
            other.kill()


def _start_kiy(folder: Path, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, str(ROOT / "run_game.py"),
                             "--profile", str(folder), "--window", "800x500",
                             *extra], cwd=ROOT, env=_env(), stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_for(what: str, test: object, seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if callable(test) and test():
            return
        time.sleep(0.1)
    raise AssertionError(f"waited {seconds:.0f} s for {what}")


def test_a_second_game_window_on_the_profile_is_told_and_writes_nothing(
        tmp_path: Path) -> None:
    lock = tmp_path / "data" / profile.LOCK_NAME
    first = _start_kiy(tmp_path)
    second = None
    try:
        _wait_for("the first window's lock", lambda: lock.exists() and
                  lock.read_text("ascii").strip() == str(first.pid))
        before = sorted(p.name for p in tmp_path.rglob("*"))
        second = _start_kiy(tmp_path, "--game", "9-ball")
        assert second.stderr is not None
        line = second.stderr.readline()
        assert line.startswith("note: profile: "), line
        assert f"process {first.pid}" in line and "read-only" in line, line
        time.sleep(2.0)  # its window runs, the dialog asking what to do
        assert second.poll() is None
        assert sorted(p.name for p in tmp_path.rglob("*")) == before
        assert lock.read_text("ascii").strip() == str(first.pid)
        # Both end on SIGTERM: at once, or (where SDL turns it into the
        # window's quit) at the next frame, and no frame is slow.
        for proc in (second, first):
            proc.send_signal(signal.SIGTERM)
        for proc in (second, first):
            assert proc.wait(timeout=30) in (0, -signal.SIGTERM)
    finally:
        for proc in (first, second):
            if proc is not None and proc.poll() is None:
                proc.kill()


def test_two_writers_with_the_lock(tmp_path: Path,
                                   writers: list[Writer]) -> None:
    """The reproducer as the game plays it: window 2 finds the profile in
    use, stays read-only, and window 1's autosave is whole."""
    one, two = Writer(tmp_path, 1), Writer(tmp_path, 2)
    writers += [one, two]
    assert one.ask("claim") == ["held"]
    one.steps("start")
    n1 = one.steps("shot 3")
    assert two.ask("claim") == ["in-use", str(one.proc.pid)]
    two.steps("start")
    assert two.steps("shot 2") >= 2
    n1 = one.steps("shot 3")
    found = _journals(tmp_path)
    assert list(found) == ["autosave.kiyj"]  # window 2 wrote nothing
    assert len(found["autosave.kiyj"].match.history) == n1


def test_two_writers_without_the_lock_never_clobber_each_other(
        tmp_path: Path, writers: list[Writer]) -> None:
    """Had the lock failed (a network folder, an older Kiy), the journals
    still keep both matches: window 1's journal follows its file when window
    2's new match moves it down, and never truncates window 2's file."""
    one, two = Writer(tmp_path, 1), Writer(tmp_path, 2)
    writers += [one, two]
    one.steps("start")
    one.steps("shot 3")
    two.steps("start")
    n2 = two.steps("shot 2")
    n1 = one.steps("shot 3")
    found = _journals(tmp_path)
    assert len(found["autosave.kiyj"].match.history) == n2
    assert found["autosave.kiyj"].match.seed == 2
    assert len(found["autosave-1.kiyj"].match.history) == n1
    assert found["autosave-1.kiyj"].match.seed == 1


def test_a_continued_journal_is_never_truncated_by_its_first_writer(
        tmp_path: Path, writers: list[Writer]) -> None:
    """Window 2 continues window 1's match from the autosave and plays; then
    window 1 plays on: it sees its file changed by another writer, leaves it
    alone, goes on in a journal of its own and says so."""
    one, two = Writer(tmp_path, 1), Writer(tmp_path, 2)
    writers += [one, two]
    one.steps("start")
    one.steps("shot 3")
    two.steps("continue")
    n2 = two.steps("shot 2")
    answer = one.ask("shot 2")
    assert answer[0] == "ok" and answer[2] == "-" and answer[3] == "note", answer
    n1 = int(answer[1])
    found = _journals(tmp_path)
    assert len(found["autosave.kiyj"].match.history) == n1
    assert len(found["autosave-1.kiyj"].match.history) == n2
    # Both go on from the same first three shots, then differ.
    a = found["autosave.kiyj"].match.history
    b = found["autosave-1.kiyj"].match.history
    assert a[:n1 - 2] == b[:n1 - 2]
