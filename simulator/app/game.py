"""The game modes: aiming, placing the cue ball, playing a shot, replay.

What comes next after a shot (a choice, ball in hand, an ordinary shot, the
end of the match) is read from the referee's ShotRequirements in
:func:`next_step`; the modes only collect the player's input.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame
from pygame_gui.elements import UIButton

from simulator.app import fonts, hud, widgets
from simulator.app.aim import Aim, angle_to, guide
from simulator.app.app import App
from simulator.app.dialogs import Dialog
from simulator.app.playback import SPEEDS, Playback
from simulator.app.render import draw_cue, draw_dashed
from simulator.app.session import Session, cite, ref_text
from simulator.app.table_screen import TableMode
from simulator.events import EventKind, Frame, Shot, Stroke
from simulator.specs import CUE_BALL
from simulator.state import TableState

FINE = 0.1  # degrees per arrow key press (Shift: x10, Ctrl: x0.2)
LOOKAHEAD = 2 / 60  # simulate this far ahead of the playback clock
REGION_DETAIL = 5  # samples per cell side at the edge of the ball-in-hand region


def next_step(app: App) -> None:
    """Go to the mode the referee's requirements call for."""
    s = app.session
    if s is None:
        from simulator.app.menu import MenuMode
        app.switch(MenuMode(app))
        return
    if s.over:
        app.switch(ViewMode(app))
        app.push_dialog(game_over_dialog(app))
        return
    req = s.req
    assert req is not None
    if req.is_lag:
        from simulator.app.lag import LagMode
        app.switch(LagMode(app))
        return
    if req.pending:
        app.switch(ViewMode(app))
        app.push_dialog(choice_dialog(app))
        return
    waiting = tuple(getattr(req, "may_sign", ()))
    step = len(s.match.history)
    ask_sign = bool(waiting) and s.sign_asked != step
    if req.ball_in_hand.value != "none":
        app.switch(PlaceMode(app))
    else:
        app.switch(AimMode(app))
    if ask_sign:
        s.sign_asked = step
        app.push_dialog(sign_dialog(app))


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
                  wide=True)


def _sign(app: App, choice: Any, player: int) -> Any:
    def fn() -> None:
        s = app.session
        if s is None:
            return
        from rules.ruling import RulesError
        try:
            s.choose(choice, player)
        except RulesError as e:
            app.notify(str(e))
        s.sign_asked = len(s.match.history)
        next_step(app)
    return fn


# -- dialogs -----------------------------------------------------------------------
def choice_dialog(app: App) -> Dialog:
    from rules.ruling import CHOICE_REFS
    s = app.session
    assert s is not None and s.req is not None
    req = s.req
    buttons: list[tuple[str, Any]] = []
    for c in req.pending:
        ref = CHOICE_REFS.get(c)
        label = app.t(f"choice.{c.value}")
        if ref is not None:
            label += f" ({ref_text(s.locale, ref)})"
        buttons.append((label, choose_action(app, c)))
    body = ""
    if s.banner is not None:
        body = s.banner.title + "\n" + "\n".join(s.banner.lines)
    return Dialog(app, app.t("choice.title", name=s.name(req.chooser)), body, buttons,
                  wide=True)


def choose_action(app: App, choice: Any) -> Any:
    """The button action that makes the incoming player's choice."""
    def fn() -> None:
        s = app.session
        if s is None:
            return
        from rules.ruling import RulesError
        try:
            s.choose(choice)
        except RulesError as e:
            app.notify(str(e))
        next_step(app)
    return fn


def game_over_dialog(app: App) -> Dialog:
    s = app.session
    assert s is not None
    winner = s.name(s.match.winner)
    # The title names the winner; the body says how the last game ended.
    body = "\n".join(s.banner.lines) if s.banner else ""

    def to_menu() -> None:
        from simulator.app.menu import MenuMode
        app.switch(MenuMode(app))

    def new_match() -> None:
        from simulator.app.setup import SetupMode
        app.switch(SetupMode(app))

    buttons = [(app.t("gameover.new"), new_match), (app.t("menu.main"), to_menu)]
    if s.shots:
        buttons.insert(0, (app.t("panel.replay"), lambda: app.switch(ReplayMode(app))))
    if app.settings.allow_undo and s.can_undo():
        buttons.append((app.t("panel.undo"), lambda: undo(app)))
    return Dialog(app, app.t("gameover.title", name=winner), body, buttons, wide=True)


def callable_fouls(s: Session) -> list[Any]:
    """The fouls a person may call now: codes only a person can see, that the
    referee's discipline accepts for the current state."""
    from rules.codes import all_codes
    from rules.ruling import RulesError
    out = []
    disc = s.discipline
    for c in all_codes():
        if not c.referee_called or c.kind.value not in ("foul", "loss"):
            continue
        # Offer the codes written for this game (and the general pool rules).
        if disc == "express":
            if not c.id.startswith("express."):
                continue
        elif c.id.startswith("express.") or c.ref.section not in ("general", disc):
            continue
        try:
            s.match.discipline.call_foul(s.match.state, c)
        except (RulesError, ValueError, KeyError, AttributeError):
            continue
        out.append(c)
    return out


def foul_dialog(app: App) -> Dialog:
    s = app.session
    assert s is not None
    buttons: list[tuple[str, Any]] = []
    for c in callable_fouls(s)[:8]:
        buttons.append((cite(s.locale, c), _call(app, c.id)))
    buttons.append((app.t("common.cancel"), lambda: None))
    return Dialog(app, app.t("fouls.title", name=s.name(s.req.shooter if s.req else 0)),
                  app.t("fouls.body"), buttons, cancel=lambda: None, wide=True)


def _call(app: App, code_id: str) -> Any:
    def fn() -> None:
        s = app.session
        if s is None:
            return
        from rules.ruling import RulesError
        try:
            s.call_foul(code_id)
        except RulesError as e:
            app.notify(str(e))
        next_step(app)
    return fn


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
    app.notify(app.t("undo.done"), 2.0)
    next_step(app)


def save_match(app: App) -> None:
    s = app.session
    if s is None:
        return
    import datetime

    from simulator.app.session import saves_dir
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = s.save_path or saves_dir() / f"{s.discipline}-{stamp}.json"
    try:
        p = s.save(path)
    except OSError as e:
        app.notify(app.t("save.failed", reason=str(e)))
        return
    s.save_path = p
    app.notify(app.t("save.done", file=str(p)), 3.0)


def pause_dialog(app: App) -> Dialog:
    def to_menu() -> None:
        from simulator.app.menu import MenuMode
        app.switch(MenuMode(app))

    def quit_app() -> None:
        app.running = False

    s = app.session
    buttons: list[tuple[str, Any]] = [
        (app.t("pause.resume"), lambda: None),
        (app.t("pause.save"), lambda: save_match(app)),
    ]
    if s is not None and s.req is not None and not s.req.is_lag:
        # No game is being played during the lag: no foul to call yet.
        buttons.append((app.t("panel.fouls"),
                        lambda: app.push_dialog(foul_dialog(app))))
    if app.settings.allow_undo and s is not None and s.can_undo():
        buttons.append((app.t("panel.undo"), lambda: undo(app)))
    if s is not None and s.shots:
        buttons.append((app.t("panel.replay"), lambda: app.switch(ReplayMode(app))))
    buttons += [(app.t("menu.main"), to_menu), (app.t("menu.quit"), quit_app)]
    return Dialog(app, app.t("pause.title"), app.t("pause.keys"), buttons,
                  cancel=lambda: None)


# -- modes -------------------------------------------------------------------------
class ViewMode(TableMode):
    """The table under a dialog (choices, end of match)."""

    name = "view"

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and \
                not self.app.dialogs:
            self.app.push_dialog(pause_dialog(self.app))

    def update(self, dt: float) -> None:
        # A dialog closed without moving on (Esc): ask the referee again.
        if not self.app.dialogs:
            next_step(self.app)

    def show_banner(self) -> bool:
        # The dialog over the table carries the ruling's words itself.
        return not self.app.dialogs


class ShotInputMode(TableMode):
    """Shared keys and buttons of aiming and placing."""

    panel_active = True

    def enter(self) -> None:
        self.build_buttons()
        # Made now, not on the stroke's frame: the sounds and the physics.
        _ = self.app.sound
        import simulator.physics  # noqa: F401

    def build_buttons(self) -> None:
        app = self.app
        r = self.scene.panel.buttons
        bh = max(26, min(34, r.height // 9))
        y = r.top
        self.toggle_buttons: dict[str, UIButton] = {}
        req = self.session.req
        allowed = req.allowed_declarations if req is not None else ()
        items: list[tuple[str, str, Any]] = []
        if "safety" in allowed:
            items.append(("safety", self._decl_label("safety"), self._toggle("safety")))
        if "push_out" in allowed:
            items.append(("push_out", self._decl_label("push_out"),
                          self._toggle("push_out")))
        if req is not None and req.ball_in_hand.value != "none" and \
                isinstance(self, AimMode):
            items.append(("move", app.t("panel.move_cue"),
                          lambda: app.switch(PlaceMode(app))))
        if req is not None and tuple(getattr(req, "may_sign", ())):
            items.append(("sign", app.t("panel.sign"),
                          lambda: app.push_dialog(sign_dialog(app))))
        items += [
            ("fouls", app.t("panel.fouls"), lambda: app.push_dialog(foul_dialog(app))),
            ("replay", app.t("panel.replay"), self.replay),
            ("undo", app.t("panel.undo"), lambda: undo(app)),
            ("menu", app.t("panel.menu"), lambda: app.push_dialog(pause_dialog(app))),
        ]
        for key, label, fn in items:
            if y + bh > r.bottom:
                break
            b = UIButton(pygame.Rect(r.left, y, r.width, bh), label, app.gui,
                         command=app.later(fn))
            if key == "replay" and not self.session.shots:
                widgets.disable(b)
            if key == "undo" and not (app.settings.allow_undo
                                      and self.session.can_undo()):
                widgets.disable(b)
            self.toggle_buttons[key] = b
            y += bh + 6

    def _decl_label(self, key: str) -> str:
        on = self.session_decl().get(key, False)
        label = self.app.t(f"panel.{key}")
        # Words, not a check mark: the interface font has no glyph for one.
        return self.app.t("panel.declared", what=label) if on else label

    def session_decl(self) -> dict[str, Any]:
        return self.session.decl

    def _toggle(self, key: str) -> Any:
        def fn() -> None:
            d = self.session_decl()
            d[key] = not d.get(key, False)
            b = self.toggle_buttons.get(key)
            if b is not None:
                b.set_text(self._decl_label(key))
        return fn

    def replay(self) -> None:
        if self.session.shots:
            self.app.switch(ReplayMode(self.app))

    def resize(self) -> None:
        super().resize()
        widgets.clear(self.app.gui)
        self.build_buttons()

    def common_key(self, event: pygame.event.Event) -> bool:
        app = self.app
        k = event.key
        if k == pygame.K_ESCAPE:
            app.push_dialog(pause_dialog(app))
        elif k == pygame.K_f:
            app.push_dialog(foul_dialog(app))
        elif k == pygame.K_u or (k == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            undo(app)
        elif k == pygame.K_r:
            self.replay()
        elif k == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            save_match(app)
        elif k == pygame.K_g:
            app.settings.aids = not app.settings.aids
            app.save_settings()
        elif k == pygame.K_m:
            app.settings.sound = not app.settings.sound
            app.sound.enabled = app.settings.sound
            app.save_settings()
            app.notify(app.t("sound.on" if app.settings.sound else "sound.off"), 1.5)
        elif k == pygame.K_h and self.session.banner is not None:
            self.session.banner = None
        else:
            return False
        return True

    def panel_click(self, pos: tuple[int, int]) -> bool:
        """Clicks on the tip diagram, the elevation gauge and the power bar."""
        s = self.session
        rects = self.scene.panel
        tip = hud.tip_from_point(rects, pos)
        if tip is not None:
            s.aim = s.aim.with_tip(*tip)
            return True
        e = hud.elevation_from_point(rects, pos)
        if e is not None:
            s.aim = s.aim.with_elevation(e)
            return True
        p = hud.power_from_point(rects, pos)
        if p is not None:
            s.aim = s.aim.with_power(p)
            return True
        return False

    def hint(self) -> str:
        return self.app.t("hint.aim")


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

    # -- input -----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        s = self.session
        view = self.scene.view
        if event.type == pygame.MOUSEMOTION:
            if self.panel_drag:
                self.panel_click(event.pos)
                return
            if self.drag_from is not None:
                s.aim = s.aim.with_power(self.pull_power(event.pos))
                return
            if not self.app.layout.table.collidepoint(event.pos):
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
                if self.app.layout.panel.collidepoint(event.pos):
                    self.panel_drag = self.panel_click(event.pos)
                    return
                if self.banner_rect is not None and self.banner_rect.collidepoint(
                        event.pos):
                    s.banner = None
                    return
                if self.app.layout.table.collidepoint(event.pos):
                    self.press_pos = event.pos
                    self.drag_from = self.along(event.pos)
                    self.drag_power0 = s.aim.power
            elif event.button == 3:
                self.right_click(event.pos)
            elif event.button == 4:
                s.aim = s.aim.with_power(s.aim.power + 0.02)
            elif event.button == 5:
                s.aim = s.aim.with_power(s.aim.power - 0.02)
        elif event.type == pygame.MOUSEWHEEL:
            pass  # handled through buttons 4/5 (pygame sends both)
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

    def right_click(self, pos: tuple[int, int]) -> None:
        self.click(pos)

    def click(self, pos: tuple[int, int]) -> None:
        """A click without a pull-back: choose the called ball or pocket."""
        req = self.session.req
        if req is None or not (req.call_needed or "call" in req.allowed_declarations):
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
        elif k == pygame.K_e:
            s.aim = s.aim.with_elevation(s.aim.elevation + 2)
        elif k == pygame.K_q:
            s.aim = s.aim.with_elevation(s.aim.elevation - 2)
        elif k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.shoot()
        elif k == pygame.K_b and s.req is not None and \
                s.req.ball_in_hand.value != "none":
            self.app.switch(PlaceMode(self.app))

    def declarations(self) -> Any:
        from rules.ruling import Declarations
        d = self.session_decl()
        req = self.session.req
        allowed = req.allowed_declarations if req is not None else ()
        calling = req is not None and (req.call_needed or "call" in allowed)
        return Declarations(
            called_ball=self.call_ball if calling else None,
            called_pocket=self.call_pocket if calling else None,
            safety=bool(d.get("safety")) and "safety" in allowed,
            push_out=bool(d.get("push_out")) and "push_out" in allowed)

    def shoot(self) -> None:
        s = self.session
        req = s.req
        if req is None or self.cue() is None:
            return
        if req.call_needed and (self.call_ball is None or self.call_pocket is None):
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
        cue = self.cue()
        if cue is None or not self.app.settings.aids:
            return
        view = self.scene.view
        st = self.session.table
        balls = {b: p for b in st.on_table() if (p := st.position(b)) is not None}
        g = guide(st.spec, cue, self.aim.angle, balls)
        a = view.to_screen(*cue)
        b = view.to_screen(*g.end)
        draw_dashed(surface, (235, 235, 220), a, b, 6, 1)
        r = view.ball_px
        pygame.draw.circle(surface, (235, 235, 220), b, r, 1)
        if g.ball is not None and g.object_dir is not None:
            bp = balls[g.ball]
            end = (bp[0] + g.object_dir[0] * 0.3, bp[1] + g.object_dir[1] * 0.3)
            pygame.draw.line(surface, (250, 210, 120), view.to_screen(*bp),
                             view.to_screen(*end), 2)
        elif g.bounce is not None:
            end = (g.end[0] + g.bounce[0] * 0.25, g.end[1] + g.bounce[1] * 0.25)
            draw_dashed(surface, (180, 180, 170), b, view.to_screen(*end), 5, 1)

    def draw_top(self, surface: pygame.Surface) -> None:
        cue = self.cue()
        view = self.scene.view
        if cue is not None:
            pull = 0.02 + 0.25 * self.aim.power if self.drag_from is not None else 0.02
            draw_cue(surface, view, cue, self.aim.angle, pull, self.aim.elevation)
        if self.call_ball is not None:
            p = self.session.table.position(self.call_ball)
            if p is not None:
                pygame.draw.circle(surface, (120, 200, 255), view.to_screen(*p),
                                   view.ball_px * 1.6, 2)
        if self.call_pocket is not None:
            pk = self.session.spec.pocket(self.call_pocket)
            pygame.draw.circle(surface, (120, 200, 255),
                               view.to_screen(*pk.mouth_centre),
                               view.px(pk.mouth_width * 0.7), 3)

    def chips(self) -> list[str]:
        req = self.session.req
        out: list[str] = []
        if req is not None:
            out.append(self.app.t("strip.to_shoot",
                                  name=self.session.name(req.shooter)))
        if req is not None and (req.call_needed or "call" in req.allowed_declarations):
            t = self.app.t
            ball = str(self.call_ball) if self.call_ball is not None else "?"
            pocket = t(f"pocket.{self.call_pocket}") if self.call_pocket else "?"
            out.append(t("call.status", ball=ball, pocket=pocket))
        if req is not None and req.is_break:
            out.append(self.app.t("strip.break"))
        return out + self.session.event_chips(self.app)

    def hint(self) -> str:
        req = self.session.req
        if req is not None and req.call_needed:
            return self.app.t("hint.call")
        return self.app.t("hint.aim")


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
        self.region = self._region_surface()

    def resize(self) -> None:
        super().resize()
        self.region = self._region_surface()

    def _region_surface(self) -> pygame.Surface:
        """The allowed region, sampled from the referee's check_placement."""
        view = self.scene.view
        bed = view.bed_rect()
        surf = pygame.Surface(bed.size, pygame.SRCALPHA)
        req = self.session.req
        if req is None:
            return surf
        base = self.session.match.table()
        cell = max(4, int(view.ball_px * 0.8))
        nx, ny = max(1, bed.width // cell), max(1, bed.height // cell)

        def allowed(fx: float, fy: float) -> bool:  # (fx, fy): fractions of the bed
            x, y = view.to_table(bed.left + fx * bed.width, bed.top + fy * bed.height)
            return req.check_placement(base, x, y) is None

        coarse = [[allowed((i + 0.5) / nx, (j + 0.5) / ny) for j in range(ny)]
                  for i in range(nx)]
        # One sample a cell, and k x k in the cells at the region's edge (round
        # the balls, along the head string): smooth edges at little cost.
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
        return pygame.transform.smoothscale(fine, bed.size)

    def handle(self, event: pygame.event.Event) -> None:
        view = self.scene.view
        if event.type == pygame.MOUSEMOTION:
            if self.app.layout.table.collidepoint(event.pos):
                self.move(view.to_table(*event.pos))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.app.layout.panel.collidepoint(event.pos):
                self.panel_click(event.pos)
                return
            if self.app.layout.table.collidepoint(event.pos):
                self.pressed = True  # drag the ball; it goes down on release
                self.move(view.to_table(*event.pos))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.pressed and self.app.layout.table.collidepoint(event.pos):
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
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
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
        self.app.switch(AimMode(self.app))

    def ball_positions(self) -> dict[int, tuple[float, float, float]]:
        out = super().ball_positions()
        out[CUE_BALL] = (self.pos[0], self.pos[1], self.session.spec.balls.radius)
        return out

    def draw_overlay(self, surface: pygame.Surface) -> None:
        surface.blit(self.region, self.scene.view.bed_rect())

    def draw_top(self, surface: pygame.Surface) -> None:
        view = self.scene.view
        c = view.to_screen(*self.pos)
        colour = (90, 200, 120) if self.reason is None else (230, 70, 60)
        pygame.draw.circle(surface, colour, c, view.ball_px * 1.5, 2)
        if self.reason:
            img = fonts.text(self.reason, max(12, self.app.size[1] // 50),
                             (255, 225, 215))
            box = img.get_rect(midbottom=(c[0], c[1] - view.ball_px * 2))
            box.clamp_ip(self.app.layout.table)
            bg = pygame.Surface(box.inflate(10, 6).size, pygame.SRCALPHA)
            bg.fill((110, 20, 20, 210))
            surface.blit(bg, box.inflate(10, 6))
            surface.blit(img, box)

    def chips(self) -> list[str]:
        req = self.session.req
        out = []
        if req is not None:
            out.append(self.app.t("strip.to_shoot",
                                  name=self.session.name(req.shooter)))
            out.append(self.app.t(f"bih.{req.ball_in_hand.value}"))
        return out + self.session.event_chips(self.app)

    def hint(self) -> str:
        return self.app.t("hint.place")


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
            self.app.notify(str(e))
        except Exception as e:  # a fault inside the referee: keep the window
            self.app.notify(self.app.t("error.referee", reason=repr(e)), 6.0)
        next_step(self.app)

    def handle(self, event: pygame.event.Event) -> None:
        key = event.type == pygame.KEYDOWN and event.key in (
            pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_RETURN)
        right = event.type == pygame.MOUSEBUTTONDOWN and event.button == 3
        if key or right:
            self.skip = True

    def ball_positions(self) -> dict[int, tuple[float, float, float]]:
        if self.finished or not self.playback.frames:
            return super().ball_positions()
        return self.playback.positions()

    def chips(self) -> list[str]:
        return [self.app.t("strip.playing")]

    def hint(self) -> str:
        return self.app.t("hint.playing")

    def show_banner(self) -> bool:
        return False


class ReplayMode(TableMode):
    """The last shot again: 1/4, 1/2 or full speed, step, pause at the foul."""

    name = "replay"

    def __init__(self, app: App, index: int = -1) -> None:
        super().__init__(app)
        self.index = index

    def enter(self) -> None:
        s = self.session
        self.shot, self.ruling = s.shots[self.index]
        frames: Sequence[Frame] = self.shot.frames
        if not frames:  # a loaded match keeps no samples: compute them again
            from simulator.physics import simulate
            frames = simulate(self.shot.initial, self.shot.stroke).frames
        self.playback = Playback(frames, speed=SPEEDS[1])
        self.playback.complete = True
        self.foul_events: list[tuple[float, Any, Any]] = []
        for f in self.ruling.fouls:
            if f.event_index is not None and 0 <= f.event_index < len(self.shot.events):
                ev = self.shot.events[f.event_index]
                self.foul_events.append((ev.time, f, ev))
        self.playback.stops = [t for t, _, _ in self.foul_events]
        self.current: tuple[float, Any, Any] | None = None
        self.build_buttons()

    def build_buttons(self) -> None:
        app = self.app
        r = self.scene.panel.buttons
        bh = max(26, min(34, r.height // 9))
        y = r.top
        items: list[tuple[str, Any]] = [
            ("1/4", lambda: self.set_speed(0)), ("1/2", lambda: self.set_speed(1)),
            ("1×", lambda: self.set_speed(2)),
            (app.t("replay.pause"), self.toggle_pause),
            (app.t("replay.step"), lambda: self.playback.step(1)),
            (app.t("replay.restart"), self.restart),
            (app.t("replay.close"), self.close),
        ]
        for label, fn in items:
            if y + bh > r.bottom:
                break
            UIButton(pygame.Rect(r.left, y, r.width, bh), label, app.gui,
                     command=app.later(fn))
            y += bh + 6

    def resize(self) -> None:
        super().resize()
        widgets.clear(self.app.gui)
        self.build_buttons()

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
        if event.type != pygame.KEYDOWN:
            return
        k = event.key
        if k in (pygame.K_ESCAPE, pygame.K_r):
            self.close()
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

    def ball_positions(self) -> dict[int, tuple[float, float, float]]:
        return self.playback.positions()

    def highlight(self) -> list[int]:
        if self.current is None:
            return []
        _t, f, ev = self.current
        return sorted(set(f.balls) | set(ev.balls))

    def draw_top(self, surface: pygame.Surface) -> None:
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

    def chips(self) -> list[str]:
        t = self.app.t
        pb = self.playback
        out = [t("replay.status", speed=_speed_label(pb.speed), t=f"{pb.time:.2f}")]
        if pb.paused:
            out.append(t("replay.paused"))
        if self.current is not None:
            _t, f, _ev = self.current
            out.append(cite(self.session.locale, f.code, f.ref))
        return out

    def hint(self) -> str:
        return self.app.t("hint.replay")

    def show_banner(self) -> bool:
        return False


def _speed_label(v: float) -> str:
    return {0.25: "1/4", 0.5: "1/2", 1.0: "1×"}.get(v, f"{v:g}×")
