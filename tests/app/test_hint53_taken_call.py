"""A taken hint beside the call line (8-ball rule 2: the shot is called).
The hint panel said "Hint: Call the 9 in the bottom right corner pocket"
right over "Called: 9 in the bottom right corner pocket", the same call
twice; and its lines, cut under the ruling card, took the card's "1 more
line" to "4 more lines". Taken, the hint is one line with the call: the
call once, and what the hint adds to it (how the cue ball meets the ball;
its power and spin are the controls')."""

from __future__ import annotations

import re

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.aiming import AimMode
from tests.app.helpers import card_notes, frame, key, make_app, run_until
from tests.app.scenes import LANGS
from tests.app.test_playfix14e import _open_table_ruling
from tests.app.test_playfix19a import flat

SIZES = pytest.mark.parametrize("size", [(800, 500), (1280, 720)],
                                ids=("800x500", "1280x720"))


def column_words(app: App) -> str:
    """The side column's words outside the ruling card and the buttons, in
    reading order."""
    mode = app.mode
    side = app.layout.side
    card = mode.banner_rect or pygame.Rect(0, 0, 0, 0)
    boxes = [b.rect for b in app.buttons]
    rows = [t for t in app.texts if side.contains(t.rect) and t.shown.strip()
            and not card.contains(t.rect)
            and not any(b.contains(t.rect) for b in boxes)]
    rows.sort(key=lambda t: (t.rect.top, t.rect.left))
    return flat(" ".join(t.shown for t in rows))


def taken(app: App, monkeypatch: pytest.MonkeyPatch) -> tuple[AimMode, int]:
    """Anna's miss ruled on the card, Boris to shoot: the card's "N more"
    count before the hint; then I (the hint shown), I again (taken), a few
    frames (the room is found a step a frame)."""
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    s = _open_table_ruling(app)
    frame(app, n=4)
    mode = app.mode
    assert isinstance(mode, AimMode)
    before = mode.banner_hidden
    key(app, pygame.K_i)
    run_until(app, lambda: s.hint is not None, limit=6000)
    frame(app, n=6)
    key(app, pygame.K_i)
    frame(app, n=6)
    assert app.t("hint.taken_button") in [b.label for b in app.buttons]
    assert s.hint is not None and s.hint.decision.kind == "pot", \
        "the hint pots a called ball: no test"
    return mode, before


@SIZES
@pytest.mark.parametrize("lang", LANGS)
def test_a_taken_hint_says_its_call_once(
        lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The call the taken hint set (8-ball rule 2) is named once in the
    column, with what the hint adds: how full and on which side the cue
    ball meets the called ball."""
    app = make_app(lang, size)
    try:
        mode, _before = taken(app, monkeypatch)
        s = app.session
        assert s is not None and s.hint is not None
        d = s.hint.decision
        assert (d.declarations.called_ball, d.declarations.called_pocket) == \
            (d.target, d.pocket) == (mode.call_ball, mode.call_pocket)
        words = column_words(app)
        # The pocket in either form a sentence gives it (Russian: «в правую
        # нижнюю угловую лузу» in the hint's words, «лузу «правая нижняя
        # угловая»» in the call's).
        names = {app.t(f"pocket.{d.pocket}"), app.t(f"pocket_into.{d.pocket}")}
        said = sum(len(re.findall(re.escape(n), words)) for n in names)
        assert said == 1, words
        from simulator.app.match import computer
        how = computer.contact_how(s.locale, d, s.spec.balls.radius,
                                   s.match.table())
        assert how is not None and flat(how) in words, (how, words)
        assert not app.errors
    finally:
        pygame.display.quit()


@SIZES
@pytest.mark.parametrize("lang", LANGS)
def test_a_taken_hint_cuts_the_ruling_card_no_more(
        lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The ruling card's "N more lines" once the hint is taken counts no
    more than before the hint was asked for (it went from 1 to 4: the
    hint's lines cut under it were counted with the card's); its power and
    spin are still said."""
    app = make_app(lang, size)
    try:
        mode, before = taken(app, monkeypatch)
        s = app.session
        assert s is not None and s.banner is not None and not s.banner_folded
        after = mode.banner_hidden
        assert after <= before, (before, after, mode.side_extra())
        drawn = {t.shown for t in app.texts}
        if after:
            assert card_notes(app, "ruling.more", after) & drawn
        assert not mode.extra_hidden, mode.side_extra()
        # Its power and spin are said: the aim controls, or their words where
        # the hint holds their place.
        assert mode.controls or mode.controls_said, column_words(app)
        assert not app.errors
    finally:
        pygame.display.quit()
