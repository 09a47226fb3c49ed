"""A match played by computer players, step by step, headless.

:class:`Table` holds a :class:`rules.referee.Match` and one computer player a
seat; :meth:`Table.step` asks whoever must decide (the lag, a choice, a
signature, the stroke), plays it through the physics and the referee and
returns what happened as :class:`Step` records. Each decision's seed comes
from the match's seed and the step it is taken at (``player.seed_for``), so
a match is the same every time it is played from the same seed, and a saved
match replays exactly: the save holds the strokes played, the players'
noise already in them.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.general import LAG_BALLS
from rules.referee import Match
from rules.ruling import RulesError, Ruling
from simulator.physics import simulate
from simulator.players.player import ComputerPlayer, seed_for
from simulator.players.strength import STRENGTHS, Strength, strength
from simulator.table.state import TableState

CPU = "cpu"


@dataclass(frozen=True)
class Seat:
    """A place at the table: a person (``strength`` None) or a computer."""

    name: str
    strength: Strength | None = None

    @property
    def label(self) -> str:
        return self.name if self.strength is None else \
            f"{CPU}:{self.strength.name}"


def seat_number(name: str) -> tuple[str, str]:
    """(the seat without its number, the number): ``cpu:club 2`` is
    (``cpu:club``, ``2``); a name without one is (name, "")."""
    text = name.strip()
    head, _, tail = text.rpartition(" ")
    if head.strip() and tail.isascii() and tail.isdigit():
        return head.strip(), tail
    return text, ""


def parse_seat(text: str, index: int = 0) -> Seat:
    """``cpu:club`` (a computer player at a strength; ``cpu`` alone is the
    default strength), with the name a player gave it (``cpu:club:Deep
    Blue``) and the number Kiy gives a second computer of one strength
    (``cpu:club 2``), or a person's name."""
    t = text.strip()
    if not t:
        raise ValueError(f"seat {index + 1}: empty")
    base, number = seat_number(t)
    head, _, tail = base.partition(":")
    if head.strip().casefold() != CPU:
        return Seat(t)
    level, _, given = tail.partition(":")
    level = level.strip() or "club"
    try:
        s = strength(level)
    except ValueError as e:
        raise ValueError(f"seat {index + 1}: {e}") from None
    named = f":{given.strip()}" if given.strip() else ""
    return Seat(f"{CPU}:{s.name}{named}" + (f" {number}" if number else ""), s)


def given_name(seat: str) -> str:
    """The name a player gave a computer seat (``cpu:club:Deep Blue`` is
    "Deep Blue"), "" for one without a name and for a person."""
    head, _, tail = seat_number(seat)[0].partition(":")
    if head.strip().casefold() != CPU:
        return ""
    return tail.partition(":")[2].strip()


def parse_seats(text: str) -> list[Seat]:
    """A comma-separated list of seats (``Ann,Bob,cpu:club``). Names are made
    unique (``cpu:club``, ``cpu:club 2``) so the scoreboard tells them apart."""
    raw = text.split(",")
    seats = [parse_seat(s, i) for i, s in enumerate(raw)]
    used: set[str] = set()
    out: list[Seat] = []
    for s in seats:
        base = seat_number(s.name)[0] if s.strength is not None else s.name
        name, n = s.name, 2
        while name in used:
            name = f"{base} {n}"
            n += 1
        used.add(name)
        out.append(Seat(name, s.strength))
    return out


@dataclass(frozen=True)
class Step:
    """One thing that happened: ``kind`` is lag, choice, sign or shot;
    ``player`` who decided; ``decision`` what the player chose and why;
    ``ruling`` the referee's ruling of a shot (its plain form); ``codes``
    the ruling's codes (fouls, then notes)."""

    number: int
    kind: str
    player: int
    name: str
    decision: dict[str, Any]
    ruling: dict[str, Any] | None = None
    codes: tuple[str, ...] = ()
    seconds: float = 0.0  # the time the decision took (not in to_dict)
    cpu: float = 0.0  # the process's CPU time of a shot's decision (not in to_dict)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"number": self.number, "kind": self.kind,
                             "player": self.player, "name": self.name,
                             "decision": self.decision}
        if self.ruling is not None:
            d["ruling"] = self.ruling
            d["codes"] = list(self.codes)
        return d


@dataclass
class Result:
    """How a match went: finished or not, the winner, the standing."""

    game: str
    seats: tuple[str, ...]
    seed: int
    over: bool
    winner: int | None
    games_won: tuple[int, ...]
    scores: tuple[int, ...]
    shots: int
    steps: list[Step] = field(default_factory=list)

    @property
    def winner_name(self) -> str | None:
        return None if self.winner is None else self.seats[self.winner]

    def to_dict(self, steps: bool = True) -> dict[str, Any]:
        d: dict[str, Any] = {
            "game": self.game, "seats": list(self.seats), "seed": self.seed,
            "over": self.over, "winner": self.winner,
            "winner_name": self.winner_name, "games_won": list(self.games_won),
            "scores": list(self.scores), "shots": self.shots}
        if steps:
            d["steps"] = [s.to_dict() for s in self.steps]
        return d


class Table:
    """A match with a computer player in every seat."""

    def __init__(self, match: Match, seats: Sequence[Seat]) -> None:
        if len(seats) != len(match.players):
            raise RulesError(f"seats: {len(seats)} seats for {len(match.players)} "
                             "players")
        people = [s.name for s in seats if s.strength is None]
        if people:
            raise RulesError(f"seats: {people[0]!r} is not a computer player; a "
                             "headless match is played by computers (cpu:LEVEL)")
        self.match = match
        self.seats = tuple(seats)
        self.players = [ComputerPlayer(s.strength or STRENGTHS["club"])
                        for s in seats]
        self.steps: list[Step] = []
        self.shots = 0

    def seed(self, player: int) -> int:
        return seed_for(self.match.seed, len(self.match.history), player)

    def _record(self, kind: str, player: int, decision: dict[str, Any],
                seconds: float, ruling: Ruling | None = None,
                cpu: float = 0.0) -> Step:
        step = Step(len(self.steps) + 1, kind, player, self.seats[player].name,
                    decision, None if ruling is None else ruling.to_dict(),
                    () if ruling is None else ruling.codes(), seconds, cpu)
        self.steps.append(step)
        return step

    def step(self) -> list[Step]:
        """Play the next decision (and, for a signature, nothing else)."""
        m = self.match
        if m.over:
            return []
        req = m.requirements()
        out: list[Step] = []
        # Express: a player written down to zero signs back in or declines
        # before the turn reaches him (SEED-E 2.5).
        for p in tuple(getattr(req, "may_sign", ())):
            t0 = time.perf_counter()
            d = self.players[p].sign(m.discipline, m.state, p)
            m.choose(d.choice, p)
            out.append(self._record("sign", p, d.to_dict(), time.perf_counter() - t0))
        if out:
            return out
        if req.is_lag:
            return [self._lag()]
        if req.pending:
            chooser = req.chooser if req.chooser is not None else req.shooter
            t0 = time.perf_counter()
            c = self.players[chooser].choice(m.discipline, m.state, req.pending,
                                             chooser, self.seed(chooser))
            m.choose(c.choice, c.ball)
            return [self._record("choice", chooser, c.to_dict(),
                                 time.perf_counter() - t0)]
        shooter = req.shooter
        t0, c0 = time.perf_counter(), time.process_time()
        d = self.players[shooter].shot(m.discipline, m.state, self.seed(shooter), req)
        seconds = time.perf_counter() - t0
        cpu = time.process_time() - c0
        shot = simulate(d.table(m.table()), d.stroke)
        ruling = m.apply(shot, d.declarations)
        self.shots += 1
        return [self._record("shot", shooter, d.to_dict(), seconds, ruling, cpu)]

    def _lag(self) -> Step:
        """General rule 5: both players send their balls at once; the
        referee judges (a re-lag is simply the next step)."""
        m = self.match
        spec = m.table().spec
        t0 = time.perf_counter()
        a = self.players[0].lag(spec, 0, self.seed(0))
        b = self.players[1].lag(spec, 1, self.seed(1))
        seconds = time.perf_counter() - t0
        table = TableState.from_positions(spec.name, {LAG_BALLS[0]: a.place,
                                                      LAG_BALLS[1]: b.place})
        shot = simulate(table, a.stroke, also=((LAG_BALLS[1], b.stroke),))
        result = m.lag(shot, LAG_BALLS)
        decision = {"players": [a.to_dict(), b.to_dict()], "result": result.to_dict()}
        return self._record("lag", 0, decision, seconds)

    def play(self, max_shots: int = 5000,
             on_step: Callable[[Step], None] | None = None) -> Result:
        """Play until the match is over (or ``max_shots`` strokes)."""
        while not self.match.over and self.shots < max_shots:
            for s in self.step():
                if on_step is not None:
                    on_step(s)
        return self.result()

    def result(self) -> Result:
        m = self.match
        return Result(m.name, tuple(s.name for s in self.seats), m.seed, m.over,
                      m.winner, m.games_won, m.scores, self.shots, list(self.steps))


def describe(step: Step) -> str:
    """One line for a person reading the match."""
    d = step.decision
    if step.kind == "lag":
        res = d["result"]
        who = "re-lag" if res["winner"] is None else f"player {res['winner'] + 1} wins"
        return f"lag: {who}"
    if step.kind == "sign":
        return f"{d['choice']}"
    if step.kind == "choice":
        return f"chooses {d['choice']}"
    bits = [d["kind"]]
    if d.get("target") is not None:
        bits.append(f"ball {d['target']}")
    if d.get("pocket"):
        bits.append(f"-> {d['pocket']}")
    decl = d.get("declarations") or {}
    if decl.get("called_ball") is not None:
        bits.append(f"(calls {decl['called_ball']} {decl.get('called_pocket')})")
    if decl.get("safety"):
        bits.append("(safety)")
    if decl.get("push_out"):
        bits.append("(push-out)")
    bits.append(f"[{d['success'] * 100:.0f}% of {d['simulations']} sims]")
    return " ".join(bits) + ": " + (", ".join(step.codes) or "-")


def make_match(game: str, seats: Sequence[Seat], seed: int,
               options: dict[str, Any] | None = None) -> Match:
    return Match([s.name for s in seats], game, options or {}, seed)
