"""Trust: a real process killed at any moment leaves the last committed match
and a whole file; a migration killed leaves the old version or the new, never
half; two processes share one file, neither losing a match."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from simulator.records import schema
from simulator.records.database import Records
from tests.records.test_database import old_file

ROOT = Path(__file__).resolve().parents[2]

WRITER = """
import sys
from simulator.records.database import Records
from tests.records.records_data import match, seat
path, tag, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
with Records.open(path, daily_backup=False) as rec:
    for i in range(count):
        rec.record(match(f"{tag}-{i}", 1 + i % 28, "9-ball",
                         seat(f"{tag}-a", 3, run=i % 9), seat("Bob", i % 3)))
        print(i + 1, flush=True)
"""


def _start(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", WRITER, *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=os.environ | {"PYTHONPATH": str(ROOT)})


def _whole(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    # Every match has both its seats: nothing half-recorded.
    assert db.execute("SELECT count(*) FROM matches m WHERE (SELECT count(*) FROM "
                      "seats s WHERE s.match_id = m.id) != 2").fetchone()[0] == 0
    return db


def test_a_kill_at_any_moment_leaves_the_last_committed_match(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    Records.open(path, daily_backup=False).close()
    rng = random.Random(11)
    total = 0
    kills = 25
    for k in range(kills):
        proc = _start(str(path), f"k{k}", "100000")
        assert proc.stdout is not None
        committed = 0
        wanted = rng.randrange(1, 6)
        while committed < wanted:
            line = proc.stdout.readline()
            assert line, proc.stderr.read() if proc.stderr else "no output"
            committed = int(line)
        time.sleep(rng.uniform(0.0, 0.03))  # somewhere inside a later write
        proc.send_signal(signal.SIGKILL)
        rest = proc.stdout.read()
        proc.wait()
        # What it printed had committed; at most one more commit slipped in
        # between its last line and the kill.
        printed = committed + len(rest.split())
        db = _whole(path)
        n = db.execute("SELECT count(*) FROM matches WHERE uid LIKE ?",
                       (f"k{k}-%",)).fetchone()[0]
        db.close()
        assert printed <= n <= printed + 1, (k, printed, n)
        total += n
    with Records.open(path, daily_backup=False) as rec:
        assert rec.count() == total


MIGRATOR = """
import sys, time
from simulator.records import database, schema
# Each step says when it starts and takes a moment, so the kill lands inside
# the migration's transaction.
def slow(step):
    def apply(db):
        print("step", step.version, flush=True)
        time.sleep(0.3)
        step.apply(db)
    return schema.Step(step.version, step.what, apply)
database.migrate.__defaults__ = (tuple(slow(s) for s in schema.STEPS),)
database.Records.open(sys.argv[1], daily_backup=False).close()
print("done", flush=True)
"""


def test_a_migration_killed_leaves_the_old_version_whole(tmp_path: Path) -> None:
    for kill_at in ("step 2", "step 3", None):
        path = tmp_path / f"r-{kill_at}.sqlite3"
        old_file(path, 1)
        proc = subprocess.Popen([sys.executable, "-c", MIGRATOR, str(path)],
                                cwd=ROOT, stdout=subprocess.PIPE, text=True,
                                env=os.environ | {"PYTHONPATH": str(ROOT)})
        assert proc.stdout is not None
        seen = []
        for line in proc.stdout:
            seen.append(line.strip())
            if line.strip() == kill_at:
                time.sleep(0.1)  # the step is under way
                proc.send_signal(signal.SIGKILL)
                break
        proc.wait()
        db = sqlite3.connect(path)
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        version = db.execute("PRAGMA user_version").fetchone()[0]
        cols = {r[1] for r in db.execute("PRAGMA table_info(matches)")}
        count = db.execute("SELECT count(*) FROM matches").fetchone()[0]
        db.close()
        assert count == 2
        if kill_at is None:
            assert seen[-1] == "done" and version == schema.LATEST
            continue
        # Killed inside the transaction: version 1 as it was, no step half done.
        assert version == 1 and "evening_id" not in cols, (kill_at, seen)
        with Records.open(path, daily_backup=False) as rec:  # it migrates now
            assert rec.version == schema.LATEST and rec.count() == 2
        leftovers = [p for p in (path.parent / "backups").iterdir()
                     if p.name.endswith(".kiy-tmp")]
        assert leftovers == []


def test_two_processes_share_the_records(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    Records.open(path, daily_backup=False).close()
    a = _start(str(path), "a", "40")
    b = _start(str(path), "b", "40")
    reads = 0
    while a.poll() is None or b.poll() is None:  # a third reads meanwhile
        with Records.open(path, daily_backup=False) as rec:
            matches = rec.matches()
        assert all(len(m.seats) == 2 for m in matches)
        reads += 1
    for p in (a, b):
        out, err = p.communicate()
        assert p.returncode == 0, err
        assert out.split()[-1] == "40"
    db = _whole(path)
    for tag in ("a", "b"):
        assert db.execute("SELECT count(*) FROM matches WHERE uid LIKE ?",
                          (f"{tag}-%",)).fetchone()[0] == 40
    # Bob is one player, whichever process wrote him first.
    assert db.execute("SELECT count(*) FROM players WHERE name = 'Bob'"
                      ).fetchone()[0] == 1
    db.close()
    assert reads >= 1
