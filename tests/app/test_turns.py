"""The turn flow as a player meets it: after every kind of ruling the window
names the player the referee named (the side column and the scoreboard),
offers what the referee offers (ball in hand, a choice) and lets exactly
that player play the next shot.

Every recorded stroke of the practice library (legal pots, misses, safeties,
fouls with ball in hand, push-outs, illegal breaks, Express fouls, choices
and signatures) is played through the window from its position, and the
next step is taken through the window as a player would."""

from __future__ import annotations

import math

import pygame
import pytest

from rules.referee import Match
from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.practice.library import library
from tests.app.helpers import (
    DT,
    click_button,
    foul_waits,
    frame,
    key,
    make_app,
    move,
    read_ruling,
    run_until,
)

NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Zoya", "Ilya")


def scenario_ids() -> list[str]:
    lib = library()
    return [e.id for e in lib.entries if lib.load(e.id).stroke is not None]


def named(app: App) -> int:
    """The player the referee says acts next (the chooser of a choice)."""
    s = app.session
    assert s is not None
    req = s.match.requirements()
    return req.chooser if req.pending and req.chooser is not None else req.shooter


def check_names(app: App, who: int) -> None:
    """The window names ``who`` in the side column and marks its card."""
    s = app.session
    assert s is not None
    frame(app)
    name = s.names[who]
    req = s.match.requirements()
    side = app.mode.layout.side  # type: ignore[union-attr]
    heads = [r.text for r in app.texts if side.contains(r.rect)]
    want = app.t("side.chooses" if req.pending else "side.to_shoot", name=name)
    assert want in heads, (want, heads)
    others = [app.t("side.to_shoot", name=n) for n in s.names if n != name] + \
        [app.t("side.chooses", name=n) for n in s.names if n != name]
    assert not set(others) & set(heads), heads
    cards, _ = s.scoreboard()
    assert [i for i, c in enumerate(cards) if c.active] == [who]


def play_on(app: App) -> None:
    """Take the next step as the named player would: a choice's first
    option, or a soft stroke (placing the cue ball first when in hand)."""
    s = app.session
    assert s is not None
    if app.dialogs:
        top = app.dialogs[-1]
        if getattr(top, "kind", "") == "sign":
            key(app, pygame.K_ESCAPE)  # decide later
            return
        key(app, pygame.K_1)
        return
    mode = app.mode
    assert mode is not None
    req = s.match.requirements()
    if req.ball_in_hand.value != "none":
        assert mode.name == "placing", "ball in hand: the cue ball is placed first"
        key(app, pygame.K_RETURN)
        mode = app.mode
        assert mode is not None
    else:
        assert mode.name == "aiming", mode.name
    assert mode.name == "aiming"
    # The player looks and aims before striking (the shot before was skipped
    # by Space: a Space at once would be taken as the skip's second press).
    cue = mode.cue()  # type: ignore[attr-defined]
    a = math.radians(s.aim.angle)
    view = mode.scene.view  # type: ignore[attr-defined]
    for reach in (0.5, 0.3):  # (the hand moves: a pointer at rest is no aim)
        move(app, view.to_screen(cue[0] + reach * math.cos(a),
                                 cue[1] + reach * math.sin(a)))
    frame(app, n=30)
    s.aim = s.aim.with_power(0.3)
    if "safety" in req.allowed_declarations:
        s.decl["safety"] = True  # no call needed with a declared safety
    key(app, pygame.K_SPACE)
    assert app.mode is not None and app.mode.name == "playing", app.toast
    key(app, pygame.K_SPACE)  # to the end
    run_until(app, lambda: app.mode is not None and app.mode.name != "playing",
              limit=600)


@pytest.mark.parametrize("sid", scenario_ids())
def test_after_the_ruling_the_named_player_plays(sid: str) -> None:
    from simulator.app.screens.playing import PlayMode
    sc = library().load(sid)
    app = make_app()
    try:
        names = list(NAMES[:sc.players])
        m = Match.from_state(names, sc.discipline, sc.game,
                             dict(sc.data.get("options", {}) or {}), seed=1)
        s = Session(m, app.locale)
        app.session = s
        assert sc.stroke is not None
        app.switch(PlayMode(app, sc.position, sc.stroke, sc.declarations))
        key(app, pygame.K_SPACE)
        run_until(app, lambda: app.mode is not None and app.mode.name != "playing",
                  limit=600)
        ruling = s.last_ruling
        assert ruling is not None and len(s.match.history) == 1
        for _step in range(3):  # the ruling, then up to two more steps
            if s.over:
                assert app.dialogs and s.names[s.match.winner or 0] in \
                    app.dialogs[-1].title  # type: ignore[attr-defined]
                return
            if app.mode is not None and app.mode.name == "game_end":
                # A game of the match over: its card is read, then the next.
                click_button(app, app.t("side.next_game"))
            if foul_waits(app):  # a foul between people: read first
                read_ruling(app)
            who = named(app)
            check_names(app, who)
            req = s.match.requirements()
            before = len(s.match.history)
            pending = bool(req.pending)
            play_on(app)
            if app.session is not s or len(s.match.history) == before:
                return  # decided later (a signature): nothing more to check
            last = s.match.rulings[-1]
            if not pending:
                assert last is not None and last.shooter == who, (last, who)
            frame(app, n=2)
    finally:
        pygame.display.quit()
    _ = DT
