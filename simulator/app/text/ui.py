"""Drawn widgets for the game screens: text that fits its box, buttons whose
words wrap, cards with a title that fold to one line.

Every line of text goes through :func:`line`, which shrinks the font a little
and then cuts the words with an ellipsis if they still do not fit; a cut line
remembers its whole text, shown when the mouse rests on it. Each frame the
lines drawn, the panels and the buttons are kept in :data:`FRAME`, so the
window routes clicks to the buttons (a click on a panel never reaches the
table below it) and tests check that no text is clipped and no panel covers
the table.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

import pygame

from simulator.app.text import fonts
from simulator.files.resources import wrap_words

Colour = tuple[int, int, int]
Action = Callable[[], None]

INK: Colour = (241, 234, 216)
DIM: Colour = (170, 176, 168)
FAINT: Colour = (120, 126, 120)
PANEL: Colour = (20, 26, 24)
CARD: Colour = (30, 38, 35)
ACCENT: Colour = (226, 190, 120)
RED: Colour = (220, 70, 60)
GREEN: Colour = (90, 190, 120)
FOUL_BG: Colour = (96, 30, 26)
LEGAL_BG: Colour = (24, 62, 42)
BUTTON: Colour = (43, 58, 51)
BUTTON_HOVER: Colour = (61, 90, 74)
BUTTON_OFF: Colour = (37, 41, 43)
BORDER: Colour = (107, 74, 43)
ELLIPSIS = "…"


@dataclass(frozen=True)
class TextRecord:
    """One line as drawn: its words, what was shown, where, and its box."""

    text: str
    shown: str
    rect: pygame.Rect
    box: pygame.Rect
    size: int

    @property
    def cut(self) -> bool:
        return self.shown != self.text


@dataclass
class Frame:
    """What one frame drew: lines, panels (rectangles drawn over the window)
    and the buttons, topmost last."""

    texts: list[TextRecord] = field(default_factory=list)
    panels: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)
    tips: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    # Drawn areas a click (pressed and released in them) acts on, not
    # buttons: the ruling card opens its reading view, which a click closes.
    areas: list[tuple[pygame.Rect, Action]] = field(default_factory=list)
    # Rows a message leaves whole, their whole width: the footer's keys (a
    # message on their row beside the words read as cutting them off).
    rows: list[pygame.Rect] = field(default_factory=list)

    def clear(self) -> None:
        self.texts.clear()
        self.rows.clear()
        self.panels.clear()
        self.buttons.clear()
        self.tips.clear()
        self.areas.clear()


FRAME = Frame()


@dataclass(frozen=True)
class Picture:
    """A part of the window as drawn once: its pixels and where, and the
    lines and panels its drawing recorded in :data:`FRAME`."""

    image: pygame.Surface
    at: tuple[int, int]
    texts: tuple[TextRecord, ...]
    tips: tuple[tuple[pygame.Rect, str], ...]
    panels: tuple[tuple[str, pygame.Rect], ...]


class Pictures:
    """Parts of the window that look the same frame after frame (the
    scoreboard while the balls roll), drawn once for what they show and then
    copied: ``key`` must hold every input of their drawing. Only for a part
    that covers its whole ``region`` (nothing under it shows through) and
    adds no buttons or areas to the frame."""

    def __init__(self, most: int = 8) -> None:
        self.most = most
        self._kept: OrderedDict[Hashable, Picture] = OrderedDict()
        self.drawn = 0  # times drawn afresh (for the tests)

    def draw(self, surface: pygame.Surface, region: pygame.Rect, key: Hashable,
             paint: Callable[[], None]) -> None:
        """``paint()`` draws the part onto ``surface``, inside ``region``;
        the copy kept for ``key`` instead, if there is one."""
        region = region.clip(surface.get_rect())
        if not region.width or not region.height or \
                surface.get_flags() & pygame.SRCALPHA:
            paint()  # (a copy with transparency would blend, not copy, back)
            return
        # (a picture copied from a window of another size or pixel format
        # would blit differently)
        full = (key, tuple(region), surface.get_size(), surface.get_bitsize(),
                surface.get_masks())
        pic = self._kept.get(full)
        if pic is not None:
            self._kept.move_to_end(full)
            surface.blit(pic.image, pic.at)
            FRAME.texts.extend(TextRecord(t.text, t.shown, t.rect.copy(), t.box.copy(),
                                          t.size) for t in pic.texts)
            FRAME.tips.extend((r.copy(), t) for r, t in pic.tips)
            FRAME.panels.extend((n, r.copy()) for n, r in pic.panels)
            return
        marks = (len(FRAME.texts), len(FRAME.tips), len(FRAME.panels),
                 len(FRAME.buttons), len(FRAME.areas), len(FRAME.rows))
        paint()
        self.drawn += 1
        if (len(FRAME.buttons), len(FRAME.areas), len(FRAME.rows)) != marks[3:]:
            return  # (what acts on clicks is never copied)
        self._kept[full] = Picture(
            surface.subsurface(region).copy(), region.topleft,
            tuple(FRAME.texts[marks[0]:]),
            tuple((r.copy(), t) for r, t in FRAME.tips[marks[1]:]),
            tuple((n, r.copy()) for n, r in FRAME.panels[marks[2]:]))
        while len(self._kept) > self.most:
            self._kept.popitem(last=False)


def veil(size: tuple[int, int], rgba: tuple[int, ...]) -> pygame.Surface:
    """A translucent cover, made once per size and colour."""
    return _veil(size, tuple(rgba))


@functools.lru_cache(maxsize=32)
def _veil(size: tuple[int, int], rgba: tuple[int, ...]) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill(rgba)
    return surf


def panel(surface: pygame.Surface, rect: pygame.Rect, colour: Colour | tuple[
        int, int, int, int] = CARD, name: str = "panel", border: Colour | None = None,
          radius: int = 6) -> None:
    """A filled box over the window, recorded (clicks inside it stay in it)."""
    if len(colour) == 4:
        surface.blit(veil(rect.size, colour), rect)
    else:
        pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, 1, border_radius=radius)
    FRAME.panels.append((name, rect.copy()))


def longest_fit(fits: Callable[[int], bool], most: int) -> int:
    """The largest n in 0..most with ``fits(n)``, for a ``fits`` that holds up
    to some n and fails beyond it. It doubles n from 1, then halves the gap:
    the work is about the answer's size (times its logarithm), never the
    whole text's, so a line cut from a name of 100,000 letters costs what
    one of 50 does."""
    if most <= 0 or not fits(1):
        return 0
    lo, step = 1, 1  # fits(lo) holds
    while lo < most:
        hi = min(most, lo + step)
        if not fits(hi):
            break
        lo, step = hi, step * 2
    else:
        return lo
    while hi - lo > 1:  # fits(lo), not fits(hi)
        mid = (lo + hi) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid
    return lo


@functools.lru_cache(maxsize=4096)
def fit(text: str, size: int, width: int, bold: bool = False, min_size: int = 10
        ) -> tuple[str, int]:
    """The words and font size that fit ``width``: the size shrinks by up to
    two points, then the end of the words gives way to an ellipsis. Time
    linear in the text's length (each whole-text measure once, the cut found
    from the start)."""
    s = size
    floor = max(min_size, size - 2)
    while s > floor and fonts.font(s, bold).size(text)[0] > width:
        s -= 1
    f = fonts.font(s, bold)
    if f.size(text)[0] <= width:
        return text, s
    n = longest_fit(lambda k: f.size(text[:k].rstrip() + ELLIPSIS)[0] <= width,
                    len(text))
    return (text[:n].rstrip() + ELLIPSIS) if n else ELLIPSIS, s


def shorten(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` if it fits ``width``, else as many whole words as fit with an
    ellipsis ("Maximilian…", never "Maximilian Oberhauser-Wittgens"); a first
    word too long for the width is cut where it must be."""
    f = fonts.font(size, bold)
    if f.size(text)[0] <= width:
        return text
    words = text.split(" ")
    n = longest_fit(lambda k: f.size(" ".join(words[:k]).rstrip(",;:·-") + ELLIPSIS)[0]
                    <= width, len(words) - 1)
    if n:
        return " ".join(words[:n]).rstrip(",;:·-") + ELLIPSIS
    return fit(text, size, width, bold, min_size=size)[0]


def line(surface: pygame.Surface, text: str, size: int, colour: Colour,
         box: pygame.Rect, align: str = "left", bold: bool = False,
         valign: str = "top") -> pygame.Rect:
    """Draw one line inside ``box`` (fitted, see :func:`fit`); the rectangle
    it took. A cut line shows its whole text when the mouse rests on it."""
    shown, s = fit(text, size, box.width, bold)
    img = fonts.text(shown, s, colour, bold)
    r = img.get_rect()
    if align == "centre":
        r.centerx = box.centerx
    elif align == "right":
        r.right = box.right
    else:
        r.left = box.left
    if valign == "middle":
        r.centery = box.centery
    elif valign == "bottom":
        r.bottom = box.bottom
    else:
        r.top = box.top
    surface.blit(img, r)
    FRAME.texts.append(TextRecord(text, shown, r.copy(), box.copy(), s))
    if shown != text:
        FRAME.tips.append((r.copy(), text))
    return r


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Lines that fit ``width``; a word longer than a line is split."""
    return list(_wrap(text, size, width, bold))


@functools.lru_cache(maxsize=2048)
def _wrap(text: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    # Every measure is of a piece no longer than a line (plus one word), and a
    # word longer than a line is cut from where the last cut ended: the time
    # is linear in the text's length (a name of 100,000 letters took minutes
    # when each cut measured the whole rest of the word).
    f = fonts.font(size, bold)

    def wide(piece: str) -> bool:
        return f.size(piece)[0] > width

    out: list[str] = []
    for para in text.split("\n"):
        cur = ""
        words = wrap_words(para)
        while words:
            word = words.pop(0)
            cand = word if not cur else f"{cur} {word}"
            if not wide(cand):
                cur = cand
                continue
            if " " in word and wide(word):
                # Words kept together («Отыгрыш: объявлен», «8,3 м/с») that
                # fit no row whole wrap as plain words, never cut mid-word.
                words[:0] = word.split(" ")
                continue
            if cur:
                out.append(cur)
            start = _cut_word(word, out, wide)
            cur = word[start:]
        out.append(cur)
    return tuple(out)


_PATH_CUTS = "/\\"  # a path wraps after these, never with a hyphen added
_PATH_SOFT = "/\\_-.·"


def _cut_word(word: str, out: list[str], wide: Callable[[str], bool]) -> int:
    """Cut a word wider than a line into pieces that fit, each with a hyphen,
    into ``out``; where the last piece (which fits whole) starts. A path
    ("exports/gallery/…") is cut after a separator and gets no hyphen: a
    hyphen read or copied as part of it would name another file."""
    path = any(c in word for c in _PATH_CUTS)
    mark = "" if path else "-"
    start = 0
    while start < len(word) - 1:
        rest = len(word) - start

        def fits(k: int, a: int = start, rest: int = rest) -> bool:
            if k == rest:
                return not wide(word[a:])
            return not wide(word[a:a + k] + mark)
        n = longest_fit(fits, rest)
        if n == rest:
            break
        n = max(1, n)
        if path:
            piece = word[start:start + n]
            cut = max(piece.rfind(c) for c in _PATH_SOFT)
            n = cut + 1 if cut > 0 else n
        out.append(word[start:start + n] + mark)
        start += n
    return start


def wrap_hanging(text: str, size: int, width: int, indent: int,
                 bold: bool = False) -> list[str]:
    """Lines under a hanging indent: the first takes the whole ``width``,
    the rest ``indent`` less (each wrapped at the width it is drawn in: all
    wrapped at the narrower one, a line could take a row more than it needs
    and the ruling card hid rows beside room left empty)."""
    rows = wrap(text, size, width - indent, bold)
    if not indent or len(rows) < 2 or "\n" in text:
        return rows
    first = wrap(text, size, width, bold)[0]
    rest = text[len(first):]
    if not text.startswith(first) or (rest and not rest.startswith(" ")):
        return rows  # (a word cut where the row ends: as wrapped)
    return [first, *wrap(rest[1:], size, width - indent, bold)] if rest else [first]


def line_height(size: int, bold: bool = False) -> int:
    return fonts.font(size, bold).get_linesize()


def paragraph(surface: pygame.Surface | None, text: str, size: int, colour: Colour,
              box: pygame.Rect, bold: bool = False, indent: int = 0) -> int:
    """Wrapped text from the top of ``box``; the height it takes. With no
    surface it only measures. Lines below the box are not drawn."""
    lh = line_height(size, bold)
    y = box.top
    for i, ln in enumerate(wrap_hanging(text, size, box.width, indent, bold)):
        if surface is not None and y + lh <= box.bottom + 1:
            x = box.left + (indent if i else 0)
            line(surface, ln, size, colour, pygame.Rect(x, y, box.right - x, lh),
                 bold=bold)
        y += lh
    return y - box.top


STILL = 6  # pixels a cursor may drift between the clicks of a double click
# Seconds a button that came up under a resting cursor (a new screen's, or one
# that took another's place) takes no press at that spot: longer than the gap
# between a double click's clicks (0.1-0.3 s) and than the time to see a
# change and react (about 0.25 s), so a click already on its way when the
# button changed is not taken by the new one; shorter than it takes to read
# a new button and decide to click it.
FRESH = 0.4
# The same for a button that came up where a computer's watch button was
# (1x/2x/4x/Skip, "Skip to the end") as its turn ended: one rests there and
# clicks again and again, and the turn's end (its balls stopping) comes at
# a moment nobody sees coming, so a click on its way is likelier and the
# reaction is no help (a play-tester clicking 2x every 1.5 s had Undo take
# back three shots). One who moves the mouse is not held at all; one who
# reads the new button ("Undo") and clicks it without moving waits 4 s.
FRESH_AFTER_WATCH = 4.0


def _key_width(key: str, size: int) -> int:
    return fonts.width(key, max(10, size - 2)) + 8 if key else 0


def _word_cut(label: str, size: int, room: int) -> bool:
    """Whether a word of ``label`` is wider than ``room``."""
    return any(fonts.width(w, size) > room for w in label.split())


# Measured every frame for every button of the column, the same words in the
# same width: kept.
@functools.lru_cache(maxsize=2048)
def _label_lines(label: str, key: str, width: int, size: int, cap_under: bool
                 ) -> tuple[tuple[str, ...], bool, int, int]:
    """A button's label's lines in a button ``width`` wide, whether the key
    goes on a line of its own under them, the key's size and its width
    beside the words. With ``cap_under`` (half-width buttons, every line
    counting at 800x500), a key that would break the label over two lines
    goes closer to it ("Фол: дальше" beside "O"); where even so a word would
    be broken ("Продолжить" beside "Пробел"), under the words. Always in the
    size of the other keys: a point smaller, 9 px at 800x500, could not be
    read."""
    ks, kw = max(10, size - 2), _key_width(key, size)
    lines = tuple(wrap(label, size, width - 16 - kw))
    if not key or len(lines) == 1:
        return lines, False, ks, kw
    if not cap_under:
        # A word broken beside the key («Расстав-ить заново» beside
        # "Space" at 800x500) where it fits whole without it: the key
        # under the words, every word whole.
        if _word_cut(label, size, width - 16 - kw) and not _word_cut(label, size,
                                                                     width - 16):
            return tuple(wrap(label, size, width - 16)), True, ks, kw
        return lines, False, ks, kw
    kw = fonts.width(key, ks) + 4
    small = tuple(wrap(label, size, width - 16 - kw))
    if len(small) == 1:
        return small, False, ks, kw
    # Closer still where that keeps the words in one row: the key a few
    # pixels from them («Объявить фол» beside "F" at 800x500).
    tight = kw - 2
    if len(wrap(label, size, width - 16 - tight)) == 1:
        return (label,), False, ks, tight
    if _word_cut(label, size, width - 16 - kw):
        return tuple(wrap(label, size, width - 16)), True, ks, kw
    return small, False, ks, kw


class Button:
    """A drawn button: words that wrap over as many lines as they need, a
    key shown at its right, disabled when it has no action."""

    def __init__(self, label: str, action: Action | None, key: str = "",
                 ident: str = "", primary: bool = False, selected: bool = False,
                 back: Action | None = None) -> None:
        self.label = label
        self.action = action
        self.back = back  # a right click's action (a choice's value before)
        self.refused: Action | None = None  # a click while disabled: says why
        self.key = key
        self.ident = ident or label
        self.primary = primary
        self.selected = selected
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.size = 14
        # A press before the app's time ``ready_at`` (App.elapsed) where the
        # cursor stood when the button came up (``still_at``) is not taken.
        self.ready_at = 0.0
        self.still_at: tuple[int, int] | None = None
        self.cap_under = False  # the key under words it would break (see _lines)

    @property
    def enabled(self) -> bool:
        return self.action is not None

    def _key_w(self, size: int) -> int:
        return _key_width(self.key, size)

    def _lines(self, width: int, size: int) -> tuple[list[str], bool, int, int]:
        """The label's lines in a button ``width`` wide, whether the key goes
        on a line of its own under them, the key's size and its width beside
        the words (see :func:`_label_lines`)."""
        lines, under, ks, kw = _label_lines(self.label, self.key, width, size,
                                            self.cap_under)
        return list(lines), under, ks, kw

    def _cut(self, size: int, room: int) -> bool:
        """Whether a word of the label is wider than ``room``."""
        return _word_cut(self.label, size, room)

    def measure(self, width: int, size: int) -> int:
        lines, under, ks, _kw = self._lines(width, size)
        # (a key's line under the words brings its own leading: less padding)
        return len(lines) * line_height(size) + under * (line_height(ks) - 4) + 10

    def place(self, x: int, y: int, width: int, size: int) -> int:
        """Put the button at (x, y), ``width`` wide; its height."""
        self.size = size
        self.rect = pygame.Rect(x, y, width, self.measure(width, size))
        return self.rect.height

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int] | None) -> None:
        r = self.rect
        hover = mouse is not None and r.collidepoint(mouse) and self.enabled
        bg = BUTTON_OFF if not self.enabled else (
            # (a picked one keeps its colour under the pointer: the hover's
            # hid that it was picked)
            (31, 107, 72) if self.selected else BUTTON_HOVER if hover
            else ((31, 107, 72) if self.primary else BUTTON))
        pygame.draw.rect(surface, bg, r, border_radius=6)
        edge = ACCENT if self.selected else ((201, 163, 107) if hover else BORDER)
        pygame.draw.rect(surface, edge, r, 1, border_radius=6)
        colour = INK if self.enabled else FAINT
        lines, under, ks, kw = self._lines(r.width, self.size)
        inner = pygame.Rect(r.left + 8, r.top + 5, r.width - 16 - (0 if under else kw),
                            r.height - 10)
        lh = line_height(self.size)
        kh = line_height(ks) - 4 if under else 0
        # In the middle of a button made taller than its words (a row's height).
        y = inner.top + max(0, (inner.height - len(lines) * lh - kh) // 2)
        for ln in lines:
            line(surface, ln, self.size, colour, pygame.Rect(inner.left, y,
                                                             inner.width, lh))
            y += lh
        if self.key:
            # (under the words: from the foot of their last line down, never
            # over it)
            cap = pygame.Rect(r.right - kw - 4, y, kw, kh + 4) if under else \
                pygame.Rect(r.right - kw - 4, r.top, kw, r.height)
            line(surface, self.key, ks, FAINT if self.enabled else (90, 94, 90),
                 cap, align="right", valign="top" if under else "middle")
        FRAME.buttons.append(self)

    def takes_press(self, pos: tuple[int, int], now: float) -> bool:
        """Whether a press at ``pos`` at the app's time ``now`` is for this
        button: not one at the resting cursor it came up under, before
        ``ready_at`` (the second click of a double click on the button it
        replaced)."""
        if now >= self.ready_at or self.still_at is None:
            return True
        return abs(pos[0] - self.still_at[0]) + abs(pos[1] - self.still_at[1]) > STILL


def column(buttons: Sequence[Button], x: int, y: int, width: int, size: int,
           gap: int = 6) -> int:
    """Stack buttons from (x, y); the y below the last."""
    for b in buttons:
        y += b.place(x, y, width, size) + gap
    return y


def grid(buttons: Sequence[Button], rect: pygame.Rect, size: int, cols: int = 2,
         gap: int = 6, wide_first: bool = False) -> int:
    """Buttons in rows of ``cols`` from the top of ``rect``; the y below.
    ``wide_first``: the first button a row of its own (the others in the
    rows they had with one more before it)."""
    w = (rect.width - gap * (cols - 1)) // cols
    lone = 1 if wide_first and buttons else 0
    rows = [buttons[:lone]] if lone else []
    rows += [buttons[i:i + cols] for i in range(lone, len(buttons), cols)]
    y = rect.top
    for k, row in enumerate(rows):
        bw = rect.width if lone and k == 0 else w
        h = max(b.measure(bw, size) for b in row)
        for j, b in enumerate(row):
            b.place(rect.left + j * (w + gap), y, bw, size)
            b.rect.height = h
        y += h + gap
    return y


def row_needs(buttons: Sequence[Button], size: int) -> list[int]:
    """The width each of ``buttons`` needs in :func:`row` (its words, its key)."""
    return [fonts.width(b.label, size) + 18 + b._key_w(size) for b in buttons]


def row(buttons: Sequence[Button], rect: pygame.Rect, size: int, gap: int = 4) -> int:
    """Buttons side by side in one row across ``rect``, each as wide as its
    words need and the width left shared out (a short "1×" beside a long
    "Пропустить"); the y below. For a few small buttons where two columns
    of them take too much of a low window."""
    if not buttons:
        return rect.top
    need = row_needs(buttons, size)
    spare = max(0, rect.width - gap * (len(buttons) - 1) - sum(need)) // len(buttons)
    x = rect.left
    h = 0
    for b, w in zip(buttons, need, strict=True):
        h = max(h, b.place(x, rect.top, w + spare, size))
        x += w + spare + gap
    for b in buttons:
        b.rect.height = h
    return rect.top + h + gap


def tooltip(surface: pygame.Surface, mouse: tuple[int, int], area: pygame.Rect,
            size: int) -> None:
    """The whole words of a cut line under the mouse, kept inside ``area``."""
    for rect, text in reversed(FRAME.tips):
        if rect.collidepoint(mouse):
            # Even the whole words fit the area (a name of thousands of
            # letters is cut there too, never drawn as one huge picture).
            text, size = fit(text, size, max(20, area.width - 12))
            img = fonts.text(text, size, INK)
            box = img.get_rect().inflate(12, 6)
            box.midtop = (rect.centerx, rect.top)
            box.clamp_ip(area)
            pygame.draw.rect(surface, (10, 14, 12), box, border_radius=4)
            pygame.draw.rect(surface, ACCENT, box, 1, border_radius=4)
            at = img.get_rect(center=box.center)
            surface.blit(img, at)
            FRAME.texts.append(TextRecord(text, text, at, box.copy(), size))
            return
