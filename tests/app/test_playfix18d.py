"""Play-test 20 on the match in numbers, the foul gallery and the records:
the statistics' labels on one line and its players named as on the
scoreboard, read row by row; the gallery's keys big enough to read; a
player without a place said in words."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from simulator.app.dialogs.card_reader import CardReader
from simulator.app.loop.app import App
from simulator.app.text.ui import TextRecord
from tests.app.helpers import concede_at_turn, frame, key, make_app, move, open_gallery
from tests.app.test_playfix17f import match_of

LOW = (800, 500)
LANGS = ["en", "ru"]


def seen_scrolling(app: App, box: pygame.Rect) -> list[TextRecord]:
    """The texts drawn in ``box`` as the wheel scrolls it to its end."""
    move(app, box.center)
    seen: list[TextRecord] = []
    for _ in range(12):
        seen += [t for t in app.texts if box.contains(t.rect)]
        frame(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                      precise_x=0.0, precise_y=-1.0))
    return seen


# -- 1. the match in numbers at 800x500 ----------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", ["Анна Каренина", "Анна"])
def test_the_statistics_keep_each_label_on_a_line_and_the_scoreboard_names(
        lang: str, name: str) -> None:
    """At 800x500 a player concedes the match against the computer: each
    row's label is drawn whole on one line («побед за столом» had broken in
    two), nothing in the table is cut to «…», and its columns are headed
    by the names the scoreboard shows («Компьютер (клубный)», not
    «Клубный»). V reads it row by row, each figure by its player's name:
    «Фолы: Анна 1, Компьютер (клубный) 0», not «фолы: 1 · 0»."""
    app = make_app(lang, LOW)
    try:
        s = match_of(app, name)
        concede_at_turn(app, "match")
        d = app.dialogs[-1]
        assert d.kind == "gameover"
        from tests.app.stats_card import stats_card_problems
        assert not stats_card_problems(app), stats_card_problems(app)
        card = seen_scrolling(app, d.rect)
        shown = [t.shown for t in card]
        labels = [r[0] for r in d.table[1:]]
        legend = d._legend  # type: ignore[attr-defined]
        if legend:  # a row per player under short headings: each said in full
            abbr = d.abbr  # type: ignore[attr-defined]
            for a, label in zip(abbr, labels, strict=True):
                item = app.t("evening.stat_legend_item", abbr=a, label=label)
                assert any(item in ln for ln in shown), (item, shown)
                assert a in shown, (a, shown)  # its column's heading
        else:
            for label in labels:
                assert label in shown, (label, shown)
            assert not [ln for ln in shown if any(ln != lb and ln and lb.startswith(ln)
                                                  for lb in labels)], shown
        assert not [t.shown for t in card if t.cut or "…" in t.shown], shown
        for i in range(2):  # as on the scoreboard, which shows them whole
            assert s.name(i) in shown, (s.name(i), shown)
            assert s.name(i) in [t.shown for t in app.texts if not
                                 d.rect.contains(t.rect)]
        # V reads what the card cuts; the card widened for the names on one
        # row may now show it whole (then V has nothing more to read).
        if d.cut:
            key(app, pygame.K_v)
            frame(app)
            r = app.dialogs[-1]
            assert isinstance(r, CardReader)
            read = list(r.banner.lines)
        else:
            read = d._table_read()  # type: ignore[attr-defined]
        stats = s.stats()
        fouls = next(ln for ln in read if ln.startswith(
            app.t("evening.stat_fouls").capitalize() + ":"))
        assert fouls == f"{app.t('evening.stat_fouls').capitalize()}: " \
            f"{s.name(0)} {stats[0].fouls}, {s.name(1)} {stats[1].fouls}", read
        for label in labels:
            row = next(ln for ln in read if ln.startswith(label.capitalize() + ":"))
            assert all(s.name(i) in row for i in range(2)), row
            assert "·" not in row, row
    finally:
        pygame.display.quit()


# -- 3. a knockout's players still in: the span and what it means -------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [(1280, 720), LOW])
def test_the_evening_standings_say_what_the_span_of_those_still_in_means(
        lang: str, size: tuple[int, int]) -> None:
    """After the first semi-final the window's standings show «1–2» for its
    winner and «1–4» for the other semi's players, and under the table the
    same words as the command line and the printable page: what the span means."""
    from simulator.records.standings import place_note
    from tests.app.test_playfix17f import knockout_evening
    app = knockout_evening(lang, size, 1)
    try:
        mode: Any = app.mode
        note = place_note(lang, mode.evening.standings())
        assert note.startswith("1–2, 1–4: ")
        drawn = " ".join(t.shown for t in app.texts if not t.cut)
        assert note in drawn, drawn
    finally:
        pygame.display.quit()


# -- 2. the foul gallery's keys and words --------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), LOW], ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_gallery_keys_are_read_at_one_size_and_its_words_fit_with_room(
        lang: str, size: tuple[int, int]) -> None:
    """The 8 off the table stopped at the loss: every button's key is drawn
    at the size of the others («Пробел» and «O» were 9 px at 800x500 beside
    10 px keys), 10 px at least; the explanation ends with room to spare
    above the buttons (1 px in Russian at 800x500); after O «Фол: дальше»
    is one line with its key beside it (it took two)."""
    app = make_app(lang, size)
    try:
        g = open_gallery(app, "gallery-eight-off-table", to_foul=True)
        caps = [t for b in g.side_btns for t in app.texts
                if b.rect.contains(t.rect) and t.text == b.key]
        assert len(caps) == len(g.side_btns), [b.label for b in g.side_btns]
        assert len({t.size for t in caps}) == 1 and caps[0].size >= 10, \
            [(t.text, t.size) for t in caps]
        body = [t for t in app.texts if g.body_rect.contains(t.rect) and t.text]
        assert not g.body_hidden
        spare = g.body_rect.bottom - max(t.rect.bottom for t in body)
        assert spare >= 8, spare
        key(app, pygame.K_o)
        frame(app, n=2)
        b = next(b for b in g.side_btns if b.label == app.t("gallery.play_on"))
        said = [t for t in app.texts if b.rect.contains(t.rect)]
        words = [t for t in said if t.text == b.label]  # the label on one line
        cap = next(t for t in said if t.text == b.key)
        assert len(words) == 1 and not words[0].cut, [t.text for t in said]
        assert words[0].rect.top <= cap.rect.centery <= words[0].rect.bottom, said
        assert cap.size == caps[0].size
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_computer_named_short_in_the_statistics_is_the_scoreboard_s_name_cut(
        lang: str) -> None:
    """Where a computer's whole name has no room over the numbers, the
    short head is the start of what the scoreboard says («Компьютер» of
    «Компьютер (профессионал)», «Компьютер 2» of «Компьютер 2 (сильный)»),
    not its level alone («Профи»), a name the scoreboard never shows."""
    from simulator.app.match.session import Session
    from simulator.app.match.stats import stats_head_short
    app = make_app(lang, LOW)
    try:
        s = Session.new(["cpu:pro", "cpu:strong", "cpu:strong 2"], "express", {},
                        app.locale, seed=4)
        short = stats_head_short(app, s)[1:]
        for i, head in enumerate(short):
            assert s.name(i).startswith(head), (s.name(i), head)
            assert head == s.name(i).split(" (")[0], (s.name(i), head)
        assert len(set(short)) == 3, short
    finally:
        pygame.display.quit()
