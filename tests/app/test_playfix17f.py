"""Play-test 19: the club evening's winner as its heading and every rank in
its standings; the match-in-numbers table's names on one line; the Express
scoreboard's numbers said with their words; the foul gallery alike at every
size; Russian past tenses after a player's name."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from tests.app.helpers import frame, make_app, open_gallery

SIZES = [(1280, 720), (800, 500)]
LANGS = ["en", "ru"]


# -- 3. the Express scoreboard -------------------------------------------------------
def express_at_table(app: App) -> None:
    """Anna, Boris and Vera at an Express table, Anna out (SEED-E 2.5)."""
    from rules.express import Status
    from rules.referee import Match
    from simulator.app.match.session import Session
    names = ["Анна", "Борис", "Вера"] if app.locale.lang == "ru" else \
        ["Anna", "Boris", "Vera"]
    m = Match(names, "express", {}, seed=1)
    st = replace(m.state, status=(Status.OUT, Status.ACTIVE, Status.ACTIVE),
                 scores=(0, 30, 1), chips=(97, 99, 99))
    m = Match.from_state(names, "express", st, {}, seed=1)
    app.session = Session(m, app.locale)
    app.go("match")
    frame(app, n=3)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_express_scoreboard_says_what_its_numbers_count(
        lang: str, size: tuple[int, int]) -> None:
    """Each card's big number has its word under it ("30 points"), the
    bank its chips; all inside the scoreboard, none cut."""
    app = make_app(lang, size)
    express_at_table(app)
    board = pygame.Rect(0, 0, size[0], app.layout.table.top)
    texts = [t for t in app.texts if board.contains(t.rect)]
    words = [t.text for t in texts]
    for n in (0, 30, 1):
        unit = app.t("score.points_unit", n=n)
        num = next(t for t in texts if t.text == str(n) and t.size >= 14)
        under = [t for t in texts if t.text == unit and t.rect.top >= num.rect.centery
                 and abs(t.rect.right - num.rect.right) <= 2]
        assert under, (n, unit, words)
    assert app.t("score.bank", n=3) in words, words
    assert not [t.text for t in texts if t.cut], words
    # Anna's card: out, in words that suit her («вне игры», not «выбыл»).
    assert any(w.startswith(app.t("value.out") + " · ") for w in words), words
    pygame.display.quit()


# -- 5. Russian past tenses after a name ---------------------------------------------
RU = Path(__file__).resolve().parents[2] / "assets" / "locale" / "ru"
# A placeholder that a player's name fills, and a word in a masculine past
# tense (or short participle) right after it: «{name} выбыл» read «Анна выбыл».
PERSON = r"\{(?:name|player|winner|loser|person|who|other|names)\}"
PAST = r"[А-Яа-яЁё]+(?:ил|ал|ыл|ел|ял|ёл|ол|ён)"
AFTER_NAME = re.compile(PERSON + r"[ ,]*(?:уже |не |ещё )?(" + PAST + r")\b")


def ru_strings() -> list[tuple[str, str]]:
    """Every Russian string of the catalogues, by its key."""
    out: list[tuple[str, str]] = []

    def walk(value: object, key: str) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, f"{key}.{k}" if key else k)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, f"{key}[{i}]")
        elif isinstance(value, str):
            out.append((key, value))

    for path in sorted(RU.glob("*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")), path.stem)
    return out


def test_no_russian_string_puts_a_masculine_past_tense_after_a_name() -> None:
    """«Анна выбыл»: a verb after a player's name must suit any name, so it
    is in the present («выбывает») or a noun form; and the status words a
    card shows beside a name («вне игры») likewise."""
    found = [(k, v) for k, v in ru_strings() if AFTER_NAME.search(v)]
    assert not found, found
    # The scanner itself: it finds what it is for.
    assert AFTER_NAME.search("{name} выбыл") and AFTER_NAME.search("{player} забил шар")
    assert not AFTER_NAME.search("{name} выбывает")
    status = [(k, v) for k, v in ru_strings()
              if re.search(r"(?:^|\.)(?:value\.(?:active|waiting|out)|status_\w+|"
                           r"status\.\w+)$", k)]
    assert len(status) >= 6, status
    past = [(k, v) for k, v in status if re.match(PAST + r"\b", v)]
    assert not past, past


# -- 4. the foul gallery alike at every size ----------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_foul_gallery_shows_its_speed_and_keys_at_every_size(
        lang: str, size: tuple[int, int]) -> None:
    """A foul of the gallery opened from the menu, watched to its foul:
    before and at the foul, the side says the speed (1/4) and every button
    shows its key (at 1280x720, stopped at the foul, both were gone)."""
    import pygame as pg

    from simulator.app.screens.gallery import GalleryListMode, GalleryPlayMode
    from tests.app.helpers import click_button, gallery_index, key, run_until
    app = make_app(lang, size)
    app.go("menu")
    frame(app)
    click_button(app, app.t("menu.foul_gallery"))
    assert isinstance(app.mode, GalleryListMode)
    app.switch(GalleryListMode(app, gallery_index("gallery-miscue-on-jump")))
    frame(app)
    key(app, pg.K_RETURN)
    g = app.mode
    assert isinstance(g, GalleryPlayMode), g
    for moment in ("before", "at the foul"):
        if moment != "before":
            run_until(app, lambda: g.at_foul, limit=6000)
        frame(app, n=2)
        side = [t.text for t in app.texts if g.layout.side.contains(t.rect)]
        assert any("1/4" in t for t in side), (moment, side)
        for b in g.side_btns:
            cap = getattr(b, "cap", b.key)
            assert cap and b.key == cap, (moment, b.label)
            caps = [t for t in app.texts if t.text == cap and b.rect.contains(t.rect)]
            assert caps, (moment, b.label, cap)
        assert not [t.text for t in app.texts if g.layout.side.contains(t.rect)
                    and t.cut], moment
    pygame.display.quit()



@pytest.mark.parametrize("lang", LANGS)
def test_the_gallery_at_800x500_keeps_keys_beside_words_and_the_speed_on_one_line(
        lang: str) -> None:
    """The 8 off the table at 800x500, stopped at the loss, then exported:
    the speed is said on the explanation's first line, one line (the loss is
    said by the next one); every button shows its key, none taller than two
    lines; in Russian «Фол: стоп» and "Ещё экспорт" are one line each,
    their keys beside them, smaller than the words (the speed line, these buttons
    and "Экспорт снова" each took a line from the explanation, cut at
    800x500)."""
    import pygame as pg

    from simulator.app.dialogs.export import tell_saved
    from simulator.app.text import ui
    from tests.app.helpers import key
    app = make_app(lang, (800, 500))
    try:
        g = open_gallery(app, "gallery-eight-off-table", to_foul=True)
        first = g.side_body.splitlines()[0]
        assert "1/4" in first and first in [t.text for t in app.texts], first
        tell_saved(app, Path("/tmp/clips/gallery-eight-off-table.mp4"), of=g.entry.id)
        key(app, pg.K_t)
        frame(app, n=2)
        lh = ui.line_height(g.side_btns[0].size)
        for b in g.side_btns:  # every key drawn, no button over two lines tall
            assert [t for t in app.texts if b.rect.contains(t.rect) and t.text == b.key]
            assert b.rect.height <= 2 * lh + 10, (b.label, b.rect)
        for name in ("gallery.stop_at_foul", "gallery.export_again") * (lang == "ru"):
            b = next(b for b in g.side_btns if b.label == app.t(name))
            said = [t for t in app.texts if b.rect.contains(t.rect)]
            cap = next(t for t in said if t.text == b.key)
            words = next(t for t in said if t.text == b.label)  # one line
            assert words.rect.top <= cap.rect.centery <= words.rect.bottom, said
            assert 9 <= cap.size < b.size and b.rect.height < 2 * lh, said
        assert not g.body_hidden
    finally:
        pygame.display.quit()


# -- 1. the club evening: its winner the heading, every rank shown -----------------
def knockout_evening(lang: str, size: tuple[int, int], played: int) -> App:
    """A knockout of four people (begun if need be) with ``played`` of its
    matches decided, each by its first seat; the evening's screen opened
    from the menu."""
    from simulator.records.formats import SINGLE
    from tests.app.helpers import click_button
    from tests.records.helpers import club_evening, people
    club_evening(people("Анна Каренина", "Борис", "Вера", "Глеб"), SINGLE, played)
    app = make_app(lang, size)
    app.go("menu")
    frame(app)
    if played < 3:
        click_button(app, app.t("club.menu_continue"))
    else:  # over: the evening's page shows the last one until another begins
        app.go("evening")
    frame(app, n=2)
    assert app.mode is not None and app.mode.name == "evening"
    return app


def ranks(app: App) -> dict[str, str]:
    """The standings as drawn: each name's rank cell."""
    from tests.app.helpers import card_rows
    rows = [r for r in card_rows(app, 0) if len(r) >= 6 and r[2].isdigit()]
    return {r[1]: r[0] for r in rows}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_every_rank_is_shown_while_the_knockout_is_played(
        lang: str, size: tuple[int, int]) -> None:
    """After the first semi-final its winner shows 1–2 and the other semi's
    players 1–4 (they were blank); its loser shares 3–4 at once (it was «4»
    alone); at the end the two losing semi-finalists share 3–4."""
    app = knockout_evening(lang, size, 1)
    shown = ranks(app)
    assert sorted(shown.values()) == ["1–2", "1–4", "1–4", "3–4"], shown
    pygame.display.quit()
    app = knockout_evening(lang, size, 3)
    shown = ranks(app)
    assert sorted(shown.values()) == ["1", "2", "3–4", "3–4"], shown
    assert not [t.text for t in app.texts if t.cut and t.text in shown], shown
    pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_evenings_winner_is_its_heading(lang: str, size: tuple[int, int]) -> None:
    """The evening over: its winner named in the screen's heading, the
    largest words on it and whole (a small line under the format before),
    the standings below it."""
    from simulator.records.club import Club
    app = knockout_evening(lang, size, 3)
    ev = Club().archived()[-1]
    champion = ev.champion()
    assert champion is not None
    heading = app.t("club.champion", name=ev.name(champion))
    big = max(app.texts, key=lambda t: t.size)
    assert big.text == heading and not big.cut, (big.text, heading)
    assert big.size >= 2 * min(t.size for t in app.texts), big.size
    table = next(r for name, r in app.panels if name == "card")
    assert big.rect.bottom <= table.top
    pygame.display.quit()


# -- 2. the match in numbers: a name on one line over its column -------------------
def match_of(app: App, name: str) -> Session:
    """``name`` (breaking) against the computer's club player, 9-ball, race
    to 3, opened on the table."""
    from simulator.app.match.session import Session
    s = Session.new([name, "cpu:club"], "9-ball", {"race_to": 3, "first_breaker": 0},
                    app.locale, seed=4)
    app.session = s
    app.go("match")
    frame(app)
    return s


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_match_statistics_head_each_column_with_a_name_on_one_line(
        lang: str, size: tuple[int, int]) -> None:
    """Anna Karenina concedes her match against a computer: the numbers'
    header names each player on one line (in full where it fits, else
    «Анна К.»), never «Анна» over «Каренина», each name right above its
    column's numbers (a name a line where side by side they leave no room)."""
    from tests.app.helpers import concede_at_turn
    first, last = ("Анна", "Каренина") if lang == "ru" else ("Anna", "Karenina")
    app = make_app(lang, size)
    app.session = match_of(app, f"{first} {last}")
    concede_at_turn(app, "match")
    texts = list(app.texts)
    from tests.app.stats_card import stats_card_problems
    assert not stats_card_problems(app), stats_card_problems(app)
    d: Any = app.dialogs[-1]
    if d._legend:  # a row per player: her name on a line of its own
        said = [t for t in texts if t.text in d._names and d.rect.contains(t.rect)]
        assert said and said[0].text in (f"{first} {last}", f"{first} {last[0]}."), \
            [t.text for t in said]
        assert not [t for t in said if t.cut], said
        if size == (1280, 720):  # room for it whole
            assert said[0].text == f"{first} {last}", said
        # Each heading's right edge is its column's: the figures' under it.
        heads = sorted((t for t in texts if t.text in d.abbr and
                        d.rect.contains(t.rect)), key=lambda t: t.rect.left)
        row = min(t.rect.top for t in texts if t.text.isdigit() and
                  t.rect.top > said[0].rect.top and d.rect.contains(t.rect))
        under = sorted((t for t in texts if t.text.isdigit() and t.rect.top == row),
                       key=lambda t: t.rect.left)
        assert len(heads) == len(under) == len(d.abbr), (heads, under)
        for h, cell in zip(heads, under, strict=True):
            assert abs(h.rect.right - cell.rect.right) <= 2, (h.text, h.rect, cell.rect)
        pygame.display.quit()
        return
    title = next(t for t in texts if t.text == app.t("stats.title"))
    label = next(t for t in texts if t.text.startswith(
        app.t("evening.stat_games").split()[0]) and t.rect.top > title.rect.top)
    head = [t for t in texts if title.rect.bottom <= t.rect.top < label.rect.top
            and t.rect.left > title.rect.left + 20 and d.rect.contains(t.rect)]
    assert len({t.rect.top for t in head}) == len(head) or \
        len({t.rect.top for t in head}) == 1, [(t.text, t.rect) for t in head]
    names = [t.text for t in sorted(head, key=lambda t: t.rect.right)]
    assert names[0] in (f"{first} {last}", f"{first} {last[0]}."), names
    assert not [t.text for t in head if t.cut], names
    if size == (1280, 720) and lang == "en":  # room for it (in Russian
        # «отыгрыши» and two full names want a few pixels more than there are)
        assert names[0] == f"{first} {last}", names
    # Each name's right edge is its column's: the numbers' under it.
    row = sorted((t for t in texts if t.rect.top == label.rect.top and t is not label),
                 key=lambda t: t.rect.left)
    assert len(row) == 2, [t.text for t in row]
    for h, cell in zip(sorted(head, key=lambda t: t.rect.right), row, strict=True):
        assert abs(h.rect.right - cell.rect.right) <= 2, (h.text, h.rect, cell.rect)
    pygame.display.quit()
