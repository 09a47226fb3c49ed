"""A GIF of the double hit at 1/4 took 10.5 minutes on a loaded machine and
its card said "8 min" through the last three: the pace was read off the
wall clock, the window's frames drawn under the card (over 90 % of it)
counted in, and the file's writing, at one go with no frame drawn, was
guessed at that pace. The export's own working time is counted apart from
the frames; the work between frames is guessed with the wall's time per
working second, the writing at its own; the writing is said before it
holds the window; and "Saved" is still there after it. Driven through the
window's loop with a clock of the test's own: each step of the export and
each frame drawn costs a fixed time."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from simulator.app.dialogs import export as export_dialog
from simulator.app.dialogs.export import ExportProgress
from simulator.app.replay.export import ExportJob, clip_times
from tests.app.helpers import (
    DT,
    button_labels,
    click_button,
    frame,
    key,
    make_app,
    open_gallery,
)
from tests.app.test_export72_estimate import STEPS_A_FRAME, said_range

LOAD = 4.0  # a loaded machine: each cost below times this
# s of a stage, unloaded (as the stages' shares of the whole say)
COSTS = {"draw": 3.0, "encode": 1.2, "write": 1.8}
TICK = 1 / 60  # the loop's wait a pass


@pytest.mark.parametrize("redraw", [0.6, 0.1])  # s a frame: each step, or thinking
def test_the_time_left_near_the_end_is_the_work_left(
        redraw: float, monkeypatch: pytest.MonkeyPatch) -> None:
    now = [0.0]

    def advance(job: ExportJob, seconds: float) -> None:
        # A fixed work a call, its time on the clock (never the real one).
        for _ in range(STEPS_A_FRAME):
            if job.done:
                return
            kind, _n, of = job.stage
            try:
                next(job._steps)
            except StopIteration:
                job.done = True
            # (the file compressed and written in the step that ends it)
            per = (1 if job.done else 0) if kind == "write" \
                else max(1, of or len(clip_times(job.exp, job.speed)))
            now[0] += LOAD * COSTS[kind] / per if per else 0.0
            if job.stage[0] != kind:
                return

    monkeypatch.setattr(ExportJob, "advance", advance)
    monkeypatch.setattr(ExportProgress, "clock", staticmethod(lambda: now[0]))
    app = make_app("en", (1280, 720))
    try:
        open_gallery(app, 0, to_foul=True)
        key(app, pygame.K_x)
        frame(app, n=2)
        gif = app.t("export.gif")
        click_button(app, gif if gif in button_labels(app)
                     else app.t("export.gif_short"))
        card: Any = next(d for d in app.dialogs if isinstance(d, ExportProgress))
        seen: list[tuple[float, float, str, str]] = []
        real = app.draw

        def draw() -> None:
            now[0] += redraw  # the gallery's table under the card
            if card in app.dialogs:
                seen.append((now[0], card.job.progress, card.job.stage[0],
                             card.body))
            real()
        monkeypatch.setattr(app, "draw", draw)
        last = now[0]
        for _ in range(20000):
            if card not in app.dialogs:
                break
            # (the time since the last pass: its work and frame, and the wait)
            now[0] += TICK
            dt, last = now[0] - last, now[0]
            app.step([], dt)
        assert card not in app.dialogs, "the export never ended"
        end = now[0]
        said = [(round(p, 2), kind, span, round(end - t, 1))
                for t, p, kind, words in seen
                for span in [said_range(app, words)] if span is not None]
        # The writing said, with its time left, before it held the window.
        assert said and said[-1][1] == "write", said[-4:]
        # From the encoding on, each guess near the time it did take (the
        # window's frames drawn meanwhile counted where they are drawn).
        slack = 2 + export_dialog.HOLD
        late = [s for s in said if s[0] >= 0.6]
        assert late, said
        wrong = [s for s in late if not s[2][0] - slack <= s[3] <= s[2][1] + slack]
        assert not wrong, (wrong, said[-3:])
        # "Saved" stays after the frame the writing held (its clock's
        # time not counted as seen), a few seconds, until a key.
        saved = app.t("export.done", file="X").split("X")[0]
        for _ in range(2):
            now[0] += TICK
            dt, last = now[0] - last, now[0]
            app.step([], dt)
        assert app.toast is not None and saved in app.toast[0], app.toast
        # (all its time still to come: the writing's seconds not counted)
        assert app.toast[1] > export_dialog.EXPORT_TOLD - 3.0, app.toast
        frame(app, n=round(3.0 / DT))
        assert app.toast is not None and saved in app.toast[0], app.toast
        frame(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=0,
                                      unicode="", scancode=0))
        assert app.toast is None
    finally:
        pygame.display.quit()
