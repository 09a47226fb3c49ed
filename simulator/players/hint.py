"""A hint: what a good player would do here, and where the balls would go.

:func:`suggest` asks a computer player (HINT_LEVEL by default: the strongest
level whose decision stays within the hint's time, HINT_SECONDS, on the
development machine; measured by ``python -m simulator.players.bench
--part hint``; a break's search cut to HINT_BREAK_BUDGET, any search
to HINT_MOVES balls set moving) for its stroke
in a position and simulates the stroke as meant, without noise, so the
window can draw the predicted path and let the player take the stroke as
his aim. Headless, like the rest of ``simulator.players``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rules.game import Discipline, GameState
from rules.ruling import Declarations
from simulator.physics import simulate
from simulator.players.player import ComputerPlayer, ShotDecision
from simulator.players.search import Steps, finish
from simulator.players.strength import STRENGTHS, Strength
from simulator.table.events import EventKind, Shot, Stroke
from simulator.table.specs import CUE_BALL, Vec

# The hint's level: the strongest that decides within HINT_SECONDS (the
# pro player's median is about twice that, so the strong player it is).
HINT_SECONDS = 3.0
HINT_LEVEL = "strong"
# A pot none of whose tries went in is given up for the best safety: that
# second search takes this share of the first one's budget (the whole budget
# again kept the window at "99 %" as long as the hint had taken so far).
SAFETY_SHARE = 1 / 3
# A break's hint searches this many simulations at most: a break moves every
# ball, and the strong player's own 60 (its break_budget) took 1 to 2 s of
# a core and up to 20 s in the window on a loaded machine (play-test 33).
# Only the hint's search is cut: the computer breaks with its own budget.
HINT_BREAK_BUDGET = 24
# And any hint's search sets at most this many balls moving in all (each
# ball each simulation it moves; search.Budget): a stroke into Express's
# full pyramid (the re-break from where the cue ball lies) moves all
# sixteen, and the strong player's 300 simulations took 9 to 10 s of a core
# and about 65 s in the window (play-test 35). An open pot moves two or
# three: 8-ball's and 14.1's searches (about 800 of them) keep their 300.
# Counted, not timed, so a hint is the same on any machine.
HINT_MOVES = 1200
# And any hint's search at most this many simulations, one in the full
# physics (the cue stick: a cue ball near a ball or a cushion) counting
# HINT_FULL_COST (about what it costs in time against a search-grade one).
# The strong player's 300 with every stroke in the full physics (a push-out
# from a cue ball among the balls) took 1.6 s of a core and 4 s of wall on
# the loaded development machine, and a hint took about 20 s in a window;
# at 120 the slowest hint of the bench's positions took under 1 s of a core.
# The search keeps the best it found when the budget is spent, and the
# budget is a count, so the same position gives the same hint.
HINT_BUDGET = 120
HINT_FULL_COST = 4
# Of that budget the noiseless pass leaves half to the noisy tries, shared
# by HINT_FINALISTS strokes halved each round: the stroke chosen is tried
# about 25 times, enough to say how likely its pot is ("about 1 in 10");
# the strong player's first round alone (8 finalists, 4 tries each) left
# every pot a count of 4 tries, and a pot of Express's tight pockets that
# missed those 4 was given up for a safety.
HINT_KEPT = HINT_BUDGET // 2
HINT_FINALISTS = 4


@dataclass(frozen=True)
class Hint:
    """The suggested stroke (as meant), where the cue ball is placed when
    in hand, the declarations to make, and the predicted shot."""

    decision: ShotDecision
    predicted: Shot
    # The pot first chosen when none of its tries potted legally, given up
    # for the best safety: said ("no pot here is likely"), never advised.
    given_up: ShotDecision | None = None

    @property
    def stroke(self) -> Stroke:
        return self.decision.intended

    @property
    def place(self) -> Vec | None:
        return self.decision.place

    @property
    def declarations(self) -> Declarations:
        return self.decision.declarations

    def path(self, ball: int = CUE_BALL) -> list[Vec]:
        """Where ``ball`` goes in the predicted shot, frame by frame."""
        out: list[Vec] = []
        for f in self.predicted.frames:
            for row in f.balls:
                if row[0] == ball:
                    out.append((row[1], row[2]))
        return out

    def first_contact(self) -> int | None:
        """The ball the cue ball meets first in the predicted shot."""
        for e in self.predicted.events:
            if e.kind is EventKind.BALL_BALL and CUE_BALL in e.balls:
                return next(b for b in e.balls if b != CUE_BALL)
        return None

    def to_dict(self) -> dict[str, Any]:
        return {"decision": self.decision.to_dict(),
                "first_contact": self.first_contact()}


def suggest(disc: Discipline[Any], state: GameState, seed: int,
            strength: Strength | None = None) -> Hint:
    """The stroke a player of ``strength`` (HINT_LEVEL by default) suggests for
    the shooter of ``state``, and its predicted shot."""
    return finish(suggest_steps(disc, state, seed, strength))


class Progress:
    """How far a hint's search is, 0 to 1: the share of its budget the
    search under way has spent (simulations, or the balls they may set
    moving where that ends it first: on a full pyramid the hint came at
    27 % of its simulations). The safety's search, once the pot is given
    up, counts from 0 on its own. Never falls back as the estimate of the
    moves left changes."""

    def __init__(self) -> None:
        self.player: ComputerPlayer | None = None
        self.safety = False
        self._most = 0.0

    def follow(self, player: ComputerPlayer, safety: bool) -> None:
        self.player, self.safety, self._most = player, safety, 0.0

    def share(self) -> float:
        budget = self.player.budget if self.player is not None else None
        if budget is not None:
            self._most = max(self._most, budget.share)
        return self._most


def suggest_steps(disc: Discipline[Any], state: GameState, seed: int,
                  strength: Strength | None = None,
                  progress: Progress | None = None) -> Steps[Hint]:
    """:func:`suggest` a simulation at a time (for a window's frames);
    ``progress`` follows its searches."""
    player = ComputerPlayer(hint_strength(strength or STRENGTHS[HINT_LEVEL]))
    if progress is not None:
        progress.follow(player, False)
    d = yield from player.shot_steps(disc, state, seed)
    given_up: ShotDecision | None = None
    predicted: Shot | None = None
    if d.kind in POTS and not hopeless(d):
        # The search chose by tries with the player's error, in search-grade
        # physics: the stroke as meant may still miss in the full physics
        # (a low-percentage pot in Express's tight pockets named a pot its
        # own drawn path sent into the cushion). The stroke set is one that
        # pots in the full physics, or the pot is given up.
        found = yield from potting_stroke(disc, state, d)
        if found is not None:
            d, predicted = found
    if hopeless(d) or (d.kind in POTS and predicted is None):
        # A pot none of whose tries was legal is no advice: the best safety
        # is (the computer players keep their own choice; this is the hint's).
        # Kicks too: where the straight line is blocked a kick is the
        # legal hit (a safety alone left only the stroke through a ball).
        safer = safety_player(player.strength)
        if progress is not None:
            progress.follow(safer, True)
        safe = yield from safer.shot_steps(disc, state, seed, only=("safety", "kick"))
        if safe.kind in ("safety", "kick") and not safe.fouls:
            d, given_up, predicted = safe, d, None
    if predicted is None:
        predicted = simulate(d.table(state.table), d.intended)
    if not d.fouls and fouls_as_set(disc, state, d, predicted):
        # A stroke chosen as the least bad (a foul given away on purpose)
        # is said as a foul too: the referee rules the stroke as set.
        d = replace(d, fouls=True)
    hint = Hint(d, predicted, given_up)
    if d.fouls and hint.first_contact() != d.target:
        # A foul's words name the ball its drawn path meets first, not the
        # one it was meant for (the 8 in the way of the 2).
        hint = replace(hint, decision=replace(d, target=hint.first_contact()))
    return hint


POTS = ("pot", "bank", "cue_pot", "combo")
# Turns of the stroke's direction (degrees) tried, nearest first, when the
# stroke as meant misses its pot in the full physics: within the player's
# own aiming error, so the pot advised is the one the search weighed.
AIM_NUDGES = (0.0, 0.03, -0.03, 0.07, -0.07, 0.12, -0.12, 0.2, -0.2, 0.3, -0.3,
              0.45, -0.45, 0.6, -0.6)


def pots_as_named(disc: Discipline[Any], state: GameState, d: ShotDecision,
                  shot: Shot) -> bool:
    """Whether ``shot`` pots ``d``'s ball in ``d``'s pocket, and the referee
    finds it a legal pot that keeps the table (or wins the game)."""
    from rules.questions import facts
    from rules.ruling import RulesError
    from simulator.players.appraise import succeeded
    ball = CUE_BALL if d.kind == "cue_pot" else d.target  # (Express's last ball)
    if ball is None or facts(shot).pocket_of(ball) != d.pocket:
        return False
    try:
        ruling, _ = disc.judge(state, shot, d.declarations)
    except RulesError:
        return False
    return succeeded(ruling, state.shooter)


def fouls_as_set(disc: Discipline[Any], state: GameState, d: ShotDecision,
                 shot: Shot) -> bool:
    """Whether the referee rules ``shot`` (``d``'s stroke as set) a foul."""
    from rules.ruling import RulesError
    try:
        ruling, _ = disc.judge(state, shot, d.declarations)
    except RulesError:
        return False
    return bool(ruling.fouls)


def potting_stroke(disc: Discipline[Any], state: GameState, d: ShotDecision
                   ) -> Steps[tuple[ShotDecision, Shot] | None]:
    """``d`` with the stroke nearest the one meant that pots its ball as
    named in the full physics, and that shot; None if none of AIM_NUDGES
    does."""
    from simulator.physics import PhysicsError
    table = d.table(state.table)
    for turn in AIM_NUDGES:
        stroke = replace(d.intended, direction=(d.intended.direction + turn) % 360.0)
        try:
            shot = simulate(table, stroke)
        except PhysicsError:
            shot = None
        yield
        if shot is not None and pots_as_named(disc, state, d, shot):
            return replace(d, intended=stroke, stroke=stroke), shot
    return None


def hint_strength(strength: Strength) -> Strength:
    """``strength`` as the hint searches with it: its budget cut to
    HINT_BUDGET (a full-physics simulation counting HINT_FULL_COST), half of
    it kept for HINT_FINALISTS strokes' noisy tries, its break budget to
    HINT_BREAK_BUDGET, the balls its simulations move to HINT_MOVES."""
    s = strength.search
    moves = min(s.moves or HINT_MOVES, HINT_MOVES)
    return replace(strength, search=replace(
        s, shot_budget=min(s.shot_budget, HINT_BUDGET),
        break_budget=min(s.break_budget, HINT_BREAK_BUDGET), moves=moves,
        full_cost=max(s.full_cost, HINT_FULL_COST), kept=HINT_KEPT,
        finalists=min(s.finalists, HINT_FINALISTS)))


def safety_player(strength: Strength) -> ComputerPlayer:
    """The player that looks for the safety once the pot is given up: the
    same level with SAFETY_SHARE of its budget."""
    s = strength.search
    return ComputerPlayer(replace(strength, search=replace(
        s, shot_budget=max(1, round(s.shot_budget * SAFETY_SHARE)),
        moves=round(s.moves * SAFETY_SHARE))))


def hopeless(d: ShotDecision) -> bool:
    """A pot (or bank) of which no simulated try was a legal pot."""
    return d.kind in POTS and d.simulations > 0 and \
        d.success <= 0.0
