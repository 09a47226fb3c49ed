"""The records in SQLite: migrations from every older version with a backup
kept first, transactions, foreign keys, one match per uid and per evening
slot, a damaged or a newer file refused with the choices, and the player's
page computed from what was recorded."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from simulator.records import database, pages, schema
from simulator.records.database import (
    DamagedRecords,
    NewerRecords,
    Records,
    restore_backup,
    start_new,
)
from simulator.records.levels import level_rating
from tests.records.records_data import club_night, match, seat


def old_file(path: Path, version: int) -> None:
    """A records file as a Kiy of schema ``version`` left it, with two
    matches (one against the club computer)."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    for step in schema.STEPS[:version]:
        step.apply(db)
    db.execute(f"PRAGMA user_version = {version}")
    if version >= 1:
        db.executemany("INSERT INTO players (id, name, name_key, level, created_at) "
                       "VALUES (?, ?, ?, ?, '2024-01-01')",
                       [(1, "Ann", "ann", None), (2, "cpu:club", "cpu:club", "club"),
                        (3, "Bob", "bob", None)])
        db.executemany("INSERT INTO matches (id, uid, played_at, discipline, "
                       "finished, winner_seat) VALUES (?, ?, ?, '9-ball', 1, 0)",
                       [(1, "old-1", "2024-01-01T20:00:00+00:00"),
                        (2, "old-2", "2024-01-02T20:00:00+00:00")])
        db.executemany("INSERT INTO seats (match_id, seat, player_id, games_won, "
                       "score, innings, balls, fouls, safeties, best_run) VALUES "
                       "(?, ?, ?, ?, 0, 5, 9, 2, 1, ?)",
                       [(1, 0, 1, 3, 4), (1, 1, 2, 1, 2), (2, 0, 3, 3, 6),
                        (2, 1, 1, 2, 3)])
    db.execute("COMMIT")
    db.close()


@pytest.mark.parametrize("version", range(schema.LATEST))
def test_a_file_of_every_older_version_is_migrated_and_kept_first(
        tmp_path: Path, version: int) -> None:
    path = tmp_path / "records.sqlite3"
    old_file(path, version)
    with Records.open(path, daily_backup=False) as rec:
        assert rec.version == schema.LATEST
        matches = rec.matches()
        if version == 0:
            assert matches == []
        else:
            assert [m.uid for m in matches] == ["old-1", "old-2"]
            ann = [s for m in matches for s in m.seats if s.name == "Ann"]
            assert [s.games_won for s in ann] == [3, 2]
            cpu = matches[0].seats[1]
            # Step 3 gave the old computer seat its level's rating.
            assert cpu.level == "club"
            if version < 3:
                assert cpu.fixed_rating == level_rating("club")
            # Step 4: no game of the old matches known to be given up.
            assert all(s.given_up == 0 for m in matches for s in m.seats)
            assert matches[1].evening_id is None
        assert rec.db.execute("PRAGMA foreign_key_check").fetchall() == []
    kept = database.backups(path)
    if version == 0:
        assert kept == []  # nothing to keep
        return
    assert len(kept) == 1 and f"-v{version}-" in kept[0].name
    old = sqlite3.connect(kept[0])
    assert old.execute("PRAGMA user_version").fetchone()[0] == version
    assert old.execute("SELECT count(*) FROM matches").fetchone()[0] == 2
    old.close()
    # Opened again: nothing more to migrate, no new copy.
    Records.open(path, daily_backup=False).close()
    assert len(database.backups(path)) == 1


def test_a_failed_migration_leaves_the_old_version_whole(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    old_file(path, 1)

    def broken(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE matches ADD COLUMN half_done TEXT")
        raise RuntimeError("step failed")
    steps = (*schema.STEPS[:2], schema.Step(3, "broken", broken))
    db = sqlite3.connect(path, isolation_level=None)
    with pytest.raises(RuntimeError):
        database.migrate(db, path, steps)
    db.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 1
    cols = {r[1] for r in db.execute("PRAGMA table_info(matches)")}
    assert "half_done" not in cols and "evening_id" not in cols
    db.close()


def test_a_file_from_a_newer_kiy_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    old_file(path, schema.LATEST)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {schema.LATEST + 1}")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(NewerRecords, match="newer Kiy"):
        Records.open(path)
    assert path.read_bytes() == before


def test_a_result_is_recorded_whole_or_not_at_all(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch
                                                  ) -> None:
    path = tmp_path / "records.sqlite3"
    with Records.open(path) as rec:
        assert rec.db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        m1, m2 = club_night()[:2]
        rec.record(m1)
        real = Records._player_id
        calls = {"n": 0}

        def failing(self: Records, db: sqlite3.Connection, *a: object) -> int:
            calls["n"] += 1
            if calls["n"] == 2:  # the match row is in, its second seat is not
                raise sqlite3.OperationalError("disk I/O error")
            return real(self, db, *a)  # type: ignore[arg-type]
        monkeypatch.setattr(Records, "_player_id", failing)
        with pytest.raises(database.RecordsProblem):
            rec.record(m2)
        monkeypatch.undo()
        assert [m.uid for m in rec.matches()] == ["m1"]
        assert rec.db.execute("SELECT count(*) FROM seats").fetchone()[0] == 2
        with pytest.raises(sqlite3.IntegrityError):  # foreign keys are on
            rec.db.execute("INSERT INTO seats VALUES (99, 0, 1, 0, 0, 0, 0, 0, 0, "
                           "0, NULL, 0, 0)")


def test_a_match_recorded_twice_is_one_match(tmp_path: Path) -> None:
    with Records.open(tmp_path / "r.sqlite3") as rec:
        m = club_night()[0]
        assert rec.record(m)[1] is True
        assert rec.record(m)[1] is False
        a = match("e-1", 6, "9-ball", seat("Ann", 3), seat("Bob", 0),
                  evening=("ev1", "R1-1"))
        b = match("e-1-again", 6, "9-ball", seat("Ann", 3), seat("Bob", 0),
                  evening=("ev1", "R1-1"))
        assert rec.record(a)[1] is True and rec.record(b)[1] is False
        assert rec.count() == 2


@pytest.mark.parametrize(("field", "value", "where"), [
    ("name", "A" * 41, "name"), ("name", "", "name"), ("level", "club", "level"),
    ("games_won", -1, "games_won"), ("fouls", True, "fouls")])
def test_a_bad_record_is_refused_naming_the_field(tmp_path: Path, field: str,
                                                  value: object, where: str) -> None:
    from dataclasses import replace
    m = club_night()[0]
    bad = replace(m, seats=(replace(m.seats[0], **{field: value}), m.seats[1]))
    with Records.open(tmp_path / "r.sqlite3") as rec, \
            pytest.raises(database.RecordsError) as e:
        rec.record(bad)
    assert e.value.where.endswith(f"seats[0].{where}")


def _damage(path: Path) -> None:
    data = bytearray(path.read_bytes())
    for i in range(1100, min(len(data), 9000)):  # pages 2 onwards: the tables
        data[i] = 0xA5
    path.write_bytes(bytes(data))


def test_a_damaged_file_is_said_and_its_backup_offered(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    with Records.open(path) as rec:
        for m in club_night():
            rec.record(m)
    with Records.open(path) as rec:  # the day's copy is taken on opening
        pass
    (kept,) = database.backups(path)
    assert "-daily-" in kept.name
    for suffix in ("-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    _damage(path)
    with pytest.raises(DamagedRecords) as e:
        Records.open(path)
    problem = e.value
    assert problem.backup == kept and problem.choices == ("restore", "start_new")
    assert problem.backup_time is not None and problem.backup_time[:2] == "20"
    line = problem.line()
    assert line.startswith("error: records: ") and "damaged" in line
    assert "\n" not in line and kept.name in line
    aside = restore_backup(problem)
    assert aside.exists() and aside != path  # the damaged file is kept aside
    with Records.open(path) as rec:
        assert [m.uid for m in rec.matches()] == [m.uid for m in club_night()]


def test_a_file_that_is_not_a_database_can_be_put_aside(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    path.write_text("these are not the records\n" * 40)
    with pytest.raises(DamagedRecords) as e:
        Records.open(path)
    assert e.value.backup is None and e.value.choices == ("start_new",)
    assert "not an SQLite database" in e.value.line()
    aside = start_new(e.value)
    assert aside.read_text().startswith("these are not")
    with Records.open(path) as rec:
        assert rec.count() == 0


def test_another_program_s_database_is_not_taken_for_the_records(
        tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE recipes (name TEXT)")
    db.commit()
    db.close()
    with pytest.raises(DamagedRecords, match="not a Kiy records file"):
        Records.open(path)


def test_a_player_s_page(tmp_path: Path) -> None:
    with Records.open(tmp_path / "r.sqlite3") as rec:
        for m in club_night():
            rec.record(m)
        matches = rec.matches()
    ann = pages.page(matches, "ann")  # names in any case
    assert ann is not None and ann.name == "Ann" and ann.level is None
    assert (ann.matches, ann.won, ann.lost) == (5, 2, 3)
    per = {d.discipline: d for d in ann.disciplines}
    assert (per["9-ball"].matches, per["9-ball"].won, per["9-ball"].lost) == (2, 1, 1)
    assert (per["9-ball"].games_won, per["9-ball"].games_lost) == (5, 4)
    assert per["14.1"].best_run == 31 and per["8-ball"].games_lost == 3
    h2h = {h.opponent: h for h in ann.head_to_head}
    assert (h2h["Bob"].matches, h2h["Bob"].won, h2h["Bob"].lost) == (4, 2, 2)
    # 3-1, 2-3, 14.1 one game 1-0, Express lost to him: 0-1.
    assert (h2h["Bob"].games_won, h2h["Bob"].games_lost) == (6, 5)
    assert (h2h["cpu:club"].won, h2h["cpu:club"].lost) == (0, 1)
    assert h2h["Cid"].matches == 1 and h2h["Cid"].games_lost == 0
    assert [r.run for r in ann.best_runs] == [31, 5, 4, 3]
    # The rating: the computer holds its measured figure; Ann and Bob are
    # fitted from the games, Ann a little below the computer that beat her.
    assert ann.rating is not None and not ann.rating.fixed
    cpu = pages.page(matches, "cpu:club")
    assert cpu is not None and cpu.rating is not None and cpu.rating.fixed
    assert cpu.rating.value == 500.0
    assert len(ann.history) == 5  # a point of the chart after each match
    assert ann.history[-1].rating == pytest.approx(ann.rating.value)
    assert pages.page(matches, "Nobody") is None


def test_two_games_against_a_computer_seed_a_rating_a_hundred_points_up(
        tmp_path: Path) -> None:
    with Records.open(tmp_path / "r.sqlite3") as rec:
        for day in range(1, 11):  # 20 games to 10 against a level rated 500
            rec.record(match(f"s{day}", day, "9-ball", seat("Dee", 2),
                             seat("cpu:club", 1, level="club", fixed=500.0)))
        rated = pages.ratings(rec.matches())
    dee = rated["Dee"]
    assert 550 < dee.value < 600 and dee.games == 30 and dee.margin < 150


def test_old_games_keep_the_figure_the_computer_played_at(tmp_path: Path) -> None:
    # Games against the club level when it was measured at 400: a person
    # level with it then is rated about 400, though the level shows its
    # figure of today.
    with Records.open(tmp_path / "r.sqlite3") as rec:
        for day in range(1, 21):
            rec.record(match(f"o{day}", day, "9-ball", seat("Eve", 1 + day % 2),
                             seat("cpu:club", 2 - day % 2, level="club",
                                  fixed=400.0)))
        rated = pages.ratings(rec.matches())
    assert rated["cpu:club"].value == level_rating("club") and rated["cpu:club"].fixed
    assert 390 < rated["Eve"].value < 440  # drawn level with 400, a pull to 500
