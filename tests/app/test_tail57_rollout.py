"""A match's stroke after its last event (the last contact, cushion, pocket or
line crossed: after it every ball only rolls out to rest, 10 s per 1 m/s
left) is shown faster, and said so where the shot's state is said ("rolling
out, ×3"); up to that event every frame is shown at the speed chosen. Only
the showing changes: the same stroke gives the same shot. A setting (on by
default) turns it off; the replays meant for study (PgUp, the foul gallery)
show every frame as it happened."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.loop.settings import Settings, load_settings
from simulator.app.replay.playback import TAIL_SECONDS, TAIL_SPEEDS, slow_event
from simulator.table.events import EventKind, Shot
from tests.app.helpers import (
    DT,
    click,
    drawn_words,
    frame,
    key,
    make_app,
    open_gallery,
    scenario_match,
)
from tests.app.test_ownspeed52 import BALLS, _struck

QUIET = (EventKind.MOTION, EventKind.REST)  # a ball's phase changing; the rest


def _last_event(shot: Shot) -> float:
    """Its last event that is not a slow touch at its end: the referee
    rules this stroke the same without its last two, slow cushion touches
    (tests/app/test_rollout58_slow.py), so they are roll-out."""
    return max(e.time for e in shot.events if e.kind not in QUIET
               and not slow_event(e))


Seen = list[tuple[float, float, str, str]]


def _played(app: App) -> tuple[int, Seen, Shot, float, Any]:
    """Anna's stroke at the 3 played to rest at 1x: the frames it took, and
    for each frame the clock's time before and after it and the words drawn
    in the strip and the side column; the shot recorded, the time its balls
    came to rest and where they are."""
    scenario_match(app, "8-ball", BALLS)
    s = app.session
    assert s is not None
    mode = _struck(app)
    pb = mode.playback
    seen = []
    frames = 0
    while app.mode is mode:
        before = pb.time
        frame(app)
        frames += 1
        seen.append((before, pb.time, drawn_words(app, "strip"),
                     drawn_words(app, "side")))
        assert frames < 3000
    table = s.match.table()
    return frames, seen, s.shots[-1][0], pb.end_time, table.balls


def test_after_the_last_event_the_roll_out_is_shown_faster() -> None:
    """Up to the shot's last event the clock runs at 1x, a frame's worth a
    frame; after it at the least of 3x, 4x, 6x that shows the roll-out in
    1.5 s, and the stroke is over in that many frames fewer. Turned off in
    the settings, the old count (every frame at 1x); either way the same
    shot (the balls where they stopped, the same events)."""
    app = make_app()
    try:
        fast, seen, shot, end, where = _played(app)
        app.settings.quick_rollout = False
        slow, seen_off, shot_off, end_off, where_off = _played(app)
    finally:
        pygame.display.quit()
    last = _last_event(shot)
    tail = end - last
    assert tail > TAIL_SECONDS  # (a roll-out worth hurrying)
    speed = next((s for s in TAIL_SPEEDS if tail / s <= TAIL_SECONDS), TAIL_SPEEDS[-1])
    # The same shot: only the showing changed.
    assert where_off == where and end_off == end
    assert [(e.time, e.kind) for e in shot_off.events] == \
        [(e.time, e.kind) for e in shot.events]
    for before, after, _, _ in seen:
        if after <= last:
            assert after - before == pytest.approx(DT)
        elif before >= last and after < end:
            assert after - before == pytest.approx(DT * speed)
    assert abs(slow - end / DT) <= 3, (slow, end)
    expect = last / DT + tail / (DT * speed)
    assert abs(fast - expect) <= 3, (fast, expect, slow)
    assert all(after - before == pytest.approx(DT) for before, after, _, _ in seen_off
               if after < end)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_roll_out_is_said_while_it_is_shown_faster(lang: str) -> None:
    """"rolling out, ×3" («докатываются, ×3») in the strip and under the
    column's heading through the roll-out shown faster, and not before the
    last event; never with the setting off."""
    app = make_app(lang)
    try:
        _, seen, shot, _, _ = _played(app)
        last = _last_event(shot)
        words = app.t("strip.rolling_out", speed="")
        said = words.split("×")[0].strip()
        before = [w for b, a, w, side in seen if a <= last]
        during = [(w, side) for b, a, w, side in seen[:-2] if b >= last]
        assert before and during
        assert not any(said in w for w in before)
        assert all(said in w and said in side for w, side in during), during[:3]
        app.settings.quick_rollout = False
        seen_off = _played(app)[1]
        assert not any(said in w or said in side for _, _, w, side in seen_off)
    finally:
        pygame.display.quit()


def test_the_replay_and_the_gallery_show_every_frame_as_it_happened() -> None:
    """After the stroke, PgUp's replay runs at its own speed past the last
    event; a clip of the foul gallery at its own pace near its end."""
    app = make_app()
    try:
        last = _last_event(_played(app)[2])
        key(app, pygame.K_PAGEUP)
        frame(app)
        rp = app.mode
        assert rp is not None and rp.name == "replay"
        pb = rp.playback
        assert pb.tail_from is None
        pb.seek(last + 0.2)
        pb.paused = False
        t0 = pb.time
        frame(app)
        assert pb.time - t0 == pytest.approx(DT * pb.speed)
        g = open_gallery(app, 0)
        gp = g.player.playback
        gp.seek(gp.end_time - 1.0)
        gp.paused = False
        g0, rate = gp.time, g.quiet_rate()  # (its own, for quiet stretches)
        frame(app)
        assert gp.tail_from is None
        assert gp.time - g0 == pytest.approx(DT * rate * gp.speed)
    finally:
        pygame.display.quit()


def test_an_old_settings_file_keeps_the_roll_out_shown_faster(tmp_path: Path) -> None:
    """A settings file written before the setting loads whole, the setting
    on; one with it off keeps it off."""
    old: dict[str, Any] = {"lang": "ru", "aids": False, "watch": "2"}
    p = tmp_path / "settings.json"
    p.write_text(json.dumps(old), encoding="utf-8")
    s, problem = load_settings(p)
    assert problem is None and s.quick_rollout and s.lang == "ru" and not s.aids
    assert not Settings.from_dict({**old, "quick_rollout": False}).quick_rollout


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_settings_screen_turns_it_off(lang: str, size: tuple[int, int],
                                          tmp_path: Path) -> None:
    """The settings screen names it (on) and a click turns it off, kept."""
    app = make_app(lang, size)
    app.settings_path = tmp_path / "settings.json"
    try:
        app.go("settings")
        frame(app, n=2)
        mode: Any = app.mode
        labels = [b.text for b in mode.toggles]
        assert len(labels) == 5 and labels[-1] == app.t("common.on")
        click(app, mode.toggles[-1].rect.center)
        frame(app, n=2)
        assert not app.settings.quick_rollout
        saved = json.loads(app.settings_path.read_text(encoding="utf-8"))
        assert saved["quick_rollout"] is False
    finally:
        pygame.display.quit()


def test_the_computers_stroke_watched_at_2x_rolls_out_faster(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Gordon's stroke watched at 2x: 2x up to its last event, then its
    roll-out at the faster of 2x and the roll-out's speed, said so."""
    from simulator.app.match import computer
    from simulator.app.screens.computer_turn import ComputerPlayMode
    from tests.app.helpers import run_until
    from tests.app.test_playfix10_flow import _computer_to_shoot

    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app()
    try:
        _computer_to_shoot(monkeypatch, app, "2", speed=3.0)
        run_until(app, lambda: isinstance(app.mode, ComputerPlayMode))
        mode = app.mode
        assert isinstance(mode, ComputerPlayMode)
        pb = mode.playback
        paces, said = [], []
        while app.mode is mode:
            before = pb.time
            frame(app)
            paces.append((before, pb.time))
            said.append(app.t("strip.rolling_out", speed="").split("×")[0].strip()
                        in drawn_words(app, "strip"))
    finally:
        pygame.display.quit()
    last, tail_speed = pb.tail_from, pb.tail_speed
    assert last is not None and tail_speed > 2.0
    assert last == _last_event(mode.stream.shot)
    for (before, after), words in zip(paces[:-2], said[:-2], strict=True):
        if after <= last:
            assert after - before == pytest.approx(2 * DT) and not words
        elif before >= last:
            assert after - before == pytest.approx(tail_speed * DT) and words
