"""Play-test 24: the decision card hears U and Y, the match's menu says what
it is, and the ruling card uses its room before it folds."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.dialogs.base import Dialog
from simulator.app.dialogs.card_reader import CardReader
from simulator.app.loop.app import App
from simulator.app.match.session import pocket_chip
from simulator.app.screens.table_screen import TableMode
from simulator.app.text import ui
from simulator.app.text.ui import TextRecord
from tests.app.helpers import drawn_words, frame, key, run_until
from tests.app.scenes import LANGS, open_scene

SIZES = [(800, 500), (1280, 720)]
SIZE_IDS = ("800x500", "1280x720")


def top_dialog_kind(app: App) -> str:
    dialogs = getattr(app, "dialogs", [])
    return getattr(dialogs[-1], "kind", "") if dialogs else ""


# -- 4. U undoes on a decision card ------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("scene", [
    ("choice", "14.1"), ("choice", "8-ball"), ("banner", "express"),
    ("dialog", "9-ball")], ids=("14.1-break", "8-ball-break", "express-foul",
                                "9-ball-push-out"))
def test_u_on_a_decision_card_takes_the_stroke_back(
        scene: tuple[str, str], lang: str) -> None:
    """The incoming player's decision is open (Express after a foul, SEED-E
    2.6; 8-ball/14.1 after a foul break; 9-ball after a push-out): U takes
    back the stroke that brought it, as the README and the help say, and Y
    brings it back with its decision (U did nothing; undo only through Esc's
    menu)."""
    app = open_scene(scene[0], scene[1], lang, (800, 500))
    try:
        s = app.session
        assert s is not None and top_dialog_kind(app) == "choice"
        steps = len(s.match.history)
        key(app, pygame.K_u)
        frame(app, n=2)
        assert len(s.match.history) == steps - 1
        assert top_dialog_kind(app) != "choice", "the decision stayed open"
        key(app, pygame.K_y)
        run_until(app, lambda: top_dialog_kind(app) == "choice", limit=200)
        assert len(s.match.history) == steps
        assert not app.errors
    finally:
        pygame.display.quit()


# -- 5. the match's menu says what it is -------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("scene", [("table", "9-ball"), ("choice", "14.1")])
def test_the_match_menu_is_called_the_match_menu(scene: tuple[str, str],
                                                  lang: str) -> None:
    """Esc opens the match's menu: its heading says so («Меню матча»), not
    «Пауза», which read wrong over a rack already ended and over the
    computer's shot (its heading said the balls roll); over a decision too."""
    app = open_scene(scene[0], scene[1], lang, (800, 500))
    try:
        key(app, pygame.K_ESCAPE)
        frame(app)
        d = app.dialogs[-1]
        assert isinstance(d, Dialog) and d.kind == "pause"
        drawn = [t.text for t in app.texts]
        title = {"ru": "Меню матча", "en": "Match menu"}[lang]
        assert title in drawn, drawn
        assert not {"Пауза", "Paused"} & set(drawn)
        assert not app.errors
    finally:
        pygame.display.quit()


# -- 1, 2. the ruling card uses its room, and stops only where a sentence ends -----

POCKETS = ("foot_right", "head_left", "side_right", "foot_left", "head_right",
           "side_left")


def card_after(app: App, lines: tuple[str, ...], nxt: str) -> None:
    """The ruling card of a foul by the computer with these lines (as the
    session words them), its next line ``nxt``, drawn at the table."""
    import dataclasses
    s = app.session
    assert s is not None and s.banner is not None
    s.banner = dataclasses.replace(s.banner, lines=lines, next=(nxt,), state=())
    s.banner_folded = False
    s.banner_scroll = 0
    frame(app, n=2)


def chips_line(app: App) -> str:
    """«Прошлый удар: …»: the last shot's chips of a break (six balls down),
    a line too long for the card."""
    t = app.t
    chips = [t("strip.first", ball=1), t("strip.rails", n=4)] + [
        pocket_chip(app.locale, b, p)
        for b, p in zip(range(2, 8), POCKETS, strict=True)]
    return str(t("banner.last_shot", chips=" · ".join(chips)))


def card_texts(app: App) -> list[TextRecord]:
    """The lines drawn on the ruling card, top to bottom (its fold button's
    label and the "N more" note left out)."""
    mode = app.mode
    assert isinstance(mode, TableMode)
    box = mode.banner_rect
    assert box is not None
    fold = {app.t("ruling.hide"), app.t("ruling.show")}
    notes = {app.t(k, n=n) for k in ("ruling.more",)
             for n in range(1, 40)}
    return sorted((r for r in app.texts if box.contains(r.rect)
                   and r.text not in fold | notes), key=lambda r: r.rect.top)


@pytest.mark.parametrize("lang", LANGS)
def test_the_ruling_card_uses_its_room_before_it_folds_a_line(lang: str) -> None:
    """1280x720, the computer's foul with the last shot's long chip line under
    it (9-ball rule 3): the card shows what fits of the chips, up to a chip's
    end, before it says «ещё 2 строки»; it said so over rows of empty card
    (the line left whole to the wheel)."""
    app = open_scene("banner", "9-ball", lang, (1280, 720))
    try:
        s = app.session
        assert s is not None and s.banner is not None
        foul = s.banner.lines[0]
        card_after(app, (foul, chips_line(app)), s.banner.next[0])
        mode = app.mode
        assert isinstance(mode, TableMode) and mode.banner_hidden  # (the line is cut)
        rows = card_texts(app)
        box = mode.banner_rect
        assert box is not None
        last = max(r.rect.bottom for r in rows)
        lh = ui.line_height(rows[-1].size)
        # (under the last row: the note's row and the fold button's, no more)
        assert box.bottom - last < 3 * lh, (box, last, [r.text for r in rows])
        said = " ".join(r.text for r in rows)
        assert app.t("strip.rails", n=4) in said, said
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_a_folded_line_of_the_ruling_card_stops_where_a_sentence_ends(
        lang: str, size: tuple[int, int]) -> None:
    """The card cut «Промах: удар переходит к / Бьёт Anna» (general rule 4):
    where a line does not fit whole, what of it is shown ends where a
    sentence, a clause or a chip ends, or (wave 39) with "…" where a
    clause or a word ends: stopping only at a sentence end left the card
    empty over «ещё 3 строки» where a rule and its citation had none (800x500,
    Express); never in the middle of a word, and "…" says more follows."""
    app = open_scene("banner", "9-ball", lang, size)
    try:
        s = app.session
        assert s is not None and s.banner is not None
        foul, nxt = s.banner.lines[0], s.banner.next[0]
        chips = chips_line(app)
        for lines in ((foul, chips), (f"{foul} {chips}",), (chips,),
                      (foul, f"{foul} {foul} {foul} {foul}")):
            card_after(app, lines, nxt)
            mode = app.mode
            assert mode is not None
            rows = [r.text for r in card_texts(app)]
            said = " ".join(rows)
            for line in lines:
                words = " ".join(line.split())
                flat = " ".join(said.split())
                if words in flat:
                    continue  # (whole)
                # The part shown: its start, up to where the card stops.
                start = " ".join(words.split()[:2])
                if start not in flat:
                    continue  # (none of it)
                shown = flat[flat.index(start):]
                shown = shown[:len(words)]
                k = 0
                while k < len(shown) and k < len(words) and shown[k] == words[k]:
                    k += 1
                rest = words[k:].lstrip()
                assert words[:k].rstrip().endswith((".", ";", "·", ")")) or \
                    rest.startswith("·") or (
                        shown[k:k + 1] == "…" and words[k:k + 1] in " ,:;"), \
                    (lines, rows)
        assert not app.errors
    finally:
        pygame.display.quit()


# -- 3. a decision after a foul reads in a few lines ------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_decision_after_a_foul_reads_in_a_few_lines(lang: str) -> None:
    """Express, 800x500, the decision after a foul (SEED-E 2.6): the card says
    the foul, its cost and the choice, whole, with no «Ниже ещё N строк»; how
    the referee reads the rules where they are silent is on V, in the
    reader."""
    from tests.app.helpers import more_below
    app = open_scene("banner", "express", lang, (800, 500))
    try:
        s = app.session
        assert s is not None and s.banner is not None
        assert top_dialog_kind(app) == "choice"
        frame(app)
        reading = app.t("ruling.reading", text="").strip()
        drawn = " ".join(t.text for t in app.texts)
        assert reading not in drawn
        assert not more_below(app), more_below(app)
        assert app.t("choice.more_on_v") in drawn
        assert s.banner.lines[0].split()[1] in drawn  # (the foul)
        key(app, pygame.K_v)
        frame(app)
        top = app.dialogs[-1]
        assert isinstance(top, CardReader), top
        said = " ".join(top.banner.all_lines)
        assert reading in said
        assert not app.errors
    finally:
        pygame.display.quit()


# -- 6. the aim controls stay beside a hint where there is room ---------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_aim_controls_come_back_where_the_hint_leaves_them_room(lang: str) -> None:
    """1280x720, a short ruling card open (a foul: its title alone), the hint asked
    for: where it does not fit beside the aim controls, they give it their
    room, and where that leaves as much again empty under it, they come
    back in it (the hint read whole over an empty gap, the tip, elevation
    and power gone)."""
    import dataclasses

    from simulator.app.screens.shot_input import ShotInputMode
    app = open_scene("banner", "9-ball", lang, (1280, 720))
    try:
        s = app.session
        assert s is not None and s.banner is not None
        # (a card that leaves the hint room enough without the controls
        # alone: the Russian hint is the longer, since its sentences were
        # made whole, «Забейте шар 9 в правую нижнюю угловую лузу», by a
        # row: its card keeps the title alone)
        # (English too since its contact words were set apart from the
        # ball's number: "with a quarter-ball hit, on its right side")
        # (a hint's stroke with follow and side takes two rows: the card
        # keeps its title alone in English too)
        s.banner = dataclasses.replace(s.banner, lines=(), next=())
        if app.mode is not None and app.mode.name == "placing":
            key(app, pygame.K_RETURN)
        key(app, pygame.K_i)
        run_until(app, lambda: s.hint is not None, limit=8000)
        frame(app, n=6)  # (the room is found a step a frame)
        mode = app.mode
        assert isinstance(mode, ShotInputMode)
        said = drawn_words(app, "side", folded=True)
        for line in mode.hint_lines():
            assert " ".join(line.split()) in said, (line, said)
        assert mode.hint_room, "the hint fitted beside the controls: no test"
        assert app.t("panel.tip") in said, (mode.extra_gap, mode.controls_back, said)
        assert mode.extra_gap < 60, mode.extra_gap
        assert not app.errors
    finally:
        pygame.display.quit()
