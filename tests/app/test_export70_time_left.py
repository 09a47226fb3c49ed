"""A clip took a minute and more to export on a busy machine with only a
percentage to read: the export's card says about how long is left once the
pace can be read (the pictures drawn so far against the time they took),
rounded to five seconds, in the window's language."""

from __future__ import annotations

import itertools
import re

import pygame
import pytest

from simulator.app.dialogs import export as export_dialog
from simulator.app.dialogs.export import ExportProgress, time_left
from tests.app.helpers import (
    arriving,
    click_button,
    drawn_words,
    frame,
    key,
    make_app,
    open_gallery,
)
from tests.app.scenes import LANGS

LEFT = {"en": re.compile(r"about (\d+) s left"),
        "ru": re.compile(r"осталось около (\d+) с")}


def test_the_time_left_is_read_from_the_pace_so_far() -> None:
    # A tenth done in 6 s: 54 s more at that pace, said as 55.
    assert time_left(0.10, 6.0) == 55
    # Half done in 20 s: 20 s more.
    assert time_left(0.5, 20.0) == 20
    # Nothing said before there is a pace, nor when it is done.
    assert time_left(0.02, 10.0) is None
    assert time_left(0.5, 1.0) is None
    assert time_left(1.0, 30.0) is None
    # Never "0 s left" while work remains.
    assert time_left(0.99, 3.0) == 5


@pytest.mark.parametrize("lang", LANGS)
def test_the_export_card_says_the_time_left_and_it_shrinks(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Each reading of the clock is half a second later: a slow machine.
    ticks = itertools.count()
    monkeypatch.setattr(ExportProgress, "clock",
                        staticmethod(lambda: next(ticks) * 0.5))
    app = make_app(lang, (1280, 720))
    try:
        open_gallery(app, 0, to_foul=True)
        key(app, pygame.K_x)
        frame(app, n=2)
        spot = {b.label: b.rect.center for b in app.buttons}
        frame(app, *arriving(app, spot[app.t("export.gif")]))
        frame(app, n=30)
        click_button(app, app.t("export.gif"))
        said: list[int] = []
        progress = [d for d in app.dialogs if isinstance(d, ExportProgress)]
        assert progress, "no export under way"
        for _ in range(3000):
            frame(app)
            if progress[0] not in app.dialogs:
                break
            words = drawn_words(app, folded=True)
            found = LEFT[lang].search(words)
            share = progress[0].job.progress
            if found:
                said.append(int(found.group(1)))
                assert share >= export_dialog.ESTIMATE_AFTER_SHARE
            elif share > 0.2 and share < 0.9:
                raise AssertionError(f"no time left said at {share:.0%}: {words}")
        assert len(said) > 3, said
        assert all(s % 5 == 0 and s >= 5 for s in said), said
        # The pace is steady, so the guess comes down as the work goes on.
        assert said[-1] < said[0], said
    finally:
        pygame.display.quit()
