"""Malformed scenario files, generated from valid ones: truncated, wrong
types, balls off the bed, overlapping or listed twice, unknown keys, states
that cannot be. Each gets one ScenarioError naming the field, never another
exception."""

from __future__ import annotations

import copy
import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from simulator.practice.library import GALLERY_DIR, SCENARIO_DIR
from simulator.practice.scenario import (
    ScenarioError,
    dumps_toml,
    load_scenario,
    loads_scenario,
    parse_scenario,
    save_scenario,
)

BASES = ["8ball-eight-wrong-pocket", "9ball-second-foul-warning",
         "express-signature", "straight-rerack-ball-and-cue-in-rack"]


def base_text(sid: str) -> str:
    return (SCENARIO_DIR / f"{sid}.toml").read_text(encoding="utf-8")


def base_data(sid: str) -> dict[str, Any]:
    return loads_scenario(base_text(sid)).to_dict()


Case = tuple[str, str, str]  # (name, text, a piece the message must contain)


def truncations() -> Iterator[Case]:
    """Cut right after 'key =' (a value is missing) and inside quoted strings
    (the string is never closed): TOML that cannot be read."""
    for sid in BASES[:2]:
        text = base_text(sid)
        for m in re.finditer(r"^[^\[\n][^=\n]*= ", text, re.M):
            yield (f"{sid}-cut-at-{m.end()}", text[:m.end()], "toml:")
        for m in list(re.finditer(r'"[^"\n]{6,}"', text))[:12]:
            cut = m.start() + 4
            yield (f"{sid}-cut-in-string-{cut}", text[:cut], "toml:")


def _leaves(d: dict[str, Any], path: tuple[str, ...] = ()) -> Iterator[
        tuple[tuple[str, ...], Any]]:
    for k, v in d.items():
        if isinstance(v, dict):
            yield from _leaves(v, (*path, k))
        else:
            yield (*path, k), v


def _set(d: dict[str, Any], path: tuple[str, ...], v: Any) -> None:
    for k in path[:-1]:
        d = d[k]
    d[path[-1]] = v


def _wrong(v: Any) -> Any:
    if isinstance(v, bool):
        return "yes"
    if isinstance(v, int | float):
        return "seven"
    if isinstance(v, str):
        return 7
    if isinstance(v, list):
        return 42
    raise AssertionError(v)


def wrong_types() -> Iterator[Case]:
    for sid in BASES:
        data = base_data(sid)
        for path, v in _leaves(data):
            bad = copy.deepcopy(data)
            _set(bad, path, _wrong(v))
            field = ".".join(path)
            if path[0] in ("title", "explanation", "question") and path[-1] in (
                    "en", "ru"):
                field = f"{path[0]}.{path[-1]}"
            yield (f"{sid}-type-{field}", dumps_toml(bad), field)
        for table in ("balls", "state", "stroke", "expect", "title", "rule"):
            if table in data:
                bad = copy.deepcopy(data)
                bad[table] = "a string"
                yield (f"{sid}-type-{table}-table", dumps_toml(bad), table)


def off_the_bed() -> Iterator[Case]:
    for sid in BASES[:2] + BASES[2:3]:
        data = base_data(sid)
        length, width = (3.55, 1.775) if "express" in sid else (2.54, 1.27)
        for ball in list(data["balls"])[:4]:
            x, y = data["balls"][ball]
            for k, pos in enumerate(([-0.1, y], [length + 0.1, y], [x, width],
                                     [x, 0.0], [x, -2.0])):
                bad = copy.deepcopy(data)
                bad["balls"][ball] = pos
                yield (f"{sid}-off-{ball}-{k}", dumps_toml(bad), f"balls.{ball}")
            for k, pos in enumerate(([x], [x, y, 0.0], ["x", y], [x, 12345.678])):
                bad = copy.deepcopy(data)
                bad["balls"][ball] = pos
                # TOML can say nan and inf: still no position.
                text = dumps_toml(bad).replace("12345.678", "nan" if k == 3
                                               else "12345.678")
                yield (f"{sid}-shape-{ball}-{k}", text, f"balls.{ball}")
            bad = copy.deepcopy(data)
            bad["balls"][ball] = [x, 12345.678]
            yield (f"{sid}-inf-{ball}", dumps_toml(bad).replace("12345.678",
                                                                "inf"),
                   f"balls.{ball}")


def duplicates() -> Iterator[Case]:
    for sid in BASES:
        data = base_data(sid)
        balls = list(data["balls"])
        for a, b in itertools.pairwise(balls):
            bad = copy.deepcopy(data)
            bad["balls"][a] = list(bad["balls"][b])
            yield (f"{sid}-overlap-{a}-{b}", dumps_toml(bad), "overlap")
        text = base_text(sid)
        line = next(m.group(0) for m in re.finditer(r"^\d+ = .*$", text, re.M))
        dup = text.replace(line, f"{line}\n{line}", 1)
        yield (f"{sid}-listed-twice", dup, "toml:")
        dup2 = text.replace("[stroke]", "[stroke]\n[stroke]", 1)
        yield (f"{sid}-table-twice", dup2, "toml:")
        bad = copy.deepcopy(data)
        bad["balls"]["16"] = [1.0, 0.5]
        yield (f"{sid}-ball-16", dumps_toml(bad), "balls.16")
        bad = copy.deepcopy(data)
        bad["balls"]["03"] = [1.0, 0.5]
        yield (f"{sid}-ball-03", dumps_toml(bad), "balls.03")


def unknown_keys() -> Iterator[Case]:
    for sid in BASES:
        data = base_data(sid)
        bad = copy.deepcopy(data)
        bad["colour"] = "green"
        yield (f"{sid}-unknown-top", dumps_toml(bad), "colour")
        for table, v in data.items():
            if isinstance(v, dict) and table != "balls":
                bad = copy.deepcopy(data)
                bad[table]["colour"] = 1
                yield (f"{sid}-unknown-{table}", dumps_toml(bad),
                       f"{table}.colour")


def impossible() -> Iterator[Case]:
    e8 = base_data("8ball-eight-wrong-pocket")
    n9 = base_data("9ball-second-foul-warning")
    ex = base_data("express-signature")
    s14 = base_data("straight-rerack-ball-and-cue-in-rack")

    def edit(d: dict[str, Any], **changes: Any) -> dict[str, Any]:
        out = copy.deepcopy(d)
        for key, v in changes.items():
            path = tuple(key.split("__"))
            if v is None:
                node = out
                for k in path[:-1]:
                    node = node[k]
                node.pop(path[-1], None)
            else:
                node = out
                for k in path[:-1]:
                    node = node.setdefault(k, {})
                node[path[-1]] = v
        return out

    cases: list[tuple[str, dict[str, Any], str]] = [
        ("shooter-out-of-range", edit(e8, state__shooter=2), "state.shooter"),
        ("negative-shooter", edit(e8, state__shooter=-1), "state.shooter"),
        ("same-groups", edit(e8, state__groups=["solids", "solids"]),
         "state.groups"),
        ("half-open-groups", edit(e8, state__groups=["solids", "open"]),
         "state.groups"),
        ("unknown-group", edit(e8, state__groups=["spots", "stripes"]),
         "state.groups[0]"),
        ("groups-on-break", edit(e8, state__is_break=True), "state"),
        ("scores-one-short", edit(e8, state__scores=[0]), "state.scores"),
        ("third-foul-count", edit(n9, state__fouls=[3, 0]), "state.fouls[0]"),
        ("warned-without-fouls", edit(n9, state__fouls=[0, 0],
                                      state__warned=[True, False]),
         "state.warned[0]"),
        ("push-out-on-break", edit(n9, state__push_out_allowed=True,
                                   state__is_break=True), "state"),
        ("nine-ball-has-no-12", edit(n9, balls__12=[1.0, 1.0]), "balls.12"),
        ("no-cue-ball", edit(n9, balls__0=None), "balls.0"),
        ("cue-outside-kitchen", edit(e8, state__ball_in_hand="kitchen"),
         "balls.0"),
        ("house-on-pool", edit(e8, state__ball_in_hand="house"),
         "state.ball_in_hand"),
        ("kitchen-on-pyramid", edit(ex, state__ball_in_hand="kitchen"),
         "state.ball_in_hand"),
        ("break-without-rack", edit(n9, state__is_break=True,
                                    state__ball_in_hand="kitchen",
                                    state__fouls=None), "state"),
        ("express-two-players", edit(ex, players=2), "players"),
        ("eight-ball-three-players", edit(e8, players=3), "players"),
        ("express-shooter-waiting", edit(ex, state__status=["active", "waiting",
                                                            "active"],
                                         state__scores=[5, 0, 30]),
         "state.shooter"),
        ("express-active-at-zero", edit(ex, state__scores=[0, 30, 30]),
         "state.scores[0]"),
        ("express-waiting-with-points", edit(ex, state__status=[
            "waiting", "active", "active"]), "state.status[0]"),
        ("express-one-active", edit(ex, state__status=["out", "active", "out"]),
         "state.status"),
        ("express-four-stars", edit(ex, state__signatures=[4, 0, 0]),
         "state.signatures[0]"),
        ("express-unknown-status", edit(ex, state__status=["asleep", "active",
                                                           "active"]),
         "state.status[0]"),
        ("express-call", edit(ex, declarations={"called_ball": 7}),
         "declarations"),
        ("express-no-rack-break", edit(ex, state__is_break=True,
                                       state__ball_in_hand="house"), "state"),
        ("straight-score-at-target", edit(s14, state__scores=[150, 12]),
         "state.scores[0]"),
        ("straight-called-ball-gone", edit(s14, declarations__called_ball=9),
         "declarations.called_ball"),
        ("push-out-in-eight-ball", edit(e8, declarations={"push_out": True}),
         "declarations.push_out"),
        ("unknown-pocket", edit(e8, declarations__called_pocket="middle"),
         "declarations.called_pocket"),
        ("unknown-game", edit(e8, discipline="snooker"), "discipline"),
        ("pool-game-on-pyramid", edit(e8, table="pyramid_12ft"), "table"),
        ("unknown-table", edit(e8, table="pool_10ft"), "table"),
        ("bad-id", edit(e8, id="Bad Id!"), "id"),
        ("wrong-format", edit(e8, format="kiy-match"), "format"),
        ("future-version", edit(e8, version=2), "version"),
        ("missing-ru-title", edit(e8, title__ru=None), "title.ru"),
        ("empty-title", edit(e8, title__en="  "), "title.en"),
        ("unknown-foul-code", edit(e8, expect__fouls=["foul.sneeze"]),
         "expect.fouls[0]"),
        ("unknown-choice", edit(n9, choice={"choice": "flip_a_coin"}),
         "choice.choice"),
        ("sign-without-player", edit(ex, choice={"choice": "sign"}),
         "choice.player"),
        ("expect-without-stroke", edit(e8, stroke=None), "needs a recorded"),
        ("stroke-too-fast", edit(e8, stroke__speed=99.0), "stroke.speed"),
        ("stroke-off-the-ball", edit(e8, stroke__tip_a=0.9, stroke__tip_b=0.9),
         "stroke.tip_a"),
        ("stroke-unknown-key", edit(e8, stroke__power=3.0), "stroke.power"),
        ("next-shooter-out-of-range", edit(e8, expect__next_shooter=5),
         "expect.next_shooter"),
        ("question-unknown-kind", edit(e8, question={"en": "a", "ru": "б",
                                                     "asks": ["colour"]}),
         "question.asks[0]"),
        ("gallery-unknown-pause", edit(e8, gallery={"foul": "foul.scratch",
                                                    "pause": "sneeze"}),
         "gallery.pause"),
        ("gallery-unknown-cushion", edit(e8, gallery={
            "foul": "foul.scratch", "pause": "pocketed", "cushions": ["top"]}),
         "gallery.cushions[0]"),
        ("first-break-not-a-break", edit(ex, state__first_break_pending=True),
         "state.first_break_pending"),
        ("negative-bank", edit(ex, state__bank=-3), "state.bank"),
        ("no-object-balls", edit(n9, balls={"0": [1.0, 0.6]}), "balls"),
        ("race-option", edit(e8, options={"race_to": 5}), "options.race_to"),
        ("unknown-option", edit(s14, options={"colour": 1}), "options.colour"),
        ("bad-target", edit(s14, options={"target": "high"}), "options.target"),
        ("bad-eight-on-break", edit(e8, options={"eight_on_break": "maybe"}),
         "options.eight_on_break"),
        ("express-bad-ante", edit(ex, options={"ante": "one"}), "options"),
        ("express-pool-option", edit(ex, options={"target": 100}),
         "options.target"),
    ]
    for name, d, field in cases:
        yield (f"impossible-{name}", dumps_toml(d), field)


def other() -> Iterator[Case]:
    yield ("empty", "", "format")
    yield ("not-toml", "this is not a scenario", "toml:")
    head = ('format = "kiy-scenario"\nversion = 1\nid = "x"\n'
            'discipline = "8-ball"\n[title]\nen = "a"\nru = "б"\n')
    yield ("array-of-tables", head + "[[balls]]\nx = 1\n", "balls: expected a "
           "table")
    yield ("balls-not-a-table", head.replace("[title]", 'balls = 3\n[title]'),
           "balls: expected a table")
    yield ("only-format", 'format = "kiy-scenario"\n', "version")


ALL: list[Case] = [*truncations(), *wrong_types(), *off_the_bed(), *duplicates(),
                   *unknown_keys(), *impossible(), *other()]


def test_at_least_two_hundred_malformed_files() -> None:
    assert len(ALL) >= 200
    assert len({name for name, _, _ in ALL}) == len(ALL)


@pytest.mark.parametrize("name,text,field", ALL, ids=[c[0] for c in ALL])
def test_malformed_file_gets_a_clear_error(tmp_path: Path, name: str, text: str,
                                          field: str) -> None:
    p = tmp_path / f"{name}.toml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(p)
    msg = str(info.value)
    assert msg.startswith(f"{name}.toml: ")
    assert field in msg, msg
    assert "\n" not in msg.strip() or msg.startswith(f"{name}.toml: toml:")


def test_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    p = tmp_path / "latin.toml"
    p.write_bytes(base_text(BASES[0]).encode("utf-8").replace(
        "Восьмёрка".encode(), "Восьмёрка".encode("cp1251")))
    with pytest.raises(ScenarioError, match=r"latin\.toml: not UTF-8"):
        load_scenario(p)


def test_missing_file() -> None:
    with pytest.raises(ScenarioError, match="cannot read"):
        load_scenario(Path("/nonexistent/none.toml"))


def test_save_is_atomic_and_refuses_bad_data(tmp_path: Path) -> None:
    data = base_data(BASES[0])
    target = tmp_path / "s.toml"
    save_scenario(data, target)
    assert load_scenario(target).to_dict() == data
    assert [p.name for p in tmp_path.iterdir()] == ["s.toml"]
    before = target.read_text(encoding="utf-8")
    bad = copy.deepcopy(data)
    bad["balls"]["8"] = [9.0, 9.0]
    with pytest.raises(ScenarioError, match=r"balls\.8"):
        save_scenario(bad, target)
    # The old file is untouched and no temporary file is left behind.
    assert target.read_text(encoding="utf-8") == before
    assert [p.name for p in tmp_path.iterdir()] == ["s.toml"]


def test_parse_refuses_non_tables() -> None:
    with pytest.raises(ScenarioError, match="expected a table"):
        parse_scenario([1, 2])


_ = GALLERY_DIR


def test_cli_check_reports_bad_files(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    from simulator.practice.__main__ import main

    good = SCENARIO_DIR / "9ball-push-out-hand-back.toml"
    assert main(["check", str(good)]) == 0
    bad = tmp_path / "bad.toml"
    bad.write_text(base_text(BASES[0]).replace("[state]", "[state]\nshooter = 9"),
                   encoding="utf-8")
    assert main(["check", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: bad.toml: state.shooter:")


def test_editor_positions_are_validated_as_files() -> None:
    from simulator.practice.scenario import check_position

    sc = check_position("9-ball", {0: (0.5, 0.6), 1: (1.9, 0.635), 9: (2.2, 0.3)},
                        {"ball_in_hand": "kitchen"})
    assert sc.position.position(1) == (1.9, 0.635)
    # 9-ball 1: the game is won by pocketing the 9; a game in play has it
    # (the editor's check; loading a file or a case is not asked this).
    with pytest.raises(ScenarioError, match=r"balls\.9: missing: .*9-ball 1"):
        check_position("9-ball", {0: (0.5, 0.6), 1: (1.9, 0.635)})
    with pytest.raises(ScenarioError, match=r"balls\.1: .* is off the bed"):
        check_position("9-ball", {0: (0.5, 0.6), 1: (2.6, 0.635)})
    with pytest.raises(ScenarioError, match="overlap"):
        check_position("9-ball", {0: (0.5, 0.6), 1: (0.52, 0.6)})
    with pytest.raises(ScenarioError, match=r"balls\.0: the cue ball in hand"):
        check_position("8-ball", {0: (1.5, 0.6), 3: (2.0, 0.6)},
                       {"ball_in_hand": "kitchen"})
    with pytest.raises(ScenarioError, match="players"):
        check_position("express", {0: (0.5, 0.6), 3: (2.0, 0.6)}, players=2)
