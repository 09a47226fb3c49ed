"""The lag for the break (general rule 5), played hot seat.

Each player in turn places a ball behind the head string on their side of the
head spot, aims and sets the strength; the first player's stroke stays hidden
while the second aims. Then both balls go at once (the physics strikes two balls
together) and the referee's ``Match.lag`` judges the result: one of the seven
ways to lose, the ball nearer the head cushion, or a re-lag. The winner then
breaks or gives the break. The same screens serve the lag on its own, from the
main menu.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from simulator.app.dialogs.base import Dialog
from simulator.app.loop.app import App, Mode
from simulator.app.match.session import LAG_BALLS, Session, computer_mark
from simulator.app.match.turns import choose_action, next_step
from simulator.app.replay.playback import Playback
from simulator.app.screens.match_keys import FINE, common_key
from simulator.app.screens.playing import PlayMode
from simulator.app.screens.table_screen import TableMode
from simulator.app.table import aim_controls, scoreboard
from simulator.app.table.aim import (
    Aim,
    angle_to,
    full_pull_px,
    guide,
    power_of,
    run_on_bed,
)
from simulator.app.table.render import draw_cue, draw_dashed
from simulator.app.table.stroke import PullTrack
from simulator.app.text import fonts, ui
from simulator.app.text.ui import veil
from simulator.app.text.words import choice_label, choice_rule, code_words, ref_text
from simulator.table.events import Shot, Stroke
from simulator.table.specs import TableSpec, Vec
from simulator.table.state import TableState, Where

if TYPE_CHECKING:
    from rules.general import LagResult

__all__ = ["LAG_BALLS", "LagMode", "LagPlayMode", "LagResultMode", "lag_alone",
           "start_minigame"]

LAG_POWER = 0.3  # where both power bars start: about to the foot cushion and back
GAP = 0.004  # m kept between a lag ball and the centre line or the head string


# -- geometry ------------------------------------------------------------------
def start_positions(spec: TableSpec) -> tuple[Vec, Vec]:
    """Both balls a little behind the head string, one each side of the head
    spot (general rule 5), the same distance from it."""
    r = spec.balls.radius
    x = spec.head_string_x - 2.5 * r
    off = min(0.2, spec.width / 4)
    mid = spec.width / 2
    return (x, mid - off), (x, mid + off)


def region(spec: TableSpec, player: int) -> tuple[float, float, float, float]:
    """(x0, x1, y0, y1) where ``player``'s ball centre may be put: behind the head
    string, on their own side of the long string (so it starts on no line)."""
    r = spec.balls.radius
    mid = spec.width / 2
    x0, x1 = r + GAP, spec.head_string_x - r - GAP
    if player == 0:
        return x0, x1, r + GAP, mid - r - GAP
    return x0, x1, mid + r + GAP, spec.width - r - GAP


def clamp_to_region(spec: TableSpec, player: int, p: Vec) -> Vec:
    x0, x1, y0, y1 = region(spec, player)
    return (min(max(p[0], x0), x1), min(max(p[1], y0), y1))


def lag_table(spec: TableSpec, positions: tuple[Vec, Vec]) -> TableState:
    """The table for the lag: only the two lag balls on it."""
    return TableState.from_positions(spec.name, {LAG_BALLS[0]: positions[0],
                                                 LAG_BALLS[1]: positions[1]})


def centimetres(app: App, metres: float) -> str:
    """A distance in centimetres with the language's decimal mark."""
    return app.locale.num(metres * 100, 1)


def ball_word(app: App, player: int) -> str:
    return app.t(f"lag.ball_{player}")


# -- aiming, hot seat ----------------------------------------------------------
class LagMode(TableMode):
    """Both players aim in turn; the second stroke sends both balls."""

    name = "lag"
    panel_active = True

    def head_string_matters(self) -> bool:
        return True  # (the lag is played from behind it, general rule 5)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        spec = self.session.spec
        self.positions: list[Vec] = list(start_positions(spec))
        self.aims = [Aim(angle=0.0, power=LAG_POWER), Aim(angle=0.0, power=LAG_POWER)]
        self.strokes: list[Stroke | None] = [None, None]
        self.turn = 0

    def enter(self) -> None:
        self.drag_from: float | None = None
        self.drag_power0 = 0.0
        self.track: PullTrack | None = None  # the hand's motion (see stroke.py)
        self.clock = 0.0  # s, by the clock: the pull's motion is timed
        self.press_pos: tuple[int, int] | None = None
        self.moving = False  # dragging one's own ball to another place
        self.panel_drag = False
        self.panel_grab: str | None = None  # the aim control a press holds
        self.key_lock: tuple[int, int] | None = None
        _ = self.app.sound
        import simulator.physics  # noqa: F401  (made now, not on the stroke's frame)

    def side_buttons(self) -> list[ui.Button]:
        app = self.app
        out = [ui.Button(app.t("lag.strike"), self.strike, key="Space",
                         ident="strike", primary=True)]
        if not self.session.minigame:  # general rule 6: or the players agree
            out.append(ui.Button(app.t("referee.agree"), lambda: app.open("agree"),
                                 ident="agree"))
        out.append(ui.Button(app.t("panel.menu"), self.pause, key="Esc", ident="menu"))
        return out

    def pause(self) -> None:
        if self.session.minigame:
            self.app.push_dialog(Dialog(self.app, self.app.t("pause.title"), "", [
                (self.app.t("pause.resume"), lambda: None),
                (self.app.t("menu.main"), lambda: to_menu(self.app))],
                cancel=lambda: None, kind="pause"))
        else:
            self.app.open("pause")

    def heading(self) -> tuple[str, str]:
        s = self.session
        return (self.app.t("lag.turn", name=s.name(self.turn),
                           ball=ball_word(self.app, self.turn)), "")

    # -- the current player's aim -----------------------------------------------------
    @property
    def aim(self) -> Aim:
        return self.aims[self.turn]

    def set_aim(self, a: Aim) -> None:
        self.aims[self.turn] = a

    @property
    def ball(self) -> Vec:
        return self.positions[self.turn]

    def along(self, pos: tuple[int, int]) -> float:
        """How far behind the ball (metres, along the aim) the mouse is."""
        x, y = self.scene.view.to_table(*pos)
        a = math.radians(self.aim.angle)
        bx, by = self.ball
        return -((x - bx) * math.cos(a) + (y - by) * math.sin(a))

    def pulled_px(self, pos: tuple[int, int]) -> float:
        assert self.drag_from is not None
        return self.scene.view.px(self.along(pos) - self.drag_from)

    def full_pull(self) -> float:
        return full_pull_px(self.scene.view.outer_rect().width)

    def pull_power(self, pos: tuple[int, int]) -> float:
        """The pull's power; in a forward stroke, that of where it began
        (as aiming plays it)."""
        px = self.pulled_px(pos)
        if self.track is not None:
            px = self.track.played_px(px)
        return min(1.0, max(0.0, px / self.full_pull()))

    def track_hand(self, pos: tuple[int, int]) -> None:
        if self.track is not None:  # (an event comes at the end of its frame)
            self.track.moved(self.clock + self.app.real_dt, self.app.real_dt,
                             self.pulled_px(pos))

    # -- input ---------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse_moved(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse_down(event.pos, event.button)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse_up(event.pos)
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def mouse_moved(self, pos: tuple[int, int]) -> None:
        """Drag a control or the ball, pull the cue back, or turn the aim to
        the mouse (after a fine key, only once the mouse has moved away)."""
        view = self.scene.view
        if self.panel_drag:
            self.panel_drag_to(pos)
        elif self.moving:
            self.move_ball(view.to_table(*pos))
        elif self.drag_from is not None:
            self.track_hand(pos)
            self.set_aim(self.aim.with_power(self.pull_power(pos)))
        elif self.layout.table.collidepoint(pos):
            if self.key_lock is not None:
                if math.dist(self.key_lock, pos) < 12:
                    return
                self.key_lock = None
            target = view.to_table(*pos)
            if math.dist(target, self.ball) > 1e-4:
                self.set_aim(Aim(angle_to(self.ball, target), self.aim.power,
                                 self.aim.tip_a, self.aim.tip_b,
                                 self.aim.elevation))

    def mouse_down(self, pos: tuple[int, int], button: int) -> None:
        """Left: a control, the ball to move, or the start of a pull back;
        the wheel: the power."""
        lay = self.layout
        if button == 1:
            if lay.side.collidepoint(pos):
                self.panel_drag = self.panel_click(pos)
            elif lay.table.collidepoint(pos):
                p = self.scene.view.to_table(*pos)
                r = self.session.spec.balls.radius
                if math.dist(p, self.ball) < 1.6 * r:
                    self.moving = True
                else:
                    self.press_pos = pos
                    self.drag_from = self.along(pos)
                    self.drag_power0 = self.aim.power
                    self.track = PullTrack(self.full_pull(),
                                           self.clock + self.app.real_dt)
        elif button in (4, 5) and (lay.table.collidepoint(pos) or
                                   self.scene.panel.area.collidepoint(pos)):
            # Over the rest of the side column the wheel is not the power.
            self.set_aim(self.aim.with_power(self.aim.power + (
                0.01 if button == 4 else -0.01)))

    def mouse_up(self, pos: tuple[int, int]) -> None:
        """The end of a pull back strikes."""
        self.panel_drag = False
        self.moving = False
        if self.drag_from is None:
            return
        self.track_hand(pos)
        # A stroke may end at the press: it is no click.
        came_back = self.track is not None and self.track.furthest > 5
        moved = came_back or (self.press_pos is not None and
                              math.dist(self.press_pos, pos) > 5)
        power = self.pull_power(pos)
        self.track = None
        self.drag_from = None
        if moved and power > 0.01:
            self.set_aim(self.aim.with_power(power))
            self.strike()
        else:
            self.set_aim(self.aim.with_power(self.drag_power0))
            if came_back:  # eased back to the ball: no stroke, said
                self.app.inform(self.app.t("pull.came_back"), 4.0,
                                until_stroke=True)

    def key(self, event: pygame.event.Event) -> None:
        app = self.app
        k = event.key
        step = FINE * (10 if event.mod & pygame.KMOD_SHIFT else 1) * (
            0.2 if event.mod & pygame.KMOD_CTRL else 1)
        if k == pygame.K_ESCAPE:
            self.pause()
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            self.set_aim(self.aim.turned(step if k == pygame.K_LEFT else -step))
            self.key_lock = pygame.mouse.get_pos()
        elif k == pygame.K_UP:
            self.set_aim(self.aim.with_power(self.aim.power + 0.01))
        elif k == pygame.K_DOWN:
            self.set_aim(self.aim.with_power(self.aim.power - 0.01))
        elif k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if not app.repeat(event):
                self.strike()
        elif k in (pygame.K_g, pygame.K_m, pygame.K_TAB, pygame.K_F1) or (
                k in (pygame.K_u, pygame.K_z, pygame.K_y)
                and not self.session.minigame):
            common_key(app, event)

    def panel_click(self, pos: tuple[int, int]) -> bool:
        """The tip diagram, the elevation gauge and the power bar, as when
        aiming: a press sets one, a drag keeps to it."""
        self.panel_grab = aim_controls.control_at(self.scene.panel, pos)
        if self.panel_grab is None:
            return False
        self.panel_drag_to(pos)
        return True

    def panel_drag_to(self, pos: tuple[int, int]) -> None:
        if self.panel_grab is not None:
            self.set_aim(aim_controls.set_control(self.aim, self.scene.panel,
                                                  self.panel_grab, pos))

    def move_ball(self, p: Vec) -> None:
        self.positions[self.turn] = clamp_to_region(self.session.spec, self.turn, p)

    def update(self, dt: float) -> None:
        """A computer seat strikes its lag ball at once (general rule 5: it
        places its ball on its side of the kitchen and finds the speed)."""
        self.clock += self.app.real_dt
        s = self.session
        if s.minigame or self.app.dialogs or not s.is_computer(self.turn) or \
                self.strokes[self.turn] is not None:
            return
        from simulator.app.match import computer
        cp = computer.computers(s.match)[self.turn]
        assert cp is not None
        d = cp.lag(s.spec, self.turn, computer.decision_seed(s.match, self.turn))
        self.positions[self.turn] = d.place
        self.set_aim(Aim(angle=d.intended.direction, power=power_of(d.intended.speed),
                         elevation=d.intended.elevation))
        self.strike(d.stroke)

    def strike(self, stroke: Stroke | None = None) -> None:
        """Lock this player's stroke; the second one sends both balls."""
        self.drag_from = None
        self.track = None
        self.strokes[self.turn] = stroke or self.aim.stroke()
        if self.turn == 0:
            self.turn = 1
            self.app.inform(self.app.t("lag.next", name=self.session.name(0),
                                       other=self.session.name(1)), 3.0)
            return
        first, second = self.strokes
        assert first is not None and second is not None
        state = lag_table(self.session.spec, (self.positions[0], self.positions[1]))
        self.app.switch(LagPlayMode(self.app, state, first,
                                    ((LAG_BALLS[1], second),)))

    # -- drawing ---------------------------------------------------------------------
    def ball_positions(self) -> dict[int, tuple[float, float, float]]:
        r = self.session.spec.balls.radius
        return {b: (p[0], p[1], r) for b, p in zip(LAG_BALLS, self.positions,
                                                   strict=True)}

    def draw_overlay(self, surface: pygame.Surface) -> None:
        spec = self.session.spec
        view = self.scene.view
        # The long string: crossing it loses the lag (general rule 5.1).
        draw_dashed(surface, (200, 210, 190), view.to_screen(0.0, spec.width / 2),
                    view.to_screen(spec.length, spec.width / 2), 10, 1)
        x0, x1, y0, y1 = region(spec, self.turn)
        a = view.to_screen(x0, y1)
        b = view.to_screen(x1, y0)
        rect = pygame.Rect(round(a[0]), round(a[1]), round(b[0] - a[0]),
                           round(b[1] - a[1]))
        surface.blit(veil(rect.size, (255, 255, 255, 22)), rect)
        if not self.app.settings.aids:
            return
        other = self.positions[1 - self.turn]
        balls = {LAG_BALLS[self.turn]: self.ball, LAG_BALLS[1 - self.turn]: other}
        g = guide(spec, self.ball, self.aim.angle, balls,
                  cue_ball=LAG_BALLS[self.turn])
        s, e = view.to_screen(*self.ball), view.to_screen(*g.end)
        draw_dashed(surface, (235, 235, 220), s, e, 6, 1)
        pygame.draw.circle(surface, (235, 235, 220), e, view.ball_px, 1)
        if g.bounce is not None:
            end = run_on_bed(spec, g.end, g.bounce, 0.4)
            draw_dashed(surface, (180, 180, 170), e, view.to_screen(*end), 5, 1)

    def draw_top(self, surface: pygame.Surface) -> None:
        view = self.scene.view
        pull = 0.02 + 0.25 * self.aim.power if self.drag_from is not None else 0.02
        draw_cue(surface, view, self.ball, self.aim.angle, pull, self.aim.elevation)
        size = max(12, self.app.size[1] // 48)
        for i, p in enumerate(self.positions):
            label = self.session.name(i)
            if self.strokes[i] is not None and i != self.turn:
                label = self.app.t("lag.ready", name=label)
            img = fonts.text(label, size, ui.ACCENT if i == self.turn else ui.INK,
                             bold=i == self.turn)
            c = view.to_screen(*p)
            dy = view.ball_px * 1.6 + img.get_height() / 2
            box = img.get_rect(center=(c[0], c[1] + (dy if i == 0 else -dy)))
            bg = box.inflate(8, 2)
            surface.blit(veil(bg.size, (0, 0, 0, 120)), bg)
            surface.blit(img, box)

    def board(self) -> tuple[list[scoreboard.PlayerCard], list[str]]:
        return lag_board(self.app, self.session, self.turn,
                         [s is not None for s in self.strokes])

    def chips(self) -> list[str]:
        s = self.session
        if self.strokes[0] is not None:
            return [self.app.t("lag.ready", name=s.name(0))]
        return []

    def hint(self) -> str:
        return self.app.t("hint.lag")

    def short_hint(self) -> str:
        return self.app.t("hint.lag_short")


def lag_board(app: App, s: Session, active: int | None, ready: list[bool]
              ) -> tuple[list[scoreboard.PlayerCard], list[str]]:
    t = app.t
    # The score as the referee keeps it: the games won, or in 14.1 the points,
    # which stand when a rack is replayed under general rule 28.
    scores = [c.score for c in s.scoreboard()[0]]
    cards = []
    for i in range(2):
        details = [ball_word(app, i),
                   t("lag.card_ready") if ready[i] else t("lag.card_aiming")]
        cards.append(scoreboard.PlayerCard(s.name(i), scores[i],
                                    tuple(details), i == active,
                                    mark=computer_mark(s, i)))
    ref = ref_text(s.locale, _rule5())
    return cards, [t("lag.title"), ref]


def _rule5() -> Any:
    from rules.codes import LagCode
    return LagCode.WON.ref


def to_menu(app: App) -> None:
    app.go("menu")


# -- both balls running --------------------------------------------------------
class LagPlayMode(PlayMode):
    """Both lag balls played while the physics computes them."""

    name = "lag_playing"
    referee_rolls_out = False
    esc_menu = False  # (Esc skips the lag's roll: its menu is the lag's own)

    def head_string_matters(self) -> bool:
        return True  # (the lag is played from behind it, general rule 5)

    def __init__(self, app: App, state: TableState, stroke: Stroke,
                 also: tuple[tuple[int, Stroke], ...]) -> None:
        super().__init__(app, state, stroke, None, also)

    def back(self) -> None:
        next_step(self.app)  # the lag again from the start

    def finish(self, shot: Shot) -> None:
        from rules.ruling import RulesError
        self.finished = True
        try:
            result = self.session.lag(shot)
        except RulesError as e:
            self.app.notify(str(e))
            next_step(self.app)
            return
        self.app.switch(LagResultMode(self.app, shot, result))

    def ball_positions(self) -> dict[int, tuple[float, float, float]]:
        if not self.playback.frames:
            r = self.session.spec.balls.radius
            return {b.ball: (b.x, b.y, r) for b in self.state.balls}
        return self.playback.positions()

    def board(self) -> tuple[list[scoreboard.PlayerCard], list[str]]:
        return lag_board(self.app, self.session, None, [True, True])

    def heading(self) -> tuple[str, str]:
        return self.app.t("lag.title"), ""


# -- the verdict ---------------------------------------------------------------
UNATTENDED_SECONDS = 3.0  # the lag's result on show when only computers play


class LagResultMode(TableMode):
    """Where the lag balls stopped, how far from the head cushion, and the
    referee's verdict in a dialog; the lag can be watched again."""

    name = "lag_result"
    controls = False

    def head_string_matters(self) -> bool:
        return True  # (the lag is played from behind it, general rule 5)

    def __init__(self, app: App, shot: Shot, result: LagResult) -> None:
        super().__init__(app)
        self.shot = shot
        self.result = result

    def enter(self) -> None:
        self.playback = Playback(self.shot.frames)
        self.playback.complete = True
        self.playback.seek(self.playback.end_time)
        self.watching = False
        self.app.push_dialog(lag_result_dialog(self.app, self))

    def watch(self) -> None:
        self.watching = True
        self.playback.speed = 0.5
        self.playback.restart()

    def update(self, dt: float) -> None:
        s = self.session
        if not self.watching and not s.minigame and not s.has_person():
            # Computers alone at the table: nobody is there to press Continue.
            self.waited = getattr(self, "waited", 0.0) + self.app.real_dt
            if self.waited >= UNATTENDED_SECONDS:
                next_step(self.app)
            return
        if not self.watching:
            return
        self.playback.update(dt)
        if self.playback.at_end:
            self.watching = False
            self.app.push_dialog(lag_result_dialog(self.app, self))

    def handle(self, event: pygame.event.Event) -> None:
        skip = event.type == pygame.KEYDOWN and event.key in (
            pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_RETURN)
        if self.watching and skip:
            self.playback.seek(self.playback.end_time)

    def ball_positions(self) -> dict[int, tuple[float, float, float]]:
        if self.playback.frames:
            return self.playback.positions()
        r = self.session.spec.balls.radius
        return {b.ball: (b.x, b.y, r) for b in self.shot.final.balls
                if b.where is Where.TABLE}

    def draw_top(self, surface: pygame.Surface) -> None:
        if self.watching:
            return
        # From the head cushion to each ball that counts: the distance judged.
        view = self.scene.view
        spec = self.session.spec
        r = spec.balls.radius
        size = max(12, self.app.size[1] // 50)
        for i, ball in enumerate(LAG_BALLS):
            pos = self.shot.final.position(ball)
            d = self.result.distances[i]
            if pos is None or d is None:
                continue
            won = self.result.winner == i
            lost = bool(self.result.reasons[i])
            colour = ui.GREEN if won else (ui.RED if lost else ui.INK)
            a = view.to_screen(0.0, pos[1])
            b = view.to_screen(pos[0] - r, pos[1])
            pygame.draw.line(surface, colour, a, b, 2)
            pygame.draw.line(surface, colour, (a[0], a[1] - 6), (a[0], a[1] + 6), 2)
            cm = centimetres(self.app, d)
            img = fonts.text(self.app.t("lag.cm", cm=cm), size, colour, bold=won)
            c = view.to_screen(*pos)
            box = img.get_rect(midleft=(c[0] + view.ball_px * 1.5, c[1]))
            bg = box.inflate(8, 2)
            surface.blit(veil(bg.size, (0, 0, 0, 140)), bg)
            surface.blit(img, box)

    def board(self) -> tuple[list[scoreboard.PlayerCard], list[str]]:
        return lag_board(self.app, self.session, self.result.winner, [True, True])

    def chips(self) -> list[str]:
        from simulator.app.match.session import shot_chips
        return shot_chips(self.session.locale, self.shot)[1:]

    def heading(self) -> tuple[str, str]:
        return self.app.t("lag.title"), ""

    def hint(self) -> str:
        return self.app.t("hint.lag_result")

    def short_hint(self) -> str:
        return self.app.t("hint.lag_result_short")

    def show_banner(self) -> bool:
        return False


def result_lines(app: App, s: Session, result: LagResult) -> list[str]:
    """The verdict in words: each player's distance or why the ball lost."""
    t = app.t
    loc = s.locale
    lines: list[str] = []
    for i in range(2):
        who = t("lag.who", name=s.name(i), ball=ball_word(app, i))
        d = result.distances[i]
        if result.reasons[i]:
            lines.append(who)
            lines += [f"• {code_words(loc, c.id)} ({ref_text(loc, c.ref)})"
                      for c in result.reasons[i]]
        elif d is not None:
            lines.append(who + " " + t("lag.distance", cm=centimetres(app, d)))
    if result.winner is not None:
        lines.append(code_words(loc, "lag.won"))
    else:
        both = all(result.reasons)
        lines.append(t("lag.both_lost") if both else t("lag.tie"))
        lines.append(code_words(loc, "lag.relag"))
    return lines


def lag_result_dialog(app: App, mode: LagResultMode) -> Dialog:
    s = app.session
    assert s is not None
    result = mode.result
    body = "\n".join(result_lines(app, s, result))
    buttons: list[tuple[str, Any]] = []
    if result.winner is not None:
        title = app.t("lag.winner", name=s.name(result.winner))
    else:
        title = app.t("lag.relag_title")
    req = s.req
    if s.minigame:
        buttons.append((app.t("lag.again"), lambda: start_minigame(app, list(s.names))))
    elif req is not None and req.pending and s.is_computer(req.chooser):
        # The computer that won chooses on its own screen (it says why).
        buttons.append((app.t("lag.continue"), lambda: next_step(app)))
    elif req is not None and req.pending:
        for c in req.pending:
            label = choice_label(s.locale, c, choice_rule(s.discipline, c))
            buttons.append((label, choose_action(app, c)))
    else:
        buttons.append((app.t("lag.again"), lambda: next_step(app)))
    buttons.append((app.t("lag.watch"), mode.watch))
    if s.minigame:
        buttons.append((app.t("menu.main"), lambda: to_menu(app)))
    return Dialog(app, title, body, buttons, kind="lag_result")



def lag_alone(app: App, names: list[str] | None = None) -> Mode:
    """The lag on its own (main menu): two players, a 9-foot pool table."""
    from rules.ruling import RulesError
    names = [n for n in (names or app.settings.players) if n][:2]
    while len(names) < 2:
        names.append(app.t("setup.player_n", n=len(names) + 1))
    try:
        from rules import registry
        game = next(i.name for i in registry.infos() if i.lag)
        s = Session.new(names, game, {"lag": True}, app.locale, seed=app.seed)
    except RulesError as e:
        app.notify(str(e))
        return app.make("menu")
    s.minigame = True
    app.session = s
    return LagMode(app)


def start_minigame(app: App, names: list[str] | None = None) -> None:
    app.switch(lag_alone(app, names))
