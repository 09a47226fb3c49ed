"""What a fourteenth play-test found in the turn flow: the card read whole
(V) while the computer's stroke rolls, and play going on under it; a
concession made while a stroke that ends the game still rolls (the next
rack appeared under the game's end card, and the next game was given up
unseen); and a pull back whose scale nothing on screen explained."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.practice.scenario import parse_scenario
from tests.app.helpers import (
    click,
    click_button,
    concede_match,
    frame,
    key,
    make_app,
    run_until,
    watched_session,
)
from tests.app.undrawn import held


def _gordon_on_the_nine(app: App, race: int) -> Session:
    """9-ball, Gordon (a computer) at the table with the 9 alone before a
    corner pocket, Anna the person; his stroke watched at 1x."""
    draft = {"format": "kiy-scenario", "version": 1, "id": "nine", "players": 2,
             "discipline": "9-ball", "title": {"en": "9", "ru": "9"},
             "balls": {"0": [1.8, 0.9], "9": [2.3, 1.1]},
             "state": {"is_break": False}}
    return watched_session(app, ["cpu:club:Gordon", "Anna"], "9-ball",
                           {"race_to": race}, seed=1, state=parse_scenario(draft).game)


def _concede_while_rolling(app: App, what: str) -> None:
    run_until(app, lambda: getattr(app.mode, "name", "") == "computer_playing")
    frame(app, n=10)  # the 9 on its way
    assert getattr(app.mode, "name", "") == "computer_playing"
    key(app, pygame.K_ESCAPE)
    click_button(app, app.t(f"pause.concede_{what}"))
    click_button(app, app.t(f"concede.{what}_yes"))
    frame(app, n=3)


def _nine_gone_rack_not_drawn(app: App) -> None:
    """The table as the stroke left it: the cue ball alone (the 9 went
    down), no fresh rack."""
    drawn = app.mode.ball_positions()  # type: ignore[union-attr]
    assert set(drawn) == {0}, sorted(drawn)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("what", ["game", "match"])
def test_a_concession_while_the_winning_stroke_rolls_gives_up_nothing_unseen(
        lang: str, what: str) -> None:
    """Race to 3: Anna concedes (the game, or the match) while Gordon's 9
    rolls into the pocket. The stroke is judged first and won the game:
    the game's end card shows the table it left, the score 1-0 and game 1
    (not 2-0 and game 3, the next game given up unseen); a card says the
    stroke had decided the game and nothing was conceded, and offers the
    match. Taking it: the match's end shows the same table, not a rack."""
    app = make_app(lang)
    try:
        s = _gordon_on_the_nine(app, 3)
        _concede_while_rolling(app, what)
        assert [a["type"] for a in s.match.history] == ["shot"]
        assert app.mode is not None and app.mode.name == "game_end"
        cards, _centre = app.mode.board()  # type: ignore[attr-defined]
        assert [c.score for c in cards] == ["1", "0"]
        assert app.t("score.race", n=3, game=1) in [t.text for t in app.texts]
        _nine_gone_rack_not_drawn(app)
        card = app.dialogs[-1]
        assert card.title == app.t("concede.stroke_won_title")  # type: ignore[attr-defined]
        assert card.body == app.t("concede.stroke_won_body",  # type: ignore[attr-defined]
                                  name="Gordon")
        concede_match(app, asked=True)
        assert s.over and [a["type"] for a in s.match.history] == ["shot", "concede"]
        _nine_gone_rack_not_drawn(app)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_concession_while_the_match_winning_stroke_rolls_says_so(lang: str) -> None:
    """Race to 1: the rolling 9 wins Gordon the match; Anna's concession
    gives up nothing and says why, and the match's end card shows the table
    the stroke left."""
    app = make_app(lang)
    try:
        s = _gordon_on_the_nine(app, 1)
        _concede_while_rolling(app, "match")
        assert s.over and [a["type"] for a in s.match.history] == ["shot"]
        assert app.toast is not None
        assert app.toast[0] == app.t("concede.stroke_won_match", name="Gordon")
        assert app.dialogs and app.dialogs[-1].kind == "gameover"  # type: ignore[attr-defined]
        _nine_gone_rack_not_drawn(app)
    finally:
        pygame.display.quit()


# -- 3. the pull back's scale --------------------------------------------------------

def _pull_box(app: App) -> pygame.Rect:
    """Where the pull's scale is drawn: its speed line and its scale line."""
    speed_words = app.t("evening.cue_ball_speed", v="", b="").split()[0]
    scale_words = app.t("pull.scale", px="", full="", max="").split()[0]
    rects = [t.rect for t in app.texts if t.text.split()
             and t.text.split()[0] in (speed_words, scale_words)
             # (off the side column, whose power line says the speed too)
             and not app.mode.layout.side.colliderect(t.rect)]  # type: ignore[union-attr]
    assert len(rects) == 2, [t.text for t in app.texts]
    return rects[0].union(rects[1])


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("ru", (800, 500))])
def test_a_pull_shows_the_speed_its_stroke_gets_and_the_full_pull(
        lang: str, size: tuple[int, int]) -> None:
    """Anna pulls back 60 px from behind the cue ball: beside her hand the
    window says the speed this pull gives (the same figure the stroke then
    gets when she lets go) and how long a pull is full power (MAX_SPEED),
    clear of the two balls lying right by her hand."""
    from simulator.app.screens.playing import PlayMode
    from simulator.app.table.aim import MAX_SPEED, Aim
    from tests.app.helpers import move, scenario_match
    app = make_app(lang, size)
    try:
        mode = scenario_match(app, "9-ball", {0: (1.3, 0.6), 1: (2.2, 0.9),
                                              2: (1.15, 0.52), 3: (1.15, 0.68),
                                              9: (2.3, 0.3)})
        s = mode.session
        view = mode.scene.view
        cx, cy = view.to_screen_i(1.3, 0.6)
        move(app, (cx + 200, cy))  # aimed along the table: the pull goes left
        start, end = (cx - 40, cy), (cx - 100, cy)
        frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        move(app, (cx - 70, cy), held=True)
        move(app, end, held=True)
        loc = s.locale
        full = mode.full_pull()
        speed = Aim(power=60 / full).speed
        shown = [t.text for t in app.texts]
        said = app.t("evening.cue_ball_speed", v=loc.num(speed, 1),
                     b=loc.num(mode.ball_speed(), 1))
        assert said in shown, shown
        assert app.t("pull.scale", px=60, full=round(full), max=loc.num(MAX_SPEED, 0)) \
            in shown, shown
        box = _pull_box(app)
        r = view.ball_px
        for x, y, _r in mode.ball_positions().values():
            bx, by = view.to_screen(x, y)
            near = (min(max(bx, box.left), box.right), min(max(by, box.top),
                                                             box.bottom))
            assert math.dist((bx, by), near) >= r, (box, (bx, by))
        frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        played = app.mode
        assert isinstance(played, PlayMode)
        assert loc.num(played.stroke.speed, 1) == loc.num(speed, 1)
        # Not pulling: no scale.
        run_until(app, lambda: getattr(app.mode, "name", "") != "playing")
        frame(app, n=2)
        assert not any(t.text.startswith(app.t("pull.scale", px="", full="",
                                                max="").split()[0] + " ")
                       for t in app.texts)
    finally:
        pygame.display.quit()


MPS = {"en": "m/s", "ru": "м/с"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_help_names_the_pulls_scale(lang: str) -> None:
    """F1 at the table: the line on pulling back names the speeds of a full
    pull and of half of one, the figures the power control gives."""
    from simulator.app.table.aim import MAX_SPEED, Aim
    from tests.app.helpers import scenario_match
    app = make_app(lang)
    try:
        scenario_match(app, "9-ball", {0: (1.3, 0.6), 1: (2.2, 0.9), 9: (2.3, 0.3)})
        key(app, pygame.K_F1)
        assert app.mode is not None and app.mode.name == "help"
        loc = app.locale
        words = " ".join(t.text for t in app.texts)
        for v in (MAX_SPEED, Aim(power=0.5).speed):
            assert f"{loc.num(v, 0)} {MPS[lang]}" in words, words
    finally:
        pygame.display.quit()


# -- 1. the card read whole while the computer's stroke rolls -----------------------

def _second_computer_stroke(app: App) -> tuple[Session, object, str]:
    """Two computers at 9-ball, watched at 1x, up to a stroke of theirs
    that follows a ruling: the title of the card on show before it, whose
    one line stays beside the rolling balls."""
    from simulator.app.screens.computer_turn import ComputerPlayMode
    s = watched_session(app, ["cpu:club:Anna", "cpu:club:Gordon"], "9-ball",
                        {"race_to": 3, "first_breaker": 1})
    title = [""]

    def rolling() -> bool:
        """A computer's stroke rolls after a card (its title kept each frame)."""
        if isinstance(app.mode, ComputerPlayMode) and title[0]:
            return True
        title[0] = s.banner.title if s.banner is not None else title[0]
        return False
    # (the frames till then are read by nobody: run_until draws few of them)
    run_until(app, rolling, limit=4000)
    frame(app, n=5)  # the balls roll
    mode = app.mode
    assert isinstance(mode, ComputerPlayMode) and not mode.finished
    return s, mode, title[0]


def _reader_holds_the_play(app: App, s: Session, mode: object, title: str) -> None:
    """The reader shows the card; under it nothing new happens: the same
    stroke, not judged, no new card, until it closes; then play goes on."""
    assert app.dialogs and app.dialogs[-1].name == "card_reader"
    assert app.dialogs[-1].banner.title == title  # type: ignore[attr-defined]
    steps = len(s.match.history)
    held(app, 900)  # (every eighth drawn: nothing reads them)
    assert app.mode is mode and len(s.match.history) == steps
    assert s.banner is None and app.dialogs
    key(app, pygame.K_v)
    assert not app.dialogs
    run_until(app, lambda: len(s.match.history) > steps, limit=2000)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_v_reads_the_card_while_the_computers_stroke_rolls_and_the_play_waits(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """While a computer's stroke rolls, the ruling on show before it stays
    beside the table in one line: V reads that card whole, as a click on
    the line does, and nothing goes on under the reader."""
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang)
    try:
        s, mode, title = _second_computer_stroke(app)
        key(app, pygame.K_v)
        _reader_holds_the_play(app, s, mode, title)
        s, mode, title = _second_computer_stroke(app)
        side = mode.layout.side  # type: ignore[attr-defined]
        note = next(t for t in app.texts if side.contains(t.rect)
                    and len(t.text) > 3 and t.text in s.person_note)
        click(app, note.rect.center)
        _reader_holds_the_play(app, s, mode, title)
    finally:
        pygame.display.quit()
