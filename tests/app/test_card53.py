"""The ruling card after a break: the break's legality first, then who plays
next, both whole; the last shot's line wrapped between its phrases; no line
drawn cut beside "1 more line"."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session, turn_notes
from simulator.app.text import fonts
from simulator.app.text.words import cite
from tests.app.helpers import frame, key, make_app, run_until, to_the_break
from tests.app.scenes import LANGS, SIZES
from tests.app.test_card51 import hard_break


def legal_break_141(app: App) -> Session:
    """Anna's 14.1 break (seed 5) glancing the rack's corner: the 6 first,
    six object balls and the cue ball to a rail, nothing down (14.1 rule 6:
    legal); Boris's turn shows the card as it comes."""
    s = to_the_break(app, ["Anna", "Boris"], "14.1", {"target": 5})
    s.aim = s.aim.with_power(0.6).turned(3.0)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: bool(s.shots), limit=6000)
    frame(app, n=30)
    _shot, ruling = s.shots[-1]
    assert not ruling.fouls  # (nothing down: the miss passes the turn)
    assert [n.code.id for n in ruling.notes] == ["note.break_legal", "note.miss"]
    return s


def card_rows(app: App) -> list[tuple[int, str, str]]:
    """The ruling card's rows as drawn, top down: (top, words, as shown)."""
    [box] = [r for name, r in app.panels if name == "ruling"]
    return sorted((t.rect.top, " ".join(t.text.split()), t.shown)
                  for t in app.texts if box.contains(t.rect))


def flat(text: str) -> str:
    return " ".join(text.split())


def said(s: Session, code: str) -> str:
    _shot, ruling = s.shots[-1]
    [n] = [n for n in ruling.notes if n.code.id == code]
    return flat(f"• {cite(s.locale, n.code, n.ref, s.discipline)}")


def row_of(rows: list[tuple[int, str, str]], line: str) -> int:
    """The top of the first of the rows that draw ``line`` whole, in order."""
    words = [w for _y, w, _shown in rows]
    for i in range(len(words)):
        for j in range(i + 1, len(words) + 1):
            if " ".join(words[i:j]) == line:
                return rows[i][0]
    raise AssertionError(f"{line!r} not whole on the card: {words}")


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["8-ball", "9-ball", "14.1", "14.1 no pot"])
def test_a_legal_break_says_its_legality_then_who_plays_next(
        game: str, lang: str, size: tuple[int, int]) -> None:
    """8-ball rule 5, 9-ball rule 3, 14.1 rule 6: the referee says the
    break legal, then who plays and why (general rules 4 and 30, 9-ball
    rule 1): the card's first two lines, both whole as first shown (the
    turn's line was first, «Legal break» under it). Where the whole column
    has no room for both (8-ball in Russian at 800x500: a three-row turn),
    who plays next stays first and whole, as before."""
    app = make_app(lang, size)
    try:
        s = legal_break_141(app) if game == "14.1 no pot" else hard_break(app, game)
        _shot, ruling = s.shots[-1]
        [turn] = [n.code.id for n in ruling.notes if n.code.id in turn_notes()]
        legal, nxt = said(s, "note.break_legal"), said(s, turn)
        assert s.banner is not None
        assert [flat(ln) for ln in s.banner.lines[:2]] == [legal, nxt]
        rows = card_rows(app)
        if (game, lang, size) == ("8-ball", "ru", (800, 500)):
            assert row_of(rows, nxt) == rows[1][0], rows  # under the title
            return
        assert row_of(rows, legal) == rows[1][0], rows
        assert row_of(rows, legal) < row_of(rows, nxt), rows
        assert flat(s.banner.next[0]) in [w for _y, w, _s in rows]
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", [*SIZES, (1100, 650)],
                         ids=("1280x720", "800x500", "1100x650"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_last_shot_wraps_between_its_phrases(lang: str,
                                                 size: tuple[int, int]) -> None:
    """"first contact: the 6 · cushions reached by 6 object balls": each
    phrase between the dots (and the line's own "Last shot:") on one row of
    the card, scrolled down to it with the wheel; no row starts or ends
    inside one ("cushions" / "reached by 5 object balls")."""
    app = make_app(lang, size)
    try:
        s = legal_break_141(app)
        last = flat(s.banner.lines[-1]) if s.banner else ""
        label = flat(app.t("banner.last_shot", chips=""))
        assert last.startswith(label)
        phrases = [label, *last[len(label):].strip().split(" · ")]
        assert len(phrases) == 3  # the label, first contact, the cushions
        [box] = [r for name, r in app.panels if name == "ruling"]
        frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=box.center,
                                      rel=(0, 0), buttons=(0, 0, 0)))
        for _ in range(12):
            frame(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
        [box] = [r for name, r in app.panels if name == "ruling"]
        texts = sorted((t for t in app.texts if box.contains(t.rect)),
                       key=lambda t: t.rect.top)
        start = next(i for i, t in enumerate(texts) if flat(t.text).startswith(label))
        drawn = [flat(t.text) for t in texts[start:]]
        assert last in " ".join(drawn), (last, drawn)
        # (a phrase wider than the line's narrowest row wraps by its words)
        font = fonts.font(texts[start].size)
        room = min(t.box.width for t in texts[start:start + 2])
        held = [p for p in phrases if font.size(p)[0] <= room]
        assert len(held) >= 2, (phrases, room)  # the label and first contact
        for phrase in held:
            assert any(phrase in w for w in drawn), (phrase, drawn)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_no_line_drawn_cut_beside_one_more_line(lang: str) -> None:
    """1100x650, the 14.1 break above: the last shot's line once showed
    cut («Last shot: first contact: the 6…») beside «1 more line»: a card
    that shows all its rows with the fold button's row too takes it (who
    is next beside the button), and needs no note; a cut row never stands
    beside a note of one line."""
    app = make_app(lang, (1100, 650))
    try:
        s = legal_break_141(app)
        rows = card_rows(app)
        shown = [sh for _y, _w, sh in rows]
        ones = {app.t(k, n=1) for k in ("ruling.more",)}
        assert not (ones & set(shown) and any(sh.endswith("…") for sh in shown)), rows
        if lang == "en":  # (in Russian the line takes two rows: "2 more")
            words = " ".join(w for _y, w, _sh in rows)
            assert s.banner is not None and flat(s.banner.lines[-1]) in words, rows
            assert not ones & set(shown)
    finally:
        pygame.display.quit()
