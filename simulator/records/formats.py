"""Who plays whom: the formats of an evening as pure functions of the players'
count and the results so far.

- **round robin**: everyone meets everyone once, round by round (the circle
  method); with an odd count one player sits out each round (the bye);
- **single elimination**: a bracket of the next power of two, seeded so the
  first two seeds can meet only in the final; the empty places are byes,
  given to the top seeds (a walkover, never a match);
- **double elimination**: the same winners' bracket; a first loss drops a
  player into the losers' bracket, a second ends the evening for them; the
  winners' champion meets the losers' champion in the grand final, which is
  played again if the losers' champion wins it (both then have one loss);
- **winner stays**: the winner keeps the table, the loser goes to the back
  of the queue and the next in line comes on, for a set number of matches;
- **Express series**: every player at the table for each of N games, the
  break passing round, the chips carried from game to game.

A bracket is a list of :class:`Node`, each taking its two players from a
seed, or from the winner or the loser of an earlier node; :func:`resolve`
plays the byes through and says which nodes are ready.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

ROUND_ROBIN = "round-robin"
SINGLE = "single-elimination"
DOUBLE = "double-elimination"
WINNER_STAYS = "winner-stays"
EXPRESS_SERIES = "express-series"
FORMATS = (ROUND_ROBIN, SINGLE, DOUBLE, WINNER_STAYS, EXPRESS_SERIES)
BRACKETS = (SINGLE, DOUBLE)

BYE = -1  # an empty place in a bracket (or the round robin's rest)

# An evening's state.
PLAYING = "playing"
FINISHED = "finished"
ABANDONED = "abandoned"
STATUSES = (PLAYING, FINISHED, ABANDONED)

WINNERS = "winners"
LOSERS = "losers"
FINAL = "final"


# -- round robin -----------------------------------------------------------------
def round_robin(n: int) -> list[list[tuple[int, int]]]:
    """The rounds of a round robin of ``n`` players (0..n-1): pairs (seat 0,
    seat 1); with an odd ``n`` a pair with :data:`BYE` marks who rests. Each
    player breaks (sits in seat 0) in about half of their matches."""
    if n < 2:
        raise ValueError("round robin: at least two players")
    ring = list(range(n)) + ([BYE] if n % 2 else [])
    m = len(ring)
    rounds: list[list[tuple[int, int]]] = []
    for r in range(m - 1):
        pairs: list[tuple[int, int]] = []
        for i in range(m // 2):
            a, b = ring[i], ring[m - 1 - i]
            # The fixed player alternates; the others by their place.
            swap = (r % 2 == 1) if i == 0 else (i % 2 == 1)
            pairs.append((b, a) if swap else (a, b))
        rounds.append(pairs)
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def round_robin_slot(round_index: int, pairs: Sequence[tuple[int, int]],
                     i: int) -> str:
    """The slot of pair ``i`` of a round (``R2-1``: round 2, match 1), the
    rest not counted."""
    number = 1 + sum(1 for a, b in pairs[:i] if BYE not in (a, b))
    return f"R{round_index + 1}-{number}"


# -- brackets --------------------------------------------------------------------
@dataclass(frozen=True)
class Source:
    """Where a node's player comes from: ``seed`` (a place in the seeding,
    :data:`BYE` past the last player), or the ``winner`` or ``loser`` of the
    node at index ``ref``."""

    kind: str
    ref: int


@dataclass(frozen=True)
class Node:
    """One match of a bracket: ``slot`` names it (W1-2 is the winners'
    bracket's round 1, match 2; L.. the losers'; GF the grand final, GF2 its
    replay, played only if the losers' champion wins the first)."""

    slot: str
    section: str
    round: int
    number: int
    a: Source
    b: Source
    reset_of: int | None = None  # GF2: the index of the grand final


def bracket_size(n: int) -> int:
    size = 1
    while size < n:
        size *= 2
    return size


def seed_order(size: int) -> list[int]:
    """The seeds' places in a bracket of ``size`` (0 is the top seed): 1 meets
    8, 4 meets 5, 2 meets 7, 3 meets 6 in a bracket of eight, so the top two
    can meet only in the final."""
    order = [0]
    while len(order) < size:
        m = 2 * len(order)
        order = [x for s in order for x in (s, m - 1 - s)]
    return order


def _winners(n: int) -> tuple[list[Node], list[list[int]]]:
    size = max(2, bracket_size(n))
    order = seed_order(size)
    nodes: list[Node] = []
    rounds: list[list[int]] = []
    first: list[int] = []
    for i in range(size // 2):
        a, b = order[2 * i], order[2 * i + 1]
        first.append(len(nodes))
        nodes.append(Node(f"W1-{i + 1}", WINNERS, 1, i + 1,
                          Source("seed", a if a < n else BYE),
                          Source("seed", b if b < n else BYE)))
    rounds.append(first)
    r = 1
    while len(rounds[-1]) > 1:
        r += 1
        prev = rounds[-1]
        cur: list[int] = []
        for i in range(len(prev) // 2):
            cur.append(len(nodes))
            nodes.append(Node(f"W{r}-{i + 1}", WINNERS, r, i + 1,
                              Source("winner", prev[2 * i]),
                              Source("winner", prev[2 * i + 1])))
        rounds.append(cur)
    return nodes, rounds


def single_bracket(n: int) -> list[Node]:
    """A single-elimination bracket of ``n`` players (seeded 0..n-1)."""
    if n < 2:
        raise ValueError("elimination: at least two players")
    return _winners(n)[0]


def double_bracket(n: int) -> list[Node]:
    """A double-elimination bracket: the winners' bracket, the losers'
    bracket (its odd rounds pair its own survivors, its even rounds meet the
    players just dropped from the winners' bracket, in reversed order every
    other round so that a rematch comes as late as it can), the grand final
    and its replay."""
    if n < 2:
        raise ValueError("elimination: at least two players")
    nodes, wrounds = _winners(n)
    k = len(wrounds)
    lb_champion: Source
    if k == 1:
        lb_champion = Source("loser", wrounds[0][0])
    else:
        cur: list[int] = []
        lr = 1
        w1 = wrounds[0]
        for i in range(len(w1) // 2):
            cur.append(len(nodes))
            nodes.append(Node(f"L1-{i + 1}", LOSERS, 1, i + 1,
                              Source("loser", w1[2 * i]),
                              Source("loser", w1[2 * i + 1])))
        for j in range(1, k):
            # Even round: the survivors meet the losers of winners' round j+1.
            drop = list(wrounds[j])
            if j % 2 == 1:
                drop.reverse()
            lr += 1
            nxt: list[int] = []
            for i, (x, y) in enumerate(zip(cur, drop, strict=True)):
                nxt.append(len(nodes))
                nodes.append(Node(f"L{lr}-{i + 1}", LOSERS, lr, i + 1,
                                  Source("winner", x), Source("loser", y)))
            cur = nxt
            if j < k - 1:
                lr += 1
                nxt = []
                for i in range(len(cur) // 2):
                    nxt.append(len(nodes))
                    nodes.append(Node(f"L{lr}-{i + 1}", LOSERS, lr, i + 1,
                                      Source("winner", cur[2 * i]),
                                      Source("winner", cur[2 * i + 1])))
                cur = nxt
        lb_champion = Source("winner", cur[0])
    final = len(nodes)
    nodes.append(Node("GF", FINAL, 1, 1, Source("winner", wrounds[-1][0]),
                      lb_champion))
    nodes.append(Node("GF2", FINAL, 2, 1, Source("winner", final),
                      Source("loser", final), reset_of=final))
    return nodes


# Node states
WAITING = "waiting"  # a player is not known yet
READY = "ready"  # both players known: to be played
PLAYED = "played"
WALKOVER = "walkover"  # a bye: the other player goes through (or nobody)
SKIPPED = "skipped"  # the grand final's replay, not needed


@dataclass(frozen=True)
class NodeState:
    players: tuple[int | None, int | None]  # entrant, BYE or None (not known)
    status: str
    winner: int | None = None  # entrant or BYE
    loser: int | None = None


def resolve(nodes: Sequence[Node], seeding: Sequence[int],
            results: Mapping[str, int]) -> list[NodeState]:
    """Each node's players and state: ``seeding`` lists the entrants by seed
    (seeding[0] is the top seed), ``results`` maps a played slot to its
    winner's side (0 for ``a``, 1 for ``b``)."""
    states: list[NodeState] = []

    def player(src: Source) -> int | None:
        if src.kind == "seed":
            return BYE if src.ref == BYE else seeding[src.ref]
        st = states[src.ref]
        return st.winner if src.kind == "winner" else st.loser

    for node in nodes:
        pa, pb = player(node.a), player(node.b)
        pair = (pa, pb)
        if pa is None or pb is None:
            states.append(NodeState(pair, WAITING))
        elif pa == BYE or pb == BYE:
            through = pb if pa == BYE else pa
            states.append(NodeState(pair, WALKOVER, through, BYE))
        elif node.reset_of is not None and \
                states[node.reset_of].winner == states[node.reset_of].players[0]:
            states.append(NodeState(pair, SKIPPED, pa, pb))
        elif node.slot in results:
            side = results[node.slot]
            win, lose = (pa, pb) if side == 0 else (pb, pa)
            states.append(NodeState(pair, PLAYED, win, lose))
        else:
            states.append(NodeState(pair, READY))
    return states


def depth(nodes: Sequence[Node]) -> list[int]:
    """How many matches deep each node lies (a seed is 0): the order in which
    the matches of a bracket can be called."""
    out: list[int] = []
    for node in nodes:
        d = 0
        for src in (node.a, node.b):
            if src.kind != "seed":
                d = max(d, out[src.ref])
        out.append(d + 1)
    return out


# -- winner stays ------------------------------------------------------------------
def winner_stays(n: int, winners: Sequence[int | None]) -> tuple[int, int]:
    """The next match of winner stays, given the winners (entrants) of the
    matches so far: (challenger, holder of the table). The first match is
    the first two players; the loser of each goes to the back of the queue."""
    if n < 2:
        raise ValueError("winner stays: at least two players")
    queue = list(range(2, n))
    pair = (0, 1)
    for w in winners:
        a, b = pair
        if w not in pair:
            raise ValueError(f"winner stays: {w} did not play {pair}")
        loser = b if w == a else a
        queue.append(loser)
        pair = (queue.pop(0), w)
    return pair
