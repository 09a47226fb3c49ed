"""Play-test fixes (wave 39): the ruling card shows what fits. After the
Express break at 800x500 the card said who shoots and «ещё 3 строки» over
an empty card: the break's rule (SEED-E 2.4) with its citation had no
sentence end in the card's room, and a line was shown only up to one. Now
a cut line shows its rows to the card's foot, cut at a sentence end (where
that leaves at most a row blank), else a clause's, else a word's, with
"…"; who shoots next stays on the card."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.table.ruling_card import Banner
from tests.app.helpers import after_the_break, card_notes, drawn_words, frame, make_app
from tests.app.scenes import LANGS
from tests.app.test_playfix17c import card_texts
from tests.app.test_playfix19a import flat
from tests.app.test_playfix38_card import card_blank

SIZES = pytest.mark.parametrize("size", [(800, 500), (1280, 720)],
                                ids=("800x500", "1280x720"))
GAMES = pytest.mark.parametrize("game,names", [
    ("express", ["Аня", "Боря", "Компьютер"]), ("8-ball", ["Аня", "Боря"])],
    ids=("express", "8-ball"))


def shows_what_fits(app: App, banner: Banner) -> int:
    """The open card as a player reads it, rows hidden: never two rows'
    height blank on it, "N more" saying them, the ruling's first line
    begun and who shoots next on it; every row cut ends with "…" where a
    word, a clause or a sentence of its line ends. The rows hidden."""
    hidden = getattr(app.mode, "banner_hidden", 0)
    said = drawn_words(app, "side")
    assert flat(banner.next[0]) in flat(said), said  # who shoots, always
    if not hidden:
        return 0
    blank, row = card_blank(app)
    assert blank < 2 * row, (blank, row, said)
    shown = {t.shown for t in app.texts}
    assert card_notes(app, "ruling.more", hidden) & shown, said
    first = " ".join(flat(banner.lines[0]).split()[:2])
    assert first in flat(said), said
    lines = [flat(line) for line in banner.all_lines]
    for t in card_texts(app):
        if not t.shown.endswith("…") or t.shown != t.text:
            continue  # (not a cut row; a row fitted by shrinking is another test's)
        part = flat(t.shown[:-1])
        ends = [line[line.index(part) + len(part):][:1] for line in lines
                if part in line]
        assert ends and all(e in " ,:;.·" for e in ends), (t.shown, lines)
    return hidden


@SIZES
@GAMES
@pytest.mark.parametrize("lang", LANGS)
def test_the_card_after_the_break_shows_what_fits(
        lang: str, game: str, names: list[str], size: tuple[int, int]) -> None:
    """Express (three players, SEED-E 2.4: the next on the card takes the
    table) and 8-ball (rule 5, the table open, rule 7) after the break:
    the card's rows are used while any are hidden (800x500 in Russian
    showed the title, who shoots and «ещё 3 строки» over an empty card,
    or the table open without the break's ruling)."""
    app = make_app(lang, size)
    try:
        s = after_the_break(app, names, game, {}, seed=0)
        frame(app, n=3)
        assert s.banner is not None
        shows_what_fits(app, s.banner)
        assert not app.errors
    finally:
        pygame.display.quit()


@SIZES
@GAMES
@pytest.mark.parametrize("lang", LANGS)
def test_a_long_rule_with_no_sentence_end_shows_its_rows(
        lang: str, game: str, names: list[str], size: tuple[int, int]) -> None:
    """The break's ruling made a long line with no sentence end outside its
    citations' brackets (as an Express rule cited after a foul can be):
    its rows fill the card to its foot, the last cut at a clause or a word
    with "…" (the card showed none of it, rows blank above "N more")."""
    app = make_app(lang, size)
    try:
        s = after_the_break(app, names, game, {}, seed=0)
        assert s.banner is not None
        rule = flat(s.banner.lines[0]).rstrip(".")
        s.banner = replace(s.banner, lines=(", ".join([rule] * 6),
                                            *s.banner.lines[1:]))
        frame(app, n=3)
        assert shows_what_fits(app, s.banner)
        assert not app.errors
    finally:
        pygame.display.quit()
