"""A taken hint beside an open ruling card. After a legal 8-ball break
(8-ball rules 5, 2 and 7 on the card) the taken hint's power, spin and
elevation were said nowhere in the side column at 800x500 until H folded
the card, and then a large gap lay over their one row. The controls' row
after the player's own power said "The hint's stroke". The hint's words say
its cue elevation without a degree figure (the gauge shows it)."""

from __future__ import annotations

import re
from dataclasses import replace

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match import computer
from simulator.app.screens.aiming import AimMode
from simulator.app.screens.shot_input import ShotInputMode
from tests.app.helpers import drawn_words, frame, key, make_app, run_until, to_the_break
from tests.app.scenes import LANGS
from tests.app.test_hint46 import CUE_SPEED, SIZES, ask_hint


@pytest.fixture(autouse=True)
def quick_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computer, "HINT_STRENGTH", "beginner")
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)


def taken_after_the_break(app: App) -> ShotInputMode:
    """Olga breaks 8-ball hard and goes on (the break's card open); she asks
    for a hint (I) and takes it (I)."""
    s = to_the_break(app, ["Olga", "Boris"], "8-ball", {}, seed=5)
    s.aim = s.aim.with_power(1.0)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: isinstance(app.mode, AimMode) and not app.dialogs
              and s.req is not None, limit=8000)
    frame(app, n=4)
    assert s.banner is not None and not s.banner_folded
    mode = ask_hint(app)
    key(app, pygame.K_i)
    frame(app, n=8)  # (its room is found a step a frame)
    assert mode.hint_stroke_held()
    return mode


def power_said(app: App) -> bool:
    """The taken hint's cue speed said in the side column (the power bar's
    words or the controls' row)."""
    s = app.session
    assert s is not None and s.hint is not None
    speed = s.locale.num(computer.aim_of(s.hint.decision).speed, 1)
    return speed in CUE_SPEED.findall(drawn_words(app, "side", folded=True))


@SIZES
@pytest.mark.parametrize("lang", LANGS)
def test_a_taken_hints_power_is_said_beside_the_open_card(
        lang: str, size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    try:
        mode = taken_after_the_break(app)
        s = app.session
        assert s is not None and not s.banner_folded
        assert power_said(app), drawn_words(app, "side")
        # Folded by hand, the aim controls come back in the room it frees:
        # no gap the height of the controls over their row.
        key(app, pygame.K_h)
        frame(app, n=8)
        assert s.banner_folded and power_said(app)
        gap = mode.extra_gap + mode.said_room - 8
        assert mode.controls or gap < mode.CONTROLS_LEAST, gap
        key(app, pygame.K_h)  # open again: said still
        frame(app, n=8)
        assert not s.banner_folded and power_said(app), drawn_words(app, "side")
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_controls_row_after_ones_own_power_is_not_the_hints_stroke(
        lang: str) -> None:
    app = make_app(lang, (800, 500))
    try:
        mode = taken_after_the_break(app)
        assert not mode.controls, "the controls shown: no row to read"
        hints = app.t("side.controls_of_hint_short", cue="", spin="").split(" ")[0]
        assert mode.controls_said.startswith(hints), mode.controls_said
        key(app, pygame.K_UP)  # the player's own power
        frame(app, n=8)
        assert mode.hint_aim_held() and not mode.hint_stroke_held()
        assert not mode.controls and mode.controls_said
        words = drawn_words(app, "side", folded=True)
        assert " ".join(mode.controls_said.split()) in words
        own = [app.t(f"side.controls_own_power{end}", power="", spin="", elev="",
                     cue="").split(":")[0] for end in ("", "_short")]
        assert mode.controls_said.startswith(tuple(own)), mode.controls_said
        assert app.t("side.controls_of_hint").split(":")[0] not in words
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_hint_says_its_elevation_without_a_degree(lang: str) -> None:
    app = make_app(lang, (1280, 720))
    try:
        taken_after_the_break(app)
        s = app.session
        assert s is not None and s.hint is not None
        d = s.hint.decision
        # (the gauge shows the hint's own elevation once taken)
        gauge = f"{app.t('panel.elevation')}: {s.locale.num(d.intended.elevation, 0)}°"
        assert gauge in drawn_words(app, "side")

        def said(elevation: float) -> str:
            st = replace(d.intended, elevation=elevation)
            return " ".join(computer.shot_lines(
                s.locale, replace(d, intended=st), str, s.spec.balls.radius,
                s.match.table(), hint=True))

        level, slight, high = said(2.0), said(4.0), said(12.0)
        for words in (level, slight, high):
            assert not re.search(r"\d°", words), words
        raised = app.t("hint.say.raised").strip(", ")
        slightly = app.t("hint.say.raised_slightly").strip(", ")
        assert raised not in level and slightly not in level, level
        assert slightly in slight and raised in high, (slight, high)
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_folded_card_keeps_no_empty_row(lang: str) -> None:
    """Folded, a title in one row shares the fold button's row (a row of its
    own left the row under it empty but for the button)."""
    from tests.app.scenes import open_scene
    app = open_scene("banner", "8-ball", lang, (1280, 720))
    try:
        s = app.session
        assert s is not None
        key(app, pygame.K_RETURN)  # (the ball in hand where it lies)
        key(app, pygame.K_h)
        frame(app, n=3)
        mode = app.mode
        assert isinstance(mode, ShotInputMode) and s.banner_folded
        card = mode.banner_rect
        assert card is not None
        fold = next(b for b in app.buttons if b.ident == "fold")
        title = next(t for t in app.texts if card.contains(t.rect) and t.text)
        assert title.rect.bottom > fold.rect.top, (title.rect, fold.rect)
        assert card.bottom - fold.rect.bottom <= 8 and \
            card.height <= max(title.rect.height, fold.rect.height) + 14, card
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_cards_more_counts_the_rows_v_shows(lang: str) -> None:
    """8-ball's foul (general rule 3) at 800x500, the ball in hand put down:
    the card cut and the call's line under it cut say one "N more" for the
    rows V's reader then shows that the column did not (counted in the
    column's narrower rows, a card said "6 more" and V showed 2)."""
    from tests.app.scenes import open_scene
    from tests.app.test_card59_more import rows_v_adds, the_note
    app = open_scene("banner", "8-ball", lang, (800, 500))
    try:
        s = app.session
        assert s is not None and s.banner is not None
        key(app, pygame.K_RETURN)  # (the ball in hand where it lies)
        frame(app, n=3)
        mode = app.mode
        assert isinstance(mode, ShotInputMode) and not s.banner_folded
        assert mode.card_below and mode.extra_hidden, "nothing cut: no test"
        n = the_note(app)
        assert n == rows_v_adds(app), n
        assert not app.errors
    finally:
        pygame.display.quit()
