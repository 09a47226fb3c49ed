"""Play-test 31 (issue 22): once a hint is TAKEN (I, then I again), what it
says to do and the call it set are read in the side column, whole and in
view, beside the last shot's ruling card or without one. At 800x500 the
column showed the card and «ещё 5 строк» for the hint and its call, and V
showed the ruling alone; 1280x720 hid them all under an open card too."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.aiming import AimMode
from tests.app.helpers import (
    card_notes,
    click,
    frame,
    key,
    make_app,
    move,
    run_until,
    scenario_match,
)
from tests.app.scenes import LANGS
from tests.app.test_playfix14e import _open_table_ruling
from tests.app.test_playfix19a import flat

SIZES = pytest.mark.parametrize("size", [(800, 500), (1280, 720)],
                                ids=("800x500", "1280x720"))
# (not a break, no groups: the hint calls a ball of either, or plays safe)
BALLS = {0: (0.9, 0.62), 1: (1.6, 0.62), 2: (1.9, 0.9), 9: (2.1, 0.3),
         8: (1.2, 0.3), 12: (1.5, 1.0)}


def hint_taken(app: App, card: bool, monkeypatch: pytest.MonkeyPatch) -> AimMode:
    """8-ball: Anna's miss ruled on an open card (Boris to shoot), or a fresh
    position with no card; I (the hint shown), I again (taken), a few frames
    (the room is found a step a frame)."""
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "HINT_STRENGTH", "beginner")
    if card:
        s = _open_table_ruling(app)
        assert s.banner is not None and not s.banner_folded
    else:
        scenario_match(app, "8-ball", BALLS)
        s = app.session
        assert s is not None and s.banner is None
    key(app, pygame.K_i)
    run_until(app, lambda: s.hint is not None, limit=6000)
    frame(app, n=6)
    key(app, pygame.K_i)
    frame(app, n=6)
    mode = app.mode
    assert isinstance(mode, AimMode)
    assert app.t("hint.taken_button") in [b.label for b in app.buttons]
    return mode


def in_view(app: App, mode: AimMode, words: str) -> None:
    """``words`` drawn whole in the side column: its rows uncut, one after
    another, above the column's buttons and the aim controls."""
    side = app.layout.side
    rows = [t for t in app.texts if side.contains(t.rect) and t.shown.strip()]
    rows.sort(key=lambda t: (t.rect.top, t.rect.left))
    want = flat(words)
    for i in range(len(rows)):
        said = ""
        for j in range(i, len(rows)):
            said = flat(f"{said} {rows[j].shown}")
            if not want.startswith(said):
                break
            if said == want:
                mine = rows[i:j + 1]
                assert not [t.text for t in mine if t.cut]
                card = mode.banner_rect or pygame.Rect(0, 0, 0, 0)
                below = [b.rect.top for b in app.buttons if side.contains(b.rect)
                         and not card.contains(b.rect)]  # (the card's H)
                if mode.controls:
                    below.append(mode.scene.panel.area.top)
                assert max(t.rect.bottom for t in mine) <= min(below), (
                    words, [(t.rect.top, t.shown) for t in mine], min(below))
                return
    raise AssertionError((words, [(t.rect.top, t.shown) for t in rows]))


@SIZES
@pytest.mark.parametrize("card", [True, False], ids=("open_card", "no_card"))
@pytest.mark.parametrize("lang", LANGS)
def test_a_taken_hint_says_what_to_do_and_the_call(
        lang: str, card: bool, size: tuple[int, int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """What the hint says to do (its first line) and the call it set
    (8-ball rule 2: the shot is called; «Заказ: …», or the safety declared)
    are drawn whole and in view; the hint's other lines, where cut, are
    said ("N more: V") and V reads them all with the ruling."""
    app = make_app(lang, size)
    try:
        mode = hint_taken(app, card, monkeypatch)
        s = app.session
        assert s is not None and s.hint is not None
        hint = mode.hint_lines()
        call = mode.call_line()
        assert call is not None
        decl = s.hint.decision.declarations
        if decl.safety:
            assert call == app.t("call.safety")
        else:
            assert mode.call_ball == decl.called_ball
            assert call == app.t("call.made", ball=decl.called_ball,
                                 pocket=app.t(f"pocket_into.{decl.called_pocket}"))
        in_view(app, mode, hint[0])
        if hint == [mode.taken_hint_line()]:
            # (a pot of the ball it calls: its call and what it adds to it in
            # one line, the call said once: test_hint53_taken_call)
            assert flat(hint[0]).startswith(flat(call)), (hint, call)
        else:
            in_view(app, mode, call)
        if card:
            # (the last shot's ruling keeps what happened and who is next:
            # test_card40)
            from tests.app.test_card40 import says_why_and_who
            assert s.banner is not None
            says_why_and_who(app, s.banner, lang)
        if mode.extra_hidden:
            notes = {app.t(k, n=mode.extra_hidden)
                     for k in ("ruling.more",)}
            if mode.extra_in_card_note():  # (a card cut too: its one note counts them)
                notes = card_notes(app, "ruling.more", mode.banner_hidden)
                assert mode.banner_hidden > mode.card_below
            assert notes & {t.shown for t in app.texts}, mode.side_extra()
            key(app, pygame.K_v)
            frame(app)
            assert app.dialogs and app.dialogs[-1].name == "card_reader"
            read = flat(" ".join(t.shown for t in app.texts))
            for line in [*hint, call]:
                assert flat(line) in read, (line, read)
            if card:
                assert flat(s.banner.lines[0]) in read
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("how", ["v", "click", "wheel"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_cut_lines_of_a_taken_hint_are_read_with_v_a_click_or_the_wheel(
        lang: str, how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """800x500, no ruling card yet: the taken hint's lines after its call are
    cut ("N more: V"); V, a click on them or the wheel turned down over them
    opens the reader with every one (V did nothing without a card)."""
    # (a hint said in more than its call, a safety or a combination: a pot
    # of the ball it calls is one line with the call, and fits)
    monkeypatch.setattr(AimMode, "taken_hint_line", lambda self: None)
    # (and its stroke's line kept, as a player's own power would keep it: the
    # controls say the stroke taken as it is, and its lines then fit: test_hint57)
    monkeypatch.setattr(AimMode, "hint_stroke_held", lambda self: False)
    # (and longer than the column: its call said once in its own words, a
    # hint of a few lines now fits at 800x500; two lines more do not)
    said = AimMode.hint_lines
    monkeypatch.setattr(AimMode, "hint_lines", lambda self: [
        *said(self), *(["Then the 8 from where the cue ball stops, "
                        "along the long cushion."] * 2 if said(self) else [])])
    app = make_app(lang, (800, 500))
    try:
        mode = hint_taken(app, False, monkeypatch)
        assert mode.extra_hidden, "all the lines fitted: no test"
        notes = {app.t(k, n=mode.extra_hidden)
                 for k in ("ruling.more",)}
        note = next(t for t in app.texts if t.shown in notes)
        if how == "v":
            key(app, pygame.K_v)
        elif how == "click":
            click(app, note.rect.center)
        else:
            move(app, note.rect.center)
            frame(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
        frame(app)
        assert app.dialogs and app.dialogs[-1].name == "card_reader"
        read = flat(" ".join(t.shown for t in app.texts))
        for line in mode.side_extra():
            assert flat(line) in read, (line, read)
        key(app, pygame.K_v)  # (V closes it)
        frame(app)
        assert not app.dialogs
        assert not app.errors
    finally:
        pygame.display.quit()
