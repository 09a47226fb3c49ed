"""Saved matches: the autosave journal, versions, every field checked, the
last three autosaves, and kiy verify naming the first shot that differs."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from rules.referee import Match
from simulator.files import saves
from simulator.files.verify import main as verify_main
from simulator.files.verify import verify
from tests.files.matches import fresh, play, recorded


def test_a_journal_appends_and_loads_back_the_same_match(tmp_path: Path) -> None:
    m = Match(["A", "B"], "9-ball", {"race_to": 9}, seed=5)
    j = saves.Journal.start(m, tmp_path)
    sizes = [j.path.stat().st_size]
    for n in range(1, 5):
        play(m, 1, seed=n)
        j.sync(m)
        sizes.append(j.path.stat().st_size)
        back = saves.load(j.path)
        assert back.journal and not back.dropped_tail
        assert back.match.to_dict() == m.to_dict() and back.match.state == m.state
    # Appended, never rewritten: each sync adds to the end of the file.
    assert sizes == sorted(sizes) and len(set(sizes)) == len(sizes)
    head = j.path.read_text("utf-8").split("\n")[0]
    assert json.loads(head)["match"]["actions"] == []


def test_undo_and_redo_are_journaled_as_steps(tmp_path: Path) -> None:
    m = fresh(shots=4)
    j = saves.Journal.start(m, tmp_path)
    last = m.history[-1]
    m.undo()
    j.sync(m)
    assert json.loads(j.path.read_text("utf-8").splitlines()[-1]) == {
        "step": len(m.history)}
    assert saves.load(j.path).match.to_dict() == m.to_dict()
    m.undo(2)
    play(m, 2, seed=9)  # a new branch after the undo
    j.sync(m)
    assert saves.load(j.path).match.to_dict() == m.to_dict()
    assert last not in saves.load(j.path).match.history or m.history[-1] == last


def test_a_torn_last_line_is_dropped_and_cut_before_the_next_append(
        tmp_path: Path) -> None:
    m = fresh(shots=3)
    j = saves.Journal.start(m, tmp_path)
    before = m.to_dict()
    play(m, 1, seed=11)
    j.sync(m)
    full = j.path.read_bytes()
    start_of_last = full.rstrip(b"\n").rfind(b"\n") + 1
    # Every place a crash could cut the last append: the match before it.
    for cut in range(start_of_last + 1, len(full) - 1, max(1, (len(full) -
                                                             start_of_last) // 60)):
        j.path.write_bytes(full[:cut])
        back = saves.load(j.path)
        assert back.dropped_tail and back.match.to_dict() == before, cut
        # Resuming cuts the torn piece off, then appends cleanly.
        again = saves.Journal.resume(back.match, j.path, back.size)
        play(back.match, 1, seed=12)
        again.sync(back.match)
        reloaded = saves.load(j.path)
        assert not reloaded.dropped_tail
        assert reloaded.match.to_dict() == back.match.to_dict()


def test_the_last_three_autosaves_are_kept(tmp_path: Path) -> None:
    seeds = []
    for seed in range(1, 6):
        m = Match(["A", "B"], "8-ball", {}, seed=seed)
        saves.Journal.start(m, tmp_path)
        seeds.append(seed)
    paths = saves.journal_paths(tmp_path)
    assert [saves.load(p).match.seed for p in paths] == [5, 4, 3]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        p.name for p in paths)


def test_versions(tmp_path: Path) -> None:
    m = fresh(shots=2)
    p = saves.write_save(m, tmp_path / "m.json")
    data = json.loads(p.read_text("utf-8"))
    cases = {"newer": (3, "newer Kiy"), "junk": ("banana", "version"),
             "zero": (0, "version")}
    for name, (v, words) in cases.items():
        bad = copy.deepcopy(data)
        bad["version"] = v
        f = tmp_path / f"{name}.json"
        f.write_text(json.dumps(bad), "utf-8")
        with pytest.raises(saves.SaveError) as e:
            saves.load(f)
        assert words in str(e.value), (name, str(e.value))
        assert (e.value.kind == "version") == (name == "newer")
    del data["version"]
    (tmp_path / "none.json").write_text(json.dumps(data), "utf-8")
    with pytest.raises(saves.SaveError, match="version: missing"):
        saves.load(tmp_path / "none.json")
    # The match inside has its version too.
    inner = json.loads(p.read_text("utf-8"))
    inner["match"]["version"] = 2
    (tmp_path / "inner.json").write_text(json.dumps(inner), "utf-8")
    with pytest.raises(saves.SaveError, match="match.version"):
        saves.load(tmp_path / "inner.json")


def _edited(tmp_path: Path, edit: object) -> Path:
    data = saves.save_dict(fresh(shots=6))
    assert callable(edit)
    edit(data["match"])
    f = tmp_path / "edited.json"
    f.write_text(json.dumps(data), "utf-8")
    return f


def _first_shot(m: dict[str, object]) -> dict[str, object]:
    actions = m["actions"]
    assert isinstance(actions, list)
    return next(a["shot"] for a in actions if a["type"] == "shot")


EDITS = {
    "discipline 0": (lambda m: m.__setitem__("discipline", 0), "discipline"),
    "event time NaN": (lambda m: _first_shot(m)["events"][1].__setitem__(
        "time", "NaN"), "time"),
    "ball -1": (lambda m: _first_shot(m)["events"][1].__setitem__(
        "balls", [-1]), "ball number"),
    "ball 3 as text": (lambda m: _first_shot(m)["events"][1].__setitem__(
        "balls", ["3"]), "ball number"),
    "position moved": (lambda m: _first_shot(m)["initial"]["balls"][3].__setitem__(
        "x", 1.5), "where the previous shot left it"),
    "speed beyond range": (lambda m: _first_shot(m)["stroke"].__setitem__(
        "speed", 1e9), "stroke.speed"),
    "players 10 million": (lambda m: m.__setitem__("players", ["x"] * 9),
                           "players"),
    "seed as text": (lambda m: m.__setitem__("seed", "1"), "seed"),
    "snapshot short": (lambda m: _first_shot(m)["events"][0].__setitem__(
        "snapshots", [[0, 1.0]]), "snapshot"),
}


@pytest.mark.parametrize("name", sorted(EDITS))
def test_every_field_is_checked(tmp_path: Path, name: str) -> None:
    edit, words = EDITS[name]
    with pytest.raises(saves.SaveError) as e:
        saves.load(_edited(tmp_path, edit))
    assert words in str(e.value), str(e.value)
    assert "Error" not in str(e.value) and "\n" not in str(e.value)


def _add_pot(m: dict[str, object]) -> None:
    """A pot added by hand, in the events and on the final table both."""
    shot = _first_shot(m)
    events = shot["events"]
    final = shot["final"]["balls"]
    victim = next(b for b in final if b["ball"] != 0 and b["where"] == "table")
    victim["where"] = "pocketed"
    victim["pocket"] = "foot_left"
    del victim["x"], victim["y"]
    rest = events.pop()
    events.append({"kind": "pocketed", "time": rest["time"],
                   "balls": [victim["ball"]], "pocket": "foot_left"})
    events.append(rest)
    m["actions"] = [a for a in m["actions"] if a["type"] == "shot"][:1]


def test_a_pot_added_on_one_side_only_is_refused(tmp_path: Path) -> None:
    def event_only(m: dict[str, object]) -> None:
        shot = _first_shot(m)
        ball = next(b["ball"] for b in shot["final"]["balls"]
                    if b["ball"] != 0 and b["where"] == "table")
        shot["events"].insert(-1, {"kind": "pocketed",
                                   "time": shot["events"][-1]["time"],
                                   "balls": [ball], "pocket": "foot_left"})
    with pytest.raises(saves.SaveError, match="final table says otherwise"):
        saves.load(_edited(tmp_path, event_only))


def test_verify_names_the_first_shot_that_differs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = saves.write_save(fresh(shots=6), tmp_path / "good.json")
    report = verify(str(good))
    assert report.strokes == sum(1 for a in recorded()["actions"]
                                 if a["type"] == "shot")
    assert report.difference is None
    assert verify_main([str(good)]) == 0
    assert "ok, 6 strokes" in capsys.readouterr().out
    # A consistent hand-added pot loads (the referee cannot tell), but the
    # physics does not give it.
    forged = _edited(tmp_path, _add_pot)
    saves.load(forged)
    diff = verify(str(forged)).difference
    assert diff is not None and diff.shot == 1, diff
    assert "pocketed" in diff.what
    assert verify_main([str(forged)]) == 1
    assert "shot 1 (step 1)" in capsys.readouterr().out
    # Through the kiy command too, and a bad file is one line and status 2.
    from simulator.app.main import main as kiy
    assert kiy(["verify", str(forged)]) == 1
    (tmp_path / "junk.json").write_text("{", "utf-8")
    assert kiy(["verify", str(tmp_path / "junk.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1


def test_a_journal_verifies_too(tmp_path: Path) -> None:
    m = fresh(shots=4)
    j = saves.Journal.start(m, tmp_path)
    play(m, 2, seed=21)
    j.sync(m)
    report = verify(str(j.path))
    assert report.difference is None
    assert report.strokes == len([a for a in m.history if a["type"] == "shot"])


def test_a_game_whose_rack_seed_is_in_the_top_half_of_64_bits_is_saved_and_read_back(
        tmp_path: Path) -> None:
    """The second game of an Express series starts from the chips the first
    left, so its save holds the starting state, rack seed and all. A rack
    seed is 64 bits unsigned; one of 2**63 or more was refused by the save's
    own check ("the whole number ... (20 digits) is too large"), and the
    club evening broke on that game with nothing recorded. It is written
    within the file's signed 64 bits and read back to the same rack."""
    from simulator.records.evening import EXPRESS_SERIES, Evening, Setup
    from tests.records.helpers import people
    high = None
    for seed in range(40):
        ev = Evening.create(Setup(people("Ann", "Bob", "Cid"), EXPRESS_SERIES,
                                  "express", games=2, seed=seed))
        call = ev.next_match()
        assert call is not None
        first = call.new_match()
        first.call_foul("loss.conceded")
        first.call_foul("loss.conceded")  # two leave: the game is over
        ev.record(call, first)
        call = ev.next_match()
        assert call is not None and call.chips
        m = call.new_match()
        if m.state.rack_seed >= 2**63:
            high = m
            break
    assert high is not None, "no seed of 40 gave a rack seed of 2**63 or more"
    path = tmp_path / "G2.json"
    saves.write_save(high, path)
    back = saves.load(path).match
    assert back.state.rack_seed == high.state.rack_seed
    assert back.state == high.state and back.to_dict() == high.to_dict()
