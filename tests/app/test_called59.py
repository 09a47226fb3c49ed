"""A pot that missed its call says the call: 14.1's "balls are spotted"
alone left a player who called the 1 in one corner and saw it drop in
another asking why (14.1 rule 8; 8-ball rule 12)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rules.referee import Match
from rules.ruling import Declarations
from simulator.app.match.session import Session
from simulator.table.events import Shot
from tests.app.helpers import drawn_words, frame, make_app
from tests.rules.logs import Log


def called_shot(pocket: str | None) -> tuple[Match, Shot]:
    """14.1: Anna's legal break, then Boris calls the 5 in the bottom right
    corner; it drops in ``pocket`` (None: it stays up, the 6 drops)."""
    m = Match(["Anna", "Boris"], "14.1", {"target": 20}, seed=4)
    m.apply(Log(m.table()).stroke().hit(0, 1).rails([1, 2]).rail(0).shot())
    log = Log(m.table()).stroke().hit(0, 5)
    if pocket is None:
        log.hit(5, 6).pot(6, "head_right")
    else:
        log.pot(5, pocket)
    shot = log.shot()
    m.apply(shot, Declarations(called_ball=5, called_pocket="foot_right"))
    return m, shot


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_ball_in_another_pocket_says_where_it_was_called(lang: str) -> None:
    """The ruling card: the 5 was called in the bottom right corner and
    dropped in the top left; spotted without penalty, Anna to play."""
    app = make_app(lang)
    try:
        match, shot = called_shot("head_left")
        s = Session(match, app.locale)
        app.session = s
        ruling = s.match.rulings[-1]
        assert ruling is not None and not ruling.fouls
        assert "note.illegal_pocketed" in {n.code.id for n in ruling.notes}
        said = app.t("banner.called_elsewhere", ball=app.t("strip.ball", ball=5),
                     called=app.t("pocket_into.foot_right"),
                     went=app.t("pocket_in.head_left"))
        assert said in s.ruling_banner(ruling, shot).lines
        app.go("match")
        frame(app, n=2)
        s.banner = s.ruling_banner(ruling, shot)
        frame(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0,
                                      unicode="v", scancode=0), n=2)
        assert said in drawn_words(app, folded=True)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_another_ball_dropping_says_the_called_one_did_not(lang: str) -> None:
    app = make_app(lang)
    try:
        match, shot = called_shot(None)
        s = Session(match, app.locale)
        ruling = s.match.rulings[-1]
        assert ruling is not None
        said = app.t("banner.called_missed", ball=app.t("strip.ball", ball=5),
                     called=app.t("pocket_into.foot_right"))
        assert said in s.ruling_banner(ruling, shot).lines
    finally:
        pygame.display.quit()


def test_a_called_pot_made_says_nothing_of_the_call() -> None:
    app = make_app("en")
    try:
        match, shot = called_shot("foot_right")
        s = Session(match, app.locale)
        ruling = s.match.rulings[-1]
        assert ruling is not None
        lines = s.ruling_banner(ruling, shot).lines
        assert not [x for x in lines if x.startswith("Called:")], lines
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_odds_from_a_few_tries_claim_no_tenths(lang: str) -> None:
    """The computer's line "Calls the 15 (about 7 in 10)" stood over "2 of 3
    simulated tries potted it (too few to be sure)": out of fewer than
    FEW_TRIES tries the odds are only likely or unlikely, never tenths."""
    from simulator.app.match.computer import FEW_TRIES, chance_words
    from simulator.app.text.i18n import Locale
    loc = Locale(lang)
    assert chance_words(loc, 2 / 3, 3) == loc.t("odds.likely")
    assert chance_words(loc, 1 / 3, 3) == loc.t("odds.unlikely")
    assert chance_words(loc, 0.7, FEW_TRIES) == loc.t("odds.in_ten", n=7)
    assert chance_words(loc, 0.7) == loc.t("odds.in_ten", n=7)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_either_person_may_concede_the_match(lang: str) -> None:
    """Two people at one window: the match menu's "Concede the match" asks
    the one at the table, and offers the other person's concession too
    (after Ann gave up a game, Bob was to break and only Bob could concede
    the match). The other's choice ends the match for the one at the table."""
    from tests.app.helpers import click_button, key, run_until, to_the_break
    app = make_app(lang)
    try:
        s = to_the_break(app, ["Anna", "Boris"], "9-ball", {"race_to": 3})
        req = s.req
        assert req is not None
        at_table, other = req.shooter, 1 - req.shooter
        key(app, pygame.K_ESCAPE)
        click_button(app, app.t("pause.concede_match"))
        offered = app.t("concede.match_other", name=s.names[other])
        assert offered in drawn_words(app)
        click_button(app, offered)
        run_until(app, lambda: s.over, limit=600)
        assert s.match.winner == at_table
    finally:
        pygame.display.quit()


def test_against_the_computer_only_the_person_concedes() -> None:
    from simulator.app.dialogs.concede import other_person
    from simulator.app.match.session import Session
    app = make_app("en")
    try:
        s = Session.new(["Anna", "cpu:club"], "9-ball", {"race_to": 3}, app.locale,
                        seed=5)
        assert other_person(s, 0) is None
        two = Session.new(["Anna", "Boris"], "9-ball", {"race_to": 3}, app.locale,
                          seed=5)
        assert other_person(two, 0) == 1
    finally:
        pygame.display.quit()


def test_a_replayed_games_strokes_are_not_in_the_players_figures() -> None:
    """General rule 28: the game is replayed, void; the break Anna played
    in it counts in no figure of hers (she was credited an inning of the
    voided rack beside its replay's); the game's own line stays listed."""
    from simulator.records.stats import game_lines, match_stats, stroke_counts
    from tests.app.helpers import concede_match, racked_again, replayed_by_rule_28
    app = make_app("en")
    try:
        s = replayed_by_rule_28(app)  # (general rule 28)
        assert any(x is not None and x.fouls == () and x.game_over
                   for x in s.match.rulings)
        racked_again(app)
        concede_match(app)
        figures = match_stats(s.match)
        assert [f.innings for f in figures] == [0, 0], figures
        assert stroke_counts(s.match) == ([0, 0], [0, 0], [0, 0])
        assert game_lines(s.match)[0].replayed is not None
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_a_ball_under_the_stick_shows_through_it(size: tuple[int, int]) -> None:
    """The 7 touching the cue ball right behind it, along the aim: the
    stick lies over it and it was hidden (struck into a double hit unseen);
    its ring is drawn over the stick. A ball beside the stick gets none."""
    from simulator.app.table.render import balls_under_cue
    from tests.app.helpers import scenario_match
    app = make_app("en", size)
    try:
        r = 0.028575
        cue, hidden, aside = (1.2, 0.6), (1.2 - 2 * r - 0.0005, 0.6), (0.8, 0.9)
        mode = scenario_match(app, "9-ball", {0: cue, 1: (2.0, 0.6), 7: hidden,
                                              5: aside})
        from dataclasses import replace
        mode.session.aim = replace(mode.session.aim, angle=0.0)  # the 7 behind
        frame(app, n=2)
        assert balls_under_cue(cue, 0.0, 0.02, r, [hidden, aside]) == [hidden]
        # The 7 as drawn with the stick over it, against the 7 alone (the
        # stick turned away): nearly the same picture, the stick faint.
        view = mode.scene.view
        cx, cy = view.to_screen(*hidden)
        rad = r * view.scale - 1
        disc = [(round(cx + dx), round(cy + dy)) for dx in range(-9, 10)
                for dy in range(-9, 10) if dx * dx + dy * dy <= rad * rad]
        under = [app.screen.get_at(p)[:3] for p in disc]
        # The pointer holding the stick over the 7: its glow, drawn with
        # the stick, hid the 7 too; it shows through both.
        grip = view.to_screen(hidden[0] - r, hidden[1])
        app.mouse = (round(grip[0]), round(grip[1]))
        mode.grabbed = True  # type: ignore[attr-defined]
        assert mode.on_stick(app.mouse, near=True)  # type: ignore[attr-defined]
        frame(app, n=2)
        held = [app.screen.get_at(p)[:3] for p in disc]
        mode.session.aim = replace(mode.session.aim, angle=180.0)
        frame(app, n=2)
        alone = [app.screen.get_at(p)[:3] for p in disc]
        # (the glow is brighter than the stick: more of it shows; covered,
        # the 7 stood 90-105 apart)
        for seen, most in ((under, 20), (held, 50)):
            apart = [max(abs(a - b) for a, b in zip(u, v, strict=True))
                     for u, v in zip(seen, alone, strict=True)]
            assert sum(apart) / len(apart) < most, apart
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_practice_list_hides_its_titles_for_a_class(lang: str) -> None:
    """A class shown the practice list before the quiz read its answers in
    the titles ("Two millimetres from the 3: a double hit"): "Hide titles"
    (H) numbers the situations only, and says so; the quiz still starts at
    the one selected; H again brings them back; the choice lasts while the
    app runs."""
    from simulator.app.screens.practice.scenario_list import PracticeListMode
    from tests.app.helpers import click_button, key
    app = make_app(lang, (800, 500))
    try:
        app.go("practice")
        frame(app, n=2)
        mode = app.mode
        assert isinstance(mode, PracticeListMode)
        titles = [e.title.get(lang) for e in mode.entries()]
        assert [lbl for lbl, _ in mode.items][:3] == \
            [f"{i + 1}. {x}" for i, x in enumerate(titles[:3])]
        assert app.t("practice.subtitle_keys") in drawn_words(app)
        key(app, pygame.K_h)
        frame(app, n=2)
        mode = app.mode
        assert isinstance(mode, PracticeListMode)
        assert app.t("practice.subtitle_hidden") in drawn_words(app)
        labels = [lbl for lbl, _ in mode.items]
        assert not any(x in lbl for x in titles for lbl in labels), labels
        assert labels[7] == f"8. {app.t('practice.hidden_title', n=8)}"
        shown = " ".join(str(getattr(i, "text", "")) for i in
                         mode.list.item_list_container.elements)
        assert titles[7] not in shown
        app.go("menu")
        frame(app)
        app.go("practice")
        frame(app, n=2)
        again = app.mode
        assert isinstance(again, PracticeListMode)
        assert again.items[7][0] == labels[7]  # still hidden on coming back
        key(app, pygame.K_h)
        frame(app, n=2)
        assert again.items[7][0] == f"8. {titles[7]}"
        key(app, pygame.K_h)
        frame(app, n=2)
        sid = again.items[7][1]
        from simulator.app.screens.practice.memory import state_of
        state_of(app).selected = sid
        click_button(app, app.t("practice.quiz"))
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == "quiz"
        assert app.mode.sc.id == sid  # type: ignore[attr-defined]
    finally:
        pygame.display.quit()


def test_the_quizs_side_view_draws_the_flight_only_as_far_as_shown(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Situation "the 8 leaves the table": while its question is open the
    side view drew the whole flight at its start, the 8 over the rail top
    in orange (the answer) before it had left the bed; the paths now run
    only as far as the stroke has played. A replay's side view (telling
    the outcome) still draws the whole flight."""
    from simulator.app.replay import side_view
    from simulator.app.replay.table_marks import AIR_OVER_RAIL
    from tests.app.helpers import quiz_on
    seen: list[tuple[Any, ...]] = []
    real = side_view.draw_side_view

    def spy(surface: pygame.Surface, rect: pygame.Rect, *args: Any) -> None:
        seen.append((rect, *args))
        real(surface, rect, *args)
    monkeypatch.setattr(side_view, "draw_side_view", spy)
    app = make_app("en")
    try:
        mode = quiz_on(app, "8ball-eight-off-table")
        for _ in range(600):
            if seen:
                break
            frame(app)
        assert seen, "no side view while the stroke played"
        rect, loc, spec, flight, now, shot, tell = seen[0]
        assert not tell and mode.phase == "asking"
        over_at = min(t for pts in flight.samples.values() for t, _z, d in pts if d > 0)
        assert now < over_at  # (opened before a ball was over the rail)

        def orange(whole: bool) -> int:
            pic = pygame.Surface((rect.right + 2, rect.bottom + 2))
            real(pic, rect, loc, spec, flight, now, shot, whole)
            return sum(1 for x in range(rect.left, rect.right)
                       for y in range(rect.top, rect.bottom)
                       if pic.get_at((x, y))[:3] == AIR_OVER_RAIL)
        assert orange(False) == 0
        assert orange(True) > 20
    finally:
        pygame.display.quit()
