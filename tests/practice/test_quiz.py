"""The referee quiz, driven headless: questions from a scenario's ruling,
right and wrong answers graded, a score kept per session."""

from __future__ import annotations

from dataclasses import replace

import pytest

from simulator.practice import library
from simulator.practice.quiz import (
    NO,
    NONE,
    TURN,
    YES,
    QuizError,
    QuizSession,
    grade,
    make_questions,
)
from simulator.practice.scenario import play_scenario

SAMPLE = ["8ball-scratch-after-pot", "8ball-eight-on-break", "8ball-break-illegal",
          "8ball-open-table-eight-first", "8ball-kitchen-direct",
          "9ball-push-out-hand-back", "9ball-third-foul-after-warning",
          "straight-opening-break-penalty", "straight-rerack-ball-and-cue-in-rack",
          "express-house-direct", "express-signature", "express-own"]


def played(sid: str):  # type: ignore[no-untyped-def]
    sc = library.load(sid)
    return sc, play_scenario(sc).ruling


def test_scratch_questions_and_answers() -> None:
    """General rule 18 (8-ball 8): a scratch is a foul, the opponent shoots
    with ball in hand anywhere, no options: who and from where one answer."""
    sc, ruling = played("8ball-scratch-after-pot")
    qs = {q.kind: q for q in make_questions(sc, ruling)}
    assert set(qs) == {"foul", "rule", TURN}
    assert grade(qs["foul"], YES, ruling).right
    assert not grade(qs["foul"], NO, ruling).right
    assert grade(qs["rule"], "foul.scratch", ruling).right
    assert not grade(qs["rule"], "foul.bad_hit", ruling).right
    # After "Was it a foul?" a rule was broken: "none" is not offered.
    assert NONE not in qs["rule"].choices
    assert grade(qs[TURN], "other:anywhere", ruling).right
    for wrong in ("same:none", "other:none", "other:kitchen"):
        assert not grade(qs[TURN], wrong, ruling).right
    g = grade(qs["rule"], "foul.scratch", ruling)
    assert "foul.scratch" in g.codes
    assert any(r.rule == "18" and r.section == "general" for r in g.refs)


def test_options_need_the_exact_set() -> None:
    """8-ball 5: after an illegal break the opponent may accept the table,
    re-rack and break, or have the offender break again."""
    sc, ruling = played("8ball-break-illegal")
    q = next(q for q in make_questions(sc, ruling) if q.kind == "options")
    full = ["accept_table", "rerack_break", "rerack_offender_breaks"]
    assert grade(q, full, ruling).right
    assert not grade(q, full[:2], ruling).right
    assert not grade(q, [*full, "spot_eight"], ruling).right
    assert not grade(q, NONE, ruling).right


def test_a_legal_shot_has_no_rule_and_no_options() -> None:
    """8-ball 6 (reading P3): the 8 first on an open table is no foul; after
    "was it a foul?" no "which rule was broken?" is asked (it takes a breach
    for granted); asked alone, "none" answers it."""
    sc, ruling = played("8ball-open-table-eight-first")
    qs = {q.kind: q for q in make_questions(sc, ruling)}
    assert grade(qs["foul"], NO, ruling).right
    assert "rule" not in qs
    assert sc.question is not None
    alone = replace(sc, question=replace(sc.question, asks=("rule", "ball_in_hand")))
    qs = {q.kind: q for q in make_questions(alone, ruling)}
    assert grade(qs["rule"], NONE, ruling).right
    assert not grade(qs["rule"], "foul.bad_hit", ruling).right
    assert grade(qs["ball_in_hand"], "none", ruling).right


def test_express_questions_use_three_players_and_the_house() -> None:
    """SEED-E 2.6: from the house at a ball in the house, -5; the next player
    (player index 1) chooses to shoot or to make the offender shoot."""
    sc, ruling = played("express-house-direct")
    qs = {q.kind: q for q in make_questions(sc, ruling)}
    assert "other:house" in qs[TURN].choices
    assert not any("kitchen" in a for a in qs[TURN].choices)
    # The cue ball stayed on the table: the next player plays it as it lies.
    assert grade(qs[TURN], "other:none", ruling).right
    assert not grade(qs[TURN], "other:house", ruling).right
    assert grade(qs["rule"], "express.foul.house_direct", ruling).right
    assert grade(qs["options"], ["shoot", "force_offender"], ruling).right
    assert not grade(qs["options"], ["shoot"], ruling).right


def test_who_shoots_next_and_from_where_is_the_rulings_own() -> None:
    """"Who shoots next, and from where?" is answered by the referee's ruling
    of the stroke, which each situation's checked expectations agree with:
    the same player or the other (8-ball 5: after a scratch on a legal break
    the opponent, from behind the head string; 14.1 a third foul: the
    offender breaks again from the kitchen; Express: the next player)."""
    seen = set()
    for entry in library.library().entries:
        sc, ruling = played(entry.id)
        q = next((q for q in make_questions(sc, ruling) if q.kind == TURN), None)
        shooter, where = sc.expect.get("next_shooter"), sc.expect.get("ball_in_hand")
        if q is None or shooter is None or where is None:
            continue
        who = "same" if shooter == sc.game.shooter else "other"
        assert q.correct == {f"{who}:{where}"}, entry.id
        assert len(q.correct & set(q.choices)) == 1 and len(q.choices) >= 4
        seen.add(next(iter(q.correct)))
    assert {"same:none", "other:none", "other:anywhere", "other:kitchen",
            "same:kitchen", "same:house"} <= seen, seen


@pytest.mark.parametrize("sid", SAMPLE)
def test_right_answers_score_and_wrong_ones_do_not(sid: str) -> None:
    sc, ruling = played(sid)
    qs = make_questions(sc, ruling)
    assert qs
    session = QuizSession()
    for q in qs:
        right = sorted(q.correct)
        g = session.answer(sc, q, right if q.multiple else right[0], ruling)
        assert g.right, q
    for q in qs:
        wrong = [c for c in q.choices if c not in q.correct]
        if not wrong:
            continue
        g = session.answer(sc, q, [wrong[0]] if q.multiple else wrong[0], ruling)
        assert not g.right, q
    n_wrong = sum(1 for q in qs if any(c not in q.correct for c in q.choices))
    assert session.right == len(qs)
    assert session.asked == len(qs) + n_wrong
    assert session.scenarios == [sid]
    kinds = session.by_kind()
    assert sum(a for _, a in kinds.values()) == session.asked


def test_session_score_over_several_scenarios() -> None:
    session = QuizSession()
    for sid in SAMPLE[:4]:
        sc, ruling = played(sid)
        q = make_questions(sc, ruling)[0]
        assert q.kind == "foul"
        session.answer(sc, q, YES, ruling)
    # Of the four, the open-table 8 first and the 8 on the break are legal.
    assert session.asked == 4
    assert session.right == 2
    assert session.percent == 50.0
    assert session.to_dict()["by_kind"] == {"foul": [2, 4]}


def test_bad_answers_are_refused() -> None:
    sc, ruling = played("8ball-break-illegal")
    qs = {q.kind: q for q in make_questions(sc, ruling)}
    with pytest.raises(QuizError, match="not an answer"):
        grade(qs["foul"], "maybe", ruling)
    with pytest.raises(QuizError, match="takes one answer"):
        grade(qs["foul"], [YES, NO], ruling)
    with pytest.raises(QuizError, match="empty"):
        grade(qs["options"], [], ruling)
    with pytest.raises(QuizError, match="none"):
        grade(qs["options"], [NONE, "accept_table"], ruling)


def test_a_stroke_that_decides_the_game_asks_nothing_of_its_next_shot() -> None:
    """8-ball 15 (loss of game): the 8 pocketed in a pocket other than the one
    called loses the game; a new rack and a break follow, so "who shoots next"
    and "from where" have no answer in that game and are not asked (the quiz
    had answered them as if the game went on). Every library position whose
    stroke decides the game is checked."""
    decided = 0
    for entry in library.library().entries:
        sc, ruling = played(entry.id)
        kinds = {q.kind for q in make_questions(sc, ruling)}
        if ruling.game_over:
            decided += 1
            assert not kinds & {"next_shooter", "ball_in_hand", TURN}, entry.id
        elif sc.question is None or "next_shooter" in sc.question.asks:
            assert TURN in kinds, entry.id
    assert decided >= 1


@pytest.mark.parametrize("sid, foul", [
    ("8ball-eight-wrong-pocket", NO), ("8ball-eight-early", NO),
    ("8ball-eight-and-scratch", YES), ("8ball-eight-off-table", YES),
    ("9ball-third-foul-after-warning", YES)])
def test_a_lost_game_is_a_foul_only_when_a_foul_was_committed(
        sid: str, foul: str) -> None:
    """8-ball 15: the 8 in a pocket not called, or before the group is
    cleared, loses the game; no rule calls that a foul, so "Was it a foul?"
    is no unless the stroke also fouled (a scratch with the 8, a ball off
    the table, the third foul in 9-ball). "Which rule" is still the loss,
    with the foul where there was one: "choose all that apply" takes both
    (either alone was right, and a class could not tell which was meant)."""
    sc, ruling = played(sid)
    assert ruling.game_over
    qs = {q.kind: q for q in make_questions(sc, ruling)}
    assert qs["foul"].correct == frozenset({foul})
    loss = next(f.code.id for f in ruling.fouls if f.code.id.startswith("loss."))
    rule = qs["rule"]
    assert loss in rule.correct and rule.multiple == (foul == YES)
    assert grade(rule, sorted(rule.correct), ruling).right
    assert grade(rule, loss, ruling).right == (foul == NO)
