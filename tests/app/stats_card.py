"""What a person reads of the match in numbers on the end card, whichever
way it is laid out (a column per player, or a row per player under short
headings with a legend): each name whole on one line, every figure shown,
every figure's meaning said, no word cut or running out of its cell, the
headings in the figures' type at least, and the card over the table's area
(cramped in the side column it had a legend of seven lines beside an empty
table)."""

from __future__ import annotations

import re
from typing import Any

import pygame

from simulator.app.loop.app import App

FIGURE = re.compile(r"\d+(/\d+)?|—")


def named(shown: str, name: str, short: str) -> bool:
    """Whether ``shown`` names the player in whole words: the name, its
    short words, or its first words and "…"."""
    if shown in (name, short):
        return True
    if not shown.endswith("…"):
        return False
    start = shown[:-1]
    return any(x.startswith(start) and x[len(start):][:1] in (" ", "")
               for x in (name, short))


def stats_card_problems(app: App) -> list[str]:
    """Everything a person could not read on the topmost (end) card."""
    d: Any = app.dialogs[-1]
    out: list[str] = []
    mode: Any = app.mode
    out += placed_problems(d.rect, mode.layout)
    full = (d._full_head or d.table[0])[1:]
    short = d.short_head[1:] if d.short_head else full
    inside = [t for t in app.texts if d.rect.contains(t.rect) and t.shown.strip()]
    out += [f"{t.text!r} cut or out of its cell {t.box}: {t.shown!r} {t.rect}"
            for t in inside if t.cut or not t.box.contains(t.rect)]
    body = d._text_size()
    cells = {c for h in d._heads for c in h.split("\t") if c}
    out += [f"the heading {t.text!r} in {t.size} px under the text's {body}"
            for t in inside if t.text in cells and t.size < body]
    for name, brief in zip(full, short, strict=True):
        said = [t for t in inside if named(t.shown, name, brief) and not t.cut]
        if not said:
            out.append(f"{name!r} is not named whole on a line: "
                       f"{[t.shown for t in inside]}")
    broken = [t.shown for t in inside if t.shown.rstrip().endswith("-")]
    if broken:
        out.append(f"a word broken by a hyphen: {broken}")
    figures = len(full) * (len(d.table) - 1)
    # (a figure: a count, pots of attempts "7/8", or "—" for a per cent
    # of no attempt)
    digits = [t for t in inside if FIGURE.fullmatch(t.shown) and not t.cut]
    if len(digits) < figures:
        out.append(f"{len(digits)} of {figures} figures shown")
    legend = " ".join(d._legend)
    for row in d.table[1:]:
        if not any(t.shown == row[0] for t in inside) and row[0] not in legend:
            out.append(f"the figure {row[0]!r} is said nowhere")
    return out


def placed_problems(card: Any, layout: Any) -> list[str]:
    """Where the card is wrong: not over the table's area (most of its
    width or the card's own), or out of the window."""
    out = []
    over = card.clip(layout.table)
    if over.width < min(card.width, layout.table.width) // 2 or \
            over.height < card.height // 2:
        out.append(f"the card {card} is not over the table's area {layout.table}")
    if not pygame.Rect((0, 0), layout.size).contains(card):
        out.append(f"the card {card} leaves the window {layout.size}")
    return out
