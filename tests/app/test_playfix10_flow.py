"""What a tenth play-test found in a window against a computer seat: Esc
during the computer's shot hurried it on instead of opening the match menu
its footer names; after a person's plain miss the card said "Space: go on"
and did not wait for it; the top line kept a person's old foul through the
computer's run; Esc did nothing on the end-of-match card; a conceded game
left a cue ball on the table that had gone into a pocket."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.app.screens.computer_turn import ComputerMode, ComputerPlayMode
from tests.app.helpers import (
    against_gordon,
    click_button,
    concede_match,
    frame,
    gordon_after_annas_miss,
    key,
    make_app,
    run_until,
)


class _Frames:
    """A computer's thinking that takes ``frames`` frames of the window
    (however fast the machine), then decides ``decision``."""

    def __init__(self, decision: Any, frames: int) -> None:
        self.result = decision
        self.left = frames
        self.simulations = 0

    def advance(self, seconds: float) -> bool:
        self.left -= 1
        self.simulations += 1
        return self.left <= 0


def _computer_to_shoot(monkeypatch: pytest.MonkeyPatch, app: App, watch: str,
                       think_frames: int = 1, speed: float = 1.5,
                       direction: float = 0.0, shooter: int = 1,
                       balls: dict[str, list[float]] | None = None) -> Session:
    """8-ball, Anna against Gordon (a club computer) at a set position; the
    computer's every stroke is ``speed`` m/s at ``direction`` degrees, decided
    after ``think_frames`` frames of thinking. ``shooter`` 0: Anna first."""
    from rules.referee import Match
    from rules.ruling import Declarations
    from simulator.app.match import computer
    from simulator.players.player import ShotDecision
    from simulator.practice.scenario import parse_scenario
    from simulator.table.events import Stroke

    draft = {"format": "kiy-scenario", "version": 1, "id": "long",
             "discipline": "8-ball", "players": 2,
             "title": {"en": "Long", "ru": "Длинный"},
             "balls": balls or {"0": [0.6, 0.64], "1": [1.8, 0.9], "9": [2.2, 0.4],
                                "10": [2.0, 1.0], "8": [1.9, 0.5]},
             "state": {"is_break": False, "shooter": shooter,
                       "groups": ["solids", "stripes"]}}
    sc = parse_scenario(draft)
    m = Match.from_state(["Anna", "cpu:club:Gordon"], "8-ball", sc.game, {}, seed=1)
    stroke = Stroke(direction=direction, speed=speed)
    d = ShotDecision(place=None, intended=stroke, stroke=stroke,
                     declarations=Declarations(), kind="safety", target=None,
                     pocket=None, success=0.0, value=0.0, simulations=1, considered=1)

    monkeypatch.setattr(computer, "think_shot",
                        lambda match, player: _Frames(d, think_frames))
    s = Session(m, app.locale)
    s.watch = watch
    app.session = s
    next_step(app)
    frame(app)
    return s


def _hint_words(app: App) -> str:
    """The footer's hint as the strip draws it (either length)."""
    mode = app.mode
    assert mode is not None
    return f"{mode.hint()} | {mode.short_hint()}"  # type: ignore[attr-defined]


# -- 1. Esc is the menu during the computer's turn -------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_esc_opens_the_menu_while_the_computer_thinks_and_plays(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Gordon thinks, then plays at 1x: Esc opens the match menu each time
    (as the footer says), the computer waiting while it is open; Esc again
    closes it and the turn goes on from where it was. Space still hurries
    the shot on; the footer of the shot in play names both keys so."""
    app = make_app(lang)
    try:
        s = _computer_to_shoot(monkeypatch, app, "1", think_frames=40)
        mode = app.mode
        assert isinstance(mode, ComputerMode) and mode.phase == "thinking"
        assert "Esc" in _hint_words(app)
        key(app, pygame.K_ESCAPE)
        assert app.dialogs and app.dialogs[-1].kind == "pause"  # type: ignore[attr-defined]
        frame(app, n=120)
        assert app.mode is mode and mode.phase == "thinking"  # it waited
        key(app, pygame.K_ESCAPE)
        assert not app.dialogs
        run_until(app, lambda: isinstance(app.mode, ComputerPlayMode), limit=600)
        play = app.mode
        assert isinstance(play, ComputerPlayMode)
        frame(app, n=10)
        assert not play.skip and not play.finished
        at = play.playback.time
        key(app, pygame.K_ESCAPE)
        assert app.dialogs and app.dialogs[-1].kind == "pause"  # type: ignore[attr-defined]
        assert not play.skip
        frame(app, n=120)
        assert app.mode is play and play.playback.time == at  # the shot waits
        assert not s.match.history
        key(app, pygame.K_ESCAPE)  # the menu closed: the shot rolls on
        assert not app.dialogs and app.mode is play
        frame(app, n=10)
        assert play.playback.time > at and not play.skip
        hint = _hint_words(app)
        assert app.t("hint.computer_playing") in hint, hint
        assert app.t("hint.playing") not in hint  # ("Space or Esc: skip")
        key(app, pygame.K_SPACE)  # Space hurries it to its end
        assert play.skip
        run_until(app, lambda: bool(s.match.history), limit=600)
    finally:
        pygame.display.quit()


# -- 2. a person's plain miss: its card is held its time, the same every time -----

def _anna_misses(app: App) -> None:
    """Anna (solids) plays the 1 straight up the table into the foot
    cushion's middle: a legal shot, nothing potted; the turn is Gordon's."""
    from simulator.app.table.aim import Aim, angle_to
    s = app.session
    assert s is not None
    run_until(app, lambda: app.mode is not None and app.mode.name == "aiming",
              limit=600)
    cue = s.cue_pos()
    one = s.table.position(1)
    assert cue is not None and one is not None
    s.aim = Aim(angle_to(cue, one), 0.35)
    frame(app, n=30)
    key(app, pygame.K_SPACE)
    assert app.mode is not None and app.mode.name == "playing"


@pytest.mark.parametrize("think_frames", [2, 400])
@pytest.mark.parametrize("watch", ["1", "2", "4", "skip"])
def test_a_plain_miss_is_held_its_time_then_the_computer_plays(
        monkeypatch: pytest.MonkeyPatch, watch: str, think_frames: int) -> None:
    """Anna's legal miss at every watching speed, Gordon's search quick (2
    frames) or long (400 frames, longer than the card is held): her card is
    on show its reading time (hold_seconds), saying it goes on by itself (a
    count down, never "Space: go on" as if it waited); then Gordon's
    decision is on show its own time at that speed before he strikes, never
    struck the moment the card went. A foul waits for a key; this card does not."""
    from simulator.app.match import computer
    from simulator.app.screens.computer_turn import hold_seconds
    from tests.app.helpers import DT
    app = make_app("en")
    try:
        s = gordon_after_annas_miss(monkeypatch, app, watch, think_frames)
        mode = app.mode
        assert isinstance(mode, ComputerMode)
        r = s.last_ruling
        assert r is not None and r.shooter == 0 and not r.fouls and not r.scored
        assert r.next_shooter == 1 and mode.phase == "thinking" and mode.holding()
        card = s.banner
        held = played = -1
        for i in range(3000):
            words = " ".join(" ".join(t.text for t in app.texts).split())
            if mode.holding():
                # (the held card's title says what her stroke came to)
                legal = app.t("banner.legal", name="Anna")
                assert app.t("cpu.person_pots", title=legal,
                             pots=app.t("pots.none")) in words
                assert "Space: go on" not in words, words  # (it said so, and went on)
                left = app.t("cpu.held_to_play", name="Gordon",
                             n=max(1, -int(-mode.hold // 1)))
                assert left in words, (left, words)
            elif held < 0:
                held = i
            if isinstance(app.mode, ComputerPlayMode):
                played = i
                break
            frame(app)
        assert held >= 0 and played >= held
        # The card its whole time, however long the search.
        assert abs(held * DT - hold_seconds(card)) <= 3 * DT, held
        speed = dict(computer.WATCH_SPEEDS)[watch]
        # Then the decision its own time (none when its shots are skipped).
        thinking_after = max(0, think_frames - held)
        shown = (played - held - thinking_after) * DT
        want = computer.SHOW_SECONDS / speed if speed > 0 else 0.0
        assert abs(shown - want) <= 3 * DT, (shown, want, held, played)
    finally:
        pygame.display.quit()


# -- 3. the top line follows the computer's run ------------------------------------

def _decision(stroke: Any, place: tuple[float, float] | None = None) -> Any:
    from rules.ruling import Declarations
    from simulator.players.player import ShotDecision
    return ShotDecision(place=place, intended=stroke, stroke=stroke,
                        declarations=Declarations(), kind="safety", target=None,
                        pocket=None, success=0.0, value=0.0, simulations=1,
                        considered=1)


def _top_line(app: App) -> str:
    """The side column's first line."""
    frame(app)
    side = app.mode.layout.side  # type: ignore[union-attr]
    texts = sorted((t for t in app.texts if side.contains(t.rect)),
                   key=lambda t: (t.rect.top, t.rect.left))
    return texts[0].text if texts else ""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_top_line_tells_the_computers_own_shot_after_a_persons_foul(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Anna fouls (her cue ball touches nothing); Gordon, with the ball in
    hand, pots the 10 and plays on. While he plays that first shot the top
    line says Anna's foul; from then on it says his own shot, not her foul,
    through his next turn and its stroke."""
    from simulator.app.match import computer
    from simulator.table.events import Stroke
    app = make_app(lang)
    try:
        s = _computer_to_shoot(
            monkeypatch, app, "1", shooter=0,
            balls={"0": [0.6, 0.635], "1": [1.2, 1.0], "9": [1.0, 0.3],
                   "10": [2.3, 0.24], "8": [0.3, 1.1]})
        pots = _decision(Stroke(direction=315.0, speed=1.0), place=(2.0, 0.54))
        then = _decision(Stroke(direction=180.0, speed=0.6))
        made = iter([pots, then, then])
        monkeypatch.setattr(computer, "think_shot",
                            lambda match, player: _Frames(next(made), 2))
        from simulator.app.table.aim import Aim
        run_until(app, lambda: app.mode is not None and app.mode.name == "aiming")
        s.aim = Aim(90.0, 0.2)  # a soft stroke away from every ball: a foul
        frame(app, n=30)
        key(app, pygame.K_SPACE)
        run_until(app, lambda: isinstance(app.mode, ComputerMode), limit=3000)
        r = s.last_ruling
        assert r is not None and r.shooter == 0 and r.fouls
        foul = s.ruling_banner(r).title
        frame(app, n=30)
        key(app, pygame.K_SPACE)  # Anna has read her foul
        run_until(app, lambda: isinstance(app.mode, ComputerPlayMode), limit=3000)
        assert _top_line(app).startswith(foul)  # his first shot follows her foul
        run_until(app, lambda: len(s.match.history) == 2, limit=3000)
        r = s.last_ruling
        assert r is not None and r.shooter == 1 and 10 in r.scored and not r.fouls
        assert r.next_shooter == 1  # he plays on
        run_until(app, lambda: isinstance(app.mode, ComputerMode), limit=300)
        own = s.ruling_banner(r).title
        for until in (ComputerMode, ComputerPlayMode):
            run_until(app, lambda u=until: isinstance(app.mode, u), limit=3000)  # type: ignore[misc]
            frame(app, n=5)
            top = _top_line(app)
            assert not top.startswith(foul), top
            if until is ComputerMode and s.banner is not None:
                # His card on show says his shot (its title once): the line
                # over it, what went down.
                assert s.banner.title == own
                assert top == s.pots_of(r), (top, own)
            else:
                assert top.startswith(own), (top, own)
    finally:
        pygame.display.quit()


# -- 4. Esc closes the end-of-match card -------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_esc_on_the_end_of_match_card_goes_back_to_the_menu(lang: str) -> None:
    """Anna concedes the match to Gordon: on the card with the statistics
    Esc does what its "Main menu" button does; nothing is lost, the menu's
    "The last match: how it ended" opens the same card again."""
    from tests.app.helpers import concede_at_turn
    app = make_app(lang)
    try:
        against_gordon(app, race_to=2)
        concede_at_turn(app, "match")
        run_until(app, lambda: bool(app.dialogs), limit=300)
        card = app.dialogs[-1]
        assert card.kind == "gameover"  # type: ignore[attr-defined]
        title = card.title  # type: ignore[attr-defined]
        key(app, pygame.K_ESCAPE)
        frame(app, n=2)
        assert not app.dialogs and app.mode is not None and app.mode.name == "menu"
        click_button(app, app.t("menu.last_result"))
        run_until(app, lambda: bool(app.dialogs), limit=300)
        assert app.dialogs[-1].kind == "gameover"  # type: ignore[attr-defined]
        assert app.dialogs[-1].title == title  # type: ignore[attr-defined]
    finally:
        pygame.display.quit()


# -- 5. the table under the card of a conceded match --------------------------------

@pytest.mark.parametrize("scratch", [True, False])
def test_a_conceded_match_leaves_the_cue_ball_where_it_really_is(
        monkeypatch: pytest.MonkeyPatch, scratch: bool) -> None:
    """Gordon's stroke sends the cue ball into a corner pocket (or leaves
    it on the table); Anna concedes the match at her turn. Under the card
    the table is the finished game's: no cue ball after the scratch (the
    referee's spot for a ball in hand never placed is not a ball on the
    table), and the other balls as they lie; after a stroke that left it on
    the table, the cue ball where it stopped."""
    from simulator.table.specs import CUE_BALL
    from simulator.table.state import TableState
    app = make_app("en")
    try:
        s = _computer_to_shoot(
            monkeypatch, app, "skip", direction=225.0 if scratch else 0.0,
            speed=1.0 if scratch else 0.5,
            balls={"0": [0.25, 0.25], "1": [1.8, 0.9], "9": [2.2, 0.4],
                   "8": [1.9, 0.5]})
        run_until(app, lambda: app.mode is not None and app.mode.name in (
            "placing", "aiming") and not app.dialogs, limit=3000)
        stopped = TableState.from_dict(s.match.history[-1]["shot"]["final"])
        assert (stopped.position(CUE_BALL) is None) == scratch
        concede_match(app)
        assert s.over
        drawn = app.mode.ball_positions()  # type: ignore[union-attr]
        assert {b for b in drawn if b != CUE_BALL} == {1, 8, 9}
        if scratch:
            assert CUE_BALL not in drawn, drawn[CUE_BALL]
        else:
            at = stopped.position(CUE_BALL)
            assert at is not None
            assert drawn[CUE_BALL][:2] == pytest.approx(at, abs=1e-6)
    finally:
        pygame.display.quit()


def test_a_match_conceded_before_the_break_shows_no_cue_ball_in_hand() -> None:
    """Anna concedes at the break, the cue ball still in her hand: the rack
    is drawn, the cue ball not."""
    from simulator.table.specs import CUE_BALL
    app = make_app("en")
    try:
        s = Session.new(["Anna", "cpu:club:Gordon"], "9-ball",
                        {"race_to": 2, "first_breaker": 0}, app.locale, seed=4)
        app.session = s
        app.go("match")
        frame(app)
        run_until(app, lambda: app.mode is not None and app.mode.name == "placing")
        concede_match(app)
        drawn = app.mode.ball_positions()  # type: ignore[union-attr]
        assert CUE_BALL not in drawn and set(drawn) == set(range(1, 10))
    finally:
        pygame.display.quit()


def test_space_while_the_computer_thinks_plays_its_shot_once_decided(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The footer says "Space: play it now": pressed while Gordon thinks,
    his stroke follows his decision at once (it did nothing)."""
    app = make_app("en")
    try:
        _computer_to_shoot(monkeypatch, app, "1", think_frames=30)
        mode = app.mode
        assert isinstance(mode, ComputerMode) and mode.phase == "thinking"
        assert "Space" in mode.hint()
        key(app, pygame.K_SPACE)
        assert mode.phase == "thinking"
        run_until(app, lambda: mode.phase != "thinking", limit=300)
        frame(app, n=2)
        assert isinstance(app.mode, ComputerPlayMode)
    finally:
        pygame.display.quit()
