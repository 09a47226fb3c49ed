"""8-ball rule 2, the gentleman's call: "obvious object balls and pockets are
not declared; bank and combination shots are not obvious and must be called,
ball and pocket". A play-tester's plain cut of the 1 at the top right corner,
aimed a hair thin of the pocket's middle, still showed "call needed": the aim
read a pocket only where the ball would drop clean, a window narrower than a
pixel of the mouse. A ball sent at a pocket's opening is its obvious call,
shown as the call and played as one; banks still must be called, and a
call the player makes overrides the one read from the aim."""

from __future__ import annotations

from typing import Any

import pygame

from rules.codes import Note
from simulator.app.loop.app import App
from simulator.app.table.aim import Aim, power_of
from simulator.table.specs import CUE_BALL
from tests.app.helpers import (
    click,
    drawn_words,
    frame,
    make_app,
    scenario_match,
    strike,
)

# Anna (solids) cuts the 1 at the top right corner (foot_left), aimed thin
# of the pocket's middle: the ball's line meets the cushion line past where
# a ball drops clean, yet at this pace it goes in off the jaw.
CUT = {CUE_BALL: (1.4, 0.6), 1: (2.1, 0.85), 3: (0.4, 0.3), 8: (0.4, 1.0),
       12: (0.8, 1.1)}
CUT_AIM = Aim(17.414, power_of(1.5))
# The 1 sent down to the bottom cushion, back up into the top side pocket.
BANK = {CUE_BALL: (0.9365, 0.5942), 1: (1.0, 0.25), 3: (2.0, 1.0), 8: (0.4, 1.0),
        12: (2.2, 0.3)}
BANK_AIM = Aim(280.407, power_of(3.0))


def aim(app: App, a: Aim) -> None:
    s = app.session
    assert s is not None
    s.aim = a
    frame(app)


def side_text(app: App) -> str:
    side = app.mode.layout.side  # type: ignore[union-attr]
    return " ".join(r.text for r in app.texts if side.contains(r.rect))


def codes(r: Any) -> list[Any]:
    """What the ruling said, as its codes (the words the banner shows)."""
    return [o.code for o in r.notes]


def where(app: App, ball: int) -> str | None:
    s = app.session
    assert s is not None
    b = next(x for x in s.table.balls if x.ball == ball)
    return b.pocket


def obvious_words(app: App, ball: int, pocket: str) -> str:
    t = app.t
    return t("call.obvious", ball=ball, pocket=t(f"pocket_into.{pocket}"))


def test_a_thin_cut_at_a_corner_is_its_own_call_and_the_pot_counts() -> None:
    """8-ball rule 2: no click; the call shown, the pot legal, Anna on."""
    app = make_app()
    try:
        mode = scenario_match(app, "8-ball", CUT)
        aim(app, CUT_AIM)
        assert mode.obvious() == (1, "foot_left")
        assert "Call (obvious): 1 in the top right corner pocket" in side_text(app)
        assert obvious_words(app, 1, "foot_left") in side_text(app)
        assert "rule 2" in obvious_words(app, 1, "foot_left")
        assert app.t("strip.call_needed") not in drawn_words(app)
        r = strike(app)
        assert where(app, 1) == "foot_left"
        assert Note.SCORED in codes(r), r.notes
        assert Note.CALL_REQUIRED not in codes(r)
        assert not r.fouls and r.next_shooter == 0  # Anna shoots again
    finally:
        pygame.display.quit()


def test_the_obvious_call_marks_the_pocket_as_a_clicked_one() -> None:
    from simulator.app.screens.aiming import CALL_MARK
    app = make_app()
    try:
        mode = scenario_match(app, "8-ball", CUT)
        aim(app, CUT_AIM)
        view = mode.scene.view
        pk = app.session.spec.pocket("foot_left")  # type: ignore[union-attr]
        cx, cy = view.to_screen(*pk.mouth_centre)
        ring = view.px(pk.mouth_width * 0.7)
        screen = pygame.display.get_surface()
        seen = {tuple(screen.get_at((round(cx + dx * ring), round(cy + dy * ring))))[:3]
                for dx, dy in ((-1, 0), (0, 1), (-0.7071, 0.7071))}
        assert CALL_MARK in seen, seen
    finally:
        pygame.display.quit()


def test_russian_words_of_the_obvious_call_fit_the_small_window() -> None:
    app = make_app("ru", (800, 500))
    try:
        scenario_match(app, "8-ball", CUT)
        aim(app, CUT_AIM)
        words = obvious_words(app, 1, "foot_left")
        assert words.startswith("Заказ (очевидный): 1 в правую верхнюю угловую лузу")
        assert "«Восьмёрка», п. 2" in words.replace("\xa0", " ")
        assert words in side_text(app), side_text(app)
        assert "…" not in side_text(app)
    finally:
        pygame.display.quit()


def test_a_bank_is_not_read_as_a_call_and_its_pot_does_not_count() -> None:
    """8-ball rule 2: a bank must be called; uncalled, its pot is no score."""
    app = make_app()
    try:
        mode = scenario_match(app, "8-ball", BANK)
        aim(app, BANK_AIM)
        assert mode.obvious() is None
        text = side_text(app)
        assert "Call (obvious)" not in text  # no call read for the player
        # (the bank said as the object ball's line into the cushion)
        assert app.t("call.not_obvious") in text or any(
            app.t("call.meets_cushion", ball=b) in text for b in range(1, 16)), text
        assert app.t("strip.call_needed") in drawn_words(app)
        r = strike(app)
        assert where(app, 1) == "side_left"  # it went in, off the cushion
        assert Note.CALL_REQUIRED in codes(r), r.notes
        assert Note.SCORED not in codes(r)
        assert r.next_shooter == 1  # Boris to shoot
    finally:
        pygame.display.quit()


def test_a_call_clicked_to_another_pocket_overrides_the_obvious_one() -> None:
    app = make_app()
    try:
        mode = scenario_match(app, "8-ball", CUT)
        aim(app, CUT_AIM)
        assert obvious_words(app, 1, "foot_left") in side_text(app)
        view = mode.scene.view
        s = app.session
        assert s is not None
        one = s.table.position(1)
        assert one is not None
        click(app, view.to_screen_i(*one))
        click(app, view.to_screen_i(*s.spec.pocket("foot_right").mouth_centre))
        assert s.aim.angle == CUT_AIM.angle  # the clicks left the aim
        t = app.t
        assert t("call.made", ball=1, pocket=t("pocket_into.foot_right")) in side_text(app)
        assert "Call (obvious)" not in side_text(app)
        r = strike(app)
        assert where(app, 1) == "foot_left"  # not where it was called
        assert Note.SCORED not in codes(r), r.notes
        assert r.next_shooter == 1
    finally:
        pygame.display.quit()
