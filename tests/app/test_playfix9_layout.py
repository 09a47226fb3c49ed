"""A low window (800x500), found in play: the ruling card while the computer
thinks, the Russian foul gallery, foul call and statistics header, the
hint's words, the ball-in-hand region's edges and the window's place when
its size changes in the settings."""

from __future__ import annotations

import itertools

import pygame
import pytest

from tests.app.helpers import (
    card_notes,
    frame,
    key,
    more_below,
    open_gallery,
    run_until,
)
from tests.app.scenes import LANGS

LOW = (800, 500)


def _overlapping(rects: list[pygame.Rect]) -> list[tuple[pygame.Rect, pygame.Rect]]:
    return [(a, b) for a, b in itertools.combinations(rects, 2) if a.colliderect(b)]


# -- 1. the ruling card gets the room while the computer thinks ---------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_ruling_card_has_the_room_while_the_computer_thinks(lang: str) -> None:
    """An Express foul (a ruling of many lines), then the computer's turn:
    while it thinks the card has room for at least 8 rows of the ruling (the
    greyed power, spin and elevation kept their room and left it 3-4) and
    nothing in the side column overlaps; the controls come back once the
    card is folded."""
    from tests.app.test_playfix6_words import CARD_CASES, _card_rows, _foul_played
    game, names, wanted = CARD_CASES["Express, the computer chooses"]
    app = _foul_played(lang, LOW, game, names, wanted)
    try:
        s = app.session
        run_until(app, lambda: app.mode.name == "computer", limit=3000)
        frame(app, n=2)
        if app.mode.phase == "waiting":
            key(app, pygame.K_SPACE)  # read: the computer thinks
            frame(app, n=2)
        mode = app.mode
        assert mode.name == "computer" and s.banner is not None
        card = mode.banner_rect
        assert card is not None
        caps = {mode.app.t("ruling.hide"),
                *card_notes(mode.app, "ruling.more", mode.banner_hidden)}
        rows = [r for r in _card_rows(app, card) if r.text not in caps
                and r.text != s.banner.title]
        # (the fold button's row ends the card: "N more" may stand above it,
        # under the last line shown)
        marker = next(r for r in _card_rows(app, card)
                      if r.text == mode.app.t("ruling.hide"))
        # The room for the ruling: 8 rows at least (lines are shown whole, so
        # a line taller than what is left waits for the wheel under it).
        room = marker.rect.top - rows[0].rect.top
        assert room >= 8 * rows[0].rect.height, ([r.shown for r in rows], room)
        side = app.layout.side
        drawn = [r.rect for r in app.texts if side.contains(r.rect) and r.shown.strip()]
        assert not _overlapping(drawn)
        assert not mode.controls
        key(app, pygame.K_h)  # folded: the aim controls are back under it
        frame(app, n=2)
        assert s.banner_folded and app.mode.controls
    finally:
        pygame.display.quit()


# -- 2. Russian at 800x500: the foul call -------------------------------------

@pytest.mark.parametrize("game", ("8-ball", "9-ball"))
def test_every_choice_of_the_foul_call_is_in_view_in_russian(game: str) -> None:
    """F at 800x500 in Russian: the four fouls, "other calls" and Cancel
    all drawn inside the card at once (four of six showed, two under the
    wheel), each foul still with its rule's number and the rule book named
    in the text above them."""
    from tests.app.scenes import open_scene
    app = open_scene("fouls", game, "ru", LOW)
    try:
        frame(app, n=2)
        d = app.dialogs[-1]
        assert d.kind == "fouls" and len(d.buttons) == 6
        screen = pygame.Rect((0, 0), LOW)
        for b in d.buttons:
            assert b.rect.height and d.rect.contains(b.rect) and \
                screen.contains(b.rect), (b.label, b.rect)
        for b in d.buttons[:4]:
            assert b.label.rstrip().endswith(")") and "п.\u00a0" in b.label, b.label
        assert not more_below(app)
        assert app.t("book.general") in d.body
        assert not _overlapping([b.rect for b in d.buttons])
    finally:
        pygame.display.quit()


# -- 5. the window's place when the settings change its size ------------------

@pytest.mark.parametrize("pos, old, new, desktop, want", (
    ((200, 150), (800, 500), (1280, 720), (1920, 1080), (0, 40)),  # not off the left
    ((700, 500), (800, 500), (1280, 720), (1920, 1080), (460, 360)),  # onto it
    ((0, 32), (1280, 720), (800, 500), (1920, 1080), (240, 142)),  # shrunk: centred
    ((10, 40), (800, 500), (1920, 1080), (1280, 800), (0, 0)),  # larger than it
))
def test_a_resized_window_keeps_its_centre_on_the_screen(
        pos: tuple[int, int], old: tuple[int, int], new: tuple[int, int],
        desktop: tuple[int, int], want: tuple[int, int]) -> None:
    from simulator.app.loop.app import placed_window
    x, y = placed_window(pos, old, new, desktop)
    assert (x, y) == want
    assert x >= 0 and y >= 0
    if new[0] <= desktop[0] and new[1] <= desktop[1]:
        assert x + new[0] <= desktop[0] and y + new[1] <= desktop[1]


def test_the_settings_size_change_keeps_the_window_on_the_screen() -> None:
    """The window size picked in the settings: the window grows about its
    centre and stays on the screen (it grew from its old corner, off the
    screen's right and bottom)."""
    import pygame_gui

    from simulator.app.loop.app import _display_window, _window_box
    from tests.app.helpers import make_app
    app = make_app("en", LOW)
    try:
        desk = pygame.display.get_desktop_sizes()[0]
        app.go("settings")
        frame(app, n=2)
        _display_window().position = (desk[0] - 820, desk[1] - 520)
        frame(app)
        menu = app.mode.window_menu
        frame(app, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                      ui_element=menu, text="1024×640"), n=3)
        box = _window_box()
        assert box is not None and box[1] == (1024, 640) and app.size == (1024, 640)
        (x, y), (w, h) = box
        assert x >= 0 and x + w <= desk[0] and y >= 0 and y + h <= desk[1], (box, desk)
    finally:
        pygame.display.quit()


# -- 3. the hint in a player's words ----------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_hint_says_how_to_play_it_in_a_players_words(lang: str) -> None:
    """A hint asked for (I) on a pot: it says which ball and pocket, how
    full to hit the ball and on which side, how hard and where the tip
    meets the cue ball; no angle ("Aim 179.4°" told a player nothing)."""
    import re

    from tests.app.scenes import open_scene
    app = open_scene("banner", "8-ball", lang, LOW)
    try:
        s = app.session
        if app.mode.name == "placing":
            key(app, pygame.K_RETURN)
        key(app, pygame.K_i)
        run_until(app, lambda: s.hint is not None, limit=4000)
        frame(app, n=2)
        d = s.hint.decision
        assert d.kind == "pot"
        lines = app.mode.hint_lines()
        joined = " ".join(lines)
        assert str(d.target) in lines[0] and app.t(f"pocket_into.{d.pocket}") in lines[0]
        assert not re.search(r"\d°", joined), lines  # no angle (a level cue)
        fullness = [app.t(f"cpu.fullness.{k}") for k in (
            "full", "three_quarter", "half", "quarter", "thin")]
        assert any(app.t("hint.say.contact", ball=d.target, how=f) in joined or
                   any(app.t("cpu.on_side", how=f, side=app.t(f"cpu.side.{side}"))
                       in joined for side in ("left", "right")) for f in fullness)
        strengths = [app.t("hint.say.stroke", strength=app.t(f"hint.say.strength.{k}"),
                           power="", speed="", spin="").split("(")[0]
                     for k in ("soft", "medium", "firm", "hard")]
        assert any(ln.startswith(tuple(strengths)) for ln in lines), lines
    finally:
        pygame.display.quit()


# -- 2. Russian at 800x500: the foul gallery beside its side view -------------

def test_the_gallery_explains_the_foul_beside_the_side_view_in_russian() -> None:
    """A ball off the table in the foul gallery, stopped at the foul, at
    800x500 in Russian: under the side view the explanation gets at least
    five lines (a column of eight buttons left it one), every button is
    whole in the side column, and nothing overlaps."""
    from tests.app.helpers import DT, make_app
    app = make_app("ru", LOW)
    try:
        g = open_gallery(app, "gallery-ball-off-table", to_foul=True)
        app.frame([], DT)
        assert g.inset_height(200), "the side view is shown"
        body = [t for t in app.texts if g.body_rect.contains(t.rect) and t.shown.strip()
                and t.size >= 11]  # (a point less where that shows it whole)
        assert len(body) >= 5, [t.shown for t in body]
        side = app.layout.side
        rects = [b.rect for b in g.side_btns]
        for b in g.side_btns:
            assert side.contains(b.rect), (b.label, b.rect)
            assert all(w in " ".join(t.shown for t in app.texts if b.rect.contains(
                t.rect)) for w in b.label.split()), b.label
        texts = [t.rect for t in app.texts if g.body_rect.contains(t.rect)]
        assert not _overlapping(rects)
        assert not any(r.colliderect(t) for r in rects for t in texts)
    finally:
        pygame.display.quit()


# -- 2. Russian at 800x500: the statistics' header ---------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_statistics_header_names_each_seat_whole_beside_a_computer(
        lang: str) -> None:
    """The match's end at 800x500 against a computer: the statistics'
    header takes at most two lines (in Russian "Computer (club player)"
    broke into four, mid-word), each seat named whole: by its full words
    where they fit on two lines, else by its level alone."""
    from simulator.app.match.computer import seat_words, short_seat_words
    from tests.app.scenes import open_scene
    app = open_scene("gameover", "14.1", lang, LOW, players="Анна,cpu:club")
    try:
        frame(app, n=2)
        d = app.dialogs[-1]
        assert d.kind == "gameover" and d.table
        d._measure(d.rect, 1)  # (the lines as drawn)
        from tests.app.stats_card import stats_card_problems
        assert not stats_card_problems(app), stats_card_problems(app)
        assert 1 <= len(d._heads) <= 2, d._heads
        # (a row per player: the names are the lines naming a player)
        lines = d._names if d._legend else d._heads
        cells = [c.strip() for line in lines for c in line.split("\t")]
        words = {w for c in cells for w in c.split()}
        assert "Анна" in cells
        full = seat_words(app.locale, "cpu:club")
        assert set(full.split()) <= words or \
            short_seat_words(app.locale, "cpu:club") in cells, (full, d._heads)
        assert not any(c.endswith("-") for c in cells), lines
    finally:
        pygame.display.quit()


# -- 4. the ball-in-hand region's edges --------------------------------------

@pytest.mark.parametrize("size", (LOW, (1280, 720)), ids=("800x500", "1280x720"))
def test_the_ball_in_hand_region_has_round_edges_round_the_balls(
        size: tuple[int, int]) -> None:
    """Ball in hand after a foul: round every ball the region's edge (where
    its tint is half on) lies on the circle no cue ball may cross, within a
    pixel all the way round (sampled, it went in steps of a few pixels)."""
    import math

    from tests.app.scenes import open_scene
    app = open_scene("banner", "9-ball", "en", size)
    try:
        mode = app.mode
        assert mode.name == "placing"
        run_until(app, lambda: mode.region is not None, limit=3000)
        view, s = mode.scene.view, app.session
        bed = view.bed_rect()
        alpha = pygame.surfarray.array_alpha(mode.region)
        full = int(alpha.max())
        r_px = view.px(s.spec.balls.diameter)
        on = [b for b in s.table.balls if b.ball and b.where.value == "table"]
        checked = 0
        for b in on:
            if any(o is not b and math.dist((o.x, o.y), (b.x, b.y)) <
                   2.5 * s.spec.balls.diameter for o in on):
                continue  # (two discs meet: not one circle)
            cx, cy = view.to_screen(b.x, b.y)
            cx, cy = cx - bed.left, cy - bed.top
            if not (r_px + 6 < cx < bed.width - r_px - 6 and
                    r_px + 6 < cy < bed.height - r_px - 6):
                continue
            ring = r_px + 4
            if any(alpha[int(cx + ring * math.cos(k * math.pi / 4)),
                         int(cy + ring * math.sin(k * math.pi / 4))] < full * 0.9
                   for k in range(8)):
                continue  # (outside the region, or its hole meets the region's edge)
            worst = 0.0
            for k in range(72):
                a = math.radians(5 * k)
                edge = next(rr / 4 for rr in range(int(4 * (r_px - 4)),
                                                   int(4 * (r_px + 5)))
                            if alpha[int(cx + rr / 4 * math.cos(a)),
                                     int(cy + rr / 4 * math.sin(a))] >= full / 2)
                worst = max(worst, abs(edge - r_px))
            assert worst <= 1.0, (b.ball, worst)
            checked += 1
        assert checked, "a ball on its own to look round"
    finally:
        pygame.display.quit()
