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
    """A table's header type: the table's own, in bold (headings of 9 px
    over 13 px figures could not be read; the card over the table's area
    has the room)."""
    return size


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

    head: str  # the short headings' row (of the first part)
    rows: list[str]  # the players' rows: a name, its figures (each part's
    # heading first after the first part's)
    names: list[str]  # the rows (or lines) that name a player
    legend: list[str]  # the headings said in full
    stair: tuple[int, list[int]]  # the name column's width, each column's right edge
    head_size: int
    heads: tuple[str, ...] = ()  # every part's headings' row


def parts(n: int, fits: Callable[[list[list[int]]], bool]) -> list[list[int]]:
    """The figures' columns ``0..n-1`` in one part, else two halves, each
    under its own headings, as ``fits`` takes them; one part where neither
    does."""
    for k in range(1, min(2, n) + 1):
        per = -(-n // k)
        groups = [list(range(i, min(n, i + per))) for i in range(0, n, per)]
        if fits(groups):
            return groups
    return [list(range(n))]


def players_table(table: list[tuple[str, ...]], short: tuple[str, ...],
                  abbr: tuple[str, ...], width: int, size: int,
                  item: Callable[[str, str], str], compact: bool = False
                  ) -> PlayersTable:
    """``table`` (its header the names, a row per figure) as a row per
    player in ``width``: each name whole beside its figures where it fits
    there, else on a line of its own over them (in its short words only
    where the whole name is wider than the line). ``compact`` (where the
    card would scroll): a name in its short words («Анна К.») beside its
    figures where only they fit there; and where the headings would shrink
    under the table's type, the figures in two parts, each under its
    headings, if every name then sits beside them (seven columns at
    800x500 had headings of 9 px, «сдач» and «отыг» squeezed)."""
    head, *body = table
    names = list(head[1:])
    briefs = list(short[1:])
    n = len(abbr)
    figs = [[r[i + 1] for r in body] for i in range(len(names))]
    fig_w = [max(fonts_width(f[j], size) for f in figs) for j in range(n)]

    def widths(hs: int, groups: list[list[int]]) -> list[int]:
        # Each position's column as wide as the widest of the parts there.
        return [max(max(fig_w[g[k]], fonts_width_bold(abbr[g[k]], hs)) + GAP
                    for g in groups if k < len(g))
                for k in range(len(groups[0]))]

    def named_beside(room: int) -> list[str | None]:
        return [next((x for x in ((name, brief) if compact else (name,))
                      if fonts_width_bold(x, size) + GAP <= room), None)
                for name, brief in zip(names, briefs, strict=True)]

    hs0 = head_size(size)

    def fits(groups: list[list[int]]) -> bool:
        # Two parts only with every name beside its figures: a part's rows
        # cost a line each, names on lines of their own two.
        room = width - sum(widths(hs0, groups))
        return room >= 0 and (len(groups) == 1 or
                              (compact and None not in named_beside(room)))

    groups = parts(n, fits)
    hs = hs0  # (never under the figures' type: 9 px could not be read)
    cols = widths(hs, groups)
    legend = legend_lines([item(a, r[0]) for a, r in zip(abbr, body, strict=True)],
                          width, size)
    # A name beside its figures where it fits the room they leave, else on
    # a line of its own over them (only the long ones: eight seats of
    # Express took sixteen rows at 1280x720 where most names fitted), in
    # its short words where only they fit: a row per player, not two.
    shown = named_beside(width - sum(cols))
    label = max((fonts_width_bold(x, size) for x in shown if x is not None),
                default=-GAP) + GAP
    heads = tuple(TAB.join(("", *(abbr[j] for j in g))) for g in groups)
    rows: list[str] = []
    said: list[str] = []
    for part, g in enumerate(groups):
        if part:
            rows.append(heads[part])
        for name, brief, f, beside in zip(names, briefs, figs, shown, strict=True):
            cells = [f[j] for j in g]
            if beside is not None:
                rows.append(TAB.join((beside, *cells)))
                said.append(rows[-1])
                continue
            said.append(whole_words(name, brief, width, size))
            rows += [said[-1], TAB.join(("", *cells))]
    return PlayersTable(heads[0], rows, said, legend,
                        (label, spread(cols, width - label, label)), hs, heads)


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
