"""The hint's progress on a full pyramid comes to its end when the hint
appears: it counts the budget the search spends, balls set moving too."""

from __future__ import annotations

import re

import pygame
import pytest

from tests.app.helpers import DT, key, make_app, scenario_match


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_hints_progress_on_a_full_pyramid_reaches_its_end(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Express's full pyramid, not a break: the search ends when its
    simulations have set HINT_MOVES balls moving, a quarter of its
    simulations, and the column counted simulations alone: the hint came
    at 27 %. The shown count rises and comes near 100 %."""
    from rules.referee import Match
    from simulator.app.match import computer
    # One simulation a frame: every count is drawn.
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    rack = Match(["A", "B", "C"], "express", {}, seed=1).table()
    balls = {b.ball: (b.x, b.y) for b in rack.balls}
    assert len(balls) == 16
    app = make_app(lang)
    try:
        scenario_match(app, "express", balls, players=3)
        s = app.session
        assert s is not None and s.req is not None and not s.req.is_break
        head = app.t("hint.progress", p=0, n=0).split("0")[0].strip()
        button = app.t("hint.searching_button", p=0).split("0")[0].strip()
        key(app, pygame.K_i)
        seen: list[int] = []
        while s.hint_job is not None:
            side = app.layout.side
            words = " ".join(r.text for r in app.texts
                             if side.contains(r.rect) and r.text)
            m = re.search(re.escape(head) + r"\D*(\d+)\s?%", words) or \
                re.search(re.escape(button) + r"\D*(\d+)\s?%", words)
            if m is not None:
                seen.append(int(m.group(1)))
            app.frame(pygame.event.get(), DT)
        assert s.hint is not None and s.hint.given_up is None
        assert len(seen) > 10 and seen == sorted(seen), seen
        assert seen[-1] >= 90, seen
    finally:
        pygame.display.quit()
