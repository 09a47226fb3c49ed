"""What play-test 28 found: the match replay opened at 1/2 where a class
watches at 1/4 (a key each time); in the referee quiz the stroke played on
under the answer page, and a break's trails covered the whole table."""

from __future__ import annotations

import pygame
import pytest

from rules.questions import first_contact
from simulator.app.loop.settings import load_settings, settings_path
from tests.app.helpers import frame, key, make_app, quiz_on, quiz_ready
from tests.app.test_replay20 import group_shot_played


def _lit_speed(app: object) -> list[str]:
    """The replay's speed buttons lit on screen, by their labels."""
    mode = app.mode  # type: ignore[attr-defined]
    return [b.label for b in mode._buttons
            if b.ident.startswith("speed") and b.selected]


def test_the_match_replay_opens_at_the_speed_chosen_last() -> None:
    """R after a shot: 1/4 the first time; 1x chosen, closed and opened
    again: 1x, and the settings keep it for the next session."""
    app = make_app("en")
    try:
        group_shot_played(app)
        key(app, pygame.K_r)
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == "replay"
        assert _lit_speed(app) == ["1/4"]
        assert app.mode.playback.speed == 0.25  # type: ignore[attr-defined]
        key(app, pygame.K_3)
        frame(app, n=2)
        assert _lit_speed(app) == ["1×"]
        key(app, pygame.K_ESCAPE)
        frame(app, n=3)
        assert app.mode is not None and app.mode.name != "replay"
        key(app, pygame.K_r)
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == "replay"
        assert _lit_speed(app) == ["1×"]
        assert app.mode.playback.speed == 1.0  # type: ignore[attr-defined]
        assert load_settings(settings_path())[0].replay_speed == 1.0
        assert not app.errors
    finally:
        pygame.display.quit()


# -- 2. the quiz: the stroke at rest after an answer; the trails in focus ----------

BREAK = "9ball-break-not-one"


def test_after_an_answer_the_quiz_stroke_stands_at_its_end() -> None:
    """An answer pressed while the break still rolls is refused (the stroke
    plays on); seen to its end (Space) and answered, the page of the grade
    comes up over the balls at rest (where the stroke ended); frames go on
    and nothing moves."""
    app = make_app("en")
    try:
        mode = quiz_on(app, BREAK, frames=70)  # past the guard, mid-stroke
        assert mode.player is not None and not mode.player.done
        key(app, pygame.K_1)
        frame(app, n=2)
        assert mode.phase == "asking" and not mode.grades
        assert not mode.player.done
        quiz_ready(app)
        key(app, pygame.K_1)
        frame(app, n=2)
        assert mode.phase == "answered"
        at = dict(mode.ball_positions())
        final = {b.ball: (b.x, b.y) for b in mode.shot.final.balls
                 if mode.shot.final.position(b.ball) is not None}
        for b, (x, y) in final.items():
            assert at[b][:2] == pytest.approx((x, y), abs=1e-6), b
        frame(app, n=60)
        assert dict(mode.ball_positions()) == at
        assert not app.errors
    finally:
        pygame.display.quit()


def _trail_hits(app: object, mode: object, ball: int) -> int:
    """How many sample points along the middle of ``ball``'s trail show
    the ball's own trail colour (at or next to the point), in the last
    frame drawn."""
    from simulator.app.replay.table_marks import ball_colour
    marks = mode.show.marks  # type: ignore[attr-defined]
    colour = ball_colour(marks.spec, ball)
    pts = marks.trail(ball)
    view = mode.view  # type: ignore[attr-defined]
    screen = app.screen  # type: ignore[attr-defined]
    hits = 0
    for x, y in pts[len(pts) * 3 // 10: len(pts) * 7 // 10: 3]:
        sx, sy = view.to_screen(x, y)
        if any(tuple(screen.get_at((round(sx) + dx, round(sy) + dy)))[:3] == colour
               for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
            hits += 1
    return hits


def test_the_quiz_draws_the_other_balls_trails_faint() -> None:
    """The break at its end: the cue ball's trail in its full colour, the
    balls it did not touch first only faintly (no point of their paths in
    their full colour), but those that left the bed (pocketed, off the
    table): their paths to the pocket are drawn whole, the potted 8's a
    hairline otherwise."""
    app = make_app("en")
    try:
        mode = quiz_on(app, BREAK, frames=2)
        key(app, pygame.K_SPACE)  # the stroke to its end
        frame(app, n=3)
        assert mode.show is not None and mode.player is not None and mode.player.done
        spec = mode.show.marks.spec
        cue = spec.balls.cue_ball
        hit = first_contact(mode.shot.events, cue)
        assert hit is not None
        from simulator.table.state import Where
        on_bed = {b.ball for b in mode.shot.final.balls if b.where is Where.TABLE}
        others = [b for b in mode.show.marks.trails
                  if b not in (cue, hit.ball) and b in on_bed]
        assert others, "a break moves more balls than the cue ball and the first"
        assert _trail_hits(app, mode, cue) >= 3
        assert [b for b in others if _trail_hits(app, mode, b) > 0] == []
        assert not app.errors
    finally:
        pygame.display.quit()
