"""Words a player or an instructor could not read, found in play and driven
through the window's own loop: the ruling card in a low and in a wide
window, the dialogs' type, long seat names in the Express setup, the
Practice messages, the gallery's titles and the exported clip's caption."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from tests.app.helpers import card_notes, frame, make_app, open_gallery
from tests.app.scenes import LANGS, open_scene


def scratch_at_foul(app: App) -> tuple[Any, Any]:
    """The gallery's scratch clip played to its foul: the mode and the
    stepper that drives it."""
    from tests.app.test_evening_class import Steps
    mode = open_gallery(app, "gallery-scratch")
    st = Steps(app)
    st.wait(lambda: mode.at_foul)  # type: ignore[attr-defined]
    return mode, st


def game_words(lang: str) -> set[str]:
    """Every game's name as the first word of a title would say it."""
    from rules import registry
    from simulator.app.text.i18n import Locale
    from simulator.app.text.words import discipline_label
    loc = Locale(lang)
    out: set[str] = set()
    for info in registry.infos():
        out.add(info.name.lower())
        out.add(discipline_label(loc, info.name).split()[0].lower())
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_gallery_names_each_game_once(lang: str) -> None:
    """The foul gallery's list: "8. 8-ball · 8-ball: an illegal break" named
    the game twice; each row names it once, before its title."""
    app = open_scene("gallery", lang=lang, size=(800, 500))
    try:
        mode = app.mode
        items: list[str] = mode.items  # type: ignore[attr-defined]
        assert len(items) > 20
        games = game_words(lang)
        for row in items:
            _game, title = row.split(" · ", 1)
            # ("Восьмёрка в незаказанную лузу" is the 8 ball, not the game)
            first = title.split()[0]
            assert not (first.endswith(":") and first[:-1].lower() in games), \
                f"{row!r} names its game twice"
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_clip_caption_names_the_foul_once(lang: str, monkeypatch: Any) -> None:
    """A gallery foul exported as a GIF (X, the language, GIF): where the
    clip stands at the foul, its caption is the foul and its rule in the
    chosen language, said once ("Here: Foul: cue ball pocketed ..." said
    it twice)."""
    from simulator.app.replay import export as export_mod
    from simulator.app.text.i18n import Locale
    from simulator.app.text.words import cite
    from tests.app.test_evening_class import export
    said: list[str] = []
    frame_of = export_mod.Canvas.frame

    def spy(self: Any, t: float, at_foul: str | None = None, stamp: str = "",
            told: bool = True, foul: int | None = None) -> Any:
        if at_foul is not None:
            said.append(at_foul)
        return frame_of(self, t, at_foul, stamp, told, foul)

    monkeypatch.setattr(export_mod.Canvas, "frame", spy)
    app = make_app("en")
    app.go("menu")
    frame(app)
    try:
        mode, st = scratch_at_foul(app)
        foul = mode.demo.foul  # type: ignore[attr-defined]
        export(st, "gif", lang)
        loc = Locale(lang)
        want = cite(loc, foul.code, foul.ref, mode.entry.scenario.discipline)  # type: ignore[attr-defined]
        assert said and set(said) == {want}, said
        prefix = want.split(":")[0] + ":"  # "Foul:" / "Фол:"
        assert said[0].count(prefix) == 1, said[0]
        assert not said[0].startswith((Locale("en").t("replay.at_foul", foul=""),
                                       Locale("ru").t("replay.at_foul", foul="")))
    finally:
        pygame.display.quit()


# -- the ruling card after a real foul ------------------------------------------
def _card_rows(app: Any, card: pygame.Rect) -> list[Any]:
    """The words on the card (a button's key cap, "H", is not words)."""
    from simulator.app.text import ui
    caps = {b.key for b in ui.FRAME.buttons if b.key}
    return [r for r in app.texts if card.contains(r.rect) and r.shown.strip()
            and r.text not in caps]


def _wheel(app: Any, at: tuple[int, int], dy: int) -> None:
    from tests.app.helpers import move
    move(app, at)
    frame(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False,
                                  precise_x=0.0, precise_y=float(dy)))


def _foul_played(lang: str, size: tuple[int, int], game: str, names: list[str],
                 wanted: Any) -> Any:
    """A window with ``names`` at ``game``; the first shot a stroke whose
    ruling is ``wanted``, played with Space; the app once the ruling shows."""
    from tests.app.helpers import key, run_until
    from tests.app.test_playfix_match4 import _stroke_where, start
    app = make_app(lang, size)
    s = start(app, names, game, {}, seed=5)
    run_until(app, lambda: app.mode is not None and app.mode.name in
              ("aiming", "placing"), limit=3000)
    if app.mode.name == "placing":
        key(app, pygame.K_RETURN)  # the cue ball put down where it is
    s.aim = _stroke_where(app, wanted)
    app.mode.key_lock = pygame.mouse.get_pos()
    steps = len(s.match.history)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: len(s.match.history) > steps, limit=6000)
    frame(app, n=3)
    return app


def _scratch(r: Any) -> bool:
    from rules.codes import FoulCode
    return [f.code for f in r.fouls] == [FoulCode.SCRATCH] and not r.game_over


def _two_fouls(r: Any) -> bool:
    return len(r.fouls) >= 2 and not r.game_over


def _any_foul(r: Any) -> bool:
    return bool(r.fouls) and not r.game_over


CARD_CASES = {  # (game, players, the ruling wanted)
    "8-ball scratch": ("8-ball", ["Anna", "Boris"], _scratch),
    "9-ball two fouls": ("9-ball", ["Anna", "Boris"], _two_fouls),
    "Express, the computer chooses": ("express", ["Anna", "cpu:club", "Vera"],
                                      _any_foul),
}


@pytest.mark.parametrize("size", ((800, 500), (1280, 720)), ids=("800x500", "1280x720"))
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", list(CARD_CASES))
def test_the_ruling_card_shows_the_foul_its_rule_and_who_is_next(
        case: str, lang: str, size: tuple[int, int]) -> None:
    """A real foul (a scratch; a shot of two fouls; an Express foul, whose
    texts are the longest): without the wheel the card shows what happened
    whole with its rule's number ("the cue ball was struck with something
    other than the" and "1 more: wheel" hid it at 800x500; at 1280x720 the
    Russian Express rule was cut after "п. 2.6,") and who plays next; the
    rest is reachable with the wheel under a hint that is itself whole; no
    row is cut, none is under 12 px, none leaves the card."""
    game, names, wanted = CARD_CASES[case]
    app = _foul_played(lang, size, game, names, wanted)
    try:
        mode, s = app.mode, app.session
        banner = s.banner
        assert banner is not None and banner.foul, banner
        card = mode.banner_rect
        assert card is not None and app.layout.side.contains(card)
        rows = _card_rows(app, card)
        joined = " ".join(r.shown for r in rows)
        # (at the computer's wait its heading, "... waits for you", keeps its
        # place above the card: there a low window shows less of it)
        waiting = case == "Express, the computer chooses"
        if not (waiting and size == (800, 500)):
            assert banner.lines[0] in joined, (banner.lines[0], joined)
        # (the rule's number ends the foul's words; the penalised foul's
        # mark, where fouls are two, follows in a sentence of its own)
        first = banner.lines[0].rstrip()
        assert first.endswith(")") or first.split(". ")[0].endswith(")"), \
            "the rule's number ends it"
        r = s.last_ruling
        side = " ".join(t.shown for t in app.texts if app.layout.side.contains(t.rect))
        assert s.name(r.next_shooter) in side, side
        if not waiting:
            assert banner.next[0] in joined, (banner.next[0], joined)
        for row in rows:
            assert not row.cut and row.size >= 12, row
        hint = card_notes(app, "ruling.more", mode.banner_hidden)
        if mode.banner_hidden:
            assert any(row.text in hint and not row.cut for row in rows), joined
        seen = joined
        for _ in range(150):  # a notch a row
            if not mode.banner_hidden:
                break
            _wheel(app, card.center, -1)
            seen += " " + " ".join(r.shown for r in _card_rows(app, mode.banner_rect))
        assert mode.banner_hidden == 0
        for line in banner.all_lines:
            for word in line.split():
                assert word in seen, (word, seen)
    finally:
        pygame.display.quit()


DIALOG_SCENES = (("pause", "8-ball"), ("fouls", "express"), ("fouls", "8-ball"),
                 ("choice", "14.1"), ("choice", "8-ball"), ("quit", "9-ball"),
                 ("save", "express"), ("concede", "9-ball"), ("dialog", "9-ball"))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("scene", DIALOG_SCENES, ids=lambda sc: "-".join(sc))
def test_dialogs_in_a_low_window_are_in_readable_type(lang: str,
                                                      scene: tuple[str, str]) -> None:
    """Each dialog at 800x500: every word in it at 13 px at least (they were
    drawn at 12 and their "more" note at 10) and none cut; what does not
    fit scrolls under a note, the note whole too."""
    app = open_scene(scene[0], scene[1], lang, (800, 500))
    try:
        assert app.dialogs, "a dialog is open"
        box = app.dialogs[-1].rect
        from simulator.app.text import ui
        caps = {b.key for b in ui.FRAME.buttons if b.key}  # key caps: not words
        inside = [r for r in app.texts if box.contains(r.rect) and r.shown.strip()
                  and r.text not in caps]
        assert inside
        small = [(r.shown, r.size) for r in inside if r.size < 13]
        assert not small, small
        assert not [r.text for r in inside if r.cut]
    finally:
        pygame.display.quit()


# -- Practice's messages ---------------------------------------------------------
def _message_box(app: Any) -> pygame.Rect | None:
    boxes = [r for name, r in app.panels if name == "message"]
    return boxes[-1] if boxes else None


def _covered(app: Any, box: pygame.Rect) -> list[str]:
    """The words of the screen under the message (its own words aside)."""
    return [r.shown for r in app.texts if r.shown.strip()
            and box.colliderect(r.rect) and not box.contains(r.rect)]


@pytest.mark.parametrize("size", ((800, 500), (1280, 720)), ids=("800x500", "1280x720"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_export_message_covers_neither_words_nor_the_timeline(
        lang: str, size: tuple[int, int]) -> None:
    """A gallery foul exported (X, PNG): "Saved <file>" goes to a place of
    its own, the top band beside the situation's name (over the rails it hid
    the pockets, under the table the timeline), and stays there, covering no
    words, until the next key."""
    from tests.app.helpers import key
    from tests.app.test_evening_class import export
    app = make_app(lang, size)
    app.go("menu")
    frame(app)
    try:
        _, st = scratch_at_foul(app)
        path = export(st, "png", lang)
        for _ in range(3):
            frame(app, n=60)  # seconds pass: still said
            box = _message_box(app)
            assert box is not None and path.name in app.toast[0]  # type: ignore[index]
            assert app.layout.top.contains(box), box  # the band, clear of the table
            assert not box.colliderect(app.layout.strip), "over the timeline"
            assert not _covered(app, box), _covered(app, box)
            assert not any(box.colliderect(b.rect) for b in app.buttons)
        key(app, pygame.K_t)  # the next action: the trails
        frame(app)
        assert _message_box(app) is None
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", ((800, 500), (1280, 720)), ids=("800x500", "1280x720"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_saved_position_message_stays_off_practices_title(
        lang: str, size: tuple[int, int]) -> None:
    """The position editor's Save, then Back to Practice: the message says
    where the position is and stays until the next action (here, Back); the
    Practice screen's title and subtitle are never under it (it lay over
    them for 8 s)."""
    from tests.app.helpers import click_button
    app = open_scene("editor", None, lang, size)
    try:
        click_button(app, app.t("editor.save"))
        frame(app, n=2)
        game = app.mode.discipline  # type: ignore[attr-defined]
        from simulator.app.text.words import discipline_label
        assert app.toast is not None and \
            discipline_label(app.locale, game) in app.toast[0], "where to find it"
        for wait in (2, 600):  # and ten seconds later: still said
            frame(app, n=wait)
            box = _message_box(app)
            assert box is not None, f"said for {wait} frames only"
            assert not _covered(app, box), _covered(app, box)
        click_button(app, app.t("common.back"))
        frame(app, n=3)
        assert app.mode is not None and app.mode.name == "practice"
        # The title and subtitle are drawn above the first row of widgets.
        from pygame_gui.core import UIElement
        first = min(el.rect.top for el in app.gui.get_sprite_group().sprites()
                    if isinstance(el, UIElement) and el.visible
                    and 0 < el.rect.height < app.size[1] // 2)  # not a whole panel
        box = _message_box(app)
        assert box is None or (box.top >= first and not _covered(app, box)), box
    finally:
        pygame.display.quit()


# -- the Express setup's seats ----------------------------------------------------
LONG_SEATS = ("Maximilian Oberhauser-Wittgenstein,cpu:strong,"
              "Александра Константиновна,cpu:club")


def _whole_words(shown: str, full: str) -> bool:
    """``shown`` is ``full``, or its first whole words and an ellipsis."""
    if shown == full:
        return True
    head = shown.removesuffix("…")
    return shown.endswith("…") and full.startswith(head) and \
        full[len(head):][:1] in (" ", ",", ";", ":")


@pytest.mark.parametrize("lang", LANGS)
def test_long_seat_names_fit_the_express_setup(lang: str) -> None:
    """The Express setup at 800x500 with four seats, two of them computers
    and a long name typed: a computer seat's entry shows its name whole
    («Компьюте» was all of it), and "Breaks first" lists each name whole or
    to a whole word with an ellipsis ("Maximilian Oberhauser-Wittgens")."""
    from simulator.app.screens.setup import ENTRY_ROOM, KIND_FONT, KIND_ROOM
    from simulator.app.text import fonts
    app = open_scene("setup", "express", lang, (800, 500), players=LONG_SEATS)
    try:
        mode = app.mode
        assert mode is not None and mode.name == "setup"
        f = fonts.font(KIND_FONT)
        window = pygame.Rect((0, 0), app.size)
        for i, e in enumerate(mode.entries):  # type: ignore[attr-defined]
            assert window.contains(e.rect)
            if mode.kinds[i]:  # type: ignore[attr-defined]
                shown = e.placeholder_text
                full = mode.shown_name(i)  # type: ignore[attr-defined]
                assert shown == full, (shown, full)
                assert f.size(shown)[0] <= e.rect.width - ENTRY_ROOM, shown
        width = mode.first_rect.width - KIND_ROOM  # type: ignore[attr-defined]
        labels = mode._first_labels  # type: ignore[attr-defined]
        for i, label in enumerate(labels):
            assert f.size(label)[0] <= width, label
            assert _whole_words(label, mode.shown_name(i)), label  # type: ignore[attr-defined]
        assert len(set(labels)) == len(labels)
    finally:
        pygame.display.quit()
