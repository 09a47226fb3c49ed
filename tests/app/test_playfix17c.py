"""Play-test 17c: the power a short pull strikes with, the pull's scale off
the balls, the stick in a stepped replay, the ruling card's "N more" count,
and the quiz's titles."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.playing import PlayMode
from simulator.app.screens.shot_input import SHORT_PULL_PX
from simulator.app.table.aim import MAX_SPEED, Aim
from tests.app.helpers import (
    card_notes,
    click,
    frame,
    key,
    make_app,
    move,
    quiz_on,
    scenario_match,
)
from tests.app.test_pull_back import (
    aiming_app,
    behind,
    metres_of,
    power_line,
    press,
    pull,
)
from tests.app.test_quiz41_reveals import remembered_scans


def struck_speed(app: App) -> float:
    mode = app.mode
    assert isinstance(mode, PlayMode), mode
    return mode.stroke.speed


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("ru", (800, 500))])
def test_a_short_pull_plays_nothing_and_says_so_before_the_release(
        lang: str, size: tuple[int, int]) -> None:
    """A short pull played the power set before, unseen (a player pulled a
    little for a soft stroke and got a hard one): its release plays nothing,
    said while it is held (the scale by the cue) and after (pull further)."""
    app = aiming_app(lang, size)
    s = app.session
    assert s is not None
    for _ in range(20):
        key(app, pygame.K_UP)
    frame(app)
    set_power = s.aim.power
    shown = power_line(app)
    assert set_power > 0.6
    end = pull(app, SHORT_PULL_PX - 6)
    # While the short pull is held the power set stays, and the scale by
    # the cue says a release there plays nothing.
    assert power_line(app) == shown
    drawn = {t.text for t in app.texts}
    assert app.t("pull.short", px=SHORT_PULL_PX) in drawn
    assert app.t("pull.short_none") in drawn
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=end))
    frame(app)
    assert app.mode is not None and app.mode.name == "aiming"
    assert not s.match.history and s.aim.power == set_power
    assert app.toast is not None and \
        app.toast[0] == app.t("pull.too_short", px=SHORT_PULL_PX)
    # Space then strikes at the power set, as the words say.
    frame(app, n=30)
    key(app, pygame.K_SPACE)
    assert struck_speed(app) == Aim(power=set_power).stroke().speed
    pygame.display.quit()


def test_a_pull_eased_back_under_a_short_one_plays_what_it_shows() -> None:
    """Pulled past a short pull, then eased back nearer the ball: the
    power shown follows the hand, and the release plays that power (it
    played the power set before the pull)."""
    app = aiming_app("en")
    s = app.session
    assert s is not None
    bar = app.mode.scene.panel.power  # type: ignore[union-attr]
    click(app, (bar.left + int(bar.width * 0.8), bar.centery))
    set_power = s.aim.power
    assert set_power > 0.7
    pull(app, 3 * SHORT_PULL_PX)
    end = behind(app, 0.05 + metres_of(app, SHORT_PULL_PX - 4))
    move(app, end, held=True)
    eased = s.aim.power
    assert 0.0 < eased < 0.2
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=end))
    assert struck_speed(app) == Aim(power=eased).stroke().speed
    pygame.display.quit()


def test_a_long_pull_strikes_at_the_power_it_showed() -> None:
    app = aiming_app("en")
    s = app.session
    assert s is not None
    for _ in range(20):
        key(app, pygame.K_UP)
    end = pull(app, 4 * SHORT_PULL_PX)
    shown_power = s.aim.power
    shown = power_line(app)
    assert shown_power < 0.5  # the pull's own power, not the keys'
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=end))
    assert struck_speed(app) == Aim(power=shown_power).stroke().speed
    assert app.t("panel.power") in shown
    pygame.display.quit()


def pull_scale_rects(app: App) -> list[pygame.Rect]:
    """Where the lines of the pull's scale are drawn this frame."""
    from simulator.app.text import ui
    mode = app.mode
    assert mode is not None and app.mouse is not None
    full = mode.full_pull()  # type: ignore[attr-defined]
    pulled = max(0.0, min(full, mode.pulled_px(app.mouse)))  # type: ignore[attr-defined]
    scale = app.t("pull.scale", px=round(pulled), full=round(full),
                  max=app.locale.num(MAX_SPEED, 0))
    speed = app.t("evening.cue_ball_speed",
                  v=app.locale.num(mode.aim.speed, 1),  # type: ignore[attr-defined]
                  b=app.locale.num(mode.ball_speed(), 1))  # type: ignore[attr-defined]
    short = app.t("pull.short", px=SHORT_PULL_PX)
    none = app.t("pull.short_none")
    out = [t.rect for t in ui.FRAME.texts if t.text in (scale, short, speed, none)]
    assert len(out) == 2, [t.text for t in ui.FRAME.texts]
    return out


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("ru", (800, 500))])
def test_the_pull_scale_is_drawn_off_the_cloth(lang: str,
                                               size: tuple[int, int]) -> None:
    app = aiming_app(lang, size)
    view = app.mode.scene.view  # type: ignore[union-attr]
    bed = view.bed_rect()
    press(app, behind(app, 0.02))
    for k in (0.1, 0.2, 0.35, 0.5):
        move(app, behind(app, k), held=True)
        for r in pull_scale_rects(app):
            assert not r.colliderect(bed), (k, r, bed)
            assert app.screen.get_rect().contains(r)
    pygame.display.quit()


def test_stepping_the_contacts_shows_the_stick_at_the_strike_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """"." from contact to contact of a match's replay: the stick is drawn
    at the strike with its tip on the cue ball; at the contacts after it
    (the 1 met, a cushion) no stick: it lay where the cue ball had stood."""
    from simulator.app.replay import table_marks
    from simulator.app.replay.shotmarks import StickAt
    from simulator.app.screens.replay import ReplayMode
    from simulator.table.events import EventKind
    from tests.app.helpers import run_until
    app = make_app("en")
    drawn: list[StickAt] = []
    real = table_marks.draw_stick

    def spy(surface: pygame.Surface, view: object, at: StickAt,
            *balls: object) -> None:  # (the balls its angle mark keeps clear of)
        drawn.append(at)
        real(surface, view, at, *balls)  # type: ignore[arg-type]

    monkeypatch.setattr(table_marks, "draw_stick", spy)
    scenario_match(app, "8-ball", {0: (0.6, 0.7), 1: (1.4, 0.7), 2: (2.0, 1.0),
                                   9: (2.3, 0.3)})
    s = app.session
    assert s is not None
    s.aim = s.aim.with_power(0.6)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: app.mode is not None and app.mode.name != "playing")
    key(app, pygame.K_r)
    replay = app.mode
    assert isinstance(replay, ReplayMode)
    cue = replay.show.marks.cue
    kinds = []
    for _ in range(8):  # the line crossings are steps too (play-test 35)
        key(app, pygame.K_PERIOD)
        drawn.clear()
        frame(app)
        m = replay.show.selected
        assert m is not None
        kinds.append(m.kind)
        if m.kind is EventKind.STROKE:
            assert len(drawn) == 1
            assert (drawn[0].x, drawn[0].y) == pytest.approx(cue.origin, abs=1e-6)
        elif m.kind is not EventKind.LINE_CROSSED:
            # (a crossing before the first contact may show the follow-through)
            assert drawn == [], (m.kind, m.time)
    contacts = [k for k in kinds if k is not EventKind.LINE_CROSSED]
    assert contacts[:3] == [EventKind.STROKE, EventKind.BALL_BALL,
                            EventKind.BALL_CUSHION]
    pygame.display.quit()


WORDS = ["the", "cue", "ball", "touched", "the", "object", "ball", "after", "it",
         "had", "crossed", "the", "head", "string", "and", "so", "the", "referee",
         "calls", "a", "foul", "under", "the", "rule", "quoted"]


def long_card(k: int) -> tuple[str, ...]:
    """Lines of differing lengths, each named at its start."""
    return tuple(f"Line{i}: " + " ".join(WORDS[: 6 + (i * 7) % len(WORDS)])
                 for i in range(k))


def card_texts(app: App) -> list:  # type: ignore[type-arg]
    card = app.mode.banner_rect  # type: ignore[union-attr]
    assert card is not None
    return sorted((t for t in app.texts if card.contains(t.rect)),
                  key=lambda t: t.rect.top)


def more_count(app: App) -> int:
    """The N of the card's "N more" as drawn (0: none)."""
    shown = {t.shown for t in card_texts(app)}
    return next((n for n in range(1, 300) if card_notes(app, "ruling.more", n) & shown),
                0)


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("ru", (800, 500))])
def test_the_cards_more_counts_the_rows_it_hides(
        lang: str, size: tuple[int, int]) -> None:
    """"N more" on the card counts the rows V's reader then shows that the
    column did not, the column's lines it cut too (counted in the column's
    narrower rows, a break card said "6 more" and V showed 2); V shows them
    from the first line the card left below."""
    from simulator.app.dialogs.card_reader import CardReader
    from simulator.app.table.ruling_card import Banner
    from tests.app.test_card59_more import rows_v_adds
    app = make_app(lang, size)
    scenario_match(app, "8-ball", {0: (0.6, 0.7), 1: (1.4, 0.7)})
    s = app.session
    assert s is not None
    checked = 0
    for k in (4, 6, 8):
        s.banner = Banner("A foul", long_card(k), True)
        s.banner_scroll = 0
        frame(app, n=2)
        n = more_count(app)
        if not n:
            continue
        assert n == rows_v_adds(app), (k, n)
        on_card = " ".join(t.shown for t in card_texts(app))
        first_below = next(i for i in range(k) if f"Line{i}:" not in on_card)
        key(app, pygame.K_v)
        reader = app.dialogs[-1]
        assert isinstance(reader, CardReader)
        assert f"Line{first_below}:" in " ".join(t.shown for t in app.texts
                                               if reader.rect.contains(t.rect))
        key(app, pygame.K_v)
        checked += 1
    assert checked >= 2
    pygame.display.quit()


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("ru", (800, 500))])
def test_no_empty_row_stands_above_the_cards_more(
        lang: str, size: tuple[int, int]) -> None:
    """Whole lines on the card leave room at its foot: "N more" takes the
    row under the last line shown, not the fold row below an empty one.
    (Measured to the top of the row the note stands in: since wave 39 the
    card fills its rows with a cut line's words, leaving less than a row
    above the fold row, and the note centred in that taller row stood a
    few pixels lower with no row empty above it.)"""
    from simulator.app.table.ruling_card import Banner
    from simulator.app.text import ui
    app = make_app(lang, size)
    scenario_match(app, "8-ball", {0: (0.6, 0.7), 1: (1.4, 0.7)})
    s = app.session
    assert s is not None
    gaps = []
    for k in range(3, 11):
        s.banner = Banner("A foul", long_card(k), True)
        s.banner_scroll = 0
        frame(app, n=2)
        n = more_count(app)
        if not n:
            continue
        texts = card_texts(app)
        note = next(t for t in texts if t.shown in card_notes(app, "ruling.more", n))
        above = max(t.rect.bottom for t in texts if t.rect.bottom <= note.rect.top)
        gaps.append(note.box.top - above)
        lh = ui.line_height(texts[1].size)
        assert note.box.top - above < lh, (k, note.box, above)
    assert len(gaps) >= 3
    pygame.display.quit()


def significant(text: str) -> set[str]:
    """The words of ``text`` that carry its meaning: four letters or more
    (not "the", "of", "off", "a", "в"), lower case, "ё" as "е"."""
    import re
    return {w for w in re.findall(r"[^\W\d_]+", text.lower().replace("ё", "е"))
            if len(w) >= 4}


def foul_words(app: App, ruling: object) -> set[str]:
    """The words of the ruling's foul names, without what each is ("Foul:",
    "Loss:") and the points it costs."""
    from rules.main_foul import fouls_main_first
    from simulator.app.text.words import code_words
    out: set[str] = set()
    for f in fouls_main_first(ruling):  # type: ignore[arg-type]
        name = code_words(app.locale, f.code.id)
        out |= significant(name.partition(": ")[2] or name)
    return out


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_quiz_title_names_the_foul_before_it_is_answered(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every quiz situation: the heading shown while the stroke plays and
    while its first question waits has no word of the foul's name (the
    game's name aside): "8-ball: a push shot" answered "Foul: push shot"
    before it was watched. Once the questions are answered the situation's
    own title may say it."""
    from simulator.app.screens.quiz import quiz_ids
    from simulator.app.text.words import discipline_label
    remembered_scans(monkeypatch)
    app = make_app(lang)
    bad = []
    for sid in quiz_ids(None):
        mode = quiz_on(app, sid)
        frame(app)
        words = foul_words(app, mode.ruling)
        game = discipline_label(app.locale, mode.sc.discipline)
        seen = [mode.side_title]  # the stroke playing
        # (a long game's name wraps the heading over two lines)
        assert seen[0] in " ".join(t.text for t in app.texts)
        key(app, pygame.K_SPACE)  # to the first question
        frame(app)
        assert mode.phase == "asking"
        seen.append(mode.side_title)
        assert seen[1] in " ".join(t.text for t in app.texts)
        for title in seen:
            what = title.removeprefix(game)
            if significant(what) & words:
                bad.append((sid, title, sorted(significant(what) & words)))
    assert not bad, "\n".join(map(str, bad))
    pygame.display.quit()
