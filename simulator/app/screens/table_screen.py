"""The game screen's shared drawing: the table and its balls, the scoreboard,
the side column (whose turn it is, the ruling card, the aim controls and the
buttons) and the strip under the table. The aiming, placing, playing, replay
and lag modes are built on it.

Nothing but the balls, the cue and the aiming marks is drawn over the table:
rulings, choices and dialogs live in the side column, messages in the strip
(the ruling read whole, asked for with V or a click, covers the window until
closed).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import pygame

from simulator.app.loop.app import App, Mode
from simulator.app.match.session import Session
from simulator.app.match.turns import redo, undo
from simulator.app.table import aim_controls, ruling_card, scoreboard, strip
from simulator.app.table.aim import MAX_SPEED, Aim
from simulator.app.table.render import (
    BallSprites,
    TableRenderer,
    draw_head_string,
    draw_numbers,
)
from simulator.app.table.view import Layout, TableView, text_size
from simulator.app.text import fonts, ui
from simulator.physics.cue import ball_speed
from simulator.table.specs import CUE_BALL
from simulator.table.state import TableState, Where

CARD_NOTE_SIZE = 12  # the ruling card's fold button and its "N more" hint, at least


def with_cue_at_end(balls: dict[int, tuple[float, float, float]],
                    cue_end: tuple[bool, tuple[float, float] | None],
                    radius: float) -> dict[int, tuple[float, float, float]]:
    """The balls drawn with the cue ball where ``cue_end`` (cue_at_end)
    says the finished game left it."""
    mine, lies = cue_end
    if mine and lies is None:
        balls.pop(CUE_BALL, None)
    elif mine and lies is not None:
        balls[CUE_BALL] = (*lies, radius)
    return balls


def cue_at_end(s: Session) -> tuple[bool, tuple[float, float] | None]:
    """Where the finished game's cue ball lies, when the referee's table
    says otherwise (True and the place; None: on no place of the table).
    With the ball in hand the referee keeps it on a spot for the next
    stroke, a stroke never to be played: it lies where the last shot left
    it (nowhere after a scratch), or, given up before it was put down
    (the break's ball in hand), nowhere."""
    from rules.ruling import BallInHand
    m = s.match
    steps = m.history
    if not steps:
        return False, None
    last = len(steps) - 1
    if steps[last].get("type") != "shot":
        if m.state_before(last).ball_in_hand is BallInHand.NONE:
            return False, None  # it lies where it stopped: the table has it there
        last -= 1
        while last >= 0 and steps[last].get("type") == "choice":
            last -= 1  # (a choice after the foul that gave the ball in hand)
        if last < 0 or steps[last].get("type") != "shot":
            return True, None  # in hand, never put down
    final = (steps[last].get("shot") or {}).get("final")
    if final is None:
        return False, None
    return True, TableState.from_dict(final).position(CUE_BALL)


def ruling_names_line(ruling: object, codes: Iterable[str]) -> bool:
    """Whether a ruling names the head string: a ball in hand behind it, a
    choice of one, or a foul or note of its rules (``codes``)."""
    from rules.ruling import Ruling
    if not isinstance(ruling, Ruling):
        return False
    return ruling.ball_in_hand.value == "kitchen" or \
        any("kitchen" in c.value for c in ruling.options) or \
        any(c in codes for c in ruling.codes())


class Scene:
    """The static pictures for the current table and window size, cached."""

    def __init__(self, app: App, session: Session) -> None:
        self.key: tuple[object, ...] = ()
        self.app = app
        self.session = session
        self.refresh()

    def refresh(self) -> None:
        spec = self.session.spec
        rows = 1 if len(self.session.names) <= 4 else 2
        key = (spec.name, self.app.size, rows)
        if key == self.key:
            return
        self.key = key
        self.layout = Layout.for_size(*self.app.size, score_rows=rows)
        self.view = TableView(spec, self.layout.table)
        # (no head string: drawn over it while a rule names it)
        self.table = TableRenderer(spec, self.view, self.app.size, head_string=False)
        self.balls = BallSprites(spec, self.view.ball_px)
        self.panel = aim_controls.PanelRects.inside(self.layout.side.inflate(-20, -16))


def scene_for(app: App, session: Session) -> Scene:
    sc = app.scene if isinstance(app.scene, Scene) else None
    if sc is None or sc.session is not session:
        sc = Scene(app, session)
        app.scene = sc
    sc.refresh()
    return sc


def fits(heights: list[int], room: int) -> int:
    """How many of the paragraphs (their heights, in order) fit whole in
    ``room`` pixels."""
    used = 0
    for k, h in enumerate(heights):
        used += h
        if used > room + 4:  # (the last one's gap under it is spare)
            return k
    return len(heights)


class TableMode(Mode):
    """Base of the modes that show the table."""

    panel_active = False  # the aim controls take input
    controls = True  # the aim controls are shown
    extra_gap = 0  # the room left under the extra lines as last drawn
    extra_rows_last = 0  # the rows of them the card's note counted last frame
    note_gap = 0  # the room left under the note saying those cut, if drawn
    # The open card's height above its least (what happened and who is
    # next), as last drawn: room it can give up by scrolling.
    card_spare = 0
    controls_said = ""  # the aim controls' settings said in their place
    said_room = 0  # the row kept for them at the column's foot, as last drawn
    # The first extra line was drawn in its one-row form (the whole did not fit).
    extra_shortened = False
    CONTROLS_LEAST = 104  # the aim controls' least height (800x500's)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        # The first of the side's extra words (a hint asked for) did not fit.
        self.first_extra_hidden: bool | None = None
        self.extra_hidden = 0  # how many of them did not fit
        assert app.session is not None
        self.session: Session = app.session
        self.scene = scene_for(app, self.session)
        self.banner_rect: pygame.Rect | None = None
        # The open card's room, as drawn, and what it said (shown as it was
        # under a dialog at the column's foot).
        self._card_drawn: tuple[pygame.Rect, ruling_card.Banner, int] | None = None
        # The ruling card's rows that did not fit, as the card reader lays
        # them out: the "N more" it says.
        self.banner_hidden = 0  # the N of the card's "N more" (0: none)
        self.card_below = 0  # the card's own rows of it
        self._card_foot: tuple[pygame.Rect, int, ui.Button, int, int, int] | None = None
        self.banner_down = 0  # the card's first row after a notch down
        self.ruling_marks: tuple[pygame.Rect, ...] = ()  # the ruling's lines, marked
        self._dock: pygame.Rect | None = None
        self._buttons: list[ui.Button] = []
        self._row: list[ui.Button] = []  # compact_buttons, as drawn
        self._bottom: list[ui.Button] = []  # bottom_buttons, as drawn
        self._bottom_row = False

    @property
    def aim(self) -> Aim:
        return self.session.aim

    def stroke_aim(self) -> Aim:
        """The aim the stroke is played with (the cue raised over a ball
        where the stick would lie on it): the stick and the gauges show it."""
        return self.aim

    @property
    def layout(self) -> Layout:
        return self.scene.layout

    def resize(self) -> None:
        self.scene = scene_for(self.app, self.session)

    def message_area(self) -> pygame.Rect | None:
        return self.layout.strip

    def keep_clear(self) -> pygame.Rect | None:
        return self.scene.view.outer_rect()

    def dock(self) -> pygame.Rect | None:
        if self._dock is None:
            side = self.layout.side.inflate(-20, -16)
            return pygame.Rect(side.left, side.top + 50, side.width, side.height - 50)
        return self._dock

    def kept_heading(self, small: bool = True) -> int:
        """The height of who is at the table (the heading's first lines)
        and of the line under it (where the cue ball is), which a menu at
        the column's foot leaves in view (2 px under it: a name of two lines
        leaves the menu room for its 11 buttons at 800x500, where it took
        the whole column and hid who shoots; «биток там, где лежит» too)."""
        big, under = self.heading()
        if not big:
            return 0
        inner = self.layout.side.inflate(-20, -16)
        size = text_size(self.app.size)
        h = ui.paragraph(None, big, size + 3, ui.ACCENT,
                         pygame.Rect(0, 0, inner.width, 200), bold=True)
        if small and under:  # (its line's leading is room enough under it)
            return h + ui.paragraph(None, under, size - 1, ui.DIM,
                                    pygame.Rect(0, 0, inner.width, 200))
        return h + 2

    # -- what to draw -------------------------------------------------------
    def head_string_matters(self) -> bool:
        """Whether the head string is drawn: at the break, with the ball in
        hand behind it, or under a ruling card that names it (the rules the
        replay marks it for); not at all otherwise (a faint line was still
        read as a rule in play): 9-ball names it after its break nowhere,
        8-ball and 14.1 only after a scratch."""
        from simulator.app.replay.shotmarks import LINE_CODES
        s = self.session
        req = s.req
        if req is not None and (req.is_break or req.ball_in_hand.value == "kitchen"):
            return True
        return s.banner is not None and ruling_names_line(s.last_ruling, LINE_CODES)

    def shown_table(self) -> TableState:
        """The position drawn: the next shot's (a game's end shows the
        ended game's)."""
        return self.session.table

    def ball_positions(self) -> dict[int, tuple[float, float, float]]:
        r = self.session.spec.balls.radius
        return {b.ball: (b.x, b.y, r) for b in self.shown_table().balls
                if b.where is Where.TABLE}

    def board(self) -> tuple[list[scoreboard.PlayerCard], list[str]]:
        """The scoreboard's player cards and centre lines."""
        return self.session.scoreboard()

    def highlight(self) -> Iterable[int]:
        return ()

    def hint(self) -> str:
        return ""

    def short_hint(self) -> str:
        """The hint for a narrow window (the hint's key with "_short")."""
        return ""

    def chips(self) -> list[str]:
        return []

    def warnings(self) -> list[str]:
        return []

    def shorter_warnings(self) -> dict[str, str]:
        """Warnings' shorter words, for a strip too narrow for them."""
        return {}

    def heading(self) -> tuple[str, str]:
        """The side column's first lines: who is at the table, and what for."""
        s = self.session
        req = s.req
        if req is None:
            return "", ""
        if req.pending and req.chooser is not None:
            return self.app.t("side.chooses", name=s.name(req.chooser)), ""
        return (self.app.t("side.to_shoot", name=s.name(req.shooter)),
                self.app.t(f"bih.{req.ball_in_hand.value}"))

    def side_buttons(self) -> list[ui.Button]:
        """The buttons at the bottom of the side column."""
        return []

    def review_buttons(self) -> list[ui.Button]:
        """Replay, undo, redo and the menu: the buttons a turn's column and
        a game's end share."""
        app = self.app
        t = app.t
        s = self.session
        allow = app.settings.allow_undo
        return [
            ui.Button(t("panel.replay"), self.replay if s.shots else None, key="R",
                      ident="replay"),
            ui.Button(t("panel.undo"), (lambda: undo(app)) if allow and s.can_undo()
                      else None, key="U", ident="undo"),
            ui.Button(t("panel.redo"), (lambda: redo(app)) if allow and s.can_redo()
                      else None, key="Y", ident="redo"),
            ui.Button(t("panel.menu"), lambda: app.open("pause"), key="Esc",
                      ident="menu"),
        ]

    def replay(self) -> None:
        if self.session.shots:
            self.app.go("replay")  # it comes back to this screen

    def side_extra(self) -> list[str]:
        """Lines shown between the ruling card and the aim controls."""
        return []

    def kept_lines(self) -> list[str]:
        """Why each score last moved (Express), said until it moves again
        on every screen of play: shown only while aiming, a "−5" under a
        score said nothing of why once its card had gone."""
        s = self.session
        return [s.point_change_words(c) for c in s.kept_changes()]

    def side_note(self) -> str:
        """One line above the heading (a person's last ruling while the
        computer plays); empty: none."""
        return ""

    def note_drawn(self, rect: pygame.Rect) -> None:
        """The side note was drawn in ``rect``."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn between the table and the balls (regions, guide lines)."""

    def draw_top(self, surface: pygame.Surface) -> None:
        """Drawn over the balls (cue stick, markers)."""

    def show_banner(self) -> bool:
        return not self.app.dialogs

    def card(self) -> ruling_card.Banner | None:
        """The ruling card of the side column: the match's last ruling (a
        replay shows its own shot's)."""
        return self.session.banner

    def card_as_shown(self, inner: pygame.Rect, size: int) -> ruling_card.Banner | None:
        """:meth:`card` as the column shows it: after a break the legality,
        then who plays next, both whole; where the whole column cannot keep
        both (a three-row turn in Russian at 800x500), who plays next first,
        whole as ever."""
        banner = self.card()
        if banner is None or banner.lead < 2:
            return banner
        room = self._controls_top(inner, size) - inner.top - 6 - \
            self.inset_height(inner.width) - self._fold_button(inner.width, size)[2] - 4
        return ruling_card.lead_fitted(banner, inner.width, size, room)

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.scene
        surface.blit(sc.table.surface, (0, 0))
        if self.head_string_matters():
            draw_head_string(surface, sc.view)
        balls = self.ball_positions()
        sc.balls.draw_shadows(surface, sc.view, balls)
        self.draw_overlay(surface)
        sc.balls.draw(surface, sc.view, balls, self.highlight(), shadows=False)
        self.draw_top(surface)
        if self.app.show_numbers:
            draw_numbers(surface, sc.view, balls, self.session.spec)
        lay = self.layout
        cards, centre = self.board()
        scoreboard.draw_scoreboard(surface, lay.top, cards, centre,
                                   self.session.spec.name)
        self.draw_side(surface)
        self.draw_strip(surface, lay.strip)

    def draw_strip(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The strip under the table: the chips and the hint (a replay draws
        its timeline there)."""
        hint, short = self.hint(), self.short_hint()
        if self.app.dialogs:
            hint, short = self.dialog_hints()
        strip.draw_strip(surface, rect, self.chips(), hint, self.warnings(), short,
                         self.shorter_warnings())

    def dialog_hints(self) -> tuple[str, str]:
        """The key line under an open dialog: the dialog's keys (it takes
        them all), never this screen's ("1/2/3/4: watch at 1x" under the foul
        list, whose 1-6 chose a foul); nothing for a card without keys."""
        from simulator.app.dialogs.base import Dialog
        top = self.app.dialogs[-1]
        keys = top.keys_words() if isinstance(top, Dialog) else ""
        if not keys:
            return "", ""
        esc = isinstance(top, Dialog) and top.cancel is not None
        t = self.app.t
        return (t("hint.dialog" if esc else "hint.dialog_no_esc", keys=keys),
                t("hint.dialog_short" if esc else "hint.dialog_no_esc", keys=keys))

    def inset_height(self, width: int) -> int:
        """The height of a picture under the heading (a replay's side view); 0:
        none."""
        return 0

    def draw_inset(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """That picture."""

    def draw_side(self, surface: pygame.Surface) -> None:
        lay = self.layout
        side = lay.side
        pygame.draw.rect(surface, ui.PANEL, side)
        pygame.draw.line(surface, (60, 44, 30), side.topleft, side.bottomleft, 3)
        ui.FRAME.panels.append(("controls", side.copy()))
        inner = side.inflate(-20, -16)
        size = text_size(self.app.size)
        y = self._draw_heading(surface, inner, size)
        self._dock = pygame.Rect(inner.left, y, inner.width, inner.bottom - y)
        if self.app.dialogs:
            # A dialog docks here: the rest of the column waits under it.
            self._under_dialog(surface, y)
            return
        ih = self.inset_height(inner.width)
        if ih:
            self.draw_inset(surface, pygame.Rect(inner.left, y, inner.width, ih))
            y += ih + 6
        bottom = self._draw_buttons_and_controls(surface, inner, size)
        # The ruling card first, with at least half the room when a hint or
        # a note shares it (a card squeezed to its heading says nothing);
        # they take what the card leaves.
        banner = self.card_as_shown(inner, size)
        # (the lines the last frame cut under the card: its note counts them,
        # so the card keeps the note a row of its own)
        self.extra_rows_last = self.extra_read_rows()
        self.banner_rect = self._card_drawn = None
        self.card_spare = 0
        extra = self.side_extra()
        floor = self.card_floor()
        if banner is not None and self.show_banner() and bottom - y > 40:
            wanted = sum(ui.paragraph(None, text, size - 1, ui.INK,
                                      pygame.Rect(0, 0, inner.width, 10 ** 6)) + 4
                         for text in extra) + self.controls_row(inner.width, size)
            # A row kept under the card for the extra lines' "N more": a card
            # given all the room (a held card at 800x500) left none, and the
            # lines cut went unsaid.
            room = bottom - y - (ui.line_height(max(CARD_NOTE_SIZE, size - 3)) + 6
                                 if extra and self.card_first() else 0)  # (6: the gap)
            # (a low window: the card all the room, but for the first line of
            # a hint asked for, which ball and which pocket; 6: the gap under
            # the card)
            if self.card_first():
                card_h = room
            elif extra and room >= 200:
                # Never below what happened, where the game stands and who
                # shoots, while the hint's first words keep their room (a
                # hint left "The table is open" under "N more").
                least = ruling_card.least_height(banner, inner.width, size) + \
                    self._fold_button(inner.width, size)[2] + 4
                half = 0 if self.card_yields() or floor else room // 2
                card_h = max(half, room - wanted - 6, min(
                    least, room - self._first_extra_room(extra, inner.width, size)))
            else:
                card_h = room - self._first_extra_room(extra, inner.width, size)
            # Never less than what happened and who is next, in the room
            # there is (a taken hint's first line left the card its heading
            # and "4 more" at 800x500); nor than its floor, the extra lines
            # kept first beside it.
            card_h = max(card_h, min(room, ruling_card.least_height(
                banner, inner.width, size, state=False) + self._fold_button(
                    inner.width, size)[2] + 4), min(
                        floor, room - self._first_extra_room(extra, inner.width, size)))
            said = self.controls_row(inner.width, size)
            if said:
                # The stroke's power and spin outrank the card's lines: it
                # shortens (its "N more" says what) down to its title, and
                # their row stays in view (at 800x500 none was said beside an
                # open card after a break until H folded it).
                card_h = min(card_h, max(
                    ruling_card.banner_height(banner, inner.width, size, True)
                    + self._fold_button(inner.width, size)[2] + 4,
                    room - said - self._first_extra_room(extra, inner.width, size)))
            card_h = self.card_height_kept(self._over_plan(banner, inner, size, card_h,
                                                           room, extra), room)
            self.draw_banner(surface, banner, pygame.Rect(inner.left, y, inner.width,
                                                          card_h), size)
            if self.banner_rect is not None:
                y = self.banner_rect.bottom + 6
                if not self.session.banner_folded:
                    self.card_spare = max(0, self.banner_rect.height - (
                        ruling_card.least_height(banner, inner.width, size)
                        + self._fold_button(inner.width, size)[2] + 4))
        said_h = self.controls_row(inner.width, size) if extra else 0
        if bottom - y - said_h < self._first_extra_room(extra, inner.width, size) - 6:
            said_h = 0  # (what the extra lines keep first comes first)
        self.said_room = said_h
        self.draw_extra(surface, extra, pygame.Rect(inner.left, y, inner.width,
                                                    bottom - said_h - y), size)
        self.draw_card_foot(surface)
        # (in the room the hint leaves: a row kept for them cut the hint at
        # 800x500 and kept the controls from coming back at 1280x720)
        # (or, where lines are cut, the room under their note: a taken hint's
        # power and spin went unsaid at 800x500 under an open card)
        gap = self.note_gap if self.extra_hidden else self.extra_gap
        top = bottom - said_h - max(0, gap) if extra else y
        self.say_controls(surface, pygame.Rect(inner.left, top, inner.width,
                                               bottom - top), size)

    def _over_plan(self, banner: ruling_card.Banner, inner: pygame.Rect, size: int,
                   height: int, room: int, extra: list[str]) -> int:
        """``height``, or more where the card outranks the lines under it
        (:meth:`card_over_extra`): all it needs, the lines keeping their
        first one (what the computer goes for; the card's "N more" counts
        the rest, V reads them): at 800x500 a foul card said «ещё 4 строки»
        over the computer's whole plan."""
        if not extra or not self.card_over_extra() or self.session.banner_folded:
            return height
        full = ruling_card.banner_height(banner, inner.width, size, False) + \
            self._fold_button(inner.width, size)[2] + 4
        first = ui.paragraph(None, extra[0], size - 1, ui.INK,
                             pygame.Rect(0, 0, inner.width, 10 ** 6)) + 4
        return max(height, min(full, room - first - 6))

    def card_over_extra(self) -> bool:
        """Whether the ruling card takes the room it needs before the extra
        lines (a computer's plan: the ruling is what to read)."""
        return False

    def _under_dialog(self, surface: pygame.Surface, top: int) -> None:
        """The column under a dialog: nothing of it acts; a dialog at its
        foot leaves the open ruling card in view above it as it was (Save
        the match… had emptied it while it was up), nothing on it to click."""
        self._buttons = []
        self._row = []
        self.banner_rect = None
        over = self.app.dialogs[-1]
        kept = self._card_drawn
        if kept is None or not getattr(over, "at_foot", False) or \
                getattr(over, "takes_side", False) or kept[0].top < top:
            return  # (nor under a heading grown over it)
        box, banner, size = kept
        buttons, areas = len(ui.FRAME.buttons), len(ui.FRAME.areas)
        self.draw_banner(surface, banner, box, size)
        self.draw_card_foot(surface)
        del ui.FRAME.buttons[buttons:], ui.FRAME.areas[areas:]
        self.banner_rect = None
        self._card_drawn = kept

    def _draw_heading(self, surface: pygame.Surface, inner: pygame.Rect,
                      size: int) -> int:
        """The column's note and who is to play; the y under them."""
        y = inner.top
        big, small = self.heading()
        note = self.side_note()
        over = self.app.dialogs[-1] if self.app.dialogs else None
        if getattr(over, "takes_side", False):
            # A menu fits only in the whole column; one at its foot leaves
            # who is at the table in view, and the line under it where the
            # menu leaves it room.
            at_foot = getattr(over, "at_foot", False)
            big = big if at_foot else ""
            top = getattr(over, "rect", inner).top
            if not (at_foot and small and y + self.kept_heading() <= top + 2):
                small = ""
            note = ""
        if note:
            h = ui.paragraph(surface, note, size - 1, ui.INK,
                             pygame.Rect(inner.left, y, inner.width, 200))
            self.note_drawn(pygame.Rect(inner.left, y, inner.width, h))
            y += h + 4
        if not self.app.dialogs:
            big, small = self.heading_beside_card(big, small, inner, size, y)
        if big:
            y += ui.paragraph(surface, big, size + 3, ui.ACCENT,
                              pygame.Rect(inner.left, y, inner.width, 200), bold=True)
        if small:
            y += ui.paragraph(surface, small, size - 1, ui.DIM,
                              pygame.Rect(inner.left, y, inner.width, 200))
        return y + 6

    def draw_extra(self, surface: pygame.Surface, extra: list[str],
                   room: pygame.Rect, size: int) -> None:
        """The extra lines under the card, as many as fit whole; those cut
        said so under them ("2 more lines: H folds the card": a hint's
        power and spin were cut with nothing to say they were there)."""
        heights = [ui.paragraph(None, text, size - 1, ui.INK,
                                pygame.Rect(0, 0, room.width, 10 ** 6)) + 4
                   for text in extra]
        short = self.extra_short(extra[0]) if extra else None
        self.extra_shortened = False
        if short is not None and fits(heights, room.height) == 0:
            self.extra_shortened = True
            # (the first line's one-row form where the whole does not fit)
            extra = [short, *extra[1:]]
            heights[0] = ui.paragraph(None, short, size - 1, ui.INK,
                                      pygame.Rect(0, 0, room.width, 10 ** 6)) + 4
        shown = fits(heights, room.height)
        note_size = max(CARD_NOTE_SIZE, size - 3)
        if shown < len(extra) and not (self.card_over_extra()
                                       and self.extra_in_card_note()):
            # (the note's row taken from the lines; none where the card's
            # note counts them)
            shown = fits(heights, room.height - ui.line_height(note_size))
        self.first_extra_hidden = bool(extra) and shown == 0
        self.extra_hidden = len(extra) - shown
        y = room.top
        for text, h in zip(extra[:shown], heights, strict=False):
            ui.paragraph(surface, text, size - 1, ui.INK,
                         pygame.Rect(room.left, y, room.width, h))
            y += h
        note_h = ui.line_height(note_size)
        if self.extra_hidden and shown and not self.controls_words():
            # The first line cut shows what fits of it, cut with "…" (a
            # three-row penalty line left 45 px empty over "1 more line");
            # V still reads it whole, and the note still counts it. (Not
            # where the stroke's power and spin are said in words: they
            # outrank it, in the room under the note.)
            y += self.draw_cut_line(surface, extra[shown], pygame.Rect(
                room.left, y, room.width, room.bottom - y - (
                    0 if self.extra_in_card_note() else note_h)), size - 1)
        self.extra_gap = 0 if self.extra_hidden else room.bottom - y
        self.note_gap = 0
        # (in the last line's gap under it too, which fits() counts as spare:
        # a note 4 px short went unsaid at 800x500)
        top = min(y, room.bottom - ui.line_height(note_size))
        if not self.extra_hidden or top < y - 4 or self.extra_in_card_note():
            # (no row left for the note: it would lie over the aim controls;
            # the card's own "more" and H still reach what is under it)
            return
        y = top
        # (the card's words: one note, one key, on every screen; V reads them)
        note = self.app.t("ruling.more", n=self.extra_hidden)
        ui.line(surface, note, note_size, ui.DIM,
                pygame.Rect(room.left, y, room.width, ui.line_height(note_size)))
        self.note_gap = room.bottom - y - ui.line_height(note_size)

    @staticmethod
    def draw_cut_line(surface: pygame.Surface, text: str, room: pygame.Rect,
                      size: int) -> int:
        """The rows of ``text`` that fit whole in ``room``, the last cut where
        ``ruling_card.cut_rows`` cuts a card's line; the height drawn (0:
        not a row fits, or the cut says nothing)."""
        lh = ui.line_height(size)
        rows = [(0, 0, row) for row in ui.wrap(text, size, room.width)]
        n = min(len(rows) - 1, room.height // lh)
        if n < 1:
            return 0
        font = fonts.font(size)
        # (its clause cut first; a label alone, "Anna −5…", says nothing:
        # then up to a word of the row)
        tries = [ruling_card.cut_rows(rows[:n], rows[n][2], size, room.width), *(
            [*rows[:n - 1], (0, 0, words)] for words in
            ruling_card.word_cuts(rows[n - 1][2])
            if font.size(words)[0] <= room.width)]
        cut = next((c for c in tries if c and not ruling_card.label_only(c, rows, 0)),
                   [])
        if not cut:
            return 0
        for k, (_i, _x, words) in enumerate(cut):
            ui.line(surface, words, size, ui.INK,
                    pygame.Rect(room.left, room.top + k * lh, room.width, lh))
        return len(cut) * lh + 4

    def controls_row(self, width: int, size: int) -> int:
        """The room kept at the column's foot for :meth:`controls_words`
        before the extra lines take it (0: they take the room first)."""
        return 0

    def controls_words(self) -> list[str]:
        """Where the aim controls give their room to something (a hint):
        their settings in words, the longer first; none here."""
        return []

    def say_controls(self, surface: pygame.Surface, room: pygame.Rect,
                     size: int) -> None:
        """:meth:`controls_words` at the foot of ``room`` (the first that fits):
        power and tip hidden without a word were read as gone."""
        self.controls_said = ""
        for words, fs in itertools.product(self.controls_words(), (
                size - 2, CARD_NOTE_SIZE)):
            h = ui.paragraph(None, words, fs, ui.DIM,
                             pygame.Rect(0, 0, room.width, 10 ** 6))
            # (under the note of lines cut, that row is the gap above)
            if h + (0 if self.extra_hidden else 4) <= room.height:
                ui.paragraph(surface, words, fs, ui.DIM, pygame.Rect(
                    room.left, room.bottom - h, room.width, h))
                self.controls_said = words
                return

    def _first_extra_room(self, extra: list[str], width: int, size: int) -> int:
        """The room a low window keeps under the card for the first extra
        line when it is what the person asked for (0 when it is not)."""
        if not extra:
            return 0
        # A line with a one-row form (the call the stroke goes with) keeps
        # that row under the card: behind "1 more" it went unsaid.
        # (a taken hint keeps its call too, and the row saying what it cuts
        # of the rest: extra_kept)
        short = self.extra_short(extra[0])
        n, note = self.extra_kept() if self.extra_first_wanted() else (1, False)
        kept = extra[:n] if self.extra_first_wanted() else \
            [short] if short is not None else []
        if not kept:
            return 0
        more = ui.line_height(max(CARD_NOTE_SIZE, size - 3)) \
            if note and len(extra) > n else 0
        return more + sum(ui.paragraph(None, text, size - 1, ui.INK,
                                       pygame.Rect(0, 0, width, 10 ** 6)) + 4
                          for text in kept) + 6

    def extra_kept(self) -> tuple[int, bool]:
        """How many of the first extra lines the card leaves room for when
        they were asked for, and whether a row for the note saying the rest."""
        return 1, False

    def extra_short(self, text: str) -> str | None:
        """A one-row form of the extra line ``text``, said where the whole
        does not fit; it keeps that row under the card (None: none)."""
        return None

    def extra_first_wanted(self) -> bool:
        """Whether the first extra line was asked for (a hint)."""
        return False

    def card_height_kept(self, height: int, room: int) -> int:
        """The open card's height this frame, ``height`` as laid out (a
        screen keeps it while a passing line comes and goes)."""
        return height

    def card_floor(self) -> int:
        """The least height of the open ruling card beside the extra lines,
        where they must not take what it showed before them (0: none)."""
        return 0

    def card_yields(self) -> bool:
        """Whether the card gives the extra lines all but its least height
        (what happened and who is next), not only what half leaves."""
        return False

    def card_first(self) -> bool:
        """Whether the ruling card is what to read now: it takes all the room
        it needs, the extra lines only what it leaves."""
        return False

    def heading_beside_card(self, big: str, small: str, inner: pygame.Rect,
                            size: int, top: int) -> tuple[str, str]:
        """The heading, or less of it where the open ruling card under it
        would lose what happened, its rule or who is next: the card's last
        lines say who is next and from where, so a low window gives up
        those words in the heading (the ball in hand, then the name) where
        the card says them ("... waits for you" stays)."""
        banner = self.card_as_shown(inner, size)
        if banner is not None and banner.state and self.session.banner_folded \
                and self.extra_first_wanted() and self.show_banner():
            # The card folded for a hint: where the game stands is said above.
            state = " ".join(ln.removeprefix("• ") for ln in banner.state)
            return big, " · ".join(w for w in (small, state) if w)
        if banner is None or not banner.next or self.session.banner_folded \
                or not self.show_banner():
            return big, small
        said = " ".join(banner.next)
        # The small line, then the name the card says too, give way: what
        # passed the turn and who is next outrank "cue ball as it lies" (at
        # 800x500 it kept the miss's rule off the card).
        tries = [(big, small), (big, "")]
        room_all = self._controls_top(inner, size) - top - 6 - self.inset_height(
            inner.width)
        first = self._first_extra_room(self.side_extra(), inner.width, size)
        room = room_all - first
        # (a call's kept row is kept here too; a hint gives its room back)
        keep = 0 if self.extra_first_wanted() else first
        fold_h = self._fold_button(inner.width, size)[2] + 4
        # The card whole beside a hint's first line; else whole but for where
        # the game stands, which ranks below what happened and who is next
        # (the scoreboard says it), in all the room (the card never has less).
        needs = [(room, ruling_card.least_height(banner, inner.width, size) + fold_h),
                 (room_all - keep, ruling_card.least_height(banner, inner.width, size,
                                                            state=False) + fold_h)]

        def height(b: str, sm: str) -> int:
            return sum(ui.paragraph(None, text, fs, ui.INK, pygame.Rect(
                0, 0, inner.width, 200), bold=bold) for text, fs, bold in (
                    (b, size + 3, True), (sm, size - 1, False)) if text)

        # (the name goes last: the card says it, the scoreboard the state)
        order = [*itertools.product(needs, tries), *itertools.product(
            needs, [("", "")] if big in said else [])]
        for (space, need), (b, sm) in order:
            h = height(b, sm)
            if space - h >= need:
                break
        else:
            # The card cannot keep who is next in view however little the
            # heading says (a long ruling: a player leaving Express): the
            # heading keeps the name.
            b, sm = tries[1]
            h = height(b, sm)
        state = " ".join(ln.removeprefix("• ") for ln in banner.state)
        if banner.state and self.extra_first_wanted() and room - h < needs[0][1] and \
                room_all - height(b, state) >= min(needs[1][1], room_all - h):
            # No room on the card for where the game stands (a long hint,
            # Russian buttons on two lines): the heading says it, where that
            # leaves the card what happened and who is next.
            sm = state
        return b, sm

    def _buttons_height(self, width: int, size: int) -> int:
        probe = pygame.Rect(0, 0, width, 0)
        h = self._place_bottom(probe, size) - probe.top
        h += ui.row(self._row, probe, max(10, size - 3)) - probe.top
        if not self._buttons:
            return h
        return h + ui.grid(self._buttons, probe, max(11, size - 1)) - probe.top

    def compact_buttons(self) -> list[ui.Button]:
        """Small buttons in one row above the side buttons (none here): what
        a low window keeps in view where two columns of them do not fit."""
        return []

    def bottom_buttons(self) -> tuple[list[ui.Button], bool]:
        """Buttons kept at the very foot of the column, under all the others,
        and whether as one row of small ones (else two columns): a computer's
        watching speeds, in one place through every phase of its turn while
        the buttons over them come and go (a click meant for 4x found
        "Skip to the end" there when its stroke began). None here."""
        return [], False

    def bottom_shown(self) -> bool:
        """Whether :meth:`bottom_buttons` are drawn now; else their room is
        kept empty (the watching speeds with nothing to watch: a click made
        there as a computer's turn ends meets no button)."""
        return True

    def _place_bottom(self, rect: pygame.Rect, size: int) -> int:
        """Place :meth:`bottom_buttons` from the top of ``rect``; the y below."""
        if not self._bottom:
            return rect.top
        if self._bottom_row:
            return ui.row(self._bottom, rect, max(10, size - 3))
        return ui.grid(self._bottom, rect, max(11, size - 1))

    def _take_buttons(self) -> None:
        self._buttons = self.side_buttons()
        self._row = self.compact_buttons()
        self._bottom, self._bottom_row = self.bottom_buttons()

    def _controls_height(self) -> int:
        return max(self.CONTROLS_LEAST, min(190, int(self.layout.side.height * 0.27))) \
            if self.controls else 0

    def _controls_top(self, inner: pygame.Rect, size: int) -> int:
        """Where the buttons and the aim controls will start (as drawn by
        :meth:`_draw_buttons_and_controls`)."""
        self._take_buttons()
        ctrl = self._controls_height()
        return inner.bottom - self._buttons_height(inner.width, size) - 6 - (
            ctrl + 8 if ctrl else 0)

    def _draw_buttons_and_controls(self, surface: pygame.Surface,
                                   inner: pygame.Rect, size: int) -> int:
        """The buttons from the bottom of the column up, then the aim
        controls above them; the top of what was drawn."""
        self._take_buttons()
        bsize = max(11, size - 1)
        bh = self._buttons_height(inner.width, size)
        btop = inner.bottom - bh
        top = ui.row(self._row, pygame.Rect(inner.left, btop, inner.width, bh),
                     max(10, size - 3))
        if self._buttons:
            top = ui.grid(self._buttons,
                          pygame.Rect(inner.left, top, inner.width, bh), bsize)
        self._place_bottom(pygame.Rect(inner.left, top, inner.width, bh), size)
        foot = self._bottom if self.bottom_shown() else []
        for b in (*self._row, *self._buttons, *foot):
            b.draw(surface, self.app.mouse)
        bottom = btop - 6
        if self.controls:
            ctrl_h = self._controls_height()
            area = pygame.Rect(inner.left, bottom - ctrl_h, inner.width, ctrl_h)
            if self.scene.panel.area != area:
                label = max(11, size - 2)
                self.scene.panel = aim_controls.PanelRects.inside(
                    area, label, self._controls_words_width(label))
            self.draw_controls(surface)
            bottom = area.top - 8
        return bottom

    def _controls_words_width(self, label: int) -> int:
        """The widest of the power's and the elevation's labels at their
        longest (the hardest stroke, the cue raised most), in px."""
        t = self.app.t
        loc, spec = self.session.locale, self.session.spec
        # The ball leaves faster than the cue (12.0 against 9.0): a digit more.
        v, b = (loc.num(MAX_SPEED, 1),
                loc.num(ball_speed(MAX_SPEED, 0.0, 0.0, spec.balls, spec.physics), 1))
        words = (f"{t('panel.power')}: {t('evening.cue_ball_speed', v=v, b=b)}",
                 f"{t('panel.elevation')}: 90°")
        return max(fonts.font(label).size(w)[0] for w in words)

    def draw_controls(self, surface: pygame.Surface) -> None:
        t = self.app.t
        loc = self.session.locale
        shown = self.stroke_aim()
        aim_controls.draw_controls(surface, self.scene.panel, shown,
                          self.session.spec.physics.miscue_offset, t("panel.power"),
                          t("panel.tip"), t("panel.elevation"),
                          t("evening.cue_ball_speed", v=loc.num(self.aim.speed, 1),
                            b=loc.num(self.ball_speed(), 1)),
                          loc.num(shown.elevation, 0) + "°", self.panel_active,
                          t_miscue=t("panel.tip_miscue"))

    def ball_speed(self) -> float:
        """The cue ball's speed off the tip for this aim: the power is the
        cue's speed, and the ball leaves faster (the timeline's figure); a
        miscue's weak blow as it will be, not the speed a held tip gives."""
        from simulator.physics.cue import struck_speed
        spec = self.session.spec
        return struck_speed(self.aim.speed, self.aim.tip_a, self.aim.tip_b,
                            spec.balls, spec.physics)

    def draw_banner(self, surface: pygame.Surface, banner: ruling_card.Banner,
                    room: pygame.Rect, size: int) -> None:
        s = self.session
        folded = s.banner_folded
        need = ruling_card.banner_height(banner, room.width, size, folded)
        fold, fw, fh, fsize = self._fold_button(room.width, size)
        reserve = fh + 4
        if folded and fonts.font(size + 1, bold=True).size(banner.title)[0] \
                <= room.width - fw - 30:
            # Folded, a title in one row shares the fold button's row: a row
            # of its own left the row under it empty but for the button.
            need, reserve = max(need, fh + 12), 0
        box = pygame.Rect(room.left, room.top, room.width,
                          min(room.height, need + reserve))
        # "N more" counts the rows V then shows that the card did not, as
        # the reader lays them out (counted in the column's narrower rows, a
        # break card said "6 more" and V showed 2).
        from simulator.app.dialogs.card_reader import rows_unseen
        drawn = ruling_card.draw_banner(
            surface, box, banner, size, folded, s.banner_scroll, reserve=reserve,
            count=lambda below: rows_unseen(self.app.size, below, size,
                                            box.width - 16),
            # (the note's room beside the button; none where the note will
            # count lines cut under the card: the last row beside the button
            # left the note drawn over it)
            beside=0 if self.extra_rows_last else box.width - fw - 20)
        self.banner_down = drawn.down
        self.ruling_marks = drawn.ruling  # (where its ruling's lines stand out)
        # (the card's own rows below; banner_hidden becomes its note's count,
        # with the extra lines V adds, once they are drawn)
        self.card_below = self.banner_hidden = drawn.hidden
        self.banner_rect = box
        self._card_drawn = (room.copy(), banner, size)  # (kept under a dialog)
        ui.FRAME.areas.append((box.copy(), self.read_card))  # a click reads it whole
        # Its foot (the note and the fold button) once the extra lines are
        # drawn: what V adds of theirs is counted in the card's one note.
        self._card_foot = (box, drawn.bottom, fold, fw, fh, fsize)

    def draw_card_foot(self, surface: pygame.Surface) -> None:
        """The card's "N more" (what V shows below, the extra lines it adds
        too) and its fold button, under the card just drawn."""
        if self._card_foot is None:
            return
        box, bottom, fold, fw, fh, fsize = self._card_foot
        self._card_foot = None
        s = self.session
        self.banner_hidden = hidden = self.card_below + self.extra_read_rows()
        # "N more" only for lines really below; scrolled to the end, the way
        # back up; and the key that reads it all. The fold button gives up its
        # spare width to keep the note whole ("ещё 37: колесо" was squeezed
        # to 11 px), and a narrow card says it in fewer words.
        key = "ruling.more" if hidden else "table_card.top" if s.banner_scroll else ""
        note = ""
        # Whole lines left a row empty above the fold row: the note takes it,
        # under the last row, the card's whole width; else it shares the
        # fold row.
        row = pygame.Rect(box.left + 8, bottom + 2, box.width - 16,
                          ui.line_height(fsize))
        if row.bottom > box.bottom - fh - 6:  # (the fold button's top)
            row = pygame.Rect(box.left + 8, box.bottom - fh - 4, 0, fh)
        if key:
            least = fonts.font(fsize).size(fold.label)[0] + 36
            space = row.width or box.width - 20 - least
            words = [self.app.t(k, n=hidden) for k in (
                (key,) if hidden else (key, key + "_short"))]
            note = next((w for w in words if fonts.font(fsize).size(w)[0] <= space),
                        words[-1])
            if not row.width:
                note_w = fonts.font(fsize).size(note)[0]
                fw = max(least, min(fw, space + least - note_w))
                row.width = box.width - fw - 20
        fold.place(box.right - fw - 6, box.bottom - fh - 6, fw, fsize)
        fold.draw(surface, self.app.mouse)
        if note:
            ui.line(surface, note, fsize, ui.DIM, row, valign="middle")

    def extra_read_rows(self) -> int:
        """The rows of the extra lines cut that V adds to the card it shows,
        as the reader lays them out, said in the card's own "N more"."""
        if not self.extra_hidden or not self.extra_in_card_note():
            return 0
        from simulator.app.dialogs.card_reader import line_rows_read
        return sum(line_rows_read(self.app.size, text) for text in self.extra_read())

    def reads_extra(self) -> bool:
        """Whether V shows the extra lines with the card where some are cut
        (every screen: its one "N more: V" counts them)."""
        return True

    def passing_lines(self) -> list[str]:
        """Extra lines that pass (a search's progress): V leaves them out,
        and so does the card's count (it went 3, 8, 3 as a hint was
        sought)."""
        return []

    def extra_read(self) -> list[str]:
        """The extra lines cut that V shows with the card."""
        if not self.extra_hidden or not self.reads_extra():
            return []
        extra = self.side_extra()
        passing = self.passing_lines()
        return [text for text in extra[len(extra) - self.extra_hidden:]
                if text not in passing]

    def extra_in_card_note(self) -> bool:
        """Whether the card's "N more" is the one note where the extra lines
        are cut too: no second "N more" under them ("3 more · V" in the card
        over "4 more: H" under it, two counts and two keys); the card's is
        what to read (:meth:`extra_read_rows`: whether it counts them)."""
        return self.banner_rect is not None

    def _fold_button(self, width: int, size: int) -> tuple[ui.Button, int, int, int]:
        """The card's fold button, its width and height, and the type of its
        row (the hint beside it too)."""
        folded = self.session.banner_folded
        fold = ui.Button(self.app.t("ruling.show" if folded else "ruling.hide"),
                         self.toggle_banner, key="H", ident="fold")
        fsize = max(CARD_NOTE_SIZE, size - 3)
        fw = min(width // 2, fonts.font(fsize).size(fold.label)[0] + 48)
        return fold, fw, fold.measure(fw, fsize), fsize

    def read_card(self) -> None:
        """The ruling card whole, over the table (V, or a click on it); where
        the column cut some of the extra lines V reads, those too."""
        banner = self.card_read()
        if not self.extra_read():
            if banner is not None:
                self.app.open("card_reader", banner=banner)
            return
        passing = self.passing_lines()
        extra = [text for text in self.side_extra() if text not in passing]
        if banner is None:
            banner = ruling_card.Banner(self.heading()[0], (), False)
        self.app.open("card_reader", banner=ruling_card.Banner(
            banner.title, (*banner.lines, *banner.kept, *extra), banner.foul))

    def card_read(self) -> ruling_card.Banner | None:
        """The card V reads (None: none, only the extra lines cut)."""
        return self.card() if self.show_banner() else None

    def toggle_banner(self) -> None:
        self.session.banner_folded = not self.session.banner_folded
        self.session.banner_scroll = 0

    def scroll_banner(self, event: pygame.event.Event) -> bool:
        """The mouse wheel over the ruling card scrolls its lines."""
        if event.type != pygame.MOUSEWHEEL or self.banner_rect is None or \
                self.app.mouse is None or not self.banner_rect.collidepoint(
                    self.app.mouse):
            return False
        self.scroll_card(event.y)
        return True

    def scroll_card(self, notch: int) -> None:
        """The ruling card a notch down (``notch`` < 0: a row more, while rows
        are hidden) or up."""
        s = self.session
        if notch < 0 and self.card_below:  # (its own rows: not the lines under it)
            s.banner_scroll = max(s.banner_scroll + 1, self.banner_down)
        elif notch > 0:
            s.banner_scroll = max(0, s.banner_scroll - 1)
