"""Showing a shot as the referee saw it, on a replay screen: :class:`ShotShow`
holds one shot's marks for the game's replay, the foul gallery and practice's
"watch the stroke": the marks on the table (simulator.app.replay.table_marks),
the timeline under it (timeline) and the side view when a ball leaves the bed
(side_view).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import pygame

from simulator.app.replay.playback import Playback
from simulator.app.replay.shotmarks import Mark, ShotMarks
from simulator.app.replay.side_view import SideView
from simulator.app.replay.table_marks import draw_over, draw_under
from simulator.app.replay.timeline import Timeline, TimelineGeometry
from simulator.app.replay.tip_inset import InsetDrawn
from simulator.app.table.view import TableView
from simulator.app.text.i18n import Locale
from simulator.table.events import EventKind, Shot
from simulator.table.specs import TableSpec


class ShotShow(Timeline, SideView):
    """One shot's marks, timeline and side view for a replay screen.

    ``fouls`` pairs an event index with the ruling's words for the foul there,
    longest first (words.cite, then shorter forms for a narrow window), shown
    beside its mark."""

    def __init__(self, app_locale: Locale, shot: Shot, playback: Playback,
                 fouls: Sequence[tuple[int, Sequence[str]]] = (),
                 called_ball: int | None = None,
                 called_pocket: str | None = None, codes: Sequence[str] = (),
                 in_hand: str | None = None,
                 leave_out: Collection[EventKind] = ()) -> None:
        self.locale = app_locale
        self.shot = shot
        self.playback = playback
        self.fouls: dict[int, tuple[str, ...]] = {}
        for i, texts in fouls:
            self.fouls.setdefault(i, tuple(texts))
        self.marks = ShotMarks(shot, playback.frames, self.fouls.keys(), called_ball,
                               called_pocket, codes, in_hand, leave_out)
        # The replay opens on the stick's approach, before the strike.
        playback.lead_in(self.marks.start)
        self.trails = True
        # Balls whose trails are drawn in full, the others faint (None: all
        # in full), so a break's many paths do not hide the one asked about.
        self.bright: frozenset[int] | None = None
        self.geometry: TimelineGeometry | None = None
        self.selected: Mark | None = None
        self.pointer: tuple[int, int] | None = None
        self.pointed: float | None = None
        # The contact numbers as last drawn, each with its diamond's box.
        self.contact_boxes: list[tuple[int, pygame.Rect]] = []
        # The off-table words' boxes as last drawn.
        self.exit_boxes: list[pygame.Rect] = []
        # Only the contact numbers that can be read (a class's window): a
        # rattle in the jaws piled a dozen on the cue ball.
        self.thin_contacts = False
        # The tip's magnified inset as last drawn (None: not shown).
        self.inset: InsetDrawn | None = None

    @property
    def spec(self) -> TableSpec:
        return self.marks.spec

    # -- on the table ------------------------------------------------------------------
    def draw_under(self, surface: pygame.Surface, view: TableView,
                   positions: Mapping[int, tuple[float, float, float]]) -> None:
        draw_under(surface, view, self.marks, self.playback.time, positions,
                   self.trails, bright=self.bright)

    def draw_over(self, surface: pygame.Surface, view: TableView) -> None:
        self.exit_boxes = []
        inset: list[InsetDrawn] = []
        self.contact_boxes = draw_over(surface, view, self.marks, self.playback.time,
                                       say=self.locale.t, labels=self.exit_boxes,
                                       thin=self.thin_contacts, inset=inset,
                                       crowd=self.marks.rack_crowd)
        self.inset = inset[0] if inset else None

    def key(self, event: pygame.event.Event) -> bool:
        """T: trails; comma and full stop: the previous and next contact, a
        flight's highest point or the foul, as F1 says (a line crossing is
        no contact); with Shift: the previous and next event of any kind,
        each brush of a rattle too."""
        if event.type != pygame.KEYDOWN:
            return False
        every = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        if event.key in (pygame.K_COMMA, pygame.K_PERIOD) and \
                getattr(event, "repeat", False):
            # One press, one step: on a loaded machine a slow frame reads a
            # quick press with the keyboard's repeats after it (its release
            # read a frame late), and "." pressed while playing went on past
            # the next contact to the end.
            return True
        if event.key == pygame.K_t:
            self.trails = not self.trails
        elif event.key == pygame.K_COMMA:
            self.step_mark(-1, every)
        elif event.key == pygame.K_PERIOD:
            self.step_mark(1, every)
        else:
            return False
        return True

    def mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos  # for the ticks' words; not consumed
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.click(event.pos)
        return False


def foul_texts(loc: Locale, ruling: object, discipline: str = ""
               ) -> list[tuple[int, list[str]]]:
    """For each foul of a ruling that names an event: its words with the rule,
    longest first (the words and rule, the words, the rule alone)."""
    from simulator.app.text.words import code_words, foul_cite, home_rule, ref_text
    out: list[tuple[int, list[str]]] = []
    for f in getattr(ruling, "fouls", ()):
        if f.event_index is None:
            continue
        texts = [foul_cite(loc, f, discipline), code_words(loc, f.code.id)]
        rule = home_rule(f.code, f.ref)
        if rule is not None and ref_text(loc, rule):
            texts.append(ref_text(loc, rule))
        out.append((f.event_index, texts))
    return out


def scenario_show(loc: Locale, sc: object, shot: Shot, playback: Playback,
                  ruling: object) -> ShotShow:
    """The marks of a practice situation's or a gallery entry's shot: its
    fouls, its call, and the line when the cue ball was in hand behind it."""
    decl = getattr(sc, "declarations", None)
    hand = getattr(getattr(getattr(sc, "game", None), "ball_in_hand", None), "value",
                   None)
    return ShotShow(loc, shot, playback,
                    foul_texts(loc, ruling, str(getattr(sc, "discipline", ""))),
                    getattr(decl, "called_ball", None),
                    getattr(decl, "called_pocket", None), ruling_codes(ruling),
                    None if hand == "none" else hand)


def ruling_codes(ruling: object) -> list[str]:
    return [e.code.id for e in (*getattr(ruling, "fouls", ()),
                                *getattr(ruling, "notes", ()))]


