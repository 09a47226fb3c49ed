"""The referee quiz: questions made from a scenario and the referee's ruling
on its stroke, graded against that ruling; a score per session.

Questions and answers are plain strings so the app can show them as buttons:
``foul`` ("yes" / "no"), ``rule`` (a foul code id, or "none" for a legal
shot), ``next_shooter`` (a player index as a string), ``ball_in_hand`` (a
region), ``next_turn`` (both at once, as a referee says them: "same:none",
"other:kitchen"; asked instead of the two when a scenario asks both),
``options`` (a set of choices; "none" when there are none). Prompt
texts are locale keys (``quiz.<kind>``); the explanation is the scenario's
own text plus the codes and seed rules of the ruling.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rules import registry
from rules.codes import FoulCode, Kind, Note, SeedRef
from rules.express import ExpressNote
from rules.main_foul import fouls_main_first  # as every view orders them
from rules.questions import LegalLook, first_contact
from rules.ruling import BallInHand, Choice, Foul, Outcome, Ruling
from simulator.practice.scenario import QUESTION_KINDS, Scenario, ScenarioError
from simulator.table.events import Shot
from simulator.table.specs import CUE_BALL, TableKind, table_by_name

YES, NO, NONE = "yes", "no", "none"

# Questions about the next shot of the same game: not asked when the stroke
# decided the game (a new rack and a break follow, or the match is over).
GAME_GOES_ON = ("next_shooter", "ball_in_hand")
# "Who shoots next, and from where?" in one answer, as a referee gives it:
# the same player or the other (the opponent; in Express the next player in
# turn) and where the cue ball is played from. Asked as two questions, "who"
# was a player's name (the class did not know whose stroke it was) and the
# place a question of its own.
TURN = "next_turn"
SAME, OTHER = "same", "other"
# The answers offered, by table: those the referee gives (the same player
# from the kitchen: 14.1's offender re-breaking after a third foul; from the
# house: Express's own ball pocketed).
TURNS = {TableKind.POOL: ("same:none", "other:none", "other:anywhere",
                          "other:kitchen", "same:kitchen"),
         TableKind.PYRAMID: ("same:none", "other:none", "other:house",
                             "other:temp_house", "same:house", "same:temp_house")}
RULE_CHOICES = 4  # answers offered for "which rule" (the right ones included)
REGIONS = {TableKind.POOL: ("none", "anywhere", "kitchen"),
           TableKind.PYRAMID: ("none", "house", "temp_house")}


# The question a note of the ruling answers when it is not "Was it a foul?"
# (what the stroke did): the turn, ball in hand, the incoming player's
# options. Its reveal waits for that question: "Miss: the turn passes" under
# "Was it a foul?" answered "Who shoots next?" before it was asked.
NOTE_ANSWERS: dict[str, str] = {
    **{c.id: "next_shooter" for c in (
        Note.MISS, Note.SCORED, Note.CONTINUES, Note.SAFETY, Note.EIGHT_FIRST_OPEN,
        Note.CALLED_BALL_MISSED, Note.CALL_REQUIRED, ExpressNote.CONTINUES,
        ExpressNote.MISS, ExpressNote.BREAK_NO_POT, ExpressNote.SERIES_ENDS,
        ExpressNote.LAST_BALL_MISS, ExpressNote.KNOCKOUT_BONUS)},
    **{c.id: "ball_in_hand" for c in (ExpressNote.CUE_FROM_HOUSE,
                                      ExpressNote.TEMP_HOUSE)},
    **{c.id: "options" for c in (Note.PUSH_OUT, Note.EIGHT_ON_BREAK,
                                 Note.BREAK_OFF_TABLE, ExpressNote.CHOICE,
                                 ExpressNote.RERACK)},
}


class QuizError(ScenarioError):
    """A question that cannot be asked, or an answer of the wrong shape."""


@dataclass(frozen=True)
class Question:
    """One question: its kind, the locale key of its prompt, the answers to
    offer, the right ones, and whether several answers make one reply."""

    kind: str
    key: str
    choices: tuple[str, ...]
    correct: frozenset[str]
    multiple: bool = False


@dataclass(frozen=True)
class Grade:
    """One graded answer, with what was right and why (codes and seed rules
    of the ruling, for the explanation)."""

    question: Question
    answer: frozenset[str]
    right: bool
    expected: frozenset[str]
    codes: tuple[str, ...]
    refs: tuple[SeedRef, ...]


def _foul_codes(ruling: Ruling) -> tuple[str, ...]:
    """Every breach, fouls and losses of the game, the main one first."""
    return tuple(dict.fromkeys(f.code.id for f in fouls_main_first(ruling)))


def fouled(ruling: Ruling) -> bool:
    """Whether the stroke had a foul: a loss of the game is not one by itself
    (8-ball 15: the 8 early or in a pocket not called loses the game on a
    stroke that may break no other rule), so "Was it a foul?" is yes only
    when a foul was committed, with the loss or without it."""
    return any(f.code.kind is Kind.FOUL for f in ruling.fouls)


def losses(ruling: Ruling) -> tuple[Foul, ...]:
    """The entries of the ruling that lose the game, the main one first."""
    return tuple(f for f in fouls_main_first(ruling) if f.code.kind is Kind.LOSS)


def note_answers(note: Outcome, kinds: Iterable[str] = ()) -> str:
    """The question kind a note of the ruling answers ("foul" for what the
    stroke did); among ``kinds`` (the questions asked), who shoots next and
    from where are one question when it is asked."""
    kind = NOTE_ANSWERS.get(note.code.id, "foul")
    if kind in GAME_GOES_ON and TURN in kinds:
        return TURN
    return kind


def turn_answer(scenario: Scenario, ruling: Ruling) -> str:
    """The referee's answer to "Who shoots next, and from where?": read from
    the ruling's next shooter against the stroke's and its ball in hand."""
    who = SAME if ruling.next_shooter == scenario.game.shooter else OTHER
    return f"{who}:{ruling.ball_in_hand.value}"


def turn_question(scenario: Scenario, ruling: Ruling) -> Question:
    right = turn_answer(scenario, ruling)
    offered = TURNS[table_by_name(scenario.table).kind]
    if right not in offered:  # a ruling no table's list foresaw is still asked
        offered = (*offered, right)
    return Question(TURN, f"quiz.{TURN}", offered, frozenset({right}))


def placement_ref(scenario: Scenario, ruling: Ruling) -> SeedRef | None:
    """The rule that gives the incoming player the cue ball where the ruling
    puts it after a foul (9-ball 6: anywhere, 3 on the break; 8-ball 5:
    behind the head string after a scratch on the break, 11 anywhere; 14.1
    10, 6 on the break), read from the game's own list of placements
    (``DisciplineInfo.hand``) without the breaker's own start: those of a
    foul on the break when the stroke was the break, the others otherwise.
    None when no foul gave ball in hand, when the offender keeps the table
    (14.1's third foul: rule 12 re-breaks), or when the list names no single
    rule for that place: the foul's rule is then the reason."""
    if not fouled(ruling) or ruling.ball_in_hand is BallInHand.NONE or \
            ruling.next_shooter == scenario.game.shooter:
        return None
    hands = [h for h in registry.info(scenario.discipline).hand
             if h.region is ruling.ball_in_hand and h.when != "break"]
    on_break = [h for h in hands if h.when.endswith("_on_break")]
    # A game whose list has no rule of its own for the break's foul places
    # the ball by its general one (8-ball 11 after an illegal break's choice).
    if scenario.game.is_break and on_break:
        hands = on_break
    elif len(hands) > len(on_break):
        hands = [h for h in hands if h not in on_break]
    refs = {h.ref for h in hands}
    return refs.pop() if len(refs) == 1 else None


# What made a legal stroke look like a foul, and the rule that allows it:
# ``key`` names the words (``quiz.cleared_<key>``), ``code`` the foul it was
# not (its rule is cited), ``ball`` the object ball concerned.
Cleared = LegalLook


def cleared(scenario: Scenario, shot: Shot, ruling: Ruling) -> tuple[Cleared, ...]:
    """Why a stroke without a foul is legal: the referee's own facts
    (``Discipline.legal_looks``), read from the conditions it judged the
    stroke by, so the explanation cannot say other than the ruling. Empty
    when the stroke had a foul: the ruling is not changed, only read."""
    if fouled(ruling):
        return ()
    return scenario.referee.legal_looks(scenario.game, shot, ruling)


# What was seen of a foul, by the last part of its code id where the words
# need more than the code ("no ball touched" or "the 5 first" for a wrong
# first contact): a foul of another game with the same last part (Express's
# double hit) reads the same words.
SEEN_AS = {"no_cushion": "no_rail"}
SEEN_FIRST_BALL = {"bad_hit": "hit_first", "break_not_one": "break_hit_first"}


@dataclass(frozen=True)
class Seen:
    """What was seen of the main foul, without its rule (the rule is the
    next question's answer): ``key`` names the words (``quiz.seen_<key>``),
    ``ball`` the ball concerned."""

    key: str
    ball: int | None = None


def seen(shot: Shot, ruling: Ruling) -> Seen | None:
    """The main foul of the stroke as it was seen: "the cue ball touched no
    ball", "the cue ball went into a pocket". None without a foul."""
    fouls = [f for f in fouls_main_first(ruling) if f.code.kind is Kind.FOUL]
    # A third foul in a row (14.1 12) is counted, not seen: the stroke's own
    # foul is what the class watched.
    main = next((f for f in fouls if f.code is not FoulCode.THIRD_FOUL),
                fouls[0] if fouls else None)
    if main is None:
        return None
    name = main.code.id.rsplit(".", 1)[-1]
    hit = first_contact(shot.events)
    if name in SEEN_FIRST_BALL or name == "no_contact":
        if hit is None:
            return Seen("no_contact")
        return Seen(SEEN_FIRST_BALL.get(name, "hit_first"), hit.ball)
    ball = next((b for b in main.balls if b != CUE_BALL),
                hit.ball if hit is not None else None)
    if name == "ball_off_table" and CUE_BALL in main.balls:
        return Seen("cue_off_table")  # Express's item 1 takes the cue ball too
    return Seen(SEEN_AS.get(name, name), ball)


def make_questions(scenario: Scenario, ruling: Ruling) -> tuple[Question, ...]:
    """The questions the scenario asks (all five when it has no question
    block), answered by the referee's ruling; who shoots next and from
    where, both asked, make one question (``TURN``); they are left out when
    the stroke decided the game, and "which rule was broken?" after "was it
    a foul?" when no rule was: it takes a breach for granted, and after a
    right "no foul" asked it again (the answer to the first says what
    happened)."""
    kinds = scenario.question.asks if scenario.question else QUESTION_KINDS
    out: list[Question] = []
    fouls = _foul_codes(ruling)
    both = all(k in kinds for k in GAME_GOES_ON)
    for kind in kinds:
        key = f"quiz.{kind}"
        if ruling.game_over and kind in GAME_GOES_ON:
            continue  # the game is decided: nobody shoots next in it
        if both and kind in GAME_GOES_ON:
            if kind == GAME_GOES_ON[0]:
                out.append(turn_question(scenario, ruling))
            continue
        if kind == "rule" and not fouls and "foul" in kinds:
            continue
        if kind == "foul":
            out.append(Question(kind, key, (YES, NO),
                                frozenset({YES if fouled(ruling) else NO})))
        elif kind == "rule":
            right = fouls or (NONE,)
            # "None: the shot was legal" is no answer once "Was it a foul?"
            # has been answered: a right "yes" knows a rule was broken, a
            # wrong "no" was told so by its reveal (play-test 33).
            offer_none = NONE not in right and \
                "foul" not in kinds[:kinds.index(kind)]
            # Wrong answers: the game's common fouls the ruling does not have.
            common = registry.info(scenario.discipline).common_fouls
            pool = [c.id for c in common if c.id not in right]
            extra = pool[:max(0, RULE_CHOICES - len(right) - offer_none)]
            choices = sorted({*right, *extra})
            if offer_none:
                choices.append(NONE)
            if losses(ruling) and not fouled(ruling):
                # 8-ball 15: the 8 pocketed early or in a pocket not called
                # loses the game with no rule broken; "Which rule was
                # broken?" after a right "no foul" asked for a breach there
                # was none of. The rule asked for is the one deciding the game.
                key = "quiz.rule_loss"
            # Several breaches (a foul and the loss it brings): "choose all
            # that apply", and the set is the answer. Either one alone was
            # right, and a class could not tell which was meant.
            several = len(right) > 1
            out.append(Question(kind, f"{key}_all" if several else key,
                                tuple(choices), frozenset(right), multiple=several))
        elif kind == "next_shooter":
            players = tuple(str(i) for i in range(scenario.players))
            out.append(Question(kind, key, players,
                                frozenset({str(ruling.next_shooter)})))
        elif kind == "ball_in_hand":
            regions = REGIONS[table_by_name(scenario.table).kind]
            got = ruling.ball_in_hand.value
            if got not in regions:
                raise QuizError(f"{scenario.id}: ball in hand {got!r} is not a "
                                f"region of this table")
            out.append(Question(kind, key, regions, frozenset({got})))
        elif kind == "options":
            opts = tuple(c.value for c in ruling.options)
            offered = _offered_options(scenario.discipline, opts)
            out.append(Question(kind, key, offered,
                                frozenset(opts) if opts else frozenset({NONE}),
                                multiple=True))
    return tuple(out)


def intro_fits(scenario: Scenario, questions: Sequence[Question]) -> bool:
    """The scenario's intro may be shown: it asks "who shoots next, and from
    where?", so not when those questions were left out (the stroke decided
    the game)."""
    asked = {q.kind for q in questions}
    if TURN in asked:
        asked.update(GAME_GOES_ON)
    wanted = scenario.question.asks if scenario.question else QUESTION_KINDS
    return all(k in asked for k in wanted if k in GAME_GOES_ON)


# Choices that are one act under two clauses of a rule: 8-ball 5's re-rack
# after an illegal break and its break again after the 8 down on the break
# both rack the balls anew for the chooser to break (EightBall.apply_choice).
# Offered side by side, "Re-rack and break myself" and "Re-rack and break
# again" read the same: one of them is offered, the one the ruling gives.
SAME_ACT = ((Choice.RE_BREAK.value, Choice.RERACK_BREAK.value),)


def _offered_options(discipline: str, right: Sequence[str]) -> tuple[str, ...]:
    """The choices of this game (so a wrong set can be picked), then none;
    of two choices that are one act, only the one the ruling gives (the
    second of the pair when it gives neither)."""
    names = [c.value for c in registry.info(discipline).choices]
    names += [c for c in right if c not in names]
    for a, b in SAME_ACT:
        if a in names and b in names and not (a in right and b in right):
            names.remove(a if a not in right else b)
    return (*names, NONE)


def _answer_set(q: Question, answer: str | Iterable[str]) -> frozenset[str]:
    if isinstance(answer, str):
        items = [answer]
    else:
        items = list(answer)
        if not all(isinstance(a, str) for a in items):
            raise QuizError(f"answer: expected text for {q.kind}")
    if not items:
        raise QuizError(f"answer: empty answer to {q.kind}")
    if len(items) > 1 and not q.multiple:
        raise QuizError(f"answer: {q.kind} takes one answer")
    for a in items:
        if a not in q.choices:
            raise QuizError(f"answer: {a!r} is not an answer to {q.kind} "
                            f"(answers: {', '.join(q.choices)})")
    if NONE in items and len(items) > 1:
        raise QuizError("answer: 'none' cannot be given with other options")
    return frozenset(items)


def grade(q: Question, answer: str | Iterable[str], ruling: Ruling) -> Grade:
    """Grade one answer: a single answer is right when it is one of the
    right ones (any breach for "which rule"); a set must match exactly."""
    given = _answer_set(q, answer)
    right = given == q.correct if q.multiple else given <= q.correct
    codes = _foul_codes(ruling) + tuple(n.code.id for n in ruling.notes)
    # The rules the ruling cites (9-ball 7 for a wrong ball first, as every
    # view says), not the codes' home rules (general 16).
    refs = tuple(dict.fromkeys([*(f.ref for f in fouls_main_first(ruling)),
                                *(n.ref for n in ruling.notes)]))
    return Grade(q, given, right, q.correct, codes, refs)


@dataclass
class QuizSession:
    """The score of one sitting: every graded answer, by question kind."""

    grades: list[Grade] = field(default_factory=list)
    scenarios: list[str] = field(default_factory=list)
    # Each situation's graded answers: the sitting's end names those missed.
    by_scenario: dict[str, list[Grade]] = field(default_factory=dict)

    def record(self, scenario_id: str, g: Grade) -> Grade:
        self.grades.append(g)
        if scenario_id not in self.scenarios:
            self.scenarios.append(scenario_id)
        self.by_scenario.setdefault(scenario_id, []).append(g)
        return g

    def finished(self, ids: Iterable[str]) -> bool:
        """Whether every situation of a sitting has been answered."""
        return all(i in self.by_scenario for i in ids)

    def missed(self, ids: Iterable[str]) -> list[str]:
        """The situations of ``ids`` with an answer not right, in order."""
        return [i for i in ids
                if not all(g.right for g in self.by_scenario.get(i, ()))]

    def answer(self, scenario: Scenario, q: Question, answer: str | Iterable[str],
               ruling: Ruling) -> Grade:
        return self.record(scenario.id, grade(q, answer, ruling))

    @property
    def asked(self) -> int:
        return len(self.grades)

    @property
    def right(self) -> int:
        return sum(1 for g in self.grades if g.right)

    @property
    def percent(self) -> float:
        return 100.0 * self.right / self.asked if self.asked else 0.0

    def by_kind(self) -> dict[str, tuple[int, int]]:
        """kind -> (right, asked)."""
        out: dict[str, tuple[int, int]] = {}
        for g in self.grades:
            r, a = out.get(g.question.kind, (0, 0))
            out[g.question.kind] = (r + g.right, a + 1)
        return out

    def to_dict(self) -> dict[str, object]:
        return {"asked": self.asked, "right": self.right,
                "scenarios": list(self.scenarios),
                "by_kind": {k: list(v) for k, v in self.by_kind().items()}}
