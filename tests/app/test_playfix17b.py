"""Play-test 17: the aim a player set is not turned by the mouse on its way
to a pull's press; the hint's message stays off the table; the key line
during 9-ball's push-out choice and the ruling column after an undo."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.loop.app import App
from tests.app.helpers import (
    click,
    drawn_lines,
    drawn_words,
    frame,
    key,
    make_app,
    move,
    scenario_match,
)
from tests.app.scenes import LANGS

BALLS = {0: (0.9, 0.62), 1: (1.6, 0.55), 2: (1.9, 0.9), 9: (2.1, 0.3)}


def _point(mode, x: float, y: float) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    p = mode.scene.view.to_screen(x, y)
    return int(p[0]), int(p[1])


# -- 1. a press away from the aim line keeps the aim set ----------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_pull_begun_away_from_a_fine_aim_strikes_along_it(lang: str) -> None:
    """The mouse points the cue at the 1, Right turns it a little (fine
    aim); the hand then goes down the table to a spot far off the aim line,
    presses there and pulls back: the stroke goes along the fine aim (the
    mouse turned the cue to the press point, and a break went into a corner
    pocket). The key line says the aim is held."""
    app = make_app(lang)
    try:
        mode = scenario_match(app, "9-ball", BALLS)
        s = app.session
        move(app, _point(mode, 1.6, 0.55))
        for _ in range(4):
            key(app, pygame.K_RIGHT)
        aimed, power = s.aim.angle, s.aim.power
        frame(app)
        assert app.t("hint.aim_kept") in drawn_lines(app)
        # The hand travels to where the pull begins, far off the aim's line.
        press = _point(mode, 1.2, 0.15)
        for f in (0.25, 0.5, 0.75, 1.0):
            move(app, (press[0] * f + 400 * (1 - f), press[1] * f + 300 * (1 - f)))
        assert s.aim.angle == aimed
        a = math.radians(aimed)
        back = mode.scene.view.px(0.3)
        end = (int(press[0] - back * math.cos(a)), int(press[1] + back * math.sin(a)))
        frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=press, button=1))
        move(app, ((press[0] + end[0]) / 2, (press[1] + end[1]) / 2), held=True)
        move(app, end, held=True)
        frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        assert app.mode is not None and app.mode.name == "playing", app.mode
        stroke = app.mode.stroke  # type: ignore[attr-defined]
        assert stroke.direction == pytest.approx(s.aim.stroke().direction, abs=1e-9)
        assert s.aim.angle == aimed
        assert s.aim.power != power  # the pull's
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_click_after_a_fine_aim_aims_with_the_mouse_again(lang: str) -> None:
    """A click on the table (no pull) means "aim here": the cue turns to
    the click and follows the mouse again; F1 says how the aim is held."""
    app = make_app(lang)
    try:
        mode = scenario_match(app, "9-ball", BALLS)
        s = app.session
        key(app, pygame.K_LEFT)
        held = s.aim.angle
        move(app, _point(mode, 1.5, 1.0))
        assert s.aim.angle == held
        click(app, _point(mode, 1.5, 1.0))
        assert s.aim.angle != held
        frame(app)
        assert app.t("hint.aim") in drawn_lines(app)
        before = s.aim.angle
        move(app, _point(mode, 1.9, 0.2))
        assert s.aim.angle != before
        key(app, pygame.K_F1)
        held_row = app.t("help.aiming").split("\n")[-1]
        assert held_row.split(" — ")[1][:30] in drawn_words(app)
    finally:
        pygame.display.quit()


# -- 2. the hint's message stays off the table --------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", ((1280, 720), (800, 500), (1920, 1080)))
def test_the_hint_taken_message_leaves_the_table_clear(
        size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """I, I at a 9-ball break: the message that the hint's aim is held goes
    under the table, beside the "break shot" chip and above the keys' line
    (raised above the chip it covered the bottom rail and a pocket)."""
    from simulator.app.match import computer
    from tests.app.helpers import run_until
    from tests.app.test_computer import start
    from tests.app.test_layout import table_rect
    monkeypatch.setattr(computer, "HINT_STRENGTH", "beginner")
    app = make_app(lang, size)
    try:
        s = start(app, ["Anna", "Boris"], "9-ball", {"race_to": 3, "first_breaker": 0})
        key(app, pygame.K_i)
        run_until(app, lambda: s.hint is not None, limit=20000)
        key(app, pygame.K_i)
        assert app.t("strip.break") in drawn_lines(app)
        message = [r for name, r in app.panels if name == "message"]
        assert len(message) == 1
        table = table_rect(app)
        assert table is not None and not message[0].colliderect(table), \
            (message, table)
        words = " ".join(t.shown for t in app.texts if message[0].contains(t.rect))
        assert app.t("hint.taken").split()[-1] in words
    finally:
        pygame.display.quit()


# -- 3. the key line under a choice; the ruling column after an undo ----------

def _push_out_choice(app: App) -> None:
    """9-ball rule 5: after Boris's push-out, Anna's choice is asked."""
    from simulator.app.table.aim import angle_to
    from tests.app.helpers import click_button, run_until
    from tests.app.test_flow import after_break
    after_break(app, "9-ball", lambda r: "push_out" in r.allowed_declarations
                and r.ball_in_hand.value == "none" and not r.pending)
    s = app.session
    assert s is not None
    click_button(app, app.t("panel.push_out"))
    cue = s.cue_pos()
    assert cue is not None
    s.aim = type(s.aim)(angle_to(cue, (s.spec.length / 2, s.spec.width / 2)), 0.12)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: app.mode is not None and app.mode.name != "playing")
    assert s.req is not None and len(s.req.pending) == 2
    # (read: the choice takes no number for ui.FRESH after it comes up)
    from simulator.app.text.ui import FRESH
    from tests.app.helpers import DT
    frame(app, n=int(FRESH / DT) + 2)


@pytest.mark.parametrize("lang", LANGS)
def test_the_key_line_lists_the_keys_of_the_push_out_choice(lang: str) -> None:
    """9-ball rule 5: after Boris's push-out Anna chooses; the key line
    under the table says which keys choose (it was empty)."""
    app = make_app(lang)
    try:
        _push_out_choice(app)
        assert app.t("hint.choice", keys="1/2") in drawn_lines(app)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_esc_under_a_choice_opens_the_menu_and_the_choice_comes_back(
        lang: str) -> None:
    """Anna's choice after a push-out: Esc opens the match's menu (its undo
    and save; Esc did nothing while a player chose), and the menu closed,
    the same choice is asked again, nothing chosen."""
    app = make_app(lang)
    try:
        _push_out_choice(app)
        s = app.session
        assert s is not None
        steps = len(s.match.history)
        assert [d.kind for d in app.dialogs] == ["choice"]
        key(app, pygame.K_ESCAPE)
        frame(app, n=2)
        assert [d.kind for d in app.dialogs] == ["pause"]
        assert app.t("panel.undo") in [b.label for b in app.dialogs[-1].buttons]
        key(app, pygame.K_ESCAPE)
        frame(app, n=2)
        assert [d.kind for d in app.dialogs] == ["choice"]
        assert len(s.match.history) == steps and s.req is not None and s.req.pending
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_persons_choice_is_said_in_the_column_after_it(lang: str) -> None:
    """Anna answers Boris's push-out by handing the shot back (key 2): the
    side column says who chose what under which rule and who shoots now,
    with the push-out it answered (it was empty)."""
    app = make_app(lang)
    try:
        _push_out_choice(app)
        s = app.session
        assert s is not None
        chooser = s.req.chooser if s.req.chooser is not None else s.req.shooter
        # said of the chooser in the third person (the button says "I")
        from simulator.app.text.words import choice_rule, chosen_label
        c = s.req.pending[1]
        label = chosen_label(s.locale, c, s.name(chooser),
                             choice_rule(s.discipline, c, s.last_ruling))
        key(app, pygame.K_2)
        frame(app, n=3)
        assert not app.dialogs and s.banner is not None
        assert s.banner.title in (label, app.t("cpu.chooses", name=s.name(chooser),
                                               choice=label))
        side = app.layout.side
        drawn = " ".join(t.shown for t in app.texts if side.colliderect(t.rect))
        assert s.name(chooser) in drawn and label.split()[0] in drawn, drawn
        assert app.t("banner.next", name=s.name(s.req.shooter)).split(",")[0] \
            .split()[0] in drawn
    finally:
        pygame.display.quit()


def _stroke(app, s) -> None:  # type: ignore[no-untyped-def]
    """The mouse points the cue at the lowest ball; Space strikes; the next
    turn comes."""
    from tests.app.helpers import run_until
    steps = len(s.match.history)
    lowest = min(b for b in s.table.on_table() if b != 0)
    move(app, _point(app.mode, *s.table.position(lowest)))
    key(app, pygame.K_SPACE)
    run_until(app, lambda: len(s.match.history) > steps and app.mode is not None
              and app.mode.name in ("aiming", "placing"), limit=1500)


@pytest.mark.parametrize("lang", LANGS)
def test_after_an_undo_the_column_shows_the_ruling_now_last(lang: str) -> None:
    """Anna plays, Boris plays, Boris takes his stroke back (U): the side
    column shows Anna's stroke's ruling, which gave this position (it was
    empty); undone again, it says the table is as before the stroke."""
    app = make_app(lang)
    try:
        scenario_match(app, "9-ball", BALLS)
        s = app.session
        _stroke(app, s)
        first = s.banner
        assert first is not None and s.req is not None and s.req.shooter == 1
        _stroke(app, s)
        assert s.banner is not None and s.banner.title != first.title
        key(app, pygame.K_u)
        frame(app)
        assert s.req is not None and s.req.shooter == 1
        assert first.title in drawn_words(app, "side")
        key(app, pygame.K_u)
        frame(app)
        words = drawn_words(app, "side")
        assert app.t("undo.as_before") in words
        assert app.t("banner.next", name="Anna") in words
    finally:
        pygame.display.quit()
