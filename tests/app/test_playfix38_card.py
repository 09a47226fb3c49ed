"""Play-test fixes (wave 38): the side column's room. With a hint open beside
a card at 1280x720 the aim controls' settings stay in view; a held card
leaves the row that says the lines cut under it."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.shot_input import ShotInputMode
from tests.app.helpers import card_notes, drawn_words, frame, key, make_app
from tests.app.scenes import LANGS
from tests.app.test_playfix19a import flat

SIZES = pytest.mark.parametrize("size", [(800, 500), (1280, 720)],
                                ids=("800x500", "1280x720"))


def card_blank(app: App) -> tuple[int, int]:
    """The tallest stretch of the open ruling card left blank above its fold
    button (between its title and rows, or under the last), and the height
    of one of its rows."""
    mode = app.mode
    card = getattr(mode, "banner_rect", None)
    assert card is not None
    fold = next(b.rect for b in app.buttons if b.ident == "fold")
    rows = sorted((t.rect for t in app.texts if card.contains(t.rect)
                   and t.rect.bottom <= fold.top), key=lambda r: r.top)
    assert rows
    blank, y = 0, card.top + 6
    for r in rows:
        blank = max(blank, r.top - y)
        y = max(y, r.bottom)
    return max(blank, fold.top - 4 - y), min(r.height for r in rows)


def says_cut_rows(app: App) -> None:
    """Rows hidden on the card: none while a row's height is left blank on
    it, and "N more" says them."""
    mode = app.mode
    hidden = getattr(mode, "banner_hidden", 0)
    if not hidden:
        return
    blank, row = card_blank(app)
    assert blank < row, (blank, row, drawn_words(app, "side"))
    shown = {t.shown for t in app.texts}
    assert card_notes(app, "ruling.more", hidden) & shown, drawn_words(app, "side")


# -- 2. the aim controls beside a hint at 1280x720 ------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["8-ball", "9-ball", "14.1"])
def test_the_aim_settings_stay_in_view_beside_a_hint(game: str, lang: str) -> None:
    """1280x720, a ruling card open and the hint asked for (I): the whole
    hint is read and the power and the tip are in view with it, as the
    controls or, where they gave their room to the hint, in words that say
    I brings them back (the controls were hidden over 51-63 px left empty,
    with nothing to say where they went)."""
    from simulator.app.match.computer import hint_raised, spin_words
    from tests.app.test_playfix18f import hint_shown
    app, _hint = hint_shown(game, lang, (1280, 720))
    try:
        frame(app, n=4)
        mode = app.mode
        assert isinstance(mode, ShotInputMode)
        s = app.session
        assert s is not None and s.banner is not None and not s.banner_folded
        said = flat(drawn_words(app, "side"))
        for line in mode.hint_lines():
            assert flat(line) in said, (line, said)
        loc, aim = s.locale, mode.aim
        cue = loc.num(aim.speed, 1)
        power = app.t("evening.cue_ball_speed", v=cue, b=loc.num(mode.ball_speed(), 1))
        panel = f"{app.t('panel.power')}: {power}"
        spin = spin_words(loc, aim.tip_a, aim.tip_b, s.spec.balls.radius)
        words = [flat(app.t(k, power=power, cue=cue, spin=spin,
                            elev=loc.num(aim.elevation, 0) + "°",
                            raised=hint_raised(loc, aim.elevation)))
                 for k in ("side.controls_under_hint",
                           "side.controls_under_hint_short")]
        if mode.controls:
            assert flat(panel) in said, said
        else:
            assert any(w in said for w in words), said
        says_cut_rows(app)
        assert not app.errors
    finally:
        pygame.display.quit()


# -- 3. a held card leaves the row for "N more" under it ------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_lines_under_a_held_card_cut_are_said(monkeypatch: pytest.MonkeyPatch,
                                                  lang: str) -> None:
    """800x500: a person's long ruling held open before the computer plays
    takes the column, and the computer's lines under it (what it does
    meanwhile) do not fit: the card's one "N more" counts them too, and V
    shows them with the card (the cut went unsaid; then it had a note of
    its own, "4 more: H" under the card's "3 more · V")."""
    from tests.app.test_card59_more import rows_v_adds, the_note
    from tests.app.test_playfix11_card import _held_after_a_miss
    app = make_app(lang, (800, 500))
    try:
        _s, mode = _held_after_a_miss(monkeypatch, app, extra=14)
        assert mode.side_extra() and mode.extra_hidden > 0
        cut = mode.extra_read()
        assert cut, mode.side_extra()
        n = the_note(app)
        key(app, pygame.K_v)
        key(app, pygame.K_END)  # (the reader's last rows)
        read = flat(drawn_words(app))
        assert all(flat(line) in read for line in cut), (cut, read)
        key(app, pygame.K_v)
        assert n == rows_v_adds(app), n
        assert not app.errors
    finally:
        pygame.display.quit()
