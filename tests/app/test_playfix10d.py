"""Found in play: the balls a scratched break left down missing from the
match in numbers; the records screen's ratings cut; the replay timeline's
time shown only now and then; the main menu cramped in a low window; the
foul call of 14.1 and Express scrolling at 800x500."""

from __future__ import annotations

import itertools

import pygame
import pytest

from simulator.app.table.aim import power_of
from tests.app.helpers import concede_match, frame, key, make_app, more_below, run_until
from tests.app.scenes import LANGS

LOW = (800, 500)


def _overlapping(rects: list[pygame.Rect]) -> list[tuple[pygame.Rect, pygame.Rect]]:
    return [(a, b) for a, b in itertools.combinations(rects, 2) if a.colliderect(b)]


def _drawn_row(app: object, label: str) -> list[str]:
    """The cells drawn on the line of ``label`` (a row of a table)."""
    texts = app.texts  # type: ignore[attr-defined]
    head = next(t for t in texts if t.text == label)
    return [t.text for t in sorted(texts, key=lambda t: t.rect.left)
            if t is not head and abs(t.rect.centery - head.rect.centery) <= 3]


# -- 1. the balls a scratched break left down are the breaker's --------------

@pytest.mark.parametrize("game, seed, turn, speed", (
    ("8-ball", 3, 0.15, 5.543),  # the 4 down, the cue ball after it
    ("9-ball", 3, 0.3, 7.148),  # the 1 down, the cue ball after it
))
def test_the_balls_a_scratched_break_left_down_count_for_the_breaker(
        game: str, seed: int, turn: float, speed: float) -> None:
    """The break pots a ball and then the cue ball, and the game is given up:
    the end-of-match table counts the ball for the breaker. 8-ball rule 5
    ("if the cue ball drops on the break, all balls potted stay down, save
    the 8") and 9-ball rule 6 ("balls potted on a foul stay down, save the
    9, which is spotted"), seed 000_a841db6d9a298577.txt; it read 0."""
    from tests.app.test_evening_match import start
    app = make_app()
    try:
        s = start(app, ["Anna", "Boris"], game, {"race_to": 1}, seed=seed)
        key(app, pygame.K_RETURN)  # the cue ball where it is offered
        s.aim = s.aim.turned(turn).with_power(power_of(speed))
        key(app, pygame.K_SPACE)
        run_until(app, lambda: bool(s.shots) and app.mode is not None and
                  app.mode.name != "playing", limit=6000)
        brk, ruling = s.shots[0]
        assert [f.code.id for f in ruling.fouls] == ["foul.scratch"]
        down = [b for e in brk.events if e.kind.value == "pocketed"
                for b in e.balls if b not in (0, 8, 9)]
        assert down and not ruling.scored
        breaker = ruling.shooter
        while app.dialogs:
            key(app, pygame.K_ESCAPE)
        concede_match(app)  # (the game is the match)
        assert s.over
        row = _drawn_row(app, app.t("evening.stat_balls"))
        want = ["0", "0"]
        want[breaker] = str(len(down))
        assert row == want, row
    finally:
        pygame.display.quit()


# -- 2. the records screen: each rating whole ---------------------------------

@pytest.mark.parametrize("size", ((1280, 720), LOW), ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_records_screen_shows_every_rating_whole(lang: str,
                                                      size: tuple[int, int]) -> None:
    """Main menu, then the players' records, with two computer levels among
    the players: every rating is drawn whole, in the screen's own type (a
    computer's "500 (уровень компьютера, измерен)" ended in an ellipsis at
    1280x720 in Russian, and shrank in English), on one line or two."""
    from rules.referee import Match
    from simulator.app.screens.club.players import rating_text
    from simulator.records.club import record_match
    from simulator.records.pages import ratings
    from tests.app.helpers import open_records
    from tests.records.helpers import win_at_table
    for names in (["Ann", "cpu:club"], ["Boris", "cpu:beginner"], ["Ann", "Boris"]):
        m = Match(names, "9-ball", {"race_to": 1}, 1)
        win_at_table(m, 1)
        record_match(m)
    app = make_app(lang, size)
    try:
        open_records(app)
        rated = ratings(app.mode.matches)
        assert len(rated) == 4
        said = [rating_text(app, r) for r in rated.values()]
        drawn = [t for t in app.texts if any(t.text in s for s in said)]
        assert not [t.text for t in drawn if t.cut], [t.shown for t in drawn]
        assert len({t.size for t in drawn}) == 1, [(t.text, t.size) for t in drawn]
        joined = " ".join(t.text for t in drawn)
        for s in said:
            assert s in joined, (s, joined)
        for t in drawn:
            assert t.rect.width <= t.box.width and app.mode is not None
    finally:
        pygame.display.quit()


# -- 3. the replay's timeline: the time under the pointer, always -------------

@pytest.mark.parametrize("size", ((1280, 720), LOW), ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_timeline_says_the_time_under_the_pointer_anywhere(
        lang: str, size: tuple[int, int]) -> None:
    """The replay of a break, the pointer moved along its timeline: on every
    tick the words under the bar begin with the tick's time and name what
    it is; between ticks they say the time there (the time was shown on
    some ticks only, and nowhere between them)."""
    from simulator.app.replay.timeline import mark_label
    from simulator.app.screens.replay import ReplayMode
    from tests.app.helpers import move
    from tests.app.scenes import open_scene
    app = open_scene("replay", "9-ball", lang, size)
    try:
        mode = app.mode
        assert isinstance(mode, ReplayMode)
        key(app, pygame.K_SPACE)  # paused
        frame(app)
        show = mode.show
        geo = show.geometry
        assert geo is not None and show.marks.marks

        def drawn() -> list[object]:
            return [t for t in app.texts if t.rect.top >= geo.bar.bottom
                    and t.rect.bottom <= geo.rect.bottom + 2]

        def words() -> list[str]:
            return [t.shown for t in drawn()]  # type: ignore[attr-defined]

        seen_ticks = 0
        for m in show.marks.marks:
            x = round(geo.x_of(m.time))
            move(app, (x, geo.bar.centery))
            frame(app)
            under = show.marks_under((x, geo.bar.centery))
            said = words()
            first = under[0]
            assert any(w.startswith(show.time_text(first.time)) for w in said), \
                (show.time_text(first.time), said)
            # (a break's cluster of contacts may be cut at its end)
            label = mark_label(app.locale, show.spec, m)
            assert any(label in w for w in said) or any(
                w.startswith(show.time_text(first.time)) and w.endswith("…")
                for w in said), (label, said)
            seen_ticks += 1
        assert seen_ticks
        ticks = sorted(round(geo.x_of(m.time)) for m in show.marks.marks)
        free = [x for x in range(geo.bar.left + 2, geo.bar.right - 2, 7)
                if all(abs(x - tx) > 8 for tx in ticks)]
        assert free
        for x in free[:: max(1, len(free) // 6)]:
            move(app, (x, geo.bar.centery))
            frame(app)
            want = show.time_text(geo.t_of(x))
            assert want in words(), (want, words())
    finally:
        pygame.display.quit()


# -- 4. the main menu has room in a low window --------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_main_menu_has_room_at_800x500(lang: str) -> None:
    """The main menu at 800x500: no two buttons overlap or stand closer than
    8 px, each label is whole with room round its words (eleven buttons 26
    px high for 20 px words, 5 px apart), every button and the keys' line
    stays clear of the window's frame, and the keys' line clear of them."""
    from pygame_gui.elements import UIButton
    app = make_app(lang, LOW)
    try:
        app.go("menu")
        frame(app, n=2)
        buttons = [el for el in app.gui.get_sprite_group().sprites()
                   if isinstance(el, UIButton) and el.visible]
        assert len(buttons) == 11
        rects = [b.rect for b in buttons]
        assert not _overlapping([r.inflate(8, 8) for r in rects])
        inside = pygame.Rect((0, 0), LOW).inflate(-2 * 20, -2 * 20)
        for b in buttons:
            words = b.font.get_rect(b.text)
            assert words.width <= b.rect.width - 24, (b.text, words, b.rect)
            line = b.font.size("Ay")[1]  # the words' line, ascent to descent
            assert line + 6 <= b.rect.height, (b.text, line, b.rect)
            assert inside.contains(b.rect), (b.text, b.rect)
        hint = next(t for t in app.texts if t.text == app.t("menu.version_hint"))
        assert not hint.cut and inside.contains(hint.rect), hint.rect
        assert not any(hint.rect.colliderect(r) for r in rects)
    finally:
        pygame.display.quit()


# -- 5. the foul call of 14.1 and Express, whole at 800x500 -------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ("14.1", "express"))
def test_every_choice_of_the_foul_call_is_in_view_at_800x500(game: str,
                                                             lang: str) -> None:
    """F at 800x500: every foul, "other calls" and Cancel drawn inside the
    card at once, nothing under the wheel (14.1's five fouls left one or two
    choices there in either language, Express's four in Russian), each
    foul with its rule's number and each label drawn whole."""
    from tests.app.scenes import open_scene
    app = open_scene("fouls", game, lang, LOW)
    try:
        frame(app, n=2)
        d = app.dialogs[-1]
        assert d.kind == "fouls" and len(d.buttons) == (7 if game == "14.1" else 6)
        screen = pygame.Rect((0, 0), LOW)
        for b in d.buttons:
            assert b.rect.height and d.rect.contains(b.rect) and \
                screen.contains(b.rect), (b.label, b.rect)
            drawn = " ".join(t.shown for t in app.texts if b.rect.contains(t.rect))
            assert drawn.split() == b.label.split() or all(
                w in drawn for w in b.label.split()), (b.label, drawn)
        rule = app.t("fouls.rule_short", rule="").strip()
        for b in d.buttons[:-2]:
            assert b.label.rstrip().endswith(")") and rule in b.label, b.label
        assert not more_below(app)
        assert not _overlapping([b.rect for b in d.buttons])
    finally:
        pygame.display.quit()
