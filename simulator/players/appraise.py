"""What an outcome is worth to a player, as the referee rules it.

A shot simulated is judged by the discipline (``judge``, pure); its ruling
and the state that follows are valued from one player's side on one scale:
+1 a game won, -1 a game lost; in between, whose turn it is and how good
their next shot is (``shots.quality``: the best pot's ease from where the
cue ball stopped, see ``position``; with the cue ball in hand where the
referee gives it, in hand anywhere never less than HAND_FLOOR), the
points the ruling moved (14.1, Express) and, in a race, the balls scored. A
choice left open is answered as its chooser would (``Discipline.choose``),
so a foul that gives the opponent the choice of the table is valued at the
option he would take. Nothing here re-derives a rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.game import Discipline, GameState
from rules.ruling import BallInHand, Choice, RulesError, Ruling
from simulator.players import shots
from simulator.players.strength import Noise

WIN = 1.0
LOSS = -1.0
# The worth of being at the table with a next shot of quality q: a sure
# shot is most of a game's worth, no shot at all a little less than nothing
# (a safety is then the best one can do).
AT_TABLE_BASE = -0.15
AT_TABLE_GAIN = 0.75
# The cue ball in hand anywhere is worth at least a shot of this quality,
# pot or none: where nothing can be potted, it places a safety at will.
HAND_FLOOR = 0.6
BALL_SCORED = 0.03  # each ball scored in a race: progress to the game
POINT = 0.05  # each point in a points game, against the others' mean
BREAK_VALUE = 0.0  # to break (when not estimated by simulation)
# A rival's good shot when his pots do not cost this player (Express: he
# writes off somebody else) still moves him on: it counts this much.
BYSTANDER = 0.2


@dataclass(frozen=True)
class Judge:
    """A player's way of valuing tables: its own noise for everybody's
    chances (it knows no better), and whether it looks at the next shot."""

    discipline: Discipline[Any]
    me: int
    noise: Noise
    max_cut: float
    position: bool
    break_value: float = BREAK_VALUE

    def at_table(self, quality: float) -> float:
        return AT_TABLE_BASE + AT_TABLE_GAIN * quality

    def state_value(self, state: GameState, me: int | None = None,
                    depth: int = 2) -> float:
        """The state from ``me``'s side (default: this player)."""
        me = self.me if me is None else me
        if state.game_over:
            if state.winner is None:
                return 0.0
            return WIN if state.winner == me else LOSS
        try:
            req = self.discipline.requirements(state)
        except RulesError:
            return 0.0
        if req.is_lag:
            return 0.0
        if req.pending:
            if depth <= 0:
                return 0.0
            chooser = req.chooser if req.chooser is not None else req.shooter
            best: tuple[float, float] | None = None
            for c in req.pending:
                nxt = self.chosen(state, c)
                if nxt is None:
                    continue
                theirs = self.state_value(nxt, chooser, depth - 1)
                mine = theirs if chooser == me else \
                    self.state_value(nxt, me, depth - 1)
                if best is None or theirs > best[0]:
                    best = (theirs, mine)
            return 0.0 if best is None else best[1]
        shooter = req.shooter
        if req.is_break:
            worth = self.break_value
        elif not self.position:
            worth = self.at_table(0.5)
        else:
            view = shots.View.of(state.table, req)
            q = shots.quality(view, self.noise, self.max_cut)
            if req.ball_in_hand is BallInHand.ANYWHERE:
                q = max(q, HAND_FLOOR)
            worth = self.at_table(q)
        if shooter == me:
            return worth
        if req.loses_by_pots(me) or state.players == 2:
            return -worth
        return -BYSTANDER * worth

    def chosen(self, state: GameState, choice: Choice) -> GameState | None:
        try:
            out: GameState = self.discipline.choose(state, choice, None)
        except RulesError:
            return None
        return out

    def points_value(self, ruling: Ruling, me: int | None = None) -> float:
        """The points the ruling moved, mine against the others' mean; in a
        race, the balls I scored."""
        me = self.me if me is None else me
        value = 0.0
        if ruling.points and any(ruling.points):
            mine = ruling.points[me]
            others = [p for i, p in enumerate(ruling.points) if i != me]
            value += POINT * (mine - (sum(others) / len(others) if others else 0.0))
        if ruling.shooter == me and self.discipline.scoring == "race":
            value += BALL_SCORED * len(ruling.scored)
        return value

    def outcome(self, ruling: Ruling, state: GameState) -> float:
        """A judged shot: the points it moved and the state it leaves."""
        return self.points_value(ruling) + self.state_value(state)


def succeeded(ruling: Ruling, me: int) -> bool:
    """A legal shot that scored and kept the table (or won the game)."""
    if ruling.game_over:
        return ruling.winner == me and not ruling.fouls
    return (not ruling.fouls and bool(ruling.scored) and ruling.next_shooter == me
            and not ruling.options)
