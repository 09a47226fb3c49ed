"""What a player reads at the table before and after a stroke: the key line
says Space shoots; a tip set where a miscue is likely is marked before the
stroke; a foul between two people at one window waits to be read by the
incoming player; a save made after a called foul loads with its card."""

from __future__ import annotations

import math
from pathlib import Path

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.calls import call_rules
from simulator.app.match.session import Session
from simulator.app.table.aim import Aim
from simulator.app.text import ui
from tests.app.helpers import (
    button_labels,
    click,
    click_button,
    frame,
    key,
    make_app,
    reopen_from_menu,
    scenario_match,
    strike,
)
from tests.app.test_pull_back import aiming_app

SPACE_SHOOTS = {"en": ("Space: shoot", "or Space"),
                "ru": ("пробел: удар", "или пробел")}


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("ru", (800, 500))])
def test_the_key_line_says_space_shoots(lang: str, size: tuple[int, int]) -> None:
    app = aiming_app(lang, size)
    frame(app, n=2)
    drawn = " ".join(t.text for t in ui.FRAME.texts)
    assert any(w in drawn for w in SPACE_SHOOTS[lang]), drawn
    frame(app, n=30)  # (the turn's first moment takes no stroke key)
    key(app, pygame.K_SPACE)
    assert app.mode is not None and app.mode.name == "playing"  # as it says
    pygame.display.quit()


def annas_shot_then_the_call(app: App, restorable: bool) -> Session:
    """Anna's legal shot in 8-ball (the 1 struck, nothing potted), then
    the referee's call of outside interference (J, general rule 28)."""
    from simulator.app.dialogs.referee_calls import call_words
    scenario_match(app, "8-ball", {0: (0.6, 0.6), 1: (1.2, 0.62), 9: (2.2, 0.4),
                                   8: (1.9, 0.5)})
    s = app.session
    assert s is not None
    s.aim = Aim(math.degrees(math.atan2(0.02, 0.6)), 0.3)
    frame(app, n=30)
    strike(app)
    frame(app, n=30)
    key(app, pygame.K_j)
    frame(app, n=2)
    click_button(app, call_words(app, "referee.restored" if restorable
                                 else "referee.not_restored"))
    frame(app, n=3)
    return s


@pytest.mark.parametrize("restorable", [True, False])
def test_a_save_after_a_rule_28_call_loads_with_its_card(
        tmp_path: Path, restorable: bool) -> None:
    """General rule 28 (outside interference) called by J, saved at once:
    the match loads with the call's own card (its heading citing the rule,
    what the call changed), not the plain ruling of the step."""
    app = make_app("en")
    try:
        s = annas_shot_then_the_call(app, restorable)
        card = s.banner
        assert card is not None and card.title == app.t(
            "play.call_title", rule=call_rules(s)["interference"])
        s2 = reopen_from_menu(app, s.save(tmp_path / "called.json"))
        frame(app, n=3)
        after = s2.banner
        assert after is not None
        assert (after.title, after.lines, after.next) == \
            (card.title, card.lines, card.next)
        # On show as saved (its heading drawn, wrapped or whole).
        assert any(len(t.text) > 8 and card.title.startswith(t.text)
                   for t in app.texts), [t.text for t in app.texts]
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("ru", (800, 500))])
def test_a_tip_set_in_the_miscue_zone_is_warned_of_before_the_stroke(
        lang: str, size: tuple[int, int]) -> None:
    """General rule 3's miscue (a tip too far off centre slips): a click on
    the tip diagram's outer ring sets the tip there; the diagram is ringed
    in red and the line under the table says "miscue risk" before any
    stroke, until X centres the tip."""
    app = aiming_app(lang, size)
    s = app.session
    assert s is not None
    tip = app.mode.scene.panel.tip  # type: ignore[union-attr]
    words = app.t("strip.miscue_risk")

    def warned() -> bool:
        return any(len(t.text) > 6 and words.startswith(t.text.rstrip("…"))
                   for t in ui.FRAME.texts)

    def ringed() -> bool:
        c, rad = tip.center, tip.width // 2
        return any(tuple(app.screen.get_at((c[0], c[1] - rad - k)))[:3] == ui.RED[:3]
                   for k in (0, 1))

    frame(app)
    assert not warned() and not ringed()
    click(app, (tip.centerx, tip.bottom - max(2, tip.height // 20)))
    frame(app)
    assert s.aim.miscue_risk(s.spec.physics.miscue_offset)
    assert warned(), [t.text for t in ui.FRAME.texts]
    assert ringed()
    key(app, pygame.K_x)
    frame(app)
    assert not warned() and not ringed()
    pygame.display.quit()


def annas_foul_between_people(app: App, game: str = "8-ball") -> Session:
    """Anna, playing Boris at one window (8-ball unless ``game`` says), strikes
    the cue ball away from every ball: a foul (general rule 4: no ball hit;
    8-ball rule 6, 14.1 rule 7), Boris to play (8-ball: ball in hand; 14.1:
    where the cue ball lies)."""
    scenario_match(app, game, {0: (0.6, 0.6), 1: (1.2, 0.62), 9: (2.2, 0.4),
                               8: (1.9, 0.5)})
    s = app.session
    assert s is not None
    s.aim = Aim(180.0, 0.15)
    frame(app, n=30)
    ruling = strike(app)
    assert ruling.fouls and s.req is not None and s.req.shooter == 1
    frame(app, n=2)
    return s


def heading_drawn(app: App) -> bool:
    """The turn's heading says Boris reads the foul first (whole or wrapped)."""
    words = app.t("side.read_foul", name="Boris")
    return any(len(t.text) > 6 and words.startswith(t.text) for t in ui.FRAME.texts)


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("ru", (800, 500))])
def test_a_foul_between_people_waits_for_the_incoming_player(
        lang: str, size: tuple[int, int]) -> None:
    """Hot seat: a foul's card stays until Boris, the incoming player, reads
    it (Continue, or Space pressed on his turn once it is on show); a click
    on the table or a key meant for the turn does not place the ball
    meanwhile. Then his ball in hand begins as ever."""
    from simulator.app.screens.placing import PlaceMode
    app = make_app(lang, size)
    try:
        s = annas_foul_between_people(app)
        mode = app.mode
        assert isinstance(mode, PlaceMode)
        card = s.banner
        assert card is not None and card.foul
        assert heading_drawn(app), [t.text for t in ui.FRAME.texts]
        assert app.t("evening.go_on") in button_labels(app)
        # Meant for the turn: nothing moves, nothing is placed.
        pos = mode.pos
        key(app, pygame.K_RIGHT)
        click(app, mode.scene.view.to_screen(0.8, 0.5))
        frame(app)
        assert app.mode is mode and mode.pos == pos and not s.placed_by_player
        assert s.banner is card and mode.reading_foul()
        # Space the moment the turn shows (ui.FRESH): meant for the stroke
        # before, not taken. Pressed on his turn once on show: read; his
        # turn begins, the card still beside it.
        key(app, pygame.K_SPACE)
        assert mode.reading_foul()
        frame(app, n=30)
        key(app, pygame.K_SPACE)
        frame(app)
        assert not mode.reading_foul()
        assert not heading_drawn(app)
        click(app, mode.scene.view.to_screen(0.8, 0.5))
        frame(app)
        assert s.placed_by_player and app.mode is not None and \
            app.mode.name == "aiming"
    finally:
        pygame.display.quit()


def test_the_foul_is_read_by_its_continue_button() -> None:
    """The card's Continue button reads the foul as Space does."""
    app = make_app("en")
    try:
        s = annas_foul_between_people(app)
        mode = app.mode
        assert mode is not None and mode.reading_foul()  # type: ignore[attr-defined]
        click_button(app, app.t("evening.go_on"))
        frame(app)
        assert not mode.reading_foul()  # type: ignore[attr-defined]
        assert s.foul_to_read == -1
    finally:
        pygame.display.quit()


def _drawn(app: App, words: str) -> bool:
    """``words`` drawn this frame (whole, cut or wrapped onto lines)."""
    return any(len(t.text) > 6 and (t.text in words or words in t.text)
               for t in app.texts)


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("ru", (800, 500))])
def test_while_the_foul_waits_placing_says_read_it_not_click(
        lang: str, size: tuple[int, int]) -> None:
    """While Boris's foul card waits for Continue, clicks are refused: the
    placing panel and the key line say to read the ruling and press
    Continue (Space), not to click the cue ball down; once read, they do."""
    app = make_app(lang, size)
    try:
        annas_foul_between_people(app)
        mode = app.mode
        assert mode is not None and mode.reading_foul()  # type: ignore[attr-defined]
        frame(app)
        read = app.t("evening.read_ruling")
        assert _drawn(app, read)
        for place in ("place.here_ok", "hint.place", "hint.place_short"):
            assert not _drawn(app, app.t(place)), place
        click_button(app, app.t("evening.go_on"))
        frame(app, n=2)
        assert not _drawn(app, read)
        assert _drawn(app, app.t("hint.place")) or \
            _drawn(app, app.t("hint.place_short"))
    finally:
        pygame.display.quit()
