"""The clip export's card: the time left said "less than a minute" at 23 %,
"about a minute" at 49 s and at 65 s, then "about 20 s" at 75 s, of 85 s in
all; and the card counted 431 pictures drawn, then 411 encoded. The
progress's shares follow the time each stage takes, the time said never
rises, and the pictures encoded are counted as the pictures drawn (a picture
the same as the one before is kept as one frame shown longer). Driven
through the window's loop with a clock of the test's own, charging each
picture drawn and encoded, and the file's writing, as a real export does."""

from __future__ import annotations

import itertools
import tempfile
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from simulator.app.dialogs.export import ExportProgress
from simulator.app.loop.app import App
from simulator.app.replay.export import ExportJob, gallery_exports
from tests.app.helpers import make_app
from tests.app.test_export72_estimate import _export, said_range

WHOLE = 100.0  # seconds the export takes in all, by the test's clock


def _clock(app: App, draw: float, encode: float, end: list[float]
           ) -> Callable[[], float]:
    """Each reading later by the work done since: ``draw`` and ``encode``
    the shares of WHOLE the drawing and the encoding take, the rest the
    writing at one go (``end`` gets the clock when the file is written)."""
    now = [0.0]
    done = {"draw": 0, "encode": 0}

    def read() -> float:
        working = [d for d in app.dialogs if isinstance(d, ExportProgress)]
        if not working:
            return now[0]
        job = working[0].job
        kind, n, of = job.stage
        if kind in done and of:
            share = draw if kind == "draw" else encode
            now[0] += (n - done[kind]) * WHOLE * share / of
            done[kind] = n
        if job.done and not end:
            now[0] += WHOLE * (1.0 - draw - encode)
            end.append(now[0])
        return now[0] + 0.001
    return read


def _said(app: App, draw: float, encode: float,
          monkeypatch: pytest.MonkeyPatch
          ) -> list[tuple[float, tuple[float, float], float]]:
    """A GIF exported: (share done, the time-left words' span, the time
    really left) at each frame that says a time left."""
    end: list[float] = []
    monkeypatch.setattr(ExportProgress, "clock",
                        staticmethod(_clock(app, draw, encode, end)))
    seen = _export(app)
    assert end, "the file was never written"
    out = []
    for t, share, words, _lines in seen:
        span = said_range(app, words)
        if span is not None:
            out.append((round(share, 2), span, round(end[0] - t, 1)))
    assert len(out) > 3, out
    return out


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_time_left_is_near_the_truth_at_a_gifs_pace(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A GIF's time as measured: half drawing, a fifth encoding, the rest
    the compression at one go (after the last frame the card is drawn)."""
    app = make_app(lang, (1280, 720))
    try:
        said = _said(app, 0.5, 0.2, monkeypatch)
        wrong = [s for s in said if not s[1][0] - 5 <= s[2] <= s[1][1] + 5]
        assert not wrong, (wrong, said)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_time_left_never_rises_when_the_work_slows(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The drawing quick (a fifth of the time), the encoding slow: the pace
    read while drawing said too little, but the time said never goes up
    again ("less than a minute", then "about a minute")."""
    app = make_app(lang, (1280, 720))
    try:
        said = _said(app, 0.2, 0.7, monkeypatch)
        rises = [(a, b) for a, b in itertools.pairwise(said) if b[1][0] > a[1][0]]
        assert not rises, (rises, said)
    finally:
        pygame.display.quit()


def test_the_pictures_encoded_are_counted_as_those_drawn() -> None:
    """A foul gallery clip (still pictures at the foul's hold and where the
    balls rest): the encoding counts to the number drawn, never fewer."""
    exp = next(iter(gallery_exports()))
    job = ExportJob(exp, Path(tempfile.mkdtemp()), "gif", "en", 0.25, 320)
    stages: list[tuple[str, int, int]] = []
    while not job.done:
        job.advance(0.0)  # (a step at a time)
        stages.append(job.stage)
    drawn = [s for s in stages if s[0] == "draw"]
    encoded = [s for s in stages if s[0] == "encode"]
    assert drawn and encoded, stages
    total = drawn[-1][2]
    assert {s[2] for s in encoded} == {total}, (total, encoded)
    assert encoded[-1][1] < total and encoded[0][1] >= 1
    assert job.path is not None and job.path.exists()
    from PIL import Image
    with Image.open(job.path) as im:
        frames = im.n_frames
    assert frames < total  # (the same pictures kept as one frame)
