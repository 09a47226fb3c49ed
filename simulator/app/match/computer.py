"""Computer players in the window: which seats are computers, who must act
now, their decisions in the player's words, and the hint.

A seat is a computer when its player's name is ``cpu:LEVEL`` (``cpu:club``,
``cpu:strong 2``): that is what ``--players Ann,cpu:club`` and the setup
screen store in the match, so a saved match against the computer comes
back with its computers. The decisions themselves are
``simulator.players``'; this module only asks and words them.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from simulator.app.table.aim import Aim, power_of
from simulator.app.text.i18n import Locale
from simulator.players import ComputerPlayer, Strength
from simulator.players.hint import HINT_LEVEL
from simulator.players.player import (
    CHECKS,
    ChoiceDecision,
    ShotDecision,
    Thinking,
    seed_for,
)
from simulator.players.shots import ELEVATION as LEVEL_ELEVATION
from simulator.players.table import given_name, parse_seat, seat_number
from simulator.table.specs import CUE_BALL

if TYPE_CHECKING:
    from rules.referee import Match
    from simulator.players.hint import Hint, Progress
    from simulator.table.state import TableState

# The watching speeds of a computer's shots: 1x, 2x, 4x, or skipped (0).
WATCH_SPEEDS: tuple[tuple[str, float], ...] = (("1", 1.0), ("2", 2.0), ("4", 4.0),
                                              ("skip", 0.0))
SHOW_SECONDS = 1.2  # a decision stays on show this long at 1x before it is played
CHOICE_SECONDS = 3.0  # a choice, with its rule and the options weighed, longer
THINK_SLICE = 0.025  # seconds of thinking a frame (the window keeps drawing)
HINT_SALT = 0x41A7  # a hint's seed differs from the player's own decision's
# The player whose stroke a hint suggests: the strongest that decides
# within the hint's time (simulator.players.hint).
HINT_STRENGTH = HINT_LEVEL


def strength_of(name: str) -> Strength | None:
    """The strength of a computer seat's name, None for a person."""
    try:
        return parse_seat(name).strength
    except ValueError:
        return None


def is_computer_name(name: str) -> bool:
    return strength_of(name) is not None


def seat_words(loc: Locale, name: str, among: Sequence[str] = ()) -> str:
    """A computer seat in words ("Computer (club)", "Computer 2 (club)") or
    by the name a player gave it ("Deep Blue"); a person's name as it is.
    Among the seats ``among`` where a second of its level sits, the first
    is "Computer 1 (club)": two alike read "Computer (strong)" and
    "Computer (strong) 2", the first never told apart."""
    s = strength_of(name)
    if s is None:
        return name
    number = seat_number(name)[1] or first_of_level(name, among)
    given = given_name(name)
    level = loc.t(f"cpu.level.{s.name}")
    if given:
        return f"{given} {number}" if number else given
    if number:
        return loc.t("cpu.name_n", n=number, level=level)
    return loc.t("cpu.name", level=level)


def short_seat_words(loc: Locale, name: str, among: Sequence[str] = ()) -> str:
    """A computer seat in one word where room is short ("Club 2"), by the
    name a player gave it if any; a person's name as it is."""
    s = strength_of(name)
    if s is None or given_name(name):
        return seat_words(loc, name, among)
    number = seat_number(name)[1] or first_of_level(name, among)
    words = loc.t(f"cpu.level_short.{s.name}")
    return f"{words} {number}" if number else words


def first_of_level(name: str, among: Sequence[str]) -> str:
    """"1" for an unnumbered computer seat that has a numbered one of its
    level beside it (``cpu:club`` with ``cpu:club 2``), else ""."""
    base, number = seat_number(name)
    if number or strength_of(name) is None:
        return ""
    return "1" if any(o != name and seat_number(o)[0] == base and
                      seat_number(o)[1] for o in among) else ""


def seat_names(names: list[str]) -> list[str]:
    """Names made unique where two computers of one level sit (``cpu:club``,
    ``cpu:club 2``), people's names untouched."""
    out: list[str] = []
    for n in names:
        base = seat_number(n)[0]
        k = 2
        while n in out and is_computer_name(n):
            n = f"{base} {k}"
            k += 1
        out.append(n)
    return out


@dataclass(frozen=True)
class Turn:
    """What a computer must do now: ``kind`` shot, choice, sign or lag, and
    the player (the chooser of a choice, the signer)."""

    kind: str
    player: int


def computers(match: Match) -> list[ComputerPlayer | None]:
    return [None if (s := strength_of(n)) is None else ComputerPlayer(s)
            for n in match.players]


def turn(match: Match) -> Turn | None:
    """The computer that acts next, if the one the referee names is one."""
    if match.over:
        return None
    req = match.requirements()
    players = computers(match)
    for p in tuple(getattr(req, "may_sign", ())):
        if players[p] is not None:
            return Turn("sign", p)
    if req.is_lag:
        return None  # the lag screen lets each seat strike in turn
    if req.pending:
        chooser = req.chooser if req.chooser is not None else req.shooter
        return Turn("choice", chooser) if players[chooser] is not None else None
    return Turn("shot", req.shooter) if players[req.shooter] is not None else None


def decision_seed(match: Match, player: int) -> int:
    return seed_for(match.seed, len(match.history), player)


def think_shot(match: Match, player: int) -> Thinking[ShotDecision]:
    cp = computers(match)[player]
    assert cp is not None
    return Thinking(cp.shot_steps(match.discipline, match.state,
                                  decision_seed(match, player), match.requirements()))


def think_choice(match: Match, player: int) -> Thinking[ChoiceDecision]:
    cp = computers(match)[player]
    assert cp is not None
    req = match.requirements()
    return Thinking(cp.choice_steps(match.discipline, match.state, req.pending,
                                    player, decision_seed(match, player)))


def think_hint(match: Match) -> Thinking[Hint]:
    """The hint player's stroke for the shooter, with its predicted shot."""
    from simulator.players import STRENGTHS
    from simulator.players.hint import Progress, suggest_steps
    req = match.requirements()
    seed = decision_seed(match, req.shooter) ^ HINT_SALT
    progress = Progress()
    job = Thinking(suggest_steps(match.discipline, match.state, seed,
                                 STRENGTHS[HINT_STRENGTH], progress))
    _PROGRESS[job] = progress
    return job


# Each hint's search and how far it is (its budget as spent).
_PROGRESS: weakref.WeakKeyDictionary[Thinking[Hint], Progress] = \
    weakref.WeakKeyDictionary()


def hint_share(job: Thinking[Hint], is_break: bool) -> int:
    """How much of a hint's search is done, in per cent (the budget its
    search has spent: simulations, or the balls they set moving where those
    end it first; never 100 before it is found: a hopeless pot adds a search
    for a safety, counted on its own)."""
    from simulator.players.hint import SAFETY_SHARE
    progress = _PROGRESS.get(job)
    if progress is not None:
        return min(99, int(100 * progress.share()))
    budget = _hint_budget(is_break)
    if hint_seeks_safety(job, is_break):
        # The pot was given up and a safety is looked for: its own count
        # from 0, not "99 %" for as long again.
        return min(99, 100 * (job.simulations - budget - CHECKS) //
                   max(1, round(budget * SAFETY_SHARE)))
    return min(99, 100 * job.simulations // budget)


def _hint_budget(is_break: bool) -> int:
    from simulator.players import STRENGTHS
    from simulator.players.hint import hint_strength
    st = hint_strength(STRENGTHS[HINT_STRENGTH])
    return max(1, st.search.break_budget if is_break else st.search.shot_budget)


def hint_seeks_safety(job: Thinking[Hint], is_break: bool) -> bool:
    """Whether the hint's first search is over and a safety is looked for
    (its pot was given up)."""
    progress = _PROGRESS.get(job)
    if progress is not None:
        return progress.safety
    return job.simulations > _hint_budget(is_break) + CHECKS


def aim_of(d: ShotDecision) -> Aim:
    """The stroke meant, as the aim controls show it."""
    s = d.intended
    return Aim(angle=s.direction % 360.0, power=power_of(s.speed), tip_a=s.tip_a,
               tip_b=s.tip_b, elevation=s.elevation)


# The hint speaks to the player ("Pot the 5 ..."), the computer's turn of
# itself ("Pots 5 ..."): the hint's words for each of the turn's.
HINT_WORDS = {
    "evening.cpu_tries": "hint.say.tries",
    "play.calls_pot": "hint.say.calls_pot",
    "play.calls_bank": "hint.say.calls_bank",
    "evening.cpu_calls_cue_pot": "hint.say.calls_cue_pot",
    "play.aims_pot": "hint.say.aims_pot",
    "play.aims_bank": "hint.say.aims_bank",
    "cpu.calls": "hint.say.calls",
    "cpu.declares_safety": "hint.say.declares_safety",
    "cpu.no_legal": "hint.say.no_legal",
    "cpu.no_legal_miss": "hint.say.no_legal_miss",
    "cpu.declares_push_out": "hint.say.declares_push_out",
    "cpu.places": "hint.say.places",
    "cpu.contact": "hint.say.contact",
    "cpu.stroke": "hint.say.stroke",
    "cpu.raised": "hint.say.raised",
    **{f"cpu.shot.{k}": f"hint.say.shot.{k}" for k in (
        "pot", "bank", "kick", "safety", "break", "safe_break", "cue_pot",
        "push_out", "roll", "combo")},
    **{f"cpu.strength.{k}": f"hint.say.strength.{k}" for k in (
        "soft", "medium", "firm", "hard")},
}


def shot_lines(loc: Locale, d: ShotDecision, ball_words: Any,
               radius: float, table: TableState | None = None,
               hint: bool = False, stroke_said: bool = True) -> list[str]:
    """A stroke decided, in words: what it is, the call, how sure it was,
    and how it is played, as a player says it (how full to hit the ball and
    on which side, on ``table``; how hard; where the tip meets the cue
    ball): an angle such as "aim 179.4°" told a player nothing. ``hint``:
    said to the player as what to do, not what the computer does. Without
    ``stroke_said`` the line of how hard and where the tip meets is left to
    the aim controls that show it."""
    def t(key: str, **kw: Any) -> str:
        return loc.t(HINT_WORDS.get(key, key) if hint else key, **kw)
    # "into the ... pocket": the name in the form a sentence sending a ball
    # there takes (Russian: «в правую нижнюю угловую лузу», not «луза: ...»)
    pocket = t(f"pocket_into.{d.pocket}") if d.pocket else ""
    ball = ball_words(d.target) if d.target is not None else ""
    potting = d.kind in ("pot", "bank", "cue_pot", "combo")
    decl = d.declarations
    # Said once: a pot it calls is one line, not "Pots 5..." then "Calls 5...".
    # A combination's call is a line of its own (the call's words name a
    # straight pot).
    called_as_played = potting and d.kind != "combo" and \
        decl.called_ball == d.target and decl.called_pocket == d.pocket
    hopeless = potting and d.simulations > 0 and d.success <= 0.0
    if d.fouls:
        # Every stroke tried fouled: said plainly, never as a safety (the
        # hint advised a "safety on the 2" through the 8, a foul).
        lines = [t("cpu.no_legal", ball=ball) if ball else t("cpu.no_legal_miss")]
    elif hopeless:  # no try of it potted legally: not said as a pot
        lines = [t("evening.cpu_tries", ball=ball, pocket=pocket)]
    elif called_as_played and decl.called_ball is not None:
        # An intention, not a result: the stroke played carries the player's
        # error and may miss what every simulated try potted.
        word = f"play.calls_{d.kind}" if d.kind in ("pot", "bank") else \
            f"evening.cpu_calls_{d.kind}"
        lines = [t(word, ball=ball, pocket=pocket)]
    elif d.kind in ("pot", "bank"):
        lines = [t(f"play.aims_{d.kind}", ball=ball, pocket=pocket)]
    else:
        # A stroke at no ball is not said as a safety "on" an empty name.
        kind = "roll" if d.kind in ("safety", "kick") and d.target is None \
            else d.kind
        lines = [t(f"cpu.shot.{kind}", ball=ball, pocket=pocket)]
    odds = d.simulations > 0 and potting
    if odds:
        # How likely the pot is, in a player's words, where it is named: the
        # lines under it are the first a low window leaves out (14.1 at
        # 800x500 showed the call alone).
        lines[0] += loc.t("odds.after",
                          chance=chance_words(loc, d.success, d.tries))
    if decl.called_ball is not None and decl.called_pocket is not None and \
            not called_as_played:
        lines.append(t("cpu.calls", ball=ball_words(decl.called_ball),
                       pocket=t(f"pocket_into.{decl.called_pocket}")))
    if decl.safety:
        lines.append(t("cpu.declares_safety"))
    if decl.push_out:
        lines.append(t("cpu.declares_push_out"))
    if d.place is not None and hint:
        # (the hint draws its spot as a ring: short words keep the column)
        lines.append(loc.t("hint.say.places_shown"))
    elif d.place is not None and table is not None:
        lines.append(t("cpu.places", **place_words(loc, table, d.place)))
    a = aim_of(d)
    contact = contact_words(loc, d, ball_words, radius, table, hint) \
        if table is not None and d.kind in ("pot", "safety") else None
    if contact:
        lines.append(contact)
    how = strength_key(d.intended.speed)
    stroke = t("cpu.stroke", strength=t(f"cpu.strength.{how}"),
               power=round(100 * a.power), speed=loc.num(d.intended.speed, 1),
               spin=spin_words(loc, a.tip_a, a.tip_b, radius))
    if hint:
        stroke += hint_raised(loc, a.elevation)
    elif a.elevation >= RAISED:  # a level cue goes unsaid
        stroke += t("cpu.raised", elevation=loc.num(a.elevation, 0))
    if not hint and stroke_said and lines[:1] == [t("cpu.shot.break")]:
        # "Breaks hard (86%, …)" after where it puts the cue ball: «Разбивает»
        # stood alone on a line above them, a verb with nothing to it.
        lines.pop(0)
        stroke = t("cpu.shot.break_how", how=stroke[:1].lower() + stroke[1:])
    if stroke_said:
        lines.append(stroke)
    if odds and d.tries > 0:
        # The count behind the odds, last, for whoever wants the figures: the
        # chosen stroke's own tries, not the whole decision's simulations
        # («300 из 300» read as certainty measured 300 times; it had 73).
        lines.append(tries_words(loc, d.success, d.tries))
    return lines


def hint_raised(loc: Locale, elevation: float) -> str:
    """A hint's cue elevation in a player's words, with no degree figure
    (the elevation gauge shows it once taken): nothing for the computer's
    level cue (held a little over a rail), else how raised."""
    if round(elevation) <= LEVEL_ELEVATION:
        return ""
    return loc.t("hint.say.raised" if elevation >= RAISED
                 else "hint.say.raised_slightly")


def place_words(loc: Locale, table: TableState, place: tuple[float, float]
                ) -> dict[str, str]:
    """Where a ball in hand goes, in words as the table is drawn (the head
    on the left): the kitchen or a half of the table, and across it
    (a computer's break said "where it is shown" with nothing shown)."""
    spec = table.spec
    x, y = place[0], place[1]
    if spec.in_kitchen(x):
        where = "kitchen"
    else:
        where = "head_half" if x < spec.length / 2 else "foot_half"
    # The middle fifth across is said as the middle (the break's spot).
    off = (y - spec.width / 2) / spec.width
    side = "middle" if abs(off) <= 0.1 else ("top" if off > 0 else "bottom")
    return {"where": loc.t(f"place_where.{where}"),
            "side": loc.t(f"place_where.{side}")}


# A share of tries at or above this is said as all but certain (one miss in
# twenty is not a player's "9 in 10").
ALMOST_SURE = 0.95
# Fewer tries than this are too few to call a pot certain: said so.
FEW_TRIES = 20


def chance_words(loc: Locale, share: float, tries: int | None = None) -> str:
    """How likely a pot is, as a player says it, for the ``share`` of
    simulated tries that potted it: "almost certain", "about 8 in 10",
    "rarely, under 1 in 10", "almost never" (the hint's and the computer's
    alike; "301 of 301 simulated tries" read as a count, not as odds).
    Out of fewer than FEW_TRIES ``tries`` only "likely" or "unlikely": "about
    7 in 10" beside "2 of 3 tries potted it (too few to be sure)" claimed
    a precision the count beneath it denied."""
    few = tries is not None and tries < FEW_TRIES
    if share <= 0.0:
        return loc.t("odds.never")
    if few:
        return loc.t("odds.likely" if share >= 0.5 else "odds.unlikely")
    if share >= ALMOST_SURE:
        return loc.t("odds.sure")
    tenths = round(10 * share)
    if tenths < 1:
        return loc.t("odds.rare")
    return loc.t("odds.in_ten", n=tenths)


def tries_words(loc: Locale, share: float, tries: int) -> str:
    """The count the odds stand on, the chosen stroke's own ``tries``:
    "252 of 301 simulated tries potted it" (its noun in the count's plural
    form); none potted it said as "none of 301", not "0 of 301" (play-test:
    «ни в одном из 301 пробного удара»); fewer than FEW_TRIES said to be
    few («12 из 12» is no certainty), in plain words: all of them potted it
    said so ("7 of 7 tries (too few to be sure)" read oddly), and why it is
    no certainty after."""
    k = round(share * tries)
    few = tries < FEW_TRIES
    if tries == 1:  # («1 из 1 пробного удара»: the one try said so)
        words = loc.t("odds.one_try_in" if k else "odds.one_try_missed")
    else:
        words = loc.t("odds.tries_none", n=tries) if k == 0 else \
            loc.t("odds.tries_all", n=tries) if few and k == tries else \
            loc.t("odds.tries", k=k, n=tries)
    return words + loc.t("odds.few_tries", n=tries) if few else words


RAISED = 5.0  # degrees of cue elevation worth saying
# m/s of the cue, up to: by speed, not the power bar's share, so a word
# keeps its meaning whatever the bar's top (1.1 m/s read "medium" once the
# top came down from 11 to 9 m/s).
STROKE_WORDS = ((1.26, "soft"), (3.54, "medium"), (7.15, "firm"))


def strength_key(speed: float) -> str:
    """How hard, in a player's word, for a stroke of ``speed`` m/s of cue."""
    return next((key for top, key in STROKE_WORDS if speed < top), "hard")


FULLNESS = ((0.9, "full"), (0.62, "three_quarter"), (0.38, "half"), (0.15, "quarter"))


def contact_words(loc: Locale, d: ShotDecision, ball_words: Any, radius: float,
                  table: TableState, hint: bool = False) -> str | None:
    """How the cue ball meets the ball it is sent at straight: "Hit the 5
    half-ball, on its left"; None when it meets it off a cushion (the line
    from the cue ball passes by it) or the balls are not on the table."""
    how = contact_how(loc, d, radius, table)
    if how is None or d.target is None:
        return None
    return loc.t("hint.say.contact" if hint else "cpu.contact",
                 ball=ball_words(d.target), how=how)


def contact_how(loc: Locale, d: ShotDecision, radius: float,
                table: TableState) -> str | None:
    """How full and on which side the cue ball meets the ball ``d`` is sent
    at straight ("with a half-ball hit, on its left side"), the words of
    :func:`contact_words` without the ball; None as there."""
    if d.target is None:
        return None
    placed = d.table(table)
    cue, ball = placed.position(CUE_BALL), placed.position(d.target)
    if cue is None or ball is None:
        return None
    rad = math.radians(d.intended.direction)
    ux, uy = math.cos(rad), math.sin(rad)
    vx, vy = ball[0] - cue[0], ball[1] - cue[1]
    side = ux * vy - uy * vx  # > 0: the ball lies left of the cue ball's line
    fraction = 1.0 - abs(side) / (2 * radius)
    if ux * vx + uy * vy <= 0 or fraction <= 0.0:
        return None
    full = next((key for least, key in FULLNESS if fraction >= least), "thin")
    t = loc.t
    how = t(f"cpu.fullness.{full}")
    if full != "full":  # the side of the ball the cue ball strikes
        how = t("cpu.on_side", how=how,
                side=t("cpu.side.right" if side > 0 else "cpu.side.left"))
    return how


SPIN_CENTRE = 0.05  # a tip offset under this fraction of R is a centre-ball hit


def spin_words(loc: Locale, tip_a: float, tip_b: float, radius: float) -> str:
    """Where the tip meets the cue ball, in a player's words and millimetres
    from the centre: "draw 3 mm, right side 1 mm", "centre ball"."""
    parts: list[str] = []
    if abs(tip_b) >= SPIN_CENTRE:
        parts.append(loc.t("cpu.spin.follow" if tip_b > 0 else "cpu.spin.draw",
                           mm=loc.num(abs(tip_b) * radius * 1000, 0)))
    if abs(tip_a) >= SPIN_CENTRE:
        parts.append(loc.t("cpu.spin.right" if tip_a > 0 else "cpu.spin.left",
                           mm=loc.num(abs(tip_a) * radius * 1000, 0)))
    return ", ".join(parts) if parts else loc.t("cpu.spin.centre")
