"""Defects a play-tester found in the quiz and the hint, driven through the
window's own loop with synthetic events."""

from __future__ import annotations

import re

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.practice.practice_screen import table_positions
from simulator.app.screens.quiz import ANSWER_GUARD, quiz_ids
from simulator.app.text.words import discipline_label
from tests.app.helpers import (
    DT,
    banner_hint,
    click_button,
    drawn_words,
    frame,
    key,
    make_app,
    quiz_on,
    quiz_ready,
    run_until,
)

E = pygame.event.Event


def _button(app: App, label: str) -> pygame.Rect:
    return next(b.rect for b in app.buttons if b.label == label)


def _press(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [E(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            E(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


@pytest.mark.parametrize("same_frame", [False, True], ids=["next frame", "same frame"])
def test_the_click_that_opens_a_question_answers_nothing(same_frame: bool) -> None:
    """A double click on "Next question": the next question's answers came
    up under the cursor and the second click was taken as its answer. A
    click where the cursor rested waits out a short guard; an answer is
    then taken."""
    app = make_app("en")
    try:
        mode = quiz_on(app, "8ball-eight-first-with-group", frames=3)
        quiz_ready(app)
        frame(app, n=int(ANSWER_GUARD / DT) + 2)
        click_button(app, app.t("quiz.yes_foul"))
        assert mode.phase == "answered" and len(mode.grades) == 1
        pos = _button(app, app.t("quiz.next_question")).center
        frame(app, E(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        if same_frame:
            frame(app, *_press(pos), *_press(pos))
            frame(app)
        else:
            frame(app, *_press(pos))
            assert mode.phase == "asking" and mode.k == 1
            frame(app, *_press(pos))
        # The second question opened (not skipped by the second press), and
        # not answered by it.
        assert mode.phase == "asking" and mode.k == 1 and len(mode.grades) == 1
        key(app, pygame.K_SPACE)  # its stroke to its last event: answers taken
        frame(app, n=int(ANSWER_GUARD / DT) + 2)
        under = [b for b in app.buttons if (b.ident or "").startswith("answer:")
                 and b.rect.collidepoint(pos)]
        if under:  # where the guard mattered: the same place answers now
            frame(app, *_press(pos))
        else:
            click_button(app, next(b.label for b in app.buttons
                                   if (b.ident or "").startswith("answer:")))
        assert len(mode.grades) == 2 or mode.picked
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)], ids=["1280", "800"])
def test_the_answers_leave_back_where_it_stands(lang: str,
                                                size: tuple[int, int]) -> None:
    """While the question's stroke plays, "Back" stands lowest, as on every
    screen of the quiz, and no answer covers it: a click meant to leave is
    never taken as an answer."""
    app = make_app(lang, size)
    try:
        mode = quiz_on(app, "8ball-eight-first-with-group", frames=3)
        assert mode.phase == "asking" and mode.player is not None
        assert not mode.player.done
        back = _button(app, app.t("common.back"))
        answers = [b for b in app.buttons if (b.ident or "").startswith("answer:")]
        assert len(answers) == len(mode.question.choices)
        for b in answers:
            assert not b.rect.colliderect(back), (b.label, b.rect, back)
        assert back.bottom >= max(b.rect.bottom for b in answers)
        assert not mode.grades
        assert not app.errors
    finally:
        pygame.display.quit()


def test_an_answer_clicked_elsewhere_is_taken_at_once() -> None:
    """The guard is only for the cursor left where the answers came up: an
    answer the cursor moves to is taken (keys are never held back)."""
    app = make_app("en")
    try:
        mode = quiz_on(app, "8ball-eight-first-with-group", frames=3)
        key(app, pygame.K_SPACE)
        assert mode.phase == "asking"
        click_button(app, app.t("quiz.yes_foul"))
        assert mode.phase == "answered" and mode.grades[0].right
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("skip", ["key", "watched"])
def test_the_questions_are_asked_over_the_table_the_stroke_left(skip: str) -> None:
    """The 8 called in one pocket drops in another: skipped (Space) or
    watched to its end, the table showed the position before the stroke. The questions are about the stroke's end:
    the balls where they stopped, the 8 gone."""
    app = make_app("en")
    try:
        mode = quiz_on(app, "8ball-eight-wrong-pocket", frames=3)
        start = table_positions(mode.sc.position)
        end = table_positions(mode.shot.final)
        assert 8 in start and 8 not in end
        if skip == "key":
            key(app, pygame.K_SPACE)
        player = mode.player
        assert player is not None
        run_until(app, lambda: player.done, limit=8000)
        frame(app)
        assert mode.phase == "asking" and mode.player is player
        shown = dict(mode.ball_positions())
        assert shown.keys() == end.keys()
        assert all(abs(shown[b][0] - end[b][0]) < 1e-9 and
                   abs(shown[b][1] - end[b][1]) < 1e-9 for b in end)
        # Still so once answered, before the next question.
        key(app, pygame.K_2)
        frame(app)
        assert mode.phase == "answered"
        assert dict(mode.ball_positions()).keys() == end.keys()
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_quiz_situation_is_titled_by_its_game_and_what_happens(lang: str) -> None:
    """The heading said "Situation 3 of 25: 8-ball, a shot in play": it names
    the game, as the gallery does; the number of the situation stays in the
    text. What happens is not in it while the questions are open (play-test
    17c: every description said its foul in some words), nor the title that
    names the foul ("...: a double hit")."""
    app = make_app(lang)
    try:
        mode = quiz_on(app, "8ball-eight-wrong-pocket", frames=3)
        game = discipline_label(app.locale, "8-ball")
        want = app.t("quiz.title_open", game=game)
        assert mode.side_title == want
        words = drawn_words(app, folded=True)
        assert want in words
        # Opened at a situation, the sitting keeps it at its list place.
        place = quiz_ids("8-ball").index("8ball-eight-wrong-pocket") + 1
        assert app.t("quiz.situation_of", n=place, of=len(mode.ids)) in words
        key(app, pygame.K_SPACE)
        frame(app)
        words = drawn_words(app, folded=True)
        assert mode.side_title == want and want in words
        assert app.t("quiz.situation_of", n=place, of=len(mode.ids)) in words

        mode = quiz_on(app, "8ball-double-hit", frames=3)
        sc = mode.sc
        assert mode.side_title == want
        key(app, pygame.K_SPACE)
        frame(app)
        shown = drawn_words(app, folded=True)
        assert mode.side_title in shown
        assert sc.title.get(lang) not in shown  # "...: a double hit"
        assert not app.locale.fallbacks
    finally:
        pygame.display.quit()


def _prefix(template: str) -> str:
    """The words a text starts with before its first field."""
    return template.split("{")[0]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_hint_tells_the_player_what_to_do(lang: str) -> None:
    """The hint read "Calls 11 in the ... pocket", "Breaks", "Pots the 3":
    what the computer would do. Every line is now said to the player ("Call
    the 11 ...", "Play it soft ..."); the computer's own turn still says
    what it does, in its own words."""
    from simulator.app.match import computer
    from simulator.app.text.words import ball_label
    app = banner_hint(lang)
    try:
        s = app.session
        assert s is not None
        assert s.hint is not None
        lines = app.mode.hint_lines()  # type: ignore[union-attr]
        head = app.t("hint.head") + " "
        assert lines[0].startswith(head)
        # (the count behind the odds is the hint's and the computer's alike)
        d = s.hint.decision
        tries = computer.tries_words(app.locale, d.success, d.tries)
        # (the first line after "Подсказка:" in lower case: it goes on the sentence)
        first = lines[0][len(head):]
        said = [first, *(ln for ln in lines[1:] if ln != tries)]
        loc = app.locale
        ours = tuple(_prefix(v) for k, v in _leaves(loc, "hint.say")
                     if _prefix(v) and ".strength." not in k)
        cpu = [_prefix(v) for _k, v in _leaves(loc, "cpu.shot")]
        cpu += [_prefix(app.t(k)) for k in (
            "play.calls_pot", "play.calls_bank", "play.aims_pot", "play.aims_bank",
            "cpu.calls", "cpu.places", "cpu.declares_safety",
            "evening.cpu_tries")]
        cpu += [app.t(f"cpu.strength.{k}") for k in ("soft", "medium", "firm", "hard")]
        theirs = tuple(p for p in cpu if p and p not in ours)
        for ln in said:
            assert (ln[:1].upper() + ln[1:]).startswith(ours), (ln, said)
            assert not ln.startswith(theirs), (ln, said)
        if lang == "en":
            assert not re.match(r"^(Pots|Calls|Breaks|Goes|Plays|Banks)\b", said[0])
        # Drawn in the side column as said.
        assert " ".join(said[0].split())[:30] in drawn_words(app, folded=True)
        # The computer's turn keeps its own words for the same decision.
        own = computer.shot_lines(loc, s.hint.decision, lambda b: ball_label(loc, b),
                                  s.spec.balls.radius, s.match.table())
        assert own[0] != said[0] and not own[0].startswith(ours)
        assert not app.errors and not loc.fallbacks
    finally:
        pygame.display.quit()


def _leaves(loc: object, prefix: str) -> list[tuple[str, str]]:
    """Every text under a key of the locale, as (key, text)."""
    import json

    from simulator.files.resources import locale_dir
    data = json.loads((locale_dir() / loc.lang / "ui.json").read_text(  # type: ignore[attr-defined]
        encoding="utf-8"))
    node = data
    for part in prefix.split("."):
        node = node[part]
    out: list[tuple[str, str]] = []

    def walk(k: str, v: object) -> None:
        if isinstance(v, dict):
            for kk, vv in v.items():
                walk(f"{k}.{kk}", vv)
        else:
            out.append((k, str(v)))
    walk(prefix, node)
    return out
