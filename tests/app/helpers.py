"""Helpers that drive the app headless: a dummy video driver, and synthetic
mouse and keyboard events fed to one frame at a time."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"  # let a test runner stop us
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from simulator.app.loop.app import App, Mode
from simulator.app.loop.settings import Settings
from simulator.app.screens.aiming import AimMode
from simulator.app.screens.quiz import QuizMode, quiz_ids, start_quiz
from simulator.app.text.i18n import Locale
from simulator.practice.library import library

if TYPE_CHECKING:
    from rules.game import GameState
    from simulator.app.dialogs.base import Dialog
    from simulator.app.match.session import Session
    from simulator.app.screens.gallery import GalleryPlayMode
    from simulator.app.screens.placing import PlaceMode

DT = 1 / 60


def make_app(lang: str = "en", size: tuple[int, int] = (1280, 720)) -> App:
    from simulator.app.loop.registry import SCREENS
    app = App(size, Locale(lang), Settings(sound=False), screens=SCREENS)
    app.seed = 11
    return app


def frame(app: App, *events: pygame.event.Event, n: int = 1) -> None:
    """``n`` frames, the first with these events, each with whatever the
    widgets posted to the queue (as the real loop's pygame.event.get() would
    deliver). Only the last is read, but the column finds its layout a step
    a drawn frame (the card's "N more", a hint's room), so the last
    DRAW_EVERY are drawn: those before them are played but drawn only as
    run_until draws a frame nobody looks at (a dialog up, or every
    DRAW_EVERY-th)."""
    last = max(n, 1) - 1
    for i in range(last + 1):
        got = [*pygame.event.get(), *events] if i == 0 else pygame.event.get()
        if i > last - DRAW_EVERY:
            app.frame(got, DT)
        else:
            _unread_frame(app, got, i + 1)


def _unread_frame(app: App, events: list[pygame.event.Event], count: int) -> None:
    """A frame whose picture nobody reads: drawn only where a dialog is up
    after it (a dialog counts its time from its first drawing) or its
    ``count`` is a multiple of DRAW_EVERY (a fault in drawing still fails
    the test)."""
    draw = app.draw

    def draw_if_needed() -> None:
        if app.dialogs or count % DRAW_EVERY == 0:
            draw()
    app.draw = draw_if_needed  # type: ignore[method-assign]
    try:
        app.frame(events, DT)
    finally:
        app.draw = draw  # type: ignore[method-assign]


def drawn_lines(app: App, where: pygame.Rect | str | None = None, *,
                shown: bool = False, touching: bool = False) -> list[str]:
    """The lines of words the last frame drew, in the order drawn: as written,
    or with ``shown`` as shown (cut with «…» where a line did not fit). With
    ``where`` (a rectangle, or the name of a region of the window's layout:
    "side", "top", "strip") only the lines inside it; ``touching``: the lines
    that overlap it."""
    box = getattr(app.layout, where) if isinstance(where, str) else where
    return [t.shown if shown else t.text for t in app.texts
            if box is None or (box.colliderect(t.rect) if touching
                               else box.contains(t.rect))]


def drawn_words(app: App, where: pygame.Rect | str | None = None, *,
                shown: bool = False, touching: bool = False,
                folded: bool = False) -> str:
    """Those lines that have words, joined by spaces: a wrapped sentence whole
    again. With ``folded`` every run of white space (a no-break space too) is
    one space, as a player reads it whatever the line breaks and spacing."""
    lines = drawn_lines(app, where, shown=shown, touching=touching)
    words = " ".join(ln for ln in lines if ln)
    return " ".join(words.split()) if folded else words


def fold(text: str) -> str:
    """Words as drawn_words(folded=True) reads them (a no-break space too)."""
    return " ".join(text.split())


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    pos = (int(pos[0]), int(pos[1]))
    frame(app, *arriving(app, pos),
          pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                             buttons=(0, 0, 0)))
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def arriving(app: App, pos: tuple[int, int]) -> list[pygame.event.Event]:
    """The cursor coming to ``pos`` from a little way off, where it rests
    there already: a person who clicks a button aims at it. A button that
    came up under a cursor resting where it is takes no press for a moment
    (ui.FRESH); tests that mean that press leave the cursor still."""
    from simulator.app.text.ui import STILL
    if app.mouse is None or abs(app.mouse[0] - pos[0]) + \
            abs(app.mouse[1] - pos[1]) > STILL:
        return []
    away = (pos[0] + STILL + 1, pos[1])
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0),
                               buttons=(0, 0, 0))]


def move(app: App, pos: tuple[float, float], held: bool = False) -> None:
    p = (int(pos[0]), int(pos[1]))
    frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                  buttons=(1 if held else 0, 0, 0)))


def key(app: App, k: int, mod: int = 0) -> None:
    """A key pressed and let go, each in a frame drawn (the column lays
    itself out from what the frame before measured)."""
    down = pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    frame(app, down)
    frame(app, pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))


def button_labels(app: App) -> list[str]:
    """The labels of every button that takes a click now: the widgets' and
    the drawn ones of the last frame."""
    from pygame_gui.elements import UIButton
    out = [el.text for el in app.gui.get_sprite_group().sprites()
           if isinstance(el, UIButton) and el.visible and el.is_enabled]
    return out + [b.label for b in app.buttons if b.enabled]


def click_button(app: App, text: str) -> None:
    """Click the button whose label is ``text`` (a widget or a drawn one)."""
    from pygame_gui.elements import UIButton
    for el in app.gui.get_sprite_group().sprites():
        if isinstance(el, UIButton) and el.text == text and el.visible \
                and el.is_enabled:
            click(app, el.rect.center)
            return
    if not any(b.label == text for b in app.buttons):
        frame(app)  # a screen just opened: draw it once
    for b in reversed(app.buttons):
        if b.label == text and b.enabled:
            click(app, b.rect.center)
            return
    # A dialog's button shown in its shorter words in a low window (800x500).
    for d in reversed(getattr(app, "dialogs", [])):
        specs = [label for label, _fn in getattr(d, "button_specs", [])]
        if text in specs and len(d.buttons) == len(specs):
            b = d.buttons[specs.index(text)]
            if b.enabled and b.rect.width:
                click(app, b.rect.center)
                return
    raise AssertionError(f"no button {text!r}; buttons: {button_labels(app)}")


# What a frame's drawing leaves for a test to read: a wait whose condition
# reads any of these (or asks a test's own function) draws every frame.
DRAWN = frozenset({"drawn_words", "drawn_lines", "button_labels", "texts",
                   "buttons", "tips", "panels", "areas", "card_rows", "more_below",
                   "banner_rect", "screen", "surface", "get_at", "drawn",
                   "shown_at", "_dock", "_buttons", "_row", "card_spare",
                   "extra_rows_last", "rect", "box", "FRAME"})


DRAW_EVERY = 8


def _reads_nothing_drawn(cond: object) -> bool:
    """Whether ``cond`` is a plain function that reads no frame's drawing:
    only the match's and the screens' state (their modes, dialogs, shots)."""
    import types
    if not isinstance(cond, types.FunctionType):
        return False
    codes = [cond.__code__]
    while codes:
        code = codes.pop()
        for name in code.co_names:
            if name in DRAWN:
                return False
            found = cond.__globals__.get(name)
            if isinstance(found, types.FunctionType) and \
                    found.__module__.startswith("tests"):
                return False  # (a test's own function may read the drawing)
        codes += [c for c in code.co_consts if isinstance(c, types.CodeType)]
    return True


def run_until(app: App, cond: object, limit: int = 3000) -> int:
    """Frames until ``cond`` holds; the number played. Where ``cond`` reads
    nothing drawn, a frame after which it still fails (nobody looks at it)
    is played but not drawn, unless a dialog is up (a dialog counts its
    time from its first drawing) or it is every DRAW_EVERY-th: a stroke
    rolls to rest, a clip to its foul, as the window plays them, at a
    fraction of the cost. The frame
    that meets it is drawn as ever."""
    check: Callable[[], object] = cond  # type: ignore[assignment]
    if not _reads_nothing_drawn(cond):
        for i in range(limit):
            if check():
                return i
            app.frame(pygame.event.get(), DT)
        raise AssertionError("condition not reached")
    draw = app.draw
    met: list[bool] = []
    played = [0]

    def draw_if_looked_at() -> None:
        played[0] += 1
        try:
            met.append(bool(check()))
        except Exception:
            draw()  # (asked again after the frame, it says why)
            return
        # Every eighth frame is drawn all the same, so a fault in drawing a
        # rolling table, a clip or a search under way still fails a test.
        if met[-1] or app.dialogs or played[0] % DRAW_EVERY == 0:
            draw()
    app.draw = draw_if_looked_at  # type: ignore[method-assign]
    try:
        for i in range(limit):
            if met[-1] if met else check():
                return i
            met.clear()
            app.frame(pygame.event.get(), DT)
    finally:
        app.draw = draw  # type: ignore[method-assign]
    raise AssertionError("condition not reached")


def scenario_match(app: App, game: str, balls: dict[int, tuple[float, float]],
                   scenario_id: str = "position", players: int = 2,
                   groups: tuple[str, str] = ("solids", "stripes")) -> AimMode:
    """A match of Anna and Boris (and Vera, ... when ``players`` says) at a
    set position (not a break; in 8-ball the groups taken, Anna's first in
    ``groups``), Anna aiming; returns the aiming mode."""
    from rules.referee import Match
    from simulator.app.match.session import Session
    from simulator.practice.scenario import parse_scenario
    state: dict[str, Any] = {"is_break": False}
    if game == "8-ball":
        state["groups"] = list(groups)
    draft = {"format": "kiy-scenario", "version": 1, "id": scenario_id,
             "discipline": game, "players": players,
             "title": {"en": "Position", "ru": "Позиция"},
             "balls": {str(b): list(p) for b, p in balls.items()}, "state": state}
    sc = parse_scenario(draft)
    names = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Zoya", "Ivan"]
    m = Match.from_state(names[:players], game, sc.game, {}, seed=1)
    app.session = Session(m, app.locale)
    app.go("match")
    frame(app)
    mode = app.mode
    assert isinstance(mode, AimMode), mode
    return mode


def card_rows(app: App, index: int) -> list[list[str]]:
    """The rows of cells drawn in the ``index``-th card of the screen."""
    cards = [r for name, r in app.panels if name == "card"]
    box = cards[index]
    rows: dict[int, list[tuple[int, str]]] = {}
    for t in app.texts:
        if box.contains(t.box) and t.box.height < 40:
            rows.setdefault(t.rect.top, []).append((t.box.left, t.text))
    return [[x for _, x in sorted(cells)] for _, cells in sorted(rows.items())]


def gallery_index(name: str) -> int:
    """Where the foul gallery lists the clip ``name``."""
    from simulator.practice.gallery import entries
    return next(i for i, e in enumerate(entries()) if e.id == name)


def open_gallery(app: App, clip: str | int, to_foul: bool = False) -> GalleryPlayMode:
    """The foul gallery's clip ``clip`` (its name, or its place in the list)
    on the screen; with ``to_foul``, played to its foul and drawn there: the
    way there at a brisk speed (its slow motion took hundreds of frames a
    clip, none of them what is checked: the clip stops at the foul's own
    moment at any speed), the foul drawn at the clip's own speed."""
    from simulator.app.screens.gallery import GalleryPlayMode
    g = GalleryPlayMode(app, gallery_index(clip) if isinstance(clip, str) else clip)
    app.switch(g)
    assert app.mode is g
    if to_foul:
        pb = g.player.playback
        speed, pb.speed = pb.speed, 4.0
        run_until(app, lambda: g.at_foul, limit=3600)
        pb.speed = speed
        frame(app, n=2)
    return g


def make_every_pot_hopeless(monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer (and the hint) settles on a pot of the 1 into the top left
    pocket none of whose 300 tries went in: the words for a hopeless pot and
    the safety searched instead."""
    import dataclasses

    from simulator.players import player as player_mod
    real = player_mod.ComputerPlayer.shot_steps

    def hopeless_pot(self: player_mod.ComputerPlayer, *args: object,
                     **kw: object) -> object:
        d = yield from real(self, *args, **kw)  # type: ignore[arg-type]
        if kw.get("only"):
            return d
        return dataclasses.replace(d, kind="pot", target=1, pocket="top_left",
                                   success=0.0, simulations=300)

    monkeypatch.setattr(player_mod.ComputerPlayer, "shot_steps", hopeless_pot)


def against_gordon(app: App, race_to: int) -> Session:
    """Anna (breaking) against the computer named Gordon, 8-ball, each shot
    shown at once (watch "skip"), opened on the table."""
    from simulator.app.match.session import Session

    app.settings.watch = "skip"
    s = Session.new(["Anna", "cpu:club:Gordon"], "8-ball",
                    {"race_to": race_to, "first_breaker": 0}, app.locale, seed=4)
    app.session = s
    app.go("match")
    frame(app)
    return s


def watched_session(app: App, names: list[str], game: str, opts: Mapping[str, Any],
                    watch: str = "1", seed: int = 4,
                    state: GameState | None = None) -> Session:
    """The match of ``names`` at ``game`` with ``opts`` opened where the
    referee says it stands (one frame drawn), the computers' strokes shown
    at ``watch`` ("skip": at once); from the set position ``state`` where
    given, else a fresh rack."""
    from rules.referee import Match
    from simulator.app.match.session import Session

    m = Match(names, game, dict(opts), seed=seed) if state is None else \
        Match.from_state(names, game, state, opts, seed=seed)
    s = Session(m, app.locale)
    s.watch = watch
    app.session = s
    app.go("match")
    frame(app)
    return s


def after_the_break(app: App, names: list[str], game: str,
                    opts: Mapping[str, Any], seed: int) -> Session:
    """The match of ``names`` at ``game`` opened on the table and broken by
    its first player, the next stroke's screen drawn."""
    from simulator.app.loop.launch import break_shot

    s = watched_session(app, names, game, opts, seed=seed)
    break_shot(app)
    app.go("match")
    frame(app)
    return s


def three_in_express(app: App) -> Session:
    """Anna, Boris and Vera start an Express match (seed 5): the first turn,
    its screen drawn once."""
    from simulator.app.match.session import Session
    from simulator.app.match.turns import next_step

    app.session = s = Session.new(["Anna", "Boris", "Vera"], "express", {},
                                  app.locale, seed=5)
    next_step(app)
    frame(app)
    return s


def to_the_break(app: App, names: list[str], game: str,
                 opts: Mapping[str, Any], seed: int = 5) -> Session:
    """A new match of ``names`` at ``game`` started at the window: the lag
    played out and its cue ball taken where it lies (Enter), the breaker
    aiming."""
    from simulator.app.match.session import Session
    from simulator.app.match.turns import next_step

    app.session = s = Session.new(names, game, dict(opts), app.locale, seed=seed)
    next_step(app)
    frame(app)
    run_until(app, lambda: app.mode is not None and app.mode.name in (
        "placing", "aiming") and not app.dialogs, limit=4000)
    if app.mode is not None and app.mode.name == "placing":
        key(app, pygame.K_RETURN)
    return s


def replayed_by_rule_28(app: App) -> Session:
    """8-ball, Anna and Boris (seed 5): the break played, then the referee's
    call of outside interference with the position not restorable (general
    rule 28): the game is to be replayed; the frame after the call."""
    from simulator.app.dialogs.referee_calls import call_words
    from simulator.app.loop.launch import break_shot
    from simulator.app.match.session import Session
    from simulator.app.match.turns import next_step

    s = Session.new(["Anna", "Boris"], "8-ball", {"race_to": 3}, app.locale, seed=5)
    app.session = s
    next_step(app)
    app.frame([], DT)
    break_shot(app)
    next_step(app)
    frame(app)
    key(app, pygame.K_j)
    click_button(app, call_words(app, "referee.not_restored"))
    frame(app)
    return s


def racked_again(app: App) -> None:
    """After ``replayed_by_rule_28``: "Rack again" pressed, the replay's
    breaker at the table (aiming, or placing the cue ball)."""
    click_button(app, app.t("side.rack_again"))
    frame(app)
    run_until(app, lambda: not app.dialogs and app.mode is not None
              and app.mode.name in ("aiming", "placing"), limit=600)


def computers_choice_after_a_soft_break(app: App) -> Session:
    """14.1 rule 6: Anna breaks too softly against the computer, reads her
    foul (Space), and the computer chooses; the frame after its choice."""
    from simulator.app.screens.computer_turn import ComputerMode

    s = to_the_break(app, ["Anna", "cpu:club"], "14.1", {"target": 5}, seed=4)
    s.aim = s.aim.with_power(0.05)  # too soft: an illegal break (14.1 rule 6)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: isinstance(app.mode, ComputerMode), limit=6000)
    return s


def too_soft_a_break(app: App) -> Session:
    """14.1 (seed 3) at the window's size: Alice breaks too softly against
    the strong computer, a foul (14.1 rule 6); the frame her ruling is
    given (the computer's choice of its two options to come)."""
    from simulator.app.match.session import Session
    from simulator.app.match.turns import next_step
    from simulator.app.table.aim import Aim, angle_to
    app.session = s = Session.new(["Alice", "cpu:strong"], "14.1",
                                  {"target": 50, "first_breaker": 0}, app.locale,
                                  seed=3)
    next_step(app)
    app.frame([], DT)
    if app.mode is not None and app.mode.name == "placing":
        key(app, pygame.K_RETURN)
    cue, one = s.table.position(0), s.table.position(1)
    assert cue is not None and one is not None
    s.aim = Aim(angle_to(cue, one), 0.12)  # too soft: no legal break
    app.mode.key_lock = pygame.mouse.get_pos()  # type: ignore[union-attr]
    steps = len(s.match.history)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: len(s.match.history) > steps, limit=6000)
    return s


def computer_pots_the_9(app: App) -> Session:
    """9-ball, a race to 2: the club computer at the table pots the 9 (at
    rest straight in front of the foot right pocket) and wins the game
    (9-ball rule 4), each of its shots shown at once; returns once its
    stroke is ruled and the person sees where it left the balls."""
    from rules.referee import Match
    from simulator.app.match.session import Session
    from simulator.practice.scenario import parse_scenario
    app.settings.watch = "skip"
    sc = parse_scenario({
        "format": "kiy-scenario", "version": 1, "id": "game-end",
        "discipline": "9-ball", "players": 2, "title": {"en": "End", "ru": "Конец"},
        "balls": {"0": [1.8, 0.5], "9": [2.3, 0.3]},
        "state": {"is_break": False, "shooter": 1}})
    m = Match.from_state(["Anna", "cpu:club"], "9-ball", sc.game, {"race_to": 2},
                         seed=1)
    app.session = s = Session(m, app.locale)
    app.go("match")
    frame(app)
    run_until(app, lambda: bool(s.match.history) and app.mode is not None
              and app.mode.name not in ("computer", "computer_playing"), limit=6000)
    frame(app)
    return s


def computer_match_at(app: App, draft: dict[str, object],
                      players: list[str]) -> Session:
    """A match of ``players`` (a computer seat among them) at the scenario
    ``draft``'s position, each computer shot shown at once; the first player
    aiming."""
    from simulator.practice.scenario import parse_scenario

    s = watched_session(app, players, str(draft["discipline"]), {}, watch="skip",
                        seed=1, state=parse_scenario(draft).game)
    assert app.mode is not None and app.mode.name == "aiming"
    return s


def reopen_from_menu(app: App, path: Path) -> Session:
    """The saved match at ``path`` opened from the main menu as a player
    would; the session it made."""
    from simulator.app.loop.flow import open_saved

    before = app.session
    app.go("menu")
    frame(app)
    assert open_saved(app, path)
    frame(app, n=2)
    s = app.session
    assert s is not None and s is not before
    return s


def quiz_on(app: App, sid: str, frames: int = 0) -> QuizMode:
    """The quiz opened at one situation (its stroke about to play, or
    ``frames`` frames into it)."""
    disc = library().find(sid).discipline
    app.switch(start_quiz(app, disc, quiz_ids(disc).index(sid)))
    mode = app.mode
    assert isinstance(mode, QuizMode) and mode.sc.id == sid
    if frames:
        frame(app, n=frames)
    return mode


def quiz_ready(app: App) -> QuizMode:
    """The quiz's stroke seen to its end (Space skips to it), so that its
    answers are taken: pressed while it plays, they are refused."""
    mode = app.mode
    assert isinstance(mode, QuizMode)
    if not mode.watched:
        key(app, pygame.K_SPACE)
    assert mode.watched
    return mode


def quiz_at(app: App, sid: str, kind: str, settle: int = 2) -> QuizMode:
    """The quiz at situation ``sid``, its questions answered right up to
    the first of ``kind``, its answers open (``settle`` frames after)."""
    mode = quiz_on(app, sid, frames=2)
    while mode.question.kind != kind:
        quiz_ready(app)
        frame(app)
        answer(app, mode)
        key(app, pygame.K_RETURN)
        frame(app, n=2)
    quiz_ready(app)
    frame(app, n=settle)
    return mode


def quiz_situations() -> list[str]:
    """The ids of the practice situations that carry quiz questions."""
    from simulator.practice.library import library
    return [e.id for e in library().entries if e.has_question]


def answer(app: App, mode: QuizMode, right: bool = True) -> None:
    """The question on screen answered, right or with a wrong choice (every
    right one of a question with several, then Enter), and taken."""
    q = mode.question
    pick = sorted(q.correct) if right else \
        [next(a for a in q.choices if a not in q.correct)]
    for a in pick:
        key(app, pygame.K_1 + q.choices.index(a))
    if q.multiple:
        key(app, pygame.K_RETURN)
    frame(app, n=2)
    assert mode.phase == "answered"
    assert mode.grades[-1].right or not right


def answer_until_done(app: App, right: bool = True) -> QuizMode:
    """Every question of the situation on screen answered (right, or each
    with a wrong choice) and passed with Enter, to its explanation."""
    mode = app.mode
    assert isinstance(mode, QuizMode)
    while mode.phase != "done":
        if mode.phase == "asking":
            quiz_ready(app)
            frame(app)
            answer(app, mode, right)
        else:
            key(app, pygame.K_RETURN)
            frame(app, n=2)
    frame(app)
    return mode


def card_notes(app: App, key: str, n: int = 0) -> set[str]:
    """The ruling card's note ``key`` ("ruling.more", "table_card.top") in
    both its forms: a narrow card says it without the wheel ("N more" has
    one)."""
    if key == "ruling.more":
        return {app.t(key, n=n)}
    return {app.t(key, n=n), app.t(f"{key}_short", n=n)}


def more_below(app: App) -> list[str]:
    """The drawn "N more below" lines of dialogs, in any of their words
    (the plain one, and those naming V where a text is cut)."""
    notes = {app.t(k, n=n) for k in ("dialog.more", "ruling.more")
             for n in range(1, 100)}
    return [t.text for t in app.texts if t.text in notes]


def open_help_from_menu(app: App) -> Mode:
    """F1 pressed on the main menu: the help screen, drawn once."""
    app.go("menu")
    frame(app)
    key(app, pygame.K_F1)
    frame(app)
    mode = app.mode
    assert mode is not None and mode.name == "help"
    return mode


def open_records(app: App) -> None:
    """The records screen, reached from the main menu as a player does."""
    app.go("menu")
    frame(app)
    click_button(app, app.t("club.menu_records"))
    frame(app, n=2)
    assert app.mode is not None and app.mode.name == "records"


# Anna's cue ball and the 1 on one line up the table; Gordon's balls apart.
MISS_BALLS = {"0": [0.6, 0.635], "1": [1.2, 0.635], "9": [2.2, 0.3],
              "10": [2.0, 1.0], "8": [0.3, 1.1]}


def gordon_after_annas_miss(monkeypatch: pytest.MonkeyPatch, app: App,
                            watch: str = "1", think_frames: int = 2) -> Session:
    """8-ball: Anna (solids) plays the 1 into the foot cushion, a legal miss;
    Gordon's turn is on the screen, his search taking ``think_frames``
    frames, his shots watched at ``watch``."""
    from simulator.app.screens.computer_turn import ComputerMode
    from tests.app.test_playfix10_flow import _anna_misses, _computer_to_shoot

    s = _computer_to_shoot(monkeypatch, app, watch, think_frames=think_frames,
                           shooter=0, balls=MISS_BALLS)
    _anna_misses(app)
    run_until(app, lambda: isinstance(app.mode, ComputerMode), limit=3000)
    return s


def passes_until(app: App, done: Callable[[], bool], seconds: float, limit: float,
                 each: Callable[[float], None] | None = None) -> float:
    """Passes of the window's own loop (App.step), each ``seconds`` after
    the last (a loaded machine's slow frames), until ``done`` or ``limit``
    seconds; the seconds gone by. ``each`` is told the time after each pass."""
    wall = 0.0
    while not done() and wall < limit:
        app.step(pygame.event.get(), seconds)
        wall += seconds
        if each is not None:
            each(wall)
    return wall


def concede_at_turn(app: App, what: str) -> None:
    """At Anna's next turn, the pause menu's concession (``what``: game or
    match), confirmed."""
    if app.mode is not None and app.mode.name == "game_end":
        click_button(app, app.t("side.next_game"))  # the last game's card read
    run_until(app, lambda: not app.dialogs and app.mode is not None
              and app.mode.name in ("aiming", "placing"), limit=600)
    key(app, pygame.K_ESCAPE)
    click_button(app, app.t(f"pause.concede_{what}"))
    click_button(app, app.t(f"concede.{what}_yes"))
    frame(app, n=2)


def asked_to_concede_match(app: App, names: list[str], game: str,
                           options: dict[str, object]) -> Session:
    """A new match of ``names`` at the table (seed 4); its pause menu's
    "concede the match" chosen, the question on the screen."""
    from simulator.app.match.session import Session
    s = Session.new(names, game, options, app.locale, seed=4)
    app.session = s
    app.go("match")
    frame(app, n=2)
    key(app, pygame.K_ESCAPE)
    click_button(app, app.t("pause.concede_match"))
    return s


def concede_match(app: App, asked: bool = False) -> Dialog:
    """The match conceded at the table through to its end card: Esc, the
    match menu's "Concede the match" (not where ``asked``: its question is
    on the screen already), Yes; the end card up and drawn."""
    from simulator.app.dialogs.base import Dialog
    if not asked:
        key(app, pygame.K_ESCAPE)
        click_button(app, app.t("pause.concede_match"))
    click_button(app, app.t("concede.match_yes"))
    run_until(app, lambda: bool(app.dialogs), limit=600)
    card = app.dialogs[-1]
    assert isinstance(card, Dialog) and card.kind == "gameover", card
    frame(app, n=2)
    return card


def in_hand(app: App, where: str, balls: dict[int, tuple[float, float]],
            game: str = "8-ball", players: int = 2) -> PlaceMode:
    """Anna to play ``game`` (not a break, the table open) with the cue ball
    in hand (``where``: kitchen or anywhere), the placing screen on show."""
    from rules.referee import Match
    from simulator.app.match.session import Session
    from simulator.app.screens.placing import PlaceMode
    from simulator.practice.scenario import parse_scenario
    draft = {"format": "kiy-scenario", "version": 1, "id": "hand",
             "discipline": game, "players": players,
             "title": {"en": "Hand", "ru": "С руки"},
             "balls": {str(b): list(p) for b, p in balls.items()},
             "state": {"is_break": False, "ball_in_hand": where}}
    sc = parse_scenario(draft)
    m = Match.from_state(["Anna", "Boris", "Vera"][:players], game, sc.game, {},
                         seed=1)
    app.session = Session(m, app.locale)
    app.go("match")
    frame(app, n=3)
    mode = app.mode
    assert isinstance(mode, PlaceMode), mode
    return mode


def strike(app: App) -> Any:
    """Space, the shot played to rest (one shot more in the match); the
    referee's ruling."""
    s = app.session
    assert s is not None
    n = len(s.shots)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: app.mode is not None and app.mode.name != "playing",
              limit=6000)
    assert len(s.shots) == n + 1, app.toast
    return s.last_ruling


def foul_waits(app: App) -> bool:
    """A foul's ruling between people waits on this screen for the
    incoming player's Continue (``ShotInputMode.reading_foul``)."""
    reading = getattr(app.mode, "reading_foul", None)
    return reading is not None and bool(reading())


def read_ruling(app: App) -> None:
    """The incoming player reads a foul's ruling between people at one
    window, as a person does: the card on show and the turn waiting for
    it, Continue pressed (its button); the turn then begins."""
    s = app.session
    mode = app.mode
    assert s is not None and mode is not None
    assert foul_waits(app), f"no ruling waits to be read on {mode.name}"
    assert s.banner is not None  # the card on show
    click_button(app, app.t("evening.go_on"))
    frame(app)
    assert not foul_waits(app), "Continue did not read the ruling"


def banner_hint(lang: str, size: tuple[int, int] = (1280, 720)) -> App:
    """The 8-ball banner scene (the cue ball put down where it lies if in
    hand), I pressed and the hint come: the app, to be closed by the
    caller."""
    from tests.app.scenes import open_scene
    app = open_scene("banner", "8-ball", lang, size)
    s = app.session
    assert s is not None
    if app.mode is not None and app.mode.name == "placing":
        key(app, pygame.K_RETURN)
    key(app, pygame.K_i)
    run_until(app, lambda: s.hint is not None, limit=6000)
    frame(app, n=2)
    return app


def count_stick_and_line(monkeypatch: Any) -> tuple[list[float], list[int]]:
    """The aiming screen's stick and aim line counted as drawn: the stick's
    angle each time it is drawn, a 1 for each dashed aim line."""
    from simulator.app.screens import aiming
    sticks: list[float] = []
    lines: list[int] = []
    real_cue, real_dashed = aiming.draw_cue, aiming.draw_dashed
    monkeypatch.setattr(aiming, "draw_cue",
                        lambda *a, **k: (sticks.append(a[3]), real_cue(*a, **k))[1])
    monkeypatch.setattr(aiming, "draw_dashed",
                        lambda *a, **k: (lines.append(1), real_dashed(*a, **k))[1])
    return sticks, lines
