"""The scoreboard across the top of the window: a card per player (name,
score, details, the balls of a group) and the game's centre lines. A name too
long for its card is cut with an ellipsis and shown whole on hover."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from simulator.app.text import fonts, ui


@dataclass(frozen=True)
class PlayerCard:
    name: str
    score: str  # the big number (games or points)
    details: tuple[str, ...]
    active: bool
    out: bool = False  # Express: knocked out
    balls: tuple[int, ...] = ()  # shown as small balls (8-ball: the group left)
    mark: str = ""  # beside the name, dim: "(computer)" for a named computer seat
    unit: str = ""  # under the big number, small: what it counts ("points")


# The board is drawn the same frame after frame while the balls roll: kept,
# for exactly what it shows (cards, centre lines, table, place).
PICTURES = ui.Pictures()


def draw_scoreboard(surface: pygame.Surface, rect: pygame.Rect,
                    cards: Sequence[PlayerCard], centre: Sequence[str],
                    table: str | None = None) -> None:
    """The board (see :func:`paint_scoreboard`), copied from the last frame
    that showed the same."""
    def paint() -> None:
        paint_scoreboard(surface, rect, cards, centre, table)
    if rect.right < surface.get_width():  # (its edge's line overhangs its right)
        paint()
        return
    # (its edge's line, 3 px about the bottom, takes two rows under it)
    region = pygame.Rect(rect.left, rect.top, rect.width, rect.height + 2)
    PICTURES.draw(surface, region, (tuple(rect), tuple(cards), tuple(centre), table),
                  paint)


def paint_scoreboard(surface: pygame.Surface, rect: pygame.Rect,
                     cards: Sequence[PlayerCard], centre: Sequence[str],
                     table: str | None = None) -> None:
    """Player cards and the game's centre lines. Up to four players sit in
    one row (two players either side of the centre); five to eight in two
    rows. A name too long for its card is cut with an ellipsis and shown
    whole when the mouse rests on it."""
    pygame.draw.rect(surface, (14, 18, 17), rect)
    pygame.draw.line(surface, (60, 44, 30), rect.bottomleft, rect.bottomright, 3)
    n = max(1, len(cards))
    rows, per_row, centre_w, card_w, row_h = _grid(rect, n)
    size = card_text_size(row_h - 4)
    big = max(14, min(30, int(row_h * 0.5)))
    for i, card in enumerate(cards):
        r, c = divmod(i, per_row)
        x = rect.left + c * card_w
        if n == 2 and i == 1:
            x = rect.left + card_w + centre_w
        box = pygame.Rect(x + 2, rect.top + 3 + r * row_h, card_w - 4, row_h - 2)
        _card(surface, box, card, size, big, table, compact=rows == 2)
    cbox = centre_box(rect, n)
    y = cbox.top + 1
    for i, text in enumerate(centre):
        s = centre_size(size, i)
        lh = ui.line_height(s, bold=i == 0)
        if y + lh > cbox.bottom + 3:
            break
        ui.line(surface, text, s, ui.INK if i == 0 else ui.DIM,
                pygame.Rect(cbox.left, y, cbox.width, lh), align="centre", bold=i == 0)
        y += lh


def _grid(rect: pygame.Rect, n: int) -> tuple[int, int, int, int, int]:
    """The board's rows, cards a row, the centre's and a card's widths and
    a row's height for ``n`` players."""
    rows = 1 if n <= 4 else 2
    per_row = n if rows == 1 else (n + 1) // 2
    centre_w = int(rect.width * (0.24 if n <= 2 else 0.18))
    card_w = (rect.width - centre_w) // per_row
    return rows, per_row, centre_w, card_w, (rect.height - 6) // rows


def centre_box(rect: pygame.Rect, n: int) -> pygame.Rect:
    """Where the centre lines stand on a board of ``n`` players."""
    n = max(1, n)
    _rows, per_row, centre_w, card_w, _row_h = _grid(rect, n)
    cx = rect.left + card_w if n == 2 else rect.left + per_row * card_w
    return pygame.Rect(cx + 4, rect.top + 3, rect.right - cx - 8 if n != 2 else
                       centre_w - 8, rect.height - 8)


def centre_size(size: int, i: int) -> int:
    """The size of centre line ``i`` on cards of text ``size``: the game's
    name a point over, the rest a point under."""
    return size + 1 if i == 0 else max(10, size - 1)


def centre_fits(rect: pygame.Rect, n: int, i: int, text: str) -> bool:
    """Whether ``text`` as centre line ``i`` of a board of ``n`` players in
    ``rect`` is drawn whole (not cut with an ellipsis): a screen with
    shorter words for a narrow board picks by it."""
    size = centre_size(card_text_size(_grid(rect, max(1, n))[4] - 4), i)
    return ui.fit(text, size, centre_box(rect, n).width, i == 0)[0] == text


def card_text_size(height: int) -> int:
    """The size of a card's name so that it and its details line (two points
    smaller) fit ``height`` pixels."""
    size = 16
    while size > 10 and ui.line_height(size + 1, True) + ui.line_height(
            max(10, size - 2)) > height:
        size -= 1
    return size


def _stack_height(big: int, small: int) -> int:
    """The height of the big number with its word under it."""
    return fonts.font(big, True).get_height() + fonts.font(small).get_height()


def _card(surface: pygame.Surface, box: pygame.Rect, card: PlayerCard, size: int,
          big: int, table: str | None, compact: bool) -> None:
    bg = (38, 72, 52) if card.active else (28, 32, 30)
    if card.out:
        bg = (50, 30, 30)
    pygame.draw.rect(surface, bg, box, border_radius=6)
    if card.active:
        pygame.draw.rect(surface, ui.ACCENT, box, 2, border_radius=6)
    if compact:
        big = max(12, min(big, box.height - 6))
    us = max(10, size - 3)
    if card.unit:  # the number a little smaller, so that its word fits under it
        while big > 12 and _stack_height(big, us) > box.height:
            big -= 1
    score_w = max(fonts.font(big, True).size(card.score)[0],
                  fonts.font(us).size(card.unit)[0] if card.unit else 0)
    score_box = pygame.Rect(box.right - score_w - 8, box.top, score_w, box.height)
    colour = ui.ACCENT if card.active else ui.INK
    if card.unit:
        top = box.top + (box.height - _stack_height(big, us)) // 2
        num = ui.line(surface, card.score, big, colour, pygame.Rect(
            score_box.left, top, score_w, box.bottom - top), align="right", bold=True)
        ui.line(surface, card.unit, us, ui.DIM, pygame.Rect(
            score_box.left, num.bottom, score_w, box.bottom - num.bottom),
            align="right")
    else:
        ui.line(surface, card.score, big, colour, score_box, bold=True,
                valign="middle")
    room = pygame.Rect(box.left + 8, box.top + 1, box.width - score_w - 22,
                       box.height - 2)
    lh = ui.line_height(size + 1, True)
    # The mark keeps its room: a long name is cut, never the mark.
    ms = max(10, size - 1)
    mark_w = fonts.font(ms).size(card.mark)[0] + 4 if card.mark else 0
    name_r = ui.line(surface, card.name, size + 1, ui.INK, pygame.Rect(
        room.left, room.top, max(20, room.width - mark_w), lh), bold=card.active)
    if card.mark:
        mark_r = ui.line(surface, card.mark, ms, ui.DIM, pygame.Rect(
            name_r.right + 4, room.top, mark_w, lh), valign="middle")
        name_r = name_r.union(mark_r)
    if card.balls and table is not None:
        from simulator.app.table.balls3d import ball_icon
        rad = max(4, int(size * 0.45))
        bx = name_r.right + rad + 6
        by = name_r.centery
        for b in card.balls:
            if bx + rad > room.right:
                break
            icon = ball_icon(table, b, rad)
            surface.blit(icon, icon.get_rect(center=(bx, by)))
            bx += 2 * rad + 2
    dy = room.top + lh
    ds = max(10, size - 2)
    dh = ui.line_height(ds)
    text = " · ".join(card.details)
    if text and dy + dh <= box.bottom + 2:
        ui.line(surface, text, ds, ui.DIM, pygame.Rect(room.left, dy, room.width, dh))
