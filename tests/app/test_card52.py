"""What V reads, said once: a ruling card cut in a low column beside extra
lines cut too has one "N more" counting all V shows; and the key line says
a stroke forward comes after the pull back, as the refused push says."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.text import fonts, ui
from tests.app.helpers import (
    foul_waits,
    frame,
    key,
    make_app,
    read_ruling,
    scenario_match,
    strike,
)
from tests.app.scenes import LANGS
from tests.app.test_pull_back import aiming_app

# Every "N more" a table screen draws: the card's and those under the
# extra lines (V reads them, H folds the card, or plainly cut).
MORE_KEYS = ("ruling.more",)  # (the one note of lines cut, on every screen)


def more_notes(app: App) -> list[tuple[str, int]]:
    """The drawn "N more" notes with their counts."""
    notes = {app.t(k, n=n): n for k in MORE_KEYS for n in range(1, 100)}
    return [(t.text, notes[t.text]) for t in ui.FRAME.texts if t.text in notes]


@pytest.mark.parametrize("lang", LANGS)
def test_one_more_count_for_the_card_and_the_lines_cut_under_it(lang: str) -> None:
    """9-ball between two people at 800x500: the cue ball hits the 2 first
    (9-ball rule 7) and is pocketed (general rule 18); Boris reads the
    foul. The card stays, cut, and so is the line under it (click to put
    the cue ball down): one note says how many lines V shows, the card's
    rows below and the line cut ("2 more lines · V" over "1 more line: V
    reads it" was two counts of one reading)."""
    app = make_app(lang, (800, 500))
    try:
        scenario_match(app, "9-ball", {0: (1.94, 0.67), 2: (2.24, 0.97),
                                       1: (0.6, 0.3), 9: (0.8, 0.3)})
        s = app.session
        assert s is not None
        s.aim = replace(s.aim, angle=45.0, power=0.5, tip_b=0.5)
        frame(app, n=30)
        ruling = strike(app)
        assert sorted(f.code.id for f in ruling.fouls) == ["foul.bad_hit",
                                                          "foul.scratch"]
        frame(app, n=30)
        mode = app.mode
        assert foul_waits(app) and mode is not None
        # (the line under the card while the foul waited, "read the ruling,
        # then Continue", is said in the heading alone: read, placing's is)
        read_ruling(app)
        frame(app, n=5)
        extra = mode.side_extra()  # type: ignore[attr-defined]
        hidden = mode.extra_hidden  # type: ignore[attr-defined]
        card_rows = mode.card_below  # type: ignore[attr-defined]
        assert hidden and card_rows  # (both cut: the case seen)
        cut = extra[len(extra) - hidden:]
        [(note, n)] = more_notes(app)  # one note, not two
        # (rows as V's reader lays them out: the card's, and the lines' cut)
        from simulator.app.dialogs.card_reader import line_rows_read
        assert n == card_rows + sum(line_rows_read(app.size, t) for t in cut), note
        key(app, pygame.K_v)  # and V shows the lines cut with the card
        frame(app)
        assert app.dialogs and app.dialogs[-1].name == "card_reader"
        banner = app.dialogs[-1].banner  # type: ignore[attr-defined]
        assert all(t in banner.lines for t in cut)
    finally:
        pygame.display.quit()


# The stroke as the key line says it: a pull back first, then a release or
# a stroke forward (a push toward the aim is refused: pull.pushed).
STROKE_WORDS = {"en": "press, drag back, then release or stroke forward",
                "ru": "нажмите, оттяните, отпустите или бейте вперёд"}


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)], ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_key_line_strikes_forward_after_the_pull(lang: str,
                                                      size: tuple[int, int]) -> None:
    """The key line offered a stroke forward beside the pull back ("drag
    back, release (or stroke forward)") while a push toward the aim is
    refused: it says the forward stroke follows the pull, and the line
    drawn still fits its row (whole at 1280x720; at 800x500 its short
    form, as before)."""
    app = aiming_app(lang, size)
    try:
        for k in ("hint.aim", "hint.call"):
            words = app.t(k)
            assert STROKE_WORDS[lang] in words, words
            assert "(" not in words.split(" · ")[0]  # no "(or stroke forward)"
        frame(app, n=2)
        row = ui.FRAME.rows[-1]
        [line] = [t for t in ui.FRAME.texts if t.text in (
            app.t("hint.aim"), app.t("hint.aim_short"))]
        wide = size == (1280, 720)
        assert line.text == app.t("hint.aim" if wide else "hint.aim_short")
        assert not line.cut and line.rect.width <= row.width  # whole in its row
        assert fonts.font(line.size).size(line.text)[0] <= row.width
        if wide:  # (the line asking for a call as whole in that row)
            assert fonts.font(line.size).size(app.t("hint.call"))[0] <= row.width
    finally:
        pygame.display.quit()
