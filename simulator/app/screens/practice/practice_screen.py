"""The practice screens' shared layout: the scoreboard on top, the table on
the left, a column of widgets on the right (a title, a text that scrolls,
buttons) and the event strip at the bottom.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

import pygame

from simulator.app.loop.app import App, Mode
from simulator.app.match.session import Session
from simulator.app.table import scoreboard, strip
from simulator.app.table.render import (
    BallSprites,
    TableRenderer,
    draw_marked_places,
    draw_numbers,
)
from simulator.app.table.view import Layout, TableView, text_size
from simulator.app.text import ui, widgets
from simulator.table.events import Shot
from simulator.table.specs import TableSpec
from simulator.table.state import TableState, Where

if TYPE_CHECKING:
    from rules.game import GameState


HL = (255, 70, 60)  # highlight colour of the balls, cushions and pockets involved
Action = Callable[[], None]


class PracticeScreen(Mode):
    """Base of the practice screens that show a table: the game screen's
    layout (scoreboard, table, side column, strip) with a title, a text that
    scrolls and a column of buttons in the side column."""

    message_in_side = True  # a message's place kept above the side text
    # Buttons two a row keep their key caps (under words they would break):
    # the foul gallery's keys were gone at the foul only, its text longest.
    caps_in_pairs = False
    # The first button stands for two (the gallery's Replay at a clip's end,
    # where Pause and Restart stood): a row of its own in pairs, the room of
    # two in a column, so the buttons under it stay where they were.
    wide_first = False
    # Buttons always two a row, whatever the text: the foul gallery laid a
    # short clip's out in a column and a long one's in pairs, and "Next"
    # stood elsewhere from one foul to the next.
    always_pairs = False
    # The pool table's head string in the table's picture: the gallery and
    # the quiz go without (their shot's marks draw it where its rules name
    # it; a line no rule needs was read as meaning something).
    head_string = True

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
        self._message_rect: pygame.Rect | None = None  # a message's place
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
        self.renderer = TableRenderer(self.spec, self.view, self.app.size,
                                      head_string=self.head_string)
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
        # The place kept for it in the side column: in the strip a message
        # hid the timeline ("Saved ....png" over the gallery's foul).
        return self._message_rect or self.layout.strip

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
            # A long title a point or two smaller where that keeps it one
            # line: its second line cut the text below at 800x500.
            tsize = next((s for s in (size + 2, size + 1, size) if len(
                ui.wrap(self.side_title, s, inner.width, bold=True)) == 1), size + 2)
            y += ui.paragraph(surface, self.side_title, tsize, ui.ACCENT,
                              pygame.Rect(inner.left, y, inner.width, 400),
                              bold=True) + 6
        self._dock = pygame.Rect(inner.left, y, inner.width, inner.bottom - y)
        self._message_rect = None
        if self.app.dialogs:
            return  # a dialog docks here
        mh = self.app.toast_height(inner.width) if self.message_in_side else 0
        if mh:
            self._message_rect = pygame.Rect(inner.left, y, inner.width, mh)
            y += mh + 6
        ih = self.inset_height(inner.width)
        if ih:
            self.draw_inset(surface, pygame.Rect(inner.left, y, inner.width, ih))
            y += ih + 6
        bsize = max(11, size - 1)
        buttons = self.side_btns
        bh = self._column_height(inner.width, bsize)
        btop = inner.bottom - bh
        if self._buttons_in_pairs(inner, size, bsize, btop - y - 8):
            btop = inner.bottom - self._pairs_height(inner.width, bsize)
            ui.grid(buttons, pygame.Rect(inner.left, btop, inner.width, 0), bsize,
                    wide_first=self.wide_first)
        else:
            yy = inner.bottom - sum(b.measure(inner.width, bsize) + 6 for b in buttons)
            for b in buttons:
                yy += b.place(inner.left, yy, inner.width, bsize) + 6
        for b in buttons:
            b.draw(surface, self.app.mouse)
        foot = self.side_foot()
        fsize = max(10, size - 2)
        feet = ui.wrap(foot, fsize, inner.width) if foot else []
        fh = len(feet) * ui.line_height(fsize) + 4
        if feet and self._keeps_room(size, inner.width, btop - y - 8 - fh):
            btop -= fh
            for i, ln in enumerate(feet):
                ui.line(surface, ln, fsize, ui.DIM, pygame.Rect(
                    inner.left, btop - 4 + i * ui.line_height(fsize), inner.width,
                    ui.line_height(fsize)))
        self.draw_body(surface, pygame.Rect(inner.left, y, inner.width,
                                            btop - y - 8), size)

    def _buttons_in_pairs(self, inner: pygame.Rect, size: int, bsize: int,
                          room: int) -> bool:
        """Whether a low window lays the buttons out two a row, their key
        caps left to the strip's hint (``caps_in_pairs``: kept): a column of
        eight buttons under a side view left the foul gallery's explanation
        one line at 800x500.
        Wherever the text would otherwise lose lines and pairs are lower:
        six lines kept still cut the gallery's explanation ("3 more below")."""
        buttons = self.side_btns
        lh = ui.line_height(size)
        need = self.layout_lines(size, inner.width) * lh
        if len(buttons) < 4 or (room >= need and not self.always_pairs):
            for b in buttons:  # (caps back where a column has the room)
                b.key = getattr(b, "cap", b.key)
            return False
        for b in buttons:
            b.cap = getattr(b, "cap", b.key)  # type: ignore[attr-defined]
            b.cap_under = self.caps_in_pairs
            if not self.caps_in_pairs:
                b.key = ""
        one_column = self._column_height(inner.width, bsize)
        if self.always_pairs or self._pairs_height(inner.width, bsize) < one_column:
            return True
        for b in buttons:
            b.key = b.cap  # type: ignore[attr-defined]
        return False

    def layout_lines(self, size: int, width: int) -> int:
        """The side text's lines the buttons' layout is chosen for: the
        text's own (a screen whose text changes may say its longest)."""
        return len(ui.wrap(self.side_body, size, width)) if self.side_body else 0

    def _pairs_height(self, width: int, bsize: int) -> int:
        probe = pygame.Rect(0, 0, width, 0)
        return ui.grid(self.side_btns, probe, bsize,
                       wide_first=self.wide_first) - probe.top

    def _column_height(self, width: int, bsize: int) -> int:
        heights = [b.measure(width, bsize) + 6 for b in self.side_btns]
        return sum(heights) + (heights[0] if self.wide_first and heights else 0)

    def _body_height(self, size: int, width: int) -> int:
        lh = ui.line_height(size)
        lines = ui.wrap(self.side_body, size, width) if self.side_body else []
        return sum(self.row_height(ln, lh) for ln in lines)

    def _body_size(self, size: int, width: int, room: int) -> int:
        """The side text's size: a point smaller (not below 11) where that
        shows it whole (the gallery's Russian explanations were cut at
        800x500)."""
        return next((s for s in (size, size - 1) if s >= 11 and
                     self._body_height(s, width) <= room), size)

    def row_height(self, line: str, lh: int) -> int:
        """A line of the side text's height (a screen may keep a blank
        line as high as the words that take its place)."""
        return _row_height(line, lh)

    def _keeps_room(self, size: int, width: int, room: int) -> bool:
        """Whether the side text shows whole in ``room``."""
        return self._body_height(self._body_size(size, width, room), width) <= room

    def side_foot(self) -> str:
        """A line over the buttons, shown only where the side text keeps
        all its room ("" for none)."""
        return ""

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect, size: int) -> None:
        """The side text: wrapped lines from the scroll position, as many as
        fit (at :meth:`_body_size`)."""
        self.body_rect = box
        size = self._body_size(size, box.width, box.height)
        lh = ui.line_height(size)
        lines = ui.wrap(self.side_body, size, box.width) if self.side_body else []

        def fitting(start: int, room: int) -> int:
            used, n = 0, 0
            for ln in lines[start:]:
                used += self.row_height(ln, lh)
                if used > room:
                    break
                n += 1
            return n

        room = box.height
        if fitting(0, room) < len(lines) and room >= 2 * lh:
            # A line to say there is more, where a line of the text stays
            # beside it (in a room of one line Down counted lines and showed
            # none of them).
            room -= lh
        last = len(lines)
        while last and fitting(last - 1, room) == len(lines) - last + 1:
            last -= 1
        self.body_scroll = min(self.body_scroll, last)
        shown = lines[self.body_scroll:self.body_scroll + fitting(self.body_scroll,
                                                                  room)]
        y = box.top
        for ln in shown:
            ui.line(surface, ln, size, ui.INK, pygame.Rect(box.left, y, box.width, lh))
            y += self.row_height(ln, lh)
        self.body_hidden = len(lines) - self.body_scroll - len(shown)
        if self.body_hidden or self.body_scroll:
            key = "practice.more" if self.body_hidden else "practice.top"
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
        """The wheel over the side text, or Down and Up (the gallery's text
        at 800x500 went on below, the wheel the one way to it)."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_UP):
            down = event.key == pygame.K_DOWN
            if not (self.body_hidden if down else self.body_scroll):
                return False
            self.body_scroll = self.body_scroll + 1 if down else self.body_scroll - 1
            return True
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
        # A scene is no match: "race to 5 · game 1" meant nothing to a class.
        if self.session is not None:
            return self.session.scoreboard(race=False)
        return [], []

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn between the table and the balls."""

    def draw_top(self, surface: pygame.Surface) -> None:
        """Drawn over the balls."""

    def draw(self, surface: pygame.Surface) -> None:
        self._refresh()
        a = self.layout
        surface.blit(self.renderer.surface, (0, 0))
        view = self.view
        balls = dict(self.ball_positions())
        self.sprites.draw_shadows(surface, view, balls)
        self.draw_overlay(surface)
        draw_marked_places(surface, view, self.spec, self.cushions(), self.pocket(), HL)
        self.sprites.draw(surface, view, balls, self.highlight(), shadows=False)
        self.draw_top(surface)
        if self.app.show_numbers:
            draw_numbers(surface, view, balls, self.spec)
        cards, centre = self.header()
        if cards:
            scoreboard.draw_scoreboard(surface, a.top, cards, centre, self.spec.name)
        else:
            pygame.draw.rect(surface, (14, 18, 17), a.top)
            if len(centre) > 1:
                # A line under the heading (the quiz's end says whose
                # table stands under it).
                box = a.top.inflate(-32, 0)
                half = box.height // 2
                ui.line(surface, centre[0], max(14, a.top.height // 3), ui.INK,
                        pygame.Rect(box.x, box.y, box.width, half + 4), bold=True,
                        valign="bottom")
                ui.line(surface, centre[1], max(12, a.top.height // 4), ui.DIM,
                        pygame.Rect(box.x, box.y + half + 4, box.width,
                                    box.height - half - 4))
            elif centre:
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


def _row_height(line: str, lh: int) -> int:
    """A line of the side text's height: an empty one a small gap, the
    words get the room."""
    return lh if line.strip() else lh // 3


def table_positions(st: TableState) -> dict[int, tuple[float, float, float]]:
    r = st.spec.balls.radius
    return {b.ball: (b.x, b.y, r) for b in st.balls if b.where is Where.TABLE}


def after_positions(shot: Shot, after: GameState | None
                    ) -> dict[int, tuple[float, float, float]]:
    """The table once the ruling is carried out: balls the referee spots
    (a jumped ball, the 9) are shown on their spots. A cue ball the next
    player takes in hand is shown where the stroke left it (none when it
    left the table): the referee's state holds it on a default spot for the
    placing only. Where it stopped inside a new rack, the spot stays."""
    if after is None:
        return table_positions(shot.final)
    out = table_positions(after.table)
    cue = shot.final.spec.balls.cue_ball
    final = table_positions(shot.final).get(cue)
    if after.ball_in_hand.value == "none":
        if cue not in out and final is not None:
            out[cue] = final
        return out
    spot = out.pop(cue, None)
    if final is None:
        return out
    if any(math.hypot(x - final[0], y - final[1]) < r + final[2]
           for x, y, r in out.values()):
        if spot is not None:
            out[cue] = spot
        return out
    out[cue] = final
    return out
