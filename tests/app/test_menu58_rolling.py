"""The match menu opened while a stroke rolls (Esc): an entry that leaves
the table or writes the match plays the stroke out and has it judged first.
Left for the replay or the help, the rolling stroke was dropped: back at the
table the same player struck again from the position before it."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.screens.playing import PlayMode
from tests.app.helpers import click_button, frame, key, make_app, to_the_break


@pytest.mark.parametrize("entry", ["help.title", "pause.save", "menu.main"])
def test_an_entry_that_leaves_the_roll_judges_the_stroke_first(entry: str) -> None:
    """8-ball between two people: Anna's break rolls, Esc opens the match
    menu, and Help, Save or Main menu is chosen. The break is in the match
    (its step, its shot, Anna's turn over or on by the ruling) before the
    screen changes, so nothing brings the position before it back."""
    app = make_app("en")
    app.settings.quick_rollout = False
    try:
        s = to_the_break(app, ["Anna", "Boris"], "8-ball", {"race_to": 2})
        before = s.match.table()
        key(app, pygame.K_SPACE)  # the break
        frame(app, n=2)
        play = app.mode
        assert isinstance(play, PlayMode) and not play.finished
        assert not s.match.history
        key(app, pygame.K_ESCAPE)
        frame(app, n=2)
        click_button(app, app.t(entry))
        frame(app, n=2)
        assert play.finished
        assert [h.get("type") for h in s.match.history] == ["shot"]
        assert len(s.shots) == 1
        assert s.match.table() != before  # (the rack was broken)
    finally:
        pygame.display.quit()
