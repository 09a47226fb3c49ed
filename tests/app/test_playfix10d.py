"""Found in play: the balls a scratched break left down missing from the
match in numbers; the records screen's ratings cut; the replay timeline's
time shown only now and then; the main menu cramped in a low window; the
foul call of 14.1 and Express scrolling at 800x500."""

from __future__ import annotations

import itertools

import pygame
import pytest

from tests.app.helpers import frame, key, make_app, run_until
from tests.app.scenes import LANGS

LOW = (800, 500)


def _overlapping(rects: list[pygame.Rect]) -> list[tuple[pygame.Rect, pygame.Rect]]:
    return [(a, b) for a, b in itertools.combinations(rects, 2) if a.colliderect(b)]


def _drawn_row(app: object, label: str) -> list[str]:
    """The cells drawn on the line of ``label`` (a row of a table)."""
    texts = app.texts  # type: ignore[attr-defined]
    head = next(t for t in texts if t.text == label)
    return [t.text for t in sorted(texts, key=lambda t: t.rect.left)
            if t is not head and abs(t.rect.centery - head.rect.centery) <= 3]


# -- 1. the balls a scratched break left down are the breaker's --------------

@pytest.mark.parametrize("game, seed, turn, power", (
    ("8-ball", 3, 0.15, 0.7),  # the 4 down, the cue ball after it
    ("9-ball", 3, 0.3, 0.8),  # the 1 down, the cue ball after it
))
def test_the_balls_a_scratched_break_left_down_count_for_the_breaker(
        game: str, seed: int, turn: float, power: float) -> None:
    """The break pots a ball and then the cue ball, and the game is given up:
    the end-of-match table counts the ball for the breaker. 8-ball rule 5
    ("if the cue ball drops on the break, all balls potted stay down, save
    the 8") and 9-ball rule 6 ("balls potted on a foul stay down, save the
    9, which is spotted"), seed 000_a841db6d9a298577.txt; it read 0."""
    from tests.app.test_evening_match import start
    app = make_app()
    try:
        s = start(app, ["Anna", "Boris"], game, {"race_to": 1}, seed=seed)
        key(app, pygame.K_RETURN)  # the cue ball where it is offered
        s.aim = s.aim.turned(turn).with_power(power)
        key(app, pygame.K_SPACE)
        run_until(app, lambda: bool(s.shots) and app.mode is not None and
                  app.mode.name != "playing", limit=6000)
        brk, ruling = s.shots[0]
        assert [f.code.id for f in ruling.fouls] == ["foul.scratch"]
        down = [b for e in brk.events if e.kind.value == "pocketed"
                for b in e.balls if b not in (0, 8, 9)]
        assert down and not ruling.scored
        breaker = ruling.shooter
        while app.dialogs:
            key(app, pygame.K_ESCAPE)
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_4)  # Concede the game
        key(app, pygame.K_1)  # yes
        frame(app, n=3)
        assert s.over and app.dialogs and app.dialogs[-1].kind == "gameover"
        row = _drawn_row(app, app.t("evening.stat_balls"))
        want = ["0", "0"]
        want[breaker] = str(len(down))
        assert row == want, row
    finally:
        pygame.display.quit()
