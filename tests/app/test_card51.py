"""The ruling card as it is first shown: after a break, who plays next and
why is in view without V; one penalty for a stroke of several fouls said
plainly; no hint while a foul between people waits to be read."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session, turn_notes
from simulator.app.text import ui
from simulator.app.text.words import cite
from tests.app.helpers import (
    click,
    drawn_words,
    frame,
    key,
    make_app,
    run_until,
    scenario_match,
    strike,
    to_the_break,
)
from tests.app.scenes import LANGS, SIZES
from tests.app.test_turns_read import annas_foul_between_people

# The break's note saying who plays next and why, by game; Express's first
# break sends the cue ball in at this angle (2° off the rack's axis).
TURN_AFTER_BREAK = {"8-ball": "note.continues", "9-ball": "note.scored",
                    "14.1": "note.miss", "express": "express.note.continues"}


def hard_break(app: App, game: str) -> Session:
    """Anna breaks as hard as the cue goes (seed 5): balls go down; the
    next turn's screen then shows the ruling card as it comes, unread."""
    names = ["Anna", "Boris", "Vera"] if game == "express" else ["Anna", "Boris"]
    opts: dict[str, object] = {"target": 5} if game == "14.1" else \
        {} if game == "express" else {"race_to": 1}
    s = to_the_break(app, names, game, opts)
    s.aim = s.aim.with_power(1.0).turned(2.0 if game == "express" else 0.0)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: bool(s.shots), limit=6000)
    frame(app, n=30)
    return s


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", list(TURN_AFTER_BREAK))
def test_after_a_break_the_card_says_who_plays_next_and_why_unread(
        game: str, lang: str, size: tuple[int, int]) -> None:
    """A break that put balls down: general rule 30 (8-ball), 9-ball rule 1,
    Express 2.5 (the breaker continues), general rule 4 (14.1, nothing
    called: the turn passes). The card as first shown, short beside the
    call's lines, keeps that line whole near its top (under the break's
    legality, as a referee says them: test_card53): it was cut («Ball down
    on the break…») or hidden under «3 more · V» below «Legal break»."""
    app = make_app(lang, size)
    try:
        s = hard_break(app, game)
        _shot, ruling = s.shots[-1]
        assert not ruling.fouls
        [note] = [n for n in ruling.notes if n.code.id in turn_notes()]
        assert note.code.id == TURN_AFTER_BREAK[game]
        assert app.mode is not None and app.mode.name in ("aiming", "placing")
        assert not app.dialogs and s.banner is not None and not s.banner_folded
        said = " ".join(f"• {cite(s.locale, note.code, note.ref, s.discipline)}"
                        .split())
        words = drawn_words(app, folded=True)
        assert said in words, words
        assert s.banner.next[0] in words  # and who is next, beneath
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_stroke_of_two_fouls_says_one_penalty_for_the_stroke(lang: str) -> None:
    """General rule 24 (several rules broken in one stroke: one foul, the
    most severe penalty): a 9-ball stroke that hits the 2 first (9-ball
    rule 7) and scratches after it (a second foul) says plainly that the
    stroke gets one penalty for all its fouls, citing rule 24 («The
    penalty is for this foul» read awkwardly)."""
    said = {"en": "One penalty for all the stroke's fouls "
                  "(general rules, rule 24)",
            "ru": "Один штраф за все фолы удара "
                  "(общие правила, п. 24)"}[lang]
    app = make_app(lang)
    try:
        scenario_match(app, "9-ball", {0: (1.94, 0.67), 2: (2.24, 0.97),
                                       1: (0.6, 0.3), 9: (0.8, 0.3)})
        s = app.session
        assert s is not None
        s.aim = replace(s.aim, angle=45.0, power=0.5, tip_b=0.5)  # follow: in after it
        frame(app, n=30)
        ruling = strike(app)
        frame(app, n=5)
        assert sorted(f.code.id for f in ruling.fouls) == ["foul.bad_hit",
                                                          "foul.scratch"]
        assert s.banner is not None
        # (the words' no-break spaces as plain ones, as drawn_words() reads them)
        assert [ln for ln in s.banner.lines if said in " ".join(ln.split())] == \
            [s.banner.lines[0]]
        words = drawn_words(app, folded=True)
        assert said in words, words
        assert {"en": "this foul", "ru": "этот фол"}[lang] not in words
    finally:
        pygame.display.quit()


def hint_button(app: App) -> ui.Button:
    [b] = [b for b in ui.FRAME.buttons if b.ident == "hint"]
    return b


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("ru", (800, 500))])
def test_no_hint_while_a_foul_waits_to_be_read(lang: str,
                                               size: tuple[int, int]) -> None:
    """Between people a foul's card waits for the incoming player's
    Continue: until then the Hint button is greyed and its key (I) refused
    with the reminder any other refused key gives; no hint is looked for.
    Once read, the hint is offered again."""
    app = make_app(lang, size)
    try:
        s = annas_foul_between_people(app)
        mode = app.mode
        assert mode is not None and mode.reading_foul()  # type: ignore[attr-defined]
        frame(app, n=30)
        button = hint_button(app)
        assert not button.enabled
        app.toast = None
        key(app, pygame.K_i)
        frame(app)
        assert s.hint_job is None and s.hint is None
        assert app.toast is not None and app.toast[0] == app.t("evening.read_ruling")
        click(app, hint_button(app).rect.center)
        frame(app)
        assert s.hint_job is None and s.hint is None
        assert mode.reading_foul()  # type: ignore[attr-defined]
        key(app, pygame.K_SPACE)  # read
        frame(app)
        assert not mode.reading_foul()  # type: ignore[attr-defined]
        assert hint_button(app).enabled
    finally:
        pygame.display.quit()
