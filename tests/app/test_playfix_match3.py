"""What a third play-test of a match found (issue 22): a computer seat with
a name, the referee's call and the match menu at 800x500, the referee's
call as a ruling card, a person's own miss seen at Skip, a replay the
physics cannot settle, and the computer's words of its chances."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from tests.app.helpers import (
    DT,
    drawn_lines,
    drawn_words,
    frame,
    key,
    make_app,
    more_below,
    run_until,
)


def start(app: App, names: list[str], game: str, opts: dict[str, object],
          seed: int = 5) -> Session:
    app.session = Session.new(names, game, dict(opts), app.locale, seed=seed)
    next_step(app)
    app.frame([], DT)
    return app.session


class _Decided:
    """A computer's search already done (the window's Thinking job)."""

    def __init__(self, decision: Any) -> None:
        self.result = decision
        self.simulations = decision.simulations

    def advance(self, seconds: float) -> bool:
        return True


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_computers_sure_pot_that_rattles_is_not_said_as_potted(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every one of 51 simulated tries potted the 1, the stroke played (its
    execution noise in it) misses: what the computer said is an intention
    and a count of tries, never "pots" nor "100 %", and the miss that
    follows contradicts none of it."""
    from rules.ruling import Declarations
    from simulator.app.match import computer
    from simulator.players.player import ShotDecision
    from simulator.table.events import Stroke
    app = make_app(lang)
    s = start(app, ["Anna", "cpu:club"], "8-ball", {"race_to": 3, "first_breaker": 1})
    assert app.mode is not None and app.mode.name == "computer"
    table = s.match.table()
    cue = table.position(0)
    assert cue is not None
    # A soft stroke away from the rack: nothing is potted.
    meant = Stroke(direction=180.0, speed=0.6)
    decision = ShotDecision((cue[0], cue[1]), meant, meant, Declarations(
        called_ball=1, called_pocket=s.spec.pockets[0].name), "pot", 1,
        s.spec.pockets[0].name, 1.0, 0.8, 51, 9, tries=51)
    monkeypatch.setattr(computer, "think_shot", lambda m, p, d=decision: _Decided(d))
    app.mode.begun = False  # (entered anew, it thinks again: this decision)
    app.mode.enter()
    run_until(app, lambda: getattr(app.mode, "phase", "") == "showing", limit=50)
    frame(app)
    words = drawn_words(app, "side", touching=True)
    ball = "1"
    assert app.t("odds.sure") in words and app.t("odds.tries", k=51, n=51) in words
    assert "51" in words and "100" not in words
    potted_words = {"en": ("Pots", "pots"), "ru": ("Забивает", "забивает")}[lang]
    assert not any(w in words for w in potted_words), words
    assert ball in words
    key(app, pygame.K_SPACE)  # played now
    run_until(app, lambda: len(s.match.history) > 0 and
              (app.mode is None or app.mode.name != "computer_playing"), limit=4000)
    frame(app, n=3)
    after = drawn_words(app)
    assert not any(w in after for w in potted_words) and "100" not in after


def _card(s: Session) -> str:
    assert s.banner is not None
    return " ".join((s.banner.title, *s.banner.all_lines))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_rule_28_call_at_the_computers_turn_is_a_card_the_computer_waits_on(
        lang: str) -> None:
    """J, then "position restored" (general rule 28) while the computer is
    to play: a ruling card names the call and its rule and says what it
    changed (nothing: play on, no penalty); the computer waits until the
    person has read it (Continue)."""
    app = make_app(lang)
    s = start(app, ["Anna", "cpu:club"], "8-ball", {"race_to": 3, "first_breaker": 1})
    assert app.mode is not None and app.mode.name == "computer"
    key(app, pygame.K_j)
    assert app.dialogs and app.dialogs[-1].title == app.t("referee.title")
    key(app, pygame.K_2)  # restored: play on
    frame(app)
    card = _card(s)
    rule = "rule 28" if lang == "en" else "п.\u00a028"
    assert s.banner is not None and rule in s.banner.title
    assert app.t("play.changed_restored", name=s.name(1)) in card
    # Nobody had shot: the computer plays, not "again" (it said so).
    assert ("again" if lang == "en" else "снова") not in card
    shown = drawn_words(app)
    assert app.t("play.changed_restored", name=s.name(1))[:20] in shown
    frame(app, n=600)  # ten seconds: the card stays and the computer waits
    assert getattr(app.mode, "phase", "") == "waiting" and not s.match.history[1:]
    assert _card(s) == card
    key(app, pygame.K_RETURN)  # read: the computer may think
    assert getattr(app.mode, "phase", "") == "thinking"


def test_a_rule_28_call_that_replays_the_rack_says_so_and_who_breaks() -> None:
    """Not restorable in 8-ball (general rule 28): the rack is replayed by
    the same breaker; the card says it and names the breaker."""
    app = make_app()
    s = start(app, ["Anna", "Boris"], "8-ball", {"race_to": 3, "first_breaker": 0})
    key(app, pygame.K_j)
    key(app, pygame.K_3)
    frame(app)
    card = _card(s)
    assert s.banner is not None and "rule 28" in s.banner.title
    assert app.t("play.changed_replayed", name="Anna") in card


def test_a_new_rack_in_14_1_says_the_lag_comes_not_ball_in_hand() -> None:
    """14.1, not restorable: a new rack, the scores standing and the break
    decided anew (general rules 28, 6): the card says so and that the lag
    is next, not "Anna to shoot, ball in hand"."""
    app = make_app("ru")
    s = start(app, ["Анна", "Борис"], "14.1", {"first_breaker": 0})
    key(app, pygame.K_j)
    key(app, pygame.K_3)
    frame(app)
    assert app.mode is not None and app.mode.name == "lag"
    card = _card(s)
    assert s.banner is not None and "п.\u00a028" in s.banner.title
    assert app.t("play.changed_new_rack") in card
    assert s.banner.next == (app.t("play.next_lag"),)


def test_a_refused_call_is_a_card_that_says_why(monkeypatch: pytest.MonkeyPatch
                                                ) -> None:
    """The referee refuses the call: a card says it was not taken and why,
    and the computer waits until it is read."""
    from rules.ruling import RulesError

    def refuse(self: Session, code_id: str) -> object:
        raise RulesError("call_foul: no game is being played")

    monkeypatch.setattr(Session, "call_foul", refuse)
    app = make_app()
    s = start(app, ["Anna", "cpu:club"], "8-ball", {"race_to": 3, "first_breaker": 1})
    key(app, pygame.K_j)
    key(app, pygame.K_2)
    frame(app)
    assert s.banner is not None and s.banner.title == app.t("play.call_refused")
    assert "no game is being played" in _card(s)
    assert getattr(app.mode, "phase", "") == "waiting"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_replay_the_physics_cannot_settle_is_said_and_the_window_goes_on(
        lang: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    """A loaded match keeps no samples: its replay computes the shot again.
    When the physics raises (RestCorrectionError), the player is told so in
    their language, the replay shows where the balls came to rest, its
    buttons work and Esc goes back to the match, which is unchanged."""
    import simulator.physics as physics
    from simulator.app.loop.flow import open_saved
    from simulator.physics.errors import RestCorrectionError
    from tests.app.bot import play_turn
    app = make_app(lang)
    s = start(app, ["Anna", "Boris"], "9-ball", {"race_to": 3, "first_breaker": 0})
    play_turn(app)  # the break
    frame(app)
    path = s.save(tmp_path / "m.json")
    app.session = None
    app.go("menu")
    frame(app)
    assert open_saved(app, path)
    loaded = app.session
    assert loaded is not None and loaded.shots
    before = loaded.match.to_dict()
    final = loaded.shots[-1][0].final

    def unsettled(*args: object, **kw: object) -> object:
        raise RestCorrectionError("ball 5 would have to move 0.2 mm", 5, 2e-4)

    monkeypatch.setattr(physics, "simulate", unsettled)
    frame(app, n=3)
    assert not app.dialogs
    key(app, pygame.K_r)  # the replay
    frame(app, n=3)
    assert app.mode is not None and app.mode.name == "replay"
    assert not app.errors
    assert app.toast is not None
    said = app.toast[0]
    assert said.startswith(app.t("play.replay_unsettled", reason="")[:25])
    assert "ball 5" in said
    shown = app.mode.ball_positions()  # type: ignore[attr-defined]
    on_table = {b.ball for b in final.balls if final.position(b.ball) is not None}
    assert set(shown) == on_table
    key(app, pygame.K_SPACE)  # its buttons still act
    key(app, pygame.K_HOME)
    frame(app, n=5)
    assert not app.errors
    key(app, pygame.K_ESCAPE)  # back to the match
    frame(app, n=3)
    assert app.mode is not None and app.mode.name != "replay" and not app.errors
    assert loaded.match.to_dict() == before


def _legal_miss(app: App) -> Any:
    """A stroke at a legal ball that pots nothing and fouls nothing (the
    referee's ``judge`` changes nothing)."""
    import math

    from rules.ruling import Declarations
    from simulator.app.table.aim import Aim, angle_to, power_of
    from simulator.physics import simulate
    s = app.session
    assert s is not None and s.req is not None
    st = s.table
    cue = st.position(0)
    assert cue is not None
    legal = s.req.legal_first_contacts or tuple(b for b in st.on_table() if b)
    for b in sorted(legal, key=lambda x: math.dist(cue, st.position(x) or cue)):
        p = st.position(b)
        if p is None:
            continue
        for speed in (1.61, 2.47, 3.54, 1.26, 4.82):  # m/s of cue
            for off in (0.0, 1.5, -1.5, 3.0, -3.0):
                aim = Aim(angle_to(cue, p) + off, power_of(speed))
                shot = simulate(st, aim.stroke())
                ruling = s.match.judge(shot, Declarations())
                if not ruling.fouls and not ruling.scored and not ruling.game_over \
                        and ruling.next_shooter != ruling.shooter:
                    return aim
    raise AssertionError("no legal miss found")


def _to_persons_turn(app: App, s: Session) -> None:
    run_until(app, lambda: app.mode is not None and app.mode.name in
              ("aiming", "placing") and s.req is not None and s.req.shooter == 0,
              limit=8000)
    if app.mode is not None and app.mode.name == "placing":
        # (after the computer's turn a key puts the ball down only after an
        # action of hers)
        frame(app, n=30)
        key(app, pygame.K_LSHIFT)
        key(app, pygame.K_RETURN)
    # She sees her turn before she strikes: a Space in its first moment is
    # taken as meant for the computer's turn, not as her stroke.
    frame(app, n=30)
    # and takes it (a key of her own): after a computer's turn the first
    # stroke waits for an action of hers, so a Space mashed to hurry the
    # computer never strikes.
    key(app, pygame.K_LSHIFT)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_at_skip_a_persons_own_miss_is_shown_before_the_computer_plays(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Watching at Skip, Anna's shot pots nothing and fouls nothing: the
    table where her balls stopped stays on show, said in words ("Anna: no
    ball potted"), for about 1.5 s or until she goes on (Space); only then
    is the computer's stroke played (and skipped)."""
    from rules.ruling import Declarations
    from simulator.app.match import computer
    from simulator.players.player import ShotDecision
    from simulator.table.events import Stroke
    app = make_app(lang)
    s = start(app, ["Anna", "cpu:club"], "9-ball", {"race_to": 3, "first_breaker": 1},
              seed=3)
    s.watch = "skip"
    for attempt in range(2):
        _to_persons_turn(app, s)
        assert app.mode is not None and app.mode.name == "aiming"
        meant = Stroke(direction=90.0, speed=0.5)
        decision = ShotDecision(None, meant, meant, Declarations(), "safety", None,
                                None, 0.0, 0.0, 1, 1)
        monkeypatch.setattr(computer, "think_shot",
                            lambda m, p, d=decision: _Decided(d))
        s.aim = _legal_miss(app)
        app.mode.key_lock = pygame.mouse.get_pos()  # type: ignore[attr-defined]
        steps = len(s.match.history)
        key(app, pygame.K_SPACE)
        run_until(app, lambda n=steps: len(s.match.history) > n, limit=6000)
        r = s.last_ruling
        assert r is not None and r.shooter == 0 and not r.fouls and not r.scored
        rest = s.table.to_dict()
        frames = 0
        while len(s.match.history) == steps + 1 and frames < 400:
            frame(app)
            frames += 1
            if frames == 30:
                assert s.table.to_dict() == rest  # her balls where they stopped
                words = drawn_words(app, folded=True)
                # (the held card's title says what her stroke came to)
                legal = app.t("banner.legal", name="Anna")
                assert app.t("cpu.person_pots", title=legal,
                             pots=app.t("pots.none")) in words
                if attempt == 1:
                    key(app, pygame.K_SPACE)  # seen: go on at once
        if attempt == 0:
            assert frames >= 85, frames  # about 1.5 s at 60 frames a second
        else:
            assert frames < 60, frames
        monkeypatch.undo()


def _whole(app: App) -> list[str]:
    """What of the open dialog is cut or hidden: a "more below" line, a
    button outside its card or the window, a card over the table."""
    d = app.dialogs[-1]
    out = more_below(app)
    window = pygame.Rect((0, 0), app.size)
    card = d.rect  # type: ignore[attr-defined]
    out += [b.label for b in d.buttons  # type: ignore[attr-defined]
            if not (card.contains(b.rect) and window.contains(b.rect))]
    if card.colliderect(app.layout.table):
        out.append("the card covers the table")
    return out


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("names", [["Anna", "Boris"], ["Anna", "cpu:club"]])
def test_the_match_menu_and_the_referees_call_fit_whole_at_800x500(
        lang: str, names: list[str]) -> None:
    """At 800x500 the match menu (Esc) and the referee's call (J) show all
    their text and every button at once, in the side column (nothing to
    scroll with the wheel), and their last button works by its key."""
    app = make_app(lang, (800, 500))
    s = start(app, names, "8-ball", {"race_to": 3, "first_breaker": 1})
    assert s.req is not None
    key(app, pygame.K_ESCAPE)
    frame(app)
    d = app.dialogs[-1]
    assert d.title == app.t("pause.title")
    assert not _whole(app), _whole(app)
    assert len(d.buttons) == 11  # type: ignore[attr-defined]
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_j)
    frame(app)
    d = app.dialogs[-1]
    assert d.title == app.t("referee.title")
    assert not _whole(app), _whole(app)
    body = [r.text for r in app.texts if d.rect.contains(r.rect)]  # type: ignore
    assert any("23" in t for t in body) and any("28" in t for t in body)
    assert all(b.size >= 11 for b in d.buttons)  # type: ignore[attr-defined]
    key(app, pygame.K_2)  # restored: play on, its card shown
    frame(app)
    assert not app.dialogs and s.banner is not None and "28" in s.banner.title


def _pick(app: App, menu: object, text: str) -> None:
    """A drop-down's choice (the widget's own event, as its list posts it)."""
    import pygame_gui
    frame(app, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                  ui_element=menu, text=text))
    frame(app, n=2)


def _type(app: App, text: str) -> None:
    for ch in text:
        frame(app, pygame.event.Event(pygame.TEXTINPUT, text=ch))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_computer_seat_named_on_the_setup_screen_is_called_so_everywhere(
        lang: str, tmp_path: Any) -> None:
    """Seat 2 a club player, named "Deep Blue" on the setup screen (unnamed,
    its entry offers "Computer (club player)"): the breaks-first list, the
    scoreboard, the ruling card, the saves list and the match in numbers
    call it Deep Blue; the save and the settings keep the name and it plays
    as the club player it is. A name is at most 40 characters."""
    from simulator.app.loop.flow import open_saved
    from simulator.app.match.computer import computers, seat_words
    from simulator.app.match.stats import stats_table
    from tests.app.helpers import click, click_button
    app = make_app(lang)
    app.go("setup", game="9-ball", names=["Anna", ""])
    frame(app)
    setup: Any = app.mode
    club = app.t("cpu.level.club")
    _pick(app, setup.menus["seat1"], club[:1].upper() + club[1:])
    setup = app.mode
    entry = setup.entries[1]
    assert entry.is_enabled and entry.get_text() == ""
    assert seat_words(app.locale, "cpu:club") in str(entry.placeholder_text)
    click(app, entry.rect.center)
    _type(app, "Deep Blue")
    frame(app, n=2)
    assert "Deep Blue" in setup._first_labels
    _pick(app, setup.menus["first"], "Deep Blue")
    click_button(app, app.t("setup.start"))
    frame(app, n=2)
    s = app.session
    assert s is not None and s.names == ("Anna", "cpu:club:Deep Blue")
    assert s.is_computer(1) and s.name(1) == "Deep Blue"
    player = computers(s.match)[1]
    assert player is not None and player.strength.name == "club"
    assert app.settings.players[:2] == ["Anna", "cpu:club:Deep Blue"]
    frame(app)
    assert "Deep Blue" in drawn_lines(app)  # the scoreboard
    run_until(app, lambda: bool(s.match.history), limit=8000)  # it breaks
    frame(app, n=2)
    assert s.banner is not None and "Deep Blue" in s.banner.title
    assert s.match.rulings[0] is not None and s.match.rulings[0].shooter == 1
    assert stats_table(app, s)[0][1:] == ("Anna", "Deep Blue")
    path = s.save(tmp_path / "named.json")
    app.session = None
    app.go("load")
    frame(app, n=4)
    load: Any = app.mode
    load.paths = [path]
    load.infos = {}
    for _ in range(3):
        frame(app)
    assert "Deep Blue" in load.row_text(path) and "cpu:" not in load.row_text(path)
    assert open_saved(app, path)
    again = app.session
    assert again is not None and again.name(1) == "Deep Blue" and again.is_computer(1)
    # At most 40 characters, as a person's name.
    app.go("setup", game="9-ball", names=["Anna", "cpu:strong"])
    frame(app)
    setup = app.mode
    click(app, setup.entries[1].rect.center)
    _type(app, "N" * 45)
    frame(app)
    assert setup.entries[1].get_text() == "N" * 40
    click_button(app, app.t("setup.start"))
    frame(app, n=2)
    assert app.session is not None and app.session.name(1) == "N" * 40


EVERY_GAME = [
    ("8-ball", ["Anna", "Boris"], {"race_to": 3, "first_breaker": 1}),
    ("9-ball", ["Anna", "Boris"], {"race_to": 3, "first_breaker": 1}),
    ("14.1", ["Anna", "Boris"], {"target": 50}),
    ("express", ["Anna", "Boris", "Vera"], {}),
]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (1600, 900)])
@pytest.mark.parametrize("game,names,opts", EVERY_GAME)
def test_the_referees_call_fits_whole_at_800x500_in_every_game(
        lang: str, size: tuple[int, int], game: str, names: list[str],
        opts: dict[str, object]) -> None:
    """J at 800x500 (and larger) in every game: the body and every button
    whole, unscrolled and beside the table, citing the rules the game makes
    the calls under (general rules 23 and 28 in pool; pyramid rules 2.10 and
    2.12 in Express, as its rulings do) with the book named at least once.
    The body promises a replayed rack only where the referee can rule it:
    Express (pyramid rule 2.12) always restores the position and offers no
    such call."""
    app = make_app(lang, size)
    start(app, names, game, opts)
    key(app, pygame.K_j)
    frame(app)
    d = app.dialogs[-1]
    assert d.title == app.t("referee.title")
    assert not _whole(app), _whole(app)
    body = " ".join(r.text for r in app.texts if d.rect.contains(r.rect))  # type: ignore
    if game == "express":
        assert "2.10" in body and "2.12" in body, body
        assert " 23" not in body and " 28" not in body, body
    else:
        assert "23" in body and "28" in body, body
    jumped, _interference = app.session.match.discipline.call_rules()  # type: ignore
    from simulator.app.text.words import ref_text
    book = ref_text(app.session.locale, jumped).split(",")[0].rsplit(" ", 2)[0]  # type: ignore
    assert book and book in body, (book, body)
    if game == "express":
        assert {"en": "replayed", "ru": "переигр"}[lang] not in body, body


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
@pytest.mark.parametrize("game,names,opts", EVERY_GAME)
def test_the_foul_calls_other_calls_cite_the_games_own_rules_and_fit(
        lang: str, size: tuple[int, int], game: str, names: list[str],
        opts: dict[str, object]) -> None:
    """F in every game, at 800x500 and 1280x720: every button whole beside
    the table, the one to the referee's other calls citing the rules the
    game makes them under: general rules 23 and 28 in pool, pyramid rules
    2.10 and 2.12 in Express (never general rules 23, 28 there); it opens
    the referee's call (J)."""
    app = make_app(lang, size)
    start(app, names, game, opts)
    key(app, pygame.K_f)
    frame(app)
    d = app.dialogs[-1]
    assert d.kind == "fouls"  # type: ignore[attr-defined]
    assert not _whole(app), _whole(app)
    other = d.buttons[-2]  # type: ignore[attr-defined]
    words = other.label + " " + " ".join(
        r.text for r in app.texts if d.rect.contains(r.rect))  # type: ignore
    if game == "express":
        assert "2.10" in other.label and "2.12" in other.label, other.label
        assert "23" not in other.label and "28" not in other.label, other.label
        # (the book's name, however its rules are numbered: one rule or a list)
        from simulator.app.text.words import ref_text
        jumped, _ = app.session.match.discipline.call_rules()  # type: ignore
        book = ref_text(app.session.locale, jumped).split(",")[0].rsplit(" ", 2)[0]  # type: ignore
        assert book in words, (book, words)
    else:
        assert "23" in other.label and "28" in other.label, other.label
    key(app, pygame.K_1 + len(d.buttons) - 2)  # type: ignore[attr-defined]
    frame(app)
    assert app.dialogs and app.dialogs[-1].title == app.t("referee.title")
