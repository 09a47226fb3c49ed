"""The autosave journal keeps that the person went on to the next rack
(``moved_on``, as a save file does): in its first line, written by an atomic
rewrite (never half-written: the journal before it loads whole), read back
by loading, left alone by the steps after it and taken away when an undo
brings the match back to the step that ended the game."""

from __future__ import annotations

import json
import os
from pathlib import Path

from simulator.files import saves
from tests.files.matches import fresh, play


def _head(path: Path) -> dict[str, object]:
    return json.loads(path.read_text("utf-8").splitlines()[0])


def test_the_next_rack_is_kept_in_the_header_and_loaded(tmp_path: Path) -> None:
    m = fresh(shots=3)
    j = saves.Journal.start(m, tmp_path)
    assert "moved_on" not in _head(j.path)
    n = len(m.history)
    j.sync(m, None, n)
    assert _head(j.path)["moved_on"] == n
    back = saves.load(j.path)
    assert back.journal and back.moved_on == n
    assert back.match.to_dict() == m.to_dict()
    # Resumed with it, the same sync writes nothing again.
    again = saves.Journal.resume(back.match, j.path, back.size, back.version,
                                 back.watch, back.moved_on)
    before = j.path.read_bytes()
    again.sync(back.match, None, n)
    assert j.path.read_bytes() == before


def test_a_step_after_it_is_appended_and_an_undo_back_clears_it(
        tmp_path: Path) -> None:
    m = fresh(shots=2)
    j = saves.Journal.start(m, tmp_path)
    n = len(m.history)
    j.sync(m, None, n)
    head = j.path.read_text("utf-8").splitlines()[0]
    play(m, 1, seed=3)
    j.sync(m)  # a step: appended, the header (now stale) left as it was
    lines = j.path.read_text("utf-8").splitlines()
    assert lines[0] == head and len(lines) == 2
    assert saves.load(j.path).moved_on == n  # not the match's steps: ignored
    m.undo()
    assert len(m.history) == n
    j.sync(m)  # back on the game's end, not on the next rack
    assert "moved_on" not in _head(j.path)
    assert saves.load(j.path).moved_on is None


def test_the_rewrite_for_it_is_atomic(tmp_path: Path) -> None:
    """A disk that fills halfway through the header's rewrite (RLIMIT_FSIZE
    in a child) leaves the journal as it was, whole."""
    import resource
    import signal
    m = fresh(shots=6)
    j = saves.Journal.start(m, tmp_path)
    before = j.path.read_bytes()
    size = len(before)
    pid = os.fork()
    if pid == 0:  # the child: a disk that takes half the rewrite
        try:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (size // 2, size // 2))
            j.sync(m, None, len(m.history))
        except OSError:
            os._exit(3)
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 3  # the write did fail
    assert j.path.read_bytes() == before
    assert saves.load(j.path).match.to_dict() == m.to_dict()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
