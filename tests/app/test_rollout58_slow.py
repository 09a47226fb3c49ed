"""A break's quick roll-out began late: its slow balls reached the cushions
and crossed the strings seconds after anything else, each one an event. Such
slow events (every ball in them under 0.3 m/s) at a shot's end are taken
into the roll-out as far back as the referee rules the same without them;
one the ruling names (a ball driven to a rail on a 14.1 break, 14.1 rule 6)
is shown at the speed chosen. Only the showing changes: the same ruling.
Played through the window's loop at 1x."""

from __future__ import annotations

from typing import Any

import pygame

from simulator.app.loop.app import App
from simulator.app.replay.playback import QUIET, rollout, slow_event
from simulator.app.screens.playing import PlayMode
from simulator.app.table.aim import power_of
from simulator.table.events import Shot
from tests.app.helpers import key, make_app, to_the_break


def _break(app: App, game: str, opts: dict[str, Any], speed: float
           ) -> tuple[float | None, Shot, dict[str, Any]]:
    """The break at ``speed`` m/s played to its end at 1x: where its quick
    roll-out began (None: never), the shot and its ruling."""
    s = to_the_break(app, ["Anna", "Boris"], game, opts)
    s.aim = s.aim.with_power(power_of(speed))
    key(app, pygame.K_SPACE)
    mode = app.mode
    assert isinstance(mode, PlayMode)
    frames = 0
    while app.mode is mode:
        app.frame(pygame.event.get(), 0.1)
        frames += 1
        assert frames < 400
    shot, ruling = s.shots[-1]
    return mode.playback.tail_from, shot, ruling.to_dict()


def _last_event(shot: Shot) -> float:
    return max(e.time for e in shot.events if e.kind not in QUIET)


def test_a_breaks_slow_end_is_roll_out_and_the_ruling_is_the_same() -> None:
    """9-ball break at 9 m/s: its last event (a ball crossing a string at
    0.2 m/s) came 5.4 s in; the roll-out begins at the last pocket, 1.8 s
    sooner, every event after it slow; the ruling as with the roll-out
    shown as it is."""
    app = make_app()
    try:
        tail_from, shot, ruling = _break(app, "9-ball", {}, 9.0)
        app.settings.quick_rollout = False
        never, shot_off, ruling_off = _break(app, "9-ball", {}, 9.0)
    finally:
        pygame.display.quit()
    assert never is None
    assert tail_from is not None and tail_from < _last_event(shot) - 1.0
    later = [e for e in shot.events if e.time > tail_from and e.kind not in QUIET]
    assert later and all(slow_event(e) for e in later)
    assert [(e.time, e.kind) for e in shot_off.events] == \
        [(e.time, e.kind) for e in shot.events]
    assert ruling == ruling_off


def test_a_rail_the_break_ruling_names_is_not_hurried() -> None:
    """14.1 break at 4 m/s (14.1 rule 6: illegal, too few balls to a rail):
    its last event is the 2 reaching the head rail at 0.2 m/s, one of the
    balls the foul names: the roll-out begins only after it."""
    app = make_app()
    try:
        tail_from, shot, ruling = _break(app, "14.1", {"target": 5}, 4.0)
    finally:
        pygame.display.quit()
    last = max((e for e in shot.events if e.kind not in QUIET), key=lambda e: e.time)
    assert slow_event(last) and last.balls == (2,)
    assert [f["code"] for f in ruling["fouls"]] == ["foul.illegal_break"]
    assert 2 in ruling["fouls"][0]["balls"]
    assert tail_from == last.time == rollout(shot.events, shot.duration)[0]
