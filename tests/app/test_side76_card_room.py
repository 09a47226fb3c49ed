"""At 800x500 the ruling card cut a line behind «ещё 1 строка: V» with the
column empty under it: the card's height was reckoned with its lines
wrapped freely, while it draws a line of phrases ("Last shot: first
contact: the 1 · 3 cushion contacts · ...") wrapped between them, a row
more. A line is never left behind "N more" where the column has room for
it; where a card is cut for want of room, its note says how many rows V
shows more. In both languages, with the longest cards of a match: a 9-ball
break foul (9-ball rule 3, ball in hand anywhere, general rule 24: one
penalty) and a 14.1 third foul in a row (14.1 rule 12: minus 16, the balls
racked again)."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from rules.referee import Match
from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.table.aim import Aim
from simulator.app.text import ui
from simulator.practice.library import load
from tests.app.helpers import card_notes, frame, key, make_app, run_until, to_the_break
from tests.app.scenes import LANGS
from tests.app.test_playfix11_game_end import (
    CUE,
    NEAR_POCKET,
    position_match,
    pot_into_foot_right,
)

# A last shot's line of phrases, each kept whole in a row at 800x500.
LONG_FACTS = {
    "ru": "Последний удар: первое касание: шар 1 · 3 касания бортов · "
          "2 прицельных шара дошли до борта",
    "en": "Last shot: first contact: the 1 · 3 cushion contacts · "
          "2 object balls reached a cushion",
}


def room_under_card(app: App) -> int:
    """The column's free height between the ruling card and what is drawn
    below it (its buttons, the stroke's controls)."""
    box = getattr(app.mode, "banner_rect", None)
    assert box is not None
    side = app.layout.side
    below = [b.rect.top for b in app.buttons
             if side.contains(b.rect) and b.rect.top >= box.bottom]
    below += [t.rect.top for t in app.texts
              if side.contains(t.rect) and t.rect.top >= box.bottom]
    return min(below, default=side.bottom - 8) - box.bottom


def cut_only_for_want_of_room(app: App) -> None:
    """Rows behind "N more" only where the column has no room for another,
    and then the note says how many."""
    frame(app, n=2)
    mode = app.mode
    hidden = getattr(mode, "banner_hidden", 0)
    words = {t.shown for t in app.texts}
    row = ui.line_height(12) + 2
    if hidden:
        assert room_under_card(app) < row, (hidden, room_under_card(app))
        assert card_notes(app, "ruling.more", hidden) & words, (hidden, words)
    else:
        assert not any(card_notes(app, "ruling.more", n) & words for n in range(1, 40))


@pytest.mark.parametrize("lang", LANGS)
def test_a_line_of_phrases_is_not_cut_over_an_empty_column(lang: str) -> None:
    """9-ball rule 4: Anna pots the 9 and wins the game; her card's last
    shot given as a line of phrases of four rows: all of it shown, with
    the column's room under the card."""
    app = make_app(lang, (800, 500))
    try:
        s = position_match(app, "9-ball", {0: CUE, 9: NEAR_POCKET})
        pot_into_foot_right(app, 9)
        frame(app, n=30)
        b = s.banner
        assert b is not None and b.quiet in b.lines
        s.banner = replace(b, lines=tuple(LONG_FACTS[lang] if ln == b.quiet else ln
                                          for ln in b.lines), quiet=LONG_FACTS[lang])
        frame(app, n=2)
        assert getattr(app.mode, "banner_hidden", 0) == 0, room_under_card(app)
        cut_only_for_want_of_room(app)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_break_foul_card_is_cut_only_for_want_of_room(lang: str) -> None:
    """9-ball rule 3: Anna's break reaches no rail, a foul; Boris has the
    ball in hand anywhere."""
    app = make_app(lang, (800, 500))
    try:
        s = to_the_break(app, ["Anna", "Boris"], "9-ball", {"race_to": 2})
        s.aim = s.aim.with_power(0.05)
        key(app, pygame.K_SPACE)
        run_until(app, lambda: bool(s.match.history) and app.mode is not None
                  and app.mode.name != "playing", limit=6000)
        frame(app, n=30)
        assert s.banner is not None and s.banner.foul
        cut_only_for_want_of_room(app)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_third_foul_card_is_cut_only_for_want_of_room(lang: str) -> None:
    """14.1 rule 12: Anna's third foul in a row (no rail after the contact,
    14.1 rule 7.2): minus 16, all the balls racked again."""
    app = make_app(lang, (800, 500))
    try:
        sc = load("straight-third-foul")
        m = Match.from_state(["Anna", "Boris"], "14.1", sc.game, {"target": 50}, seed=1)
        app.session = s = Session(m, app.locale)
        app.go("match")
        frame(app)
        s.aim = Aim(0.0, 0.08)  # straight at the 3, too soft for a rail
        s.call = (3, "foot_right")
        key(app, pygame.K_SPACE)
        run_until(app, lambda: bool(s.match.history) and app.mode is not None
                  and app.mode.name != "playing", limit=6000)
        frame(app, n=30)
        assert s.banner is not None and s.banner.foul
        assert s.match.scores[0] == 17  # 33 - 16
        cut_only_for_want_of_room(app)
    finally:
        pygame.display.quit()
