"""The hint beside the ruling card, in the window: its tip diagram stays in
view (ball in hand at 1280x720 in Russian and the Express re-break at
800x500 said where the tip strikes in words only, and folding the card for
the diagram lost what happened: test_card40); the player's stale aim line
and cue are not drawn beside the hint's path; the hint's speed and the
panel's are one quantity by one name; a declared safety is not advised
again."""

from __future__ import annotations

import re

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.screens.shot_input import TIP_ON_TABLE, ShotInputMode
from simulator.app.table.aim_controls import TIP_DOT, TIP_FACE
from simulator.app.text import ui
from tests.app.helpers import (
    button_labels,
    click_button,
    drawn_lines,
    drawn_words,
    frame,
    key,
    make_app,
    make_every_pot_hopeless,
    move,
    run_until,
    scenario_match,
    three_in_express,
)
from tests.app.scenes import LANGS, open_scene
from tests.app.test_playfix19a import flat

SIZES = pytest.mark.parametrize("size", [(1280, 720), (800, 500)],
                                ids=("1280x720", "800x500"))
# (not a break, no groups: the hint calls a ball of either: test_hint41)
BALLS = {0: (0.9, 0.62), 1: (1.6, 0.62), 2: (1.9, 0.9), 9: (2.1, 0.3),
         8: (1.2, 0.3), 12: (1.5, 1.0)}
# The cue's speed as the hint and the panel say it: «кий 1,0 м/с», "cue 1.0".
CUE_SPEED = re.compile(r"(?:[Кк]ий|[Cc]ue) (\d+[,.]\d)")


@pytest.fixture(autouse=True)
def quick_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "HINT_STRENGTH", "beginner")
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)


def ask_hint(app: App) -> ShotInputMode:
    s = app.session
    assert s is not None
    key(app, pygame.K_i)
    run_until(app, lambda: s.hint is not None, limit=6000)
    frame(app, n=6)  # (the hint's room is found a step a frame)
    mode = app.mode
    assert isinstance(mode, ShotInputMode)
    return mode


def express_rebreak(app: App) -> Session:
    """Express (Anna, Boris, Vera): Anna's soft opening break is illegal
    (Express 2.4); Boris chooses to re-rack and break himself: his break,
    the cue ball in hand in the house, the card saying his choice open."""
    from rules.ruling import Choice
    from simulator.app.text.words import choice_label, choice_rule
    s = three_in_express(app)
    run_until(app, lambda: app.mode is not None and app.mode.name == "placing")
    key(app, pygame.K_RETURN)
    s.aim = s.aim.with_power(0.2)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: app.mode is not None and app.mode.name not in (
        "playing", "aiming"), limit=6000)
    frame(app, n=3)
    assert s.req is not None and Choice.RERACK_BREAK in s.req.pending
    click_button(app, choice_label(s.locale, Choice.RERACK_BREAK, choice_rule(
        s.discipline, Choice.RERACK_BREAK, s.last_ruling)))
    frame(app, n=3)
    assert s.req is not None and s.req.is_break and app.mode is not None \
        and app.mode.name == "placing"
    return s


def hint_over_own_aim(app: App) -> tuple[Session, ShotInputMode]:
    """The hint asked for over the player's own stroke (power 0.9, not
    the hint's)."""
    s = app.session
    assert s is not None
    s.aim = s.aim.with_power(0.9)
    mode = ask_hint(app)
    assert s.hint is not None
    return s, mode


def at_table(lang: str, size: tuple[int, int], game: str = "8-ball",
             balls: dict[int, tuple[float, float]] = BALLS, players: int = 2) -> App:
    """A new window with a match of ``game`` at ``balls``, the first
    player aiming."""
    app = make_app(lang, size)
    scenario_match(app, game, balls, players=players)
    return app


def beside_card(lang: str, size: tuple[int, int], where: str) -> App:
    """An open ruling card, before the hint: "hand", 8-ball's ball in hand
    after a foul, not yet put down; "put", put down where it lies;
    "rebreak", the Express re-break."""
    if where == "rebreak":
        app = make_app(lang, size)
        express_rebreak(app)
    else:
        app = open_scene("banner", "8-ball", lang, size)
        if where == "put":
            key(app, pygame.K_RETURN)
    s = app.session
    assert s is not None and s.banner is not None and not s.banner_folded
    return app


def tip_diagram_drawn(app: App, mode: ShotInputMode) -> str:
    """Where the hint's stroke's tip diagram is drawn: "column" (the aim
    controls show the hint's stroke) or "table" (beside its cue ball): its
    face and its dot where the hint's tip strikes, as pixels."""
    from simulator.app.match import computer
    s = app.session
    assert s is not None and s.hint is not None
    hinted = computer.aim_of(s.hint.decision)
    if mode.controls and mode.hint_aim_held():
        rect, where = mode.scene.panel.tip, "column"
    else:
        assert mode.hint_tip_rect is not None, "no tip diagram in view"
        rect, where = mode.hint_tip_rect, "table"
    assert rect.width >= TIP_ON_TABLE, rect
    rad = rect.width / 2
    dot = (round(rect.centerx + hinted.tip_a * rad),
           round(rect.centery - hinted.tip_b * rad))
    assert tuple(app.screen.get_at(dot))[:3] in (TIP_DOT, ui.RED), dot
    face = sum(tuple(app.screen.get_at((x, y)))[:3] == TIP_FACE
               for x in range(rect.left, rect.right)
               for y in range(rect.top, rect.bottom))
    assert face > rect.width, face
    return where


def card_keeps_what_happened_and_who(app: App, mode: ShotInputMode) -> None:
    """The ruling card open, whole in its first line and its who is next
    (at 800x500 it may fold while the hint is read, to open again once it
    is taken: test_card40, test_playfix19a)."""
    from tests.app.test_card40 import card
    s = app.session
    assert s is not None and s.banner is not None
    if s.banner_folded and app.size == (800, 500) and mode.card_folded_for_hint \
            and not mode.hint_aim_held():
        return
    assert not s.banner_folded
    words = flat(" ".join(w for _y, w in card(app)))
    assert flat(s.banner.lines[0]) in words, words
    assert flat(s.banner.next[0]) in words, words


@SIZES
@pytest.mark.parametrize("where", ["hand", "put", "rebreak"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_hint_keeps_its_tip_diagram_and_the_card_in_view(
        lang: str, where: str, size: tuple[int, int]) -> None:
    """Ball in hand after a foul (general rule 3, the cue ball struck not
    with the tip) and the Express re-break (Express 2.4): the hint shown,
    then taken; the open ruling card keeps what happened and who is next
    (test_card40) and the hint's tip diagram is drawn, in the column or
    beside the hint's cue ball on the cloth (it was said in words alone)."""
    app = beside_card(lang, size, where)
    try:
        mode = ask_hint(app)
        card_keeps_what_happened_and_who(app, mode)
        tip_diagram_drawn(app, mode)
        key(app, pygame.K_i)  # taken
        frame(app, n=6)
        mode = app.mode  # type: ignore[assignment]
        assert isinstance(mode, ShotInputMode) and mode.hint_aim_held()
        card_keeps_what_happened_and_who(app, mode)
        tip_diagram_drawn(app, mode)
        assert not app.errors
    finally:
        pygame.display.quit()


# -- the player's own aim under a hint -------------------------------------------

def cue_drawn(app: App, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Whether the next frame draws the player's cue stick."""
    from simulator.app.screens import aiming
    calls: list[object] = []
    real = aiming.draw_cue

    def spy(*args: object, **kw: object) -> None:
        calls.append(args)
        real(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(aiming, "draw_cue", spy)
    frame(app)
    monkeypatch.setattr(aiming, "draw_cue", real)
    return bool(calls)


@pytest.mark.parametrize("then", ["mouse", "mouse_held", "taken"])
@pytest.mark.parametrize("lang,size", [("ru", (1280, 720)), ("en", (800, 500))])
def test_only_the_hints_path_is_drawn_until_the_player_moves_or_takes_it(
        lang: str, size: tuple[int, int], then: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The player aims into open cloth and asks for a hint: while its path
    is shown, neither their own aim line nor their cue is drawn (the stale
    line and cue beside the hint's path confused); a move of the mouse over
    the table (an aim the fine keys hold too: the mouse does not turn it),
    or the hint taken, brings them back."""
    from tests.app.test_playfix17i import BRIGHT, aim_line_pixels, hint_over_own_aim
    app = make_app(lang, size)
    try:
        if then == "mouse_held":
            mode = scenario_match(app, "8-ball", {0: (0.6, 0.7), 1: (1.4, 0.7),
                                                  3: (2.0, 1.0), 9: (2.3, 0.3)})
            move(app, mode.scene.view.to_screen(0.25, 0.3))
            key(app, pygame.K_LEFT)  # (held: the mouse no longer turns it)
            frame(app, n=2)
            assert mode.aim_held() and cue_drawn(app, monkeypatch)
            ask_hint(app)
        else:
            mode = hint_over_own_aim(app)
        assert aim_line_pixels(app, BRIGHT) == 0
        assert not cue_drawn(app, monkeypatch)
        if then.startswith("mouse"):
            move(app, mode.scene.view.to_screen(1.0, 1.1))
        else:
            key(app, pygame.K_i)
        frame(app, n=2)
        assert cue_drawn(app, monkeypatch)
        assert aim_line_pixels(app, BRIGHT) > 10
    finally:
        pygame.display.quit()


# -- the speed as the hint and the panel say it -----------------------------------

@SIZES
@pytest.mark.parametrize("card", [True, False], ids=("open_card", "no_card"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_hint_and_the_panel_say_the_cue_speed_alike(
        lang: str, card: bool, size: tuple[int, int]) -> None:
    """A hint's stroke says the cue's speed («кий 1,0 м/с»); the column's
    words for the stroke under it name the same quantity, the cue's, and
    whose stroke it is («Сила 1,6 м/с» beside «кий 1,0 м/с» read as one
    stroke's two figures). Once taken, the panel (or its words) says the
    hint's speed, the same number, and it alone: the hint's line saying it
    again stood over it (test_hint57)."""
    # (with a card: the ball in hand after a foul, put down: the words at 1280x720)
    app = beside_card(lang, size, "put") if card else at_table(lang, size)
    try:
        _, mode = hint_over_own_aim(app)
        stroke = next(ln for ln in mode.hint_lines() if CUE_SPEED.search(ln))
        said = CUE_SPEED.search(stroke)
        assert said is not None
        hinted = said.group(1)
        assert flat(stroke) in flat(drawn_words(app, shown=True))
        for words in mode.controls_words():  # (the player's stroke, in words)
            mine = CUE_SPEED.search(words)
            assert mine is not None and mine.group(1) != hinted, words
            assert words.split(":")[0] not in stroke
        key(app, pygame.K_i)  # taken
        frame(app, n=6)
        assert mode.hint_aim_held()
        power = app.t("panel.power") + ":"
        lines = drawn_lines(app, shown=True)
        panel = [w for w in lines if w.startswith(power)] if mode.controls \
            else [mode.controls_said]
        assert panel and panel[0], lines
        shown = CUE_SPEED.search(panel[0])
        assert shown is not None and shown.group(1) == hinted, (panel, stroke)
        said = drawn_words(app, shown=True, folded=True)
        assert CUE_SPEED.findall(said) == [hinted], said
    finally:
        pygame.display.quit()


# -- a declared safety -------------------------------------------------------------

@pytest.mark.parametrize("how", ["taken", "by_hand"])
@pytest.mark.parametrize("lang", LANGS)
def test_a_declared_safety_is_not_advised_again(
        lang: str, how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """8-ball rule 2 (a safety is declared, no call): every pot hopeless, the
    hint advises «Объявите отыгрыш»; once declared (the hint taken, or O by
    hand) its lines no longer ask for it, the button offers to take it back
    («Отыгрыш: объявлен»); withdrawn (O), the hint asks for it again."""
    make_every_pot_hopeless(monkeypatch)
    app = make_app(lang, (1280, 720))
    try:
        scenario_match(app, "8-ball", BALLS)
        s = app.session
        assert s is not None
        mode = ask_hint(app)
        assert s.hint is not None and s.hint.decision.declarations.safety
        declare = app.t("hint.say.declares_safety")
        text = drawn_words(app, shown=True)
        assert declare in mode.hint_lines() and flat(declare) in flat(text)
        key(app, pygame.K_i if how == "taken" else pygame.K_o)
        frame(app, n=6)
        assert s.decl.get("safety")
        declared = app.t("panel.declared", what=app.t("panel.safety"))
        assert declared in button_labels(app)
        text = drawn_words(app, shown=True)
        assert app.t("call.safety") in text or how == "by_hand"
        assert declare not in mode.hint_lines(), mode.hint_lines()
        assert flat(declare).lower() not in flat(text).lower(), text
        key(app, pygame.K_o)  # withdrawn
        frame(app, n=3)
        assert not s.decl.get("safety") and declare in mode.hint_lines()
    finally:
        pygame.display.quit()
