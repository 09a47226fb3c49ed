"""A miscue is said before the stroke and after it (a play-test: the tip
the tip past the 0.5 R miscue limit, as three S presses then put it; only the
diagram's dot went red, the speed read as a full stroke's 2.3 m/s, the cue
ball left weak and aside, and the ruling card said nothing of a miscue in
view)."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from simulator.app.screens.aiming import AimMode
from simulator.app.table.aim import angle_to, power_of
from simulator.app.text import ui
from simulator.table.events import EventKind
from tests.app.helpers import frame, key, make_app, run_until

CUE, EIGHT = (0.07, 1.06), (1.37, 0.985)


def _express_at(app: Any) -> AimMode:
    """Express (three players) with the cue ball and the 8 as in the
    play-test, Anna aiming at the 8 with the screen's power (cue 2.8 m/s)."""
    from rules.referee import Match
    from simulator.app.match.session import Session
    from simulator.practice.scenario import parse_scenario
    balls = {0: CUE, 8: EIGHT, 3: (2.5, 0.5)}
    draft = {"format": "kiy-scenario", "version": 1, "id": "position",
             "discipline": "express", "players": 3,
             "title": {"en": "Position", "ru": "Позиция"},
             "balls": {str(b): list(p) for b, p in balls.items()},
             "state": {"is_break": False}}
    sc = parse_scenario(draft)
    m = Match.from_state(["Anna", "Boris", "Vera"], "express", sc.game, {}, seed=1)
    app.session = Session(m, app.locale)
    app.go("match")
    frame(app)
    s = app.session
    s.aim = s.aim.turned(angle_to(CUE, EIGHT) - s.aim.angle).with_power(power_of(2.8))
    frame(app)
    assert isinstance(app.mode, AimMode)
    return app.mode


def _tip_label(app: Any, mode: AimMode) -> Any:
    tip = mode.scene.panel.tip
    over = [r for r in app.texts if r.box.bottom <= tip.top
            and (r.box.left, r.box.width) == (tip.left, tip.width)]
    assert len(over) == 1, [r.text for r in over]
    return over[0]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_miscue_is_named_over_the_tip_and_on_the_ruling_card(lang: str) -> None:
    app = make_app(lang, (800, 500))
    mode = _express_at(app)
    t = app.t
    key(app, pygame.K_e)
    key(app, pygame.K_e)  # 4 degrees
    for _ in range(3):
        key(app, pygame.K_s)
    frame(app)
    held = _tip_label(app, mode)
    assert held.text == t("panel.tip")  # 0.5 R: the third press stops on the limit
    key(app, pygame.K_s)
    frame(app)
    s = app.session
    assert s.aim.tip_a == 0.0 and s.aim.tip_b == pytest.approx(-0.68)
    label = _tip_label(app, mode)
    assert label.text == t("panel.tip_miscue") and not label.cut
    # Said in red, as the dot and the zone are.
    box = label.rect
    reds = [app.screen.get_at((x, y))[:3] for x in range(box.left, box.right)
            for y in range(box.top, box.bottom)]
    assert any(sum(abs(c - u) for c, u in zip(px, ui.RED, strict=True)) < 60
               for px in reds)
    # The speed is the miscue's weak blow, not a held tip's 2.3 m/s.
    speed = [r.text for r in app.texts if t("panel.power") in r.text]
    assert speed and ("0,8" in speed[0] or "0.8" in speed[0]), speed
    aimed = s.aim.angle
    key(app, pygame.K_SPACE)
    run_until(app, lambda: app.mode.name not in ("aiming", "playing"), limit=2000)
    frame(app, n=3)
    shot = s.shots[-1][0]
    ev = shot.events[0]
    assert ev.kind is EventKind.STROKE and ev.miscue
    sn = ev.snapshots[0]
    heading = math.degrees(math.atan2(sn.vy, sn.vx)) % 360.0
    # No side offset: the weak ball still leaves along the aim.
    assert abs((heading - aimed + 180.0) % 360.0 - 180.0) < 0.01
    # On the card, wrapped over its lines, above the foul it led to.
    assert t("banner.miscue") in " ".join(r.text for r in app.texts)
    first = next(r for r in app.texts if r.text.startswith(t("banner.miscue")[:5]))
    foul = next(r for r in app.texts if r.text.startswith("•"))
    assert first.rect.top < foul.rect.top and not first.cut
    pygame.display.quit()
