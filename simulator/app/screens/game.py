"""The game modes: aiming, placing the cue ball, playing a shot, replay, and
the table under a decision; the match's dialogs (choices, signatures, fouls a
person saw, the pause menu, the end of the match).

What comes next after a shot (a choice, ball in hand, an ordinary shot, the
end of the match) is read from the referee's ShotRequirements in
:func:`match_screen`; the modes only collect the player's input. Whether a
shot needs a call is asked of ``rules.calls``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pygame

from simulator.app.dialogs.base import Dialog
from simulator.app.loop.app import App, Mode
from simulator.app.match.session import Session
from simulator.app.replay.playback import SPEEDS, Playback
from simulator.app.screens.table_screen import TableMode
from simulator.app.table import aim_controls
from simulator.app.table.aim import Aim, angle_to, guide
from simulator.app.table.render import draw_cue, draw_dashed
from simulator.app.text import ui
from simulator.app.text.words import (
    choice_label,
    choice_rule,
    cite,
    reason_text,
    ref_text,
)
from simulator.table.events import EventKind, Frame, Shot, Stroke
from simulator.table.specs import CUE_BALL
from simulator.table.state import TableState

FINE = 0.1  # degrees per arrow key press (Shift: x10, Ctrl: x0.2)
LOOKAHEAD = 2 / 60  # simulate this far ahead of the playback clock
REGION_DETAIL = 4  # samples per cell side at the edge of the ball-in-hand region
REGION_BUDGET = 0.004  # seconds a frame spends sampling that region
CONCEDE = "loss.conceded"


def match_screen(app: App) -> Mode:
    """The mode the referee's requirements call for."""
    s = app.session
    if s is None:
        return app.make("menu")
    if s.over:
        return ViewMode(app, "gameover")
    req = s.req
    assert req is not None
    from simulator.app.match import computer
    who = computer.turn(s.match)
    if who is not None and s.computer_failed == len(s.match.history):
        who = None  # its search failed here: a person plays this turn
    if who is not None and who.kind == "sign":
        computer_signs(app, s)
        return match_screen(app)
    if who is not None:
        return app.make("computer", kind=who.kind, player=who.player)
    if req.is_lag:
        return app.make("lag")
    if req.pending:
        return ViewMode(app, "choice")
    waiting = tuple(getattr(req, "may_sign", ()))
    step = len(s.match.history)
    ask_sign = bool(waiting) and s.sign_asked != step
    if ask_sign:
        s.sign_asked = step
    if req.ball_in_hand.value != "none":
        return PlaceMode(app, ask_sign=ask_sign)
    return AimMode(app, ask_sign=ask_sign)


def next_step(app: App) -> None:
    """Go where the referee says the match stands."""
    app.go("match")


def computer_signs(app: App, s: Session) -> None:
    """Express (SEED-E 2.5): each computer written down to zero signs back in
    or declines at once; the window says which."""
    from rules.ruling import CHOICE_REFS, Choice
    from simulator.app.match import computer
    req = s.req
    players = computer.computers(s.match)
    for p in tuple(getattr(req, "may_sign", ())):
        cp = players[p]
        if cp is None:
            continue
        d = cp.sign(s.match.discipline, s.match.state, p)
        s.choose(d.choice, p)
        ref = CHOICE_REFS.get(Choice.SIGN)
        app.inform(app.t("cpu.signs" if d.sign else "cpu.declines", name=s.name(p),
                         rule=ref_text(s.locale, ref) if ref else ""), 4.0)


# -- dialogs -----------------------------------------------------------------------
def sign_dialog(app: App) -> Dialog:
    """Express: a player written down to zero may sign back in (SEED-E 2.5)."""
    from rules.ruling import CHOICE_REFS, Choice
    s = app.session
    assert s is not None and s.req is not None
    buttons: list[tuple[str, Any]] = []
    for p in getattr(s.req, "may_sign", ()):
        buttons.append((app.t("sign.yes", name=s.name(p)), _sign(app, Choice.SIGN, p)))
        buttons.append((app.t("sign.no", name=s.name(p)),
                        _sign(app, Choice.DECLINE_SIGN, p)))
    buttons.append((app.t("sign.later"), lambda: None))
    ref = CHOICE_REFS.get(Choice.SIGN)
    body = app.t("sign.body") + (f" ({ref_text(s.locale, ref)})" if ref else "")
    return Dialog(app, app.t("sign.title"), body, buttons, cancel=lambda: None,
                  kind="sign")


def _sign(app: App, choice: Any, player: int) -> Any:
    def fn() -> None:
        s = app.session
        if s is None:
            return
        from rules.ruling import RulesError
        try:
            s.choose(choice, player)
        except RulesError as e:
            app.notify(reason_text(app.locale, e, s.names))
        s.sign_asked = len(s.match.history)
        next_step(app)
    return fn


def choice_dialog(app: App) -> Dialog:
    """The incoming player's decision, with the ruling that gave it."""
    s = app.session
    assert s is not None and s.req is not None
    req = s.req
    buttons: list[tuple[str, Any]] = []
    for c in req.pending:
        ref = choice_rule(s.discipline, c, s.last_ruling)
        buttons.append((choice_label(s.locale, c, ref), choose_action(app, c)))
    body = ""
    if s.banner is not None:
        body = s.banner.title + "\n" + "\n".join(s.banner.lines)
    return Dialog(app, app.t("choice.title", name=s.name(req.chooser)), body, buttons,
                  kind="choice")


def referee_action(app: App, ask: Callable[[Session], object]) -> Callable[[], None]:
    """A button's action that puts something to the referee through the
    session: a refusal is said on screen, and the table moves on either way."""
    def fn() -> None:
        s = app.session
        if s is None:
            return
        from rules.ruling import RulesError
        try:
            ask(s)
        except RulesError as e:
            app.notify(reason_text(app.locale, e, s.names))
        next_step(app)
    return fn


def choose_action(app: App, choice: Any) -> Any:
    """The button action that makes the incoming player's choice."""
    return referee_action(app, lambda s: s.choose(choice))


def stats_lines(app: App, s: Session) -> list[str]:
    """The match in numbers, a line per player."""
    t = app.t
    out = [t("stats.title")]
    points = s.match.discipline.info.scoring == "points"
    for i, st in enumerate(s.stats()):
        key = "stats.line_points" if points else "stats.line"
        out.append(t(key, name=s.name(i), games=st.games, innings=st.innings,
                     balls=st.potted, fouls=st.fouls, safeties=st.safeties,
                     run=st.high_run))
    return out


def game_over_dialog(app: App) -> Dialog:
    s = app.session
    assert s is not None
    winner = s.name(s.match.winner)
    # The title names the winner; the body says how the last game ended and
    # gives the match in numbers.
    body_lines = list(s.banner.lines) if s.banner else []
    body_lines += ["", *stats_lines(app, s)]

    buttons = [(app.t("gameover.new"), lambda: app.go("setup")),
               (app.t("menu.main"), lambda: app.go("menu"))]
    if s.shots:
        buttons.insert(0, (app.t("panel.replay"), lambda: app.go("replay")))
    if app.settings.allow_undo and s.can_undo():
        buttons.append((app.t("panel.undo"), lambda: undo(app)))
    return Dialog(app, app.t("gameover.title", name=winner), "\n".join(body_lines),
                  buttons, kind="gameover")


def callable_fouls(s: Session) -> list[Any]:
    """The fouls a person may call now: codes only a person can see, that the
    referee's discipline accepts for the current state."""
    from rules.codes import all_codes
    from rules.ruling import RulesError
    out = []
    info = s.match.discipline.info
    home = info.ref
    for c in all_codes():
        if not c.referee_called or c.kind.value not in ("foul", "loss"):
            continue
        if c.id == CONCEDE:
            continue  # conceding is in the menu, not a foul the referee saw
        # Offer the codes written for this game (and the general rules of its
        # own rule book: a pool game's).
        if c.ref.file != home.file or c.ref.section not in info.rule_sections:
            continue
        try:
            s.match.discipline.call_foul(s.match.state, c)
        except (RulesError, ValueError, KeyError, AttributeError):
            continue
        out.append(c)
    return out


def can_concede(s: Session) -> bool:
    """Whether the referee takes a conceded game in this match now."""
    from rules.codes import code_by_id
    from rules.ruling import RulesError
    if s.over or s.req is None or s.req.is_lag:
        return False
    try:
        s.match.discipline.call_foul(s.match.state, code_by_id(CONCEDE))
    except (RulesError, ValueError, KeyError, AttributeError):
        return False
    return True


def foul_dialog(app: App) -> Dialog:
    s = app.session
    assert s is not None
    buttons: list[tuple[str, Any]] = []
    for c in callable_fouls(s)[:7]:
        buttons.append((cite(s.locale, c), _call(app, c.id)))
    # What no log shows: a ball touching something off the table, outside
    # interference (general rules 23, 28; simulator.app.dialogs.referee_calls).
    buttons.append((app.t("referee.open"), lambda: app.open("referee")))
    buttons.append((app.t("common.cancel"), lambda: None))
    return Dialog(app, app.t("fouls.title", name=s.name(s.req.shooter if s.req else 0)),
                  app.t("fouls.body"), buttons, cancel=lambda: None, kind="fouls")


def _call(app: App, code_id: str) -> Any:
    return referee_action(app, lambda s: s.call_foul(code_id))


def undo(app: App) -> None:
    s = app.session
    if s is None:
        return
    if not app.settings.allow_undo:
        app.notify(app.t("undo.off"))
        return
    if not s.undo():
        app.notify(app.t("undo.nothing"))
        return
    # Back to a person's turn: at its own turn a computer would only make
    # the same move again (its decisions follow from the match's seed).
    from simulator.app.match import computer
    while s.has_person() and s.can_undo() and computer.turn(s.match) is not None:
        s.undo()
    app.inform(app.t("undo.done"), 2.0)
    next_step(app)


def redo(app: App) -> None:
    s = app.session
    if s is None:
        return
    if not app.settings.allow_undo:
        app.notify(app.t("undo.off"))
        return
    from rules.ruling import RulesError
    try:
        done = s.redo()
    except RulesError as e:
        app.notify(reason_text(app.locale, e, s.names))
        return
    if not done:
        app.notify(app.t("redo.nothing"))
        return
    from simulator.app.match import computer
    while s.has_person() and s.can_redo() and computer.turn(s.match) is not None:
        try:
            s.redo()
        except RulesError:
            break
    app.inform(app.t("redo.done"), 2.0)
    next_step(app)


def save_match(app: App) -> None:
    """Save the match where it was saved before (Ctrl+S); the first time,
    ask for a name."""
    s = app.session
    if s is None:
        return
    if s.save_path is None:
        app.open("save")
        return
    write_save(app, s.save_path)


def write_save(app: App, path: Path) -> bool:
    s = app.session
    if s is None:
        return False
    try:
        p = s.save(path)
    except OSError as e:
        app.notify(app.t("save.failed", reason=str(e)))
        return False
    s.save_path = p
    app.inform(app.t("save.done", file=p.stem), 3.0)
    return True


def save_file_name(name: str) -> str:
    """A file name for a save's name: the words kept (any alphabet), the
    characters no file system takes replaced."""
    bad = '<>:"/\\|?*\x00'
    text = "".join("_" if c in bad or ord(c) < 32 else c for c in name).strip(" .")
    return text[:60] or "match"


def default_save_name(app: App, s: Session) -> str:
    from simulator.app.text.words import discipline_label
    return app.t("save.default_name", players=" – ".join(
        s.name(i) for i in range(len(s.names))),
                 game=discipline_label(s.locale, s.discipline))


def save_dialog(app: App) -> Dialog:
    """Save under a name: the players and the game offered, any name typed."""
    from simulator.app.dialogs.base import NameDialog
    from simulator.app.match.session import saves_dir
    s = app.session
    assert s is not None
    name = s.save_path.stem if s.save_path is not None else default_save_name(app, s)

    def save() -> None:
        typed = dialog.text() or name
        path = saves_dir() / f"{save_file_name(typed)}.json"
        n = 2
        while path.exists() and path != s.save_path:
            path = saves_dir() / f"{save_file_name(typed)} ({n}).json"
            n += 1
        write_save(app, path)

    dialog = NameDialog(app, app.t("save.title"), app.t("save.body"), name,
                        [(app.t("save.button"), save),
                         (app.t("common.cancel"), lambda: None)],
                        cancel=lambda: None)
    return dialog


def confirm_dialog(app: App, title: str, body: str, yes: str,
                   action: Callable[[], None]) -> Dialog:
    """A question with Yes (first) and No (Esc)."""
    return Dialog(app, title, body, [(yes, action),
                                     (app.t("common.cancel"), lambda: None)],
                  cancel=lambda: None, kind="confirm")


def quit_dialog(app: App) -> Dialog:
    def quit_app() -> None:
        app.running = False
    return confirm_dialog(app, app.t("quit.title"), app.t("quit.body"),
                          app.t("quit.yes"), quit_app)


def concede(app: App, whole_match: bool) -> None:
    """The player at the table concedes the game: the referee rules it a lost
    game. Conceding the match concedes game after game for the same player
    while that player is the one at the table (the referee charges a
    conceded game to the shooter); when the opponent breaks the next game,
    the window says so and the rest waits."""
    s = app.session
    if s is None or not can_concede(s):
        return
    from rules.ruling import RulesError
    who = s.req.shooter if s.req is not None else None
    try:
        for _ in range(64):
            s.call_foul(CONCEDE)
            if s.over or not whole_match:
                break
            req = s.req
            if req is None or req.pending or req.shooter != who or not can_concede(s):
                app.notify(app.t("concede.stopped", name=s.name(who)), 6.0)
                break
    except RulesError as e:
        app.notify(reason_text(app.locale, e, s.names))
    next_step(app)


def concede_dialog(app: App, whole_match: bool = False) -> Dialog:
    s = app.session
    assert s is not None
    who = s.name(s.req.shooter if s.req is not None else None)
    key = "concede.match" if whole_match else "concede.game"
    return confirm_dialog(app, app.t(f"{key}_title", name=who), app.t(f"{key}_body"),
                          app.t(f"{key}_yes"), lambda: concede(app, whole_match))


def pause_dialog(app: App) -> Dialog:
    """The menu of the match. Its entries never move: one that does not
    apply now is shown greyed."""
    s = app.session
    playing = s is not None and s.req is not None and not s.req.is_lag and \
        not s.over
    allow = app.settings.allow_undo
    d = Dialog(app, app.t("pause.title"), app.t("pause.keys"), [
        (app.t("pause.resume"), lambda: None),
        (app.t("pause.save"), lambda: app.open("save")),
        (app.t("panel.fouls"), lambda: app.open("fouls")),
        (app.t("pause.concede_game"), lambda: app.open("concede")),
        (app.t("pause.concede_match"), lambda: app.open("concede", whole_match=True)),
        (app.t("panel.undo"), lambda: undo(app)),
        (app.t("panel.redo"), lambda: redo(app)),
        (app.t("panel.replay"), lambda: app.go("replay")),
        (app.t("help.title"), lambda: app.go("help", back="match")),
        (app.t("menu.main"), lambda: app.go("menu")),
        (app.t("menu.quit"), lambda: app.open("quit")),
    ], cancel=lambda: None, kind="pause")
    off = {
        2: not playing or s is None or not callable_fouls(s),
        3: s is None or not can_concede(s),
        4: s is None or not can_concede(s),
        5: not allow or s is None or not s.can_undo(),
        6: not allow or s is None or not s.can_redo(),
        7: s is None or not s.shots,
    }
    for i, disabled in off.items():
        if disabled:
            d.buttons[i].action = None
    return d


# -- modes -------------------------------------------------------------------------
class ViewMode(TableMode):
    """The table under a dialog (choices, end of match)."""

    name = "view"
    controls = False

    def __init__(self, app: App, dialog: str | None = None) -> None:
        super().__init__(app)
        self.dialog = dialog

    def enter(self) -> None:
        if self.dialog is not None:
            self.app.open(self.dialog)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and \
                not self.app.dialogs:
            self.app.open("pause")

    def update(self, dt: float) -> None:
        # A dialog closed without moving on (Esc): ask the referee again.
        if not self.app.dialogs:
            next_step(self.app)


def common_key(app: App, event: pygame.event.Event) -> bool:
    """Keys every table screen of a match shares; True when one was used."""
    k = event.key
    ctrl = bool(event.mod & pygame.KMOD_CTRL)
    shift = bool(event.mod & pygame.KMOD_SHIFT)
    if k in (pygame.K_u, pygame.K_z, pygame.K_y) and app.repeat(event):
        return True  # a held key repeats: undo and redo move one step a press
    if k == pygame.K_ESCAPE:
        app.open("pause")
    elif k == pygame.K_F1:
        app.go("help", back="match")
    elif (k == pygame.K_u and not shift) or (k == pygame.K_z and ctrl and not shift):
        undo(app)
    elif k == pygame.K_y or (k == pygame.K_z and ctrl and shift) or \
            (k == pygame.K_u and shift):
        redo(app)
    elif k == pygame.K_TAB:
        app.show_numbers = not app.show_numbers
    elif k == pygame.K_g:
        app.settings.aids = not app.settings.aids
        app.save_settings()
    elif k == pygame.K_m:
        app.settings.sound = not app.settings.sound
        app.sound.enabled = app.settings.sound
        app.save_settings()
        app.inform(app.t("sound.on" if app.settings.sound else "sound.off"), 1.5)
    else:
        return False
    return True


class ShotInputMode(TableMode):
    """Shared keys and buttons of aiming and placing."""

    panel_active = True

    def __init__(self, app: App, ask_sign: bool = False) -> None:
        super().__init__(app)
        self.ask_sign = ask_sign

    def enter(self) -> None:
        # Made now, not on the stroke's frame: the sounds and the physics.
        _ = self.app.sound
        import simulator.physics  # noqa: F401
        if self.ask_sign:
            self.app.open("sign")

    # -- the hint: a strong player's stroke and where the balls would go ----------
    def ask_hint(self) -> None:
        """I (or the button): look for a hint; once shown, take it as the aim."""
        s = self.session
        if s.hint is not None:
            self.take_hint()
            return
        if s.hint_job is not None or s.req is None or s.req.pending:
            return
        from simulator.app.match import computer
        try:
            s.hint_job = computer.think_hint(s.match)
        except Exception as e:  # a fault in the search: said, the game goes on
            self.app.notify(self.app.t("hint.failed", reason=repr(e)))

    def update(self, dt: float) -> None:
        s = self.session
        job = s.hint_job
        if job is None:
            return
        from simulator.app.match import computer
        try:
            done = job.advance(computer.THINK_SLICE)
        except Exception as e:  # a fault in the search: said, the game goes on
            s.hint_job = None
            self.app.notify(self.app.t("hint.failed", reason=repr(e)))
            return
        if done:
            s.hint = job.result
            s.hint_job = None

    def take_hint(self) -> None:
        """The hint's stroke as the aim: the cue ball where it puts it, its
        call and declarations; the player still shoots."""
        s = self.session
        h = s.hint
        if h is None:
            return
        from simulator.app.match import computer
        d = h.decision
        if d.place is not None:
            err = s.place(*d.place)
            if err is not None:
                self.app.notify(self.app.t("place.refused", reason=err))
                return
        s.aim = computer.aim_of(d)
        s.decl = {"safety": d.declarations.safety, "push_out": d.declarations.push_out}
        s.hint_call = (d.declarations.called_ball, d.declarations.called_pocket)
        self.app.inform(self.app.t("hint.taken"), 2.5)
        if isinstance(self, PlaceMode):
            self.app.switch(self.aim_mode()(self.app))
        elif isinstance(self, AimMode):
            self.call_ball, self.call_pocket = s.hint_call
            s.hint_call = None

    def hint_button(self) -> ui.Button:
        s = self.session
        t = self.app.t
        if s.hint is not None:
            return ui.Button(t("hint.take"), self.take_hint, key="I", ident="hint",
                             selected=True)
        thinking = s.hint_job is not None
        return ui.Button(t("hint.thinking_button") if thinking else t("hint.button"),
                         None if thinking else self.ask_hint, key="I", ident="hint")

    def hint_lines(self) -> list[str]:
        s = self.session
        t = self.app.t
        if s.hint_job is not None:
            return [t("hint.thinking")]
        if s.hint is None:
            return []
        from simulator.app.match import computer
        from simulator.app.text.words import ball_label
        lines = computer.shot_lines(s.locale, s.hint.decision,
                                    lambda b: ball_label(s.locale, b),
                                    s.spec.balls.radius)
        return [t("hint.head") + " " + lines[0], *lines[1:]]

    def draw_hint(self, surface: pygame.Surface) -> None:
        """The hint's predicted path: the cue ball's, and the first ball it
        meets; the spot for the cue ball in hand."""
        h = self.session.hint
        if h is None:
            return
        view = self.scene.view
        other = h.first_contact()
        for ball, colour in ((0, (120, 200, 255)), (other, (250, 210, 120))):
            if ball is None:
                continue
            path = _thinned([view.to_screen(*p) for p in h.path(ball)])
            if len(path) > 1:  # smooth, two pixels wide
                pygame.draw.aalines(surface, colour, False, path)
                pygame.draw.aalines(surface, colour, False,
                                    [(x + 0.7, y + 0.7) for x, y in path])
        if h.place is not None:
            pygame.draw.circle(surface, (120, 200, 255), view.to_screen(*h.place),
                               view.ball_px * 1.6, 2)

    def side_buttons(self) -> list[ui.Button]:
        app = self.app
        t = app.t
        s = self.session
        req = s.req
        allowed = req.allowed_declarations if req is not None else ()
        out: list[ui.Button] = [self.hint_button()]
        for key in ("safety", "push_out"):
            if key in allowed:
                on = bool(s.decl.get(key))
                label = t("panel.declared", what=t(f"panel.{key}")) if on \
                    else t(f"panel.{key}")
                out.append(ui.Button(label, self._toggle(key), ident=key,
                                     selected=on))
        if req is not None and req.ball_in_hand.value != "none" and \
                isinstance(self, AimMode):
            out.append(ui.Button(t("panel.move_cue"), self.move_cue, key="B",
                                 ident="move"))
        if req is not None and tuple(getattr(req, "may_sign", ())):
            out.append(ui.Button(t("panel.sign"), lambda: app.open("sign"),
                                 ident="sign"))
        allow = app.settings.allow_undo
        out += [
            ui.Button(t("panel.fouls"), lambda: app.open("fouls"), key="F",
                      ident="fouls"),
            ui.Button(t("panel.replay"), self.replay if s.shots else None, key="R",
                      ident="replay"),
            ui.Button(t("panel.undo"), (lambda: undo(app)) if allow and s.can_undo()
                      else None, key="U", ident="undo"),
            ui.Button(t("panel.redo"), (lambda: redo(app)) if allow and s.can_redo()
                      else None, key="Y", ident="redo"),
            ui.Button(t("panel.menu"), lambda: app.open("pause"), key="Esc",
                      ident="menu"),
        ]
        return out

    def move_cue(self) -> None:
        self.app.switch(self.place_mode()(self.app))

    def place_mode(self) -> type[PlaceMode]:
        return PlaceMode

    def aim_mode(self) -> type[AimMode]:
        return AimMode

    def _toggle(self, key: str) -> Callable[[], None]:
        def fn() -> None:
            d = self.session.decl
            d[key] = not d.get(key, False)
        return fn

    def replay(self) -> None:
        if self.session.shots:
            self.app.go("replay")

    def common_key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k == pygame.K_i:
            if not self.app.repeat(event):
                self.ask_hint()
        elif k == pygame.K_f:
            self.app.open("fouls")
        elif k == pygame.K_j:
            self.app.open("referee")
        elif k == pygame.K_r:
            self.replay()
        elif k == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            save_match(self.app)
        elif k == pygame.K_h and self.session.banner is not None:
            self.toggle_banner()
        else:
            return common_key(self.app, event)
        return True

    def panel_click(self, pos: tuple[int, int]) -> bool:
        """Clicks on the tip diagram, the elevation gauge and the power bar."""
        s = self.session
        rects = self.scene.panel
        tip = aim_controls.tip_from_point(rects, pos)
        if tip is not None:
            s.aim = s.aim.with_tip(*tip)
            return True
        e = aim_controls.elevation_from_point(rects, pos)
        if e is not None:
            s.aim = s.aim.with_elevation(e)
            return True
        p = aim_controls.power_from_point(rects, pos)
        if p is not None:
            s.aim = s.aim.with_power(p)
            return True
        return False

    def hint(self) -> str:
        return self.app.t("hint.aim")

    def short_hint(self) -> str:
        return self.app.t("hint.aim_short")


def _thinned(points: list[tuple[float, float]],
             step: float = 6.0) -> list[tuple[float, float]]:
    """A path's points at least ``step`` pixels apart (and its end): a line
    through every frame's position steps by single pixels."""
    out = points[:1]
    for p in points[1:]:
        if math.dist(p, out[-1]) >= step:
            out.append(p)
    if len(points) > 1 and out[-1] != points[-1]:
        out.append(points[-1])
    return out


class AimMode(ShotInputMode):
    """Aim with the mouse, pull back to shoot; keys for fine adjustment."""

    name = "aiming"

    def enter(self) -> None:
        super().enter()
        self.drag_from: float | None = None  # pull-back start (metres along aim)
        self.drag_power0 = 0.0
        self.press_pos: tuple[int, int] | None = None
        self.key_lock: tuple[int, int] | None = None  # mouse pos at last fine key
        self.panel_drag = False
        req = self.session.req
        self.call_ball: int | None = None
        self.call_pocket: str | None = None
        if req is not None and req.call_needed and req.callable_balls and \
                len(req.callable_balls) == 1:
            self.call_ball = req.callable_balls[0]
        if self.session.hint_call is not None:  # a hint taken while placing
            self.call_ball, self.call_pocket = self.session.hint_call
            self.session.hint_call = None

    # -- geometry helpers -----------------------------------------------------------
    def cue(self) -> tuple[float, float] | None:
        return self.session.cue_pos()

    def along(self, pos: tuple[int, int]) -> float:
        """How far behind the cue ball (metres, along the aim) the mouse is."""
        cue = self.cue()
        if cue is None:
            return 0.0
        x, y = self.scene.view.to_table(*pos)
        a = math.radians(self.aim.angle)
        return -((x - cue[0]) * math.cos(a) + (y - cue[1]) * math.sin(a))

    def pull_power(self, pos: tuple[int, int]) -> float:
        assert self.drag_from is not None
        pulled = self.along(pos) - self.drag_from
        return min(1.0, max(0.0, pulled / 0.30))

    def aimed(self) -> Any:
        """What the aim shows, for the calling rules (rules.calls.AimedShot)."""
        from rules.calls import AimedShot
        g = self.guide()
        if g is None:
            return AimedShot(None, False, None)
        return AimedShot(g.ball, g.kick, g.object_pocket)

    def guide(self) -> Any:
        cue = self.cue()
        if cue is None:
            return None
        st = self.session.table
        balls = {b: p for b in st.on_table() if (p := st.position(b)) is not None}
        return guide(st.spec, cue, self.aim.angle, balls)

    def obvious(self) -> tuple[int, str] | None:
        """The call the aim makes plain (8-ball 2), to offer pre-filled."""
        from rules.calls import obvious_call
        req = self.session.req
        if req is None:
            return None
        return obvious_call(req, self.aimed())

    def the_call(self) -> tuple[int | None, str | None, bool]:
        """The call the stroke goes with: the player's own, else the obvious
        one; and whether it is the pre-filled obvious one."""
        if self.call_ball is not None and self.call_pocket is not None:
            return self.call_ball, self.call_pocket, False
        ob = self.obvious()
        if ob is not None and self.call_ball in (None, ob[0]) and \
                self.call_pocket in (None, ob[1]):
            return ob[0], ob[1], True
        return self.call_ball, self.call_pocket, False

    def calling(self) -> bool:
        from rules.calls import CallRule, call_rule
        req = self.session.req
        return req is not None and (call_rule(req) is not CallRule.NONE or (
            "call" in req.allowed_declarations))

    def call_missing(self) -> bool:
        from rules.calls import call_missing
        req = self.session.req
        if req is None:
            return False
        ball, pocket, _pre = self.the_call()
        return call_missing(req, bool(self.session.decl.get("safety")), ball, pocket,
                            self.obvious())

    # -- input -----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        s = self.session
        view = self.scene.view
        lay = self.layout
        if self.scroll_banner(event):
            return
        if event.type == pygame.MOUSEMOTION:
            if self.panel_drag:
                self.panel_click(event.pos)
                return
            if self.drag_from is not None:
                s.aim = s.aim.with_power(self.pull_power(event.pos))
                return
            if not lay.table.collidepoint(event.pos):
                return
            if self.key_lock is not None:
                if math.dist(self.key_lock, event.pos) < 12:
                    return
                self.key_lock = None
            cue = self.cue()
            if cue is not None:
                target = view.to_table(*event.pos)
                if math.dist(target, cue) > 1e-4:
                    s.aim = Aim(angle_to(cue, target), s.aim.power, s.aim.tip_a,
                                s.aim.tip_b, s.aim.elevation)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                if lay.side.collidepoint(event.pos):
                    self.panel_drag = self.panel_click(event.pos)
                    return
                if lay.table.collidepoint(event.pos):
                    self.press_pos = event.pos
                    self.drag_from = self.along(event.pos)
                    self.drag_power0 = s.aim.power
            elif event.button == 3:
                if lay.table.collidepoint(event.pos):
                    self.click(event.pos)
            elif event.button == 4:
                s.aim = s.aim.with_power(s.aim.power + 0.02)
            elif event.button == 5:
                s.aim = s.aim.with_power(s.aim.power - 0.02)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.panel_drag = False
            if self.drag_from is None:
                return
            moved = self.press_pos is not None and math.dist(self.press_pos,
                                                             event.pos) > 5
            power = self.pull_power(event.pos)
            self.drag_from = None
            if moved and power > 0.01:
                s.aim = s.aim.with_power(power)
                self.shoot()
            else:
                s.aim = s.aim.with_power(self.drag_power0)
                if not moved:
                    self.click(event.pos)
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def click(self, pos: tuple[int, int]) -> None:
        """A click without a pull-back: choose the called ball or pocket."""
        req = self.session.req
        if req is None or not self.calling():
            return
        x, y = self.scene.view.to_table(*pos)
        st = self.session.table
        r = st.spec.balls.radius
        callable_balls = req.callable_balls or st.on_table()
        for b in st.on_table():
            p = st.position(b)
            if b != CUE_BALL and p is not None and math.dist(p, (x, y)) < r * 1.4:
                if b in callable_balls:
                    self.call_ball = b
                else:
                    self.app.notify(self.app.t("call.not_callable", ball=b), 2.5)
                return
        best = min(st.spec.pockets, key=lambda p: math.dist(p.mouth_centre, (x, y)))
        if math.dist(best.mouth_centre, (x, y)) < 0.12:
            self.call_pocket = best.name

    def key(self, event: pygame.event.Event) -> None:
        s = self.session
        if self.common_key(event):
            return
        k = event.key
        step = FINE * (10 if event.mod & pygame.KMOD_SHIFT else 1) * (
            0.2 if event.mod & pygame.KMOD_CTRL else 1)
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            s.aim = s.aim.turned(step if k == pygame.K_LEFT else -step)
            self.key_lock = pygame.mouse.get_pos()
        elif k == pygame.K_UP:
            s.aim = s.aim.with_power(s.aim.power + 0.02)
        elif k == pygame.K_DOWN:
            s.aim = s.aim.with_power(s.aim.power - 0.02)
        elif k == pygame.K_w:
            s.aim = s.aim.with_tip(s.aim.tip_a, s.aim.tip_b + 0.05)
        elif k == pygame.K_s:
            s.aim = s.aim.with_tip(s.aim.tip_a, s.aim.tip_b - 0.05)
        elif k == pygame.K_a:
            s.aim = s.aim.with_tip(s.aim.tip_a - 0.05, s.aim.tip_b)
        elif k == pygame.K_d:
            s.aim = s.aim.with_tip(s.aim.tip_a + 0.05, s.aim.tip_b)
        elif k == pygame.K_x:
            s.aim = s.aim.with_tip(0.0, 0.0)
        elif k == pygame.K_c:
            self.call_ball = self.call_pocket = None
        elif k == pygame.K_e:
            s.aim = s.aim.with_elevation(s.aim.elevation + 2)
        elif k == pygame.K_q:
            s.aim = s.aim.with_elevation(s.aim.elevation - 2)
        elif k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if not self.app.repeat(event):
                self.shoot()
        elif k == pygame.K_b and s.req is not None and \
                s.req.ball_in_hand.value != "none":
            self.move_cue()

    def declarations(self) -> Any:
        from rules.ruling import Declarations
        d = self.session.decl
        req = self.session.req
        allowed = req.allowed_declarations if req is not None else ()
        safety = bool(d.get("safety")) and "safety" in allowed
        ball, pocket, _pre = self.the_call()
        calling = self.calling() and not safety
        return Declarations(
            called_ball=ball if calling else None,
            called_pocket=pocket if calling else None,
            safety=safety,
            push_out=bool(d.get("push_out")) and "push_out" in allowed)

    def shoot(self) -> None:
        s = self.session
        req = s.req
        if req is None or self.cue() is None:
            return
        if self.call_missing():
            self.app.notify(self.app.t("call.needed"))
            return
        decl = self.declarations()
        s.decl = {}
        self.app.switch(self.play_mode()(self.app, s.table, s.aim.stroke(), decl))

    def play_mode(self) -> type[PlayMode]:
        """The mode that plays the shot (practice plays it its own way)."""
        return PlayMode

    # -- drawing ---------------------------------------------------------------------
    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.draw_hint(surface)
        cue = self.cue()
        if cue is None or not self.app.settings.aids:
            return
        view = self.scene.view
        g = self.guide()
        if g is None:
            return
        st = self.session.table
        a = view.to_screen(*cue)
        b = view.to_screen(*g.end)
        draw_dashed(surface, (235, 235, 220), a, b, 6, 1)
        r = view.ball_px
        pygame.draw.circle(surface, (235, 235, 220), b, r, 1)
        if g.ball is not None and g.object_dir is not None:
            bp = st.position(g.ball)
            if bp is not None:
                end = (bp[0] + g.object_dir[0] * 0.3, bp[1] + g.object_dir[1] * 0.3)
                pygame.draw.line(surface, (250, 210, 120), view.to_screen(*bp),
                                 view.to_screen(*end), 2)
        elif g.pocket is not None:
            # The cue ball would drop: no rebound is drawn across the opening.
            pk = self.session.spec.pocket(g.pocket)
            pygame.draw.circle(surface, (230, 90, 70), view.to_screen(*pk.mouth_centre),
                               view.px(pk.mouth_width * 0.55), 2)
        elif g.bounce is not None:
            end = (g.end[0] + g.bounce[0] * 0.25, g.end[1] + g.bounce[1] * 0.25)
            draw_dashed(surface, (180, 180, 170), b, view.to_screen(*end), 5, 1)

    def draw_top(self, surface: pygame.Surface) -> None:
        cue = self.cue()
        view = self.scene.view
        if cue is not None:
            pull = 0.02 + 0.25 * self.aim.power if self.drag_from is not None else 0.02
            draw_cue(surface, view, cue, self.aim.angle, pull, self.aim.elevation)
        if not self.calling() or self.session.decl.get("safety"):
            return
        ball, pocket, pre = self.the_call()
        colour = (120, 200, 255) if not pre else (170, 210, 190)
        if ball is not None:
            p = self.session.table.position(ball)
            if p is not None:
                pygame.draw.circle(surface, colour, view.to_screen(*p),
                                   view.ball_px * 1.6, 2)
        if pocket is not None:
            pk = self.session.spec.pocket(pocket)
            pygame.draw.circle(surface, colour, view.to_screen(*pk.mouth_centre),
                               view.px(pk.mouth_width * 0.7), 3)

    def call_line(self) -> str | None:
        """The call in words, for the side column."""
        if not self.calling():
            return None
        t = self.app.t
        if self.session.decl.get("safety"):
            return t("call.safety")
        ball, pocket, pre = self.the_call()
        if ball is not None and pocket is not None:
            key = "call.obvious" if pre else "call.made"
            return t(key, ball=ball, pocket=t(f"pocket.{pocket}"))
        req = self.session.req
        if req is not None and not req.call_needed:
            return t("call.optional")
        if ball is not None:
            return t("call.ball_only", ball=ball)
        from rules.calls import CallRule, call_rule
        if req is not None and call_rule(req) is CallRule.GENTLEMAN:
            return t("call.not_obvious")
        return t("call.ask")

    def side_extra(self) -> list[str]:
        line = self.call_line()
        return ([line] if line else []) + self.hint_lines()

    def chips(self) -> list[str]:
        req = self.session.req
        out: list[str] = []
        if req is not None and req.is_break:
            out.append(self.app.t("strip.break"))
        return out

    def warnings(self) -> list[str]:
        return [self.app.t("strip.call_needed")] if self.call_missing() else []

    def hint(self) -> str:
        if self.calling() and self.call_missing():
            return self.app.t("hint.call")
        return self.app.t("hint.aim")

    def short_hint(self) -> str:
        if self.calling() and self.call_missing():
            return self.app.t("hint.call_short")
        return self.app.t("hint.aim_short")


class PlaceMode(ShotInputMode):
    """Ball in hand: the cue ball follows the mouse inside the region the
    referee allows; a click puts it down, or says why not."""

    name = "placing"

    def enter(self) -> None:
        super().enter()
        s = self.session
        self.pressed = False
        self.pos: tuple[float, float] = s.placed or s.spec.head_spot
        self.reason: str | None = s.placement_error(*self.pos)
        self._start_region()

    def resize(self) -> None:
        super().resize()
        self._start_region()

    def _start_region(self) -> None:
        self.region: pygame.Surface | None = None
        self._region_job = self._region_rows()  # sampled from the next update

    def busy(self) -> bool:
        return self.region is None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.region is None:
            self._advance_region(REGION_BUDGET)

    def _advance_region(self, seconds: float) -> None:
        """Sample the region for up to ``seconds`` (it appears over a few
        frames rather than holding one up)."""
        end = time.perf_counter() + seconds
        for done in self._region_job:
            if done is not None:
                self.region = done
                return
            if time.perf_counter() > end:
                return

    def _region_rows(self) -> Iterator[pygame.Surface | None]:
        """The allowed region, sampled from the referee's check_placement:
        one sample a cell, and k x k in the cells at the region's edge (round
        the balls, along the head string) for smooth edges at little cost.
        Yields None after each column of cells, then the picture."""
        view = self.scene.view
        bed = view.bed_rect()
        req = self.session.req
        if req is None:
            yield pygame.Surface(bed.size, pygame.SRCALPHA)
            return
        base = self.session.match.table()
        cell = max(5, int(view.ball_px * 1.1))
        nx, ny = max(1, bed.width // cell), max(1, bed.height // cell)

        def allowed(fx: float, fy: float) -> bool:  # (fx, fy): fractions of the bed
            x, y = view.to_table(bed.left + fx * bed.width, bed.top + fy * bed.height)
            return req.check_placement(base, x, y) is None

        coarse: list[list[bool]] = []
        for i in range(nx):
            coarse.append([allowed((i + 0.5) / nx, (j + 0.5) / ny) for j in range(ny)])
            yield None
        k = REGION_DETAIL
        fine = pygame.Surface((nx * k, ny * k), pygame.SRCALPHA)
        tint = (255, 255, 255, 40)
        for i in range(nx):
            for j in range(ny):
                here = coarse[i][j]
                edge = any(coarse[a][b] != here
                           for a in range(max(0, i - 1), min(nx, i + 2))
                           for b in range(max(0, j - 1), min(ny, j + 2)))
                if not edge:
                    if here:
                        fine.fill(tint, pygame.Rect(i * k, j * k, k, k))
                    continue
                for u in range(k):
                    for v in range(k):
                        if allowed((i * k + u + 0.5) / (nx * k),
                                   (j * k + v + 0.5) / (ny * k)):
                            fine.set_at((i * k + u, j * k + v), tint)
            yield None
        yield pygame.transform.smoothscale(fine, bed.size)

    def handle(self, event: pygame.event.Event) -> None:
        view = self.scene.view
        lay = self.layout
        if self.scroll_banner(event):
            return
        if event.type == pygame.MOUSEMOTION:
            if lay.table.collidepoint(event.pos):
                self.move(view.to_table(*event.pos))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if lay.side.collidepoint(event.pos):
                self.panel_click(event.pos)
                return
            if lay.table.collidepoint(event.pos):
                self.pressed = True  # drag the ball; it goes down on release
                self.move(view.to_table(*event.pos))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.pressed and lay.table.collidepoint(event.pos):
                self.move(view.to_table(*event.pos))
                self.confirm()
            self.pressed = False
        elif event.type == pygame.KEYDOWN:
            if self.common_key(event):
                return
            step = 0.005 * (10 if event.mod & pygame.KMOD_SHIFT else 1)
            x, y = self.pos
            if event.key == pygame.K_LEFT:
                self.move((x - step, y))
            elif event.key == pygame.K_RIGHT:
                self.move((x + step, y))
            elif event.key == pygame.K_UP:
                self.move((x, y + step))
            elif event.key == pygame.K_DOWN:
                self.move((x, y - step))
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) \
                    and not self.app.repeat(event):
                self.confirm()

    def move(self, p: tuple[float, float]) -> None:
        spec = self.session.spec
        r = spec.balls.radius
        x = min(max(p[0], r), spec.length - r)
        y = min(max(p[1], r), spec.width - r)
        self.pos = (x, y)
        self.reason = self.session.placement_error(x, y)

    def confirm(self) -> None:
        err = self.session.place(*self.pos)
        if err is not None:
            self.reason = err
            self.app.notify(self.app.t("place.refused", reason=err))
            return
        self.app.switch(self.aim_mode()(self.app))

    def ball_positions(self) -> dict[int, tuple[float, float, float]]:
        out = super().ball_positions()
        out[CUE_BALL] = (self.pos[0], self.pos[1], self.session.spec.balls.radius)
        return out

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self.region is not None:
            surface.blit(self.region, self.scene.view.bed_rect())
        self.draw_hint(surface)

    def draw_top(self, surface: pygame.Surface) -> None:
        view = self.scene.view
        c = view.to_screen(*self.pos)
        colour = (90, 200, 120) if self.reason is None else (230, 70, 60)
        pygame.draw.circle(surface, colour, c, view.ball_px * 1.5, 2)

    def side_extra(self) -> list[str]:
        if self.reason:
            return [self.app.t("place.here_not", reason=self.reason),
                    *self.hint_lines()]
        return [self.app.t("place.here_ok"), *self.hint_lines()]

    def warnings(self) -> list[str]:
        return [self.app.t("strip.not_here")] if self.reason else []

    def hint(self) -> str:
        return self.app.t("hint.place")

    def short_hint(self) -> str:
        return self.app.t("hint.place_short")


class PlayMode(TableMode):
    """A shot played while the physics computes it."""

    name = "playing"

    def __init__(self, app: App, state: TableState, stroke: Stroke, decl: Any,
                 also: tuple[tuple[int, Stroke], ...] = ()) -> None:
        super().__init__(app)
        self.state = state
        self.stroke = stroke
        self.also = also  # other balls struck at the same moment (the lag)
        self.decl = decl
        self.error: str | None = None

    def enter(self) -> None:
        from simulator.physics import ShotStream
        self.session.banner = None
        self.sounded = 0
        self.skip = False
        self.finished = False
        self.playback = Playback()
        try:
            self.stream = ShotStream(self.state, self.stroke, also=self.also)
            # The first frame is computed now, so it is on screen with this frame.
            self.playback.extend(self.stream.advance(LOOKAHEAD))
        except ValueError as e:  # StrokeError: the stroke no player can make
            self.abandon(str(e))
            return
        except Exception as e:  # a fault inside the physics: keep the match
            self.abandon(self.app.t("error.physics", reason=repr(e)))
            return
        self._sound_events()

    def abandon(self, message: str) -> None:
        """The shot cannot be played: say why and go back to the same shot."""
        self.app.notify(message, 6.0)
        self.finished = True
        self.app.later(self.back)()

    def back(self) -> None:
        """After a shot that could not be played: to the aim it came from, the
        cue ball where it was put."""
        if self.session.req is not None and self.session.cue_pos() is not None:
            self.app.switch(AimMode(self.app))
        else:
            next_step(self.app)

    def _sound_events(self) -> None:
        evs = self.stream.events
        t = self.playback.time
        new = []
        while self.sounded < len(evs) and evs[self.sounded].time <= t:
            new.append(evs[self.sounded])
            self.sounded += 1
        if new:
            self.app.sound.play_events(new)

    def update(self, dt: float) -> None:
        if self.finished:
            return
        pb = self.playback
        try:
            if self.skip:
                while not self.stream.done:
                    pb.extend(self.stream.advance(pb.end_time + 1.0))
                pb.complete = True
                pb.seek(pb.end_time)
            else:
                if not self.stream.done:
                    pb.extend(self.stream.advance(pb.time + dt * pb.speed + LOOKAHEAD))
                if self.stream.done:
                    pb.complete = True
                pb.update(dt)
                self._sound_events()
        except Exception as e:  # a fault inside the physics: keep the match
            self.abandon(self.app.t("error.physics", reason=repr(e)))
            return
        if pb.at_end and self.stream.done:
            self.finish(self.stream.shot)

    def finish(self, shot: Shot) -> None:
        from rules.ruling import RulesError
        self.finished = True
        s = self.session
        try:
            s.apply(shot, self.decl)
        except RulesError as e:
            self.app.notify(reason_text(self.app.locale, e, s.names))
        except Exception as e:  # a fault inside the referee: keep the window
            self.app.notify(self.app.t("error.referee", reason=repr(e)), 6.0)
        next_step(self.app)

    def skip_to_end(self) -> None:
        self.skip = True

    def handle(self, event: pygame.event.Event) -> None:
        key = event.type == pygame.KEYDOWN and event.key in (
            pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_RETURN) and \
            not self.app.repeat(event)
        right = event.type == pygame.MOUSEBUTTONDOWN and event.button == 3
        if key or right:
            self.skip = True

    def ball_positions(self) -> dict[int, tuple[float, float, float]]:
        if self.finished or not self.playback.frames:
            return super().ball_positions()
        return self.playback.positions()

    def heading(self) -> tuple[str, str]:
        req = self.session.req
        who = self.session.name(req.shooter if req is not None else None)
        return self.app.t("side.in_play", name=who), ""

    def side_buttons(self) -> list[ui.Button]:
        return [ui.Button(self.app.t("side.skip"), self.skip_to_end, key="Space",
                          ident="skip")]

    def chips(self) -> list[str]:
        return [self.app.t("strip.playing")]

    def hint(self) -> str:
        return self.app.t("hint.playing")

    def short_hint(self) -> str:
        return self.app.t("hint.playing_short")

    def show_banner(self) -> bool:
        return False


class ReplayMode(TableMode):
    """A shot of the match again (the last one first; the earlier ones a key
    away): 1/4, 1/2 or full speed, step, pause at the foul."""

    name = "replay"
    controls = False  # nothing is aimed during a replay

    def __init__(self, app: App, index: int = -1) -> None:
        super().__init__(app)
        self.index = index

    def enter(self) -> None:
        s = self.session
        self.shot, self.ruling = s.shots[self.index]
        frames: Sequence[Frame] = self.shot.frames
        if not frames:  # a loaded match keeps no samples: compute them again
            from simulator.physics import simulate
            frames = simulate(self.shot.initial, self.shot.stroke,
                              also=self.shot.also, models=self.shot.models).frames
        self.playback = Playback(frames, speed=SPEEDS[1])
        self.playback.complete = True
        self.foul_events: list[tuple[float, Any, Any]] = []
        for f in self.ruling.fouls:
            if f.event_index is not None and 0 <= f.event_index < len(self.shot.events):
                ev = self.shot.events[f.event_index]
                self.foul_events.append((ev.time, f, ev))
        self.playback.stops = [t for t, _, _ in self.foul_events]
        self.current: tuple[float, Any, Any] | None = None
        from simulator.app.replay.shotshow import ShotShow, foul_texts, ruling_codes
        decl = None
        shots = s.shots
        if hasattr(shots, "declarations"):
            decl = shots.declarations(self.index)
        self.show = ShotShow(s.locale, self.shot, self.playback,
                             foul_texts(s.locale, self.ruling, s.discipline),
                             getattr(decl, "called_ball", None),
                             getattr(decl, "called_pocket", None),
                             ruling_codes(self.ruling))

    def side_buttons(self) -> list[ui.Button]:
        t = self.app.t
        pb = self.playback
        speeds = [ui.Button(lbl, self._speed(i), key=str(i + 1), ident=f"speed{i}",
                            selected=pb.speed == SPEEDS[i])
                  for i, lbl in enumerate(("1/4", "1/2", "1×"))]
        return [*speeds,
                ui.Button(t("replay.pause"), self.toggle_pause, key="Space",
                          ident="pause", selected=pb.paused),
                ui.Button(t("replay.step"), lambda: self.playback.step(1),
                          ident="step"),
                ui.Button(t("replay.restart"), self.restart, key="Home",
                          ident="restart"),
                ui.Button(t("shots.trails"), self.toggle_trails, key="T",
                          ident="trails", selected=self.show.trails),
                ui.Button(t("shots.export"), self.export, key="X", ident="export"),
                ui.Button(t("replay.earlier"), self._other(-1), key="PgUp",
                          ident="earlier"),
                ui.Button(t("replay.later"), self._other(1), key="PgDn",
                          ident="later"),
                ui.Button(t("replay.close"), self.close, key="Esc", ident="close")]

    def shot_number(self) -> int:
        """Which of the match's shots is on show, from 0."""
        n = len(self.session.shots)
        return self.index % n if n else 0

    def _other(self, step: int) -> Callable[[], None] | None:
        """The action that shows the shot ``step`` away, None at either end
        (the button is then disabled)."""
        k = self.shot_number() + step
        if not 0 <= k < len(self.session.shots):
            return None
        return lambda: self.show_shot(k)

    def show_shot(self, k: int) -> None:
        """Shot ``k`` of the match (from 0), from its start, at the speed and
        with the trails the player had chosen."""
        if 0 <= k < len(self.session.shots):
            speed, trails = self.playback.speed, self.show.trails
            self.index = k
            self.enter()
            self.playback.speed = speed
            self.show.trails = trails

    def toggle_trails(self) -> None:
        self.show.trails = not self.show.trails

    def export(self) -> None:
        """The export dialog for this shot (a clip or a diagram)."""
        from simulator.app.replay.export import ShotExport
        self.app.open("export", job=ShotExport.from_replay(self))

    def _speed(self, i: int) -> Callable[[], None]:
        return lambda: self.set_speed(i)

    def set_speed(self, i: int) -> None:
        self.playback.speed = SPEEDS[i]
        self.playback.paused = False

    def toggle_pause(self) -> None:
        if self.playback.at_end:
            self.restart()
            return
        self.playback.paused = not self.playback.paused

    def restart(self) -> None:
        self.playback.restart()
        self.current = None

    def close(self) -> None:
        next_step(self.app)

    def update(self, dt: float) -> None:
        pb = self.playback
        was = pb.paused
        pb.update(dt)
        if pb.paused and not was:
            for t, f, ev in self.foul_events:
                if abs(t - pb.time) < 1e-6:
                    self.current = (t, f, ev)

    def handle(self, event: pygame.event.Event) -> None:
        if self.show.mouse(event) or self.show.key(event):
            return
        if event.type != pygame.KEYDOWN:
            return
        k = event.key
        if k in (pygame.K_ESCAPE, pygame.K_r):
            self.close()
        elif k == pygame.K_x:
            self.export()
        elif k == pygame.K_SPACE:
            self.toggle_pause()
        elif k == pygame.K_1:
            self.set_speed(0)
        elif k == pygame.K_2:
            self.set_speed(1)
        elif k == pygame.K_3:
            self.set_speed(2)
        elif k == pygame.K_RIGHT:
            self.playback.step(1)
        elif k == pygame.K_LEFT:
            self.playback.step(-1)
        elif k == pygame.K_HOME:
            self.restart()
        elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.show_shot(self.shot_number() + (-1 if k == pygame.K_PAGEUP else 1))
        elif k == pygame.K_TAB:
            self.app.show_numbers = not self.app.show_numbers

    def ball_positions(self) -> dict[int, tuple[float, float, float]]:
        return self.playback.positions()

    def highlight(self) -> list[int]:
        if self.current is None:
            return []
        _t, f, ev = self.current
        return sorted(set(f.balls) | set(ev.balls))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.show.draw_under(surface, self.scene.view, self.playback.positions())

    def draw_strip(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.show.draw_timeline(surface, rect, self.short_hint())

    def inset_height(self, width: int) -> int:
        return self.show.inset_height(width)

    def draw_inset(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.show.draw_inset(surface, rect)

    def draw_top(self, surface: pygame.Surface) -> None:
        self.show.draw_over(surface, self.scene.view)
        if self.current is None:
            return
        _t, _f, ev = self.current
        view = self.scene.view
        if ev.kind is EventKind.BALL_CUSHION and ev.cushion:
            for r in self.session.spec.rails:
                if r.name == ev.cushion:
                    pygame.draw.line(surface, (255, 70, 60), view.to_screen(*r.start),
                                     view.to_screen(*r.end), 5)
        pocket = ev.pocket
        if pocket:
            pk = self.session.spec.pocket(pocket)
            pygame.draw.circle(surface, (255, 70, 60), view.to_screen(*pk.mouth_centre),
                               view.px(pk.mouth_width * 0.7), 3)

    def heading(self) -> tuple[str, str]:
        t = self.app.t
        pb = self.playback
        which = t("replay.which", k=self.shot_number() + 1, n=len(self.session.shots))
        return (t("side.replay", name=self.session.name(self.ruling.shooter)),
                which + " · " + t("replay.status", speed=_speed_label(pb.speed),
                                  t=self.session.locale.num(pb.time, 2)))

    def side_extra(self) -> list[str]:
        if self.current is None:
            return []
        _t, f, _ev = self.current
        return [self.app.t("replay.at_foul", foul=cite(self.session.locale, f.code,
                                                       f.ref))]

    def chips(self) -> list[str]:
        return [self.app.t("replay.paused")] if self.playback.paused else []

    def hint(self) -> str:
        return self.app.t("hint.replay")

    def short_hint(self) -> str:
        return self.app.t("hint.replay_short")

    def show_banner(self) -> bool:
        return False


def _speed_label(v: float) -> str:
    return {0.25: "1/4", 0.5: "1/2", 1.0: "1×"}.get(v, f"{v:g}×")
