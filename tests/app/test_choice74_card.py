"""The computer's choice card (who chose what, the options it weighed with
their values, the foul that gave the choice) uses the side column before
it folds anything away: a heading stands with its options or folds with
them ("The options weighed:" dropped with its options left its rows blank
over "4 more lines"), and a line under the card that does not fit whole
shows what fits of it (a three-row penalty line left 45 px of the column
empty over "1 more line")."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match import computer
from simulator.app.screens.computer_turn import ComputerMode
from simulator.app.text import ui
from tests.app.helpers import (
    card_notes,
    frame,
    key,
    make_app,
    run_until,
    too_soft_a_break,
)
from tests.app.scenes import LANGS, SIZES
from tests.app.test_playfix6_match import computers_choice_on_show

ITEMS = ("» ", "· ")


def _in_card(app: App) -> list[ui.TextRecord]:
    card = getattr(app.mode, "banner_rect", None)
    assert card is not None
    return sorted((t for t in app.texts if card.contains(t.rect)),
                  key=lambda t: t.rect.top)


def _groups_whole(app: App, heading: str, short: str) -> list[str]:
    """The card's rows: a heading shown has an option under it, and an
    option shown has its heading above it."""
    shown = [t.shown for t in _in_card(app)]
    # (the heading's rows, wrapped: where they start and how many)
    blocks = [(at, k) for at in range(len(shown)) for k in (1, 2, 3)
              if " ".join(shown[at:at + k]) in (heading, short)]
    for at, k in blocks:
        assert shown[at + k:at + k + 1] and shown[at + k].startswith(ITEMS), shown
    items = [at for at, words in enumerate(shown) if words.startswith(ITEMS)]
    if items:
        assert blocks and blocks[0][0] < items[0], shown
    return shown


def _no_blank_band(app: App) -> None:
    """While the card says "N more", no band of it wider than one of its
    rows is left empty, from its title to its foot (the fold button)."""
    texts = _in_card(app)
    hidden = getattr(app.mode, "banner_hidden", 0)
    assert card_notes(app, "ruling.more", hidden) & {t.shown for t in texts}
    row = ui.line_height(texts[1].size)
    bottom = texts[0].rect.top
    for t in texts:
        assert t.rect.top - bottom <= row + 4, (t.rect.top - bottom, row,
                                                 [(x.rect.top, x.shown) for x in texts])
        bottom = max(bottom, t.rect.bottom)


def _rerack_placing(app: App) -> None:
    """14.1 (seed 3): Alice's break too soft, a foul (14.1 rule 6); the
    computer chooses to re-rack; Alice then places the cue ball."""
    s = too_soft_a_break(app)
    frame(app, n=30)  # (no key dismisses a new ruling in its first moment)
    key(app, pygame.K_SPACE)  # read: the computer chooses
    run_until(app, lambda: app.mode is not None and app.mode.name != "computer",
              limit=3000)
    frame(app)
    assert app.mode is not None and app.mode.name == "placing"
    assert s.match.history[-1]["type"] == "choice"


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_rerack_choice_card_folds_its_options_with_their_heading(
        lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """After the computer's re-rack (14.1 rule 6), as Alice places the cue
    ball: the card shows the options weighed with their heading (its short
    form where the whole one leaves no row for an option) or neither, and
    leaves no band wider than a row blank above its "N more"."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, size)
    try:
        _rerack_placing(app)
        s = app.session
        assert s is not None and s.banner is not None
        heading = app.t("cpu.weighed", name=s.name(1))
        assert heading in s.banner.lines
        _groups_whole(app, heading, app.t("cpu.weighed_short"))
        if getattr(app.mode, "banner_hidden", 0):
            _no_blank_band(app)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_express_choice_card_and_the_lines_under_it_use_the_column(
        lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Express: Anna's foul, the computer's choice held on its card (SEED-E
    2.6). Where the column has room (1280x720) the card shows every line;
    at 800x500 the penalty line under it that does not fit whole shows
    what fits of it, cut with "…", and the column leaves no more than a
    row empty above the buttons while "1 more line" counts it."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, size)
    try:
        s = computers_choice_on_show(app)
        frame(app)
        mode = app.mode
        assert isinstance(mode, ComputerMode) and s.banner is not None
        heading = app.t("cpu.weighed", name=s.name(1))
        shown = _groups_whole(app, heading, app.t("cpu.weighed_short"))
        if size == (1280, 720):
            assert mode.banner_hidden == 0
            said = " ".join(shown)
            for ln in s.banner.lines:
                assert ln.split()[-1] in said, (ln, shown)
            return
        card = mode.banner_rect
        assert card is not None and mode.extra_hidden and mode.banner_hidden
        side = app.layout.side
        under = sorted((t for t in app.texts if side.contains(t.rect)
                        and t.rect.top >= card.bottom), key=lambda t: t.rect.top)
        cut = [t for t in under if t.shown.endswith("…") and "−5" in t.shown]
        assert cut, [t.shown for t in under]
        below = [t for t in under if t.rect.top >= cut[-1].rect.bottom]
        row = ui.line_height(cut[-1].size)
        assert below and below[0].rect.top - cut[-1].rect.bottom < 2 * row, \
            [(t.rect.top, t.shown) for t in under]
    finally:
        pygame.display.quit()
