"""Found in play: F1's help filled its first page to the brim and left a
quarter of the second; the "N more below" notes counted wrapped rows as if
they were items; the gallery's export notice pushed its explanation out of
an 800x500 window, and Russian explanations needed scrolling there."""

from __future__ import annotations

import re

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.gallery import GalleryPlayMode
from tests.app.helpers import (
    frame,
    key,
    make_app,
    more_below,
    open_gallery,
    open_help_from_menu,
    run_until,
)
from tests.app.scenes import LANGS, SIZES

LOW = (800, 500)


def at_the_foul(app: App, i: int) -> GalleryPlayMode:
    """The gallery's entry ``i`` played to its foul and drawn there: the way
    there at a brisk speed (its slow motion took hundreds of frames an
    entry, none of them what is checked), the foul at the entry's own."""
    g = open_gallery(app, i)
    pb = g.player.playback
    speed = pb.speed
    pb.speed = 4.0
    run_until(app, lambda: g.at_foul, limit=3600)
    pb.speed = speed
    frame(app, n=2)
    return g


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_every_help_page_is_at_least_half_full_and_nothing_is_cut(
        lang: str, size: tuple[int, int]) -> None:
    """F1 from the menu, turned page by page (PgDn): every page, the last
    too, holds text rows over at least half of its two columns' room (the
    English second page at 1280x720 held a third of it, its first crammed),
    no line is cut or drawn outside the page, and every key and every word
    of what it does is on some page, at 13 px or more."""
    from simulator.app.screens.help import MIN_SIZE
    app = make_app(lang, size)
    try:
        mode = open_help_from_menu(app)
        w, h = size
        from simulator.app.screens.backdrop import title_bottom
        top = title_bottom((w, h), mode.title()) + 12  # type: ignore[attr-defined]
        bottom = h - 56
        fills, words = [], []
        for page in range(mode.pages):  # type: ignore[attr-defined]
            assert mode.page == page  # type: ignore[attr-defined]
            body = [t for t in app.texts if t.rect.top >= top - 4 and
                    t.rect.bottom <= bottom + 4]
            assert not [t.text for t in body if t.cut]
            assert all(t.rect.left >= 0 and t.rect.right <= w and t.size >= MIN_SIZE
                       for t in body)
            # Rows drawn in each column, as the room they take.
            lh = max(t.rect.height for t in body)
            rows = [len({t.rect.top // (lh // 2 + 1) for t in body
                         if (t.rect.left < w // 2) == (c == 0)}) for c in (0, 1)]
            fills.append(sum(rows) * lh / (2 * (bottom - top)))
            words += " ".join(t.text for t in body).split()
            key(app, pygame.K_PAGEDOWN)
            frame(app)
        assert min(fills) >= 0.5, [round(f, 2) for f in fills]
        # Every word of every section as the screen words it (figures filled in).
        for _head, rows in mode.sections():  # type: ignore[attr-defined]
            for row in rows:
                for word in " ".join(row).split():
                    assert word in words, (word, row)
    finally:
        pygame.display.quit()


def _counts_lines(app: App, n: int, text: str) -> bool:
    """Whether ``text`` says "``n`` more lines" with the word for lines the
    language gives that number."""
    from simulator.files.resources import plural_form
    form = plural_form(app.locale.lang, n)
    unit = {"one": "line", "other": "lines"}[form] if app.locale.lang == "en" else \
        {"one": "строка", "few": "строки", "many": "строк"}[form]
    return re.search(rf"\b{n} (more )?{unit}\b", text) is not None


@pytest.mark.parametrize("lang", LANGS)
def test_more_below_says_lines_on_the_card_and_in_a_dialog(lang: str) -> None:
    """At 800x500 the long foul card's note and a long dialog's note say
    their number is of lines ("ещё 27 строк", "27 more lines"), the Russian
    word agreeing with the number: "ещё 27" read as 27 more items. Each note
    is drawn whole and names V."""
    from simulator.app.dialogs.confirm import confirm_dialog
    from tests.app.test_playfix12_card import _long_express_foul
    app = make_app(lang, LOW)
    try:
        _s, mode = _long_express_foul(app, 28)
        card = mode.banner_rect
        assert card is not None and mode.banner_hidden > 0
        n = mode.banner_hidden
        notes = [t for t in app.texts if card.contains(t.rect) and
                 _counts_lines(app, n, t.text)]
        assert notes and not notes[0].cut and "V" in notes[0].shown, \
            [t.shown for t in app.texts if card.contains(t.rect)]

        body = " ".join([app.t("concede.leave_body", name="Anna")] * 12)
        app.push_dialog(confirm_dialog(app, "?", body, app.t("common.ok"),
                                       lambda: None))
        frame(app, n=2)
        notes = more_below(app)
        assert notes, [t.shown for t in app.texts]
        note = next(t for t in app.texts if t.text == notes[0])
        n = int(next(w for w in note.text.split() if w.isdigit()))
        assert _counts_lines(app, n, note.shown) and not note.cut and \
            "V" in note.shown, note
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_every_gallery_explanation_is_whole_at_800x500_after_an_export_too(
        lang: str) -> None:
    """Each foul of the gallery at 800x500, stopped at its foul: the whole
    explanation is in the side column (no "N more lines below"), and still
    is after an export once "Saved <file>" has gone at the next key (the
    last export's line above it pushed the end out of the window); the
    Export button then offers to export again. About ten Russian entries
    needed the Down key, the Russian 8 off the table (its side view over
    the text) the last of them."""
    from pathlib import Path

    from simulator.app.dialogs.export import tell_saved
    from simulator.app.screens.gallery import _entries
    app = make_app(lang, LOW)
    cut = []
    try:
        for i in range(len(_entries())):
            app.kept.pop("export.last", None)
            g = at_the_foul(app, i)
            more = app.t("practice.more", n=g.body_hidden)
            if g.body_hidden or more in [t.text for t in app.texts]:
                cut.append((g.entry.id, g.body_hidden))
            saved = Path("/tmp/clips") / f"{g.entry.id}.mp4"
            tell_saved(app, saved, of=g.entry.id)
            frame(app, n=2)
            assert app.toast is not None and saved.name in app.toast[0]
            key(app, pygame.K_t)  # the next key (the trails): the message goes
            frame(app, n=2)
            assert app.t("gallery.export_again") in [b.label for b in g.side_btns]
            if g.body_hidden:
                cut.append((g.entry.id + " saved", g.body_hidden))
        assert not cut, cut
    finally:
        pygame.display.quit()
