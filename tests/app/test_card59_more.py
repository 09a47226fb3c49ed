"""The ruling card's one "N more": one note, one key (V), and its count the
rows V's reader then shows that the column did not (a break card said "6
more" of what V showed in 2; a held card said "3 more · V" in it over "4
more: H" under it); the count stays as it was while a hint is sought."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from simulator.app.dialogs.card_reader import CardReader, rows_past
from simulator.app.loop.app import App
from simulator.app.text import ui
from tests.app.helpers import frame, key, make_app
from tests.app.scenes import LANGS, SIZES
from tests.app.test_card51 import hard_break
from tests.app.test_card52 import more_notes


def flat(text: str) -> str:
    return " ".join(text.split())


def the_note(app: App) -> int:
    """The one "N more" drawn (two notes, or none, fail): its count."""
    notes = more_notes(app)
    assert len(notes) == 1, notes
    return notes[0][1]


def rows_v_adds(app: App) -> int:
    """V pressed: how many of the reader's rows hold words the window did
    not show before (a row the column cut with «…» included), scrolled to
    its end; the reader closed again. A line's words seen are the longest
    run of them the window drew in order from the line's start."""
    seen = flat(" ".join(t.shown for t in app.texts)).split()
    key(app, pygame.K_v)
    frame(app)
    reader = app.dialogs[-1] if app.dialogs else None
    assert isinstance(reader, CardReader), app.dialogs
    close = app.t("card_reader.close")
    rows: dict[int, tuple[int, str]] = {}  # (its left, its words) by row
    while True:
        # (the rows at the reader's type size: not its title, nor its note)
        body = sorted((t for t in ui.FRAME.texts if reader.rect.contains(t.rect)
                       and t.size == reader.size() and close not in t.text),
                      key=lambda t: t.rect.top)
        for k, t in enumerate(body):
            rows[reader.scroll + k] = (t.rect.left, flat(t.text))
        if reader.scroll >= reader.last:
            break
        key(app, pygame.K_DOWN)
    key(app, pygame.K_v)
    frame(app)
    assert not app.dialogs
    # The reader's lines: a row at the left margin begins one (the rest hang).
    margin = min(left for left, _words in rows.values())
    lines: list[list[str]] = []
    for _k, (left, words) in sorted(rows.items()):
        if left <= margin + 2 or not lines:
            lines.append([])
        lines[-1].append(words)
    added = 0
    for line in lines:
        words = " ".join(line).split()
        shown = max((next((j for j in range(len(words)) if p + j >= len(seen)
                           or seen[p + j] != words[j]), len(words))
                     for p in range(len(seen))), default=0)
        added += rows_past(line, shown)  # (counted as the card counts them)
    return added


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_a_break_cards_more_counts_the_rows_v_then_shows(
        lang: str, size: tuple[int, int]) -> None:
    """8-ball, Anna's hard break pots (8-ball rule 2: she plays on; rule 5:
    a legal break): the card beside the call's line is cut; its one note
    names V, and V's reader shows exactly that many rows more."""
    app = make_app(lang, size)
    try:
        hard_break(app, "8-ball")
        frame(app, n=3)
        n = the_note(app)
        assert n == rows_v_adds(app), n
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_count_stays_while_a_hint_is_sought(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    """The same break card, I pressed: while the hint is sought its
    progress line takes no row of the card and is not counted (the count
    went 3, 8, 3); once it has come, the note says what V then shows."""
    monkeypatch.setattr("simulator.app.match.computer.THINK_SLICE", 0.0)
    app = make_app(lang, size)
    try:
        s = hard_break(app, "8-ball")
        frame(app, n=3)
        before = the_note(app)
        key(app, pygame.K_i)
        during = []
        while s.hint_job is not None:
            during.append(the_note(app))
            frame(app)
        assert len(during) > 3 and set(during) == {before}, (before, during)
        assert s.hint is not None
        frame(app, n=3)
        if more_notes(app):
            assert the_note(app) == rows_v_adds(app)
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_held_card_and_the_lines_cut_under_it_have_one_note(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """800x500: a person's long ruling held open before the computer plays
    (general rule 4: the miss passes the turn), the computer's lines under
    it cut: one note, the card's, and V shows its count of rows more, the
    computer's decided lines with the card ("3 more · V" in the card stood
    over "4 more: H" under it, two counts and two keys)."""
    from tests.app.test_playfix11_card import _held_after_a_miss
    app = make_app(lang, (800, 500))
    try:
        _s, mode = _held_after_a_miss(monkeypatch, app, extra=6)
        assert mode.extra_hidden and mode.card_below  # (both cut: the case seen)
        n = the_note(app)
        assert n == rows_v_adds(app), n
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_controls_row_says_a_raised_cue(lang: str) -> None:
    """800x500: a hint taken beside the open break card, the controls in
    their one row of words: power and spin, and the cue raised in the
    hint's own words where it is (nothing for a level cue), drawn whole
    (power and spin alone read as a level cue)."""
    from simulator.app.match.computer import hint_raised
    from tests.app.helpers import drawn_words
    from tests.app.test_hintcard58 import taken_after_the_break
    app = make_app(lang, (800, 500))
    try:
        mode = taken_after_the_break(app)
        s = app.session
        assert s is not None
        for elevation, words in ((8.0, "hint.say.raised"),
                                 (3.5, "hint.say.raised_slightly"), (0.0, "")):
            # (the hint's stroke raised so, taken as it is)
            assert s.hint is not None
            d = s.hint.decision
            s.hint = replace(s.hint, decision=replace(d, intended=replace(
                d.intended, elevation=elevation)))
            s.aim = s.aim.with_elevation(elevation)
            frame(app, n=4)
            assert mode.hint_stroke_held()
            assert not mode.controls and mode.controls_said
            said = flat(mode.controls_said)
            raised = flat(app.t(words)).strip(", ") if words else ""
            assert raised == flat(hint_raised(s.locale, elevation)).strip(", ")
            if raised:
                # (the row's longer form, where it fits, gives the figure)
                figure = f"{s.locale.num(elevation, 0)}°"
                assert raised in said or figure in said, said
            else:
                assert all(flat(app.t(k)).strip(", ") not in said for k in (
                    "hint.say.raised", "hint.say.raised_slightly")), said
            assert said in drawn_words(app, "side", folded=True)
            assert not any(t.cut for t in app.texts
                           if app.layout.side.contains(t.rect)), drawn_words(app)
        assert not app.errors
    finally:
        pygame.display.quit()
