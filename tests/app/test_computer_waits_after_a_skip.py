"""Against the computer a person's own foul waits for their Continue (the
computer waits): the Space that skipped their rolling balls, and a second
tap as the card comes up, do not read it for them, however slow the frame
that played the skipped stroke to its end."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match import computer
from simulator.app.screens.computer_turn import ComputerMode
from simulator.app.table.aim import Aim
from tests.app.helpers import DT, computer_match_at, frame, make_app

SLOW = 0.6  # s, the frame that plays the skipped stroke to its end and judges it


def _key(kind: int, k: int) -> pygame.event.Event:
    return pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0)


def _annas_foul_skipped_slowly(app: App, k: int) -> ComputerMode:
    """9-ball against the computer: Anna strikes the cue ball away from the
    1 (general rule 16, 9-ball rule 7: a foul; 9-ball rule 6: the computer
    plays from hand), skips her rolling balls with ``k``, and the frame
    that plays them out is slow."""
    draft = {"format": "kiy-scenario", "version": 1, "id": "skip-wait",
             "discipline": "9-ball", "title": {"en": "Skip", "ru": "Пропуск"},
             "state": {"is_break": False},
             "balls": {"0": [0.6, 0.6], "1": [1.2, 0.62], "9": [2.2, 0.4]}}
    s = computer_match_at(app, draft, ["Anna", "cpu:club"])
    s.aim = Aim(180.0, 0.15)
    frame(app, n=30)
    frame(app, _key(pygame.KEYDOWN, pygame.K_SPACE))
    frame(app, _key(pygame.KEYUP, pygame.K_SPACE))
    assert app.mode is not None and app.mode.name == "playing"
    frame(app, n=3)
    frame(app, _key(pygame.KEYDOWN, k))
    app.frame([_key(pygame.KEYUP, k)], DT, SLOW)
    mode = app.mode
    assert isinstance(mode, ComputerMode) and mode.phase == "waiting", mode
    return mode


@pytest.mark.parametrize("lang,k", [("en", pygame.K_SPACE), ("ru", pygame.K_RETURN)])
def test_a_second_tap_after_a_slow_skip_does_not_read_ones_own_foul(
        lang: str, k: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The time the skipped stroke took to compute was counted as the card
    on show: a second tap just after read Anna's foul and the computer
    played on before she saw it. Only a press after the guard reads it."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang)
    try:
        mode = _annas_foul_skipped_slowly(app, k)
        frame(app, _key(pygame.KEYDOWN, k))
        frame(app, _key(pygame.KEYUP, k))
        frame(app)
        assert app.mode is mode and mode.phase == "waiting", \
            "a tap meant for the skip read Anna's own foul"
        assert app.toast is not None and app.toast[0] == app.t("common.key_too_soon")
        frame(app, n=40)  # (past the guard: Anna's own Continue)
        frame(app, _key(pygame.KEYDOWN, k))
        frame(app, _key(pygame.KEYUP, k))
        assert mode.phase != "waiting"
        assert not app.errors
    finally:
        pygame.display.quit()
