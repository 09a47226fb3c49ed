"""The cue raised over a ball the stick would lie on, as a player meets it
at the table: the strip's words pulled back at 800x500 were cut before
their figure ("...raises the cue to" and no number); the gauge said 8°
while the strip said 7.5°; the gauge fell to 0° while the raised stroke
rolled. Driven through the window's loop, both languages."""

from __future__ import annotations

import re

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.aiming import AimMode
from tests.app.helpers import frame, key, make_app, move, run_until, scenario_match
from tests.app.test_playfix18c import back
from tests.app.test_pull_back import press

R = 0.028575
SIZES = [(800, 500), (1100, 650), (1280, 720)]


def _raised(app: App, behind: float = 0.35) -> AimMode:
    """Anna (8-ball, no call made) aims along the table, the 3 ``behind``
    metres back under the stick: the stroke is played with the cue raised."""
    cue = (1.0, 0.6)
    mode = scenario_match(app, "8-ball", {0: cue, 3: (cue[0] - behind, cue[1]),
                                          11: (2.0, 0.3), 8: (2.2, 1.0)})
    move(app, mode.scene.view.to_screen(1.8, 0.6))
    frame(app, n=2)
    assert mode.stick_rests_on() == [3]
    return mode


def _strip_texts(app: App) -> list[tuple[str, str]]:
    strip = app.mode.layout.strip  # type: ignore[union-attr]
    return [(t.text, t.shown) for t in app.texts if strip.colliderect(t.rect)]


def _gauge_figure(app: App) -> str:
    label = app.t("panel.elevation") + ": "
    (shown,) = [t.shown for t in app.texts if t.shown.startswith(label)]
    return shown[len(label):]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_raised_cue_figure_is_seen_while_pulling_back(
        lang: str, size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    try:
        mode = _raised(app)
        press(app, back(app, 0.02))
        move(app, back(app, 0.1), held=True)
        assert mode.drag_from is not None  # pulling back
        said = [(text, shown) for text, shown in _strip_texts(app)
                if str(3) in text and "°" in text]
        assert said, _strip_texts(app)
        (figure,) = re.findall(r"\d+(?:[.,]\d+)?°", said[0][0])
        need = mode.elevation_to_clear()
        assert figure.rstrip("°").replace(",", ".").startswith(str(int(need)))
        assert figure in said[0][1], said  # shown, not cut off the end
    finally:
        pygame.display.quit()


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("ru", (800, 500))])
def test_the_gauge_the_strip_and_the_message_say_one_figure(
        lang: str, size: tuple[int, int]) -> None:
    """The 3 32 cm back is cleared at 7.5°: the gauge rounded it to 8° as
    the strip said 7.5°. One figure, a whole degree, is played and said."""
    app = make_app(lang, size)
    try:
        mode = _raised(app, behind=0.32)
        need = mode.elevation_to_clear()
        gauge = _gauge_figure(app)
        strip = [text for text, _shown in _strip_texts(app) if "°" in text]
        assert strip, _strip_texts(app)
        (figure,) = re.findall(r"\d+(?:[.,]\d+)?°", strip[0])
        assert gauge == figure, (gauge, strip)
        assert mode.stroke_aim().elevation == pytest.approx(need)
        assert f"{app.locale.num(need, 0)}°" == figure
        s = app.session
        assert s is not None
        shots = len(s.match.history)
        frame(app, n=70)
        key(app, pygame.K_SPACE)
        frame(app)
        assert app.mode is not None and app.mode.name == "playing"
        assert app.mode.stroke.elevation == pytest.approx(need)  # type: ignore[attr-defined]
        assert app.toast is not None and figure in app.toast[0], app.toast
        assert re.findall(r"\d+(?:[.,]\d+)?°", app.toast[0]) == [figure]
        assert len(s.match.history) == shots
    finally:
        pygame.display.quit()


@pytest.mark.parametrize(("lang", "size"), [("en", (1100, 650)), ("ru", (800, 500))])
def test_the_gauge_keeps_the_raised_stroke_until_the_balls_stop(
        lang: str, size: tuple[int, int]) -> None:
    """The gauge fell to 0° as the raised stroke rolled: it shows the
    elevation the stroke was played at until the balls stop, then the
    player's own again."""
    app = make_app(lang, size)
    try:
        mode = _raised(app)
        figure = f"{app.locale.num(mode.elevation_to_clear(), 0)}°"
        assert _gauge_figure(app) == figure != "0°"
        frame(app, n=70)
        key(app, pygame.K_SPACE)
        seen: list[str] = []

        def rolled() -> bool:
            if app.mode is None or app.mode.name != "playing":
                return True
            frame(app)
            if app.mode.name == "playing" and not app.mode.finished:  # type: ignore[attr-defined]
                seen.append(_gauge_figure(app))
            return False
        run_until(app, rolled, limit=6000)
        assert len(seen) > 10 and set(seen) == {figure}, seen
        s = app.session
        assert s is not None and s.aim.elevation == 0.0
        frame(app, n=2)
        # (Boris's turn, the cue ball in his hand: a gauge drawn says his own)
        label = app.t("panel.elevation") + ": "
        assert all(t.shown == label + "0°" for t in app.texts
                   if t.shown.startswith(label))
    finally:
        pygame.display.quit()
