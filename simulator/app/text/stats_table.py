"""A dialog's table of cells (the match in numbers): the cells' measures,
and the table turned round for a narrow column: a row per player, a column
per figure under a short heading, and a legend of the headings.

The side column at 800x500 (190 px of text) has no room for two whole
names over columns beside the labels; a card widened for them covered the
table's right pockets. Turned round, a name is on a row of its own (or
beside its figures where there is room), always in whole words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

TAB = "\t"  # between the cells of a table's row
GAP = 8  # px between two figures' columns


def head_size(size: int) -> int:
    """A table's header type: a little smaller, so a name wraps by words (a
    table of three columns in the side column has no room for 13 px)."""
    return max(11, size - 2)


def fonts_width_bold(text: str, size: int) -> int:
    """The width of ``text`` in bold type of ``size``."""
    from simulator.app.text import fonts
    return int(fonts.font(size, True).size(text)[0])


def spread(need: list[int], room: int, left: int) -> list[int]:
    """Columns of at least ``need`` each sharing ``room`` (from ``left``)
    as evenly as that allows: each column's right edge."""
    widths = list(need)
    free = [k for k in range(len(need))]
    while free:
        share = (room - sum(widths[k] for k in range(len(need)) if k not in free)) \
            // len(free)
        wide = [k for k in free if need[k] > share]
        if not wide:
            for k in free:
                widths[k] = max(need[k], share)
            break
        free = [k for k in free if k not in wide]
    edges, at = [], left
    for w in widths:
        at += w
        edges.append(at)
    return edges


def fonts_width(text: str, size: int) -> int:
    from simulator.app.text import fonts
    return int(fonts.font(size).size(text)[0])


@dataclass(frozen=True)
class PlayersTable:
    """The lines of the table turned round and how to draw them."""

    head: str  # the short headings' row
    rows: list[str]  # the players' rows: a name, its figures
    names: list[str]  # the rows (or lines) that name a player
    legend: list[str]  # the headings said in full
    stair: tuple[int, list[int]]  # the name column's width, each column's right edge
    head_size: int


def players_table(table: list[tuple[str, ...]], short: tuple[str, ...],
                  abbr: tuple[str, ...], width: int, size: int,
                  item: Callable[[str, str], str]) -> PlayersTable:
    """``table`` (its header the names, a row per figure) as a row per
    player in ``width``: each name whole beside its figures where it fits
    there, else on a line of its own over them (in its short words,
    «Александра К.», only where the whole name is wider than the line)."""
    head, *body = table
    names = list(head[1:])
    n = len(abbr)
    figs = [[r[i + 1] for r in body] for i in range(len(names))]
    fig_w = [max(fonts_width(f[j], size) for f in figs) for j in range(n)]

    def need(hs: int) -> list[int]:
        return [max(fig_w[j], fonts_width_bold(abbr[j], hs)) + GAP for j in range(n)]

    # The headings' type shrinks (to 9 at least) before a column is lost.
    hs = next((k for k in range(head_size(size), 8, -1) if sum(need(k)) <= width), 9)
    cols = need(hs)
    heading = TAB.join(("", *abbr))
    legend = legend_lines([item(a, r[0]) for a, r in zip(abbr, body, strict=True)],
                          width, size)
    # A name beside its figures where it fits the room they leave, else on
    # a line of its own over them (only the long ones: eight seats of
    # Express took sixteen rows at 1280x720 where most names fitted).
    room = width - sum(cols)
    beside = [x for x in names if fonts_width_bold(x, size) + GAP <= room]
    label = max((fonts_width_bold(x, size) for x in beside), default=-GAP) + GAP
    rows, said = [], []
    for name, brief, f in zip(names, short[1:], figs, strict=True):
        if name in beside:
            rows.append(TAB.join((name, *f)))
            said.append(rows[-1])
            continue
        said.append(whole_words(name, brief, width, size))
        rows += [said[-1], TAB.join(("", *f))]
    return PlayersTable(heading, rows, said, legend,
                        (label, spread(cols, width - label, label)), hs)


def whole_words(name: str, brief: str, width: int, size: int) -> str:
    """A name in bold on a line of ``width``: whole, else its short words,
    else its first words and "…" (a name is never broken inside a word)."""
    for x in (name, brief):
        if fonts_width_bold(x, size) <= width:
            return x
    words = brief.split()
    while len(words) > 1 and fonts_width_bold(" ".join(words) + "…", size) > width:
        words.pop()
    return " ".join(words) + "…"


def legend_lines(items: list[str], width: int, size: int) -> list[str]:
    """The legend's items a line each where they fit together, none broken
    between two lines unless it is wider than a line by itself."""
    from simulator.app.text import ui
    out: list[str] = []
    cur = ""
    for it in items:
        cand = f"{cur} · {it}" if cur else it
        if fonts_width(cand, size) <= width:
            cur = cand
            continue
        if cur:
            out.append(cur)
        cur = it
        if fonts_width(it, size) > width:
            *whole, cur = ui.wrap(it, size, width)
            out += whole
    return out + ([cur] if cur else [])
