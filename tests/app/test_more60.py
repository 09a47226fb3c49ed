"""The "N more lines" note, one wording and one key (``ruling.more``: "3
more lines: V") on every screen of a match, in both languages ("3 more
lines · V" on one screen, "2 more lines: V — all" on another, "4 more
lines: H" under the card on a third); one note where the card and the
lines under it are both cut; and the call a pot missed said on the card
without V at 800x500."""

from __future__ import annotations

import re
from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.screens.computer_turn import ComputerMode
from simulator.app.text import ui
from simulator.files.resources import locale_dir
from tests.app.helpers import drawn_words, frame, make_app
from tests.app.scenes import LANGS, SIZES

# Any "N more line(s)" a screen draws, whatever its words.
ANY_MORE = re.compile(r"\b\d+ more lines?\b|\bещё \d+ строк")
# The notes of views that scroll by the wheel (a dialog, the reader, the
# practice text): "below" and their keys, not a card's lines cut.
SCROLLING = ("dialog.more", "card_reader.more", "practice.more")


def notes_drawn(app: App) -> list[str]:
    """Every "N more" drawn in the last frame but those of scrolling views."""
    scrolling = {app.t(k, n=n) for k in SCROLLING for n in range(1, 100)}
    return [t.shown for t in ui.FRAME.texts
            if ANY_MORE.search(t.shown) and t.shown not in scrolling]


def one_note(app: App) -> int | None:
    """The frame's one "N more" (None: none), in the card's words; two notes
    or other words fail."""
    notes = notes_drawn(app)
    assert len(notes) <= 1, notes
    if not notes:
        return None
    ours = {app.t("ruling.more", n=n): n for n in range(1, 100)}
    assert notes[0] in ours, (notes[0], app.t("ruling.more", n=3))
    return ours[notes[0]]


@pytest.mark.parametrize("lang", LANGS)
def test_the_locale_has_one_more_note_naming_v(lang: str) -> None:
    """Every counted note of lines that names a key is ``ruling.more``: the
    side column's "did not fit", "H folds the card", "V reads them" and the
    short "· V" forms, and a cut dialog's "V — all", are gone."""
    import json
    data = json.loads((locale_dir() / lang / "ui.json").read_text("utf-8"))
    found = []

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            if "one" in node and isinstance(node["one"], str):
                if any("{n}" in v and ANY_MORE.search(v.replace("{n}", "3"))
                       for v in node.values()):
                    found.append(path)
                return
            for k, v in node.items():
                walk(v, f"{path}.{k}" if path else k)
    walk(data, "")
    assert sorted(set(found) - set(SCROLLING)) == ["ruling.more"], found


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_every_note_on_the_break_card_is_the_one(lang: str, size: tuple[int, int]
                                                 ) -> None:
    """8-ball, Anna's hard break pots balls (8-ball rule 2, rule 5): on
    every frame from the roll's end until she aims, then while she aims and
    the call's line comes, the only "N more" is the card's one note."""
    from tests.app.helpers import move
    from tests.app.test_card51 import hard_break
    app = make_app(lang, size)
    try:
        hard_break(app, "8-ball")
        counts = []
        for k in range(40):
            if k == 10:
                move(app, (app.layout.side.left // 2, app.size[1] // 3))
            frame(app)
            counts.append(one_note(app))
        assert any(counts), "nothing cut: no test"
        assert not app.errors
    finally:
        pygame.display.quit()


def _longer_plans(monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer's words under the card longer (as an Express turn's
    tries and its scores' reasons are): they cannot all fit at 800x500."""
    real = ComputerMode.side_extra

    def longer(self: ComputerMode) -> list[str]:
        lines = real(self)
        return [*lines, *(f"{self.app.t('strip.ball', ball=b)}: "
                          + "plan " * 12 for b in (3, 5, 7, 9))] if lines else lines
    monkeypatch.setattr(ComputerMode, "side_extra", longer)


@pytest.mark.parametrize("lang", LANGS)
def test_the_computers_lines_under_a_whole_card_share_its_note(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """800x500: Anna's miss (general rule 4, the turn passes) is held on
    its short card while Gordon thinks and shows his plans, which are cut:
    one note, the card's, on every frame of his turn ("4 more lines: H"
    stood under the card beside its own), and V shows what it counts."""
    from tests.app.test_card59_more import rows_v_adds
    from tests.app.test_playfix11_card import _held_after_a_miss
    monkeypatch.setattr("simulator.app.match.computer.THINK_SLICE", 0.0)
    _longer_plans(monkeypatch)
    app = make_app(lang, (800, 500))
    try:
        _s, mode = _held_after_a_miss(monkeypatch, app)
        checked = 0
        for _ in range(400):
            frame(app)
            if app.mode is not mode:
                break
            n = one_note(app)
            if mode.extra_hidden and mode.banner_rect is not None:
                assert n is not None, "lines cut, unsaid"
                note = next(t for t in ui.FRAME.texts if ANY_MORE.search(t.shown))
                assert mode.banner_rect.contains(note.rect), "not the card's note"
                if not checked and mode.card_below == 0:
                    assert n == rows_v_adds(app), n
                    checked += 1
        assert checked, "the card was never whole beside lines cut: no test"
        assert not app.errors
    finally:
        pygame.display.quit()


def called_8ball(pocket: str | None) -> tuple[Any, Any]:
    """8-ball: Anna's legal break, the table open; Boris calls the 5 in the
    bottom right corner, it drops in ``pocket`` (None: it stays up, the 6
    drops): 8-ball rule 12, balls stay down, the turn passes."""
    from rules.referee import Match
    from rules.ruling import Declarations
    from tests.rules.logs import Log
    m = Match(["Anna", "Boris"], "8-ball", {"race_to": 1}, seed=4)
    m.apply(Log(m.table()).stroke().hit(0, 1).rails([1, 2, 3, 4]).rail(0).shot())
    log = Log(m.table()).stroke().hit(0, 5)
    shot = (log.hit(5, 6).pot(6, "head_right") if pocket is None
            else log.pot(5, pocket)).shot()
    m.apply(shot, Declarations(called_ball=5, called_pocket="foot_right"))
    return m, shot


def _called_card(app: App, pocket: str | None, game: str) -> tuple[Session, str]:
    """14.1 (called_shot) or 8-ball (called_8ball): Boris called the 5 in
    the bottom right corner; it dropped in ``pocket`` (None: it stayed up,
    the 6 dropped). The match on the table with that card up, unread; the
    call's words."""
    from tests.app.test_called59 import called_shot
    match, shot = called_shot(pocket) if game == "14.1" else called_8ball(pocket)
    s = Session(match, app.locale)
    app.session = s
    ruling = s.match.rulings[-1]
    app.go("match")
    frame(app, n=2)
    s.banner = s.ruling_banner(ruling, shot)
    frame(app, n=3)
    said = {"ball": app.t("strip.ball", ball=5),
            "called": app.t("pocket_into.foot_right")}
    if pocket is None:
        return s, app.t("banner.called_missed", **said)
    return s, app.t("banner.called_elsewhere", went=app.t(f"pocket_in.{pocket}"),
                    **said)


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("pocket", ["head_left", None], ids=("elsewhere", "missed"))
@pytest.mark.parametrize("game", ["14.1", "8-ball"])
def test_the_call_a_pot_missed_is_on_the_card_without_v(
        game: str, lang: str, size: tuple[int, int], pocket: str | None) -> None:
    """14.1 rule 8 (balls pocketed illegally are spotted), 8-ball rule 12
    (the called ball not pocketed as called: balls stay down): the call the
    pot missed ("Called: the 5 in the bottom right corner pocket; it
    dropped in the top left") is drawn whole on the card as it first
    shows, beside the rule it explains; at 800x500 it was only behind V."""
    app = make_app(lang, size)
    try:
        s, said = _called_card(app, pocket, game)
        assert s.banner is not None and said in s.banner.lines
        mode = app.mode
        assert mode is not None and mode.banner_rect is not None
        on_card = drawn_words(app, mode.banner_rect, shown=True, folded=True)
        assert " ".join(said.split()) in on_card, on_card
        assert not app.dialogs and not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_wheel_scrolls_only_the_cards_own_rows(lang: str) -> None:
    """800x500, a called foul's card (general rule 18) while the cue ball is
    placed, whole, the line under it cut: its note counts that line, yet
    the wheel over the card scrolls nothing (it counted notches into rows
    that were not there, and the way back up took as many)."""
    from tests.app.scenes import open_scene
    from tests.app.test_playfix_table import _wheel
    app = open_scene("banner", "8-ball", lang, (800, 500))
    try:
        mode = app.mode
        s = app.session
        assert mode is not None and s is not None and mode.banner_rect is not None
        assert mode.card_below == 0 and mode.extra_hidden, "not the case: no test"
        assert one_note(app) == mode.banner_hidden
        for _ in range(4):
            _wheel(app, mode.banner_rect.center, -1)
        assert s.banner_scroll == 0
        assert not app.errors
    finally:
        pygame.display.quit()
