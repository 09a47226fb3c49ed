"""Play-test 17: the ruling cards and replays say why and read whole."""

from __future__ import annotations

import pygame
import pytest

from rules.questions import facts
from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from tests.app.helpers import frame, key, make_app, run_until
from tests.app.scenes import LANGS, SIZES


def drawn(app: App) -> str:
    """The frame's words as a player reads them, however the lines wrap."""
    return " ".join(" ".join(t.text for t in app.texts).split())


def soft_break(app: App, game: str, power: float) -> Session:
    """Anna breaks softly against Boris; the frame then shows the ruling."""
    opts: dict[str, object] = {"target": 5} if game == "14.1" else {"race_to": 1}
    app.session = s = Session.new(["Anna", "Boris"], game, opts, app.locale, seed=5)
    next_step(app)
    frame(app)
    run_until(app, lambda: app.mode is not None and app.mode.name in (
        "placing", "aiming"), limit=4000)
    if app.mode.name == "placing":
        key(app, pygame.K_RETURN)
    s.aim = s.aim.with_power(power)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: app.mode.name not in ("playing", "aiming"), limit=6000)
    frame(app, n=30)
    return s


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_an_illegal_break_says_how_many_balls_reached_a_rail(
        lang: str, size: tuple[int, int]) -> None:
    """8-ball 5: a soft break that drives two object balls to a cushion and
    pockets none: the card says so against the four the rule needs, and
    every line of it is whole."""
    app = make_app(lang, size)
    s = soft_break(app, "8-ball", 0.3)
    shot, ruling = s.shots[-1]
    assert [f.code.id for f in ruling.fouls] == ["foul.illegal_break"]
    n = len(facts(shot).cushion_balls)
    assert n == 2 and not facts(shot).potted_objects
    said = {"en": "Foul: illegal break — 2 object balls reached a rail, 4 are "
                  "needed, none pocketed (8-ball rule 5)",
            "ru": "Фол: неправильное разбитие — 2 прицельных шара дошли до "
                  "борта, нужно 4, ни один шар не забит («Восьмёрка», п. 5)"}[lang]
    assert said in drawn(app), drawn(app)
    assert not [t.text for t in app.texts if t.cut]
    pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_14_1_illegal_break_names_the_cue_ball_too(lang: str) -> None:
    """14.1 6: two object balls and the cue ball must reach a cushion (or
    the called ball drop); with two there but not the cue ball the card says
    the cue ball did not, and what the rule needs."""
    app = make_app(lang, (800, 500))
    s = soft_break(app, "14.1", 0.3)
    shot, _ruling = s.shots[-1]
    f = facts(shot)
    assert len(f.object_balls_to_rail()) == 2 and 0 not in f.rails_after_hit
    said = {"en": "Foul: illegal break — 2 object balls reached a rail, the cue "
                  "ball did not; 2 and the cue ball are needed, or the called "
                  "ball pocketed (14.1 rule 6)",
            "ru": "Фол: неправильное разбитие — 2 прицельных шара дошли до "
                  "борта, биток не дошёл; нужно 2 и биток или забить "
                  "заказанный шар («14.1 с продолжением», п. 6)"}[lang]
    assert said in drawn(app), drawn(app)
    pygame.display.quit()
