"""The referee quiz: a situation's first question opens by playing its
recorded stroke at 1/4 with the stick, the trails and the timeline, then holds
on where the stroke left the balls (its later questions open there); the
player answers (foul or not, which rule, who shoots next and from where, the
incoming player's options) by clicking once the stroke's last event is shown;
the stroke can be watched again at 1/4 before any answer (without the foul's
marks, which would give the answer away); each answer is graded by
simulator.practice.quiz against the referee's ruling and explained with the
rule, and the score of the sitting is kept."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import replace

import pygame

from rules.codes import OWN_RULES, FoulCode, Kind, Note, SeedRef
from rules.main_foul import fouls_main_first
from rules.questions import contacts_at, facts, first_contact
from rules.ruling import BallInHand, Outcome, Ruling
from simulator.app.loop.app import App, Mode
from simulator.app.match.session import shot_chips
from simulator.app.replay.shotshow import ShotShow, scenario_show
from simulator.app.screens.practice.memory import state_of
from simulator.app.screens.practice.practice_screen import (
    Action,
    PracticeScreen,
    after_positions,
    table_positions,
)
from simulator.app.screens.practice.scenario_list import to_practice_list
from simulator.app.screens.practice.session import (
    judge_result,
    practice_session,
    rule_line,
    situation_lines,
)
from simulator.app.screens.practice.shot_player import ShotPlayer, foul_stops
from simulator.app.table import scoreboard, strip
from simulator.app.text import ui
from simulator.app.text.i18n import Locale
from simulator.app.text.words import (
    ball_label,
    cite,
    cited_rule,
    code_words,
    discipline_label,
    foul_cite,
    home_rule,
    pool_games,
    ref_text,
)
from simulator.practice.quiz import (
    GAME_GOES_ON,
    NONE,
    OTHER,
    TURN,
    YES,
    Cleared,
    Grade,
    Question,
    QuizSession,
    cleared,
    fouled,
    losses,
    note_answers,
    placement_ref,
    seen,
)
from simulator.practice.scenario import Scenario
from simulator.table.events import Event, EventKind, Shot
from simulator.table.specs import TableKind, table_by_name

SLOW = 0.25  # the class's speed for watching again
# The side view's least height while a question is open: lower, its plot
# shows no height (a smaller one gives way to the question).
INSET_LEAST = 72
# Notes saying a declaration did not count (the stroke judged as an ordinary
# one): part of what happened, said with the first answer.
VOID_DECLARATIONS = (Note.PUSH_OUT_IGNORED,)
# Seconds after the answers appear during which a click on them where the
# cursor rested is not taken: they come up where the button that opened the
# question was ("Next question", "Next situation"), and the second click of a
# double click on it answered the question.
ANSWER_GUARD = 0.5
# Keys that move the stroke's clock (as in the gallery's replay), and those
# of them that step it (on the explanation they open the replay first).
PLAY_KEYS = (pygame.K_SPACE, pygame.K_HOME, pygame.K_LEFT, pygame.K_RIGHT)
STEP_KEYS = (pygame.K_COMMA, pygame.K_PERIOD, pygame.K_LEFT, pygame.K_RIGHT)
# The short sitting offered when a quiz starts: 25 situations did not fit a
# lesson, and there was no shorter set.
SHORT_SITTING = 10
# The board's heading in shorter words where the full ones do not fit its
# centre (a narrow window, three players): the suffixes of the heading's
# keys and of the score's, longest first; at the last, a replay's heading
# says only that it is the replay.
BOARD_FORMS = (("", "", False), ("_short", "", False), ("_short", "_short", False),
               ("_tiny", "_short", False), ("_tiny", "_short", True))


def quiz_ids(discipline: str | None) -> list[str]:
    """The library's situations that ask a question (of one discipline)."""
    from simulator.practice.library import library
    lib = library()
    return [e.id for e in lib.entries if e.has_question
            and (discipline is None or e.discipline == discipline)]


@functools.cache
def question_count(sid: str) -> int:
    """How many questions situation ``sid`` asks (its stroke judged once):
    the length choice and "Question 5 of 22" count a sitting's questions,
    which the situations' count alone hid (10 situations held 22)."""
    from simulator.physics import simulate
    from simulator.practice.library import load
    from simulator.practice.quiz import make_questions
    sc = load(sid)
    assert sc.stroke is not None
    return len(make_questions(sc, judge_result(sc, simulate(sc.position,
                                                            sc.stroke)).ruling))


def score_of(app: App) -> QuizSession:
    st = state_of(app)
    if st.quiz is None:
        st.quiz = QuizSession()
    return st.quiz


def start_quiz(app: App, discipline: str | None = None,
               index: int | None = None, first: str | None = None,
               ask_length: bool = False) -> Mode:
    """A sitting of the quiz of a game (the practice list if it has none):
    its situations in an order of their own, the one at ``index`` of
    ``quiz_ids`` (or the situation ``first``, the practice list's selected
    one, when it asks questions) opening it at its list place.
    ``ask_length``: the sitting's length asked first (a short set or all)."""
    ids = quiz_ids(discipline)
    if first in ids:
        index = ids.index(first)
    if not ids:
        app.notify(app.t("quiz.empty"))
        return app.make("practice")
    # Each run keeps its own score: 26/78 of an 8-ball run is not the start
    # of the 9-ball one.
    state_of(app).quiz = QuizSession()
    first = ids[index % len(ids)] if index is not None else None
    order = sitting_order(ids, first, app.seed)
    return QuizMode(app, order, order.index(first) if first is not None else 0,
                    ask_length=ask_length)


def sitting_order(ids: list[str], first: str | None, seed: int | None
                  ) -> list[str]:
    """The situations shuffled: in the library's order, "Situation 3 of 25"
    was the practice list's third title, which names its foul. The one
    chosen in the list (``first``) keeps its list place: the sitting opens
    at "Situation 6 of 25" when the sixth was chosen and goes on from there
    (it read "Situation 1" whatever was chosen)."""
    import random
    order = list(ids)
    random.Random(seed).shuffle(order)
    if first is not None:
        order.remove(first)
        order.insert(ids.index(first), first)
    return order


def evidence_event(shot: Shot, ruling: Ruling) -> Event | None:
    """The event that proves a push (general rule 21: the stroke, or a tip
    contact, lasting long) or a second touch of the tip (rule 20)."""
    from rules.questions import is_push
    events = shot.events
    for f in fouls_main_first(ruling):
        i = f.event_index
        if i is None or not 0 <= i < len(events):
            continue
        ev = events[i]
        if (ev.kind is EventKind.STROKE and is_push(ev)) or \
                ev.kind is EventKind.TIP_CONTACT:
            return ev
    return None


def stroke_evidence(loc: Locale, shot: Shot, ruling: Ruling) -> str:
    """The proof of a push or a second touch of the tip, which a class
    cannot see from above: how long the tip stayed on the cue ball against
    a normal stroke's, or when it touched it again, and the timeline's mark
    at that time. Empty for any other ruling."""
    from rules.questions import is_push
    from simulator.physics.stick import TIP_HIT_TIME
    ev = evidence_event(shot, ruling)
    if ev is None:
        return ""
    args = {"t": loc.num(ev.time, 3), "ms": loc.num((ev.duration or 0.0) * 1000, 0),
            "normal": loc.num(TIP_HIT_TIME * 1000, 0)}
    if ev.kind is EventKind.STROKE:
        return loc.t("quiz.evidence_push", **args)
    return loc.t("quiz.evidence_push_again" if is_push(ev) else "quiz.evidence_touch",
                 **args)


def focus_balls(shot: Shot) -> frozenset[int]:
    """The cue ball, the balls it touched first (two on a split hit) and
    the balls that left the bed, potted or off the table: a potted 8's
    path, faint, was gone from the stroke's last frame."""
    cue = shot.initial.spec.balls.cue_ball
    hit = first_contact(shot.events, cue)
    gone = {b for e in shot.events
            if e.kind in (EventKind.POCKETED, EventKind.LEFT_TABLE) for b in e.balls}
    return frozenset({cue, *gone, *(contacts_at(shot.events, hit.index, cue)
                                    if hit is not None else ())})


def answer_label(app: App, q: Question, a: str, names: tuple[str, ...],
                 discipline: str | None = None, rules: bool = True,
                 quiz: QuizMode | None = None) -> str:
    """An answer in words, each from a capital like its neighbours ("cue
    ball as it lies" stood under "Yes, a foul"); a player's name as typed;
    with ``rules``, a rule's option with its rule in the book of
    ``discipline`` (by default the situation's on screen), as the referee
    of ``quiz`` (by default the one on screen) names it."""
    if quiz is None and isinstance(app.mode, QuizMode):
        quiz = app.mode
    if discipline is None:
        discipline = quiz.sc.discipline if quiz is not None else ""
    if quiz is not None and quiz.sc.discipline != discipline:
        quiz = None
    if q.kind == "next_shooter":
        i = int(a)
        return names[i] if 0 <= i < len(names) else a
    words = _answer_words(app, q, a, len(names), discipline if rules else None, quiz)
    return words[:1].upper() + words[1:]


def _answer_words(app: App, q: Question, a: str, players: int,
                  discipline: str | None, quiz: QuizMode | None = None) -> str:
    t = app.t
    if q.kind == "foul":
        return t("quiz.yes_foul") if a == YES else t("quiz.no_foul")
    if q.kind == "rule":
        if a == NONE:
            return t("quiz.no_rule")
        if discipline is None:
            return code_words(app.locale, a)
        return rule_option(app, a, discipline, quiz)
    if q.kind == "ball_in_hand":
        return t(f"bih.{a}")
    if q.kind == TURN:
        return turn_words(app, a, players)
    if q.kind == "options":
        return t("quiz.no_options") if a == NONE else t(f"choice.{a}")
    return a


def rule_option(app: App, code_id: str, discipline: str,
                quiz: QuizMode | None = None) -> str:
    """'Foul: the cue ball first hit no legal ball (8-ball rule 8)': an
    option of "Which rule was broken?" with its rule, so that a class can
    check it against the rule book. A foul of the ruling says the rule the
    ruling names for it, as the answer card and the situation's line do
    ("general rule 17" on the option under "8-ball rule 8" on the card was
    one foul with two numbers); every other option the rule this game's
    referee names for that foul on such a stroke (a break or not), so the
    right one does not stand out by its book."""
    from rules.codes import code_by_id
    words = code_words(app.locale, code_id)
    code = code_by_id(code_id)
    ref = quiz.option_ref(code_id) if quiz is not None else None
    own = OWN_RULES.get((discipline, code_id))
    if ref is None and own:
        ref = replace(code.ref, section=discipline, rule=own)
    rule = cited_rule(app.locale, code, ref, discipline)
    return f"{words} ({rule})" if rule else words


def ask_key(q: Question) -> str:
    """The words of question ``q`` in the situation's list of questions
    ("which rule decides the game" where its prompt asks that)."""
    return "quiz.ask_" + q.key.split(".", 1)[1]


def turn_words(app: App, a: str, players: int) -> str:
    """'the opponent, ball in hand anywhere on the table': who shoots next,
    said as the stroke's player (the same one, the opponent, or in a game of
    more players the next in turn), and from where."""
    who, where = a.split(":", 1)
    person = ("quiz.turn_next" if players > 2 else "quiz.turn_other") if who == OTHER \
        else "quiz.turn_same"
    # Words of their own, shorter than the ball-in-hand line's: six answers
    # with "(beyond the back spot line)" pushed the question out of sight.
    return f"{app.t(person)}, {app.t(f'quiz.from_{where}')}"


class QuizMode(PracticeScreen):
    """Phases: ``asking`` question k (its stroke playing, then held on its
    end), ``answered`` (the grade and why), ``done`` (the situation's
    explanation)."""

    name = "quiz"
    head_string = False  # (the stroke's marks draw it where its rules name it)

    def __init__(self, app: App, ids: list[str], index: int,
                 ask_length: bool = False) -> None:
        from simulator.physics import simulate
        from simulator.practice.library import load
        from simulator.practice.quiz import make_questions
        self.ids = ids
        self.index = index
        sc = load(ids[index])
        self.sc: Scenario = sc
        session = practice_session(app, sc)
        super().__init__(app, table_by_name(sc.table), session)
        assert sc.stroke is not None
        self.shot = simulate(sc.position, sc.stroke)
        self.result = judge_result(sc, self.shot)
        self.ruling = self.result.ruling
        self.questions = make_questions(sc, self.ruling)
        self._cites: dict[str, list[str]] = {}  # answer_cites by language
        self._board_after: tuple[list[scoreboard.PlayerCard], list[str]] | tuple[()] \
            | None = None  # (made once, for the explanation)
        self.player: ShotPlayer | None = None
        self.show: ShotShow | None = None
        self.revealing = False  # the replay after the answers, at its fouls
        self.phase = "asking"
        self.k = 0
        self.picked: set[str] = set()
        self.grades: list[Grade] = []
        self.choice_buttons: dict[str, ui.Button] = {}
        self.answers_ready_at = 0.0  # app time from which a press answers
        self.answers_under: tuple[int, int] | None = None  # the cursor then
        # The stroke seen to its end (or a stop): answers before it were
        # given with the deciding contact still to come.
        self.watched = False
        self._ask_from: str | None = None  # the side text above the question
        if ask_length and len(ids) > SHORT_SITTING:
            # How long the sitting is, asked on the situation's table before
            # its stroke plays.
            self.phase = "length"
        else:
            self._open_question()

    @property
    def question(self) -> Question:
        return self.questions[self.k]

    def option_ref(self, code_id: str) -> SeedRef | None:
        """The rule an option of "Which rule?" cites: the ruling's own for
        a foul it has, else what this game's referee names for that code on
        such a stroke (None: the code's own rule)."""
        from rules.codes import code_by_id
        ref = next((f.ref for f in self.ruling.fouls if f.code.id == code_id), None)
        if isinstance(ref, SeedRef):
            return ref
        own = OWN_RULES.get((self.sc.discipline, code_id))
        if own:
            return None  # (the game's own number for another game's code)
        cited_for = getattr(self.sc.referee, "cited_for", None)
        if cited_for is None:
            return None
        ref = cited_for(code_by_id(code_id), bool(getattr(self.sc.game, "is_break",
                                                          False)))
        return ref if isinstance(ref, SeedRef) else None

    # -- flow ------------------------------------------------------------------
    def play(self, speed: float, reveal: bool) -> None:
        """The stroke from the stick's approach, with its trails and timeline;
        ``reveal``: paused at the fouls with their marks (after the answers)."""
        self.revealing = reveal
        if not reveal:
            # Answers are taken once the stroke's last event is shown, in
            # every play before them: the first question's and a watch
            # again alike (a later question opens on the stroke's end). The
            # plain last event, not the last one the ruling rests on (where
            # a match's roll-out begins): that one is the referee's
            # hindsight, and answers opening early would tell the class the
            # slow touches still to come change nothing (a push-out's came
            # at the stroke's first moment).
            self.watched = False
        trails = self.show.trails if self.show is not None else True
        self.player = ShotPlayer(self.shot, foul_stops(self.ruling) if reveal else (),
                                 speed)
        if reveal:
            self.show = scenario_show(self.app.locale, self.sc, self.shot,
                                      self.player.playback, self.ruling)
        else:
            # No foul marks or referee's codes: they would answer the
            # questions; nor the tip's second touch (its pink "2" said "double
            # hit") while "Was it a foul?" or "Which rule?" is open.
            decl = self.sc.declarations
            self.show = ShotShow(self.app.locale, self.shot, self.player.playback,
                                 called_ball=decl.called_ball,
                                 called_pocket=decl.called_pocket,
                                 leave_out=() if self.foul_told() else
                                 (EventKind.TIP_CONTACT,))
            self.show.tell_outcome = False  # "goes to the floor" answers them too
            # Each tick as the stroke reaches it: drawn ahead of the clock, a
            # contact was seen before it happened.
            self.show.ahead_hidden = True
        self.show.trails = trails
        # A break's trails covered the table (play-test 28): the cue ball's
        # and the first-hit ball's bright, the others faint.
        self.show.bright = focus_balls(self.shot)
        self.show.thin_contacts = True
        self._point()
        self._hide_fouls()

    def foul_told(self) -> bool:
        """Whether the questions the foul's evidence answers ("Was it a
        foul?", "Which rule?") are all answered."""
        open_ = self.questions[len(self.grades):]
        return not any(q.kind in ("foul", "rule") for q in open_)

    def _hide_fouls(self) -> None:
        """The timeline's foul colour kept back until "Was it a foul?" is
        answered: shown before, it answered the question."""
        if self.show is not None:
            asked = self.questions[:len(self.grades)]
            self.show.fouls_hidden = not any(q.kind == "foul" for q in asked)

    def _ask(self) -> None:
        self._open_question()
        self.rebuild()

    def _open_question(self) -> None:
        """The question k: the first with its stroke playing (a class shown
        the end first had to press R to see what it was asked about,
        play-test 21); a later one on the stroke held at its end, its
        answers open at once: the class watched it to its last event for
        the first, and played again it kept them waiting for nothing (R
        still plays it, and waits)."""
        self.picked = set()
        self.answers_ready_at = self.app.elapsed + ANSWER_GUARD
        self.answers_under = self.app.mouse
        if not self.questions:
            self._close_questions()
            return
        self.phase = "asking"
        self.play(SLOW, reveal=False)
        if self.k > 0:
            self._rest()
            self.watched = True

    def pick(self, a: str) -> Action:
        def fn() -> None:
            if self.phase != "asking":
                return
            q = self.question
            if not q.multiple:
                self.answer([a])
                return
            if a == NONE:
                self.picked = {NONE}
            else:
                self.picked.discard(NONE)
                self.picked ^= {a}
            self.rebuild()
        return fn

    def choose_length(self, n: int) -> Action:
        """The sitting cut to ``n`` situations, the one on the table first
        (its counts, "Situation 1 of 10" and the result, of that set), or
        every one (the one on the table keeps its list place), and its
        first question opened."""
        def fn() -> None:
            if self.phase != "length":
                return
            if n < len(self.ids):
                ids = self.ids[self.index:] + self.ids[:self.index]
                self.ids, self.index = ids[:n], 0
            self._open_question()
            self.rebuild()
        return fn

    def refuse(self) -> None:
        """An answer pressed while the stroke still plays: said briefly."""
        self.app.inform(self.app.t("quiz.watch_first"), 2.5)

    def submit(self) -> None:
        if self.phase == "asking" and self.picked:
            self.answer(sorted(self.picked))

    def answer(self, given: list[str]) -> None:
        from simulator.practice.quiz import QuizError
        try:
            g = score_of(self.app).answer(self.sc, self.question, given, self.ruling)
        except QuizError as e:
            self.app.notify(str(e))
            return
        told = self.foul_told()
        self.grades.append(g)
        self.phase = "answered"
        if self.foul_told() and not told and self.player is not None:
            self.play(SLOW, reveal=False)  # now with the tip's marks
        self._rest()
        self._point()
        self._hide_fouls()
        self.rebuild()

    def _rest(self) -> None:
        """The stroke held at its end, the balls at rest: played on under the
        answer page it drew the eye from the grade (play-test 28); R plays
        it again."""
        if self.player is None:
            return
        pb = self.player.playback
        pb.seek(pb.end_time)
        pb.paused = True
        self.player.sounded = len(self.shot.events)  # no late clicks

    def _point(self) -> None:
        """After an answer, the proof the page names ringed on the timeline."""
        if self.show is not None and self.phase != "asking" and self.foul_told():
            # (with "Which rule?" still open the ring showed the proof)
            ev = evidence_event(self.shot, self.ruling)
            self.show.pointed = ev.time if ev is not None else None

    def next_question(self) -> None:
        if self.phase != "answered":
            return  # a double click's second press on the same button
        self.k += 1
        if self.k >= len(self.questions):
            self._done()
        else:
            self._ask()

    def _done(self) -> None:
        self._close_questions()
        self.rebuild()

    def _close_questions(self) -> None:
        """The explanation, on the table after the ruling (the stroke's end
        would hide a ball spotted or the cue ball taken up)."""
        self.player = None
        self.show = None
        self.phase = "done"

    def next_situation(self) -> None:
        """The next situation, or, every one answered, the sitting's end: it
        went round to "Situation 1" again with the score running on, and a
        class never saw its result."""
        if score_of(self.app).finished(self.ids):
            self.over()
            return
        self.app.switch(QuizMode(self.app, self.ids, (self.index + 1) % len(self.ids)))

    def over(self) -> None:
        """The sitting's result, beside the last situation's table."""
        if self.phase != "done":
            return  # (a double press: the end is shown once)
        self.player = None
        self.show = None
        self.phase = "over"
        self.rebuild()

    def sitting(self, ids: list[str]) -> Action:
        """A new sitting of ``ids`` in this order, its own score from 0."""
        def fn() -> None:
            score = score_of(self.app)
            score.grades.clear()
            score.scenarios.clear()
            score.by_scenario.clear()
            self.app.switch(QuizMode(self.app, ids, 0))
        return fn

    def replay(self) -> None:
        """At 1/4: before the last answer as it was struck (the foul's marks
        would answer the questions still open), after it stopped at the foul
        with its marks."""
        self.play(SLOW, reveal=self.phase == "done")
        self.rebuild()

    def leave(self) -> None:
        """Back to the practice list; a sitting with answers given asks
        first (Esc left at once, and the sitting's score was lost)."""
        app = self.app
        q = score_of(app)
        if not q.asked or self.phase == "over":
            to_practice_list(app)
            return
        from simulator.app.dialogs.confirm import confirm_dialog
        app.push_dialog(confirm_dialog(
            app, app.t("quiz.leave_title"),
            app.t("quiz.leave_body", right=q.right, asked=q.asked),
            app.t("quiz.leave_yes"), lambda: to_practice_list(app)))

    # -- screen -------------------------------------------------------------------
    def score_line(self) -> str:
        q = score_of(self.app)
        return self.app.t("quiz.score", right=q.right, asked=q.asked)

    def neutral_title(self) -> str:
        """The heading while the questions are open: the game and the task,
        nothing of what happens. Every description of the stroke said its
        foul in some words ("a push shot" over "Foul: push shot", "the cue
        ball leaves the table" over "cue ball off the table"), and one given
        to the legal strokes only would tell them apart. Whether it is a
        break, which the rules need, is on a chip; the fouls in a row on the
        players' cards; the call in the text."""
        return self.app.t("quiz.title_open", game=discipline_label(
            self.app.locale, self.sc.discipline))

    def situation_line(self) -> str:
        """Which situation of the sitting this is."""
        return self.app.t("quiz.situation_of", n=self.index + 1, of=len(self.ids))

    def count_of(self, sid: str) -> int:
        """The questions situation ``sid`` asks (this one's as asked)."""
        return len(self.questions) if sid == self.sc.id else question_count(sid)

    def sitting_line(self, k: int) -> str:
        """'In all: question 5 of 22': question ``k`` of this situation
        counted over the whole sitting."""
        before = sum(self.count_of(i) for i in self.ids[:self.index])
        return self.app.t("quiz.progress_sitting", k=before + k,
                          n=sum(self.count_of(i) for i in self.ids))

    def build(self) -> None:
        t = self.app.t
        self.choice_buttons = {}
        if self.phase == "asking":
            self._build_question()
        elif self.phase == "answered":
            g = self.grades[-1]
            last = self.k + 1 >= len(self.questions)
            # Back stays named as on the other pages: Esc leaves here too.
            self.side_btns = [
                ui.Button(t("quiz.results") if last else t("quiz.next_question"),
                          self.next_question, key=t("quiz.key_next"), primary=True),
                ui.Button(t("practice.replay_slow"), self.replay, key="R"),
                ui.Button(t("common.back"), self.leave, key="Esc")]
            self.side_text(self.text_title(),
                           f"{self.progress_line()}\n\n{self.feedback(g)}")
        elif self.phase == "over":
            self._build_over()
        elif self.phase == "length":
            self._build_length()
        else:
            self._build_done()

    def progress_line(self) -> str:
        """'Situation 3 of 10 · Question 2 of 4': where the sitting stands,
        on the answer pages as on the questions (they said nothing of what
        was left)."""
        k = min(self.k + 1, len(self.questions))
        return " · ".join((self.situation_line(), self.app.t(
            "quiz.progress", k=k, n=len(self.questions)), self.sitting_line(k)))

    def _build_length(self) -> None:
        """The sitting's length: a short set for a lesson, or every
        situation (1 and 2, or a click)."""
        t = self.app.t
        n = len(self.ids)
        # Each choice says its questions too: "10 situations" held 22.
        short = (self.ids[self.index:] + self.ids[:self.index])[:SHORT_SITTING]
        self.side_btns = [
            ui.Button(t("quiz.length_short", n=SHORT_SITTING,
                        q=sum(self.count_of(i) for i in short)),
                      self.choose_length(SHORT_SITTING), key="1", primary=True,
                      ident="length_short"),
            ui.Button(t("quiz.length_all", n=n,
                        q=sum(self.count_of(i) for i in self.ids)),
                      self.choose_length(n), key="2", ident="length_all"),
            ui.Button(t("common.back"), self.leave, key="Esc", ident="back")]
        self.side_text(self.neutral_title(),
                       t("quiz.length_body", n=n, short=SHORT_SITTING))

    def _build_over(self) -> None:
        """The sitting's end: the score, the situations answered all right,
        those missed by name (to go over again), and a new sitting."""
        app = self.app
        t = app.t
        q = score_of(app)
        missed = q.missed(self.ids)
        clean = len(self.ids) - len(missed)
        body = [t("quiz.over_score", right=q.right, asked=q.asked,
                  p=round(q.percent)),
                t("quiz.over_clean", n=clean, of=len(self.ids)), ""]
        if missed:
            from simulator.practice.library import load
            body.append(t("quiz.over_missed"))
            lang = app.locale.lang
            for sid in missed:
                n = self.ids.index(sid) + 1
                body.append(f"• {t('quiz.situation_of', n=n, of=len(self.ids))}: "
                            f"{load(sid).title.get(lang)}")
        else:
            body.append(t("quiz.over_all_right"))
        # Letters no question used start again (A, N): the keys that went
        # through the questions (1-9, Enter, Space) pass the result by
        # nothing; a button with no key read as one that has none.
        buttons = []
        if missed:
            buttons.append(ui.Button(t("quiz.again_missed", n=len(missed)),
                                     self.sitting(missed), key="A", primary=True,
                                     ident="again_missed"))
        buttons.append(ui.Button(t("quiz.again_all"), self.sitting(list(self.ids)),
                                 key="N", primary=not missed, ident="again_all"))
        buttons.append(ui.Button(t("common.back"), self.leave, key="Esc",
                                 ident="back"))
        self.side_btns = buttons
        self.side_text(t("quiz.over_title"), "\n".join(body))

    def _build_question(self) -> None:
        """The question and a button an answer (and Submit when several may
        be chosen)."""
        app = self.app
        t = app.t
        q = self.question
        names = self.session.names if self.session is not None else ()
        # (the score is on the board: said here too it was said three times)
        lines = [" · ".join((self.situation_line(),
                             t("quiz.progress", k=self.k + 1, n=len(self.questions)),
                             self.sitting_line(self.k + 1))), ""]
        lines += situation_lines(app.locale, self.sc)
        if self.k == 0 and len(self.questions) > 1:
            # What the situation will ask, as a list, then the first question
            # in its own words: the file's "Foul or not? Who shoots next?"
            # stood as the prompt of a yes/no question.
            asks = ", ".join(t(ask_key(x)) for x in self.questions)
            lines.append(t("quiz.intro", asks=asks))
        # Where the text is cut, it opens at the question (the lines above
        # it a key or the wheel away): the question is what is read.
        self._ask_from = "\n".join(lines)
        lines += self.question_lines()
        buttons: list[ui.Button] = []
        for i, a in enumerate(q.choices):
            label = answer_label(app, q, a, names, self.sc.discipline, quiz=self)
            picked = q.multiple and a in self.picked
            b = ui.Button(label, self.pick(a) if self.watched else None,
                          key=str(i + 1) if i < 9 else "",
                          selected=picked, ident=f"answer:{a}")
            b.refused = None if self.watched else self.refuse
            self.choice_buttons[a] = b
            buttons.append(b)
        if q.multiple:
            buttons.append(ui.Button(t("quiz.submit"),
                                     self.submit if self.picked and self.watched
                                     else None,
                                     key="Enter", ident="submit", primary=True))
        # Buttons stack from the bottom: the two that answer nothing stand
        # lowest, where "Back" stands on every screen of the quiz.
        buttons.append(ui.Button(t("quiz.watch_again"), self.replay, key="R",
                                 ident="watch_again"))
        buttons.append(ui.Button(t("common.back"), self.leave, key="Esc",
                                 ident="back"))
        for b in buttons:  # a double click's second click does nothing here
            b.ready_at, b.still_at = self.answers_ready_at, self.answers_under
        self.side_btns = buttons
        self.side_text(self.neutral_title(), "\n".join(lines))

    def question_lines(self) -> list[str]:
        """The question on screen, last in the side text, and while the
        stroke plays what the answers wait for."""
        t = self.app.t
        q = self.question
        # (a question of several answers says how many are right)
        lines = [t(q.key, n=len(q.correct))]
        if not self.watched:
            # The answers wait for the stroke's end (some 20 s at 1/4 after
            # "Watch again"): said by the locked answers, with the key that
            # skips there (the strip's hint went unread).
            lines += ["", t("quiz.wait_note")]
        return lines

    def _build_done(self) -> None:
        """The situation's questions answered: the score, the ruling and the
        rule."""
        app = self.app
        t = app.t
        lang = app.locale.lang
        last = score_of(app).finished(self.ids)
        self.side_btns = [
            ui.Button(t("quiz.see_result" if last else "quiz.next_situation"),
                      self.next_situation, key=t("quiz.key_next"), primary=True),
            ui.Button(t("practice.replay_slow"), self.replay, key="R"),
            ui.Button(t("common.back"), self.leave, key="Esc")]
        right = sum(1 for g in self.grades if g.right)
        body = [f"{self.situation_line()} · {self.sitting_line(len(self.questions))}",
                t("quiz.situation_score", right=right, n=len(self.grades)),
                "", t("quiz.the_ruling")]
        loc = app.locale
        for f in fouls_main_first(self.ruling):
            body.append(f"• {foul_cite(loc, f)}")
        for n in self.ruling.notes:
            if n.code.id != "note.legal":
                body.append(f"• {cite(loc, n.code, n.ref)}")
        proof = stroke_evidence(loc, self.shot, self.ruling)
        if proof:
            body.append(proof)
        body.append("")
        rl = self.shows_line()
        if rl:
            body.append(rl)
        body.append(self.sc.explanation.get(lang))
        self.side_text(self.sc.title.get(lang), "\n".join(body))

    def text_title(self) -> str:
        """The heading of the side column after an answer."""
        if self.phase != "answered" or not self.grades:
            return self.neutral_title()
        g = self.grades[-1]
        if g.right:
            return self.app.t("quiz.right")
        # "Not quite" for a set partly right only: said over a plain "no"
        # answered "yes" it softened a miss that was whole.
        partly = g.question.multiple and bool(g.answer & g.expected)
        return self.app.t("quiz.partly" if partly else "quiz.wrong")

    def feedback(self, g: Grade, at: int | None = None) -> str:
        """Your answer and the referee's, for this question only: what the
        later questions ask (which rule, who shoots) stays for them."""
        app = self.app
        t = app.t
        names = self.session.names if self.session is not None else ()
        q = g.question
        # (without the options' rules: the reasons cite the stroke's own)
        given = ", ".join(answer_label(app, q, a, names, rules=False)
                          for a in sorted(g.answer))
        expected = ", ".join(answer_label(app, q, a, names, rules=False)
                             for a in sorted(g.expected))
        lines = [t("quiz.your_answer", answer=given),
                 t("quiz.referee_answer", answer=expected),
                 *self.set_words(g), *self.all_rules_words(g), ""]
        lost = losses(self.ruling)
        # The question this grade answered (the grades are in the questions'
        # order; read back after the last answer, self.k is past them all).
        if at is None:
            at = next((i for i, x in enumerate(self.grades) if x is g), self.k)
        rule_later = any(later.kind == "rule" for later in self.questions[at + 1:])
        foul = fouled(self.ruling)
        if lost and ((q.kind == "foul" and not (foul and rule_later))
                     or (q.kind == "rule" and foul)):
            # A loss of the game is not a foul by itself (8-ball 15): say so,
            # and which loss with its rule unless the next question asks it.
            # A foul's loss waits for "Which rule?": "Foul, and the game is
            # lost" before it gave the answer away (play-test 35); its rule
            # is then among the reasons.
            key = "quiz.loss_and_foul" if foul else "quiz.loss_no_foul"
            loss = "" if rule_later or q.kind == "rule" else cite(
                self.app.locale, lost[0].code, lost[0].ref, self.sc.discipline)
            lines[-1:-1] = [t(key, loss=loss).rstrip()]
        if rule_later:
            # The foul's name, the reason, the rule, what was seen of it ("the
            # tip touched the cue ball twice") and its proof would each answer
            # the rule question after this one: they come with its answer.
            # A declaration the referee set aside is said at once: "foul"
            # after "push-out declared" read as a contradiction until the
            # last answer (play-test 33).
            void = [f"• {cite(self.app.locale, n.code, n.ref, self.sc.discipline)}"
                    for n in self.ruling.notes if n.code in VOID_DECLARATIONS]
            # The situation's own rule beside a declaration's (the rules the
            # next answers cite would name the broken one ahead of its question).
            shows = [rule_line(self.app.locale, self.sc)] if void else []
            return "\n".join([*lines, *void, t("quiz.rule_next"),
                              *[x for x in shows if x]])
        # Why, at once after every answer, right or wrong: "which rule: the
        # next question" after a wrong one taught nothing (play-test 24).
        return "\n".join([*lines, t("quiz.because"), *self.reasons(at)])

    def set_words(self, g: Grade) -> list[str]:
        """A set of answers partly right: the right ones not ticked and the
        ticked ones not right, each named ("Not quite" over two lists left
        the class to find the difference; a set with nothing right is told
        by the two lists)."""
        if not g.question.multiple or g.right or not g.answer & g.expected:
            return []
        names = self.session.names if self.session is not None else ()
        out = []
        for key, part in (("quiz.set_missed", g.expected - g.answer),
                          ("quiz.set_extra", g.answer - g.expected)):
            if part:
                words = ", ".join(answer_label(self.app, g.question, a, names,
                                               rules=False) for a in sorted(part))
                out.append(self.app.t(key, answer=words))
        return out

    def all_rules_words(self, g: Grade) -> list[str]:
        """'Right: general rule 23 and 8-ball rule 13 both apply.': a
        "Which rule?" whose ruling rests on several rules takes any of them
        as right, and "Right!" after one left the other unsaid. Empty for
        one rule or another question."""
        if g.question.kind != "rule":
            return []
        loc = self.app.locale
        refs = dict.fromkeys(f.ref for f in fouls_main_first(self.ruling)
                             if f.code.id in g.question.correct)
        rules = [w for w in (ref_text(loc, r) for r in refs) if w]
        if len(rules) < 2:
            return []
        listed = rules[0]
        for r in rules[1:-1]:
            listed = loc.t("quiz.rules_comma", a=listed, b=r)
        listed = loc.t("quiz.rules_and", a=listed, b=rules[-1])
        key = "quiz.rules_both" if len(rules) == 2 else "quiz.rules_all"
        words = loc.t(key + "_right" if g.right else key, rules=listed)
        return [words[:1].upper() + words[1:]]

    def seen_words(self) -> str:
        """'The cue ball went into a pocket.': what was seen of the main
        foul, said over its rule with the answer to "Which rule?" (said
        with "Was it a foul?" it gave that answer away). Empty without a
        foul."""
        s = seen(self.shot, self.ruling)
        loc = self.app.locale
        if s is None or not loc.has(f"quiz.seen_{s.key}"):
            return ""
        ball = ball_label(loc, s.ball) if s.ball is not None else ""
        key = f"quiz.seen_{s.key}"
        # A break says the count its rule reads, as the strip does: "too
        # few balls reached a cushion" stood beside "no object ball reached
        # a cushion" for one break.
        n = len(facts(self.shot).cushion_balls) if s.key == "illegal_break" else 0
        if s.key == "illegal_break" and not n:
            key += "_none"
        what = loc.t(key, ball=ball, n=n)
        return what[:1].upper() + what[1:] + "."

    def reasons(self, at: int) -> list[str]:
        """The rule behind this answer: the foul penalised first, then the
        other fouls; without a foul, what answers this question only (a
        miss passing the turn waits for "Who shoots next?"), and for "Was it
        a foul?" what made the stroke look like one and the rule that allows
        it; the proof of a push or a second touch of the tip; the
        situation's reason in a line or two and its seed rule."""
        loc = self.app.locale
        d = self.sc.discipline
        fouls = fouls_main_first(self.ruling)
        out = [f"• {foul_cite(loc, f, d)}" for f in fouls]
        if out and self.questions[at].kind == "rule":
            # What was seen of it, kept back from "Was it a foul?" (it named
            # the foul), first under "Why": below two rules it fell past the
            # column's foot on a short screen.
            out = [f"• {w}" for w in (self.seen_words(),) if w] + out
        if out and self.questions[at].kind in (TURN, "ball_in_hand") and \
                self.ruling.ball_in_hand is not BallInHand.NONE:
            # Where the cue ball comes from is the placement's rule, not the
            # foul's again (general 22 for "anywhere" answered nothing).
            out = [f"• {self.placement_words()}"]
        if not out:
            out = self.legal_reasons(at)
        proof = stroke_evidence(loc, self.shot, self.ruling)
        # The situation's reason tells its whole outcome (who plays on, from
        # where, a push-out handed back): it waits for the last answer.
        last = at + 1 >= len(self.questions)
        why = self.sc.explanation.get(loc.lang) if last else ""
        rl = self.shows_line()
        return out + [x for x in (proof, why, rl) if x]

    def cited_refs(self) -> list[SeedRef]:
        """Every seed rule the answers of this situation cite, each on its
        own (a rule cited beside another apart): the fouls' and notes' (as
        ``cited_rule`` gives them), what made a legal stroke look like a
        foul, the rule placing the cue ball, general rule 17 for a stroke
        without a foul and rule 30 for the table taken as it lies (pool)."""
        d = self.sc.discipline
        pool = table_by_name(self.sc.table).kind is TableKind.POOL
        pairs: list[tuple[object, object]] = [
            (o.code, o.ref) for o in (*self.ruling.fouls, *self.ruling.notes)]
        pairs += [(c.code, None) for c in cleared(self.sc, self.shot, self.ruling)]
        if pool and not fouled(self.ruling):
            pairs.append((Note.LEGAL, None))
        if pool and self.ruling.ball_in_hand is BallInHand.NONE:
            pairs.append((Note.CONTINUES, None))
        refs: list[SeedRef] = []
        place = placement_ref(self.sc, self.ruling)
        if place is not None:
            refs.append(place)
        # A foul's own reference, as "Right: both rules apply" cites it.
        refs += [f.ref for f in self.ruling.fouls if isinstance(f.ref, SeedRef)]
        for code, ref in pairs:
            rule = home_rule(code, ref)
            if rule is not None and not (rule.section != d and
                                         rule.section in pool_games()):
                refs.append(rule)
        out: list[SeedRef] = []
        for first in refs:
            r: SeedRef | None = first
            while r is not None:
                one = replace(r, beside=None)
                if one not in out and ref_text(self.app.locale, one):
                    out.append(one)
                r = r.beside
        return out

    def answer_cites(self) -> list[str]:
        """The rules, in words, that this situation's answer pages cite
        beside the situation's own line: each question's answer page read
        as the referee's answer gives it (a wrong answer's cites the same)."""
        from simulator.practice.quiz import grade
        loc = self.app.locale
        said = self._cites.get(loc.lang)
        if said is not None:
            return said
        self._cites[loc.lang] = []  # (the pages' own shows line not yet)
        pages = "\n".join(
            self.feedback(grade(q, sorted(q.correct) if q.multiple
                                else min(q.correct), self.ruling), at=i)
            for i, q in enumerate(self.questions))
        words = [w for w in (ref_text(loc, r) for r in self.cited_refs()) if w]
        # "rule 5" is not cited by "rule 5.1" or "rule 17" by "rule 1".
        said = [w for w in dict.fromkeys(words)
                if re.search(re.escape(w) + r"(?!\.?\d)", pages)]
        self._cites[loc.lang] = said
        return said

    def shows_line(self) -> str:
        """'This situation shows: 8-ball rule 5. Some answers also rest on:
        general rule 17': the situation's rule and every other rule its
        answers cite (an answer by rule 17 under "shows 8-ball rule 5" read
        as a contradiction; "the questions also ask" read as the situation's
        ruling resting on rule 17 too)."""
        loc = self.app.locale
        base = rule_line(loc, self.sc)
        own = []
        r = self.sc.rule
        while r is not None:
            own.append(ref_text(loc, replace(r, beside=None)))
            r = getattr(r, "beside", None)
        also = [w for w in self.answer_cites() if w not in own]
        if not also:
            return base
        rules = "; ".join(also)
        if not base:
            return loc.t("quiz.answers_cite", rules=rules)
        return loc.t("quiz.shows_also", shows=base.rstrip("."), rules=rules)

    def placement_words(self) -> str:
        """'After a foul: ball in hand anywhere on the table (9-ball rule
        9)': the rule that places the cue ball; where the game's rules name
        none for this place, 'Ball in hand follows from the foul (rule N)'."""
        loc = self.app.locale
        where = self.ruling.ball_in_hand.value
        ref = placement_ref(self.sc, self.ruling)
        rule = ref_text(loc, ref) if ref is not None else ""
        if rule and loc.has(f"quiz.placement_{where}"):
            return loc.t(f"quiz.placement_{where}", rule=rule)
        fouls = [f for f in fouls_main_first(self.ruling) if f.code.kind is Kind.FOUL]
        # 14.1 12: after a third foul the offender re-breaks from the kitchen.
        main = next((f for f in fouls if f.code is FoulCode.THIRD_FOUL), fouls[0])
        rule = cited_rule(loc, main.code, main.ref, self.sc.discipline)
        words = loc.t("quiz.placement_by_foul")
        return f"{words} ({rule})" if rule else words

    def legal_reasons(self, at: int) -> list[str]:
        """A stroke without a foul: the ruling's notes that answer this
        question, not one asked later; under "Was it a foul?" first what
        looked like a foul and the rule that makes it legal (general rule
        17 when nothing did, on a pool table)."""
        loc = self.app.locale
        d = self.sc.discipline
        kind = self.questions[at].kind
        later = {q.kind for q in self.questions[at + 1:]}
        asked = [q.kind for q in self.questions]
        notes = [n for n in self.ruling.notes if note_answers(n, asked) not in later]

        def answering(k: str) -> list[Outcome]:
            return [n for n in notes if note_answers(n, asked) == k]
        mine = answering(kind)
        part = self.note_parts(kind)
        if part:
            # A note that answers this question and a later one in a line
            # ("the turn passes, no ball in hand"): the words for this one.
            return part
        if kind == "ball_in_hand" and not mine:
            # No ball in hand after a legal stroke: the turn's note says why
            # (the table is taken as it lies, or the shooter plays on).
            mine = answering("next_shooter")
        if kind != "foul" and not mine:
            mine = notes  # nothing of its own: what is already said
        out = [f"• {cite(loc, n.code, n.ref, d)}" for n in mine]
        if kind == TURN:
            # The miss said who plays on, not why from where the balls lie
            # (an answer of ball in hand got no word against it).
            out += self.no_hand_words(mine)
        if kind != "foul":
            return out
        looks = [f"• {self.cleared_words(c)}"
                 for c in cleared(self.sc, self.shot, self.ruling)]
        if not looks and not out and \
                table_by_name(self.sc.table).kind is TableKind.POOL:
            out = [f"• {cite(loc, Note.LEGAL, None, d)}"]
        return looks + out

    def no_hand_words(self, said: list[Outcome]) -> list[str]:
        """'No foul: no ball in hand, the table as it lies (general rule
        30)': the incoming player takes the position as it is; without the
        rule's number where the shooter plays on or no general rule holds."""
        if self.ruling.ball_in_hand is not BallInHand.NONE:
            return []
        loc = self.app.locale
        ref = Note.CONTINUES.ref
        if any(n.code is Note.CONTINUES or n.ref == ref for n in said):
            return []  # its rule is cited already
        words = loc.t("quiz.no_hand_as_lies")
        pool = table_by_name(self.sc.table).kind is TableKind.POOL
        if not pool or self.ruling.next_shooter == self.sc.game.shooter:
            return [f"• {words}"]
        return [f"• {words} ({ref_text(loc, ref)})"]

    def note_parts(self, kind: str) -> list[str]:
        """The part of each note of the ruling that answers the question
        ``kind`` (``quiz.<kind>_by_<note>``) with the note's rule: a push-out
        passes the turn (its options are a later question) and leaves no
        ball in hand."""
        loc = self.app.locale
        out = []
        # "Who shoots next, and from where?" takes the words of both parts.
        kinds = GAME_GOES_ON if kind == TURN else (kind,)
        for n in self.ruling.notes:
            for k in kinds:
                key = f"quiz.{k}_by_{n.code.id.split('.', 1)[-1]}"
                if loc.has(key):
                    rule = cited_rule(loc, n.code, n.ref, self.sc.discipline)
                    out.append(f"• {loc.t(key)} ({rule})" if rule
                               else f"• {loc.t(key)}")
        return out

    def cleared_words(self, c: Cleared) -> str:
        """'No double hit: ... (general rule 20)'."""
        loc = self.app.locale
        ball = ball_label(loc, c.ball) if c.ball is not None else ""
        words = loc.t(f"quiz.cleared_{c.key}", ball=ball)
        rule = cited_rule(loc, c.code, None, self.sc.discipline)
        return f"{words} ({rule})" if rule else words

    def update(self, dt: float) -> None:
        if self.player is None:
            return
        new = self.player.update(dt)
        if new:
            self.app.sound.play_events(new)
        # Watched once its last event is shown: at 1/4 the roll-out after it
        # kept a class waiting 15 s for nothing the questions ask about.
        if not self.watched and (self.player.last_event_shown or
                                 self.player.current is not None):
            self.watched = True
            self.rebuild()

    def handle(self, event: pygame.event.Event) -> None:
        if self.phase in ("over", "length"):
            self.handle_over(event)
            return
        if self.phase in ("answered", "done") and event.type == pygame.KEYDOWN and \
                event.key == pygame.K_SPACE and self.at_rest():
            # Space goes on from an answer card and from the situation's
            # explanation as Enter does (on the explanation it replayed the
            # stroke, and a class pressing Space through the questions
            # watched it again); on a replay under the card it skips or
            # pauses the replay as before.
            self.app.later(self.next_question if self.phase == "answered"
                           else self.next_situation)()
            return
        if self.player is None and event.type == pygame.KEYDOWN and \
                event.key in STEP_KEYS:
            # The explanation's table: a step opens the replay, held at its
            # start, and steps in it (the keys did nothing there).
            self.play(SLOW, reveal=True)
            self.hold_at_start()
            self.rebuild()
        if self.show is not None and (self.show.mouse(event) or self.show.key(event)):
            return
        if self.scroll_body(event) or self.common_key(event) or \
                event.type != pygame.KEYDOWN:
            return
        k = event.key
        if k == pygame.K_ESCAPE:
            self.leave()
        elif k == pygame.K_r or (self.player is None and k == pygame.K_HOME):
            self.app.later(self.replay)()
        elif self.player is not None and k in PLAY_KEYS:
            self.play_key(k)
        elif self.phase == "asking" and pygame.K_1 <= k <= pygame.K_9:
            i = k - pygame.K_1
            if i < len(self.question.choices):
                self.app.later(self.pick(self.question.choices[i]) if self.watched
                               else self.refuse)()
        elif self.phase == "asking" and k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.later(self.submit if self.watched else self.refuse)()
        elif self.phase == "answered" and k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.later(self.next_question)()
        elif self.phase == "done" and k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.later(self.next_situation)()

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect, size: int) -> None:
        if self._ask_from is not None:
            # (scrolled no further than to show the text's end: where all of
            # it fits, from its start)
            wrapped = ui.wrap(self._ask_from, self._body_size(
                size, box.width, box.height), box.width)
            self.body_scroll, self._ask_from = len(wrapped), None
        super().draw_body(surface, box, size)

    def scroll_body(self, event: pygame.event.Event) -> bool:
        """The wheel anywhere over the side column scrolls its text (over
        the answers or the side view it did nothing, the text's own room a
        line at 800x500); the keys as on every practice screen."""
        mouse = self.app.mouse
        if event.type == pygame.MOUSEWHEEL and mouse is not None and \
                self.layout.side.collidepoint(mouse):
            if event.y < 0 and self.body_hidden:
                self.body_scroll += 1
            elif event.y > 0:
                self.body_scroll = max(0, self.body_scroll - 1)
            return True
        return super().scroll_body(event)

    def _buttons_in_pairs(self, inner: pygame.Rect, size: int, bsize: int,
                          room: int) -> bool:
        """Never two a row: the answers stood in a grid without their number
        keys after a side view and in a column with them before; the same
        layout and keys every question (the text scrolls instead)."""
        return False

    def at_rest(self) -> bool:
        """Whether the stroke is held at its end (or gone): no replay plays."""
        return self.player is None or self.player.playback.at_end

    def handle_over(self, event: pygame.event.Event) -> None:
        """The sitting's end: its buttons go again (a click, A or N), Esc back; the
        table's keys replay nothing (it is the last situation's), and Enter,
        which went through the questions, does not pass the result by."""
        if self.scroll_body(event) or self.common_key(event) or \
                event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_ESCAPE:
            self.leave()
        elif self.phase == "length" and event.key in (pygame.K_1, pygame.K_2):
            n = SHORT_SITTING if event.key == pygame.K_1 else len(self.ids)
            self.app.later(self.choose_length(n))()
        elif self.phase == "over" and event.key in (pygame.K_a, pygame.K_n) and \
                not self.app.repeat(event):
            # (as the buttons that say these letters)
            want = "again_missed" if event.key == pygame.K_a else "again_all"
            for b in self.side_btns:
                if b.ident == want and b.action is not None:
                    self.app.later(b.action)()

    def hold_at_start(self) -> None:
        if self.player is not None:
            self.player.playback.paused = True

    def play_key(self, k: int) -> None:
        """Space, Home and the arrows on the stroke, as in the gallery's
        replay: Space skips a play before the last answer to its end (where
        the questions are about; pressed again there, it stays), else
        pauses (at the end, plays again); Home plays from the start; Left
        and Right step a frame."""
        assert self.player is not None
        pb = self.player.playback
        if k == pygame.K_SPACE and not self.revealing:
            pb.seek(pb.end_time)
        elif k == pygame.K_SPACE and not pb.at_end:
            pb.paused = not pb.paused
        elif k in (pygame.K_SPACE, pygame.K_HOME):
            self.player.restart()
        else:
            pb.step(1 if k == pygame.K_RIGHT else -1)

    def header(self) -> tuple[list[scoreboard.PlayerCard], list[str]]:
        """The scoreboard as the position stood before the stroke while the
        questions are open, headed so ("table is open" read as the table
        after a stroke whose answer gives the shooter the stripes, and a
        board after the ruling would answer the questions), then, with the
        explanation, as the ruling left the game."""
        if self.phase == "over":
            # The sitting's end is no situation's: the last one's board and
            # "Game over" stood over the result.
            # The table keeps the last situation's balls: said which.
            title = self.sc.title.get(self.app.locale.lang)
            return [], [f"{self.app.t('quiz.over_title')} · {self.score_line()}",
                        self.app.t("quiz.over_table", title=title)]
        cards, centre = super().header()
        key = self.board_key()
        ruling = self.result.ruling
        ended = self.phase in ("done", "over")  # (the explanation, the sitting's end)
        # A replay on the explanation's table shows the stroke from its start:
        # under "Game over" alone it read as the table after the ruling.
        said: list[tuple[str, str]] = [("quiz.board_replay", "")] if ended and \
            self.player is not None and not self.player.playback.at_end else []
        if ended and ruling.game_over:
            # The game ended: a board "after the ruling" showed the loser
            # still at "2 fouls in a row" and nobody credited; the result said.
            cards, centre = self.final_board(cards, centre)
            winner = ruling.winner
            name = cards[winner].name if winner is not None and \
                0 <= winner < len(cards) else ""
            said.append(("quiz.board_game_won" if name else "quiz.board_game_over",
                         name))
            return cards, [*centre[:1], self.board_line(len(cards), said),
                           *centre[1:]]
        if ended:
            after = self.board_after()
            if after is not None:
                (cards, centre), key = after, "quiz.board_after"
        # (under the game's name, with the score on one line: a third line
        # left the score unseen; the state's own lines after them where the
        # header has room, the cards saying each player's group)
        said.append((key, ""))
        return cards, [*centre[:1], self.board_line(len(cards), said), *centre[1:]]

    def board_line(self, players: int, said: list[tuple[str, str]]) -> str:
        """The board's heading and the score on one line, in the longest
        words that the board's centre holds whole (``BOARD_FORMS``): at
        800x500 "...scoreboard before the ruli…" hid what the board is.
        ``said``: the heading's parts, as locale keys with a name."""
        q = score_of(self.app)
        line = ""
        for board, score, first in BOARD_FORMS:
            parts = [self.app.t(k + board, name=name) for k, name in said]
            parts = parts[:1] if first else parts
            parts.append(self.app.t("quiz.score" + score, right=q.right, asked=q.asked))
            line = " · ".join(parts)
            if scoreboard.centre_fits(self.layout.top, players, 1, line):
                break
        return line

    def board_key(self) -> str:
        """The heading of the board before the ruling, saying which position
        the table shows: before the stroke (its start), the stroke playing,
        or where it left the balls ("the board before the stroke" stood
        over the balls after it)."""
        from rules.questions import stroke_index
        pb = self.player.playback if self.player is not None else None
        if pb is None:
            return "quiz.board_before" if self.phase == "length" \
                else "quiz.board_stroke_end"
        si = stroke_index(self.shot.events)
        start = self.shot.events[si].time if si is not None else 0.0
        if pb.time <= start + 1e-9:
            return "quiz.board_before"
        return "quiz.board_stroke_end" if pb.at_end else "quiz.board_stroke"

    def final_board(self, cards: list[scoreboard.PlayerCard], centre: list[str]
                    ) -> tuple[list[scoreboard.PlayerCard], list[str]]:
        """The board of a game the stroke ended: the balls and points as the
        ruling left them, nobody to play, the winner's game counted and said
        on the card ("Game over: Player 2 wins" stood over the board before
        the stroke, the loser marked to play and the games 0-0)."""
        after = self.board_after()
        if after is not None:
            cards, centre = list(after[0]), list(after[1])
        winner = self.result.ruling.winner
        out = []
        for i, c in enumerate(cards):
            if i != winner:
                out.append(replace(c, active=False))
                continue
            # A game's count goes up by the game won; points (14.1, Express)
            # are already the ruling's.
            score = str(int(c.score) + 1) if not c.unit and c.score.isdigit() \
                else c.score
            out.append(replace(c, active=False, score=score,
                               details=(self.app.t("quiz.card_won"), *c.details)))
        return out, centre

    def board_after(self) -> tuple[list[scoreboard.PlayerCard], list[str]] | None:
        """The scoreboard of the game as the ruling left it (None where the
        game ended: no board of a game in play stands for it)."""
        from rules.ruling import RulesError
        if self._board_after is None:
            try:
                s = practice_session(self.app, replace(self.sc, game=self.result.after))
                self._board_after = s.scoreboard(race=False)
            except RulesError:
                self._board_after = ()
        return self._board_after or None

    def ball_positions(self) -> Mapping[int, tuple[float, float, float]]:
        """The stroke as it plays; between plays, where the stroke left the
        balls (the pocketed ones gone: the questions are about the stroke's
        end) until every question is answered, not yet the table after the
        ruling (a ball spotted or the cue ball taken up would answer them),
        then the table after the ruling."""
        if self.player is not None:
            return self.player.positions()
        if self.phase == "length":  # the stroke not yet played
            return table_positions(self.shot.initial)
        if self.phase in ("done", "over"):
            return after_positions(self.shot, self.result.after)
        return table_positions(self.shot.final)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self.show is not None and self.player is not None:
            self.show.draw_under(surface, self.view, self.player.positions())

    def draw_top(self, surface: pygame.Surface) -> None:
        if self.show is not None and self.player is not None:
            self.show.draw_over(surface, self.view)

    def draw_strip(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if self.show is not None and self.player is not None:
            self.show.draw_timeline(surface, rect, self.short_hint())
        else:
            # The facts in one row over the keys (the side text says the
            # ruling): a second row of chips hid the keys and was cut by the
            # window's foot at 800x500.
            strip.draw_strip(surface, rect, strip.one_row(rect, self.chips()),
                             self.hint(), short=self.short_hint())

    def inset_height(self, width: int) -> int:
        """The side view, smaller (not below ``INSET_LEAST``) or left out
        while a question is open where it would leave the question no room:
        at 800x500 the rule's options under it kept "Which rule?" below the
        column's foot, the text's room one line. The whole text if the
        picture can give it room, else the question itself."""
        full = self.show.inset_height(width) if self.show is not None else 0
        if not full or self.phase != "asking" or self._dock is None:
            return full
        size = self.text_size()
        room = self._dock.bottom - self._dock.top - 8 - \
            self._column_height(width, max(11, size - 1))
        if self._message_rect is not None:
            room -= self._message_rect.height + 6
        lh = ui.line_height(size)
        asked = "\n".join(self.question_lines())
        # (the question's own lines, and the line saying more is above)
        own = len(ui.wrap(asked, size, width)) * lh + lh
        for need in (self._body_height(size, width), own):
            spare = room - need - 6
            if spare >= INSET_LEAST:
                return min(full, spare)
        return 0

    def draw_inset(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if self.show is not None:
            self.show.draw_inset(surface, rect)

    def highlight(self) -> Iterable[int]:
        return self.player.highlight() if self.player is not None else ()

    def cushions(self) -> Iterable[str]:
        return self.player.cushions() if self.player is not None else ()

    def pocket(self) -> str | None:
        return self.player.pocket() if self.player is not None else None

    def chips(self) -> list[str]:
        # The game and the score are on the board: chips saying them again
        # pushed the keys' line out of the strip at 800x500.
        is_break = bool(getattr(self.sc.game, "is_break", False))
        if self.phase == "done":  # before that, "first contact: 2" would tell
            # A break's count as its rule reads it (object balls to a
            # cushion): "no cushion contact" said another thing than the
            # answers about the same break; that count says it was a break.
            return shot_chips(self.app.locale, self.shot, is_break=is_break)
        return [self.app.t("strip.break")] if is_break else []

    def hint(self) -> str:
        return self.app.t(self._hint_key(), keys=self._answer_keys())

    def short_hint(self) -> str:
        return self.app.t(self._hint_key() + "_short", keys=self._answer_keys())

    def _answer_keys(self) -> str:
        """The number keys that answer this question ("1-2" for two
        answers: "1-9" promised seven that did nothing)."""
        n = min(9, len(self.question.choices)) if self.phase == "asking" else 0
        return "1" if n <= 1 else f"1-{n}"

    def _hint_key(self) -> str:
        """The key line of this page, saying only what its keys do: a
        question answered by one press has no Enter ("Enter: next" there did
        nothing); several answers are ticked, then sent by Enter; after an
        answer, Enter goes on and 1-9 answer nothing."""
        if self.phase == "over":
            return "quiz.hint_over"
        if self.phase == "length":
            return "quiz.hint_length"
        if self.phase == "done":
            # The explanation's table, or its replay stopping at the fouls
            # (there Space pauses; "Space: skip the stroke" did nothing).
            return "quiz.hint_reveal" if self.player is not None else "quiz.hint_done"
        if self.phase != "asking":
            return "quiz.hint_next"
        if not self.watched:  # the answers wait: say for what, and Space
            return "quiz.hint_wait"
        if not self.question.multiple:
            return "quiz.hint"
        return "quiz.hint_multiple" if self.picked else "quiz.hint_tick"
