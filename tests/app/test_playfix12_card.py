"""What a twelfth play-test (an instructor) found on the ruling card: rows
left empty above "N more" (a line of three rows shown whole or not at
all), the wheel jumping several rows a notch, the computer's "Options
weighed:" standing last with its options hidden; and no way to read a long
card at once. V (or a click on the card) opens it whole over the table."""

from __future__ import annotations

import itertools

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.screens.computer_turn import ComputerMode
from simulator.app.table.ruling_card import Banner
from simulator.app.text import ui
from tests.app.helpers import card_notes, click, frame, key, make_app
from tests.app.test_playfix6_match import (
    computers_choice_on_show,
    express_after_annas_foul,
)
from tests.app.test_playfix11_card import _foul_lines, _held_after_a_miss, _norm, wait


def _wheel(app: App, y: int) -> None:
    frame(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False,
                                  precise_x=0.0, precise_y=float(y)))


def _in(rect: pygame.Rect, app: App) -> list[ui.TextRecord]:
    return sorted((t for t in app.texts if rect.contains(t.rect)),
                  key=lambda t: t.rect.top)


def _long_express_foul(app: App, lines: int) -> tuple[Session, ComputerMode]:
    """Anna's foul in Express, the computer waiting for her to read it, its
    card made ``lines`` lines long with more fouls and their rules."""
    s = express_after_annas_foul(app, "skip")
    frame(app, n=5)
    b = s.banner
    assert b is not None and b.foul
    more = _foul_lines(app, lines - len(b.all_lines))
    s.banner = Banner(b.title, (*b.lines, *more), b.foul, b.next)
    frame(app, n=2)
    mode = app.mode
    assert isinstance(mode, ComputerMode) and mode.phase == "waiting"
    return s, mode


# -- 1. no rows left empty above "N more" ------------------------------------------

def _check_filled(app: App, mode: ComputerMode, banner: Banner) -> None:
    """When rows are hidden, none would fit between the last one shown and
    who plays next; "N more" says how many."""
    card = mode.banner_rect
    assert card is not None
    if not mode.banner_hidden:
        return
    texts = _in(card, app)
    assert card_notes(app, "ruling.more", mode.banner_hidden) & {t.shown for t in texts}
    size = texts[1].size
    first_next = ui.wrap_hanging(banner.next[0], size, card.width - 16, size)[0]
    footer = next(t for t in texts if t.shown == first_next)
    body = [t for t in texts[1:] if t.rect.bottom <= footer.rect.top]
    assert body, [t.shown for t in texts]
    gap = footer.rect.top - body[-1].rect.bottom
    assert gap < ui.line_height(size) + 4, (gap, [t.shown for t in body])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_card_fills_its_room_before_more(lang: str) -> None:
    """At 1280x720 Anna's Express foul card, made longer a line at a time
    with more fouls and their rules, then scrolled a notch at a time:
    whenever it has more than room, the rows shown reach down to who plays
    next with no room for one more row between (a long line goes on below
    from a row boundary, "…" at its cut), and "N more" says how many rows
    are below."""
    app = make_app(lang, (1280, 720))
    try:
        s, mode = _long_express_foul(app, 7)
        real = s.banner
        assert real is not None
        more = _foul_lines(app, 10)
        for n in range(len(more) + 1):
            s.banner = banner = Banner(real.title, (*real.lines, *more[:n]), True,
                                       real.next)
            frame(app)
            _check_filled(app, mode, banner)
        assert mode.banner_hidden  # (the last of them did not fit)
        card = mode.banner_rect
        assert card is not None
        frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=card.center,
                                      rel=(0, 0), buttons=(0, 0, 0)))
        for _ in range(40):
            _wheel(app, -1)
            frame(app)
            _check_filled(app, mode, banner)
        assert not mode.banner_hidden
    finally:
        pygame.display.quit()


# -- 2. the wheel moves a row a notch ------------------------------------------------

def test_the_wheel_brings_one_row_a_notch() -> None:
    """At 800x500 a 28-line Express foul card: each notch of the wheel down
    brings more ("N more" less: one row, or the rows of a line that is
    shown whole, play-test 17) until the end, and each notch up takes
    some back."""
    app = make_app("ru", (800, 500))
    try:
        s, mode = _long_express_foul(app, 28)
        card = mode.banner_rect
        assert card is not None
        pygame.mouse.set_pos(card.center)
        frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=card.center,
                                      rel=(0, 0), buttons=(0, 0, 0)))
        hidden = mode.banner_hidden
        assert hidden > 20
        counts = [hidden]
        while mode.banner_hidden:
            _wheel(app, -1)
            frame(app)
            counts.append(mode.banner_hidden)
            assert len(counts) < 200
        assert all(a > b for a, b in itertools.pairwise(counts)), counts
        assert counts[-1] == 0 and len(counts) > 10, counts
        top = s.banner_scroll
        _wheel(app, 1)
        frame(app)
        assert s.banner_scroll == top - 1 and mode.banner_hidden >= 1
    finally:
        pygame.display.quit()


# -- 3. a heading never stands last with its items hidden ----------------------------

@pytest.mark.parametrize(("lang", "size"), [("ru", (800, 500)), ("en", (1280, 720))])
def test_a_heading_is_never_the_last_row_shown(lang: str,
                                              size: tuple[int, int]) -> None:
    """The computer's held choice card ("Options weighed:" and the options
    under it) with more and more lines above the heading: whenever the
    heading is shown, an option under it is shown too."""
    from simulator.app.screens.computer_turn import ComputerMode
    app = make_app(lang, size)
    try:
        s = computers_choice_on_show(app)
        mode = app.mode
        assert isinstance(mode, ComputerMode)
        b = s.banner
        assert b is not None
        heading = app.t("cpu.weighed", name=s.name(1))
        assert heading in b.lines
        cut = 0
        for k in range(16):
            s.banner = Banner(b.title, (*(f"• {i + 1}" for i in range(k)), *b.lines),
                              b.foul, b.next)
            frame(app)
            card = mode.banner_rect
            assert card is not None
            shown = [t.shown for t in _in(card, app)]
            if heading in shown:
                at = shown.index(heading)
                assert shown[at + 1][:2] in ("» ", "· "), (k, shown)
            elif mode.banner_hidden:
                cut += 1
        assert cut  # (the heading went below the card at last)
    finally:
        pygame.display.quit()


# -- 4. the whole card at once -------------------------------------------------------

def test_v_shows_the_whole_long_card_and_esc_closes_it() -> None:
    """At 800x500 in Russian the 28-line Express foul card says "V" in its
    "N more" and F1's help names the key. V opens the whole card over the
    table; scrolled to its end, its last line shows whole. While it is
    open Space, U and Esc do nothing to the game: Esc closes the view only
    (no match menu), the computer still waits on Anna's foul, no step
    undone. A click on the card opens it too, and a click closes it."""
    app = make_app("ru", (800, 500))
    try:
        s, mode = _long_express_foul(app, 28)
        card = mode.banner_rect
        assert card is not None
        # ("N more" in either of its forms: under the last line where whole
        # lines leave a row, else short in the fold row)
        more = card_notes(app, "ruling.more", mode.banner_hidden)
        said = more & {t.shown for t in _in(card, app)}
        assert said and all("V" in m for m in said), [t.shown for t in _in(card, app)]
        steps = len(s.match.history)
        last = s.banner.lines[-1] if s.banner is not None else ""
        assert _norm(last) not in _norm(" ".join(t.shown for t in app.texts))
        key(app, pygame.K_v)
        frame(app)
        assert [d.name for d in app.dialogs] == ["card_reader"]
        reader = app.dialogs[0]
        words = [t.shown for t in _in(reader.rect, app)]  # type: ignore[attr-defined]
        assert app.t("card_reader.close") in " ".join(words)
        for _ in range(60):
            _wheel(app, -1)
        frame(app)
        words = [t.shown for t in _in(reader.rect, app)]  # type: ignore[attr-defined]
        assert _norm(last) in _norm(" ".join(words)), words
        assert all(not t.cut for t in _in(reader.rect, app))  # type: ignore[attr-defined]
        for k in (pygame.K_SPACE, pygame.K_u, pygame.K_RETURN):
            key(app, k)
        assert [d.name for d in app.dialogs] == ["card_reader"]
        key(app, pygame.K_ESCAPE)
        frame(app)
        assert not app.dialogs and app.mode is mode and mode.phase == "waiting"
        assert len(s.match.history) == steps
        # A click on the card opens it, a click closes it.
        card = mode.banner_rect
        assert card is not None
        click(app, (card.centerx, card.top + 30))
        frame(app)
        assert [d.name for d in app.dialogs] == ["card_reader"]
        click(app, (10, 10))
        frame(app)
        assert not app.dialogs and app.mode is mode and mode.phase == "waiting"
        assert len(s.match.history) == steps
        assert [ln for ln in app.t("help.match").split("\n") if ln.startswith("V")]
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_reading_the_card_whole_holds_the_countdown(monkeypatch: pytest.MonkeyPatch,
                                                    lang: str) -> None:
    """Anna's card held before Gordon plays, counting down: V opens it whole
    and the countdown stops however long she reads; closed (V again), Gordon
    still waits (she read on, as with the wheel) until Space."""
    app = make_app(lang, (800, 500))
    try:
        _s, mode = _held_after_a_miss(monkeypatch, app, extra=6)
        at = mode.hold
        key(app, pygame.K_v)
        assert [d.name for d in app.dialogs] == ["card_reader"]
        wait(app, 25)
        assert app.mode is mode and mode.holding() and mode.hold == at
        key(app, pygame.K_v)
        assert not app.dialogs
        wait(app, 25)
        assert app.mode is mode and mode.holding()
        key(app, pygame.K_SPACE)
        assert not mode.holding()
    finally:
        pygame.display.quit()
