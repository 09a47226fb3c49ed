"""Play-test 17: the ruling cards and replays say why and read whole."""

from __future__ import annotations

import itertools

import pygame
import pytest

from rules.questions import facts
from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from tests.app.helpers import (
    computers_choice_after_a_soft_break,
    drawn_words,
    frame,
    key,
    make_app,
    run_until,
    to_the_break,
)
from tests.app.scenes import LANGS, SIZES


def soft_break(app: App, game: str, power: float) -> Session:
    """Anna breaks softly against Boris; the frame then shows the ruling."""
    opts: dict[str, object] = {"target": 5} if game == "14.1" else {"race_to": 1}
    s = to_the_break(app, ["Anna", "Boris"], game, opts)
    s.aim = s.aim.with_power(power)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: app.mode.name not in ("playing", "aiming"), limit=6000)
    frame(app, n=30)
    return s


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_an_illegal_break_says_how_many_balls_reached_a_rail(
        lang: str, size: tuple[int, int]) -> None:
    """8-ball 5: a soft break that drives two object balls to a cushion and
    pockets none: the card says so against the four the rule needs, and
    every line of it is whole."""
    app = make_app(lang, size)
    s = soft_break(app, "8-ball", 0.3)
    shot, ruling = s.shots[-1]
    assert [f.code.id for f in ruling.fouls] == ["foul.illegal_break"]
    n = len(facts(shot).cushion_balls)
    assert n == 2 and not facts(shot).potted_objects
    said = {"en": "Foul: illegal break (8-ball rule 5) 2 object balls reached a "
                  "rail, 4 are needed, none pocketed",
            "ru": "Фол: неправильное разбитие («Восьмёрка», п. 5) 2 прицельных "
                  "шара дошли до борта, нужно 4, ни один шар не забит"}[lang]
    assert said in drawn_words(app, folded=True), drawn_words(app, folded=True)
    assert not [t.text for t in app.texts if t.cut]
    pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_a_14_1_illegal_break_names_the_cue_ball_too(
        lang: str, size: tuple[int, int]) -> None:
    """14.1 6: two object balls and the cue ball must reach a cushion (or
    the called ball drop); with two there but not the cue ball the card says
    the cue ball did not, and what the rule needs, both its ways said whole
    («нужно 2 и биток» read as a riddle): on the card where it has room, in
    the card V reads whole where it has not."""
    app = make_app(lang, size)
    s = soft_break(app, "14.1", 0.3)
    shot, _ruling = s.shots[-1]
    f = facts(shot)
    assert len(f.object_balls_to_rail()) == 2 and 0 not in f.rails_after_hit
    said = {"en": "2 object balls reached a rail, the cue ball did not; needed: "
                  "the called ball pocketed, or the cue ball and at least 2 "
                  "object balls to a rail",
            "ru": "2 прицельных шара дошли до борта, биток не дошёл; нужно "
                  "забить заказанный шар или довести до борта биток и хотя бы "
                  "2 прицельных шара"}[lang]
    assert s.banner is not None
    assert said in " ".join(" ".join(s.banner.all_lines).split())
    if size == (1280, 720) or lang == "en":
        assert said in drawn_words(app, folded=True), drawn_words(app, folded=True)
    pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_card_shows_each_line_whole_or_leaves_it_to_the_wheel(
        lang: str, size: tuple[int, int]) -> None:
    """8-ball: a legal break with two balls down. The card beside the next
    aim holds what fits: a line cut where the card ends stops at a clause's
    or a word's end with "…" (the card shows the rows it has room for, no
    blank rows over hidden text), never in a word ("Ball down on the br…");
    the rest is counted below."""
    from rules.ruling import Declarations
    from simulator.app.text.ui import ELLIPSIS
    from tests.rules.logs import Log
    app = make_app(lang, size)
    app.session = s = Session.new(["Anna", "Boris"], "8-ball", {"race_to": 2},
                                  app.locale, seed=5)
    next_step(app)
    frame(app)
    s.apply(Log(s.match.table()).stroke().hit(0, 1).rails([2, 3, 4]).pot(5)
            .pot(10).rest().shot(), Declarations())
    next_step(app)
    frame(app, n=3)
    assert app.mode is not None and app.mode.name == "aiming"
    legal = app.t("banner.legal", name="Anna")
    assert legal in [t.text for t in app.texts]
    for t in app.texts:
        if not (t.cut or t.shown.endswith(ELLIPSIS)):
            continue
        head = t.shown[:-len(ELLIPSIS)].rstrip()
        full = next((line for line in s.banner.lines if head and head in line), None) \
            if s.banner is not None else None
        assert full is not None, (t.shown, s.banner)
        after = full[full.index(head) + len(head):][:1]
        assert after in (" ", ",", ":", ";", "\xa0", ""), (t.shown, full)
    pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_express_other_calls_read_whole_with_one_form_of_rule_number(
        lang: str, size: tuple[int, int]) -> None:
    """Express, F: the button to the referee's other calls ends where its
    words end (its "…" read as words cut off) and cites pyramid rules 2.10
    and 2.12 in one form («правила пирамиды, пп. 2.10, 2.12», not
    «2.10, п. 2.12»)."""
    from simulator.app.text.ui import ELLIPSIS
    app = make_app(lang, size)
    app.session = Session.new(["Аня", "Борис", "Вера"], "express", {}, app.locale,
                              seed=5)
    next_step(app)
    frame(app)
    key(app, pygame.K_f)
    frame(app, n=3)
    assert app.dialogs and app.dialogs[-1].kind == "fouls"
    cut = [t.shown for t in app.texts if t.cut or t.shown.endswith(ELLIPSIS)]
    assert not cut, cut
    text = drawn_words(app, folded=True)
    # (as drawn_words() reads it: the no-break space of «пп. 2.10» a space)
    listed = " ".join(app.t("ref_list.pyramid", rules="2.10, 2.12").split())
    each = {"en": "(pyramid rule 2.10), outside interference (pyramid rule 2.12)",
            "ru": "(правила пирамиды, п. 2.10), постороннее вмешательство "
                  "(правила пирамиды, п. 2.12)"}[lang]
    assert listed in text or each in text, text
    assert "2.10, rule 2.12" not in text and "2.10, п. 2.12" not in text
    assert "пирамиды, 2.10" not in text, text
    pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_replay_of_a_computers_shot_is_titled_naturally(
        lang: str, size: tuple[int, int]) -> None:
    """R after the computer's break: the replay's title names the seat as
    the side column does ("Replay: Computer (club player)"), never "Replay
    of Computer (club player)'s shot"; the shot's number is under it."""
    app = make_app(lang, size)
    from rules.ruling import Declarations
    from tests.rules.logs import Log
    app.session = s = Session.new(["cpu:club", "Anna"], "8-ball", {"race_to": 1},
                                  app.locale, seed=5)
    # The computer's break as its log: four balls to a cushion, none down.
    s.apply(Log(s.match.table()).stroke().hit(0, 1).rails([2, 3, 4, 5]).rest()
            .shot(), Declarations())
    next_step(app)
    frame(app)
    run_until(app, lambda: app.mode is not None and app.mode.name in (
        "placing", "aiming") and not app.dialogs, limit=4000)
    assert s.shots[-1][1].shooter == 0
    key(app, pygame.K_r)
    frame(app, n=3)
    assert app.mode is not None and app.mode.name == "replay"
    seat = {"en": "Computer (club player)", "ru": "Компьютер (клубный)"}[lang]
    title = {"en": f"Replay: {seat}", "ru": f"Повтор: {seat}"}[lang]
    words = drawn_words(app, folded=True)
    assert title in words, words
    assert app.t("replay.which", k=len(s.shots), n=len(s.shots)) in words
    pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_a_computers_choice_card_has_no_blank_row(
        lang: str, size: tuple[int, int]) -> None:
    """14.1 6: after Anna's soft break the computer chooses; its card stays
    while she places the cue ball. Where the options it weighed do not fit,
    their heading is not left alone over an empty row: the card's rows follow
    one another, and the heading, if shown, has an option under it."""
    app = make_app(lang, size)
    s = computers_choice_after_a_soft_break(app)
    frame(app, n=30)
    key(app, pygame.K_SPACE)  # Anna has read her foul: the computer chooses
    mode = app.mode
    run_until(app, lambda: app.mode is not mode, limit=6000)
    frame(app, n=3)
    card = app.mode.banner_rect  # type: ignore[union-attr]
    assert card is not None and s.banner is not None
    assert s.banner.title.startswith(app.t("cpu.chooses", name=s.name(1),
                                           choice="")[:8])
    fold = next(b.rect for b in app.buttons if b.ident == "fold")
    rows = sorted((t for t in app.texts if card.contains(t.rect) and
                   t.rect.bottom <= fold.top), key=lambda t: t.rect.top)
    assert rows
    for a, b in itertools.pairwise(rows):
        assert b.rect.top - a.rect.bottom <= 6, (a.text, b.text)
    heading = app.t("cpu.weighed", name=s.name(1))
    texts = [t.text for t in rows]
    if heading in texts:
        after = texts[texts.index(heading) + 1:]
        assert after and after[0].startswith(("» ", "· ")), texts
    pygame.display.quit()
