"""Computer players, above the physics and the rules (no pygame).

- :mod:`~simulator.players.strength`: strengths as execution noise and search
  budgets (beginner, club, strong, pro; the strong and pro players on the
  noise of the computational pool tournaments);
- :mod:`~simulator.players.aim`: ghost balls, clear paths, throw, pocket
  windows, banks and kicks (geometry only);
- :mod:`~simulator.players.shots`: candidate strokes and their geometric
  chance; spots for the cue ball in hand;
- :mod:`~simulator.players.plan`: a place's worth two shots deep (the next
  pot and where it leaves the cue ball for the one after), problem balls;
- :mod:`~simulator.players.appraise`: what an outcome is worth, as the
  referee rules it (fouls at the rules' cost);
- :mod:`~simulator.players.search`: candidates simulated with noise within
  a budget of simulations (search-grade, the final choice checked by the
  full physics);
- :mod:`~simulator.players.player`: :class:`ComputerPlayer`, every decision
  a person makes at the table;
- :mod:`~simulator.players.table`: a match played by computers, step by
  step (``python -m simulator.players match``);
- :mod:`~simulator.players.bench`: the figures
  (``python -m simulator.players.bench``).
"""

from simulator.players.player import (
    ChoiceDecision,
    ComputerPlayer,
    LagDecision,
    ShotDecision,
    SignDecision,
    seed_for,
)
from simulator.players.strength import STRENGTHS, Noise, Strength, strength

__all__ = [
    "STRENGTHS",
    "ChoiceDecision",
    "ComputerPlayer",
    "LagDecision",
    "Noise",
    "ShotDecision",
    "SignDecision",
    "Strength",
    "seed_for",
    "strength",
]
