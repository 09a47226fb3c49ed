"""The physics fingerprint moves when any shot's record moves, and not otherwise."""

from __future__ import annotations

import dataclasses

from simulator.physics import simulate
from simulator.tools import fingerprint
from simulator.tools.shots import cut_shot


def test_the_same_shots_give_the_same_hashes() -> None:
    assert fingerprint.groups(racks=1, strokes=3) == fingerprint.groups(
        racks=1, strokes=3
    )


def test_a_frame_or_an_event_moved_changes_the_digest() -> None:
    shot = simulate(*cut_shot())
    frame = shot.frames[len(shot.frames) // 2]
    moved_frame = frame._replace(time=frame.time + 1e-12)
    frames = list(shot.frames)
    frames[len(frames) // 2] = moved_frame
    event = shot.events[-1]
    later = dataclasses.replace(event, time=event.time + 1e-12)
    digest = fingerprint.shot_digest(shot)
    assert fingerprint.shot_digest(dataclasses.replace(shot, frames=frames)) != digest
    assert (
        fingerprint.shot_digest(
            dataclasses.replace(shot, events=(*shot.events[:-1], later))
        )
        != digest
    )
    assert fingerprint.shot_digest(simulate(*cut_shot())) == digest
