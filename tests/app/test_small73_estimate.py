"""The export's time left said "40 s" at 20 % and "about a minute" at
31 %, 26 s really left: a slow stretch of pictures read as the pace of all
the rest. The guess blends the recent pace with that since the guessing
began, and rises by little in a step. Driven through the window's loop
with a clock of the test's own."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pygame
import pytest

from simulator.app.dialogs.export import ExportProgress
from simulator.app.loop.app import App
from tests.app.helpers import make_app
from tests.app.test_export72_estimate import _export, said_range

FAST = 40.0  # seconds for the whole at the usual pace ...
SLOW = 150.0  # ... and at the pace of a slow stretch
STRETCH = (0.2, 0.25)  # of the work


def _clock(app: App) -> Callable[[], float]:
    now, done = [0.0], [0.0]

    def read() -> float:
        working = [d for d in app.dialogs if isinstance(d, ExportProgress)]
        share = working[0].job.progress if working else done[0]
        slow = STRETCH[0] < share <= STRETCH[1]
        now[0] += 0.001 + (share - done[0]) * (SLOW if slow else FAST)
        done[0] = share
        return now[0]
    return read


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_slow_stretch_does_not_double_the_time_left(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(lang, (1280, 720))
    try:
        monkeypatch.setattr(ExportProgress, "clock", staticmethod(_clock(app)))
        seen = _export(app, monkeypatch)
        said = [(round(p, 2), span) for _t, p, w, _l in seen
                for span in [said_range(app, w)] if span is not None]
        assert len(said) > 3, said
        # Each time said no more than a step (10 s) above the one before.
        jumps = [(a, b) for a, b in itertools.pairwise(said)
                 if b[1][0] > a[1][1] + 10.0]
        assert not jumps, jumps
        # "About a minute" never said of an export with 40 s or less left.
        top = max(span[0] for _p, span in said)
        assert top < 60.0, said
    finally:
        pygame.display.quit()
