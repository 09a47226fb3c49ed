"""The autosave journal: shots packed as the referee keeps them, compaction,
a size it never outgrows (and a warning before), only ever appending to the
file it wrote, and the two planted bugs no test used to catch (a first write
made non-atomic, appends no longer fsynced)."""

from __future__ import annotations

import base64
import json
import os
import sys
import zlib
from pathlib import Path

import pytest

from rules.referee import PACKED_KEYS, Match
from simulator.files import saves
from tests.files.matches import fresh, play


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(x) for x in path.read_text("utf-8").splitlines()]


def test_shots_are_written_packed_and_load_back(tmp_path: Path) -> None:
    m = fresh(shots=2)
    j = saves.Journal.start(m, tmp_path)
    play(m, 3, seed=4)
    j.sync(m)
    head, *records = _lines(j.path)
    assert head["version"] == saves.JOURNAL_VERSION
    packed = [r["action"] for r in records if "action" in r]
    shots = [a for a in packed if a["type"] == "shot"]
    assert shots and all("shot" not in a and "shot" in a["packed"]
                         and set(a["packed"]) <= set(PACKED_KEYS) for a in shots)
    # The bytes are the referee's own (nothing compressed again).
    last = m.history[-1]
    assert base64.b64decode(shots[-1]["packed"]["shot"]) == last.packed()["shot"]
    back = saves.load(j.path)
    assert back.match.to_dict() == m.to_dict()
    # A packed shot takes well under half the plain record.
    plain = sum(len(json.dumps({"step": 0, "action": a.to_dict()}))
                for a in m.history[-3:])
    written = sum(len(json.dumps(r)) for r in records[-3:])
    assert written < 0.5 * plain, (written, plain)


def test_undo_and_redo_are_compacted_away(tmp_path: Path) -> None:
    m = fresh(shots=3)
    j = saves.Journal.start(m, tmp_path)
    last = dict(m.history[-1])
    largest = 0
    for _ in range(150):
        m.undo()
        j.sync(m)
        from rules.referee import shot_from_dict
        from rules.ruling import Declarations
        m.apply(shot_from_dict(last["shot"]), Declarations.from_dict(
            last.get("declarations")))
        j.sync(m)
        largest = max(largest, j.path.stat().st_size)
    assert j.compactions >= 1
    # Never much more than the match, a quarter of it and the threshold.
    assert largest <= (1 + saves.COMPACT_WASTE) * j._live() + saves.COMPACT_MIN \
        + 20_000
    assert saves.load(j.path).match.to_dict() == m.to_dict()


def test_the_journal_never_outgrows_what_loading_accepts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the limit made small, a growing match is warned about, then stops
    being autosaved with JournalFull; the file on disk loads at every step
    (Continue never refuses a journal Kiy wrote)."""
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 60_000)
    monkeypatch.setattr(saves, "COMPACT_MIN", 4_000)
    from simulator.app.match.session import Session
    from simulator.app.text.i18n import Locale
    s = Session(Match(["A", "B"], "9-ball", {"race_to": 50}, seed=5), Locale("en"))
    notes, problems = [], []
    for n in range(60):
        play(s.match, 1, seed=n)
        problem = s.autosave()
        if s.save_note:
            notes.append(s.save_note)
            s.save_note = None
        if problem:
            problems.append(problem)
            break
        back = saves.load(saves.journal_paths(s.journal.path.parent)[0])
        assert back.match.to_dict() == s.match.to_dict()
        assert s.journal.path.stat().st_size <= 60_000
    assert notes and "autosave takes" in notes[0], notes
    assert problems and "too long to keep in one file" in problems[0], problems
    assert "Errno" not in problems[0]
    # What is on disk still loads: the match up to the last step that fitted.
    assert saves.load(s.journal.path).match.history == \
        s.match.history[:len(saves.load(s.journal.path).match.history)]


def test_a_save_too_big_as_plain_json_is_written_packed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    m = fresh(shots=6)
    plain = len(saves._dumps(saves.save_dict(m)).encode("utf-8"))
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", plain - 1)
    p = saves.write_save(m, tmp_path / "m.json")
    data = json.loads(p.read_text("utf-8"))
    assert data["version"] == 2 and "packed" in data["match"]["actions"][1]
    assert saves.load(p).match.to_dict() == m.to_dict()
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 1000)
    with pytest.raises(saves.SaveError, match="too big") as e:
        saves.write_save(m, tmp_path / "n.json")
    assert e.value.kind == "too_big" and not (tmp_path / "n.json").exists()


def test_a_version_1_journal_loads_and_is_rewritten_at_the_next_change(
        tmp_path: Path) -> None:
    m = fresh(shots=3)
    p = tmp_path / "autosave.kiyj"
    head = {"format": "kiy-journal", "version": 1, "match": m.to_dict()}
    p.write_text(json.dumps(head) + "\n", "utf-8")
    back = saves.load(p)
    assert back.version == 1 and back.match.to_dict() == m.to_dict()
    j = saves.Journal.resume(back.match, p, back.size, back.version)
    play(back.match, 1, seed=8)
    j.sync(back.match)
    assert _lines(p)[0]["version"] == saves.JOURNAL_VERSION
    assert saves.load(p).match.to_dict() == back.match.to_dict()


def _packed_journal(tmp_path: Path, packed: object) -> Path:
    m = fresh(shots=1)
    j = saves.Journal.start(m, tmp_path)
    rec = {"step": len(m.history), "action": {"type": "shot", "declarations": {},
                                              "packed": packed}}
    with open(j.path, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(rec) + "\n")
    return j.path


@pytest.mark.parametrize("packed, words", [
    ({"shot": "not base64 !"}, "not base64"),
    ({"shot": base64.b64encode(b"plain bytes").decode()}, "not zlib"),
    ({"shot": base64.b64encode(zlib.compress(b"\0" * (9 << 20), 9)).decode()},
     "once unpacked"),
    ({"shot": base64.b64encode(zlib.compress(b'{"a": 1}')[:-3]).decode()},
     "cut short"),
    ({"shot": base64.b64encode(zlib.compress(b"[1, 2")).decode()}, "not valid JSON"),
    ({"shot": base64.b64encode(zlib.compress(
        b'{"x": 123456789012345678901234567890}')).decode()}, "too large"),
    ({"stroke": "AAAA"}, "packed: expected"),
    ([], "packed: expected"),
    ({"shot": 7}, "base64 text"),
])
def test_a_bad_packed_record_is_one_clear_refusal(
        tmp_path: Path, packed: object, words: str) -> None:
    with pytest.raises(saves.SaveError) as e:
        saves.load(_packed_journal(tmp_path, packed))
    line = e.value.line()
    assert words in line, line
    assert "\n" not in line and "Error" not in line and "Traceback" not in line


def test_the_journal_appends_only_to_the_file_it_wrote(tmp_path: Path) -> None:
    """In one process, the reproducer's three writers' moves: another journal
    moves this one's file down (followed there), another writer appends to
    it (left alone: a journal of its own), and a FIFO put in its place
    (never opened for writing, never blocking)."""
    a = fresh(shots=2)
    ja = saves.Journal.start(a, tmp_path)
    b = fresh("8-ball", shots=1)
    saves.Journal.start(b, tmp_path)  # moves a's file to autosave-1
    play(a, 1, seed=3)
    ja.sync(a)
    assert ja.path.name == "autosave-1.kiyj" and not ja.moved
    assert saves.load(ja.path).match.to_dict() == a.to_dict()
    assert saves.load(tmp_path / "autosave.kiyj").match.name == "8-ball"
    # Someone else appends to a's file: a's journal leaves it alone.
    other = saves.load(ja.path)
    jo = saves.Journal.resume(other.match, ja.path, other.size)
    play(other.match, 1, seed=30)
    jo.sync(other.match)
    play(a, 1, seed=4)
    ja.sync(a)
    assert ja.moved and ja.path.name == "autosave.kiyj"
    assert saves.load(ja.path).match.to_dict() == a.to_dict()
    # The others moved down one place each, whole.
    assert saves.load(tmp_path / "autosave-1.kiyj").match.name == "8-ball"
    assert saves.load(tmp_path / "autosave-2.kiyj").match.to_dict() == \
        other.match.to_dict()
    if sys.platform == "win32":
        return
    # A named pipe where the file was: not written to, not blocked on.
    ja.moved = False
    ja.path.unlink()
    os.mkfifo(ja.path)
    play(a, 1, seed=5)
    with pytest.raises(OSError) as e:
        ja.sync(a)  # the new journal's slot holds the pipe: refused
    assert "named pipe" in str(e.value)
    assert ja.path.is_fifo()


# -- planted bugs that no test caught -------------------------------------------------
@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork")
def test_the_journals_first_write_is_atomic(tmp_path: Path) -> None:
    """Planted bug: Journal.start writing its first record straight into the
    file. A writer whose disk fills halfway through that write (RLIMIT_FSIZE
    in a child) must leave no autosave at all or a whole one, and the
    match before it moved down intact."""
    import resource
    import signal
    folder = tmp_path / "auto"
    before = fresh(shots=2)
    saves.Journal.start(before, folder)
    big = fresh(shots=6)
    size = len(saves._dumps({"match": saves._packed_match(big)}))
    pid = os.fork()
    if pid == 0:  # the child: a disk that takes half the first record
        try:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (size // 2, size // 2))
            saves.Journal.start(big, folder)
        except OSError:
            os._exit(3)
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 3  # the write did fail
    slot = folder / "autosave.kiyj"
    assert not slot.exists() or saves.load(slot).match.to_dict() == big.to_dict()
    assert saves.load(folder / "autosave-1.kiyj").match.to_dict() == \
        before.to_dict()
    assert [p.name for p in folder.iterdir() if p.name.startswith(".")] == []


def test_every_append_is_on_disk_before_sync_returns(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted bug: the journal's appends no longer fsynced. Every write to
    the journal's file must be followed by an fsync (or fdatasync) of it
    before sync() returns."""
    m = fresh(shots=2)
    j = saves.Journal.start(m, tmp_path)
    events: list[tuple[str, int]] = []
    real_write, real_fsync = os.write, os.fsync
    real_fdatasync = getattr(os, "fdatasync", None)

    def inode(fd: int) -> int:
        return os.fstat(fd).st_ino

    def write(fd: int, data: object) -> int:
        events.append(("write", inode(fd)))
        return real_write(fd, data)  # type: ignore[arg-type]

    def fsync(fd: int) -> None:
        events.append(("sync", inode(fd)))
        real_fsync(fd)

    def fdatasync(fd: int) -> None:
        events.append(("sync", inode(fd)))
        assert real_fdatasync is not None
        real_fdatasync(fd)
    monkeypatch.setattr(os, "write", write)
    monkeypatch.setattr(os, "fsync", fsync)
    if real_fdatasync is not None:
        monkeypatch.setattr(os, "fdatasync", fdatasync)
    for seed in range(3):
        events.clear()
        play(m, 1, seed=seed)
        j.sync(m)
        ino = j.path.stat().st_ino
        mine = [e for e, i in events if i == ino]
        assert "write" in mine, events  # an append, not a rewrite
        assert mine[-1] == "sync", f"appended but not synced: {events}"


def test_a_rewrite_goes_over_this_journals_own_file_only(tmp_path: Path) -> None:
    """Compacting or upgrading rewrites the journal's own file, wherever
    another writer moved it, never the file now in its old place."""
    a = fresh(shots=3)
    p = tmp_path / "autosave.kiyj"
    p.write_text(json.dumps({"format": "kiy-journal", "version": 1,
                             "match": a.to_dict()}) + "\n", "utf-8")
    back = saves.load(p)
    ja = saves.Journal.resume(back.match, p, back.size, back.version)
    b = fresh("8-ball", shots=1)
    saves.Journal.start(b, tmp_path)  # a's file moves to autosave-1
    b_bytes = p.read_bytes()
    play(back.match, 1, seed=6)
    ja.sync(back.match)  # version 1: rewritten, in its own place
    assert p.read_bytes() == b_bytes
    assert ja.path.name == "autosave-1.kiyj" and not ja.moved
    assert _lines(ja.path)[0]["version"] == saves.JOURNAL_VERSION
    assert saves.load(ja.path).match.to_dict() == back.match.to_dict()


@pytest.mark.parametrize("field", ["action", "shot"])
def test_a_record_that_would_not_load_is_never_appended(tmp_path: Path,
                                                        field: str) -> None:
    """The journal checks each line by the reading rules before writing it:
    a whole number beyond 64 bits, in the action or inside its packed shot,
    is refused and the file stays as it was (and loads)."""
    from rules.referee import Action
    m = fresh(shots=2)
    j = saves.Journal.start(m, tmp_path)
    before = j.path.read_bytes()
    last = m.history[-1].to_dict()
    if field == "action":
        bad = {**last, "ball": 10**30}
    else:
        bad = {**last, "shot": {**last["shot"], "duration": 10**30}}
    m._log.append(Action(bad))  # what no referee makes: a test of the writer
    m._rulings.append(None)
    with pytest.raises(saves.SaveError) as e:
        j.sync(m)
    assert "too large" in str(e.value)
    assert j.path.read_bytes() == before
