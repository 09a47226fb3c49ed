"""Which foul of a shot is the main one: the one rule every view of a ruling
uses (the ruling card, the replay and its timeline, the quiz, the export),
so a shot with two fouls is never named by one foul in the window and by
another in a picture of it.

General rule 24: a shot with several fouls is penalised once, with the most
severe penalty; the referee's ``Ruling.penalty`` is that foul. Where it is
not set, the first foul the referee found is the main one. Every view may
still list all of them, the main one first.
"""

from __future__ import annotations

from rules.ruling import Foul, Ruling


def main_foul(ruling: Ruling) -> Foul | None:
    """The foul that names the shot: the penalised one, else the first."""
    if not ruling.fouls:
        return ruling.penalty
    if ruling.penalty is not None and ruling.penalty in ruling.fouls:
        return ruling.penalty
    return ruling.fouls[0]


def fouls_main_first(ruling: Ruling) -> tuple[Foul, ...]:
    """Every foul of the shot, the main one first, the others in the order
    the referee found them."""
    main = main_foul(ruling)
    if main is None:
        return ruling.fouls
    return (main, *(f for f in ruling.fouls if f != main))
