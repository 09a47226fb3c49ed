"""A half-made call never blocks the stroke; the gallery's replays show no
dummy scoreboard; a shown hint is the only aim line drawn."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.aiming import AimMode
from simulator.app.screens.playing import PlayMode
from simulator.app.text.words import discipline_label
from tests.app.helpers import (
    click,
    frame,
    gallery_index,
    key,
    make_app,
    move,
    open_gallery,
    quiz_on,
    run_until,
    scenario_match,
)
from tests.app.test_flow import pull_back_shot

LANGS = ["en", "ru"]


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("ru", (800, 500))])
def test_a_pocket_clicked_alone_is_said_and_the_pull_still_strikes(
        lang: str, size: tuple[int, int]) -> None:
    """8-ball 2: a call is a ball and a pocket; a shot without one is
    allowed, a ball it pots is simply not a legal pot. A click on a pocket
    (meant to aim) called it: the player is told at once what comes next and
    how to clear it; the pull after it strikes, with the half call dropped
    and said (it did nothing, a red "call needed" badge the only sign)."""
    app = make_app(lang, size)
    mode = scenario_match(app, "8-ball", {0: (0.6, 0.7), 1: (1.4, 0.7),
                                          3: (2.0, 1.0), 9: (2.3, 0.3)})
    s = app.session
    assert s is not None
    t = app.t
    view = mode.scene.view
    side = s.spec.pocket("side_right")
    click(app, view.to_screen(*side.mouth_centre))
    assert s.call == (None, "side_right")
    pocket = t("pocket.side_right")
    assert app.toast is not None
    assert app.toast[0] == t("call.pocket_first", pocket=pocket)
    assert "C" in app.toast[0]
    pull_back_shot(app, (1.4, 0.7))
    assert isinstance(app.mode, PlayMode), "the pull strikes"
    decl = app.mode.decl
    assert (decl.called_ball, decl.called_pocket) == (None, None)
    assert app.toast is not None
    assert t("call.dropped_pocket", pocket=pocket) in app.toast[0]
    assert t("evening.no_call") in app.toast[0]
    frame(app)


@pytest.mark.parametrize("lang", LANGS)
def test_a_ball_called_without_its_pocket_is_dropped_and_the_pull_strikes(
        lang: str) -> None:
    """8-ball 2: the 3 clicked (a ball of the group), no pocket: the pull
    plays the stroke uncalled and says the call was dropped and why."""
    app = make_app(lang)
    mode = scenario_match(app, "8-ball", {0: (0.6, 0.7), 1: (1.4, 0.7),
                                          3: (2.0, 1.0), 9: (2.3, 0.3)})
    s = app.session
    assert s is not None
    t = app.t
    click(app, mode.scene.view.to_screen(2.0, 1.0))
    assert s.call == (3, None)
    pull_back_shot(app, (1.4, 0.7))
    assert isinstance(app.mode, PlayMode), "the pull strikes"
    decl = app.mode.decl
    assert (decl.called_ball, decl.called_pocket) == (None, None)
    assert app.toast is not None
    assert app.toast[0].startswith(t("call.dropped_ball", ball=3))


def top_words(app: App) -> list[str]:
    """The words drawn in the band above the table."""
    top = app.mode.layout.top  # type: ignore[union-attr]
    return [t.text for t in app.texts if top.contains(t.box)]


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("ru", (800, 500))])
def test_the_gallery_replay_shows_the_games_name_only(
        lang: str, size: tuple[int, int]) -> None:
    """A foul shown to a class: above the table its place in the list, the
    game's name and the situation's title, not two dummy players "Player 1 /
    Player 2" nor "race to 5 · game 1"."""
    app = make_app(lang, size)
    i = gallery_index("gallery-nine-wrong-ball")
    open_gallery(app, i)
    frame(app, n=2)
    title = app.mode.entry.scenario.title.get(lang)  # type: ignore[union-attr]
    n = len(app.mode.all)  # type: ignore[union-attr]
    assert top_words(app) == [
        f"{i + 1}/{n} · {discipline_label(app.locale, '9-ball')} · {title}"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_quiz_scene_has_no_race_nor_game_number(lang: str) -> None:
    """A quiz's situation is no match: no race and game number above it
    (its cards stay: the fouls in a row are part of the question)."""
    app = make_app(lang)
    mode = quiz_on(app, "9ball-break-not-one", frames=2)
    s = mode.session
    assert s is not None
    race = s.scoreboard()[1][1]  # what a match would say in the centre
    words = top_words(app)
    assert discipline_label(app.locale, "9-ball") in words
    assert race not in words, words


BRIGHT = (235, 235, 220)  # the aim line's dashes


def aim_line_pixels(app: App, colour: tuple[int, int, int]) -> int:
    """Pixels of ``colour`` along the player's own aim line (its middle
    part, off the balls), in the last frame drawn."""
    mode = app.mode
    assert isinstance(mode, AimMode)
    cue, g = mode.cue(), mode.guide()
    assert cue is not None and g is not None
    view = mode.scene.view
    (ax, ay), (bx, by) = view.to_screen(*cue), view.to_screen(*g.end)
    seen = set()
    for i in range(20, 81):
        x, y = ax + (bx - ax) * i / 100, ay + (by - ay) * i / 100
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                p = (round(x) + dx, round(y) + dy)
                if tuple(app.screen.get_at(p))[:3] == colour:
                    seen.add(p)
    return len(seen)


def hint_over_own_aim(app: App) -> AimMode:
    """8-ball: the player aims into open cloth (their line drawn in full)
    and asks for a hint; the frame after the hint is shown."""
    mode = scenario_match(app, "8-ball", {0: (0.6, 0.7), 1: (1.4, 0.7),
                                          3: (2.0, 1.0), 9: (2.3, 0.3)})
    s = app.session
    assert s is not None
    move(app, mode.scene.view.to_screen(0.25, 0.3))
    frame(app, n=2)
    assert aim_line_pixels(app, BRIGHT) > 10
    key(app, pygame.K_i)
    run_until(app, lambda: s.hint is not None, limit=4000)
    frame(app, n=2)
    assert app.mode is mode and s.hint is not None
    return mode


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("ru", (800, 500))])
def test_a_shown_hint_hides_the_players_own_aim_line(
        lang: str, size: tuple[int, int]) -> None:
    """The player aims into open cloth and asks for a hint: while the hint's
    path is shown their own aim line is not drawn (beside the hint's path,
    even dimmed, two lines confused); once taken, the aim line is the
    hint's and drawn in full."""
    app = make_app(lang, size)
    hint_over_own_aim(app)
    assert aim_line_pixels(app, BRIGHT) == 0, "the old aim is hidden"
    key(app, pygame.K_i)  # taken: the aim is the hint's, drawn in full
    frame(app, n=2)
    assert aim_line_pixels(app, BRIGHT) > 10
