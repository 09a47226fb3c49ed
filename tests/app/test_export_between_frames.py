"""A GIF of the double hit at 1/4 took 10.5 minutes in a window on a busy
machine: each frame drew the gallery's table under the export's card
(93 % of the time; the clip's pictures 7 %). The export goes on between
frames, as a computer thinks, and the card is drawn every THINK_STEP; a
new stage (the file written at one go) is drawn before its work. The work
a step is fixed (a picture a call), never read off the clock."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from simulator.app.dialogs.export import ExportProgress
from simulator.app.loop import app as app_mod
from simulator.app.replay.export import ExportJob
from tests.app.helpers import (
    button_labels,
    click_button,
    frame,
    key,
    make_app,
    open_gallery,
)


def _one_step(job: ExportJob, seconds: float) -> None:
    """ExportJob.advance doing one step whatever the seconds given."""
    if job.done:
        return
    try:
        next(job._steps)
    except StopIteration:
        job.done = True


def test_the_export_goes_on_between_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ExportJob, "advance", _one_step)
    app = make_app("en", (1280, 720))
    try:
        open_gallery(app, "gallery-double-hit", to_foul=True)
        key(app, pygame.K_x)
        frame(app, n=2)
        gif = app.t("export.gif")
        click_button(app, gif if gif in button_labels(app)
                     else app.t("export.gif_short"))
        card: Any = next(d for d in app.dialogs if isinstance(d, ExportProgress))
        drawn: list[tuple[str, int]] = []
        real = app.draw

        def draw() -> None:
            drawn.append((card.job.stage[0], card.job.stage[1]))
            real()
        monkeypatch.setattr(app, "draw", draw)
        dt = 0.01
        steps = 0
        while card in app.dialogs and steps < 5000:
            app.step([], dt)
            steps += 1
        assert card not in app.dialogs, "the export never ended"
        # A frame every THINK_STEP of the loop's time at most, and once
        # more at each new stage (and the card's end), not one a step.
        most = steps * dt / app_mod.THINK_STEP + 6
        assert len(drawn) <= most, (len(drawn), steps)
        assert card.job.pictures > 10 * len(drawn), (card.job.pictures, len(drawn))
        # The file's writing, held at one go, was said before it.
        assert any(kind == "write" for kind, _n in drawn), drawn
    finally:
        pygame.display.quit()
