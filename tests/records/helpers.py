"""Matches decided without the physics (a person's foul and a conceded game
are steps the referee takes from a person), for the evening's and the
records' tests."""

from __future__ import annotations

from collections.abc import Sequence

from rules.referee import Match
from simulator.records.entrants import Entrant
from simulator.records.evening import Evening, MatchCall, MatchResult


def give_game(match: Match, winner: int) -> None:
    """End the game in progress with ``winner`` (a seat) winning it: the
    other player, at the table, concedes (a touched-ball foul first hands
    the table over when the winner is at it)."""
    req = match.requirements()
    if req.shooter == winner:
        match.call_foul("foul.touched_ball")
        while match.requirements().pending:
            match.choose(match.requirements().pending[0])
    match.call_foul("loss.conceded")


def win_at_table(match: Match, winner: int) -> None:
    """End the 9-ball game in progress with ``winner`` (a seat) winning it at
    the table, so that it is rated (a game given up is not): the other
    player, if at the table, scratches; the winner, with ball in hand, hits
    the lowest ball and pockets the 9 (9-ball rules 3, 4)."""
    from tests.rules.logs import Log
    if match.name != "9-ball":
        raise ValueError(f"a game won at the table is written for 9-ball, "
                         f"not {match.name}")
    req = match.requirements()
    if req.shooter != winner:
        match.apply(Log(match.table()).stroke().hit(0, req.legal_first_contacts[0])
                    .pot(0).shot())
        req = match.requirements()
    assert req.shooter == winner and not req.pending, req
    ruling = match.apply(Log(match.table()).stroke()
                         .hit(0, req.legal_first_contacts[0]).pot(9).shot())
    assert ruling.game_over and ruling.winner == winner, ruling


def decide(match: Match, games: Sequence[int], call: MatchCall | None = None
           ) -> Match:
    """Play ``games`` (the winning seat of each game) until the match, or
    the call's handicapped race, is decided."""
    for w in games:
        if match.over or (call is not None and call.winner(match) is not None):
            break
        give_game(match, w)
    return match


def people(*names: str) -> tuple[Entrant, ...]:
    return tuple(Entrant(n) for n in names)


def club_evening(entrants: tuple[Entrant, ...], fmt: str, played: int) -> None:
    """A 9-ball race-to-2 evening in the profile's club (begun if none is
    current) with ``played`` matches decided, each by its first seat."""
    from simulator.records.club import Club
    from simulator.records.plan import Setup
    with Club() as club:
        ev = club.current() or club.begin(Setup(entrants, fmt, "9-ball", race=2))
        while len(ev.results) < played:
            call = ev.next_match()
            assert call is not None
            club.record(ev, call, decide(call.new_match(), [0, 0], call))


def play_out(evening: Evening, pick: Pick) -> list[MatchResult]:
    """Play every match the evening calls, each game won by ``pick(call)``
    (a seat), until the evening is over."""
    out = []
    while (call := evening.next_match()) is not None:
        seat = pick(call)
        match = decide(call.new_match(), [seat] * 60, call)
        out.append(evening.record(call, match))
    return out


class Pick:
    """Who wins: the entrant with the lower number (the stronger by
    convention), or by a table of the winners of given slots."""

    def __init__(self, upsets: dict[str, int] | None = None) -> None:
        self.upsets = upsets or {}

    def __call__(self, call: MatchCall) -> int:
        if call.slot in self.upsets:
            return self.upsets[call.slot]
        return min(range(len(call.seats)), key=lambda i: call.seats[i])
