"""Practice mode: the scenario library, one situation set up on the table,
watched (the recorded stroke) or played by the player, then the ruling
explained with its seed rule.

Rulings come from the referee through ``simulator.practice``
(``play_scenario``); this module only shows them. The screens here share
:class:`PracticeScreen`: the scoreboard on top, the table on the left, a
column of widgets on the right and the event strip at the bottom.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UISelectionList

from rules.ruling import RulesError
from simulator.app.loop.app import App, Mode
from simulator.app.match.session import Session, shot_chips
from simulator.app.replay.playback import Playback
from simulator.app.screens.backdrop import backdrop
from simulator.app.screens.game import AimMode, PlaceMode, PlayMode
from simulator.app.table import scoreboard, strip
from simulator.app.table.render import BallSprites, TableRenderer, draw_numbers
from simulator.app.table.view import Layout, TableView, text_size
from simulator.app.text import ui, widgets
from simulator.app.text.i18n import Locale
from simulator.app.text.words import (
    cite,
    discipline_label,
    file_reason_text,
    reason_text,
    ref_text,
)
from simulator.table.events import Event, EventKind, Shot
from simulator.table.specs import TableSpec, table_by_name
from simulator.table.state import TableState, Where

if TYPE_CHECKING:
    from rules.game import GameState
    from rules.referee import Match
    from rules.ruling import Declarations, Ruling
    from simulator.practice.quiz import QuizSession
    from simulator.practice.scenario import Scenario, ScenarioResult

HL = (255, 70, 60)  # highlight colour of the balls, cushions and pockets involved
Action = Callable[[], None]


# -- what the practice screens remember during one run of the app ---------------
@dataclass
class PracticeState:
    discipline: str = field(default_factory=lambda: _first_game())
    selected: str | None = None  # scenario id chosen in the list
    quiz: QuizSession | None = None
    editor: dict[str, Any] | None = None  # the editor's draft (scenario data)
    editor_path: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


_STATES: weakref.WeakKeyDictionary[App, PracticeState] = weakref.WeakKeyDictionary()


def state_of(app: App) -> PracticeState:
    st = _STATES.get(app)
    if st is None:
        st = PracticeState()
        _STATES[app] = st
    return st


def _first_game() -> str:
    from rules import registry
    return registry.names()[0]


# -- the scenario as a match the game screens can show ---------------------------
class PracticeSession(Session):
    """A Session whose match starts at a scenario's position and game state.

    The scoreboard, the aiming and ball-in-hand screens work on it as on any
    match; it never writes the autosave (a practice position is no match to
    resume)."""

    def __init__(self, match: Match, locale: Locale, scenario: Scenario,
                 back: Action | None = None) -> None:
        self.scenario = scenario
        self.back = back
        super().__init__(match, locale)
        self.keep = False  # never the match "Continue" resumes

    def autosave(self) -> str | None:
        return None


def forget_practice_session(app: App) -> None:
    """Leaving practice: the app holds no practice position as its match
    (it cannot be saved or resumed as one)."""
    if app.session is not None and not app.session.keep:
        app.session = None


def practice_session(app: App, sc: Scenario, back: Action | None = None
                     ) -> PracticeSession:
    from rules.referee import Match
    from rules.ruling import RulesError
    names = [app.t("setup.player_n", n=i + 1) for i in range(sc.players)]
    opts = dict(sc.data.get("options", {}) or {})
    # The match starts at the situation, with the scenario's own options.
    try:
        m = Match.from_state(names, sc.discipline, sc.game, opts, seed=1)
    except RulesError:
        m = Match.from_state(names, sc.discipline, sc.game, {}, seed=1)
    return PracticeSession(m, app.locale, sc, back)


def judge_result(sc: Scenario, shot: Shot, decl: Declarations | None = None
                 ) -> ScenarioResult:
    """The referee's ruling on a shot from the scenario's position, and the
    game state after it."""
    from simulator.practice.scenario import play_scenario
    scen = sc if decl is None else replace(sc, declarations=decl, choice=None)
    return play_scenario(scen, shot)


def judge(sc: Scenario, shot: Shot, decl: Declarations | None = None) -> Ruling:
    return judge_result(sc, shot, decl).ruling


def scenario_title(sc: Scenario, lang: str) -> str:
    return sc.title.get(lang)


def rule_line(loc: Locale, sc: Scenario) -> str:
    """The situation's rule in words; for a reading, what it was read to mean."""
    if sc.rule is None:
        return ""
    text = ref_text(loc, sc.rule)
    if text:
        return loc.t("practice.seed_rule", rule=text)
    from simulator.app.text.words import reading_text
    reading = reading_text(loc, sc.rule)
    return loc.t("ruling.reading", text=reading) if reading else ""


# -- a shot played back with its foul events ------------------------------------------
class ShotPlayer:
    """Playback of a computed shot that pauses at chosen events and says
    what to highlight there (the balls, the cushion, the pocket)."""

    def __init__(self, shot: Shot, stops: Iterable[tuple[int, tuple[int, ...]]],
                 speed: float = 1.0) -> None:
        self.shot = shot
        frames = shot.frames
        if not frames:  # a shot kept without samples: compute them again
            from simulator.physics import simulate
            frames = simulate(shot.initial, shot.stroke, models=shot.models).frames
        self.playback = Playback(frames, speed=speed)
        self.playback.complete = True
        self.stops: list[tuple[float, Event, tuple[int, ...]]] = []
        for idx, balls in stops:
            if 0 <= idx < len(shot.events):
                ev = shot.events[idx]
                # A ball drops after the last sample: stop on the last frame.
                t = min(ev.time, self.playback.end_time)
                self.stops.append((t, ev, balls))
        self.playback.stops = [t for t, _, _ in self.stops]
        self.current: tuple[float, Event, tuple[int, ...]] | None = None
        self.sounded = 0

    def update(self, dt: float) -> list[Event]:
        """Advance; the events passed (for sounds)."""
        pb = self.playback
        was = pb.paused
        pb.update(dt)
        if pb.paused and not was:
            for stop in self.stops:
                if abs(stop[0] - pb.time) < 1e-6:
                    self.current = stop
        evs = self.shot.events
        new: list[Event] = []
        while self.sounded < len(evs) and evs[self.sounded].time <= pb.time:
            new.append(evs[self.sounded])
            self.sounded += 1
        return new

    def restart(self) -> None:
        self.playback.restart()
        self.current = None
        self.sounded = 0

    @property
    def done(self) -> bool:
        return self.playback.at_end

    def positions(self) -> dict[int, tuple[float, float, float]]:
        return self.playback.positions()

    def highlight(self) -> tuple[int, ...]:
        if self.current is None:
            return ()
        return tuple(sorted(set(self.current[2]) | set(self.current[1].balls)))

    def cushions(self) -> tuple[str, ...]:
        if self.current is None:
            return ()
        ev = self.current[1]
        if ev.kind is EventKind.BALL_CUSHION and ev.cushion and \
                not ev.cushion.startswith("jaw:"):
            return (ev.cushion,)
        return ()

    def pocket(self) -> str | None:
        if self.current is None:
            return None
        ev = self.current[1]
        if ev.pocket:
            return ev.pocket
        if ev.kind is EventKind.BALL_CUSHION and ev.cushion and \
                ev.cushion.startswith("jaw:"):
            return ev.cushion.removeprefix("jaw:")
        return None


def foul_stops(ruling: Ruling) -> list[tuple[int, tuple[int, ...]]]:
    return [(f.event_index, tuple(f.balls)) for f in ruling.fouls
            if f.event_index is not None]


# -- the shared screen: scoreboard, table on the left, the side column ---------------
class PracticeScreen(Mode):
    """Base of the practice screens that show a table: the game screen's
    layout (scoreboard, table, side column, strip) with a title, a text that
    scrolls and a column of buttons in the side column."""

    def __init__(self, app: App, spec: TableSpec,
                 session: Session | None = None) -> None:
        super().__init__(app)
        self.spec = spec
        self.session = session
        self._cache_key: tuple[object, ...] = ()
        self.side_title = ""
        self.side_body = ""
        self.side_btns: list[ui.Button] = []
        self.body_scroll = 0
        self.body_hidden = 0
        self.body_rect: pygame.Rect | None = None
        self._dock: pygame.Rect | None = None
        self._refresh()

    @property
    def areas(self) -> Layout:
        return self.layout

    def _refresh(self) -> None:
        players = len(self.session.names) if self.session is not None else 2
        key = (self.spec.name, self.app.size, players)
        if key == self._cache_key:
            return
        self._cache_key = key
        self.layout = Layout.for_size(*self.app.size, 1 if players <= 4 else 2)
        self.view = TableView(self.spec, self.layout.table)
        self.renderer = TableRenderer(self.spec, self.view, self.app.size)
        self.sprites = BallSprites(self.spec, self.view.ball_px)

    def set_spec(self, spec: TableSpec) -> None:
        self.spec = spec
        self._refresh()

    def enter(self) -> None:
        self.build()

    def resize(self) -> None:
        self._refresh()
        widgets.clear(self.app.gui)
        self.build()

    def rebuild(self) -> None:
        widgets.clear(self.app.gui)
        self.body_scroll = 0
        self.build()

    def build(self) -> None:
        pass

    def message_area(self) -> pygame.Rect | None:
        return self.layout.strip

    def dock(self) -> pygame.Rect | None:
        if self._dock is not None:
            return self._dock
        return self.layout.side.inflate(-20, -16)

    # -- side column helpers ---------------------------------------------------
    def side_layout(self) -> tuple[pygame.Rect, int]:
        r = self.layout.side.inflate(-20, -16)
        bh = max(28, min(38, self.app.size[1] // 22))
        return r, bh

    def side_buttons(self, items: list[tuple[str, Action | None]],
                     bottom: bool = True) -> list[ui.Button]:
        """The column of buttons at the bottom of the side column."""
        self.side_btns = [ui.Button(label, fn) for label, fn in items]
        return self.side_btns

    def side_text(self, title: str, body: str, bottom: int = 0,
                  top: int | None = None) -> None:
        """The title and the text of the side column (the text scrolls)."""
        self.side_title = title
        self.side_body = body

    def text_size(self) -> int:
        return text_size(self.app.size)

    def draw_side(self, surface: pygame.Surface) -> None:
        side = self.layout.side
        pygame.draw.rect(surface, ui.PANEL, side)
        pygame.draw.line(surface, (60, 44, 30), side.topleft, side.bottomleft, 3)
        ui.FRAME.panels.append(("controls", side.copy()))
        inner = side.inflate(-20, -16)
        size = self.text_size()
        y = inner.top
        if self.side_title:
            y += ui.paragraph(surface, self.side_title, size + 2, ui.ACCENT,
                              pygame.Rect(inner.left, y, inner.width, 400),
                              bold=True) + 6
        self._dock = pygame.Rect(inner.left, y, inner.width, inner.bottom - y)
        if self.app.dialogs:
            return  # a dialog docks here
        ih = self.inset_height(inner.width)
        if ih:
            self.draw_inset(surface, pygame.Rect(inner.left, y, inner.width, ih))
            y += ih + 6
        bsize = max(11, size - 1)
        buttons = self.side_btns
        bh = sum(b.measure(inner.width, bsize) + 6 for b in buttons)
        btop = inner.bottom - bh
        yy = btop
        for b in buttons:
            yy += b.place(inner.left, yy, inner.width, bsize) + 6
            b.draw(surface, self.app.mouse)
        self.draw_body(surface, pygame.Rect(inner.left, y, inner.width,
                                            btop - y - 8), size)

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect, size: int) -> None:
        """The side text: wrapped lines from the scroll position, as many as fit."""
        self.body_rect = box
        lh = ui.line_height(size)
        lines = ui.wrap(self.side_body, size, box.width) if self.side_body else []
        room = max(0, box.height // lh)
        if len(lines) > room:
            room = max(0, room - 1)  # a line to say there is more
        self.body_scroll = min(self.body_scroll, max(0, len(lines) - room))
        shown = lines[self.body_scroll:self.body_scroll + room]
        y = box.top
        for ln in shown:
            ui.line(surface, ln, size, ui.INK, pygame.Rect(box.left, y, box.width, lh))
            y += lh
        self.body_hidden = len(lines) - self.body_scroll - len(shown)
        if self.body_hidden or self.body_scroll:
            key = "dialog.more" if self.body_hidden else "dialog.top"
            ui.line(surface, self.app.t(key, n=self.body_hidden), max(10, size - 2),
                    ui.DIM, pygame.Rect(box.left, y, box.width, lh))

    def common_key(self, event: pygame.event.Event) -> bool:
        """F1 (help, then back here) and Tab (ball numbers) on every
        practice screen; True when the key was one of them."""
        if event.type != pygame.KEYDOWN or self.app.repeat(event):
            return False
        if event.key == pygame.K_F1:
            self.app.go("help", return_to=self)
        elif event.key == pygame.K_TAB:
            self.app.show_numbers = not self.app.show_numbers
        else:
            return False
        return True

    def scroll_body(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEWHEEL or self.body_rect is None or \
                self.app.mouse is None or not self.body_rect.collidepoint(
                    self.app.mouse):
            return False
        if event.y < 0 and self.body_hidden:
            self.body_scroll += 1
        elif event.y > 0:
            self.body_scroll = max(0, self.body_scroll - 1)
        return True

    # -- what to draw ------------------------------------------------------------
    def ball_positions(self) -> Mapping[int, tuple[float, float, float]]:
        return {}

    def highlight(self) -> Iterable[int]:
        return ()

    def cushions(self) -> Iterable[str]:
        return ()

    def pocket(self) -> str | None:
        return None

    def chips(self) -> list[str]:
        return []

    def hint(self) -> str:
        return ""

    def short_hint(self) -> str:
        return ""

    def header(self) -> tuple[list[scoreboard.PlayerCard], list[str]]:
        if self.session is not None:
            return self.session.scoreboard()
        return [], []

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn between the table and the balls."""

    def draw_top(self, surface: pygame.Surface) -> None:
        """Drawn over the balls."""

    def draw(self, surface: pygame.Surface) -> None:
        self._refresh()
        a = self.layout
        surface.blit(self.renderer.surface, (0, 0))
        self.draw_overlay(surface)
        view = self.view
        for name in self.cushions():
            for rail in self.spec.rails:
                if rail.name == name:
                    pygame.draw.line(surface, HL, view.to_screen(*rail.start),
                                     view.to_screen(*rail.end), 6)
        pk = self.pocket()
        if pk:
            try:
                p = self.spec.pocket(pk)
            except (KeyError, ValueError):
                p = None
            if p is not None:
                pygame.draw.circle(surface, HL, view.to_screen(*p.mouth_centre),
                                   view.px(p.mouth_width * 0.7), 3)
        balls = dict(self.ball_positions())
        self.sprites.draw(surface, view, balls, self.highlight())
        self.draw_top(surface)
        if self.app.show_numbers:
            draw_numbers(surface, view, balls, self.spec)
        cards, centre = self.header()
        if cards:
            scoreboard.draw_scoreboard(surface, a.top, cards, centre, self.spec.name)
        else:
            pygame.draw.rect(surface, (14, 18, 17), a.top)
            if centre:
                ui.line(surface, centre[0], max(14, a.top.height // 3), ui.INK,
                        a.top.inflate(-32, 0), bold=True, valign="middle")
        self.draw_side(surface)
        self.draw_strip(surface, a.strip)

    def draw_strip(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The strip under the table: chips and hint, or a replay's timeline."""
        strip.draw_strip(surface, rect, self.chips(), self.hint(),
                       short=self.short_hint())

    def inset_height(self, width: int) -> int:
        """The height of a picture under the title (the side view); 0: none."""
        return 0

    def draw_inset(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """That picture."""


def table_positions(st: TableState) -> dict[int, tuple[float, float, float]]:
    r = st.spec.balls.radius
    return {b.ball: (b.x, b.y, r) for b in st.balls if b.where is Where.TABLE}


def after_positions(shot: Shot, after: GameState | None
                    ) -> dict[int, tuple[float, float, float]]:
    """The table once the ruling is carried out: balls the referee spots
    (a jumped ball, the 9) are shown on their spots. A cue ball the next
    player takes in hand is shown where it stopped."""
    if after is None:
        return table_positions(shot.final)
    out = table_positions(after.table)
    cue = shot.final.spec.balls.cue_ball
    if cue not in out:
        final = table_positions(shot.final)
        if cue in final:
            out[cue] = final[cue]
    return out


# -- the list of situations -----------------------------------------------------------
class PracticeListMode(Mode):
    """The library by discipline, titles in the player's language."""

    name = "practice"

    def enter(self) -> None:
        from simulator.practice.library import library
        forget_practice_session(self.app)
        self.lib = library()
        self.build()

    def resize(self) -> None:
        widgets.clear(self.app.gui)
        self.build()

    def entries(self) -> list[Any]:
        disc = state_of(self.app).discipline
        return list(self.lib.by_discipline(disc))

    def build(self) -> None:
        app = self.app
        st = state_of(app)
        w, h = app.size
        top = int(h * 0.25)
        bh = max(30, h // 20)
        from rules import registry
        games = registry.names()
        n = len(games)
        tab_w = min(200, (w - 80) // n)
        x0 = w // 2 - (tab_w * n + 6 * (n - 1)) // 2
        self.tabs: dict[str, UIButton] = {}
        for i, d in enumerate(games):
            b = UIButton(pygame.Rect(x0 + i * (tab_w + 6), top, tab_w, bh),
                         discipline_label(app.locale, d), app.gui,
                         command=app.later(self._tab(d)))
            if d == st.discipline:
                widgets.select(b)
            self.tabs[d] = b
        lw = min(w - 80, tab_w * n + 6 * (n - 1))
        list_rect = pygame.Rect(w // 2 - lw // 2, top + bh + 10, lw,
                                h - top - bh - 10 - (bh + 10) * 2 - 20)
        self.items: list[tuple[str, str]] = []
        for i, e in enumerate(self.entries()):
            label = f"{i + 1}. {e.title.get(app.locale.lang)}"
            self.items.append((label, e.id))
        default = next((lbl for lbl, sid in self.items if sid == st.selected), None)
        self.list = UISelectionList(list_rect, [lbl for lbl, _ in self.items],
                                    app.gui, default_selection=default)
        y = list_rect.bottom + 10
        names: list[tuple[str, Action]] = [
            (app.t("practice.open"), self.open_selected),
            (app.t("practice.quiz"), self.quiz),
            (app.t("practice.editor"), self.editor),
            (app.t("menu.foul_gallery"), self.gallery),
            (app.t("common.back"), self.leave),
        ]
        bw = (lw - 6 * (len(names) - 1)) // len(names)
        for i, (label, fn) in enumerate(names):
            UIButton(pygame.Rect(list_rect.left + i * (bw + 6), y, bw, bh), label,
                     app.gui, command=app.later(fn))
        if self.lib.errors:
            app.notify(app.t("practice.broken", n=len(self.lib.errors),
                             reason=self.lib.errors[0][1]), 6.0)

    def _tab(self, d: str) -> Action:
        def fn() -> None:
            state_of(self.app).discipline = d
            self.resize()
        return fn

    def selected_id(self) -> str | None:
        sel = self.list.get_single_selection()
        for lbl, sid in self.items:
            if lbl == sel:
                return sid
        return None

    def open_selected(self) -> None:
        sid = self.selected_id() or state_of(self.app).selected
        if sid is None:
            if not self.items:
                return
            sid = self.items[0][1]
        self.open(sid)

    def open(self, sid: str) -> None:
        from simulator.practice.scenario import ScenarioError
        state_of(self.app).selected = sid
        try:
            sc = self.lib.load(sid)
        except ScenarioError as e:
            self.app.notify(file_reason_text(self.app.locale, e, sid), 6.0)
            return
        self.app.switch(ScenarioMode(self.app, sc))

    def quiz(self) -> None:
        self.app.go("quiz", discipline=state_of(self.app).discipline)

    def editor(self) -> None:
        self.app.go("editor")

    def gallery(self) -> None:
        self.app.go("gallery")

    def leave(self) -> None:
        self.app.go("menu")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and \
                event.ui_element is self.list:
            state_of(self.app).selected = self.selected_id()
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION \
                and event.ui_element is self.list:
            self.app.later(self.open_selected)()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.leave()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.app.later(self.open_selected)()

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, self.app.t("practice.title"), self.app.t("practice.subtitle"))


def to_practice_list(app: App) -> None:
    app.go("practice")


# -- one situation: set up, watched or played, then the ruling ------------------------
@dataclass(frozen=True)
class Played:
    shot: Shot
    ruling: Ruling
    own: bool  # played by the player (else the recorded stroke)
    after: GameState | None = None  # the referee's state after the shot
    after_choice: GameState | None = None  # after the scenario's [choice]
    choice_error: RulesError | None = None  # the referee refused the recorded choice


class ScenarioMode(PracticeScreen):
    """A situation on the table. Phases: ``intro`` (the position and the
    question), ``playing`` (the stroke plays), ``ruling`` (the referee's
    ruling, the seed rule and the explanation; a slow replay pauses at each
    foul's event)."""

    name = "scenario"

    def __init__(self, app: App, sc: Scenario, played: Played | None = None,
                 back: Action | None = None) -> None:
        self.sc = sc
        self.back = back
        session = practice_session(app, sc, back)
        super().__init__(app, table_by_name(sc.table), session)
        self.played = played
        self.player: ShotPlayer | None = None
        self.show: Any = None  # the player's marks (simulator.app.replay.shotshow)
        self.trails = True
        self.phase = "intro"
        if played is not None:
            self._ruled(played)

    @property
    def psession(self) -> PracticeSession:
        assert isinstance(self.session, PracticeSession)
        return self.session

    # -- actions -----------------------------------------------------------------
    def watch(self, speed: float = 1.0) -> None:
        """Play the recorded stroke and judge it."""
        from simulator.physics import simulate
        sc = self.sc
        if sc.stroke is None:
            return
        try:
            shot = simulate(sc.position, sc.stroke)
            res = judge_result(sc, shot)
        except Exception as e:  # a fault in the physics or the referee: say it
            self.app.notify(self.app.t("error.physics", reason=repr(e)), 6.0)
            return
        self.played = Played(shot, res.ruling, own=False, after=res.after,
                             after_choice=res.after_choice,
                             choice_error=res.choice_error)
        self.player = ShotPlayer(shot, foul_stops(res.ruling) if speed < 1 else (),
                                 speed)
        self._show()
        self.phase = "playing"
        self.rebuild()

    def _show(self) -> None:
        """The trails, contacts, call, timeline and side view of the shot played."""
        from simulator.app.replay.shotshow import scenario_show
        if self.player is None or self.played is None:
            self.show = None
            return
        self.show = scenario_show(self.app.locale, self.sc, self.player.shot,
                                  self.player.playback, self.played.ruling)
        self.show.trails = self.trails

    def toggle_trails(self) -> None:
        self.trails = not self.trails
        if self.show is not None:
            self.show.trails = self.trails
        self.rebuild()

    def export(self) -> None:
        if self.played is None:
            return
        from simulator.app.replay.export import ShotExport
        self.app.open("export", job=ShotExport.from_scenario(
            self.sc, self.played.shot, self.played.ruling))

    def _ruled(self, played: Played) -> None:
        from rules.ruling import RulesError
        s = self.psession
        # The scoreboard shows the game after the shot (scores, fouls), or
        # after the recorded choice when the file makes one.
        after = played.after_choice or played.after
        if after is not None and not played.ruling.game_over:
            m = s.match
            before = m._stack[-1]
            m._stack[-1] = replace(before, game=after)
            try:
                s.refresh()
            except RulesError:
                m._stack[-1] = before
                s.refresh()
        s.shots = [(played.shot, played.ruling)]
        s.last_ruling = played.ruling
        s.banner = s.ruling_banner(played.ruling)
        self.phase = "ruling"

    def enter(self) -> None:
        super().enter()
        if self.choice_pending():
            self.ask_choice()

    def choice_pending(self) -> bool:
        """After the player's own stroke, the ruling gives the incoming
        player options: the practice goes on as in a match."""
        if self.phase != "ruling" or self.played is None or not self.played.own:
            return False
        s = self.psession
        req = s.req
        if req is None or s.over:
            return False
        # Express: a player written down to zero may sign back in.
        return bool(req.pending) or bool(getattr(req, "may_sign", ()))

    def ask_choice(self) -> None:
        s = self.psession
        self.app.session = s  # the game's dialogs act on it
        req = s.req
        self.app.open("choice" if req is not None and req.pending else "sign")

    def choice_lines(self) -> list[str]:
        """The recorded choice after the ruling and the state it leads to."""
        played, step = self.played, self.sc.choice
        if played is None or played.own or step is None:
            return []
        t = self.app.t
        s = self.psession
        chooser = played.ruling.chooser
        who = s.name(chooser) if chooser is not None else ""
        if step.arg is not None and "player" in (self.sc.data.get("choice") or {}):
            who = s.name(step.arg)
        out = [t("practice.choice_made", name=who,
                 choice=t(f"choice.{step.choice.value}"))]
        if played.choice_error is not None:
            why = reason_text(self.app.locale, played.choice_error, s.names)
            return [*out, t("practice.choice_refused", reason=why)]
        g = played.after_choice
        if g is not None:
            out.append(t("practice.after_choice", name=s.name(g.shooter),
                         hand=t(f"bih.{g.ball_in_hand.value}")))
            from rules import registry
            if registry.info(self.sc.discipline).scoring == "points":
                out.append(t("practice.scores_now", scores=", ".join(
                    f"{s.name(i)} {v}" for i, v in enumerate(g.scores))))
        return out

    def replay_slow(self) -> None:
        if self.played is None:
            return
        self.player = ShotPlayer(self.played.shot, foul_stops(self.played.ruling),
                                 0.25)
        self._show()
        self.phase = "replay"
        self.rebuild()

    def play_yourself(self) -> None:
        play_position(self.app, practice_session(self.app, self.sc, self.back))

    def edit(self) -> None:
        st = state_of(self.app)
        st.editor = self.sc.to_dict()
        self.app.go("editor")

    def leave(self) -> None:
        if self.back is not None:
            self.back()
        else:
            to_practice_list(self.app)

    def toggle_pause(self) -> None:
        if self.player is None:
            return
        pb = self.player.playback
        if pb.at_end:
            self.player.restart()
        else:
            pb.paused = not pb.paused

    # -- screen -------------------------------------------------------------------
    def build(self) -> None:
        app = self.app
        t = app.t
        sc = self.sc
        lang = app.locale.lang
        trails_at = -1
        if self.phase in ("playing", "replay"):
            items: list[tuple[str, Action | None]] = [
                (t("replay.pause"), self.toggle_pause),
                (t("replay.restart"), self._restart),
                (t("shots.trails"), self.toggle_trails),
                (t("practice.skip"), self._skip),
            ]
            trails_at = 2
        elif self.phase == "intro":
            items = [
                (t("practice.watch"), self.watch if sc.stroke is not None else None),
                (t("practice.play"), self.play_yourself),
                (t("practice.edit"), self.edit),
                (t("common.back"), self.leave),
            ]
        else:
            items = [
                (t("practice.replay_slow"), self.replay_slow),
                (t("shots.export"), self.export),
                *([(t("practice.choose"), self.ask_choice)]
                  if self.choice_pending() else []),
                (t("practice.watch"), self.watch if sc.stroke is not None else None),
                (t("practice.play"), self.play_yourself),
                (t("common.back"), self.leave),
            ]
        buttons = self.side_buttons(items)
        if trails_at >= 0:
            buttons[trails_at].selected = self.trails
        self.side_text(scenario_title(sc, lang), self.body())

    def body(self) -> str:
        t = self.app.t
        sc = self.sc
        lang = self.app.locale.lang
        lines: list[str] = [discipline_label(self.app.locale, sc.discipline)]
        if self.phase == "intro":
            if sc.question is not None:
                lines.append(sc.question.text.get(lang))
            lines.append(t("practice.intro_watch") if sc.stroke is not None
                         else t("practice.intro_play"))
            return "\n".join(lines)
        if self.phase == "playing":
            return "\n".join([*lines, t("practice.watching")])
        s = self.psession
        if s.banner is not None:
            lines += ["", s.banner.title, *s.banner.all_lines]
        choice = self.choice_lines()
        if choice:
            lines += ["", *choice]
        if self.played is not None and not self.played.own:
            rl = rule_line(self.app.locale, sc)
            if rl:
                lines += ["", rl]
            lines += ["", sc.explanation.get(lang)]
            problems = self.check()
            if problems:
                lines += ["", t("practice.mismatch"), *problems]
        elif self.played is not None:
            lines += ["", t("practice.own_shot")]
            rl = rule_line(self.app.locale, sc)
            if rl:
                lines += [rl]
        return "\n".join(lines)

    def check(self) -> list[str]:
        """Differences between the referee's ruling and the file's [expect]."""
        from simulator.practice.scenario import check_result, play_scenario
        if self.played is None or not self.sc.expect:
            return []
        try:
            return check_result(self.sc, play_scenario(self.sc, self.played.shot))
        except Exception as e:  # shown, not raised: the screen stays usable
            return [repr(e)]

    def _restart(self) -> None:
        if self.player is not None:
            self.player.restart()

    def _skip(self) -> None:
        if self.player is not None:
            pb = self.player.playback
            pb.stops = []
            pb.seek(pb.end_time)
            pb.paused = False
        self._finish()

    def _finish(self) -> None:
        if self.played is not None:
            self._ruled(self.played)
        self.player = None
        self.show = None
        self.rebuild()

    def update(self, dt: float) -> None:
        if self.player is None:
            return
        new = self.player.update(dt)
        if new and self.phase == "playing":
            self.app.sound.play_events(new)
        if self.player.done and self.phase == "playing":
            self._finish()

    def handle(self, event: pygame.event.Event) -> None:
        show = self.show
        if show is not None and show.mouse(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_t and \
                show is not None:
            self.toggle_trails()
            return
        if self.scroll_body(event) or self.common_key(event) or \
                (show is not None and show.key(event)) or \
                event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_x and self.played is not None and \
                self.phase != "playing":
            self.export()
        elif event.key == pygame.K_ESCAPE:
            if self.phase in ("playing", "replay"):
                self._skip()
            else:
                self.leave()
        elif event.key == pygame.K_SPACE:
            if self.phase == "intro" and self.sc.stroke is not None:
                self.watch()
            else:
                self.toggle_pause()
        elif event.key == pygame.K_p and self.phase != "playing":
            self.play_yourself()
        elif event.key == pygame.K_RIGHT and self.player is not None:
            self.player.playback.step(1)
        elif event.key == pygame.K_LEFT and self.player is not None:
            self.player.playback.step(-1)

    def ball_positions(self) -> Mapping[int, tuple[float, float, float]]:
        if self.player is not None:
            return self.player.positions()
        if self.phase == "ruling" and self.played is not None:
            return after_positions(self.played.shot, self.played.after)
        return table_positions(self.sc.position)

    def highlight(self) -> Iterable[int]:
        return self.player.highlight() if self.player is not None else ()

    def cushions(self) -> Iterable[str]:
        return self.player.cushions() if self.player is not None else ()

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self.show is not None:
            self.show.draw_under(surface, self.view, self.ball_positions())

    def draw_top(self, surface: pygame.Surface) -> None:
        if self.show is not None:
            self.show.draw_over(surface, self.view)

    def draw_strip(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if self.show is None:
            super().draw_strip(surface, rect)
        else:
            self.show.draw_timeline(surface, rect, self.short_hint())

    def inset_height(self, width: int) -> int:
        return self.show.inset_height(width) if self.show is not None else 0

    def draw_inset(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if self.show is not None:
            self.show.draw_inset(surface, rect)

    def pocket(self) -> str | None:
        return self.player.pocket() if self.player is not None else None

    def chips(self) -> list[str]:
        t = self.app.t
        out: list[str] = []
        if self.player is not None:
            pb = self.player.playback
            out.append(t("replay.status", speed=_speed(pb.speed), t=f"{pb.time:.2f}"))
            if pb.paused:
                out.append(t("replay.paused"))
            if self.player.current is not None and self.played is not None:
                for f in self.played.ruling.fouls:
                    if f.event_index is not None and \
                            self.played.shot.events[f.event_index] is \
                            self.player.current[1]:
                        out.append(cite(self.app.locale, f.code, f.ref))
        elif self.played is not None:
            out += shot_chips(self.app.locale, self.played.shot)
        return out

    def hint(self) -> str:
        return self.app.t("practice.hint")

    def short_hint(self) -> str:
        return self.app.t("practice.hint_short")


def _speed(v: float) -> str:
    return {0.25: "1/4", 0.5: "1/2", 1.0: "1×"}.get(v, f"{v:g}×")


# -- the player's own stroke: the game's aiming screens, back to the ruling ------------
class PracticeAimMode(AimMode):
    def side_buttons(self) -> list[ui.Button]:
        return [*super().side_buttons(),
                ui.Button(self.app.t("practice.back_to_situation"), self.back,
                          ident="back")]

    def place_mode(self) -> type[PlaceMode]:
        return PracticePlaceMode

    def back(self) -> None:
        s = self.session
        if isinstance(s, PracticeSession):
            self.app.switch(ScenarioMode(self.app, s.scenario, back=s.back))

    def play_mode(self) -> type[PlayMode]:
        return PracticePlayMode


class PracticePlaceMode(PlaceMode):
    def aim_mode(self) -> type[AimMode]:
        return PracticeAimMode


class PracticePlayMode(PlayMode):
    """The player's stroke, played while computed; then the practice ruling."""

    def abandon(self, message: str) -> None:
        self.app.notify(message, 6.0)
        self.finished = True
        self.app.later(lambda: self.app.switch(PracticeAimMode(self.app)))()

    def finish(self, shot: Shot) -> None:
        self.finished = True
        s = self.session
        if not isinstance(s, PracticeSession):
            super().finish(shot)
            return
        try:
            res = judge_result(s.scenario, shot, self.decl)
        except Exception as e:  # a fault inside the referee: keep the window
            self.app.notify(self.app.t("error.referee", reason=repr(e)), 6.0)
            self.app.switch(ScenarioMode(self.app, s.scenario, back=s.back))
            return
        played = Played(shot, res.ruling, own=True, after=res.after)
        self.app.switch(ScenarioMode(self.app, s.scenario, played, back=s.back))


def play_position(app: App, s: PracticeSession) -> None:
    """The player's own stroke from a practice position (ball in hand first
    when the referee gives it)."""
    app.session = s
    req = s.req
    if req is not None and req.ball_in_hand.value != "none":
        app.switch(PracticePlaceMode(app))
    else:
        app.switch(PracticeAimMode(app))


# -- opening a file --------------------------------------------------------------------
def open_scenario_file(app: App, path: str | Path) -> bool:
    """Open a scenario file in practice mode; a bad file is a message in the
    window (and on stderr), never a crash."""
    import sys

    from simulator.practice.scenario import ScenarioError, load_scenario
    try:
        sc = load_scenario(path)
    except ScenarioError as e:
        print(f"kiy: {app.t('practice.bad_file', reason=str(e))}", file=sys.stderr)
        msg = app.t("practice.bad_file",
                    reason=file_reason_text(app.locale, e, Path(path).name))
        to_practice_list(app)
        app.open("message", title=app.t("practice.bad_file_title"), body=msg)
        return False
    app.switch(ScenarioMode(app, sc))
    if sc.repaired > 0:  # said, not hidden (simulator.table.resting.settle)
        app.notify(app.t("practice.repaired", um=f"{sc.repaired * 1e6:.0f}"), 8.0)
    return True
