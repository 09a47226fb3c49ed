"""How hard a stroke is said goes by its speed, not by the power bar's share:
once the bar's top came down from 11 to 9 m/s of cue, a 1.1 m/s stroke read
«Средне» / "Medium"."""

from __future__ import annotations

import pytest

from simulator.app.match.computer import strength_key


@pytest.mark.parametrize(("speed", "word"), (
    (0.6, "soft"), (1.1, "soft"), (2.0, "medium"), (3.4, "medium"),
    (5.0, "firm"), (7.0, "firm"), (8.0, "hard"), (9.0, "hard"),
))
def test_a_strokes_word_follows_its_speed(speed: float, word: str) -> None:
    assert strength_key(speed) == word
