"""From command-line arguments to the first screen (and the --screenshot scenes)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from simulator.app.dialogs.base import Dialog, NameDialog
from simulator.app.loop.app import App
from simulator.files.inputs import tidy


def game_where(want: Callable[[Any], bool]) -> str:
    """The first game of the referee's registry whose facts ``want`` accepts
    (the scenes' default is the one with a push-out: it has most to show)."""
    from rules import registry
    return next((i.name for i in registry.infos() if want(i)), registry.names()[0])


def default_game() -> str:
    return game_where(lambda i: i.calls.push_out)


def break_shot(app: App) -> None:
    """Play a hard stroke at the nearest legal ball to rest, at once (screenshots)."""
    from simulator.app.table.aim import Aim, angle_to
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
    """Open the screen the arguments ask for; an exit status if we must stop.
    (The match's session is imported only for a match: the menu comes up
    without the physics and the referee.)"""
    app.seed = args.seed
    screen = args.screen
    # -- practice screens: --scenario FILE and their --screen names ------------
    from simulator.app.loop import practice_scenes
    if args.scenario or screen in practice_scenes.SCREENS:
        practice_scenes.start(app, args.scenario, screen)
        return None
    # -- end of practice screens ---------------------------------------------
    if args.load:
        from simulator.app.match.session import LoadError, Session
        try:
            app.session = Session.load(Path(args.load), app.locale)
            from simulator.app.loop.flow import said_loaded
            said_loaded(app, app.session)
        except LoadError as e:
            print(f"error: --load: {tidy(str(e))}", file=sys.stderr)
            if args.screenshot:
                return 2
            # In the window: the reason, on the menu.
            app.go("menu")
            app.open("message", title=app.t("load.failed_title"), body=str(e))
            return None
    elif args.game and screen not in ("setup",):
        names = args.players or []
        from rules import registry
        from simulator.app.match.session import Session
        lo = registry.info(args.game).min_players
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
        app.go("match")  # a player starts where the referee says
        return None
    if screen is None:
        screen = "table" if app.session is not None else "menu"
    if screen in ("menu", "settings", "load"):
        app.go(screen)
    elif screen == "help":
        app.go("help", back="menu")
    elif screen in ("evening", "evening_setup", "records"):
        app.go(screen)
    elif screen == "player":  # --players NAME: whose page
        app.go("player", player=(args.players or ["?"])[0])
    elif screen == "setup":
        app.go("setup", game=args.game or default_game(),
               names=[n for n in (args.players or []) if n])
    else:
        if app.session is None:
            from simulator.app.match.session import Session
            app.session = Session.new(
                [app.t("setup.player_n", n=1), app.t("setup.player_n", n=2)],
                default_game(), {}, app.locale,
                seed=args.seed if args.seed is not None else 1)
        _scene(app, screen)
    return None


def _push_out_scene(app: App) -> None:
    """9-ball: break, then a soft push-out to the middle; the incoming player's
    choice (9-ball rule 5) follows when the push-out was legal."""
    from rules.ruling import Declarations
    from simulator.app.table.aim import Aim, angle_to
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


def _choice_scene(app: App) -> None:
    """A soft break that breaks no rack open: the incoming player's choice
    (8-ball rule 5, 14.1 rule 6)."""
    from rules.ruling import Declarations
    from simulator.app.table.aim import Aim, angle_to
    from simulator.physics import simulate
    s = app.session
    assert s is not None
    for power in (0.16, 0.2, 0.12, 0.25):
        if s.shots:
            s.undo()
        if s.placed is not None:
            s.place(*s.placed)
        cue = s.cue_pos()
        assert cue is not None
        s.aim = Aim(angle=angle_to(cue, s.spec.foot_spot), power=power)
        s.apply(simulate(s.table, s.aim.stroke()), Declarations())
        if s.req is not None and s.req.pending:
            return


def _concede_scene(app: App) -> None:
    """A one-game 9-ball match: the break, then the game conceded; the end of
    the match with its statistics."""
    from simulator.app.match.session import Session
    names = list(app.session.names[:2]) if app.session is not None else \
        [app.t("setup.player_n", n=1), app.t("setup.player_n", n=2)]
    from rules import registry
    disc = app.session.discipline if app.session is not None else default_game()
    info = registry.info(disc)
    if info.max_players != 2:
        disc, info = default_game(), registry.info(default_game())
    opts: dict[str, Any] = {"race_to": 1} if info.scoring == "race" else \
        ({"target": 10} if "target" in info.option_fields() else {})
    app.session = Session.new(names, disc, opts, app.locale, seed=1)
    break_shot(app)
    app.session.call_foul("loss.conceded")


def _lag_scene(app: App, screen: str) -> None:
    """The lag: the first player aiming, or both balls judged (a fixed pair of
    strokes: one comes back near the head cushion, one short of it)."""
    from simulator.app.match.session import Session
    from simulator.app.screens import lag
    from simulator.app.table.aim import Aim
    from simulator.physics import simulate
    old = app.session
    assert old is not None
    from rules import registry
    disc = old.discipline if registry.info(old.discipline).lag else \
        game_where(lambda i: i.lag)
    s = Session.new(list(old.names[:2]), disc, {"lag": True}, app.locale,
                    seed=app.seed if app.seed is not None else 1)
    app.session = s
    app.go("match")
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
    """Set up one screen of a match in a state worth a picture (and a test)."""
    from simulator.app.match import turns
    from simulator.app.screens.placing import PlaceMode
    from simulator.app.screens.replay import ReplayMode
    if screen in ("lag", "lag_result"):
        _lag_scene(app, screen)
        return
    if screen == "gameover":
        _concede_scene(app)
    elif screen == "choice":
        _choice_scene(app)
    elif screen == "dialog" and app.session is not None and \
            app.session.match.discipline.info.calls.push_out:
        _push_out_scene(app)
    s = app.session
    assert s is not None
    if screen in ("banner", "replay", "fouls", "dialog", "pause", "save", "quit",
                  "concede") and not s.over and not s.shots and s.req is not None \
            and not s.req.pending:
        break_shot(app)
    if screen == "banner" and not s.over:
        fouls = turns.callable_fouls(s)
        if fouls:
            s.call_foul(fouls[0].id)
    app.go("match")
    if screen == "table" and isinstance(app.mode, PlaceMode):
        app.mode.confirm()
    if screen == "replay" and s.shots:
        app.dialogs.clear()
        app.go("replay")
        replay = app.mode
        assert isinstance(replay, ReplayMode)
        replay.set_speed(2)
        for _ in range(20):
            app.frame([], 1 / 60)
    elif screen == "fouls" and not s.over:
        app.open("fouls")
    elif screen == "pause":
        app.open("pause")
    elif screen == "quit":
        app.open("quit")
    elif screen == "save":
        app.open("save")
    elif screen == "concede" and turns.can_concede(s):
        app.open("concede", whole_match=True)
    elif screen == "dialog" and not app.dialogs and not s.over:
        app.open("fouls")


# -- a profile another Kiy holds -------------------------------------------------
def ask_about_profile(app: App, busy: Any) -> None:
    """A second Kiy on a profile in use (simulator.files.profile.InUse): open it
    read-only, use another profile, or quit. Until the player chooses,
    nothing is written (the profile is read-only)."""
    t = app.t
    who = t("profile.who_pid", pid=busy.pid) if busy.pid else t("profile.who")

    def read_only() -> None:
        app.inform(t("profile.read_only_on"), 6.0)

    def other() -> None:
        app.push_dialog(ProfileDialog(app, busy, str(suggested_profile())))

    def leave() -> None:
        app.running = False

    app.push_dialog(Dialog(app, t("profile.in_use_title"),
                           t("profile.in_use_body", who=who, folder=str(busy.folder)),
                           [(t("profile.read_only"), read_only),
                            (t("profile.other"), other),
                            (t("profile.quit"), leave)],
                           cancel=read_only, kind="profile"))


def suggested_profile() -> Path:
    """A folder beside the profile in use for another one: ``NAME-2``, or the
    first of ``NAME-3`` ... that does not exist yet."""
    from simulator.files import profile
    base = profile.folder() or profile.data_dir()
    for n in range(2, 100):
        cand = base.with_name(f"{base.name}-{n}")
        if not cand.exists():
            return cand
    return base.with_name(f"{base.name}-new")


def use_profile(app: App, folder: Path) -> str | None:
    """Make ``folder`` this window's profile and hold it; None when done, else
    why not, in the player's words (the profile in use stays read-only)."""
    from simulator.app.text.file_words import file_problem
    from simulator.files import profile
    t = app.t
    shown = str(folder)
    try:
        profile.check(folder)
    except OSError as e:
        return t("profile.bad", folder=shown, reason=file_problem(app.locale, e))
    before = profile.folder()
    profile.use(folder)
    try:
        profile.claim()
    except profile.InUse:
        profile.use(before)
        return t("profile.also_in_use", folder=shown)
    except OSError as e:
        profile.use(before)
        return t("profile.bad", folder=shown, reason=file_problem(app.locale, e))
    profile.set_read_only(False)
    profile.tidy()
    app.inform(t("profile.switched", folder=shown), 6.0)
    if app.mode is not None and app.mode.name == "menu":
        app.go("menu")  # "Continue" now asks the new profile
    return None


class ProfileDialog(NameDialog):
    """The folder of another profile, typed in full (a path is longer than a
    name); a folder that cannot be one is said and asked again."""

    def __init__(self, app: App, busy: Any, text: str) -> None:
        t = app.t
        super().__init__(app, t("profile.other_title"), t("profile.other_body"),
                         text, [(t("profile.use"), self.use),
                                (t("common.back"), self.back)], cancel=self.back,
                         kind="profile_folder")
        self.holder = busy

    def enter(self) -> None:
        super().enter()
        if self.entry is not None:
            self.entry.set_text_length_limit(1000)

    def use(self) -> None:
        if not self.text():  # nothing typed: asked again
            self.app.push_dialog(ProfileDialog(self.app, self.holder, ""))
            return
        problem = use_profile(self.app, Path(self.text()).expanduser())
        if problem is not None:
            self.app.notify(problem, 8.0)
            self.app.push_dialog(ProfileDialog(self.app, self.holder, self.text()))

    def back(self) -> None:
        ask_about_profile(self.app, self.holder)
