"""The export's card said "about 105 s left" early in an export done in
under a minute (the first pictures are slow on a busy machine, then it
speeds up), and wrapped "1 %" with the sign alone on the next line. The
time left is said only once the pace can be read (a tenth of the work and
two seconds), from the recent pace, roughly ("about 40 s", "less than a
minute"), in the window's language; a figure and its sign stay on one
line. Driven through the window's loop with a clock of the test's own."""

from __future__ import annotations

import re
from collections.abc import Callable

import pygame
import pytest

from simulator.app.dialogs import export as export_dialog
from simulator.app.dialogs.export import ExportProgress, time_left_words
from simulator.app.loop.app import App
from simulator.app.replay.export import ExportJob
from simulator.app.text import ui
from tests.app.helpers import (
    button_labels,
    click_button,
    drawn_lines,
    drawn_words,
    frame,
    key,
    make_app,
    open_gallery,
)
from tests.app.scenes import LANGS

SLOW_UNTIL = 0.03  # of the work: the first pictures, at ...
SLOW_PACE = 600.0  # ... seconds for the whole (a machine busy as it starts)
FAST_PACE = 40.0  # seconds for the whole after: done in under a minute


def said_range(app: App, words: str) -> tuple[float, float] | None:
    """The time left the card says, as the seconds it means (from, to), or
    None where it says none."""
    t = app.t
    fixed = {"export.left_few": (0.0, 10.0),
             "export.left_minute": (55.0, 75.0), "export.left_min_half": (75.0, 105.0)}
    for k, span in fixed.items():
        # (a no-break space keeps a figure with its unit; drawn, a space)
        if t(k).replace("\xa0", " ") in words.replace("\xa0", " "):
            return span
    for k, unit in (("export.left_s", 1.0), ("export.left_min", 60.0)):
        # (a no-break space keeps a figure with its unit; drawn, a space)
        pattern = re.escape(t(k, s="NUM", m="NUM")).replace(
            "NUM", r"(\d+)").replace("\xa0", r"\s")
        found = re.search(pattern, words)
        if found:
            n = int(found.group(1)) * unit
            return (n - unit / 2 - 5.0, n + unit / 2 + 5.0) if unit == 1.0 \
                else (n - 30.0, n + 30.0)
    return None


@pytest.mark.parametrize("lang", LANGS)
def test_the_time_left_is_said_roughly(lang: str) -> None:
    app = make_app(lang)
    try:
        t = app.t
        assert time_left_words(app, 4.0) == t("export.left_few")
        assert time_left_words(app, 38.0) == t("export.left_s", s="40")
        assert time_left_words(app, 12.0) == t("export.left_s", s="10")
        assert time_left_words(app, 50.0) == t("export.left_s", s="50")
        assert time_left_words(app, 65.0) == t("export.left_minute")
        assert time_left_words(app, 85.0) == t("export.left_min_half")
        assert time_left_words(app, 170.0) == t("export.left_min", m="3")
        # No figure to the second: a count ticking every second is a promise.
        said = {time_left_words(app, s / 2) for s in range(0, 90)}
        assert len(said) <= 6, said
    finally:
        pygame.display.quit()


def _clock(app: App) -> Callable[[], float]:
    """Each reading later by the time the work done since took: slow while
    the first pictures are drawn, quick after."""
    now, done = [0.0], [0.0]

    def read() -> float:
        working = [d for d in app.dialogs if isinstance(d, ExportProgress)]
        share = working[0].job.progress if working else done[0]
        pace = SLOW_PACE if share <= SLOW_UNTIL else FAST_PACE
        now[0] += 0.001 + (share - done[0]) * pace
        done[0] = share
        return now[0]
    return read


STEPS_A_FRAME = 2  # pictures drawn or encoded a frame (the window's: a few)


def _steps_a_frame(job: ExportJob, seconds: float) -> None:
    """ExportJob.advance doing STEPS_A_FRAME steps whatever the seconds
    given, stopping at a new stage as the real one does: the frames read
    (and so the times said) are the same on a loaded or an idle machine."""
    for _ in range(STEPS_A_FRAME):
        if job.done:
            return
        kind = job.stage[0]
        try:
            next(job._steps)
        except StopIteration:
            job.done = True
        if job.stage[0] != kind:
            return


def _export(app: App, monkeypatch: pytest.MonkeyPatch
            ) -> list[tuple[float, float, str, list[str]]]:
    """A GIF of the foul gallery's first foul exported: each frame's clock,
    share done, the card's words and its lines."""
    monkeypatch.setattr(ExportJob, "advance", _steps_a_frame)
    open_gallery(app, 0, to_foul=True)
    key(app, pygame.K_x)
    frame(app, n=2)
    gif = app.t("export.gif")  # (in a low window, its short word)
    click_button(app, gif if gif in button_labels(app) else app.t("export.gif_short"))
    progress = [d for d in app.dialogs if isinstance(d, ExportProgress)]
    assert progress, "no export under way"
    seen: list[tuple[float, float, str, list[str]]] = []
    for _ in range(3000):
        frame(app)
        if progress[0] not in app.dialogs:
            break
        marks = progress[0].pace.marks
        seen.append((marks[-1][0], progress[0].job.progress,
                     drawn_words(app, folded=True), drawn_lines(app, shown=True)))
    assert progress[0] not in app.dialogs, "the export never ended"
    return seen


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("ru", (800, 500)),
                                            ("en", (800, 500))])
def test_the_time_left_is_read_from_the_recent_pace(
        lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(lang, size)
    try:
        monkeypatch.setattr(ExportProgress, "clock", staticmethod(_clock(app)))
        seen = _export(app, monkeypatch)
        start = 0.0
        end = seen[-1][0] + (1.0 - seen[-1][1]) * FAST_PACE
        said = []
        for t, share, words, _lines in seen:
            span = said_range(app, words)
            if span is None:
                continue
            # Nothing said before there is a pace to read.
            assert share >= export_dialog.ESTIMATE_AFTER_SHARE, (share, words)
            assert t - start >= export_dialog.ESTIMATE_AFTER_SECONDS, (t, words)
            said.append((round(share, 2), span, round(end - t, 1)))
        assert len(said) > 3, said
        # Each guess is near the time it did take (the slow start, long
        # past, not read as the pace: it said minutes for seconds); a step
        # said changes up to HOLD seconds after the guess does.
        slack = 2 + export_dialog.HOLD
        wrong = [s for s in said if not s[1][0] - slack <= s[2] <= s[1][1] + slack]
        assert not wrong, wrong
        # The share and its sign on one line, everywhere on the card.
        for _t, _share, _words, lines in seen:
            assert not any(ln.startswith("%") for ln in lines), lines
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_time_left_comes_down_at_a_steady_pace(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Each reading of the clock half a second later: a slow machine.
    now = [0.0]

    def steady() -> float:
        now[0] += 0.5
        return now[0]
    monkeypatch.setattr(ExportProgress, "clock", staticmethod(steady))
    app = make_app(lang, (1280, 720))
    try:
        seen = _export(app, monkeypatch)
        spans = [s for s in (said_range(app, w) for _t, _p, w, _l in seen) if s]
        assert len(spans) > 3, spans
        # (No higher at the end: this clock ticks per frame, and how much
        # work a frame does follows the machine's load, so the pace read
        # off it may stay in one step throughout.)
        assert sum(spans[-1]) <= sum(spans[0]), spans
        # Said once the work is a tenth done, and on to its last tenth.
        late = [p for _t, p, w, _l in seen if 0.2 < p < 0.9 and not said_range(app, w)]
        assert not late, late
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_percentage_never_wraps_from_its_sign(lang: str) -> None:
    """The card's words at every width it may take: "1" ended a line and
    "%" began the next."""
    app = make_app(lang, (800, 500))
    try:
        for p in (1, 9, 35, 100):
            words = (app.t("export.stage_draw", n="12", of="353") + " · "
                     + app.t("export.whole", p=p) + " · "
                     + app.t("export.left_s", s="40"))
            for width in range(60, 500, 3):
                lines = ui.wrap(words, 14, width)
                assert not any(ln.startswith(("%", "s ", "с ")) or ln in ("s", "с")
                               for ln in lines), (width, lines)
    finally:
        pygame.display.quit()
