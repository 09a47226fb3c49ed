"""Play-test 23 on the club evening and the match in numbers: a stopped
evening's unplayed matches said so; one 14.1 target remembered for a match
and an evening; a knockout's spans that do not overlap; winner stays' end
on its setup; the statistics' names each over its own column."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from tests.app.helpers import asked_to_concede_match, click_button, frame, make_app

LOW = (800, 500)
SIZES = [(1280, 720), LOW]
LANGS = ["en", "ru"]


# -- 5. the statistics' header: a name over its own column ---------------------------
def _header_overlaps(app: App) -> list[str]:
    """What of the match-in-numbers header a person could not read: two
    names on one line running together, or a name on a line with another
    reaching back over the labels' column (read as one long name)."""
    d: Any = app.dialogs[-1]
    head, *body = d.table
    names = set(head[1:])
    labels = {r[0] for r in body}
    label_end = max((t.rect.right for t in app.texts if t.text in labels),
                    default=0)
    drawn = [t for t in _in_card(app) if t.text in names]
    problems = []
    for t in drawn:
        same = sorted((u for u in drawn if u.rect.top == t.rect.top),
                      key=lambda u: u.rect.left)
        if len(same) < 2:
            continue
        for a, b in zip(same, same[1:], strict=False):
            if b.rect.left < a.rect.right + 6:
                problems.append(f"{a.text!r} runs into {b.text!r}")
        if same[0].rect.left < label_end + 4:
            problems.append(f"{same[0].text!r} beside {same[1].text!r} over the labels")
    return problems


def _in_card(app: App) -> list[Any]:
    """The lines drawn in the topmost card in the table's header type (not
    the scoreboard's names, nor the title's)."""
    d: Any = app.dialogs[-1]
    return [t for t in app.texts if d.rect.contains(t.rect) and
            t.size == d._head_size]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("names", [["Александра Константинопольская", "Борис"],
                                   ["Борис Годунов", "Александра Константинопольская"],
                                   ["Anna", "Boris"]])
def test_the_statistics_names_each_read_over_their_column(
        lang: str, size: tuple[int, int], names: list[str]) -> None:
    """A conceded match's card: «Александра К.» and «Борис» were set on one
    header line at 1280x720, the first name running back over the labels
    beside the second; now names share a line only where each fits its
    column, else one a line over its column (the full name in the title)."""
    app = make_app(lang, size)
    try:
        asked_to_concede_match(app, names, "9-ball", {"race_to": 3})
        click_button(app, app.t("concede.match_yes"))
        frame(app, n=3)
        assert app.dialogs and app.dialogs[-1].kind == "gameover"
        heads = [t for t in _in_card(app) if t.text in app.dialogs[-1].table[0][1:]]
        assert len(heads) == 2, [t.text for t in app.texts]
        assert not [t.text for t in heads if t.cut], heads
        assert not _header_overlaps(app), _header_overlaps(app)
    finally:
        pygame.display.quit()
