"""Keys at the table say what they do: PgUp replays the last shot and goes
back through the match's shots, PgDn says there is no later shot."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.launch import break_shot
from tests.app.helpers import after_the_break, frame, key, make_app


def texts(app) -> str:  # type: ignore[no-untyped-def]
    frame(app)
    return " ".join(t.text for t in app.texts)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_page_up_at_the_table_opens_the_last_shots_replay(lang: str) -> None:
    app = make_app(lang)
    s = after_the_break(app, ["Anna", "Boris"], "14.1", {"target": 50}, seed=3)
    break_shot(app)  # a second shot: there is an earlier one to go back to
    app.go("match")
    frame(app)
    assert app.mode is not None and app.mode.name in ("aiming", "placing")
    table_screen = app.mode.name
    n = len(s.shots)
    assert n >= 2
    key(app, pygame.K_PAGEDOWN)  # nothing later than the table now: said so
    assert app.mode.name == table_screen
    assert app.toast is not None and app.toast[0] == app.t("replay.no_later")
    assert app.t("replay.no_later")[:30] in texts(app)
    key(app, pygame.K_PAGEUP)  # the last shot's replay
    rp = app.mode
    assert rp is not None and rp.name == "replay"
    assert rp.shot_number() == n - 1  # type: ignore[attr-defined]
    assert app.t("replay.which", k=n, n=n) in texts(app)
    key(app, pygame.K_PAGEUP)  # and on back, as inside a replay
    assert rp.shot_number() == n - 2  # type: ignore[attr-defined]
    key(app, pygame.K_PAGEDOWN)
    assert rp.shot_number() == n - 1  # type: ignore[attr-defined]
    # F1 lists it.
    key(app, pygame.K_ESCAPE)
    frame(app, n=2)
    assert app.mode is not None and app.mode.name == table_screen
    key(app, pygame.K_F1)
    (line,) = [ln for ln in app.t("help.match").split("\n") if ln.startswith("PgUp")]
    assert line.split(" — ")[1][:25] in texts(app)
    pygame.display.quit()
