"""Defects a play-tester found in the class (the quiz, the gallery, the
practice list and the editor), driven through the window's own loop."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from simulator.app.loop.app import App
from simulator.app.text.words import cite
from simulator.practice.library import library
from tests.app.helpers import (
    frame,
    key,
    make_app,
    open_gallery,
    quiz_on,
    quiz_ready,
    run_until,
)


@pytest.mark.parametrize("lang, rule", [("en", "8-ball rule 15"),
                                        ("ru", "«Восьмёрка», п.\u00a015")])
def test_the_8_in_a_pocket_not_called_loses_the_game_without_a_foul(
        lang: str, rule: str) -> None:
    """The 8 called in one pocket drops in another: "Was it a foul?" — the
    referee said "Yes, a foul"; the rules (8-ball 15) make it a loss of the
    game, no foul. "No" is right and the answer says the game is lost, with
    the rule."""
    app = make_app(lang)
    try:
        mode = quiz_on(app, "8ball-eight-wrong-pocket")
        key(app, pygame.K_SPACE)  # skip the stroke
        run_until(app, lambda: mode.phase == "asking", limit=1500)
        assert mode.question.kind == "foul"
        key(app, pygame.K_2)  # "No foul"
        frame(app)
        assert mode.phase == "answered"
        g = mode.grades[-1]
        assert g.right, g
        fb = mode.feedback(g)
        assert app.t("quiz.referee_answer", answer=app.t("quiz.no_foul")) in fb
        assert app.t("quiz.loss_no_foul", loss="").strip() in fb
        assert app.t("quiz.yes_foul") not in fb
        # Which rule is the next question: it names the loss and its rule.
        key(app, pygame.K_RETURN)
        assert mode.question.kind == "rule"
        quiz_ready(app)  # (every play before an answer waits for its end)
        key(app, pygame.K_1)
        frame(app)
        fb = mode.feedback(mode.grades[-1])
        assert rule in fb and app.t("quiz.yes_foul") not in fb
        assert not app.errors
    finally:
        pygame.display.quit()


def gallery_index(name: str) -> int:
    from simulator.practice.gallery import entries
    return next(i for i, e in enumerate(entries()) if e.id == name)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_gallery_names_the_foul_once_where_it_stops(lang: str) -> None:
    """The replay of a foul stops at it and said "Вот фол: Фол: ..." ("Here
    is the foul:" over "Foul: ..."): the word is said once."""
    app = make_app(lang)
    try:
        g = open_gallery(app, "gallery-scratch", to_foul=True)
        foul = g.demo.foul
        words = cite(app.locale, foul.code, foul.ref, g.entry.scenario.discipline)
        lines = g.body().splitlines()
        i = next(i for i, x in enumerate(lines) if app.locale.after_colon(words) in x)
        word = {"en": "foul", "ru": "фол"}[lang]
        said = " ".join(lines[i - 1:i + 1]).lower()
        assert said.count(word) == 1, lines[i - 1:i + 1]
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_editor_names_the_next_shot_is_a_break_option_one_way(lang: str) -> None:
    """The editor showed "Set: break shot" beside "The next shot is the
    opening break ...: no": three words for one option. The field is named
    as its sentence starts, and the row says it is the game's state."""
    from simulator.app.screens.editor.screen import EditorMode
    from tests.app.helpers import click_button
    app = make_app(lang, (800, 500))
    try:
        app.go("menu")
        frame(app)
        click_button(app, app.t("menu.practice"))
        click_button(app, app.t("practice.editor"))
        ed = app.mode
        assert isinstance(ed, EditorMode)
        ed.set_discipline("8-ball")
        frame(app)
        # Two balls are no rack: the row opens on another field (play-test
        # 21); the break's row picked from it.
        assert ed.field != "is_break"
        frame(app, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                      ui_element=ed.field_menu,
                                      text=app.t("editor.field_is_break")))
        frame(app)
        assert ed.field == "is_break"
        label = ed.field_menu.selected_option
        label = label[0] if isinstance(label, tuple) else label
        sentence = ed.field_sentence()
        assert sentence.lower().startswith(label.lower()), (label, sentence)
        assert app.t("editor.state") not in ("Set", "Задать")
        assert not app.errors
    finally:
        pygame.display.quit()


def _rows_cut(app: App) -> list[str]:
    """The practice list's rows that show only in part."""
    lst = app.mode.list  # type: ignore[attr-defined]
    box = lst.list_and_scroll_bar_container.rect
    out = []
    for item in lst.item_list:
        b = item.get("button_element")
        if b is not None and b.visible and b.rect.colliderect(box) and \
                not box.contains(b.rect):
            out.append(item["text"])
    return out


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_no_row_of_the_practice_list_is_cut(size: tuple[int, int]) -> None:
    """The last row in view was cut by the list's bottom edge, and at the
    end of the list the top one: every row in view is whole, from the top
    and scrolled to the end, in every game's tab."""
    from rules import registry
    from simulator.app.screens.practice.scenario_list import PracticeListMode
    from tests.app.helpers import click
    app = make_app("ru", size)
    try:
        app.go("practice")
        frame(app)
        for d in registry.names():
            mode = app.mode
            assert isinstance(mode, PracticeListMode)
            if d not in mode.tabs:
                continue
            click(app, mode.tabs[d].rect.center)
            frame(app)
            mode = app.mode
            assert isinstance(mode, PracticeListMode)
            assert not _rows_cut(app), (d, _rows_cut(app))
            sb = mode.list.scroll_bar
            if sb is not None:
                for _ in range(80):
                    click(app, sb.bottom_button.rect.center)
                frame(app, n=5)
                last = mode.list.item_list[-1].get("button_element")
                assert last is not None and \
                    mode.list.list_and_scroll_bar_container.rect.contains(last.rect)
                assert not _rows_cut(app), (d, _rows_cut(app))
        assert not app.errors
    finally:
        pygame.display.quit()


BREAKER_END = {
    "en": r"\b(left|right) (foot|head|side)\b|\b(foot|head) (corner )?pocket",
    "ru": r"(лев|прав)(ую|ой|ая) (дальн|ближн|средн)"
          r"|(дальн|ближн)(юю|ей|яя) (угловую )?луз",
}


def test_no_situation_names_a_pocket_from_the_breakers_end() -> None:
    """Pockets are named as drawn: the head on the left of the screen, the
    foot on the right ("the right foot pocket" is the bottom right corner);
    the situations' words named them from the breaker's end."""
    import re

    from simulator.practice.gallery import entries
    lib = library()  # read once, not again for each of its situations
    scs = [lib.load(e.id) for e in lib.entries]
    scs += [g.scenario for g in entries()]
    for sc in scs:
        for lang, pattern in BREAKER_END.items():
            for text in (sc.title, sc.explanation, *(
                    [sc.question.text] if sc.question is not None else [])):
                words = text.get(lang)
                assert not re.search(pattern, words, re.IGNORECASE), (sc.id, words)


@pytest.mark.parametrize("lang, called, dropped", [
    ("en", "bottom right corner", "top right"),
    ("ru", "правую нижнюю угловую", "правую верхнюю")])
def test_the_quiz_names_the_pockets_as_drawn(lang: str, called: str,
                                             dropped: str) -> None:
    """The 8 called in the bottom right corner (foot_right) drops in the
    top right one: the explanation says so, as the call's mark and the
    timeline name them."""
    app = make_app(lang)
    try:
        mode = quiz_on(app, "8ball-eight-wrong-pocket")
        key(app, pygame.K_SPACE)
        run_until(app, lambda: mode.phase == "asking", limit=1500)
        assert app.t("pocket.foot_right").lower().startswith(called.split()[0][:4])
        while mode.phase != "done":
            if mode.phase == "asking":
                key(app, pygame.K_1)
            else:
                key(app, pygame.K_RETURN)
            frame(app)
        body = mode.sc.explanation.get(lang)
        assert called in body and dropped in body, body
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_timeline_names_cushions_as_drawn(lang: str) -> None:
    """The timeline said "hits the right head-side cushion" (from the
    breaker's end) of the cushion drawn at the bottom left: every cushion of
    a gallery clip is named by where it is on the screen."""
    import re

    from simulator.app.replay.timeline import mark_label
    from simulator.table.events import EventKind
    app = make_app(lang)
    try:
        seen = 0
        for name in ("gallery-scratch", "gallery-nine-wrong-ball"):
            g = open_gallery(app, name)
            for m in g.show.marks.marks:
                cushion = m.event.cushion or ""
                if m.kind is not EventKind.BALL_CUSHION or cushion.startswith("jaw:"):
                    continue
                label = mark_label(app.locale, g.show.spec, m)
                where = {"en": r"\b(top|bottom|left|right)\b",
                         "ru": r"(верхн|нижн|лев|прав)"}[lang]
                old = {"en": r"head|foot", "ru": r"у дома|дальн"}[lang]
                assert re.search(where, label) and not re.search(old, label), label
                seen += 1
        assert seen
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_tick_of_the_double_hit_timeline_says_what_it_is(lang: str) -> None:
    """The double hit's timeline showed ticks with no words: the pointer on
    a tick names the contacts under it (the stroke, the tip leaving, the
    first contact and the tip's second touch stand within a pixel of one
    another): whole, from the first, "…" for those a row cannot hold ("."
    steps to each and names it: test_inset74_tip)."""
    from simulator.app.replay.timeline import mark_label
    from tests.app.helpers import move
    app = make_app(lang)
    try:
        g = open_gallery(app, "gallery-double-hit")
        frame(app)
        geo = g.show.geometry
        assert geo is not None
        for m in g.show.marks.marks:
            move(app, (geo.x_of(m.time), geo.bar.centery))
            frame(app)
            said = " ".join(r.text for r in app.texts)
            label = mark_label(app.locale, g.show.spec, m)
            under = g.show.marks_under((geo.x_of(m.time), geo.bar.centery))
            first = mark_label(app.locale, g.show.spec, under[0])
            assert label in said or (first in said and "…" in said), (m.kind, label)
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_first_step_stops_at_a_foul_at_the_strike(lang: str) -> None:
    """The Express push-through: the foul comes 0.00001 s after the strike,
    both at "0.000 s"; the foul was passed by. The first "." stops at the
    strike (its own tick, see test_space59_gallery_home), the next at the
    foul, which the side column names."""
    app = make_app(lang)
    try:
        g = open_gallery(app, "gallery-express-push-through")
        assert g.demo.pause_time < 1e-3
        key(app, pygame.K_PERIOD)
        pb = g.player.playback
        assert pb.paused and pb.time == 0.0 and not g.at_foul
        key(app, pygame.K_PERIOD)
        assert pb.paused and pb.time == pytest.approx(g.demo.pause_time, abs=1e-9)
        assert g.at_foul
        foul = g.demo.foul
        words = cite(app.locale, foul.code, foul.ref, g.entry.scenario.discipline)
        assert app.locale.after_colon(words) in g.body() and \
            app.t("gallery.watch") not in g.body()
        key(app, pygame.K_COMMA)  # back to the strike, before it
        assert pb.time < g.demo.pause_time
        key(app, pygame.K_PERIOD)
        key(app, pygame.K_PERIOD)  # and on, past it
        assert pb.time > g.demo.pause_time
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("start", ["practice", "menu"])
def test_the_gallery_goes_back_where_it_was_opened_from(start: str) -> None:
    """Play-test 33: the gallery opened from Practice, a clip watched, Esc
    twice: the main menu, not Practice. Esc goes back the way in."""
    from tests.app.helpers import click_button, key
    app = make_app("en")
    try:
        app.go(start)
        frame(app)
        click_button(app, app.t("menu.foul_gallery"))
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == "gallery"
        key(app, pygame.K_RETURN)  # the first clip
        frame(app, n=2)
        assert app.mode is not None and app.mode.name != "gallery"
        key(app, pygame.K_ESCAPE)  # back to the list
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == "gallery"
        key(app, pygame.K_ESCAPE)
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == start
    finally:
        pygame.display.quit()
