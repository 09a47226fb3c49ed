"""The ruling card in the side column: the referee's ruling (or a message) as
a title and its lines, folded to the title or scrolled when it is long. Every
line goes through ``ui.paragraph``, so it fits its box."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import pygame

from simulator.app.text import fonts, ui
from simulator.files.resources import NBSP


@dataclass(frozen=True)
class Banner:
    """A ruling or message: a title, its lines, and whether it is a foul."""

    title: str
    lines: tuple[str, ...]
    foul: bool
    next: tuple[str, ...] = ()  # who is next and what they choose
    # Where the game stands (the table open, the groups): kept in view with
    # who is next, whatever else takes the column (a hint pushed it out).
    state: tuple[str, ...] = ()
    # How many of its first lines the card keeps whole, never cut or hidden
    # behind "N more": after a break the break's legality and who plays next.
    lead: int = 1
    # The shot's facts ("Last shot: first contact…"): drawn dim, below the
    # rulings, so it does not read as one more of them.
    quiet: str = ""
    # Shorter forms of its headings ("The options X weighed:" ->
    # "Options weighed:"), said where the whole one leaves no row for an
    # item under it.
    short: tuple[tuple[str, str], ...] = ()

    @property
    def kept(self) -> tuple[str, ...]:
        """The lines the card keeps at its foot, never scrolled away."""
        return (*self.state, *self.next)

    @property
    def all_lines(self) -> tuple[str, ...]:
        return (*self.lines, *self.kept)


def line_rows(lines: tuple[str, ...], size: int, width: int
          ) -> list[tuple[int, int, str]]:
    """Each line wrapped: (which line, indent, words) a row, so the card can
    show and scroll part of a long line instead of hiding all of it."""
    out: list[tuple[int, int, str]] = []
    for i, ln in enumerate(lines):
        held = phrases_kept(ln, size, width - size)
        rows = ui.wrap_hanging(held, size, width, size)
        for j, row in enumerate(unheld(ln, held, rows)):
            out.append((i, size if j else 0, row))
    return out


def unheld(line: str, held: str, rows: list[str]) -> list[str]:
    """``rows`` of ``held`` (``line`` as :func:`phrases_kept` holds it) in
    the line's own spaces again; a row cut inside a word, with its hyphen,
    as it is."""
    if held == line:
        return rows
    out, at = [], 0
    for row in rows:
        k = held.find(row, at)
        out.append(row if k < 0 else line[k:k + len(row)])
        at = at if k < 0 else k + len(row)
    return out


CHIP = " · "  # between the phrases of a line ("first contact: the 4 · ...")


def phrases_kept(line: str, size: int, width: int) -> str:
    """``line`` with each of its phrases between " · " that fits in
    ``width`` held together by no-break spaces: it wraps between phrases
    ("cushions / reached by 5 object balls" split one across two rows). The
    first phrase's heading ("Last shot:") may stand apart where the two do
    not fit in a row together; a phrase wider than a row wraps by words."""
    if CHIP not in line:
        return line
    font = fonts.font(size)

    def held(words: str) -> str:
        return words.replace(" ", NBSP) if font.size(words)[0] <= width else words

    first, *rest = line.split(CHIP)
    head, colon, tail = first.partition(": ")
    lead = held(first) if not colon or font.size(first)[0] <= width else \
        f"{held(head + ':')} {held(tail)}"
    return CHIP.join([lead, *map(held, rest)])


def banner_height(banner: Banner, width: int, size: int, folded: bool) -> int:
    lh = ui.line_height(size + 1, bold=True)
    h = ui.paragraph(None, banner.title, size + 1, ui.INK,
                     pygame.Rect(0, 0, width - 16, 10 ** 6), bold=True) + 12
    if folded:
        return h
    words = sum(ui.paragraph(None, ln, size, ui.INK, pygame.Rect(
        0, 0, width - 16, 10 ** 6), indent=size) + 2 for ln in banner.all_lines)
    # As the card lays its rows out: a line of phrases ("Last shot: first
    # contact: the 9 · 1 cushion contact · ...") wraps between them, a row
    # more than its words wrapped freely; measured so, the card was a row
    # short of its lines and cut one behind "1 more line" over an empty
    # column.
    rows = rows_height(line_rows(banner.all_lines, size, width - 16), size) + 2
    return h + max(words, rows) + lh // 3


def least_height(banner: Banner, width: int, size: int, state: bool = True) -> int:
    """The card's height (without its fold row) that shows its title, its
    first line whole (what happened and the rule it cites; its ``lead``
    lines: after a break the legality and who plays next), where the game
    stands (unless ``state`` is False: it ranks below the rest) and who is
    next: what a player must read without the wheel."""
    inner = width - 16
    title = ui.paragraph(None, banner.title, size + 1, ui.INK,
                         pygame.Rect(0, 0, inner, 10 ** 6), bold=True)
    first = line_rows(banner.lines[:banner.lead], size, inner)
    nxt = line_rows(banner.kept if state else banner.next, size, inner)
    return 12 + title + rows_height(first, size) + rows_height(nxt, size) + 2


def lead_fitted(banner: Banner, width: int, size: int, room: int) -> Banner:
    """``banner`` whose ``lead`` lines (the break's legality, then who plays
    next) fit whole in ``room`` px with its title and who is next; else its
    last lead line (who plays next) first, the only one kept whole."""
    if banner.lead < 2 or least_height(banner, width, size, state=False) <= room:
        return banner
    k, lines = banner.lead, banner.lines
    return replace(banner, lines=(*lines[1:k], lines[0], *lines[k:]), lead=1)


RULING_INK = ui.ACCENT  # the ruling's lines: who is next, the choices
RULING_TINT = (0, 0, 0, 60)  # and the band under them


def draw_rows(surface: pygame.Surface, rows: list[tuple[int, int, str]], size: int,
               left: int, top: int, width: int,
               dim: frozenset[int] = frozenset(),
               ruling: frozenset[int] = frozenset(),
               marks: list[pygame.Rect] | None = None) -> int:
    """The rows from ``top``, 2 px between lines; the y under the last. The
    lines numbered in ``dim`` are drawn dim; those in ``ruling`` (what the
    referee rules: who is next, the choices) in their own colour on a band
    with a bar at its left, in the card's margin, so the ruling stands
    apart from the fouls and facts above it and can be pointed at (it read
    as one more plain line); each band's rectangle goes to ``marks``."""
    lh = ui.line_height(size)
    y = top
    for k, (i, indent, words) in enumerate(rows):
        if k and rows[k - 1][0] != i:
            y += 2
        if i in ruling:
            joined = bool(k) and rows[k - 1][0] in ruling
            band = pygame.Rect(left - 6, y - (2 if joined and rows[k - 1][0] != i
                                              else 0), width + 10, 0)
            band.height = y + lh - band.top
            surface.blit(ui.veil(band.size, RULING_TINT), band)
            pygame.draw.rect(surface, RULING_INK, (band.left, band.top, 3, band.height))
            if marks is not None:
                if joined and marks:
                    marks[-1].union_ip(band)
                else:
                    marks.append(band)
        colour = RULING_INK if i in ruling else ui.DIM if i in dim else ui.INK
        ui.line(surface, words, size, colour,
                pygame.Rect(left + indent, y, width - indent, lh))
        y += lh
    return y


def fit_rows(rows: list[tuple[int, int, str]], size: int, room: int) -> int:
    """How many of ``rows`` fit whole in ``room`` pixels."""
    lh = ui.line_height(size)
    used = 0
    for k, (i, _, _) in enumerate(rows):
        used += lh + (2 if k and rows[k - 1][0] != i else 0)
        if used > room + 1:
            return k
    return len(rows)


@dataclass(frozen=True)
class Drawn:
    """What the card drew: how many rows of the ruling are below what it
    shows, as its ``count`` says (0: all of it is there), the row a notch
    down starts from, and the
    lines left below, each with how many of its rows are hidden of how many
    (to count them as the card reader lays them out); the y under the last
    row drawn."""

    hidden: int
    down: int
    below: tuple[tuple[str, int, int], ...] = ()
    bottom: int = 0
    # Where the ruling's lines were drawn, marked (``draw_rows``).
    ruling: tuple[pygame.Rect, ...] = ()


def card_rows(below: Sequence[tuple[str, int, int]]) -> int:
    """The rows of the card left below (draw_banner's count by default)."""
    return sum(hidden for _text, hidden, _rows in below)


def draw_banner(surface: pygame.Surface, box: pygame.Rect, banner: Banner, size: int,
                folded: bool, scroll: int = 0, reserve: int = 0,
                count: Callable[[Sequence[tuple[str, int, int]]], int] = card_rows,
                beside: int = 0) -> Drawn:
    """The ruling card in ``box``: its title always; unless folded, who is
    next kept at the bottom (above ``reserve`` pixels) and the ruling's
    rows between, from row ``scroll`` on; how many rows of the ruling are
    below what it shows (0 when all of it is there: the wheel and "N more"
    only for what is really hidden). Rows, not lines: a notch of the wheel
    brings one row of the card (counted in lines, a long rule kept "6 more"
    through five notches; stepping by the wider reader's rows passed the
    first rows of a long line unseen). ``count`` says how many rows the
    lines left below make: the card's own by default; the table counts
    them as the card reader shows them, so a notch may leave it as it was.
    Also the row a notch down starts from: the first that shows a row more
    (a heading left below with its items can need two, and a notch that
    brought nothing read as a wheel that did not turn).
    ``beside``: the width left of the fold button in the reserved row; a
    card that shows all its rows only with that row too takes it, and needs
    no "N more" (a line cut beside "1 more line" read as half a line)."""
    if beside and reserve and not folded and not scroll and \
            _whole_beside_fold(box, banner, size, reserve, beside):
        reserve = 0
    inner = box.inflate(-16, -12)
    inner.height -= reserve
    title = pygame.Rect(inner.left, inner.top, inner.width, inner.height)
    y = inner.top + ui.paragraph(None, banner.title, size + 1, ui.INK, title,
                                 bold=True)
    if folded:
        _draw_card(surface, box, banner, size, title)
        return Drawn(0, scroll, bottom=y)
    banner = arranged(banner, size, inner.width, inner.bottom - y)
    lines, body, nxt = _body_and_footer(banner, size, inner.width, inner.bottom - y)
    room = inner.bottom - y
    nxt_h = rows_height(nxt, size) + (2 if nxt and body else 0)
    room -= nxt_h
    last = last_start(body, size, room)

    def view(first: int) -> list[tuple[int, int, str]]:
        return _marked(body, first, fit_rows(body[first:], size, room), size,
                       inner.width)

    start = max(0, min(scroll, last))
    shown = view(start)
    end = y + rows_height(shown, size)
    hidden = len(body) - start - len(shown)
    # Lines left whole to the wheel leave room: who is next follows what is
    # shown (an empty row between the lines read as a blank line in the
    # ruling), "N more" under it where a row is left (Drawn.bottom).
    _draw_card(surface, box, banner, size, title)
    quiet = frozenset(i for i, ln in enumerate(lines)
                      if banner.quiet and ln == banner.quiet)
    marks: list[pygame.Rect] = []
    draw_rows(surface, shown, size, inner.left, y, inner.width, quiet,
              frozenset(i for i, ln in enumerate(lines) if ln in banner.next), marks)
    foot = end if hidden else inner.bottom - nxt_h
    foot_lines = [ln for ln in banner.kept if ln not in lines]
    bottom = draw_rows(surface, nxt, size, inner.left, foot + (
        2 if nxt and body else 0), inner.width, ruling=frozenset(
            len(lines) + j for j, ln in enumerate(foot_lines) if ln in banner.next),
                       marks=marks)

    def below(first: int) -> tuple[tuple[str, int, int], ...]:
        left = body[first + len(view(first)):]
        return tuple((lines[i], sum(r[0] == i for r in left),
                      sum(r[0] == i for r in body))
                     for i in sorted({r[0] for r in left}))

    down = start + 1
    while down < last and len(body) - down - len(view(down)) >= hidden:
        down += 1
    more = count(below(start)) if hidden else 0
    return Drawn(more, min(down, last), below(start), bottom, tuple(marks))



ITEMS = ("» ", "· ")  # the marks of a heading's items (the options weighed)


def groups_last(lines: tuple[str, ...]) -> tuple[str, ...]:
    """``lines`` with each heading and its items after the lines that
    follow them (the foul that gave a choice above the options weighed)."""
    out: list[str] = []
    group: list[str] = []
    for ln in lines:
        if ln.rstrip().endswith(":") and not ln.startswith(ITEMS):
            out, group = out + group, [ln]
        elif group and ln.startswith(ITEMS):
            group.append(ln)
        else:
            out.append(ln)
    return (*out, *group)


def blank_left(banner: Banner, size: int, width: int, room: int) -> int:
    """The pixels the card as it first shows (no scroll) leaves empty above
    who is next while rows are hidden (0: every row shows)."""
    _lines, body, nxt = _body_and_footer(banner, size, width, room)
    room -= rows_height(nxt, size) + (2 if nxt and body else 0)
    shown = _marked(body, 0, fit_rows(body, size, room), size, width)
    return 0 if len(shown) == len(body) else room - rows_height(shown, size)


def arranged(banner: Banner, size: int, width: int, room: int) -> Banner:
    """``banner`` as it fills ``room``: as it is where every row shows or
    what is hidden leaves less than a row empty; else its headings in their
    short forms, else each heading with its items after the lines below
    them (a heading stands with its items or folds with them: "Options
    weighed:" was dropped with its options and left its rows blank over
    "4 more lines"); whichever leaves the least empty."""
    if not banner.short and not any(ln.startswith(ITEMS) for ln in banner.lines):
        return banner
    short = dict(banner.short)
    brief = replace(banner, lines=tuple(short.get(ln, ln) for ln in banner.lines))
    tries = [banner, brief, replace(banner, lines=groups_last(banner.lines)),
             replace(brief, lines=groups_last(brief.lines))]
    row = ui.line_height(size) + 2
    best, least = banner, None
    for b in tries:
        left = blank_left(b, size, width, room)
        if left < row:
            return b
        if least is None or left < least:
            best, least = b, left
    return best


def _whole_beside_fold(box: pygame.Rect, banner: Banner, size: int, reserve: int,
                       beside: int) -> bool:
    """Whether the card's rows, some below it above the ``reserve`` row of
    the fold button, all fit with that row too, those level with the button
    no wider than ``beside``."""
    inner = box.inflate(-16, -12)
    y = inner.top + ui.paragraph(None, banner.title, size + 1, ui.INK, pygame.Rect(
        inner.left, inner.top, inner.width, 10 ** 6), bold=True)
    lh = ui.line_height(size)
    font = fonts.font(size)
    for r in (reserve, 0):
        room = inner.bottom - r - y
        _lines, body, nxt = _body_and_footer(banner, size, inner.width, room)
        nxt_h = rows_height(nxt, size) + (2 if nxt and body else 0)
        whole = fit_rows(body, size, room - nxt_h) == len(body)
        if whole == (r == reserve):
            return False  # (all there without the row, or not even with it)
    tops = [*row_tops(body, size, y), *row_tops(nxt, size, inner.bottom - nxt_h + (
        2 if nxt and body else 0))]
    level = inner.bottom - reserve + 4  # (the fold button's top)
    return all(font.size(words)[0] + indent <= beside
               for top, (_i, indent, words) in zip(tops, [*body, *nxt], strict=True)
               if top + lh > level)


def row_tops(rows: list[tuple[int, int, str]], size: int, top: int) -> list[int]:
    """Where each of ``rows`` is drawn from ``top`` (as :func:`draw_rows`)."""
    lh = ui.line_height(size)
    out, y = [], top
    for k, (i, _indent, _words) in enumerate(rows):
        y += 2 if k and rows[k - 1][0] != i else 0
        out.append(y)
        y += lh
    return out


def _draw_card(surface: pygame.Surface, box: pygame.Rect, banner: Banner,
               size: int, title: pygame.Rect) -> None:
    """The card's panel and its title."""
    ui.panel(surface, box, ui.FOUL_BG if banner.foul else ui.LEGAL_BG, name="ruling",
             border=ui.ACCENT)
    ui.paragraph(surface, banner.title, size + 1, ui.INK, title, bold=True)


def last_start(rows: list[tuple[int, int, str]], size: int, room: int) -> int:
    """The first row from which all the rest fit in ``room`` pixels: the
    farthest a scroll goes (counted from the bottom: from the top, the gaps
    between lines let one row too few reach the card, and "1 more" stayed
    however far the wheel went)."""
    last = len(rows)
    while last and fit_rows(rows[last - 1:], size, room) == len(rows) - last + 1:
        last -= 1
    return last


def _marked(body: list[tuple[int, int, str]], start: int, n: int, size: int,
            width: int) -> list[tuple[int, int, str]]:
    """Rows ``start`` to ``start + n``, as many as fit; on the card as it
    first shows, a line that goes on below the card shows what fits of it,
    cut where ``cut_rows`` says with "…" (the card left rows blank under
    «ещё 3 строки»: a long rule with its citation had no sentence end in
    the room).
    A heading whose items are all below the card is left to the wheel with
    them ("The options it weighed:" stood last over an empty row)."""
    shown = body[start:start + n]
    if not shown or start + n >= len(body):
        return shown
    i, _indent, words = shown[-1]
    whole = [row for row in shown if row[0] != i]
    if body[start + n][0] == i and start == 0:
        shown = [*whole, *cut_rows(shown[len(whole):], body[start + n][2], size,
                                   width)]
        if label_only(shown, body, i):
            # Its label alone ("Last shot…", the chips all under the note)
            # said nothing: the line is left whole to the note's count.
            shown = whole
        if not shown:
            return shown
        i, _indent, words = shown[-1]
    elif body[start + n][0] == i and whole:
        # Scrolled, a line going on below is left whole to the wheel: a notch
        # brings its rows, "N more" (the reader's wider rows) falling at each
        # (a cut row here kept "27 more" through four notches).
        shown = whole
        i, _indent, words = shown[-1]
    if body[start + len(shown)][0] != i and words.rstrip().endswith(":"):
        return [row for row in shown if row[0] != i]  # a heading, its items below
    return shown


def label_only(shown: list[tuple[int, int, str]], body: list[tuple[int, int, str]],
               i: int) -> bool:
    """Whether line ``i``, cut as ``shown`` ends, shows no more than the
    words before its first colon (a label whose content is all below)."""
    cut = " ".join(words for j, _x, words in shown if j == i).strip()
    line = " ".join(words for j, _x, words in body if j == i)
    label = line.split(":", 1)[0].strip() if ":" in line else None
    return bool(cut) and label is not None and cut.rstrip("…:").strip() == label


def cut_rows(part: list[tuple[int, int, str]], after: str, size: int, width: int
             ) -> list[tuple[int, int, str]]:
    """The rows of a line that fit on the card (``part``; ``after``: the
    row below them), as shown when the rest is hidden: up to the last
    sentence, clause-with-semicolon or chip end (``sentence_cut``) where
    that leaves at most one row blank (a sentence cut in half read as words
    lost: «Промах: удар переходит к»); else the last row up to its last
    clause end (",", ":", ";" or before a citation's "("); else up to its
    last whole word; "…" saying more follows. (Stopping only at a sentence
    end left the card empty over «ещё 3 строки» where a rule and its
    citation had none: never two rows blank while text is hidden.)"""
    k = len(part)
    font = fonts.font(size)

    def fits(j: int, text: str) -> bool:
        return font.size(text)[0] <= width - part[j - 1][1]

    def upto(j: int, text: str) -> list[tuple[int, int, str]]:
        return [*part[:j - 1], (*part[j - 1][:2], text)]

    for j in range(k, max(0, k - 2), -1):
        text = sentence_cut(part, j, part[j][2] if j < k else after)
        if text is not None and fits(j, text):
            return upto(j, text)
    before = " ".join(words for _i, _x, words in part[:-1])
    for text in [*clause_cuts(before, part[-1][2]), *word_cuts(part[-1][2])]:
        if fits(k, text):
            return upto(k, text)
    return part[:-1]


def clause_cuts(before: str, row: str) -> list[str]:
    """``row`` up to each clause end in it, the last first, with "…": after
    ",", ":" or ";", or before "(" (a citation's), outside brackets and
    quotes (``before``: the line's rows above it)."""
    ends = [at + 1 for at in range(len(row)) if row[at] in ",:;" and (
        row[at + 1:at + 2] in ("", " "))]
    ends += [at for at in range(1, len(row)) if row.startswith(" (", at)]
    out = []
    for end in sorted(set(ends), reverse=True):
        said = f"{before} {row[:end]}"
        if said.count("(") <= said.count(")") and said.count("«") <= said.count("»"):
            out.append(row[:end].rstrip(" ,;:·") + "…")
    return [text for text in out if text != "…"]


def word_cuts(row: str) -> list[str]:
    """``row`` up to each word end in it, the last first, with "…" (a word
    longer than the row: up to each letter). Words joined by a no-break
    space stay together («п.\xa02.4»)."""
    words = [w for w in row.split(" ") if w]
    out = [" ".join(words[:m]).rstrip(" ,;:·(«") + "…"
           for m in range(len(words), 0, -1)]
    out += [row[:c] + "…" for c in range(len(words[0]) - 1, 0, -1)] if words else []
    return [text for text in out if text != "…"]


MARKS = (". ", "; ", "! ", "? ", " · ")  # where a sentence, a clause or a chip ends


def sentence_cut(rows: list[tuple[int, int, str]], k: int, after: str) -> str | None:
    """The ``k``-th of a line's rows as shown when the line stops there: whole
    where it ends a sentence, a clause or a chip ("…; -5", "борты: 2 ·"),
    else up to the last such end inside it; None: none is in it (or all are
    inside brackets)."""
    before = " ".join(words for _i, _x, words in rows[:k - 1])
    row = rows[k - 1][2]
    ends = [len(row.rstrip())] if row.rstrip().endswith(
        tuple(m.strip() for m in MARKS)) or after.lstrip().startswith("·") else []
    ends += sorted((at + len(m.rstrip()) for m in MARKS for at in range(len(row))
                    if row.startswith(m, at)), reverse=True)
    for end in ends:
        said = f"{before} {row[:end]}"
        if end and said.count("(") <= said.count(")") and \
                said.count("«") <= said.count("»"):
            # (a chip's dot with nothing after it; the ellipsis: more follows)
            return row[:end].rstrip(" ·;,") + "…"
    return None


def _body_and_footer(banner: Banner, size: int, width: int, room: int
                     ) -> tuple[tuple[str, ...], list[tuple[int, int, str]],
                                list[tuple[int, int, str]]]:
    """The rows that scroll and the rows kept at the bottom. Who plays next
    stays at the bottom, never scrolled away, when it fits beside the
    ruling's first line whole (what happened and its rule: "the cue ball
    was struck with something other than the" once lost its rule to it);
    else only who shoots stays there, the choices to come following the
    first line; else all of it follows the first line and scrolls (the
    body's lines come first, in their order). Where the
    game stands (``state``: the table open, the groups) stays at the bottom
    with who shoots where both fit beside the first line whole; else it
    follows the first line, below what happened and who is next (kept
    whole over «Стол открыт», the miss that passed the turn was cut to
    «• Промах…»); the column's heading says it where the card has no row
    for it."""
    lines, state, nxt = banner.lines, banner.state, banner.next
    k = banner.lead  # (the first lines kept whole: after a break, two)
    first = rows_height(line_rows(lines[:k], size, width), size) + 2 if lines else 0
    # (body, foot, room the foot leaves above it)
    tries = [(lines, (*state, *nxt), first),
             ((*lines[:k], *nxt[1:], *lines[k:]), (*state, *nxt[:1]), first),
             ((*lines[:k], *nxt[1:], *state, *lines[k:]), nxt[:1], first)]
    # Who shoots (or chooses) next stays out of the fold even where the
    # ruling's first line does not fit whole beside it (it went behind
    # "1 more" under a choice's long title): with the line's first row
    # above it where that fits, else alone where the title says what
    # happened (a choice); a foul's card keeps what the foul was, the
    # heading above it naming who shoots.
    one = ui.line_height(size) + 2 if lines else 0
    tries += [((*lines[:k], *nxt[1:], *state, *lines[k:]), nxt[:1], need)
              for need in ((one,) if banner.foul else (one, 0))]
    for body_lines, foot, need in tries:
        foot_rows = line_rows(foot, size, width)
        if fit_rows(foot_rows, size, room - need) == len(foot_rows):
            # (the footer's rows numbered after the body's: a gap between lines)
            return body_lines, line_rows(body_lines, size, width), [
                (i + len(body_lines), x, w) for i, x, w in foot_rows]
    every = (*lines[:k], *nxt, *state, *lines[k:])
    return every, line_rows(every, size, width), []


def rows_height(rows: list[tuple[int, int, str]], size: int) -> int:
    lh = ui.line_height(size)
    return sum(lh + (2 if k and rows[k - 1][0] != i else 0)
               for k, (i, _, _) in enumerate(rows))
