"""What an eleventh play-test found in a window against a computer seat: the
ruling card hid lines while room was left empty under them (at 800x500 a
long ruling showed one line, the computer's plans taking the room below
it); and after a person's plain miss the card was held a fixed 3 s, too
short to read a long one, then replaced by the computer's shot."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.screens.computer_turn import ComputerMode, ComputerPlayMode
from simulator.app.table.ruling_card import Banner
from simulator.app.text import fonts
from simulator.app.text.ui import TextRecord
from simulator.files.resources import wrap_words
from tests.app.helpers import (
    DT,
    card_notes,
    click,
    frame,
    gordon_after_annas_miss,
    key,
    make_app,
    move,
    run_until,
)


def _foul_lines(app: App, n: int) -> list[str]:
    """``n`` lines as the referee writes them: fouls with their rules."""
    from rules.codes import all_codes
    from simulator.app.text.words import cite
    codes = [c for c in all_codes() if c.id.startswith("foul.")][:n]
    return [f"• {cite(app.locale, c, None, '8-ball')}" for c in codes]


def _held_after_a_miss(monkeypatch: pytest.MonkeyPatch, app: App,
                       extra: int = 0) -> tuple[Session, ComputerMode]:
    """Anna (solids) misses against Gordon; her card (with ``extra`` more
    lines of fouls and rules) is held before he plays."""
    if extra:
        lines = _foul_lines(app, extra)
        real = Session.ruling_banner

        def longer(self: Session, r: Any, shot: Any = None) -> Banner:
            b = real(self, r, shot)
            return Banner(b.title, (*b.lines, *lines), b.foul, b.next)
        monkeypatch.setattr(Session, "ruling_banner", longer)
    s = gordon_after_annas_miss(monkeypatch, app)
    frame(app, n=2)
    mode = app.mode
    assert isinstance(mode, ComputerMode) and mode.holding()
    r = s.last_ruling
    assert r is not None and r.shooter == 0 and not r.fouls and r.next_shooter == 1
    return s, mode


def _card_texts(app: App, card: pygame.Rect) -> list[TextRecord]:
    return [t for t in app.texts if card.contains(t.rect)]


def _norm(x: str) -> str:
    return " ".join(x.replace("\xa0", " ").split())


# -- 1. the card shows what fits ------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", ((1280, 720), (800, 500)), ids=("1280x720", "800x500"))
def test_the_held_card_hides_only_the_lines_that_do_not_fit(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    """Anna's miss with fourteen fouls and their rules more (16 lines) on
    her card while Gordon waits: the card takes the column down to the
    buttons (the computer's plans, once drawn under it, waited), every row is
    filled to the width it is drawn in, and the first row it does not show
    would not fit in the room left (a line goes on below from a row
    boundary); "N more" says how many rows are below. The real card, short,
    shows all of it and no "more"."""
    app = make_app(lang, size)
    try:
        s, mode = _held_after_a_miss(monkeypatch, app)
        card = mode.banner_rect
        assert card is not None and s.banner is not None
        assert mode.card_below == 0
        words = " ".join(t.shown for t in _card_texts(app, card))
        any_more = re.escape(app.t("ruling.more", n=999)).replace("999", r"\d+")
        # (its one note counts only the computer's lines cut under it)
        assert bool(re.search(any_more, words)) == bool(mode.extra_hidden), words
        assert all(_norm(ln) in _norm(words) for ln in s.banner.all_lines), words

        s.banner = banner = Banner(s.banner.title,
                                   (*s.banner.lines, *_foul_lines(app, 14)),
                                   False, s.banner.next)
        frame(app, n=2)
        card = mode.banner_rect
        assert card is not None and mode.banner_hidden > 0
        more = card_notes(app, "ruling.more", mode.banner_hidden)
        texts = _card_texts(app, card)
        assert more & {t.shown for t in texts}
        # The card reaches the buttons under it: nothing else takes its room
        # but the row that says the computer's lines cut under it.
        from simulator.app.screens.table_screen import CARD_NOTE_SIZE
        from simulator.app.table.view import text_size
        from simulator.app.text import ui
        below = [b.rect.top for b in app.buttons if b.rect.top >= card.bottom]
        assert below and min(below) - card.bottom <= 12 + ui.line_height(
            max(CARD_NOTE_SIZE, text_size(app.size) - 3)), (card, below)
        fold = next(b.rect for b in app.buttons if b.ident == "fold")
        title_row = min(t.rect.top for t in texts)
        nxt = banner.next[0]
        body = [t for t in texts if t.rect.top > title_row and t.rect.bottom <= fold.top
                and t.shown != nxt]
        footer = next(t for t in texts if t.shown == nxt)
        left = min(t.rect.left for t in body)
        indent = max(t.rect.left for t in body) - left
        fsize = body[0].size
        lh = body[0].rect.height
        # Each row takes as many words as the width it is drawn in holds
        # (but for a phrase held whole on the next row: the last shot's line
        # wraps between its phrases, after "·" or its "Last shot:", test_card53).
        f = fonts.font(fsize)
        label = app.t("banner.last_shot", chips="").strip()
        for a, b in itertools.pairwise(body):
            if b.rect.left == left + indent and not a.shown.endswith(("…", "·")) \
                    and a.shown != label:
                first = wrap_words(b.shown)[0]  # ("rule 6" wraps as one)
                assert f.size(f"{a.shown} {first}")[0] > a.box.width, (a.shown, first)
        # Lines are shown whole (play-test 17: "Ball down on the break:
        # the…" read as cut), who plays next right under them; the first
        # line not shown would not fit whole in the room left above the
        # fold row (2 px between lines).
        from simulator.app.table.ruling_card import line_rows
        drawn = _norm(" ".join(t.shown for t in body))
        shown = [ln for ln in banner.lines if _norm(ln) in drawn]
        assert shown == list(banner.lines[:len(shown)])
        # (only the last row may be a line cut, "…" saying it goes on)
        rows_drawn = [t for t in body if t.shown not in more]
        assert not any(t.shown.endswith("…") for t in rows_drawn[:-1]), rows_drawn
        end = max(body, key=lambda t: t.rect.bottom)
        assert footer.rect.top - end.rect.bottom <= 6, (end, footer.rect)
        rows = len(line_rows((banner.lines[len(shown)],), fsize, card.width - 16))
        # (the card's rows end 4 px above its fold button: its padding)
        assert rows * lh + 2 > fold.top - 4 - footer.rect.bottom, (rows, footer.rect)
        if size == (800, 500):
            # (fewer than half of them: the card scrolls for the rest; its
            # title, which says what dropped too, takes two rows in Russian)
            assert len(shown) >= (3 if lang == "ru" else 4), shown
    finally:
        pygame.display.quit()


# -- 2. the card is held as long as it takes to read ---------------------------------

def wait(app: App, seconds: float, step: float = 0.25) -> None:
    """``seconds`` of the window in quarter-second frames, each drawn: the
    card's countdown counts the clock's seconds, as at 60 frames a second,
    at a fifteenth of the frames (a 25 s wait was 1500 drawn frames)."""
    for _ in range(round(seconds / step)):
        app.frame(pygame.event.get(), step)


def _held_frames(app: App, mode: ComputerMode, limit: int) -> int:
    """Frames until the card is no longer held."""
    for i in range(limit):
        if not mode.holding():
            return i
        frame(app)
    return limit


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_long_card_is_held_until_read(monkeypatch: pytest.MonkeyPatch,
                                        lang: str) -> None:
    """Anna's miss with six fouls and their rules more on her card: still on
    show after 3 s, the countdown saying Gordon plays in so many seconds
    and that a click goes on now; while the mouse rests on the card the
    countdown stops; scrolled (the wheel, or the Down key) it waits however
    long she reads; a click on the table and Gordon plays on at once."""
    app = make_app(lang)
    try:
        s, mode = _held_after_a_miss(monkeypatch, app, extra=6)
        card = s.banner
        assert card is not None and len(card.lines) == 8
        wait(app, 3.5)  # longer than the card was held
        assert app.mode is mode and mode.holding() and s.banner is card
        assert mode.decision is not None  # (decided: only the card holds it)
        words = " ".join(t.text for t in app.texts)
        assert app.t("cpu.held_to_play", name="Gordon", n=max(
            1, -int(-mode.hold // 1))) in words, words
        # The mouse on the card: the countdown stops.
        rect = mode.banner_rect
        assert rect is not None
        at = mode.hold
        move(app, rect.center)
        wait(app, 5)
        assert mode.hold == at and mode.holding()
        assert app.t("cpu.held_paused", name="Gordon") in \
            " ".join(t.text for t in app.texts)
        # Away from it, counting on.
        table = mode.layout.table.center
        move(app, table)
        frame(app, n=30)
        assert mode.hold < at
        # Scrolled: it waits, mouse away or not, longer than any hold.
        move(app, rect.center)
        frame(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                      precise_x=0.0, precise_y=-1.0))
        move(app, table)
        wait(app, 25)
        assert app.mode is mode and mode.holding() and s.banner is card
        assert app.t("cpu.held_paused", name="Gordon") in \
            " ".join(t.text for t in app.texts)
        click(app, table)  # read: Gordon plays on
        assert not mode.holding()
        run_until(app, lambda: isinstance(app.mode, ComputerPlayMode), limit=600)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_hold_fits_the_card(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Left alone, the card with two fouls more is held about as long as its
    words take to read at three a second (well over 3 s), then Gordon plays;
    the Down key (it scrolls the card) keeps it as the wheel does."""
    app = make_app(lang)
    try:
        s, mode = _held_after_a_miss(monkeypatch, app, extra=2)
        card = s.banner
        assert card is not None
        words = len(" ".join((card.title, *card.all_lines)).split())
        want = words / 3.0
        assert 6.0 < want < 20.0, words
        held = (_held_frames(app, mode, 3000) + 2) * DT
        assert abs(held - want) <= 4 * DT, (held, want)
        run_until(app, lambda: isinstance(app.mode, ComputerPlayMode), limit=600)
    finally:
        pygame.display.quit()
    app = make_app(lang)
    try:
        s, mode = _held_after_a_miss(monkeypatch, app, extra=6)
        key(app, pygame.K_DOWN)
        for _ in range(int(25 / 0.25)):  # held all along, 25 s
            assert mode.holding()
            wait(app, 0.25)
        key(app, pygame.K_SPACE)
        assert not mode.holding()
    finally:
        pygame.display.quit()
