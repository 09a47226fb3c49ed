"""A computer player's turn in the window: it thinks over a few frames
(the window keeps drawing), shows what it decided as a person's decision is
shown, then plays it at the watching speed the player chose (1x, 2x, 4x or
skipped). The decisions and their words are ``simulator.app.match.computer``'s;
this file is only the screen.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import pygame

from simulator.app.loop.app import App
from simulator.app.match.saving import save_key
from simulator.app.match.session import choice_card
from simulator.app.match.turns import (
    called_shooter,
    next_step,
    no_call_words,
    refusal,
)
from simulator.app.screens.match_keys import (
    LOW_COLUMN,
    SETTLE_SECONDS,
    WATCH_KEYS,
    common_key,
    forget_hurry,
    kept_watch,
    note_hurry,
    say_watch,
    set_watch,
    shot_page_key,
    watch_block,
    watch_speed,
)
from simulator.app.screens.match_keys import watch_key as watch_key  # (its old home)
from simulator.app.screens.playing import PlayMode
from simulator.app.screens.table_screen import TableMode
from simulator.app.table.render import draw_cue, others
from simulator.app.table.ruling_card import Banner
from simulator.app.text import ui
from simulator.app.text.words import choice_rule, chooses_words, weighed_lines
from simulator.table.events import Stroke
from simulator.table.specs import CUE_BALL
from simulator.table.state import TableState


class LinesRoom(TableMode):
    """The computer's stroke words given the room they need, as a hint is:
    where some were cut (at 800x500 its count of tries went under a stroke
    line of two rows), the aim controls give theirs from the next frame (the
    words say the power and the spin they show), and come back, as low as
    they may be, in what the words leave."""

    lines_room = False  # the aim controls gave the words their room
    controls_back = 0  # the height they came back at in what was left

    def controls_free(self) -> bool:
        """Whether the controls would show but for the words."""
        return True

    @property
    def controls(self) -> bool:  # type: ignore[override]
        return self.controls_free() and (not self.lines_room or self.controls_back > 0)

    def _controls_height(self) -> int:
        h = super()._controls_height()
        return min(h, self.controls_back) if self.lines_room and self.controls_back \
            else h

    def words_decided(self) -> bool:
        return True

    def draw_extra(self, surface: pygame.Surface, extra: list[str],
                   room: pygame.Rect, size: int) -> None:
        super().draw_extra(surface, extra, room, size)
        if not self.words_decided() or not self.controls_free():
            return
        if not self.lines_room:
            self.lines_room = bool(self.extra_hidden)
        elif not self.controls_back and not self.extra_hidden and \
                self.extra_gap - 8 >= self.CONTROLS_LEAST:
            self.controls_back = self.extra_gap - 8


class ComputerPlayMode(LinesRoom, PlayMode):
    """A computer's shot, watched at the speed the player chose (1x, 2x,
    4x) or skipped to its end."""

    name = "computer_playing"

    def __init__(self, app: App, state: TableState, stroke: Stroke, decl: Any,
                 player: int, lines: list[str] | None = None) -> None:
        super().__init__(app, state, stroke, decl)
        self.player = player
        self.lines = lines or []  # what it decided stays in view while it rolls
        self.shown_card: Banner | None = None  # the ruling card up when it struck

    def side_extra(self) -> list[str]:
        return [*self.lines, *self.kept_lines()]

    def side_note(self) -> str:
        return self.session.person_note

    def note_drawn(self, rect: pygame.Rect) -> None:
        if self.shown_card is not None:  # a click reads it whole, as V does
            ui.FRAME.areas.append((rect.copy(), self.read_card))

    def read_card(self) -> None:
        """The ruling card that was on show when the computer struck, whole
        (its one line stays beside the stroke), with its lines cut under
        it: V or a click. The stroke waits under it, and with it the
        computer's next shot and its card."""
        if not self.app.dialogs:
            super().read_card()

    def card_read(self) -> Banner | None:
        return self.shown_card

    def back(self) -> None:
        """Its stroke could not be played: the match as it was, and this
        turn goes to the people at the table (as when its search fails)."""
        s = self.session
        s.computer_failed = len(s.match.history)
        next_step(self.app)

    def enter(self) -> None:
        self.shown_card = self.session.banner  # (its stroke clears it)
        super().enter()
        speed = watch_speed(self.app)
        if speed <= 0.0:
            self.skip = True
        else:
            self.playback.speed = speed

    def bottom_buttons(self) -> tuple[list[ui.Button], bool]:
        return watch_block(self, self.set_watch)

    def side_buttons(self) -> list[ui.Button]:
        return [ui.Button(self.app.t("side.skip"), self.skip_to_end, key="Space",
                          ident="skip"),
                ui.Button(self.app.t("panel.menu"), lambda: self.app.open("pause"),
                          key="Esc", ident="menu")]

    def set_watch(self, key: str) -> None:
        set_watch(self.app, key)
        speed = watch_speed(self.app)
        if speed <= 0.0:
            self.skip = True
        else:
            self.playback.speed = speed

    def working(self) -> bool:
        return super().working() and not self.app.dialogs

    def update(self, dt: float) -> None:
        if self.app.dialogs:
            return  # the match menu is open: the shot waits where it is
        super().update(dt)

    def heading(self) -> tuple[str, str]:
        # (under the menu the roll waits: "rolling" and "under way" were
        # said of balls standing still)
        if not self.app.dialogs or self.finished:
            return super().heading()
        req = self.session.req
        who = self.session.name(req.shooter if req is not None else self.player)
        return self.app.t("side.in_play_paused", name=who), ""

    def chips(self) -> list[str]:
        if not self.app.dialogs or self.finished:
            return super().chips()
        return [self.app.t("strip.paused_menu")]

    def handle(self, event: pygame.event.Event) -> None:
        note_hurry(self.app, event)
        if event.type == pygame.KEYDOWN and event.key in WATCH_KEYS:
            self.set_watch(WATCH_KEYS[event.key])
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            # Esc is the match menu at every moment of the computer's turn,
            # as its footer says; Space (or Enter) hurries the shot on.
            if not self.app.repeat(event):
                self.app.open("pause")
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v:
            if not self.app.repeat(event):
                self.read_card()  # as in every other turn of the match
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s and \
                event.mod & pygame.KMOD_CTRL:
            if not self.app.repeat(event):
                save_key(self.app, event.mod)  # as the match menu's save does
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_f:
            # A call on a shot stands until the next stroke: this one is
            # rolling. Said, not silently ignored (a play-tester's F gave
            # nothing, and the stroke just played on).
            if not self.app.repeat(event):
                self.app.notify(self.app.t("fouls.under_way", name=self.session.name(
                    self.player)), 6.0)
            return
        if hint_refused(self.app, event):
            return
        super().handle(event)

    def hint(self) -> str:
        return kept_watch(self.app, self.app.t("hint.computer_playing"))

    def short_hint(self) -> str:
        return kept_watch(self.app, self.app.t("hint.computer_playing_short"), True)


def hint_refused(app: App, event: pygame.event.Event) -> bool:
    """I (a hint) on a computer's turn: said why nothing comes (a play-tester's
    I gave nothing, silently). Whether it was that key."""
    if event.type != pygame.KEYDOWN or event.key != pygame.K_i:
        return False
    if not app.repeat(event):
        s = app.session
        off = s is not None and not s.hints_allowed  # (an evening without them)
        app.inform(app.t("hint.off_evening" if off else "hint.your_turn"))
    return True


# A person's own ruling is on show before a computer plays as long as its
# words take to read at a calm pace (rule numbers and names read slowly):
# a fixed 3 s cut a long card off mid-sentence.
HOLD_MIN_SECONDS = 4.0
HOLD_MAX_SECONDS = 20.0  # a longer card is paused by the hand that scrolls it
READ_WORDS_PER_SECOND = 3.0
# No key dismisses a person's new ruling sooner (a click may): a second tap
# meant for the shot before comes quicker than anyone reads.
READ_SECONDS = SETTLE_SECONDS
# A countdown a dialog stood still comes back with at least this long left.
RESUME_SECONDS = 3.0


def hold_seconds(card: Banner | None) -> float:
    """How long ``card`` is held before the computer plays: its words at
    READ_WORDS_PER_SECOND, between HOLD_MIN_SECONDS and HOLD_MAX_SECONDS."""
    words = len(" ".join((card.title, *card.all_lines)).split()) if card else 0
    return min(HOLD_MAX_SECONDS, max(HOLD_MIN_SECONDS, words / READ_WORDS_PER_SECOND))


def after_persons_shot(app: App) -> bool:
    """Whether the last step was a shot a person played (their balls at rest
    are what the table shows now) and its ruling card is still up."""
    s = app.session
    if s is None or not s.match.history or s.match.history[-1].get("type") != "shot":
        return False
    r = s.last_ruling
    return r is not None and not s.is_computer(r.shooter) and s.banner is not None


def after_computers_choice(app: App) -> bool:
    """Whether the last step was a computer's choice whose card is still up
    (shown as long as a person's ruling, then folded)."""
    s = app.session
    return s is not None and s.banner is not None and \
        s.choice_card == len(s.match.history)


def note_persons_ruling(app: App) -> None:
    """At a computer's turn: the last shot's ruling in one line, kept while
    the computer plays on: a person's before its first stroke, then its own
    (a person's foul stayed on top through the whole run that followed);
    a new game's first turn has none."""
    s = app.session
    assert s is not None
    r = s.last_ruling
    if after_computers_choice(app) and s.banner is not None:
        s.person_note = s.banner.title  # the computer's choice, in one line
    elif not s.match.history or r is None:
        s.person_note = ""
    elif s.match.history[-1].get("type") == "shot" and not (
            s.is_computer(r.shooter) and r.game_over):
        title = s.ruling_banner(r).title
        pots = s.pots_of(r)
        s.person_note = app.t("cpu.person_pots", title=title, pots=pots) \
            if pots else title
    elif r.game_over:
        s.person_note = ""


def follows_counted_choice(app: App, kind: str, player: int) -> bool:
    """Whether this shot of computer ``player`` comes straight after its own
    choice, made at the end of a countdown (``ComputerMode.counted``)."""
    prev = app.mode
    return kind == "shot" and isinstance(prev, ComputerMode) and \
        prev.kind == "choice" and prev.player == player and prev.counted and \
        after_computers_choice(app)


def breaks_now(app: App) -> bool:
    """Whether the next stroke is a game's break, a person at the window."""
    s = app.session
    return s is not None and s.has_person() and s.match.state.shots == 0 \
        and not s.match.state.game_over


# Keys that scroll a held card (a notch down or up) and keep it on show.
CARD_KEYS = {pygame.K_DOWN: -1, pygame.K_PAGEDOWN: -1,
             pygame.K_UP: 1, pygame.K_PAGEUP: 1}


class ComputerMode(LinesRoom):
    """A computer's turn: it thinks over a few frames (the window keeps
    drawing), shows what it decided as a person's decision is shown (the cue
    ball placed, the call marked, the cue aimed and the controls set; a
    choice with its rule), then plays it at the watching speed."""

    name = "computer"

    def controls_free(self) -> bool:
        """The aim controls only once there is no ruling card open to read:
        greyed, they kept their room in a low window and left the card 3-4
        lines while the computer thought; the ruling is what to read then."""
        s = self.session
        return s.banner is None or s.banner_folded or not self.show_banner()

    def words_decided(self) -> bool:
        return self.decision is not None

    def __init__(self, app: App, kind: str, player: int) -> None:
        super().__init__(app)
        self.kind = kind  # "shot" or "choice"
        self.player = player
        # A person's foul or game's end is read first: the computer waits.
        # So it does in a match just loaded on its turn: it plays when the
        # person goes on, not the moment the table shows (computers alone
        # play on, as they do after their own rulings).
        s = app.session
        self.loaded = s is not None and s.has_person() and \
            s.loaded_step == len(s.match.history)
        # (only with a card to read: "read the ruling" over an empty column
        # waited for a Space that then showed the computer's own choice)
        self.phase = "waiting" if s is not None and (
            (s.to_acknowledge and s.banner is not None) or self.loaded) \
            else "thinking"
        self.shown = 0.0
        # After a person's own shot its ruling (what happened, who plays
        # next) and the table where their balls stopped stay on show while
        # the computer thinks, at every watching speed (Skip skips only the
        # computer's own strokes): until a click, Space or the card's read
        # (hold_seconds), however long the search. Only a ruling that
        # concerns the person (a foul, a game's end) waits for them
        # ("waiting" above); this card says it goes on by itself, counting
        # down, and stops counting while the person reads it (the mouse on
        # it, or the card scrolled: ``paused``).
        self.hold = hold_seconds(app.session.banner if app.session else None) \
            if self.phase == "thinking" and (
                after_persons_shot(app) or after_computers_choice(app)) else 0.0
        if follows_counted_choice(app, kind, player):
            # Its own choice was made under a countdown already: one hold in
            # all (a second «Через 4 с играет…» made 15 s), the choice's card
            # staying on show until its stroke starts.
            self.hold = 0.0
        # The computer's break: the person sees the racked table and who
        # breaks, counted down as a ruling is (it broke at once, unseen).
        self.breaking = kind == "shot" and self.phase == "thinking" and \
            self.hold == 0.0 and breaks_now(app)
        if self.breaking:
            self.hold = HOLD_MIN_SECONDS
        self.counted = self.hold > 0.0  # this turn counted down once
        self.paused = False
        self.stood: float | None = None  # the countdown when a dialog opened
        # The mouse moved onto the card (one resting where the card came up,
        # after a click on the button there, is not a person reading).
        self.hovered = False
        # Space skipped the person's own shot just before: presses made to
        # hurry the play on (a second tap, a queued one) must not dismiss
        # their ruling before they have read it. Continue's click still does.
        # Nor does a second tap made to skip its own stroke before hurry
        # this one on: a skip is the rolling stroke's own (its next stroke,
        # a pot and a safety, went by unseen after a double tap).
        after_shot = getattr(app.mode, "name", "") in ("playing", "computer_playing")
        skipped = isinstance(app.mode, ComputerPlayMode) and app.mode.skipped_by_press
        self.settle = READ_SECONDS if after_shot and (
            self.phase == "waiting" or self.hold > 0.0 or skipped) else 0.0
        self.made_in = app.frames  # the frame that made it (drawn at its end)
        forget_hurry(app)
        self.decision: Any = None
        self.hurry = False  # Space while it thinks: played as soon as decided
        self.lines: list[str] = []
        # The step this turn is for (see stands) and whether it is over
        # (played, or given to a person); the job once it has begun.
        h = s.match.history if s is not None else ()
        self.step = (len(h), h[-1] if h else None)
        self.over = False
        self.begun = False
        if app.session is not None:
            note_persons_ruling(app)

    def stands(self, s: Any) -> bool:
        """Whether the match ``s`` is still at the step this turn is for."""
        h = s.match.history
        return s is self.session and not self.over and self.step[0] == len(h) \
            and (h[-1] if h else None) is self.step[1]

    def exit(self) -> None:
        # Left for a screen that comes back (help, the replay): this turn
        # goes on from where it was, not from a new countdown and search.
        s = self.app.session
        if s is not None and self.stands(s):
            s.computer_left = self

    def enter(self) -> None:
        _ = self.app.sound
        self.hovered = False  # (the mouse is wherever the other screen left it)
        if self.begun:
            return  # back from help or the replay: thinking on where it was
        self.begun = True
        self.start_job()

    def start_job(self) -> None:
        from simulator.app.match import computer
        m = self.session.match
        self.job: Any = None
        self.fault: Exception | None = None
        try:
            self.job = computer.think_shot(m, self.player) if self.kind == "shot" \
                else computer.think_choice(m, self.player)
        except Exception as e:  # said in the next frame, and a person plays on
            self.fault = e

    def working(self) -> bool:
        # Thinking, then its decision shown for a set time: the stroke
        # comes on time. A ruling waiting for a person rests.
        return self.phase != "waiting" and not self.app.dialogs

    def update(self, dt: float) -> None:
        from simulator.app.match import computer
        # A person's seconds, by the clock (App.real_dt): the count down on
        # the card, the decision's time on show and the guard on keys.
        real = self.app.real_dt
        if self.app.frames > self.made_in + 1:
            # (the frame that made this turn, a skipped stroke played to its
            # end and judged, slow, is not the card on show: its time ran
            # the guard out and a second tap read the person's own foul)
            self.settle = max(0.0, self.settle - real)
        if self.under_dialog():
            return  # the match menu is open, or just closed
        if self.phase == "waiting":
            return  # a person reads a ruling
        if not self.reading():
            self.hold = max(0.0, self.hold - real)
        if self.phase == "thinking":
            self.think_slice()
            return
        if self.holding():
            # The person's card its whole time first, then the computer's
            # decision its own: a quick search no longer spent the decision's
            # time under the card, the stroke coming the moment it went.
            return
        self.shown += real
        speed = watch_speed(self.app)
        show = computer.SHOW_SECONDS if self.kind == "shot" else computer.CHOICE_SECONDS
        if not self.holding() and (speed <= 0.0 or self.hurry or
                                   self.shown >= show / speed):
            self.act()

    def under_dialog(self) -> bool:
        """Whether a dialog is open (the countdown stands, kept as it was
        when it opened), or closed in this pass: then the countdown comes
        back as it stood, RESUME_SECONDS at least (the pass's seconds were
        the dialog's; a countdown of 10 s came back at 1 s after the match
        menu), to be read again before the stroke."""
        if self.app.dialogs:
            if self.stood is None:
                self.stood = self.hold
            return True
        if self.stood is None:
            return False
        if self.stood > 0.0:
            self.hold = max(self.stood, RESUME_SECONDS)
        self.stood = None
        return True

    def think(self) -> bool:
        # Between frames: the window draws only when something changes.
        if self.phase != "thinking" or self.app.dialogs:
            return False
        self.think_slice()
        return self.phase == "thinking" and self.app.mode is self

    def think_slice(self) -> None:
        from simulator.app.match import computer
        try:
            if self.fault is not None:
                raise self.fault
            if self.job.advance(computer.THINK_SLICE):
                self.decided(self.job.result)
        except Exception as e:
            self.give_up(e)

    def decided(self, d: Any) -> None:
        from simulator.app.match import computer
        from simulator.app.text.words import ball_label
        s = self.session
        loc = s.locale
        self.decision = d
        self.phase = "showing"
        self.lines_room, self.controls_back = False, 0  # (measured once drawn)
        if self.kind == "shot":
            if d.place is not None:
                s.placed = d.place
            s.aim = computer.aim_of(d)
            self.lines = computer.shot_lines(loc, d, lambda b: ball_label(loc, b),
                                              s.spec.balls.radius, s.match.table())
            return
        ref = choice_rule(s.discipline, d.choice, s.last_ruling)
        who = s.name(self.player)
        self.lines = [chooses_words(loc, d.choice, who, ref),
                      *weighed_lines(loc, s.discipline, d.choice, who, d.values)]

    def give_up(self, fault: Exception) -> None:
        """A fault in the computer's search: said plainly, and this turn
        goes to the people at the table (the match is never stuck)."""
        s = self.session
        s.computer_failed = len(s.match.history)
        self.over = True
        self.app.notify(self.app.t("cpu.failed", name=s.name(self.player),
                                   reason=f"{type(fault).__name__}: {fault}"))
        next_step(self.app)

    def act(self) -> None:
        from rules.ruling import RulesError
        s = self.session
        d = self.decision
        self.over = True
        if self.kind == "shot":
            self.app.switch(ComputerPlayMode(self.app, d.table(s.match.table()),
                                             d.stroke, d.declarations, self.player,
                                             self.lines))
            return
        before = s.banner
        try:
            # (kept for the card of a loaded match; a value no number, never)
            s.choose(d.choice, d.ball, {getattr(c, "value", c): float(v)
                                        for c, v in d.values.items()
                                        if math.isfinite(v)})
        except RulesError as e:  # the referee refused it: said, never hidden
            self.app.notify(refusal(self.app, s, e, self.player))
        else:
            choice_card(s, self.lines[0], before, tuple(self.lines[1:]))
        next_step(self.app)

    def set_watch(self, key: str) -> None:
        set_watch(self.app, key)
        if not self.bottom_shown():
            say_watch(self.app)

    def holding(self) -> bool:
        """The person's own shot's ruling is still on show before the
        computer's stroke."""
        return self.hold > 0.0

    def reading(self) -> bool:
        """The held card is being read: scrolled, or the mouse on it."""
        return self.holding() and (self.paused or self.hovered)

    def card_first(self) -> bool:
        # The person's ruling is what to read, not the computer's plans.
        return self.holding() or self.phase == "waiting"

    def card_over_extra(self) -> bool:
        # The ruling outranks the plan for the stroke to come: the plan gives
        # its room first (at 800x500 a foul's facts were cut under it).
        return self.kind == "shot" and self.phase == "showing"

    def acknowledge(self) -> None:
        """The person has read the ruling: the computer may begin."""
        self.session.to_acknowledge = False
        self.session.loaded_step = None
        if self.phase == "waiting":
            self.phase = "thinking"

    def handle(self, event: pygame.event.Event) -> None:
        note_hurry(self.app, event)
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.banner_rect is not None and \
                self.banner_rect.collidepoint(event.pos)
        if self.scroll_banner(event):  # the wheel over the card reads on
            self.paused = self.holding()  # and the computer waits for it
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.holding():
            if self.settle <= 0.0:  # (as Space: not a tap meant for the shot)
                self._seen()  # a click off the card: read, the computer plays on
            return
        if event.type != pygame.KEYDOWN or self.app.repeat(event):
            return
        if self.holding() and event.key in CARD_KEYS:
            self.scroll_card(CARD_KEYS[event.key])  # the keys' wheel:
            self.paused = True  # the person reads on, the computer waits
            return
        if self.settle > 0.0 and event.key in (pygame.K_SPACE, pygame.K_RETURN,
                                               pygame.K_KP_ENTER):
            self.app.key_too_soon()  # (said: the next press is taken)
            return  # meant for the shot before: the ruling is read first
        if self.phase == "waiting" and event.key in (pygame.K_SPACE, pygame.K_RETURN,
                                                     pygame.K_KP_ENTER):
            self.acknowledge()
        elif self.holding() and event.key in (pygame.K_SPACE, pygame.K_RETURN,
                                              pygame.K_KP_ENTER):
            self._seen()  # seen: the computer plays on
        elif event.key in WATCH_KEYS:
            self.set_watch(WATCH_KEYS[event.key])
        elif event.key == pygame.K_r and self.phase == "waiting":
            self.replay()
        elif self.phase == "waiting" and shot_page_key(self, event.key):
            pass
        elif event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.phase == "showing":
            self.act()  # play it now
        elif event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.phase == "thinking":
            self.hurry = True  # "play it now", as the footer says: once decided
        elif event.key == pygame.K_ESCAPE:
            self.app.open("pause")
        elif event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            save_key(self.app, event.mod)  # (it said nothing on the computer's turn)
        elif event.key == pygame.K_j:
            self.app.open("referee")  # a call on the last shot; the computer waits
        elif event.key == pygame.K_f:
            # A foul in its last shot (a choice made on it since
            # included), the computer waiting; else the words say why not.
            if called_shooter(self.session) is None:
                self.app.notify(no_call_words(self.session, self.player))
            else:
                self.app.open("fouls")
        elif event.key == pygame.K_h and self.session.banner is not None:
            self.toggle_banner()  # what the card's button (its cap says H) does
        elif hint_refused(self.app, event):
            pass
        else:
            common_key(self.app, event)

    def heading(self) -> tuple[str, str]:
        name = self.session.name(self.player)
        if self.phase == "waiting" and self.loaded:
            return self.app.t("load.cpu_shoots" if self.kind == "shot" else
                              "load.cpu_chooses", name=name), \
                self.app.t("load.cpu_go", name=name)
        if self.phase == "waiting":
            return self.waits_words(name), self.app.t("evening.read_ruling")
        if self.holding():
            big, then = self.held_words(name)
            # Where the card is up its title says what happened (and what
            # dropped: ``card``); the heading who is at the table (without
            # one the column began with the countdown's small grey words).
            # "Anna: no ball potted" over "Anna: legal shot" said one stroke
            # twice.
            return (self.own_heading(name)[0] if self.card_says_it() else big), then
        return self.own_heading(name)

    def card_says_it(self) -> bool:
        """Whether the ruling card on show, held before the computer plays,
        says what the last stroke came to (the heading need not)."""
        s = self.session
        return self.card_squeezed() or (
            self.holding() and s.banner is not None and self.show_banner()
            and not self.breaking and not after_computers_choice(self.app))

    def card(self) -> Banner | None:
        """The person's ruling card, held: its title with what dropped
        ("Anna: legal shot · no ball potted"), as the column's note keeps
        it once the computer plays."""
        banner = super().card()
        s = self.session
        r = s.last_ruling
        # (A person's own foul waiting to be read keeps its title, "Foul:
        # Anna", its first line naming the foul: "Foul: Anna · no ball
        # potted" read as if the foul were that nothing dropped.)
        if banner is None or r is None or not self.card_says_it():
            return banner
        pots = s.pots_of(r)
        if not pots or pots in banner.title:
            return banner
        return replace(banner, title=self.app.t("cpu.person_pots", title=banner.title,
                                                pots=pots))

    def waits_words(self, name: str) -> str:
        """Why this card waits for a key when the computer's own cards count
        down: the ruling is the person's foul or the game's end, which a
        person reads and acknowledges (a play-tester wondered why this one
        stopped)."""
        s = self.session
        r = s.last_ruling
        if r is not None and r.game_over:
            return self.app.t("evening.waits_game", name=name)
        if r is not None and not s.is_computer(r.shooter) and \
                (r.fouls or r.penalty is not None):
            people = [i for i in range(len(s.names)) if not s.is_computer(i)]
            if len(people) == 1:
                return self.app.t("evening.waits_foul", name=name)
            return self.app.t("evening.waits_foul_of", name=name,
                              person=s.name(r.shooter))
        return self.app.t("evening.cpu_waits", name=name)

    def card_squeezed(self) -> bool:
        """A held card open in a low column (LOW_COLUMN)."""
        s = self.session
        return self.holding() and s.banner is not None and not s.banner_folded \
            and self.show_banner() and self.layout.side.height < LOW_COLUMN

    def own_heading(self, name: str) -> tuple[str, str]:
        """What the computer is doing: thinking (and how far), playing or
        choosing."""
        if self.phase == "thinking":
            done = self.job.simulations if self.job is not None else 0
            return self.app.t("cpu.thinking", name=name), \
                self.app.t("cpu.tried", n=done) if done else ""
        key = "cpu.plays" if self.kind == "shot" else "side.chooses"
        return self.app.t(key, name=name), ""

    def held_words(self, name: str) -> tuple[str, str]:
        """"Anna: no ball potted" (or the balls that went down), and who
        plays next."""
        s = self.session
        # (whole seconds left, counted down: the card does not wait for a key)
        then = self.app.t("cpu.held_paused", name=name) if self.reading() else \
            self.app.t("cpu.held_to_break" if self.breaking else "cpu.held_to_play",
                       name=name, n=math.ceil(self.hold))
        if self.breaking:
            return self.app.t("cpu.held_break", name=name), then
        if after_computers_choice(self.app):
            return self.app.t("cpu.held_chose"), then
        r = s.last_ruling
        person = s.name(r.shooter if r is not None else None)
        pots = s.pots_of(r) if r is not None else ""
        if not pots:  # (no stroke: a call of the referee's)
            return self.app.t("cpu.held_turn_ends", name=person), then
        return self.app.t("cpu.held_pots", name=person, pots=pots), then

    def side_note(self) -> str:
        # While the person's card is up (held or waiting) it says it all.
        if self.holding() or self.phase == "waiting":
            return ""
        return self.note_beside_card(self.session.person_note)

    def note_beside_card(self, note: str) -> str:
        """The note less what the computer's ruling card on show says: its
        title is the card's ("Computer: legal shot · potted 5" over a card
        headed "Computer: legal shot" said the result twice), what dropped
        kept."""
        s = self.session
        banner, r = s.banner, s.last_ruling
        # (a person's ruling kept in one line while the card of it is read:
        # as it was, the sum of their shot)
        if not note or banner is None or not self.show_banner() or \
                r is None or not s.is_computer(r.shooter):
            return note
        if note == banner.title:
            return ""
        head = self.app.t("cpu.person_pots", title=banner.title, pots="")
        return note[len(head):] if note.startswith(head) else note

    def side_extra(self) -> list[str]:
        said = self.doing_line()
        lines = [said, *self.lines] if said else self.lines
        return [*lines, *self.kept_lines()]

    def doing_line(self) -> str:
        """Under the person's ruling card held: what the computer does
        meanwhile (thinking, its tries so far); "": none."""
        if not self.holding():
            return ""
        big, small = self.own_heading(self.session.name(self.player))
        return " · ".join(w for w in ((small,) if self.card_says_it()
                                      else (big, small)) if w)  # (said once)

    def passing_lines(self) -> list[str]:
        return [self.doing_line()]  # (its count of tries runs on)

    def bottom_buttons(self) -> tuple[list[ui.Button], bool]:
        return watch_block(self, self.set_watch)

    def bottom_shown(self) -> bool:
        """The speeds while it thinks and plays; not while a person's ruling
        waits to be read before it begins (nothing to watch or skip yet:
        their room kept, their keys said, set_watch)."""
        return self.phase != "waiting"

    def side_buttons(self) -> list[ui.Button]:
        out: list[ui.Button] = []
        if self.holding():
            out.insert(0, ui.Button(self.app.t("cpu.go_now"), self._seen,
                                    key="Space", ident="acknowledge"))
        if self.phase == "waiting":
            out.insert(0, ui.Button(self.app.t("evening.go_on"), self.acknowledge,
                                    key="Space", ident="acknowledge"))
            out.insert(1, ui.Button(self.app.t("panel.replay"), self.replay
                                    if self.session.shots else None, key="R",
                                    ident="replay"))
        out.append(ui.Button(self.app.t("panel.menu"), lambda: self.app.open("pause"),
                             key="Esc", ident="menu"))
        return out

    def replay(self) -> None:
        """The person's shot again while the computer waits (it still waits
        when the replay closes: the ruling is not yet read)."""
        if self.session.shots:
            self.app.go("replay")

    def read_card(self) -> None:
        super().read_card()
        # Read whole, as scrolled: the person reads on, the computer waits.
        self.paused = self.holding() and bool(self.app.dialogs)

    def _seen(self) -> None:
        self.hold = 0.0
        # The break's countdown says "now": it breaks once decided (the
        # table was on show all along; a ruling's hold shows the decision).
        self.hurry = self.hurry or self.breaking

    def ball_positions(self) -> dict[int, tuple[float, float, float]]:
        """Before the computer has placed a ball in hand, the cue ball is
        drawn only where the last shot left it (after a scratch: nowhere),
        not on the spot a person's placing would start from. A new rack's
        break shows the referee's rack from its first frame: the cue ball in
        the break's area (the kitchen; on a pyramid table the house), never
        where the last game left it."""
        out = super().ball_positions()
        req = self.session.req
        if self.decision is None and req is not None and \
                req.ball_in_hand.value != "none" and not req.is_break:
            lies = self.session.cue_at_rest()
            if lies is None:
                out.pop(CUE_BALL, None)
            else:
                out[CUE_BALL] = (*lies, self.session.spec.balls.radius)
        return out

    def draw_top(self, surface: pygame.Surface) -> None:
        if self.kind != "shot" or self.decision is None:
            return
        s = self.session
        view = self.scene.view
        cue = s.cue_pos()
        if cue is not None:
            draw_cue(surface, view, cue, s.aim.angle, 0.02, s.aim.elevation,
                     others(s.table))
        decl = self.decision.declarations
        colour = (120, 200, 255)
        if decl.called_ball is not None:
            p = s.table.position(decl.called_ball)
            if p is not None:
                pygame.draw.circle(surface, colour, view.to_screen(*p),
                                   view.ball_px * 1.6, 2)
        if decl.called_pocket is not None:
            pk = s.spec.pocket(decl.called_pocket)
            pygame.draw.circle(surface, colour, view.to_screen(*pk.mouth_centre),
                               view.px(pk.mouth_width * 0.7), 3)

    def chips(self) -> list[str]:
        return [self.app.t("strip.computer")]

    def hint(self) -> str:
        if self.phase == "waiting" and self.loaded:
            return self.app.t("load.cpu_keys")  # (the heading says the rest)
        if self.phase == "waiting":  # (the heading says to read, then go on)
            return self.app.t("hint.reading")
        return kept_watch(self.app, self.app.t("hint.computer"))

    def short_hint(self) -> str:
        if self.phase == "waiting" and self.loaded:
            return self.app.t("load.cpu_keys_short")  # (the heading says the rest)
        if self.phase == "waiting":
            return self.app.t("hint.reading_short")
        return kept_watch(self.app, self.app.t("hint.computer_short"), True)


