"""The match in numbers a pool player reads: pots of the attempts and the
potting per cent (a called safety, a break or a push-out no attempt), the
safeties, the best run, the balls on the break and the break and runs, and
a few words a game, counted from a match whose every stroke is known (a
script of shot logs, tests/app/scripted_match.py) and drawn on its end card
at both sizes in both languages."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from simulator.app.match.session import Session
from simulator.records.stats import game_lines, match_stats
from tests.app.helpers import concede_match, drawn_words, frame, make_app
from tests.app.scripted_match import EXPECTED, scripted_8ball
from tests.app.stats_card import stats_card_problems

NAMES = ["Анна Каренина", "Борис Годунов"]


def test_the_figures_are_read_off_the_record() -> None:
    """Anna: 1 on her breaks, 15 pots of 16 attempts (the called safety is
    none), a run of eight to the 8 in the third game; Boris: 8 of 11 (the
    scratch an attempt that potted nothing), 2 on his break and the run of
    8 out from it."""
    st = match_stats(scripted_8ball(NAMES))
    for seat, want in EXPECTED.items():
        x = st[seat]
        got = dict(pots=x.pots, attempts=x.attempts, percent=x.pot_percent,
                   safeties=x.safeties, fouls=x.fouls, high_run=x.high_run,
                   break_balls=x.break_balls, break_runs=x.break_runs,
                   innings=x.innings, potted=x.potted)
        assert got == want, (seat, got)


def test_each_game_in_a_line_of_the_record() -> None:
    """Game 1: Anna broke and won it in five visits (hers and Boris's);
    game 2: Boris broke and ran out; game 3: Anna broke and won it, Boris
    at the table between without a foul (no break and run); the fourth
    given up by Boris at its start."""
    m = scripted_8ball(NAMES)
    lines = [(g.winner, g.breaker, g.innings, g.break_run, g.given_up)
             for g in game_lines(m)]
    assert lines == [(0, 0, 5, False, False), (1, 1, 1, True, False),
                     (0, 0, 3, False, False)]
    m.concede(m.requirements().shooter, True)
    assert [(g.winner, g.given_up) for g in game_lines(m)][-1] == (0, True)


def _row_drawn(app: Any, d: Any, label: str) -> list[str]:
    """The cells drawn on the line of the row ``label``, left to right."""
    inside = [t for t in app.texts if d.rect.contains(t.rect)]
    head = next(t for t in inside if t.text == label)
    same = [t for t in inside if abs(t.rect.centery - head.rect.centery) <= 3
            and t.rect.left > head.rect.right]
    return [t.shown for t in sorted(same, key=lambda t: t.rect.left)]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_the_end_card_draws_the_figures(lang: str, size: tuple[int, int]) -> None:
    """The scripted match conceded at the table: every figure the record
    implies drawn in its row, under its player; the games said in a line
    each under the buttons in the side column; the card readable (names
    whole, figures in their cells, the buttons in the side column)."""
    app = make_app(lang, size)
    try:
        app.session = Session(scripted_8ball(NAMES), app.locale)
        app.go("match")
        frame(app, n=2)
        d: Any = concede_match(app)
        assert not stats_card_problems(app), stats_card_problems(app)
        assert not d._legend and not d.cut
        a, b = EXPECTED[0], EXPECTED[1]
        t = app.t
        rows = {
            "evening.stat_pots": [f"{a['pots']}/{a['attempts']}",
                                  f"{b['pots']}/{b['attempts']}"],
            "evening.stat_pot_pct": [str(a["percent"]), str(b["percent"])],
            "evening.stat_safeties": [str(a["safeties"]), str(b["safeties"])],
            "evening.stat_best_run": [str(a["high_run"]), str(b["high_run"])],
            "evening.stat_break_balls": [str(a["break_balls"]), str(b["break_balls"])],
            "evening.stat_break_runs": [str(a["break_runs"]), str(b["break_runs"])],
            "evening.stat_fouls": [str(a["fouls"]), str(b["fouls"])],
        }
        for key, want in rows.items():
            assert _row_drawn(app, d, t(key)) == want, (key, _row_drawn(app, d, t(key)))
        # The games, a line each, under the buttons in the side column.
        words = drawn_words(app, "side", folded=True)
        for said in (t("stats.games"),
                     t("stats.game_innings", n=1, name=NAMES[0], innings=5),
                     t("stats.game_break_run", n=2, name=NAMES[1]),
                     t("stats.game_innings", n=3, name=NAMES[0], innings=3),
                     t("stats.game_given_up", n=4, name=NAMES[0])):
            assert said in words, (said, words)
        side = app.mode.layout.side  # type: ignore[union-attr]
        assert all(side.contains(x.rect) for x in app.buttons if x in d.buttons)
    finally:
        pygame.display.quit()
