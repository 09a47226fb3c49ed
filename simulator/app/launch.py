"""From command-line arguments to the first screen (and the --screenshot scenes)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from simulator.app.app import App
from simulator.inputs import tidy


def break_shot(app: App) -> None:
    """Play a hard stroke at the nearest legal ball to rest, at once (screenshots)."""
    from simulator.app.aim import Aim, angle_to
    from simulator.physics import simulate
    s = app.session
    assert s is not None and s.req is not None
    if s.placed is not None:
        s.place(*s.placed)
    cue = s.cue_pos()
    assert cue is not None
    st = s.table
    targets = [b for b in (s.req.legal_first_contacts or st.on_table()) if b != 0]
    pos = st.position(targets[0]) if targets else None
    angle = angle_to(cue, pos) if pos else 0.0
    s.aim = Aim(angle=angle, power=0.95)
    from rules.ruling import Declarations
    s.apply(simulate(s.table, s.aim.stroke()), Declarations())


def start(app: App, args: argparse.Namespace) -> int | None:
    """Open the screen the arguments ask for; an exit status if we must stop."""
    from simulator.app.menu import MenuMode, SettingsMode
    from simulator.app.session import LoadError, Session
    from simulator.app.setup import LoadMode, SetupMode

    app.seed = args.seed
    screen = args.screen
    # -- practice screens: --scenario FILE and their --screen names ------------
    from simulator.app import practice_scenes
    if args.scenario or screen in practice_scenes.SCREENS:
        practice_scenes.start(app, args.scenario, screen)
        return None
    # -- end of practice screens ---------------------------------------------
    if args.load:
        try:
            app.session = Session.load(Path(args.load), app.locale)
            if app.session.load_note:
                app.notify(app.session.load_note, 8.0)
        except LoadError as e:
            print(f"error: --load: {tidy(str(e))}", file=sys.stderr)
            if args.screenshot:
                return 2
            # In the window: the reason, on the menu.
            app.switch(MenuMode(app))
            from simulator.app.dialogs import MessageDialog
            app.push_dialog(MessageDialog(app, app.t("load.failed_title"), str(e)))
            return None
    elif args.game and screen not in ("setup",):
        names = args.players or []
        lo = 3 if args.game == "express" else 2
        if len(names) < lo:
            names = names + [""] * (lo - len(names))
        names = [n or app.t("setup.player_n", n=i + 1) for i, n in enumerate(names)]
        from rules.ruling import RulesError
        try:
            app.session = Session.new(names, args.game, {}, app.locale, seed=args.seed)
        except RulesError as e:
            print(f"kiy: {e}", file=sys.stderr)
            return 2
    if screen is None and app.session is not None and not args.screenshot:
        from simulator.app.game import next_step
        next_step(app)  # a player starts where the referee says
        return None
    if screen is None:
        screen = "table" if app.session is not None else "menu"
    if screen == "menu":
        app.switch(MenuMode(app))
    elif screen == "settings":
        app.switch(SettingsMode(app))
    elif screen == "load":
        app.switch(LoadMode(app))
    elif screen == "setup":
        app.switch(SetupMode(app, args.game or "9-ball",
                            [n for n in (args.players or []) if n]))
    else:
        if app.session is None:
            app.session = Session.new(
                [app.t("setup.player_n", n=1), app.t("setup.player_n", n=2)],
                "9-ball", {}, app.locale,
                seed=args.seed if args.seed is not None else 1)
        _scene(app, screen)
    return None


def _push_out_scene(app: App) -> None:
    """9-ball: break, then a soft push-out to the middle; the incoming player's
    choice (9-ball rule 5) follows when the push-out was legal."""
    from rules.ruling import Declarations
    from simulator.app.aim import Aim, angle_to
    from simulator.physics import simulate
    s = app.session
    assert s is not None
    if not s.shots:
        break_shot(app)
    req = s.req
    if req is None or "push_out" not in req.allowed_declarations or req.pending:
        return
    if s.placed is not None:
        s.place(*s.placed)
    cue = s.cue_pos()
    assert cue is not None
    s.aim = Aim(angle=angle_to(cue, (s.spec.length / 2, s.spec.width / 2)), power=0.12)
    s.apply(simulate(s.table, s.aim.stroke()), Declarations(push_out=True))


def _concede_scene(app: App) -> None:
    """A one-game 9-ball match conceded: the end-of-match dialog."""
    from simulator.app import game
    from simulator.app.session import Session
    names = list(app.session.names[:2]) if app.session is not None else \
        [app.t("setup.player_n", n=1), app.t("setup.player_n", n=2)]
    app.session = Session.new(names, "9-ball", {"race_to": 1}, app.locale, seed=1)
    for code in game.callable_fouls(app.session):
        if code.kind.value == "loss":
            app.session.call_foul(code.id)
            return


def _lag_scene(app: App, screen: str) -> None:
    """The lag: the first player aiming, or both balls judged (a fixed pair of
    strokes: one comes back near the head cushion, one short of it)."""
    from simulator.app import game, lag
    from simulator.app.aim import Aim
    from simulator.app.session import Session
    from simulator.physics import simulate
    old = app.session
    assert old is not None
    disc = "9-ball" if old.discipline == "express" else old.discipline
    s = Session.new(list(old.names[:2]), disc, {"lag": True}, app.locale,
                    seed=app.seed if app.seed is not None else 1)
    app.session = s
    game.next_step(app)
    mode = app.mode
    assert isinstance(mode, lag.LagMode)
    mode.set_aim(Aim(angle=1.5, power=0.31))
    if screen == "lag":
        return
    spec = s.spec
    a, b = lag.start_positions(spec)
    shot = simulate(lag.lag_table(spec, (a, b)), Aim(angle=0.0, power=0.33).stroke(),
                    also=((lag.LAG_BALLS[1], Aim(angle=0.0, power=0.29).stroke()),))
    app.switch(lag.LagResultMode(app, shot, s.lag(shot)))


def _scene(app: App, screen: str) -> None:
    from simulator.app import game
    if screen in ("lag", "lag_result"):
        _lag_scene(app, screen)
        return
    if screen == "gameover":
        _concede_scene(app)
    elif screen == "dialog" and app.session is not None and \
            app.session.discipline == "9-ball":
        _push_out_scene(app)
    s = app.session
    assert s is not None
    if screen in ("banner", "replay", "fouls", "dialog", "pause") and not s.over \
            and not s.shots and s.req is not None and not s.req.pending:
        break_shot(app)
    if screen == "banner" and not s.over:
        fouls = game.callable_fouls(s)
        if fouls:
            s.call_foul(fouls[0].id)
    game.next_step(app)
    if screen == "table" and isinstance(app.mode, game.PlaceMode):
        app.mode.confirm()
    if screen == "replay" and s.shots:
        app.dialogs.clear()
        replay = game.ReplayMode(app)
        app.switch(replay)
        replay.set_speed(2)
        for _ in range(20):
            app.frame([], 1 / 60)
    elif screen == "fouls" and not s.over:
        app.push_dialog(game.foul_dialog(app))
    elif screen == "pause":
        app.push_dialog(game.pause_dialog(app))
    elif screen == "dialog" and not app.dialogs and not s.over:
        app.push_dialog(game.foul_dialog(app))
