"""What a play-test found at the table: the ruling card shows what it has
room for, keeps who plays next in sight and scrolls only what is hidden."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.table_screen import TableMode
from tests.app.helpers import card_notes, click, drawn_words, frame, key, move
from tests.app.scenes import LANGS, open_scene


def _wheel(app: App, at: tuple[int, int], dy: int) -> None:
    move(app, at)
    frame(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False,
                                  precise_x=0.0, precise_y=float(dy)))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", ((800, 500), (1280, 720)), ids=("800x500", "1280x720"))
def test_the_ruling_card_scrolls_only_what_is_hidden(lang: str,
                                                     size: tuple[int, int]) -> None:
    """A called foul's card: who plays next always on it, and the foul with
    its rule whole; "N more" only while words of the ruling are really below
    (the wheel brings the rest, next player still shown); where all of it
    fits neither the note nor the wheel moves anything. Once it said "4
    more" over an empty half box, and "0 more" after scrolling."""
    app = open_scene("banner", "8-ball", lang, size)
    try:
        mode = app.mode
        assert isinstance(mode, TableMode)
        s = app.session
        assert s is not None and s.banner is not None and s.banner.next
        more = card_notes(app, "ruling.more", max(1, mode.banner_hidden))  # rows below
        card = mode.banner_rect
        assert card is not None
        words = drawn_words(app, card, shown=True)
        nxt = s.banner.next[0].split()[:2]
        assert " ".join(nxt) in words, f"who plays next is on the card: {words!r}"
        bullet = s.banner.lines[0].split()
        assert all(w in words for w in bullet), "the foul and its rule, whole"
        if mode.banner_hidden:
            assert any(m in words for m in more)
            for _ in range(6):
                _wheel(app, card.center, -1)
            card = mode.banner_rect
            assert card is not None
            words = drawn_words(app, card, shown=True)
            assert mode.card_below == 0
            assert " ".join(nxt) in words, "who plays next stays after scrolling"
            if mode.banner_hidden:  # (its one note: the lines cut under it)
                assert mode.extra_hidden
                assert mode.banner_hidden == mode.extra_read_rows()
                assert any(m in words for m in card_notes(
                    app, "ruling.more", mode.banner_hidden))
            else:
                assert not any(m in words for m in more)
                assert any(m in words for m in card_notes(app, "table_card.top"))
        else:
            assert not any(m in words for m in more)
            _wheel(app, card.center, -1)
            assert s.banner_scroll == 0, "nothing hidden: the wheel scrolls nothing"
    finally:
        pygame.display.quit()


AIM_OBJECT_LINE = (250, 210, 120)  # the object ball's predicted path


def _object_line_off_bed(surface: pygame.Surface, mode: TableMode) -> int:
    """Pixels of the object ball's line outside the bed (on the rails, the
    bars or the side column)."""
    bed = mode.scene.view.bed_rect().inflate(2, 2)
    arr = pygame.surfarray.pixels3d(surface)
    try:
        hit = (arr[:, :, 0] == AIM_OBJECT_LINE[0]) & \
            (arr[:, :, 1] == AIM_OBJECT_LINE[1]) & (arr[:, :, 2] == AIM_OBJECT_LINE[2])
        hit[bed.left:bed.right, bed.top:bed.bottom] = False
        return int(hit.sum())
    finally:
        del arr


@pytest.mark.parametrize("size", ((800, 500), (1280, 720)), ids=("800x500", "1280x720"))
def test_the_object_balls_path_stops_at_the_cushion(size: tuple[int, int]) -> None:
    """Ball in hand put down 0.35 m behind a ball that lies near a cushion
    and aimed full at it: the object ball's predicted path (once a fixed
    0.3 m, through the cushion onto the rails and off the table's edge)
    ends on the bed at the cushion."""
    import math

    from simulator.app.table.aim import Aim, guide, wall_hit
    app = open_scene("banner", "9-ball", "en", size)  # ball in hand anywhere
    try:
        s = app.session
        assert s is not None
        mode = app.mode
        assert isinstance(mode, TableMode) and mode.name == "placing"
        spec = s.spec
        st = s.table
        balls = {b: p for b in st.on_table() if (p := st.position(b)) is not None
                 and b != spec.balls.cue_ball}
        chosen = None
        for b, bp in balls.items():
            for deg in (60.0, 120.0, 240.0, 300.0, 30.0, 150.0, 210.0, 330.0):
                d = (math.cos(math.radians(deg)), math.sin(math.radians(deg)))
                p = (bp[0] - d[0] * 0.35, bp[1] - d[1] * 0.35)
                if not (0.1 < p[0] < spec.length - 0.1
                        and 0.1 < p[1] < spec.width - 0.1):
                    continue
                if not 0.05 < wall_hit(spec, bp, d)[0] < 0.2:
                    continue
                if guide(spec, p, deg, balls, spec.balls.cue_ball).ball == b:
                    chosen = (p, deg)
                    break
            if chosen:
                break
        assert chosen is not None, "a ball near a cushion to aim at"
        p, deg = chosen
        click(app, mode.scene.view.to_screen(*p))
        if app.mode is not None and app.mode.name == "placing":
            key(app, pygame.K_RETURN)
        mode = app.mode
        assert isinstance(mode, TableMode) and mode.name == "aiming"
        cue = s.cue_pos()
        assert cue is not None and math.dist(cue, p) < 0.01
        s.aim = Aim(deg, 0.3)  # as the arrow keys would turn it
        frame(app)
        bed = mode.scene.view.bed_rect()
        arr = pygame.surfarray.pixels3d(app.screen)
        on_bed = int(((arr[bed.left:bed.right, bed.top:bed.bottom] ==
                       AIM_OBJECT_LINE).all(axis=2)).sum())
        del arr
        assert on_bed > 0, "the object ball's line is drawn"
        off = _object_line_off_bed(app.screen, mode)
        assert off == 0, f"{off} pixels of the object ball's path off the bed"
    finally:
        pygame.display.quit()


def test_a_foul_shows_the_cue_ball_where_it_stopped() -> None:
    """9-ball, a soft stroke that touches no ball (a foul, 9-ball rule 6.x:
    ball in hand anywhere): the incoming player's table shows the cue ball
    where it came to rest and the ball in hand starts from there (it was
    put on the head spot before anyone had seen where it stopped)."""
    import math

    from simulator.app.match.session import Session
    from simulator.app.match.turns import next_step
    from simulator.app.table.aim import Aim
    from simulator.table.specs import CUE_BALL
    from tests.app.helpers import make_app, run_until
    app = make_app("en")
    try:
        app.session = s = Session.new(["Anna", "Bob"], "9-ball", {"race_to": 3},
                                      app.locale, seed=5)
        next_step(app)
        frame(app)
        key(app, pygame.K_RETURN)  # the break's cue ball put down
        s.aim = Aim(0.0, 0.9)
        key(app, pygame.K_SPACE)
        run_until(app, lambda: app.mode is not None and app.mode.name == "aiming"
                  and not app.dialogs, limit=6000)
        cue = s.cue_pos()
        assert cue is not None
        s.aim = Aim(90.0 if cue[1] < s.spec.width / 2 else 270.0, 0.05)
        key(app, pygame.K_SPACE)
        run_until(app, lambda: app.mode is not None and app.mode.name == "placing",
                  limit=6000)
        frame(app)
        assert s.banner is not None and s.banner.foul
        rest = s.shots[-1][0].final.position(CUE_BALL)
        assert rest is not None and math.dist(rest, s.spec.head_spot) > 0.1
        shown = s.cue_pos()
        # Where it stopped, or a hair away if it lies frozen to a ball.
        assert shown is not None and math.dist(shown, rest) < s.spec.balls.radius, \
            f"the cue ball is shown at {shown}, it stopped at {rest}"
        assert app.mode.pos == shown  # type: ignore[union-attr]
    finally:
        pygame.display.quit()


def test_the_hint_never_advises_a_pot_that_never_went_in(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint asked for (I) where the search's pick is a pot of which none of
    its 300 tries was a legal pot (the search is made to say so here: such
    positions come from play, 37.png): the hint says no pot is likely and
    advises the best safety, drawn and taken as any hint; it never says
    "Tries 15 into the top side pocket, though none of 300 ... was a legal pot"."""
    from tests.app.scenes import hopeless_hint
    app = hopeless_hint(monkeypatch, "en", (1280, 720))
    try:
        s = app.session
        assert s is not None
        frame(app)
        mode = app.mode
        assert isinstance(mode, TableMode)
        said = " ".join(mode.hint_lines())  # type: ignore[attr-defined]
        assert s.hint.decision.kind == "safety", said
        # (its odds said as a player says them: none of its tries potted)
        from simulator.app.match.computer import chance_words
        assert "no pot here is likely" in said
        assert "(even the best of them almost never goes in)" in said
        assert "though none of" not in said
    finally:
        pygame.display.quit()


def test_the_editors_next_click_places_the_next_ball_not_the_same_again() -> None:
    """The editor: ">" to the 8, a click puts the 8 down and the next ball
    not on the table is chosen (a second click put the same ball again,
    moving the 8 the player had just set); the second click puts that ball
    down and the 8 stays where it was set."""
    import math

    from simulator.app.screens.editor.screen import EditorMode
    from tests.app.helpers import click_button, make_app
    app = make_app("en")
    try:
        app.go("menu")
        frame(app)
        click_button(app, "Practice")
        click_button(app, "Position editor")
        ed = app.mode
        assert isinstance(ed, EditorMode)
        while ed.selected != 8:
            click_button(app, ">")
        view = ed.view
        click(app, view.to_screen(1.9, 0.4))
        frame(app)
        assert math.dist(ed.balls()[8], (1.9, 0.4)) < 2 / view.scale
        following = ed.selected
        assert following != 8 and following not in ed.balls()
        click(app, view.to_screen(2.1, 0.9))
        frame(app)
        assert math.dist(ed.balls()[8], (1.9, 0.4)) < 2 / view.scale
        assert math.dist(ed.balls()[following], (2.1, 0.9)) < 2 / view.scale
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_contact_marks_are_diamonds_with_a_legend(lang: str) -> None:
    """A replay played to its end: each contact's number sits in a diamond
    (its top corner lies outside the disc a ball or the old round mark
    would fill), and the timeline says what the diamonds are (a blue "2"
    disc beside the 2-ball was read as a ball)."""
    from simulator.app.replay.table_marks import DIAMOND, contact_colour, marker_radius
    from simulator.app.screens.replay import ReplayMode
    app = open_scene("replay", "9-ball", lang, frames=400)
    try:
        mode = app.mode
        assert isinstance(mode, ReplayMode)
        legend = app.t("table_card.contact_legend")
        assert any(r.text == legend for r in app.texts), "the legend is shown"
        view = mode.scene.view
        shown = mode.show.marks.contacts_until(mode.playback.time)
        assert shown
        r = marker_radius(view)
        # (where each diamond is drawn: moved off its touch where numbers or
        # balls crowd, as at a struck rack)
        boxes = dict(mode.show.contact_boxes)
        # (a break's rack shows its first contact's number, not a pile)
        crowd = mode.show.marks.rack_crowd
        shown = tuple(c for c in shown if c.n not in crowd or c is shown[-1])
        assert set(boxes) == {c.n for c in shown}
        corners = 0
        for c in shown:
            box = boxes[c.n]
            rr = r + 2 if c is shown[-1] else r
            assert box.height == 2 * round(rr * DIAMOND)
            corner = (box.centerx, box.top + 3)  # beyond rr + 1 from its centre
            if tuple(app.screen.get_at(corner))[:3] == contact_colour(c):
                corners += 1
        assert corners >= len(shown) // 2, \
            f"{corners} of {len(shown)} contact marks have a diamond's corner"
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", ((800, 500), (1280, 720)), ids=("800x500", "1280x720"))
def test_the_seat_menu_holds_its_longest_word(lang: str, size: tuple[int, int]) -> None:
    """A new match's seats: each person-or-computer menu is wide enough for
    its longest word and the arrow beside it ("Профессионал" was cut)."""
    from simulator.app.text import fonts
    app = open_scene("setup", "express", lang, size)
    try:
        mode = app.mode
        longest = max((app.t(f"cpu.level.{lv}") for lv in
                       ("beginner", "club", "strong", "pro")), key=len)
        need = fonts.font(16).size(longest[0].upper() + longest[1:])[0]
        seats = [m for k, m in mode.menus.items()  # type: ignore[attr-defined]
                 if k.startswith("seat")]
        assert seats
        for menu in seats:
            arrow = 22
            assert menu.rect.width - arrow - 6 >= need, \
                f"{menu.rect.width} px for {longest!r} ({need} px)"
    finally:
        pygame.display.quit()


def test_the_saves_list_keeps_a_score_whole_and_its_buttons_words_centred(
        app: App) -> None:
    """A named save whose row wraps: its score "0 : 0" stays on one line
    (it broke into "0 :" and "0"), and Rename and Delete, as tall as the
    row, have their words in their middle (they sat at the top)."""
    from simulator.app.match.session import Session, saves_dir
    from tests.app.helpers import click_button
    s = Session.new(["Anna", "cpu:club"], "8-ball", {"race_to": 1}, app.locale, seed=5)
    s.save(saves_dir() / "Club night Anna and the long name of the evening.json")
    click_button(app, app.t("menu.load"))
    frame(app, n=4)  # the rows are read, one a frame
    shown = [r.shown for r in app.texts]
    assert any("Club night" in t for t in shown)
    assert any("0\u00a0:\u00a00" in t for t in shown), shown
    assert not any(t.rstrip().endswith(" :") or t.strip() == "0" for t in shown)
    for label in (app.t("evening.rename"), app.t("evening.delete")):
        b = next(b for b in app.buttons if b.label == label)
        words = next(r for r in app.texts if r.text == label)
        assert b.rect.height > words.rect.height + 12, "the button is a row's height"
        assert abs(words.rect.centery - b.rect.centery) <= 3, \
            f"{label!r} at {words.rect} in {b.rect}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_match_in_numbers_names_each_player_whole(lang: str) -> None:
    """A match conceded to the computer: the game-over card's table heads
    its column with the computer's whole name on two lines at most, or its
    short words where it would take more (it was cut to "Computer…"); no
    figure's label is cut either."""
    from simulator.app.match.session import Session
    from simulator.app.match.turns import next_step
    from tests.app.helpers import click_button, make_app
    app = make_app(lang)
    try:
        app.session = s = Session.new(["Anna", "cpu:club"], "8-ball", {"race_to": 1},
                                      app.locale, seed=5)
        next_step(app)
        frame(app)
        key(app, pygame.K_ESCAPE)
        click_button(app, app.t("concede.match_yes"))
        click_button(app, app.t("concede.match_yes"))
        frame(app, n=3)
        assert app.dialogs and s.over
        name = s.name(1)
        shown = [r.shown for r in app.texts]
        start = shown.index("Anna", shown.index(app.t("stats.title")))
        head = "".join(t for t in shown[start + 1:start + 12]
                       if t and not t.isdigit())
        assert "…" not in head
        # whole, over at most two lines; or, where it would take more, by
        # the seat's short words ("Club"), never cut
        from simulator.app.match.computer import short_seat_words
        short = short_seat_words(s.locale, "cpu:club")
        assert (name.replace(" ", "") in head.replace("-", "").replace(" ", "")
                or head.startswith(short)), head
        assert len(app.dialogs[-1]._heads) <= 2  # type: ignore[attr-defined]
        fouls = app.t("evening.stat_fouls")
        labels = [r for r in app.texts if r.text == fouls or f" {fouls}" in r.text]
        assert labels and all("…" not in r.shown for r in labels)
        from tests.app.stats_card import stats_card_problems
        assert not stats_card_problems(app), stats_card_problems(app)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_quiz_answers_all_begin_with_a_capital(lang: str) -> None:
    """The quiz on an 8-ball foul, answered through to the end with the
    keyboard: every answer button of every question begins with a capital
    ("cue ball as it lies" stood among "Yes, a foul" and "Player 2")."""
    from simulator.app.screens.quiz import QuizMode
    from tests.app.helpers import button_labels, make_app, quiz_ready, run_until
    from tests.app.test_practice_quiz import _quiz_on
    app = make_app(lang)
    try:
        app.go("menu")
        frame(app)
        mode = _quiz_on(app, "8ball-eight-first-with-group")
        assert isinstance(mode, QuizMode)
        run_until(app, lambda: mode.phase == "asking", limit=1500)
        quiz_ready(app)  # answers are taken once the stroke is seen to its end
        seen = 0
        for _ in mode.questions:
            frame(app)
            q = mode.question
            labels = [b.label for b in app.buttons if b.ident.startswith("answer")] \
                or [lb for lb in button_labels(app) if lb and lb[0].isalpha()]
            for c in q.choices:
                from simulator.app.screens.quiz import answer_label
                words = answer_label(app, q, c, mode.session.names)
                assert words in labels, (words, labels)
                assert words[0].isupper(), f"{q.kind}: {words!r}"
                seen += 1
            key(app, pygame.K_1)
            key(app, pygame.K_RETURN)
        assert seen >= 8
    finally:
        pygame.display.quit()
