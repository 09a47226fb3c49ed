"""Play-tests' small defects (wave 43): a ball named as a ball in the shot's
words, the replay timeline's pot in the ruling card's words, a hanging
Russian preposition, a fouled safety counted, the main menu's one
highlight, the gallery's list keys (a choice taken by a speed key: in
test_cards45)."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import after_the_break, frame, key, move
from tests.app.scenes import LANGS, open_scene

# -- 1. first contact names a ball ---------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_ruling_card_names_the_first_contact_as_a_ball(lang: str) -> None:
    """After Anna's break the card's last-shot line says «первое касание:
    шар 1» / "first contact: the 1" (it said «первое касание: 1», a number
    that read as a count)."""
    from simulator.app.loop.app import App
    from tests.app.helpers import make_app
    app: App = make_app(lang)
    try:
        s = after_the_break(app, ["Anna", "Boris"], "9-ball", {}, seed=4)
        shot, _r = s.shots[-1]
        first = next(e for e in shot.events if e.kind.name == "BALL_BALL")
        ball = next(b for b in first.balls if b != 0)
        want = {"ru": f"первое касание: шар {ball}",
                "en": f"first contact: the {ball}"}[lang]
        assert s.banner is not None
        assert any(want in line for line in s.banner.lines), s.banner.lines
        frame(app)
        drawn = " ".join(t.text for t in app.texts)
        assert want in drawn, drawn
    finally:
        pygame.display.quit()


# -- 1, 2. the replay timeline ---------------------------------------------------


def timeline_words(lang: str) -> dict[str, list[str]]:
    """A break's replay, paused, the pointer on each mark of the timeline:
    the words drawn under its bar, by the mark's kind."""
    from simulator.app.screens.replay import ReplayMode
    app = open_scene("replay", "8-ball", lang)  # its break scratches
    try:
        mode = app.mode
        assert isinstance(mode, ReplayMode)
        key(app, pygame.K_SPACE)
        frame(app)
        show = mode.show
        geo = show.geometry
        assert geo is not None
        out: dict[str, list[str]] = {}
        for m in show.marks.marks:
            if m.event.kind.name not in ("BALL_BALL", "POCKETED") or \
                    (m.event.kind.name == "BALL_BALL" and not m.first_contact):
                continue
            x = round(geo.x_of(m.time))
            move(app, (x, geo.bar.centery))
            frame(app)
            said = [t.shown for t in app.texts if t.rect.top >= geo.bar.bottom
                    and t.rect.bottom <= geo.rect.bottom + 2]
            out.setdefault(m.event.kind.name, []).append(
                " ".join(said) + f" |{m.event.balls}|{m.event.pocket}")
        return out
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_timeline_names_the_first_contact_as_a_ball(lang: str) -> None:
    """The replay's timeline under the pointer: «первое касание: биток бьёт
    шар 1» (it said «… бьёт 1»)."""
    words = timeline_words(lang)
    assert words.get("BALL_BALL"), words
    first = {"ru": "первое касание: биток бьёт шар ",
             "en": "first contact: cue ball hits the "}[lang]
    assert all(first in w for w in words["BALL_BALL"]), words


@pytest.mark.parametrize("lang", LANGS)
def test_the_timeline_says_a_pot_as_the_ruling_card_does(lang: str) -> None:
    """The replay's timeline under the pointer on a pot: the ruling card's
    words, «биток — в нижней средней лузе» / «шар 6 — в верхней средней
    лузе» (it said «биток в лузе: нижняя средняя»)."""
    from simulator.app.match.session import pocket_chip
    from simulator.app.text.i18n import Locale
    loc = Locale(lang)
    words = timeline_words(lang)
    assert words.get("POCKETED"), words
    cue = {"ru": "биток — в ", "en": "the cue ball in the "}[lang]
    for w in words["POCKETED"]:
        balls, pocket = w.rsplit("|", 3)[1:3]
        ball = int(balls.strip("()").split(",")[0])
        card = pocket_chip(loc, ball, pocket)  # as the ruling card says it
        assert card in w and (ball or cue in w), (card, w)


# -- 3. a one-letter preposition goes down with its word ------------------------

HANGING = ("в", "к", "с", "у", "о", "и", "а")


@pytest.mark.parametrize("size", [(800, 500), (1024, 600), (1280, 720)],
                         ids=("800x500", "1024x600", "1280x720"))
def test_no_card_row_ends_with_a_one_letter_preposition(
        size: tuple[int, int]) -> None:
    """The ruling card with a break's long line of pots (Russian): no row
    ends with «в» before a pocket's name wrapped to the next row; the
    preposition goes down with its word."""
    from tests.app.test_playfix24_card import card_after, card_texts, chips_line
    app = open_scene("banner", "9-ball", "ru", size)
    try:
        s = app.session
        assert s is not None and s.banner is not None
        foul, nxt = s.banner.lines[0], s.banner.next[0]
        chips = chips_line(app)
        for lines in ((chips,), (foul, chips), (f"{foul} {chips}",)):
            card_after(app, lines, nxt)
            rows = [r.text for r in card_texts(app)]
            hung = [r for r in rows if r.rstrip().split(" ")[-1] in HANGING]
            assert not hung, rows
    finally:
        pygame.display.quit()


def test_wrapped_rows_never_end_with_a_one_letter_preposition() -> None:
    """The rows helper itself, at every width from the one that holds «в
    верхней средней» whole to a wide one: a row never ends with «в», «к», «с»,
    «у», «о», «и» or «а» (it goes down with the word after it); the words are
    all kept, in order."""
    from simulator.app.text import fonts, ui
    text = ("Промах: удар переходит к сопернику, шар 4 — в верхней\u00a0средней "
            "лузе и шар 7 — в нижней\u00a0левой лузе, а биток у борта с краю "
            "о бок восьмёрки")
    narrow = fonts.font(16).size("в верхней\u00a0средней")[0] + 1
    for width in range(narrow, 700, 7):
        rows = ui.wrap(text, 16, width)
        assert " ".join(rows) == text, rows
        for row in rows[:-1]:
            assert row.split(" ")[-1] not in HANGING, (width, rows)


# -- 5. a declared safety that fouled is a foul, not a safety -------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_declared_safety_that_fouls_counts_as_a_foul_only(lang: str) -> None:
    """8-ball rule 9: Anna declares a safety and her cue ball touches no ball
    (a foul, general rule 4); Boris, at the table, gives up the match. The
    match in numbers counts her foul and no safety (it counted both: a
    safety that fouled read as a safety played)."""
    from simulator.app.table.aim import Aim, angle_to
    from tests.app.helpers import (
        click_button,
        concede_at_turn,
        make_app,
        run_until,
        scenario_match,
        strike,
    )
    app = make_app(lang)
    try:
        scenario_match(app, "8-ball", {0: (0.6, 0.35), 1: (2.0, 1.0),
                                       9: (2.1, 0.9), 8: (1.9, 0.8)})
        s = app.session
        assert s is not None
        click_button(app, app.t("panel.safety"))
        assert s.decl.get("safety")
        cue = s.cue_pos()
        assert cue is not None
        s.aim = Aim(angle_to(cue, (0.0, 0.35)), 0.25)  # away from every ball
        r = strike(app)
        assert r is not None and r.fouls and r.shooter == 0
        concede_at_turn(app, "match")
        run_until(app, lambda: bool(app.dialogs) and
                  getattr(app.dialogs[-1], "table", None), limit=600)
        table = app.dialogs[-1].table  # type: ignore[attr-defined]
        rows = {row[0]: row[1:] for row in table[1:]}
        assert rows[app.t("evening.stat_fouls")][0] == "1", rows
        assert rows[app.t("evening.stat_safeties")][0] == "0", rows
    finally:
        pygame.display.quit()


# -- 6. the main menu: one highlight ----------------------------------------------


def lit_buttons(app: object) -> list[str]:
    """The main menu's buttons drawn highlighted: selected (filled) or under
    the pointer (its hover colours, where they differ from a plain one's)."""
    from pygame_gui.elements import UIButton
    gui = app.gui  # type: ignore[attr-defined]
    theme = gui.get_theme()
    out = []
    for el in gui.get_sprite_group().sprites():
        if not isinstance(el, UIButton) or not el.visible:
            continue
        if el.is_selected:
            out.append(el.text)
        elif el.hovered:
            ids = el.combined_element_ids
            looks = [str(theme.get_colour_or_gradient(c, ids)) for c in (
                "normal_bg", "hovered_bg", "normal_border", "hovered_border")]
            if (looks[0], looks[2]) != (looks[1], looks[3]):
                out.append(el.text)
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_main_menu_lights_one_button_the_pointers_and_the_keys(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """The main menu with the pointer on its third button: that one is lit,
    and only it (the first was filled as the keys' choice while the pointer
    lit another); Enter opens it. Down then moves the one light on, the
    button under the resting pointer lit no more."""
    from pygame_gui.elements import UIButton

    from simulator.app.screens.menu import MenuMode
    from tests.app.helpers import make_app
    app = make_app(lang)
    # The widgets read the pointer from the system (none under the dummy
    # driver): where the events put it.
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: app.mouse or (0, 0))
    try:
        app.go("menu")
        frame(app, n=2)
        mode = app.mode
        assert isinstance(mode, MenuMode)
        assert lit_buttons(app) == [mode.buttons[0].text]
        load = mode.buttons[2]
        assert isinstance(load, UIButton) and load.text == app.t("menu.load")
        move(app, load.rect.center)
        frame(app, n=2)
        assert lit_buttons(app) == [load.text], lit_buttons(app)
        key(app, pygame.K_DOWN)
        frame(app, n=2)
        assert lit_buttons(app) == [mode.buttons[3].text], lit_buttons(app)
        key(app, pygame.K_UP)
        frame(app, n=2)
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == "load", app.mode
    finally:
        pygame.display.quit()


# -- 7. the gallery's list hears the arrows -----------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_down_down_enter_in_the_gallery_plays_the_third_clip(lang: str) -> None:
    """The foul gallery opened from the main menu: Down, Down, Enter plays
    the third clip, the one marked in the list (a play-tester's Down Down
    Enter played the first: the arrows moved nothing); Up goes back one,
    from the first round to the last, shown."""
    from simulator.app.screens.gallery import GalleryListMode, GalleryPlayMode
    from tests.app.helpers import click_button, make_app
    app = make_app(lang)
    try:
        app.go("menu")
        frame(app, n=2)
        click_button(app, app.t("menu.foul_gallery"))
        frame(app, n=2)
        mode = app.mode
        assert isinstance(mode, GalleryListMode)
        key(app, pygame.K_UP)  # round to the last, brought into view
        frame(app, n=2)
        last = mode.list.item_list[-1]
        assert mode.list.get_single_selection() == mode.items[-1]
        box = mode.list.list_and_scroll_bar_container
        assert last["button_element"] is not None and box is not None
        assert box.rect.contains(last["button_element"].rect)
        for k in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN,
                  pygame.K_UP):
            key(app, k)
        frame(app, n=2)
        assert mode.list.get_single_selection() == mode.items[2]
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        play = app.mode
        assert isinstance(play, GalleryPlayMode) and play.index == 2, play
    finally:
        pygame.display.quit()
