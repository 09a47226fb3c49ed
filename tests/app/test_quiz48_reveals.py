"""Play-tests 37/38: the quiz gave answers away before they were asked.
"Was it a foul?" answered, the page said what was seen of the foul ("the
tip touched the cue ball twice") and its proof, which is the next question's
answer (general rule 20, double hit); the tip's second touch stood on the
table as a pink "2" and on the timeline as a pink tick before "Which rule?"
was answered; every tick of the timeline was drawn from the stroke's first
frame, ahead of the contact it marks, so "watch again" opened on them. And
on the answer page Left/Right, Home did nothing, on the explanation "," "."
neither, while the key line promised keys that did nothing there. Driven by
keys through the window's loop, read as drawn."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.replay.playback import FRAME_DT
from simulator.app.replay.table_marks import CONTACT_CUSHION, CONTACT_TIP
from simulator.app.screens.quiz import QuizMode
from simulator.app.text.words import code_words
from simulator.practice.quiz import NO, YES
from simulator.table.events import EventKind
from tests.app.helpers import drawn_words, frame, key, make_app, quiz_on
from tests.app.test_quiz41_reveals import answer_right
from tests.app.test_quiz43_reveals import answer_foul

DOUBLE = "8ball-double-hit"
# Situations whose "Which rule?" follows "Was it a foul?": the words of
# what was seen of their foul, and whether a proof is given.
SEEN = {
    DOUBLE: ("The tip touched the cue ball twice", "Наклейка дважды коснулась битка"),
    "8ball-push-shot": ("The tip stayed on the cue ball",
                        "Наклейка задержалась на битке"),
    "8ball-scratch-after-pot": ("The cue ball went into a pocket", "Биток упал в лузу"),
}


def count(app: App, colour: tuple[int, int, int], rect: pygame.Rect | None = None
          ) -> int:
    """Pixels of exactly ``colour`` on the screen as last drawn (in ``rect``)."""
    surface = pygame.display.get_surface()
    area = rect or surface.get_rect()
    return sum(1 for x in range(area.left, area.right)
               for y in range(area.top, area.bottom)
               if tuple(surface.get_at((x, y)))[:3] == colour)


def first_answered(app: App, sid: str, answer: str) -> QuizMode:
    """"Was it a foul?" answered, with "Which rule?" to follow."""
    mode = answer_foul(app, sid, answer)
    assert mode.questions[1].kind == "rule"
    return mode


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("sid", list(SEEN))
def test_was_it_a_foul_names_nothing_of_which_rule(lang: str, sid: str) -> None:
    """Right or wrong, the first answer's page says neither what was seen of
    the foul, nor its proof, nor its name; "Which rule?" answered, what was
    seen and the proof are said with the rule."""
    for answer in (YES, NO):
        app = make_app(lang)
        try:
            mode = first_answered(app, sid, answer)
            text = drawn_words(app, folded=True)
            seen = SEEN[sid][lang == "ru"]
            assert app.t("quiz.rule_next") in text
            assert seen.lower() not in text.lower(), text
            for f in mode.ruling.fouls:
                assert code_words(app.locale, f.code.id) not in text, text
            proof = app.t("quiz.evidence_touch", t="", ms="", normal="")[:12]
            assert proof not in text, text
            key(app, pygame.K_RETURN)
            frame(app, n=2)
            text = " ".join(answer_right(app, mode).split())
            assert seen in text, text
            if sid == DOUBLE:
                assert proof in text, text
        finally:
            pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_tips_second_touch_shows_once_which_rule_is_answered(lang: str) -> None:
    """The double hit's pink "2" (the tip on the cue ball again) and its
    pink tick: not on the screen while "Was it a foul?" and "Which rule?"
    are open, though the stroke has played to its end; there once the rule
    is answered."""
    app = make_app(lang)
    try:
        mode = quiz_on(app, DOUBLE)
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        assert mode.player is not None and mode.player.done
        assert count(app, CONTACT_TIP) == 0
        answer_right(app, mode)
        assert count(app, CONTACT_TIP) == 0
        key(app, pygame.K_r)  # watching again changes nothing of it
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        assert count(app, CONTACT_TIP) == 0
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        assert mode.question.kind == "rule"
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        assert count(app, CONTACT_TIP) == 0
        answer_right(app, mode)
        assert count(app, CONTACT_TIP) > 0
        assert mode.show is not None
        assert any(mode.shot.events[c.event_index].kind is EventKind.TIP_CONTACT
                   for c in mode.show.marks.contacts)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_ticks_come_as_the_stroke_reaches_them(lang: str) -> None:
    """The cushion's tick (at 2.4 s) is not on the timeline when the
    question opens nor when "watch again" starts; it is once the stroke has
    passed it."""
    app = make_app(lang)
    try:
        mode = quiz_on(app, DOUBLE, frames=1)
        assert mode.show is not None and mode.show.geometry is not None
        bar = mode.show.geometry.bar.inflate(0, 4)
        assert count(app, CONTACT_CUSHION, bar) == 0
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        assert count(app, CONTACT_CUSHION, bar) > 0
        answer_right(app, mode)
        key(app, pygame.K_r)
        frame(app, n=2)
        assert mode.player is not None and mode.player.playback.time < 0.0
        assert count(app, CONTACT_CUSHION, bar) == 0
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_answer_pages_keys_step_and_restart(lang: str) -> None:
    """On an answer's page, as in the gallery's replay: Left/Right step a
    frame, "," "." go from contact to contact, Home plays from the start;
    on the explanation "." and Left open the replay and step in it, Space
    plays it. Each key the key line names there is among them."""
    app = make_app(lang)
    try:
        mode = first_answered(app, DOUBLE, YES)
        assert mode.player is not None
        pb = mode.player.playback
        end = pb.time
        key(app, pygame.K_LEFT)
        assert pb.paused and pb.time == pytest.approx(end - FRAME_DT)
        key(app, pygame.K_RIGHT)
        assert pb.time == pytest.approx(end)
        key(app, pygame.K_COMMA)
        assert pb.time < end - FRAME_DT
        back = pb.time
        key(app, pygame.K_PERIOD)
        assert pb.time > back
        key(app, pygame.K_HOME)
        assert pb.time < 0.0 and not pb.paused
        while mode.phase != "done":
            key(app, pygame.K_RETURN)
            frame(app, n=2)
            if mode.phase == "asking":
                answer_right(app, mode)
        frame(app, n=2)
        assert mode.player is None
        line = drawn_words(app, folded=True)
        assert app.t("quiz.hint_done") in line or app.t("quiz.hint_done_short") in line
        assert app.t("quiz.hint_next") not in line
        key(app, pygame.K_PERIOD)
        assert mode.player is not None and mode.revealing
        pb = mode.player.playback
        assert pb.paused and pb.time >= 0.0
        at = pb.time
        key(app, pygame.K_RIGHT)
        assert pb.time == pytest.approx(at + FRAME_DT)
        key(app, pygame.K_SPACE)
        assert not pb.paused
        frame(app, n=30)
        line = drawn_words(app, folded=True)
        assert app.t("quiz.hint_reveal_short") in line or \
            app.t("quiz.hint_reveal") in line
    finally:
        pygame.display.quit()
