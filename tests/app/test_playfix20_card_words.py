"""What a twentieth play-test found in a real window: the match-end card
said "Ниже ещё 11 строк · V" where V showed 9 (the card counted the match
table's own wrapped rows, V says each row of it as one line «фолы: 0 · 0»),
with an empty row over that line at 800x500."""

from __future__ import annotations

import dataclasses
import re

import pygame
import pytest

from simulator.app.dialogs.base import Dialog
from simulator.app.dialogs.card_reader import CardReader
from simulator.app.dialogs.game_over import game_over_dialog
from tests.app.helpers import frame, key, make_app, watched_session
from tests.app.scenes import open_scene

LOW = (800, 500)
RULING = ("• Девятка забита правильным ударом: победа в партии («Девятка», п.\u00a04)",
          "• Победа во встрече (общие правила, п.\u00a029)")
# (the pocket's name unbroken, as the chips give it)
LAST_SHOT = ("Последний удар: первое касание: 9 · 2 касания бортов · шар 9 — в "
             "правой\u00a0нижней\u00a0угловой лузе")
RULING += (LAST_SHOT,)


def test_the_match_end_counts_the_lines_v_shows_and_no_empty_row_over_it() -> None:
    """Russian at 800x500, two computers, the last shot's line under the
    ruling (as in the play-test): the card shows every figure of the match
    in numbers (first, under its heading) and none of the ruling; "N more"
    is the rows V gives what is left (the blank and the ruling's lines:
    the legend the card cuts is said in V's rows of the table, shown), and
    the row over it is not an empty one."""
    app = open_scene("gameover", "9-ball", "ru", LOW,
                     players="cpu:beginner,cpu:club")
    try:
        s = app.session
        assert s is not None and s.banner is not None
        # (thrice: over the table's area the card shows it once whole)
        s.banner = dataclasses.replace(s.banner, lines=RULING * 3)
        app.pop_dialog()
        app.push_dialog(game_over_dialog(app))
        frame(app)
        d = app.dialogs[-1]
        assert isinstance(d, Dialog) and d.kind == "gameover"
        texts = sorted((t for t in app.texts if d.rect.contains(t.rect)
                        and t.shown), key=lambda t: t.rect.top)
        # (the one note of a card cut short: "ещё N строк: V")
        marker = next(t for t in texts
                      if re.fullmatch(r"ещё \d+ строк\w*: V", t.shown))
        m = re.search(r"\d+", marker.shown)
        assert m is not None
        said = int(m.group())
        above = [t for t in texts if t.rect.top < marker.rect.top
                 and t.rect.top > d.rect.top + 60]
        # (a figure: a count, pots of attempts "0/0", or "—" for no per cent)
        figures = [t for t in above if re.fullmatch(r"[\d/]+|—", t.shown)]
        assert len(figures) == 2 * (len(d.table) - 1), [t.shown for t in texts]
        # The ruling's lines the card shows under the table (over the
        # table's area it has room for some of them).
        from simulator.app.text import ui
        k = round((marker.rect.top - figures[-1].rect.top) /
                  ui.line_height(d._text_size())) - 1
        assert marker.rect.top - above[-1].rect.top < 1.5 * above[-1].rect.height + 6, \
            "an empty row over the count"
        key(app, pygame.K_v)
        frame(app)
        r = app.dialogs[-1]
        assert isinstance(r, CardReader)
        lines = r.banner.all_lines
        rest = lines[lines.index(RULING[0]) - 1:]  # (the blank over it too)
        # Each paragraph's hidden share of its card lines, in V's rows.
        from simulator.app.dialogs.card_reader import reader_rows
        below, top = [], 0
        for p in rest:
            n = len(ui.wrap(p, d._text_size(), d.rect.width - 20)) if p else 1
            if top + n > k:
                below.append((p, min(n, top + n - k), n))
            top += n
        assert said == reader_rows(app.size, below), (said, k, rest)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_warned_player_reads_whole_on_the_scoreboard_at_800x500(lang: str) -> None:
    """9-ball at 800x500, a player on two fouls in a row and warned (9-ball
    rule 11): the scoreboard's line under the name reads whole, not cut
    with «…» («фолов подряд: 2 · предупреждён: ещё фол — проигр…»)."""
    from rules.referee import Match
    names = ["cpu:beginner", "cpu:beginner"]
    app = make_app(lang, LOW)
    try:
        game = Match(names, "9-ball", {}).state
        game = dataclasses.replace(game, fouls=(2, 0), warned=(True, False))
        watched_session(app, names, "9-ball", {}, state=game)
        frame(app)
        want = " · ".join((app.t("score.fouls", n=2), app.t("score.warned")))
        lines = [t for t in app.texts if t.text == want]
        assert lines, [t.text for t in app.texts if t.rect.top < 40]
        assert all(t.shown == t.text for t in lines), [t.shown for t in lines]
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_choice_naming_its_chooser_says_the_name_once(lang: str) -> None:
    """9-ball rule 5: Anna hands the shot back after Boris's push-out (key
    2); the card says «Игрок 1 уступает удар сопернику», not «Игрок 1
    выбирает: Игрок 1 уступает удар сопернику»."""
    from tests.app.test_playfix17b import _push_out_choice
    app = make_app(lang)
    try:
        _push_out_choice(app)
        s = app.session
        assert s is not None and s.req is not None
        chooser = s.req.chooser if s.req.chooser is not None else s.req.shooter
        name = s.name(chooser)
        key(app, pygame.K_2)
        frame(app, n=3)
        assert s.banner is not None
        assert s.banner.title.count(name) == 1, s.banner.title
        assert s.banner.title.startswith(name), s.banner.title
    finally:
        pygame.display.quit()
