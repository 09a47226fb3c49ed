"""The evening on disk: saved after every result, read back by a new
program, mended after a kill between its writes, archived when over or
abandoned; every match recorded once in the records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from simulator.files import profile, saves
from simulator.records.club import Club, match_record, record_match, seats_of
from simulator.records.database import Records
from simulator.records.evening import ABANDONED, FINISHED, EveningError, Setup
from simulator.records.formats import DOUBLE, ROUND_ROBIN
from tests.records.helpers import Pick, decide, people


def _setup(fmt: str = ROUND_ROBIN, n: int = 4) -> Setup:
    return Setup(people(*("Ann", "Bob", "Cid", "Dan", "Eve")[:n]), fmt, "9-ball",
                 race=2, seed=5)


def test_an_evening_survives_a_restart_and_continues_where_it_stopped() -> None:
    with Club() as club:
        ev = club.begin(_setup(DOUBLE))
        for _ in range(3):
            call = ev.next_match()
            assert call is not None
            club.record(ev, call, decide(call.new_match(), [Pick()(call)] * 3))
        before = ev.to_dict()
    with Club() as again:  # a new program on the same profile
        back = again.current()
        assert back is not None and back.to_dict() == before
        assert back.next_match() == ev.next_match()
        assert again.records().count() == 3
        with pytest.raises(EveningError, match="in progress"):
            again.begin(_setup())


def test_a_finished_evening_is_archived_with_its_saves_and_records() -> None:
    with Club() as club:
        ev = club.begin(_setup(n=3))
        while (call := ev.next_match()) is not None:
            done = club.record(ev, call, decide(call.new_match(), [0, 0, 0]))
            assert done.in_records and done.save.exists()
            assert saves.load(done.save).match.over  # the link is a real save
        assert ev.status == FINISHED and club.current() is None
        (archived,) = club.archived()
        assert archived.to_dict() == ev.to_dict()
        recs = club.records().matches(ev.id)
        assert sorted(m.evening_slot or "" for m in recs) == sorted(ev.results)
        for m in recs:
            assert m.save is not None and (profile.data_dir() / m.save).exists()
        club.begin(_setup())  # the next evening may start


def test_a_kill_between_the_save_and_the_evening_file_is_mended() -> None:
    with Club() as club:
        ev = club.begin(_setup())
        call = ev.next_match()
        assert call is not None
        club.record(ev, call, decide(call.new_match(), [1, 1]))
        # The next match is saved, then the program dies before the records
        # and the evening file are written.
        call2 = ev.next_match()
        assert call2 is not None
        m = decide(call2.new_match(), [0, 1, 0])
        saves.write_save(m, club.save_path(ev, call2.slot))
    with Club() as club:
        back = club.current()
        assert back is not None and call2.slot in back.results
        assert back.results[call2.slot].games == (2, 1)
        assert club.records().count() == 2
    with Club() as club:  # nothing counted twice on the next start
        assert club.records().count() == 2
        cur = club.current()
        assert cur is not None and len(cur.results) == 2


def test_an_abandoned_evening_keeps_its_results() -> None:
    with Club() as club:
        ev = club.begin(_setup())
        call = ev.next_match()
        assert call is not None
        club.record(ev, call, decide(call.new_match(), [0, 0]))
        club.abandon(ev)
        assert club.current() is None and ev.status == ABANDONED
        assert club.archived()[0].status == ABANDONED
        assert club.records().count() == 1


def test_a_damaged_evening_file_is_named() -> None:
    with Club() as club:
        club.begin(_setup())
        data = json.loads(club.current_path.read_text("utf-8"))
        data["setup"]["players"][1]["name"] = "B" * 50
        club.current_path.write_text(json.dumps(data), "utf-8")
        with pytest.raises(EveningError) as e:
            club.current()
        assert "players[1].name" in e.value.where
        club.current_path.write_text('{"format": "kiy-evening", "vers', "utf-8")
        with pytest.raises(EveningError, match="JSON"):
            club.current()


def test_a_match_outside_an_evening_is_recorded_once(tmp_path: Path) -> None:
    call = Club().begin(_setup()).next_match()
    assert call is not None
    m = decide(call.new_match(), [0, 0])
    save = saves.write_save(m, profile.saves_dir() / "ann-bob.json")
    rec, new = record_match(m, save=save)
    assert new and rec.save == "saves/ann-bob.json" and rec.winner == 0
    assert [s.name for s in rec.seats] == list(call.names)
    assert record_match(m, save=save)[1] is False
    with Records.open() as r:
        assert r.count() == 1


def test_computer_seats_are_their_level_in_the_records() -> None:
    assert seats_of(["cpu:club 2", "Ann", "CPU:Strong", "cpu:nobody"]) == [
        ("cpu:club", "club"), ("Ann", None), ("cpu:strong", "strong"),
        ("cpu:nobody", None)]
    # A named computer keeps its name (two of one level are two players).
    assert seats_of(["cpu:club:Gordon", "cpu:club:Boris"]) == [
        ("cpu:club:Gordon", "club"), ("cpu:club:Boris", "club")]
    call = Club().begin(_setup()).next_match()
    assert call is not None
    m = decide(call.new_match(), [1, 1])
    rec = match_record(m, [("cpu:club", "club"), ("Ann", None)])
    assert rec.seats[0].fixed_rating is not None and rec.seats[1].fixed_rating is None


def test_an_unreadable_evening_can_be_put_aside_for_a_new_one() -> None:
    with Club() as club:
        club.begin(_setup())
        club.current_path.write_text("{", "utf-8")
        with pytest.raises(EveningError):
            club.begin(_setup())
        aside = club.put_aside()
        assert aside is not None and aside.read_text("utf-8") == "{"
        assert club.begin(_setup()).status == "playing"


def test_a_save_that_cannot_be_written_leaves_the_evening_as_it_was(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with Club() as club:
        ev = club.begin(_setup())
        call = ev.next_match()
        assert call is not None
        m = decide(call.new_match(), [0, 0])

        def full(*a: object, **k: object) -> None:
            raise OSError(28, "No space left on device")
        monkeypatch.setattr(saves, "write_save", full)
        with pytest.raises(OSError):
            club.record(ev, call, m)
        monkeypatch.undo()
        assert ev.results == {} and ev.next_match() == call
        club.record(ev, call, m)  # room again: recorded as usual
        assert list(ev.results) == [call.slot]


def test_a_match_played_to_another_race_is_not_the_called_match() -> None:
    ev = Club().begin(_setup())
    call = ev.next_match()
    assert call is not None
    from rules.referee import Match
    m = Match(list(call.names), "9-ball", {"race_to": 1}, call.seed)
    with pytest.raises(EveningError, match="race_to 1, not 2"):
        ev.record(call, decide(m, [0]))
