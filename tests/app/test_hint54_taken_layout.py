"""A taken hint's side column keeps its order whatever its buttons' heights
(8-ball rule 2: the shot is called; the taken hint says its call in one
line). A taken hint's button a row lower brought the aim controls back
whole at 800x500: the ruling card lost a line ("1 more" became "2 more")
and the hint's line fell back to the call's one-row form, its contact words
unsaid. Once taken: the card keeps what it showed before the hint, the line
its contact words, and the aim controls take what is left (or are said in
a line)."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.aiming import AimMode
from tests.app.helpers import card_notes, make_app
from tests.app.scenes import LANGS
from tests.app.test_hint53_taken_call import column_words, taken
from tests.app.test_playfix19a import flat


def hint_button_rows(app: App) -> int:
    """The rows of the hint's button as drawn."""
    b = next(b for b in app.buttons if b.ident == "hint")
    return len(b._lines(b.rect.width, b.size)[0])


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)],
                         ids=("800x500", "1280x720"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_taken_hints_button_is_one_row(
        lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Taken, the hint's button says so in one row of the column's narrow
    buttons ("Hint taken: aim set" took two, the rows the card and the
    hint's line are short of)."""
    app = make_app(lang, size)
    try:
        taken(app, monkeypatch)
        assert hint_button_rows(app) == 1, app.t("hint.taken_button")
        assert not app.errors
    finally:
        pygame.display.quit()


def order_kept(app: App, mode: AimMode, before: int) -> None:
    """The card's "N more" no more than ``before`` the hint, the taken
    hint's line whole with its contact words, the power and spin said."""
    s = app.session
    assert s is not None and s.hint is not None and s.banner is not None
    assert not s.banner_folded
    words = column_words(app)
    after = mode.banner_hidden
    assert after <= before, (before, after, words)
    if after:
        assert card_notes(app, "ruling.more", after) & {t.shown for t in app.texts}
    from simulator.app.match import computer
    d = s.hint.decision
    how = computer.contact_how(s.locale, d, s.spec.balls.radius, s.match.table())
    assert how is not None and flat(how) in words, (how, words)
    assert not mode.extra_hidden, mode.side_extra()
    # (the controls at their least height at least, or their words)
    assert mode.controls_said or (mode.controls and mode.scene.panel.area.height
                                  >= mode.CONTROLS_LEAST), words


@pytest.mark.parametrize("long", [False, True], ids=("own-label", "two-row-label"))
@pytest.mark.parametrize("size", [(960, 540), (1024, 600)],
                         ids=("960x540", "1024x600"))
@pytest.mark.parametrize("lang", LANGS)
def test_a_taken_hint_keeps_the_columns_order(
        lang: str, size: tuple[int, int], long: bool,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Sizes between 800x500 and 1280x720, with the button's own label and
    one twice as long: the card kept what it showed before the hint (it
    went from "1 more" to "2 more"), the hint's line its contact words
    (960x540 said "Called: 9, bottom right corner" alone)."""
    app = make_app(lang, size)
    try:
        if long:
            label = app.t("hint.taken_button")
            app.locale.ui["hint.taken_button"] = f"{label} {label}"
        mode, before = taken(app, monkeypatch)
        if long:
            assert hint_button_rows(app) > 1
        order_kept(app, mode, before)
        assert not app.errors
    finally:
        pygame.display.quit()
