"""The side column's cards as a person at a real window read them: the ruling
card marks its ruling (who is next and from where, the choices) apart from
the fouls above it; the Russian timeline caption at 800x500 says whole
events, never half a word, and still names the event under the pointer;
the Russian "take the hint" button keeps its words on one line."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.replay.timeline import mark_label
from simulator.app.text.ui import ACCENT as RULING_INK  # (the ruling's colour)
from simulator.app.text.ui import TextRecord
from tests.app.helpers import banner_hint, frame, make_app, move, open_gallery
from tests.app.scenes import LANGS, SIZES, open_scene


def _inked(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]
           ) -> int:
    """How many pixels of ``rect`` are (nearly) ``colour``: the glyphs' cores
    of a line drawn in it."""
    n = 0
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            c = surface.get_at((x, y))
            n += all(abs(c[k] - colour[k]) <= 12 for k in range(3))
    return n


# -- 1. the ruling line marked ---------------------------------------------------------

@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_ruling_line_is_marked_apart_from_the_fouls(
        lang: str, size: tuple[int, int]) -> None:
    """8-ball: the cue ball struck with something other than the tip (a
    foul, general rule 3); the referee rules ball in hand for the opponent
    (general rule 3 with 8-ball's ball in hand anywhere). The card's line
    saying so stands on a band with a bar at its left, in its own colour;
    the foul's bulleted line above it has neither."""
    app = open_scene("banner", "8-ball", lang, size)
    try:
        s, mode = app.session, app.mode
        assert s is not None and s.banner is not None and mode is not None
        card = mode.banner_rect  # type: ignore[attr-defined]
        assert card is not None
        ruling = s.banner.next[0]
        rows = [t for t in app.texts if card.contains(t.rect)]
        said = [t for t in rows if t.text.strip() and " ".join(t.text.split()) in
                " ".join(ruling.split())]
        fouls = [t for t in rows if t.text.startswith("• ")]
        assert said and fouls, [t.text for t in rows]
        marks = mode.ruling_marks  # type: ignore[attr-defined]
        assert marks, "no line of the card is marked as the ruling"
        for t in said:
            assert any(m.contains(t.rect) for m in marks), (t.text, marks)
        for t in fouls:
            assert not any(m.colliderect(t.rect) for m in marks), (t.text, marks)
        screen = app.screen
        for m in marks:  # the bar at the band's left
            assert tuple(screen.get_at((m.left + 1, m.centery)))[:3] == RULING_INK
        foul = fouls[0]
        assert tuple(screen.get_at((marks[0].left + 1, foul.rect.centery)))[:3] \
            != RULING_INK
        # The ruling's words in the ruling's colour, the foul's not.
        assert _inked(screen, said[0].rect, RULING_INK) > 10
        assert _inked(screen, foul.rect, RULING_INK) == 0
    finally:
        pygame.display.quit()


# -- 3. the timeline's caption in whole words ------------------------------------------

CLIPS = ("gallery-cue-ball-off-table", "gallery-express-push-through",
         "gallery-frozen-cushion", "gallery-eight-illegal-break")


def _caption(app: object) -> list[TextRecord]:
    return [t for t in app.texts  # type: ignore[attr-defined]
            if app.layout.strip.colliderect(t.rect)]  # type: ignore[attr-defined]


@pytest.mark.parametrize("clip", CLIPS)
def test_the_russian_timeline_caption_says_whole_events_at_800x500(clip: str) -> None:
    """Stepped to each event of the clip at 800x500 in Russian, the caption
    under the bar is never cut inside a word («биток отрывается от су…»: the
    stroke and the cue ball leaving the bed at one time), and names the
    event the clock stands at (at a foul, the foul's rule)."""
    app = make_app("ru", (800, 500))
    try:
        g = open_gallery(app, clip)
        frame(app, n=2)
        show = g.show
        show.playback.paused = True
        for m in show.marks.marks:
            show.jump(m)
            frame(app)
            caption = _caption(app)
            cut = [(t.text, t.shown) for t in caption if t.cut]
            assert not cut, cut
            if show.fouls.get(m.event_index):
                continue  # (at a foul its rule is said beside its mark)
            label = mark_label(app.locale, show.spec, m)
            assert any(label in t.shown for t in caption), (label, [
                t.shown for t in caption])
    finally:
        pygame.display.quit()


def test_the_timeline_names_the_event_under_the_pointer_whole() -> None:
    """The pointer on the tick of the cue ball leaving the bed (at the time
    of the stroke): the caption says its time and that event whole, at
    800x500 in Russian."""
    app = make_app("ru", (800, 500))
    try:
        g = open_gallery(app, "gallery-cue-ball-off-table")
        frame(app, n=2)
        show = g.show
        show.playback.paused = True
        geo = show.geometry
        assert geo is not None
        leaves = [m for m in show.marks.marks if "сукна" in mark_label(
            app.locale, show.spec, m)]
        assert leaves
        m = leaves[0]
        move(app, (round(geo.x_of(m.time)), geo.bar.centery))
        frame(app)
        caption = _caption(app)
        label = mark_label(app.locale, show.spec, m)
        assert any(t.shown.startswith(show.time_text(m.time)) and label in t.shown
                   and not t.cut for t in caption), [t.shown for t in caption]
    finally:
        pygame.display.quit()


# -- 4. the hint's button on one line --------------------------------------------------

@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_take_the_hint_button_keeps_its_words_on_one_line(
        lang: str, size: tuple[int, int]) -> None:
    """The hint found (I), its button offers to take it: its words in one
    line, beside its key (in Russian «Взять подсказку» broke over two)."""
    app = banner_hint(lang, size)
    try:
        hint = [b for b in app.buttons if b.ident == "hint"]
        assert hint and hint[0].label == app.t("hint.take")
        b = hint[0]
        lines = b._lines(b.rect.width, b.size)[0]
        assert len(lines) == 1, lines
    finally:
        pygame.display.quit()
