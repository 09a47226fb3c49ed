"""What a play-test found at the table: the ruling card shows what it has
room for, keeps who plays next in sight and scrolls only what is hidden."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.table_screen import TableMode
from tests.app.helpers import frame, move
from tests.app.scenes import LANGS, open_scene


def _card_words(app: App, card: pygame.Rect) -> str:
    return " ".join(r.shown for r in app.texts if card.contains(r.rect))


def _wheel(app: App, at: tuple[int, int], dy: int) -> None:
    move(app, at)
    frame(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False,
                                  precise_x=0.0, precise_y=float(dy)))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", ((800, 500), (1280, 720)), ids=("800x500", "1280x720"))
def test_the_ruling_card_scrolls_only_what_is_hidden(lang: str,
                                                     size: tuple[int, int]) -> None:
    """A called foul's card: who plays next always on it; "N more" only
    while words of the ruling are really below (at 800x500 the bullet is
    partly hidden and the wheel brings the rest, next player still shown;
    at 1280x720 all of it fits and neither the note nor the wheel moves
    anything). Once it said "4 more" over an empty half box, and "0 more"
    after scrolling."""
    app = open_scene("banner", "8-ball", lang, size)
    try:
        mode = app.mode
        assert isinstance(mode, TableMode)
        s = app.session
        assert s is not None and s.banner is not None and s.banner.next
        more = app.t("ruling.more", n=1)
        card = mode.banner_rect
        assert card is not None
        words = _card_words(app, card)
        nxt = s.banner.next[0].split()[:2]
        assert " ".join(nxt) in words, f"who plays next is on the card: {words!r}"
        bullet = s.banner.lines[0].split()
        if mode.banner_hidden:
            assert size == (800, 500)
            assert more in words
            assert bullet[-1] not in words  # the end of the rule is below
            for _ in range(6):
                _wheel(app, card.center, -1)
            card = mode.banner_rect
            assert card is not None
            words = _card_words(app, card)
            assert mode.banner_hidden == 0 and bullet[-1] in words
            assert " ".join(nxt) in words, "who plays next stays after scrolling"
            assert more not in words and app.t("table_card.top") in words
        else:
            assert size == (1280, 720), "at 1280x720 the whole ruling fits"
            assert more not in words and all(w in words for w in bullet)
            _wheel(app, card.center, -1)
            assert s.banner_scroll == 0, "nothing hidden: the wheel scrolls nothing"
    finally:
        pygame.display.quit()
