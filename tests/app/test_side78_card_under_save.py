"""Save the match… opened from the match's menu stands at the side
column's foot: the ruling card above it stays as it was while it is up
(it had been emptied, the column blank over the dialog), and nothing of
it takes a click meant for the dialog. Anna's foul against the computer
(9-ball rule 7: the cue ball did not hit the lowest ball first; the 9
spotted, 9-ball rule 6), waiting to be read."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match import computer
from tests.app.helpers import frame, key, make_app
from tests.app.scenes import LANGS, SIZES
from tests.app.test_side76_card_after_dialogs import _foul_against_the_computer


def _rows(app: App, box: pygame.Rect, above: int) -> list[tuple[int, str]]:
    """The card's rows in ``box`` wholly above ``above``: where and what."""
    return sorted((t.rect.top, t.shown) for t in app.texts
                  if box.contains(t.rect) and t.rect.bottom <= above)


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_ruling_card_stays_behind_the_save_dialog(
        lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, size)
    try:
        _foul_against_the_computer(app)
        s = app.session
        assert s is not None and s.banner is not None
        frame(app)
        box = getattr(app.mode, "banner_rect", None)
        assert box is not None
        box = box.copy()
        key(app, pygame.K_ESCAPE)  # the match's menu
        frame(app, n=3)
        key(app, pygame.K_2)  # its Save the match…
        frame(app, n=3)
        dialog = app.dialogs[-1]
        assert dialog.title == app.t("save.title")
        shown = _rows(app, box, dialog.rect.top)
        assert shown and shown[0][1] == s.banner.title, shown
        key(app, pygame.K_ESCAPE)  # Cancel: the card as it was
        frame(app, n=3)
        assert not app.dialogs
        assert _rows(app, box, dialog.rect.top) == shown
        # Open again: the card under it has no click area of its own.
        key(app, pygame.K_ESCAPE)
        frame(app, n=3)
        key(app, pygame.K_2)
        frame(app, n=3)
        assert getattr(app.mode, "banner_rect", None) is None
        assert all(not r.colliderect(box) for r, _fn in app.areas)
    finally:
        pygame.display.quit()
