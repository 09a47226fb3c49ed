"""``kiy verify`` judges a save again: it replays every stroke through the
physics and every step through the referee with the save's declarations and
calls, and compares each step with the record Kiy kept of it when it was
played. Each test here alters one thing in a real save (made by the
players' command line and the Match API) and checks that verify names the
step, the field, and the recorded and the replayed value."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rules.referee import Match, Replay
from simulator.files import saves
from simulator.files.verify import main as verify_main
from simulator.files.verify import verify
from simulator.physics import simulate
from simulator.table import resting
from simulator.table.events import Stroke
from tests.files.matches import play

Edit = Callable[[dict[str, Any]], None]


@pytest.fixture(scope="module")
def save(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """An 8-ball match as Kiy writes it: the lag, the lag winner's choice,
    the break and five shots played by computer players (the players'
    command line), then a foul a person called (the Match API), one more
    shot, and a jump shot whose cue ball the referee called as jumped
    (general rule 23). Steps: 0 lag, 1 choice, 2 break, 3-7 shots, 8 foul,
    9 shot, 10 the jump shot."""
    from simulator.players.__main__ import main as players
    folder = tmp_path_factory.mktemp("verify")
    first = folder / "cli.json"
    assert players(["match", "--game", "8-ball", "--seats",
                    "cpu:beginner,cpu:beginner", "--seed", "2", "--max-shots", "6",
                    "--option", "lag=true", "--save", str(first)]) == 0
    m = Match.load(first)
    m.call_foul("foul.touched_ball")
    play(m, 1, seed=4)
    assert not m.requirements().pending
    m.apply(simulate(m.table(), Stroke(0.0, 5.0, tip_b=-0.3, elevation=45.0)))
    m.call_jumped(0)
    path = saves.write_save(m, folder / "match.json")
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    kinds = [a["type"] for a in data["match"]["actions"]]
    assert kinds == ["lag", "choice", *["shot"] * 6, "foul", "shot", "shot"], kinds
    assert data["match"]["actions"][10]["jumped"] == [0]
    return data


def _write(tmp_path: Path, data: dict[str, Any], edit: Edit | None = None,
           name: str = "edited.json") -> Path:
    d = copy.deepcopy(data)
    if edit is not None:
        edit(d["match"])
    p = tmp_path / name
    p.write_text(json.dumps(d), "utf-8")
    return p


def _actions(m: dict[str, Any]) -> list[dict[str, Any]]:
    actions: list[dict[str, Any]] = m["actions"]
    return actions


def test_an_untouched_save_verifies_with_every_step_compared(
        save: dict[str, Any], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    p = _write(tmp_path, save)
    report = verify(str(p))
    assert report.difference is None
    assert (report.strokes, report.steps, report.unrecorded) == (9, 11, 0)
    assert verify_main([str(p)]) == 0
    out = capsys.readouterr().out
    assert out == (f"{p}: ok, 9 strokes replayed and 11 steps judged again: every "
                   "result, ruling, declaration, call and player as recorded\n")


def test_every_step_carries_its_record(save: dict[str, Any]) -> None:
    """What verify compares with: each step's place, who acted, what was
    declared, called or chosen, and the ruling, as the referee gave it."""
    actions = _actions(save["match"])
    players = save["match"]["players"]
    for i, a in enumerate(actions):
        assert a["record"]["step"] == i
    lag, choice, brk = actions[0]["record"], actions[1]["record"], actions[2]
    assert lag["by"] is None and lag["winner"] in players
    assert lag["balls"] == actions[0]["balls"]
    # General rule 5: the lag's winner chooses who breaks.
    chosen = actions[1]["choice"]
    assert chosen in ("break", "give_break")
    assert choice == {"step": 1, "by": lag["winner"], "choice": chosen,
                      "ball": None}
    other = next(p for p in players if p != lag["winner"])
    breaker = lag["winner"] if chosen == "break" else other
    assert brk["record"]["by"] == breaker
    assert brk["record"]["declarations"] == brk["declarations"]
    assert brk["record"]["ruling"]["shooter"] == players.index(breaker)
    foul = actions[8]["record"]
    assert foul["code"] == "foul.touched_ball"
    assert [f["code"] for f in foul["ruling"]["fouls"]] == ["foul.touched_ball"]
    jumped = actions[10]["record"]
    assert jumped["jumped"] == [0]
    assert "note.jumped_called" in [n["code"] for n in jumped["ruling"]["notes"]]


def _declare(step: int, **decl: Any) -> Edit:
    return lambda m: _actions(m)[step]["declarations"].update(decl)


def _swap_players(m: dict[str, Any]) -> None:
    m["players"] = m["players"][::-1]


def _rename(m: dict[str, Any]) -> None:
    m["players"][0] = "Zed"


def _faster_stroke(m: dict[str, Any]) -> None:
    _actions(m)[2]["shot"]["stroke"]["speed"] *= 1.01


def _drop_event(m: dict[str, Any]) -> None:
    events = _actions(m)[3]["shot"]["events"]
    i = next(i for i, e in enumerate(events) if e["kind"] == "motion")
    del events[i]


def _edit_ruling(m: dict[str, Any]) -> None:
    ruling = _actions(m)[3]["record"]["ruling"]
    ruling["next_shooter"] = 1 - ruling["next_shooter"]


def _copy_step(m: dict[str, Any]) -> None:
    _actions(m).insert(5, copy.deepcopy(_actions(m)[4]))


def _add_foul(m: dict[str, Any]) -> None:
    _actions(m).insert(4, {"type": "foul", "code": "foul.touched_ball"})


def _other_foul(m: dict[str, Any]) -> None:
    _actions(m)[8]["code"] = "foul.foot_off_floor"


def _flip_choice(m: dict[str, Any]) -> None:
    flip = {"break": "give_break", "give_break": "break"}
    _actions(m)[1]["choice"] = flip[_actions(m)[1]["choice"]]


def _swap_lag_balls(m: dict[str, Any]) -> None:
    _actions(m)[0]["balls"].reverse()


def _new_seed(m: dict[str, Any]) -> None:
    m["seed"] += 1


def _first_step_by(m: dict[str, Any], player: int) -> int:
    """The first step the save's record says player ``player`` took."""
    name = m["players"][player]
    return next(i for i, a in enumerate(_actions(m))
                if a.get("record", {}).get("by") == name)


def _choice_words(m: dict[str, Any]) -> str:
    was = _actions(m)[1]["choice"]
    now = {"break": "give_break", "give_break": "break"}[was]
    return f'choice: when it was played, "{was}"; the save now says "{now}"'


def _call_words(m: dict[str, Any], step: int) -> str:
    d = _actions(m)[step]["declarations"]
    return f"ball {d['called_ball']} called in {d['called_pocket']}"


# name: (edit, the step verify names (0-based) or how to find it in the save,
# the field, the words it says (or how to make them from the save))
Step = int | Callable[[dict[str, Any]], int]
Words = tuple[str, ...] | Callable[[dict[str, Any]], tuple[str, ...]]
TAMPERING: dict[str, tuple[Edit, Step, str, Words]] = {
    "safety declared after the shot": (
        _declare(5, safety=True), 5, "declarations",
        lambda m: (f"when it was played, {_call_words(m, 5)}; the save now says "
                   f"{_call_words(m, 5)}, a safety declared",)),
    "called ball changed": (
        _declare(3, called_ball=10), 3, "declarations",
        ("the save now says ball 10 called in",)),
    "a foul call added": (
        _add_foul, 4, "record", ("called foul", "keeps no record")),
    "a called foul changed": (
        _other_foul, 8, "calls",
        ('when it was played, "foul.touched_ball"; the save now says '
         '"foul.foot_off_floor"',)),
    "a called foul removed": (
        lambda m: _actions(m).pop(8), 8, "step",
        ("it was step 10 when it was played: 1 step before it was removed",)),
    "players swapped": (
        _swap_players, 0, "players",
        ("lag: won by \"cpu:beginner 2\" when it was played",
         "names were changed or swapped")),
    "a player renamed": (
        _rename, lambda m: _first_step_by(m, 0), "players",
        ('when it was played "cpu:beginner" took the shot', '"Zed"')),
    "the stroke changed": (
        _faster_stroke, 2, "physics",
        ("event 0 (stroke of [0]", "speed: recorded", "the recorded stroke "
         "(direction")),
    "an event removed": (_drop_event, 3, "physics", ("event ", "the physics gives")),
    "a step removed": (
        lambda m: _actions(m).pop(4), 4, "step",
        ("it was step 6 when it was played: 1 step before it was removed",)),
    "a step copied": (
        _copy_step, 5, "step", ("it was step 5 when it was played", "a copy")),
    "the ruling's record edited": (
        _edit_ruling, 3, "ruling",
        ("the referee rules otherwise", "next to shoot: recorded")),
    "a record removed": (
        lambda m: _actions(m)[4].pop("record"), 4, "record",
        ("keeps no record of how it was played, though the steps before it do",)),
    "the choice changed": (
        _flip_choice, 1, "choice",
        lambda m: (_choice_words(m),)),
    "the lag balls swapped": (
        _swap_lag_balls, 0, "lag", ("lag balls: when it was played, [0, 1]",)),
    "a jumped call removed": (
        lambda m: _actions(m)[10].pop("jumped"), 10, "calls",
        ("the referee's call: when it was played, ball 0 called as jumped "
         "(general rule 23); the save now says no ball called as jumped",)),
    "a record that is not an object": (
        lambda m: _actions(m)[3].__setitem__("record", [3]), 3, "refused",
        ("match.actions[3].record: expected an object",)),
    "a record's step not a number": (
        lambda m: _actions(m)[3]["record"].__setitem__("step", "4"), 3, "record",
        ("its record's step is \"4\", not a step number",)),
    "a key added to a record": (
        lambda m: _actions(m)[3]["record"].__setitem__("note", "hi"), 3, "record",
        ("its record holds 'note', which Kiy does not write",)),
    "the seed changed": (
        _new_seed, 2, "refused",
        ("the referee refuses it", "is not where the previous shot left it")),
}


@pytest.mark.parametrize("name", sorted(TAMPERING))
def test_verify_names_the_tampered_step_and_what_differs(
        name: str, save: dict[str, Any], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    edit, find_step, field, find_words = TAMPERING[name]
    m = save["match"]
    step = find_step if isinstance(find_step, int) else find_step(m)
    words = find_words if isinstance(find_words, tuple) else find_words(m)
    p = _write(tmp_path, save, edit)
    diff = verify(str(p)).difference
    assert diff is not None, name
    assert (diff.action, diff.field) == (step, field), str(diff)
    for w in words:
        assert w in str(diff), (w, str(diff))
    assert verify_main([str(p)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{p}: ") and out.count("\n") == 1
    assert f"(step {step + 1})" in out or f": step {step + 1} (" in out, out


def _moved_final(m: dict[str, Any]) -> None:
    """The last shot's final table with one ball 5 mm away, where it still
    rests (so nothing but the comparison with the physics can see it)."""
    from simulator.table.specs import table_by_name
    del _actions(m)[3:]
    final = _actions(m)[2]["shot"]["final"]
    spec = table_by_name(final["table"])
    on = {b["ball"]: (b["x"], b["y"]) for b in final["balls"] if b["where"] == "table"}
    for b in final["balls"]:
        if b["where"] != "table" or b["ball"] == 0:
            continue
        for dx, dy in ((0.005, 0), (-0.005, 0), (0, 0.005), (0, -0.005)):
            moved = {**on, b["ball"]: (b["x"] + dx, b["y"] + dy)}
            if resting.problem(spec, moved) is None:
                b["x"] += dx
                b["y"] += dy
                return
    raise AssertionError("no ball could be moved")


def test_a_changed_final_table_of_the_last_shot_is_named(
        save: dict[str, Any], tmp_path: Path) -> None:
    """The last shot: no later shot starts from its final table, so only the
    comparison with the physics can see a ball moved on it."""
    p = _write(tmp_path, save, _moved_final)
    saves.load(p)  # the referee alone cannot tell
    diff = verify(str(p)).difference
    assert diff is not None and (diff.action, diff.field) == (2, "physics")
    assert diff.what.startswith("final table: ball "), diff.what
    assert "the physics gives table" in diff.what


def test_loading_and_saving_again_keeps_the_record_as_played(
        save: dict[str, Any], tmp_path: Path) -> None:
    """A tampered save opened and saved again by Kiy keeps each step's record
    as it was played, so the change still shows."""
    edited = _write(tmp_path, save, _declare(5, safety=True))
    again = saves.write_save(saves.load(edited).match, tmp_path / "again.json")
    diff = verify(str(again)).difference
    assert diff is not None and (diff.action, diff.field) == (5, "declarations")


def test_a_save_of_an_older_kiy_is_checked_by_the_physics_and_says_so(
        save: dict[str, Any], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    def strip(m: dict[str, Any]) -> None:
        for a in _actions(m):
            del a["record"]
    p = _write(tmp_path, save, strip)
    report = verify(str(p))
    assert report.difference is None and report.unrecorded == report.steps == 11
    assert verify_main([str(p)]) == 0
    out = capsys.readouterr().out
    assert "keeps no record of its steps (an older Kiy wrote it)" in out
    # The physics still checks such a save.
    p = _write(tmp_path, save, lambda m: (strip(m), _faster_stroke(m)))
    diff = verify(str(p)).difference
    assert diff is not None and diff.field == "physics"


def test_a_match_an_older_kiy_began_is_compared_from_its_first_record(
        save: dict[str, Any], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Steps played by an older Kiy keep no record; a newer one went on with
    the match. The steps with records are compared, and the message says
    which were not."""
    def older(m: dict[str, Any]) -> None:
        for a in _actions(m)[:4]:
            del a["record"]
    p = _write(tmp_path, save, older)
    report = verify(str(p))
    assert report.difference is None and report.unrecorded == 4
    assert verify_main([str(p)]) == 0
    assert "steps 1-4 keep no record (an older Kiy played them)" in \
        capsys.readouterr().out
    p = _write(tmp_path, save, lambda m: (older(m), _declare(5, safety=True)(m)))
    diff = verify(str(p)).difference
    assert diff is not None and (diff.action, diff.field) == (5, "declarations")


def test_a_tampered_autosave_line_is_named(save: dict[str, Any],
                                          tmp_path: Path) -> None:
    """The journal: the match's first steps in its first line, the rest
    appended one line a step; a declaration changed in an appended line."""
    replay = Replay(save["match"])
    for i in range(3):
        replay.step(i)
    j = saves.Journal.start(replay.match, tmp_path / "auto")
    for i in range(3, len(replay.actions)):
        replay.step(i)
        j.sync(replay.match)
    assert verify(str(j.path)).difference is None
    lines = j.path.read_text("utf-8").splitlines()
    rec = json.loads(lines[3])  # after the first line, steps 3, 4, 5...
    assert rec["step"] == 5
    rec["action"]["declarations"]["safety"] = True
    lines[3] = json.dumps(rec)
    j.path.write_text("\n".join(lines) + "\n", "utf-8")
    diff = verify(str(j.path)).difference
    assert diff is not None and (diff.action, diff.field) == (5, "declarations")


def test_a_match_the_referee_cannot_start_is_status_2(
        save: dict[str, Any], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    p = _write(tmp_path, save, lambda m: m.__setitem__("players", "Ann"))
    assert verify_main([str(p)]) == 2
    err = capsys.readouterr().err
    assert err == f"error: {p}: match.players: expected a list of names\n"


# -- the physics' build ----------------------------------------------------------
def _stamped(build: int, *edits: Edit) -> Edit:
    def edit(m: dict[str, Any]) -> None:
        for a in _actions(m):
            if "shot" in a:
                a["shot"]["physics"] = build
        for e in edits:
            e(m)
    return edit


def test_every_shot_carries_the_build_of_the_physics_that_made_it(
        save: dict[str, Any]) -> None:
    from simulator.physics.simulate import BUILD
    shots = [a["shot"] for a in save["match"]["actions"] if "shot" in a]
    assert shots and all(s.get("physics") == BUILD for s in shots)


def test_a_shot_another_build_recorded_is_taken_as_recorded_and_named(
        save: dict[str, Any], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A change to the physics (a new build) moves the last digits of old
    strokes, which grow from contact to contact: an old save is not a
    changed one. Verify checks its rulings, takes those strokes' results as
    recorded and says how many, which build, and the first."""
    # The same stroke's result moved, as another build would move it.
    p = _write(tmp_path, save, _stamped(0, _moved_final))
    report = verify(str(p))
    assert report.difference is None, report.difference
    assert report.other_builds == (0,)
    assert report.first_other is not None and report.first_other.action == 2
    assert verify_main([str(p)]) == 0
    out = capsys.readouterr().out
    assert "1 stroke was played by another build of the physics (from before " \
        "builds were recorded" in out
    assert "every ruling, declaration, call and player as recorded" in out
    assert "; 1 stroke gives the recorded results" in out
    assert "the first: shot 2 (step 3): final table: ball" in out
    # Stamped with this build, the same change is a difference, status 1.
    from simulator.physics.simulate import BUILD
    p = _write(tmp_path, save, _stamped(BUILD, _moved_final), "this-build.json")
    diff = verify(str(p)).difference
    assert diff is not None and (diff.action, diff.field) == (2, "physics")
    assert verify_main([str(p)]) == 1
    # Another build whose strokes come out the same is not mentioned.
    p = _write(tmp_path, save, _stamped(BUILD + 1), "same.json")
    report = verify(str(p))
    assert report.difference is None and report.other_builds == ()


def test_a_ruling_changed_in_a_save_of_another_build_is_still_named(
        save: dict[str, Any], tmp_path: Path) -> None:
    p = _write(tmp_path, save, _stamped(0, _edit_ruling))
    diff = verify(str(p)).difference
    assert diff is not None and (diff.action, diff.field) == (3, "ruling")


def test_a_build_that_is_not_a_whole_number_is_refused(
        save: dict[str, Any], tmp_path: Path) -> None:
    for bad in (-1, 1.5, "2", True):
        p = _write(tmp_path, save, _stamped(bad), f"bad-{bad}.json")  # type: ignore[arg-type]
        with pytest.raises(saves.SaveError, match="physics"):
            saves.load(p)
