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

from simulator.app.dialogs.export import FEW_AFTER_SHARE, HOLD, ExportProgress
from simulator.app.loop.app import App
from simulator.app.replay.export import ExportJob, gallery_exports
from tests.app.helpers import make_app
from tests.app.test_export72_estimate import _export, said_range

WHOLE = 100.0  # seconds the export takes in all, by the test's clock


def _clock(app: App, draw: float, encode: float, end: list[float],
           whole: float = WHOLE, slow_from: float = 1.0,
           palette: float = 0.0) -> Callable[[], float]:
    """Each reading later by the work done since: ``draw`` and ``encode``
    the shares of WHOLE the drawing and the encoding take, the rest the
    writing at one go (``end`` gets the clock when the file is written);
    from ``slow_from`` of the work on, everything three times slower;
    ``palette`` seconds more at the encoding's first picture (the GIF's
    palette, made before it)."""
    now = [0.0]
    done = {"draw": 0, "encode": 0}
    first = [True]

    def read() -> float:
        working = [d for d in app.dialogs if isinstance(d, ExportProgress)]
        if not working:
            return now[0]
        job = working[0].job
        kind, n, of = job.stage
        if kind == "encode" and first[0]:
            now[0] += palette
            first[0] = False
        if kind in done and of:
            share = draw if kind == "draw" else encode
            slow = 3.0 if job.progress >= slow_from else 1.0
            now[0] += (n - done[kind]) * whole * share / of * slow
            done[kind] = n
        if job.done and not end:
            now[0] += whole * (1.0 - draw - encode) * (3.0 if slow_from < 1 else 1.0)
            end.append(now[0])
        return now[0] + 0.001
    return read


def _said(app: App, draw: float, encode: float,
          monkeypatch: pytest.MonkeyPatch, whole: float = WHOLE,
          slow_from: float = 1.0, palette: float = 0.0
          ) -> list[tuple[float, tuple[float, float], float]]:
    """A GIF exported: (share done, the time-left words' span, the time
    really left) at each frame that says a time left."""
    end: list[float] = []
    monkeypatch.setattr(ExportProgress, "clock",
                        staticmethod(_clock(app, draw, encode, end, whole, slow_from,
                                            palette)))
    seen = _export(app, monkeypatch)
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
        # (A step said changes up to HOLD seconds after the guess does.)
        slack = 5 + HOLD
        wrong = [s for s in said if not s[1][0] - slack <= s[2] <= s[1][1] + slack]
        assert not wrong, (wrong, said)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_slower_stage_raises_the_time_left_step_by_step(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The drawing quick (a fifth of the time), the encoding slow: the pace
    read while drawing said too little, and the time said rises (a time
    that never rose stuck at "a few seconds"), never changing twice within
    HOLD seconds of the clock, and "a few seconds" only near the end."""
    app = make_app(lang, (1280, 720))
    try:
        said = _said(app, 0.2, 0.7, monkeypatch)
        rises = [(a, b) for a, b in itertools.pairwise(said) if b[1][0] > a[1][0]]
        assert rises, said
        _steady(app, said)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_stage_change_does_not_raise_the_time_left(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A GIF at the measured shares (half the time drawing, a fifth
    encoding), its palette made before the first picture is encoded (a
    seventh of the time, the share standing still): "about 50 s" rose to
    "about a minute" as the encoding began, though nothing had slowed
    (a window's export went from "about a minute" back to "1.5 min"). The
    time said never rises, and is near the truth in the encoding."""
    app = make_app(lang, (1280, 720))
    try:
        said = _said(app, 0.5, 0.2, monkeypatch, palette=15.0)
        rises = [(a, b) for a, b in itertools.pairwise(said) if b[1][0] > a[1][0]]
        assert not rises, (rises, said)
        # Near the truth once the encoding's own pace is read (the
        # drawing's guess cannot know of the palette to come).
        slack = 5 + HOLD
        wrong = [s for s in said if s[0] >= 0.56
                 and not s[1][0] - slack <= s[2] <= s[1][1] + slack]
        assert not wrong, (wrong, said)
        _steady(app, said)
    finally:
        pygame.display.quit()


def _steady(app: App, said: list[tuple[float, tuple[float, float], float]]
            ) -> None:
    """The step said changes at most once in HOLD seconds (the clock read
    as the whole's time less the time left), and says "a few seconds" only
    once FEW_AFTER_SHARE of the work is done."""
    changes = [b[2] for a, b in itertools.pairwise(said) if a[1] != b[1]]
    assert all(a - b >= HOLD - 0.01 for a, b in itertools.pairwise(changes)), said
    few = said_range(app, app.t("export.left_few"))
    assert all(s[0] >= FEW_AFTER_SHARE - 0.005 for s in said if s[1] == few), said


@pytest.mark.parametrize(("lang", "whole", "slow_from"), [
    ("en", 3 * WHOLE, 1.0), ("ru", 3 * WHOLE, 1.0),
    ("en", WHOLE, 0.1), ("ru", WHOLE, 0.1)])
def test_a_slow_export_is_told_its_time(
        lang: str, whole: float, slow_from: float,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Everything three times slower than the shares assume, from the start
    or from a tenth of the work on (a GIF said "about 10 s" at 39 s, then
    "a few seconds" from 48 s to 150 s while it went from 26 % to 63 %):
    past a fifth of the work the time said is within half as much again of
    the time really left, never "a few seconds" before 85 %, and the step
    changes at most once in HOLD s."""
    app = make_app(lang, (1280, 720))
    try:
        said = _said(app, 0.5, 0.2, monkeypatch, whole, slow_from)
        for share, (lo, hi), truth in said:
            if share >= 0.2 and truth >= 20.0:
                mid = (lo + hi) / 2
                assert truth / 1.5 <= mid <= truth * 1.5, (share, mid, truth, said)
        _steady(app, said)
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


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_clips_title_uses_the_captions_width(lang: str) -> None:
    """A GIF at 800 px wrapped «Двойной удар при близком / шаре» at half
    the width, room kept for the still's long legend that a clip never
    draws: a clip's title wraps only beside its speed and time."""
    from simulator.app.replay.export import Canvas
    exp = next(iter(gallery_exports(["gallery-double-hit"])))
    clip = Canvas(exp, 800, lang, clip=True)
    assert len(clip.layout.head_lines) == 1, clip.layout.head_lines
    still = Canvas(exp, 800, lang)  # (the still keeps room for its legend)
    assert len(still.layout.head_lines) >= len(clip.layout.head_lines)
