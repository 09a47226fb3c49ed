"""Who plays whom: the round robin's rounds and rests, the knockouts' seeding
and byes, the double elimination's losers' bracket, winner stays' queue."""

from __future__ import annotations

import itertools
import random

import pytest

from simulator.records import formats
from simulator.records.formats import (
    BYE,
    PLAYED,
    READY,
    SKIPPED,
    WAITING,
    WALKOVER,
    double_bracket,
    resolve,
    round_robin,
    seed_order,
    single_bracket,
)


@pytest.mark.parametrize("n", range(2, 13))
def test_a_round_robin_pairs_everyone_once_and_each_rests_once_when_odd(n: int) -> None:
    rounds = round_robin(n)
    assert len(rounds) == (n if n % 2 else n - 1)
    met = [frozenset(p) for r in rounds for p in r if BYE not in p]
    assert sorted(met, key=sorted) == sorted(
        (frozenset(p) for p in itertools.combinations(range(n), 2)), key=sorted)
    rests = [a if b == BYE else b for r in rounds for a, b in r if BYE in (a, b)]
    assert sorted(rests) == (list(range(n)) if n % 2 else [])
    for r in rounds:  # nobody plays twice in a round
        seen = [x for p in r for x in p if x != BYE]
        assert len(seen) == len(set(seen))
    # Each player breaks (seat 0) in about half of their matches.
    for p in range(n):
        first = sum(1 for r in rounds for a, b in r if a == p and b != BYE)
        games = sum(1 for r in rounds for pair in r if p in pair and BYE not in pair)
        assert abs(2 * first - games) <= 2, (n, p, first, games)


def test_the_seeding_keeps_the_top_seeds_apart_until_the_last_rounds() -> None:
    assert seed_order(8) == [0, 7, 3, 4, 1, 6, 2, 5]  # 1-8, 4-5, 2-7, 3-6
    order = seed_order(16)
    half = len(order) // 2
    assert 0 in order[:half] and 1 in order[half:]  # 1 and 2 meet only in the final
    quarters = [set(order[i:i + 4]) for i in range(0, 16, 4)]
    for top in range(4):  # the top four seeds in four different quarters
        assert sum(top in q for q in quarters) == 1
    assert all(len({0, 1, 2, 3} & q) == 1 for q in quarters)


def _play(nodes: list[formats.Node], n: int, pick: random.Random
          ) -> tuple[list[formats.NodeState], list[str]]:
    results: dict[str, int] = {}
    order: list[str] = []
    deep = formats.depth(nodes)
    while True:
        states = resolve(nodes, list(range(n)), results)
        ready = [i for i, s in enumerate(states) if s.status == READY]
        if not ready:
            return states, order
        i = min(ready, key=lambda k: (deep[k], k))
        results[nodes[i].slot] = pick.randrange(2)
        order.append(nodes[i].slot)


@pytest.mark.parametrize("n", [2, 3, 5, 6, 7, 8, 9, 12, 16])
def test_single_elimination_gives_the_byes_to_the_top_seeds(n: int) -> None:
    nodes = single_bracket(n)
    size = formats.bracket_size(n)
    states = resolve(nodes, list(range(n)), {})
    first = [s for node, s in zip(nodes, states, strict=True) if node.round == 1]
    byes = [s.winner for s in first if s.status == WALKOVER]
    assert sorted(byes) == list(range(size - n))  # seeds 1..k sit out round 1
    assert all(s.loser == BYE for s in first if s.status == WALKOVER)
    for seed in range(20):
        final, played = _play(nodes, n, random.Random(seed))
        assert len(played) == n - 1  # every match but a bye knocks one player out
        losers = [s.loser for s in final if s.status == PLAYED]
        assert sorted(losers) == sorted(set(range(n)) - {final[-1].winner})


def test_single_elimination_of_eight_by_the_book() -> None:
    nodes = single_bracket(8)
    states = resolve(nodes, list(range(8)), {})
    assert [s.players for s in states[:4]] == [(0, 7), (3, 4), (1, 6), (2, 5)]
    assert [n.slot for n in nodes] == ["W1-1", "W1-2", "W1-3", "W1-4", "W2-1",
                                       "W2-2", "W3-1"]
    # The favourites win: 1 meets 4 and 2 meets 3 in the semi-finals.
    res = {"W1-1": 0, "W1-2": 0, "W1-3": 0, "W1-4": 0}
    states = resolve(nodes, list(range(8)), res)
    assert states[4].players == (0, 3) and states[5].players == (1, 2)
    assert states[6].status == WAITING


def test_double_elimination_of_eight_drops_losers_into_the_losers_bracket() -> None:
    nodes = double_bracket(8)
    by = {n.slot: n for n in nodes}
    # Losers' rounds: 2 matches of round-1 losers, 2 against the round-2
    # losers, 1 between the survivors, 1 against the winners' final loser.
    assert [s for s in by if s.startswith("L")] == ["L1-1", "L1-2", "L2-1", "L2-2",
                                                   "L3-1", "L4-1"]
    everyone_wins_by_seed = {n.slot: 0 for n in nodes}
    res: dict[str, int] = {}
    for slot in ["W1-1", "W1-2", "W1-3", "W1-4"]:  # favourites: 0, 3, 1, 2 go on
        res[slot] = everyone_wins_by_seed[slot]
    states = resolve(nodes, list(range(8)), res)
    st = dict(zip(by, states, strict=True))
    assert st["L1-1"].players == (7, 4) and st["L1-2"].players == (6, 5)
    res |= {"L1-1": 1, "L1-2": 1, "W2-1": 0, "W2-2": 0}  # 4 and 5 survive
    st = dict(zip(by, resolve(nodes, list(range(8)), res), strict=True))
    # The winners' round-2 losers (3 and 2) come in crossed over: the loser
    # of W2-2 meets the survivor of L1-1, so no one meets again at once.
    assert st["L2-1"].players == (4, 2) and st["L2-2"].players == (5, 3)
    res |= {"L2-1": 1, "L2-2": 1, "L3-1": 0, "W3-1": 0}
    st = dict(zip(by, resolve(nodes, list(range(8)), res), strict=True))
    assert st["L4-1"].players == (2, 1)  # the winners' final's loser comes last
    res["L4-1"] = 1
    st = dict(zip(by, resolve(nodes, list(range(8)), res), strict=True))
    assert st["GF"].players == (0, 1)
    res["GF"] = 0  # the unbeaten player wins: no replay
    st = dict(zip(by, resolve(nodes, list(range(8)), res), strict=True))
    assert st["GF2"].status == SKIPPED and st["GF2"].winner == 0
    res["GF"] = 1  # the losers' champion wins: both have lost once, play again
    st = dict(zip(by, resolve(nodes, list(range(8)), res), strict=True))
    assert st["GF2"].status == READY and st["GF2"].players == (1, 0)


@pytest.mark.parametrize("n", range(2, 18))
def test_double_elimination_ends_every_player_but_the_champion_at_two_losses(
        n: int) -> None:
    nodes = double_bracket(n)
    for seed in range(25):
        states, played = _play(nodes, n, random.Random(seed))
        assert all(s.status != WAITING for s in states)
        champion = states[-1].winner
        losses = dict.fromkeys(range(n), 0)
        for s in states:
            if s.status == PLAYED:
                losses[s.loser] += 1
        assert all(losses[p] == 2 for p in range(n) if p != champion), losses
        assert losses[champion] <= 1
        # 2n-2 matches, one more when the grand final is replayed.
        assert len(played) == 2 * n - 2 + (states[-1].status == PLAYED)


def test_a_bye_in_the_losers_bracket_is_a_walkover_too() -> None:
    nodes = double_bracket(5)  # a bracket of 8: three byes in round 1
    states = resolve(nodes, list(range(5)), {})
    by = dict(zip((n.slot for n in nodes), states, strict=True))
    # W1-3 and W1-4 were byes: their "losers" are nobody, and so is the
    # winner of the losers' match between them.
    assert by["L1-2"].players == (BYE, BYE) and by["L1-2"].status == WALKOVER
    assert by["L1-2"].winner == BYE
    # W1-2 (seeds 4 and 5) is the only real first-round match; its loser
    # waits for it, then goes through L1-1 without a match.
    assert by["L1-1"].players == (BYE, None) and by["L1-1"].status == WAITING
    states = resolve(nodes, list(range(5)), {"W1-2": 0})
    by = dict(zip((n.slot for n in nodes), states, strict=True))
    assert by["L1-1"].status == WALKOVER and by["L1-1"].winner == 4
    assert by["L2-2"].players == (BYE, None)  # nobody from L1-2: another bye


def test_winner_stays_keeps_the_winner_and_queues_the_loser() -> None:
    assert formats.winner_stays(4, []) == (0, 1)
    assert formats.winner_stays(4, [1]) == (2, 1)  # 0 lost: to the back
    assert formats.winner_stays(4, [1, 2]) == (3, 2)
    assert formats.winner_stays(4, [1, 2, 2]) == (0, 2)
    assert formats.winner_stays(4, [1, 2, 2, 0]) == (1, 0)
    with pytest.raises(ValueError):
        formats.winner_stays(4, [3])  # 3 did not play the first match
