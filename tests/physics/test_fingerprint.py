"""The physics fingerprint moves when any shot's record moves, and not otherwise."""

from __future__ import annotations

import dataclasses

from simulator.physics import simulate
from simulator.physics.simulate import BUILD
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


# Each build's hashes of a few shots (racks=1, strokes=3). A change that moves
# them changes what old strokes give: raise simulator.physics.simulate.BUILD
# and add the new build's hashes here, so `kiy verify` can tell the saves
# the old build made from changed ones.
BUILDS = {
    1: {
        "benchmark shots":
            "672a4d455c37f8056b3e896cd8a0d13d6021181b9101829a9e97d3fcf4a5c00f",
        "compliant cushions":
            "561cdf12a6d5891f01e9a4ad0e1d9613d4d0775b1a732ceb504a80edc5da435f",
        "stress strokes 0-2 of seed 0":
            "4624a407b041d860745f29cf62c4bdb1dd7f9c65be9d9f4519728597f1b1deb8",
    },
    # A miscue turned aside by its side share only (a straight low one stays
    # on the cue line).
    2: {
        "benchmark shots":
            "672a4d455c37f8056b3e896cd8a0d13d6021181b9101829a9e97d3fcf4a5c00f",
        "compliant cushions":
            "561cdf12a6d5891f01e9a4ad0e1d9613d4d0775b1a732ceb504a80edc5da435f",
        "stress strokes 0-2 of seed 0":
            "e857b6c0ff0b0ac054318077108aa80142cd9a0077c9d7d0ddabd2c1e9512abb",
    },
}


def test_the_physics_gives_what_its_build_gave() -> None:
    assert fingerprint.groups(racks=1, strokes=3) == BUILDS[BUILD], (
        "the physics' results moved: raise simulator.physics.simulate.BUILD and "
        "record the new hashes in BUILDS")


def test_a_new_shot_is_stamped_and_the_stamp_is_not_in_the_digest() -> None:
    shot = simulate(*cut_shot())
    assert shot.physics == BUILD and shot.to_dict()["physics"] == BUILD
    assert fingerprint.shot_digest(dataclasses.replace(shot, physics=BUILD + 1)) \
        == fingerprint.shot_digest(shot)
