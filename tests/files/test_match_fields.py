"""Every field of a saved match, given a value of the wrong type, is refused
with the loader's own error (RulesError: the field and the reason), never a
TypeError, KeyError, AttributeError or IndexError from deeper down. The
save is a real one: a lag, the lag winner's choice, the break and shots
with their calls, a called foul, and a match begun from a set position; the
places are every key of the format (each kind of step, its record, a shot,
a table, a ball, each kind of event, a stroke, the starting state)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from rules.referee import Match
from rules.ruling import RulesError
from simulator.players.table import Table, parse_seats
from tests.files.matches import fresh, play

# One value of each JSON type the format does not expect somewhere.
WRONG: tuple[Any, ...] = (None, True, -1, 0.5, 10**30, "x", [], {}, [None],
                          {"x": None})


@cache
def _lagged() -> str:
    """An 8-ball match with the lag, computer players deciding (the JSON)."""
    seats = parse_seats("cpu:beginner,cpu:beginner")
    m = Match([s.name for s in seats], "8-ball", {"lag": True}, seed=2)
    Table(m, seats).play(max_shots=2)
    m.call_foul("foul.touched_ball")
    play(m, 1, seed=4)
    kinds = [a["type"] for a in m.history]
    assert kinds[:2] == ["lag", "choice"] and "foul" in kinds, kinds
    return json.dumps(m.to_dict())


@cache
def _from_position() -> str:
    """A 9-ball match begun from a set position (``start``)."""
    state = fresh(shots=2).state
    m = Match.from_state(["Ann", "Bob"], "9-ball", state)
    play(m, 1, seed=2)
    return json.dumps(m.to_dict())


# Steps whose shot is taken apart field by field (the same reader serves every
# shot): the lag's and the break's, between them every kind of event.
SHOTS_OPENED = (0, 2)


def _places(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every key of the format once: of a list, the first and the last item,
    of the events one of each kind; the record's ruling and the shots of the
    other steps as a whole (the loader keeps the one as it is and reads the
    others as it reads the opened ones)."""
    if path:
        yield path
    if path[-2:-1] == ("record",) and path[-1] == "ruling":
        return
    if len(path) == 3 and path[0] == "actions" and path[2] == "shot" \
            and path[1] not in SHOTS_OPENED:
        return
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _places(v, (*path, k))
    elif isinstance(node, list):
        if path and path[-1] == "events":
            firsts: dict[str, int] = {}
            for i, e in enumerate(node):
                firsts.setdefault(e.get("kind"), i)
            items = sorted(firsts.values())
        else:
            items = sorted({0, len(node) - 1}) if node else []
        for i in items:
            yield from _places(node[i], (*path, i))


def _cases(text: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Four wrong values a place, taken in turn from WRONG (so every type
    meets every kind of place somewhere)."""
    tree = json.loads(text)
    for n, path in enumerate(_places(tree)):
        for value in (WRONG[(n + k) % len(WRONG)] for k in (0, 3, 5, 8)):
            d = json.loads(text)
            if len(path) > 1 and path[0] == "actions":
                # The steps after the one changed add nothing to the test.
                d["actions"] = d["actions"][:path[1] + 1]
            node = d
            for k in path[:-1]:
                node = node[k]
            if node[path[-1]] == value:
                continue
            node[path[-1]] = value
            yield ".".join(map(str, path)) + f"={value!r:.12}", d


@pytest.mark.parametrize("source", ["lag_choice_foul", "set_position"])
def test_a_wrong_type_anywhere_is_the_loaders_error(source: str) -> None:
    text = _lagged() if source == "lag_choice_foul" else _from_position()
    refused = accepted = 0
    for name, d in _cases(text):
        try:
            Match.from_dict(d)
        except RulesError as e:
            assert "\n" not in str(e) and "Error" not in str(e), (name, str(e))
            refused += 1
        except Exception as e:  # what the test is for: none may escape
            pytest.fail(f"{name}: {type(e).__name__}: {e}")
        else:
            accepted += 1  # a value the format allows there (a name, a bool)
    # Most places refuse most wrong values; the tally shows the test ran.
    assert refused > 4 * accepted and refused > 400, (refused, accepted)


@pytest.mark.parametrize("players", [5, None, "Ann", {"Ann": 1, "Bob": 2},
                                     ["Ann", 2], [["Ann"], "Bob"]])
def test_match_load_names_bad_players(tmp_path: Path, players: Any) -> None:
    """Match.load, not only the save loader: players must be a list of names."""
    d = json.loads(_from_position())
    d["players"] = players
    p = tmp_path / "m.json"
    p.write_text(json.dumps(d), "utf-8")
    with pytest.raises(RulesError, match=r"^match\.players: expected a list of "
                                         "names$"):
        Match.load(p)


def test_a_lag_naming_a_ball_not_on_the_table_is_refused() -> None:
    d = json.loads(_lagged())
    d["actions"] = d["actions"][:1]
    d["actions"][0]["balls"] = [0, 12]
    with pytest.raises(RulesError, match=r"match\.actions\[0\]: lag\.balls: ball "
                                         "12 is not on the table"):
        Match.from_dict(d)
