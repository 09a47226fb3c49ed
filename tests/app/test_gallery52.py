"""The foul gallery's step keys: "," and "." stop at the contacts (the stroke,
ball on ball, cushion, cue tip, a pocket drop), a jump's highest point and
the foul, as F1 says; a line crossing is no contact. Shift+, . stop at every
event, the line crossings too."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.replay.shotmarks import STEP_KINDS
from simulator.app.text import ui
from simulator.table.events import EventKind
from tests.app.helpers import (
    click_button,
    frame,
    key,
    make_app,
    open_gallery,
    run_until,
)


def walk(app: object, g: object, k: int, mod: int = 0) -> list[float]:
    """The times the key stops at, one press after another, till it stands."""
    pb = g.player.playback  # type: ignore[attr-defined]
    stops: list[float] = []
    for _ in range(len(g.show.marks.marks) + 3):  # type: ignore[attr-defined]
        key(app, k, mod)  # type: ignore[arg-type]
        frame(app)  # type: ignore[arg-type]
        assert pb.paused
        if stops and pb.time == stops[-1]:
            break
        stops.append(pb.time)
    return stops


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_step_keys_stop_at_contacts_and_shift_at_every_event(lang: str) -> None:
    app = make_app(lang)
    try:
        # The cue ball crosses the long string 0.017 s after the stroke,
        # long before its first contact.
        g = open_gallery(app, "gallery-scratch")
        marks = g.show.marks.marks
        line = next(m for m in marks if m.kind is EventKind.LINE_CROSSED)
        first = next(m for m in marks if m.kind is EventKind.BALL_BALL)
        assert line.time < first.time
        pb = g.player.playback
        key(app, pygame.K_HOME)
        pb.paused = True
        pb.seek(min(m.time for m in marks) - 1e-3)
        plain = walk(app, g, pygame.K_PERIOD)
        # From the stroke the next stop is the first contact, over the line.
        assert plain[0] == pytest.approx(0.0, abs=1e-9)
        assert plain[1] == pytest.approx(first.time, abs=1e-9)
        # Past the last contact the last "." shows the balls at rest.
        assert plain[-1] == pytest.approx(
            min(max(m.time for m in marks), pb.end_time), abs=1e-9)
        for t in plain[:-1]:
            at = [m for m in marks if abs(min(m.time, pb.end_time) - t) < 1e-9]
            assert any(m.kind in STEP_KINDS or m.foul or m.peak is not None
                       for m in at), (t, [m.kind for m in at])
        assert not any(abs(t - m.time) < 1e-9 for t in plain[:-1] for m in marks
                       if m.kind in (EventKind.LINE_CROSSED, EventKind.REST)
                       and not m.foul)
        back = walk(app, g, pygame.K_COMMA)
        assert back == plain[-2::-1]
        # Shift: every event, the line crossing the second stop.
        pb.seek(min(m.time for m in marks) - 1e-3)
        g.show.selected = None
        every = walk(app, g, pygame.K_PERIOD, pygame.KMOD_SHIFT)
        assert every[1] == pytest.approx(line.time, abs=1e-9)
        assert len(every) > len(plain)
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_clips_at_two_speeds_are_both_kept_each_named_by_its_speed(lang: str) -> None:
    """A gallery clip exported at 1/4, then at 1/2: two files, each saying
    its speed in its name (the second was "...-clip-2.gif", no telling which
    was which), the window saying each file's name as it is written."""
    from simulator.app.replay.export import speed_label
    from simulator.files import profile
    app = make_app(lang)
    try:
        g = open_gallery(app, "gallery-nine-wrong-ball")
        frame(app)
        t = app.t
        folder = profile.exports_dir()
        names = []
        for speed, faster in ((0.25, 0.5), (0.5, 1.0)):
            key(app, pygame.K_x)
            d = app.dialogs[-1]
            assert d.kind == "export"
            if speed != 0.25:
                click_button(app, t("export.speed", speed=speed_label(0.25),
                                    next=speed_label(speed)))
            assert t("export.speed", speed=speed_label(speed),
                     next=speed_label(faster)) in [x for x, _f in
                                                   app.dialogs[-1].button_specs]
            click_button(app, t("export.gif"))
            run_until(app, lambda: not app.dialogs, limit=60 * 60)
            last = app.kept["export.last"]
            names.append(last.rsplit("/", 1)[-1])
            assert app.toast is not None and names[-1] in app.toast[0]
            frame(app)
            assert names[-1] in g.side_foot()
        assert names == [f"gallery-nine-wrong-ball-{lang}-clip-quarter.gif",
                         f"gallery-nine-wrong-ball-{lang}-clip-half.gif"]
        assert sorted(p.name for p in folder.iterdir()) == sorted(names)
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_rail_reaches_its_foul_sooner_the_foul_at_a_quarter(lang: str) -> None:
    """"No rail after contact" at 1/4 crept about 15 s (frames of the loop)
    before its foul; the stretches with nothing happening now play ×4, said
    by the strip's words (drawn the frame before the step), and the seconds
    before each event and the foul at 1/4: under 12 s."""
    from simulator.app.screens.gallery import QUIET_BEFORE, SLOW
    from tests.app.helpers import DT
    app = make_app(lang)
    try:
        g = open_gallery(app, "gallery-no-rail")
        pb = g.player.playback
        assert pb.speed == SLOW
        foul_t = g.player.stops[0][0]
        quiet = app.t("gallery.quiet", rate="4")
        strip = g.layout.strip
        frame(app)
        steps: list[tuple[float, float, bool]] = []  # (time, advance, said ×4)
        frames = 0
        while not g.at_foul:
            before = pb.time
            said = quiet in " ".join(r.shown for r in ui.FRAME.texts
                                     if strip.contains(r.rect))
            frame(app)
            frames += 1
            steps.append((before, pb.time - before, said))
            assert frames < 60 * 30
        assert frames * DT < 12.0
        fast = [s for s in steps if s[1] > 1.5 * DT * SLOW]
        assert fast and all(said for _t, _a, said in fast)
        # The last stretch before the foul at 1/4, frame by frame.
        near = [s for s in steps if s[0] > foul_t - QUIET_BEFORE + 1e-3 and s[1] > 0]
        assert len(near) > 10
        assert all(a == pytest.approx(DT * SLOW, abs=1e-9) or t + a >= foul_t - 1e-6
                   for t, a, _s in near)
        assert not any(said for _t, _a, said in near)
        assert not app.errors
    finally:
        pygame.display.quit()
