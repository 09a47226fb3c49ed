"""Express at 800x500: every change of a player's points is said where the
player looks. A play-tester saw a score fall 32 -> 20 and found no reason:
the card's points line sat below its fold and named no rule. Now the ruling
card opens with each change, its reason and the seed rule (SEED-E 2.5: a
«чужой» ball writes its value off the previous player, +2 to the shooter;
SEED-E 2.6: five penalty points for a foul), and the scoreboard shows the
same change beside the points it left."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.app.screens.table_screen import TableMode
from tests.app.helpers import button_labels, click_button, frame, key, make_app

SMALL = (800, 500)
CASES = Path(__file__).parents[1] / "rules" / "express_cases"


def card_text(app: App) -> str:
    """The words drawn in the side column (the ruling card, or the choice
    docked there with the card's words), its wrapped lines joined."""
    mode = app.mode
    assert isinstance(mode, TableMode)
    frame(app)
    box = mode.layout.side
    return " ".join(r.shown for r in app.texts
                    if box.contains(r.rect) and r.shown.strip())


def board(app: App) -> list[tuple[str, str]]:
    """Each player's card on the scoreboard: its points and the small words
    under them (the last change, else what they count)."""
    s = app.session
    assert s is not None
    cards, _centre = s.scoreboard()
    return [(c.score, c.unit) for c in cards]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_foul_says_the_five_points_it_cost_and_the_scoreboard_agrees(
        lang: str) -> None:
    """SEED-E 2.6 (item 2, a ball touched with the clothes): the offender
    loses 5. The card says so under the foul, with the rule; the scoreboard shows
    25 and −5 under it."""
    app = make_app(lang, SMALL)
    try:
        s = Session.new(["Anna", "Boris", "Vera"], "express", {}, app.locale, seed=4)
        app.session = s
        next_step(app)
        frame(app, n=2)
        key(app, pygame.K_f)
        frame(app)
        touched = button_labels(app)[0]  # a ball touched with the clothes
        assert "2.6.2" in touched, touched
        click_button(app, touched)
        frame(app, n=2)
        rule = app.t("ref.express_item", rule="2.6", item="2")
        # (on the foul's own line, what happened, which the card keeps first:
        # the penalty said once, test_card47_once)
        from simulator.app.text.words import code_words, points_tail
        foul = points_tail(code_words(app.locale, "express.foul.touched_ball"))[0]
        want = "• " + app.t("banner.foul_penalty", foul=foul, name="Anna",
                            pts="−5") + f" ({rule})"
        assert s.banner is not None and s.banner.lines[0] == want, s.banner.lines
        shown = card_text(app)
        assert want in shown, shown  # whole, in view at 800x500
        assert s.match.state.scores[0] == 25
        assert board(app)[0] == ("25", "−5")
        assert board(app)[1] == ("30", app.t("score.points_unit", n=30)), \
            "Boris lost nothing"
    finally:
        pygame.display.quit()


def _foreign_twelve() -> tuple[object, object, object]:
    """The seed's worked example (SEED-E 2.5): four players, A pockets the
    12, D (A's previous player) goes 30 to 18."""
    from rules.express_case import load_case
    for data in json.loads((CASES / "02_foreign_and_own.json").read_text(
            encoding="utf-8")):
        if data["name"].startswith("чужой, 4 players: A pockets the 12"):
            case = load_case(data)
            step = case.plays[0]
            shot = step.shot or step.shot_of(case.start)  # type: ignore[misc]
            return case.start, shot, step.declarations
    raise AssertionError("case not found")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_foreign_ball_says_whose_points_went_and_why(lang: str) -> None:
    """SEED-E 2.5: Anna pockets the 12; Dora, her previous player, loses 12
    and Anna gains 2. The card names both changes and the rule; the
    scoreboard's 18 with −12 under it agrees, and its details are whole."""
    from rules.referee import Match
    start, shot, decl = _foreign_twelve()
    app = make_app(lang, SMALL)
    try:
        names = ["Anna", "Boris", "Vera", "Dora"]
        m = Match.from_state(names, "express", start, {}, seed=1)  # type: ignore[arg-type]
        s = Session(m, app.locale)
        app.session = s
        next_step(app)
        frame(app)
        s.apply(shot, decl)  # type: ignore[arg-type]
        next_step(app)
        frame(app, n=2)
        rule = app.t("ref.express", rule="2.5")
        lost = app.t("banner.points_written_off", name="Dora", pts="−12", by="Anna",
                     balls=app.t("banner.points_ball", n="12"), rule=rule)
        gain = app.t("banner.points_gain", name="Anna", pts="+2", rule=rule)
        assert s.banner is not None and set(s.banner.lines[:2]) == {gain, lost}, \
            s.banner.lines if s.banner else None
        shown = card_text(app)
        assert lost in shown, shown  # whole, in view at 800x500
        cards = board(app)
        assert cards[3] == ("18", "−12") and cards[0] == ("36", "+2"), cards
        assert cards[1] == ("30", app.t("score.points_unit", n=30)), cards
        # Drawn whole: the change and every card's details (chips and all).
        top = [t for t in app.texts if t.rect.bottom <= app.mode.layout.top.bottom]  # type: ignore[union-attr]
        assert "−12" in [t.shown for t in top]
        assert not [t.text for t in top if t.cut and "·" in t.text], top
    finally:
        pygame.display.quit()
