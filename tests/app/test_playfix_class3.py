"""Defects of an instructor's evening found in play, each driven through the
window's own event loop with the keys and clicks a person uses: the help's
page counter, plurals of counts, the timeline's steps, the editor's saved
position in Practice, the export's caption, and a quiz that gives nothing
away before the answer."""

from __future__ import annotations

import re

import pygame
import pytest

from tests.app.helpers import drawn_words, frame, key, make_app, open_gallery

SIZES = [(1280, 720), (800, 500)]
COUNTER = re.compile(r"(\d+) (?:of|из) (\d+)")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_help_counts_its_pages_right(lang: str, size: tuple[int, int]) -> None:
    """F1 from the menu, then PgDn to the last page: every page says which it
    is of how many, never a page past the last ("page 3 of 2" was the next
    button's label on the last page)."""
    app = make_app(lang, size)
    app.go("menu")
    frame(app)
    try:
        key(app, pygame.K_F1)
        mode = app.mode
        assert mode is not None and mode.name == "help"
        for page in range(6):
            frame(app)
            n = mode.pages  # type: ignore[attr-defined]
            title = getattr(mode, "title", lambda: "")()  # the backdrop's heading
            shown = [(int(a), int(b)) for a, b in COUNTER.findall(
                f"{drawn_words(app)} {title}")]
            for a, b in shown:
                assert a <= b == n, f"page {a} of {b}, {n} pages"
            if n > 1:
                assert (page + 1, n) in shown, (page, shown)
            if page + 1 >= n:
                break
            key(app, pygame.K_PAGEDOWN)
        if size == (800, 500):
            assert mode.pages > 1  # type: ignore[attr-defined]
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_step_keys_stop_on_every_mark(lang: str) -> None:
    """A gallery foul at 1/4: Shift with the step keys walks every mark the
    timeline draws, the head string crossings too (a click on their ticks
    shows them); the plain keys stop at the contacts, not at crossings."""
    from simulator.app.replay.shotmarks import STEP_KINDS
    from simulator.table.events import EventKind
    app = make_app(lang)
    app.go("menu")
    frame(app)
    try:
        mode = open_gallery(app, "gallery-illegal-jump")
        frame(app)
        marks = mode.show.marks.marks  # type: ignore[attr-defined]
        pb = mode.player.playback  # type: ignore[attr-defined]
        lines = [m for m in marks if m.kind is EventKind.LINE_CROSSED]
        contact_times = {m.time for m in marks if m.kind in STEP_KINDS}
        assert lines and any(m.time not in contact_times for m in lines)

        def walk(mod: int) -> list[float]:
            key(app, pygame.K_HOME)
            stops: list[float] = []
            at = None
            for _ in range(len(marks) + 2):
                key(app, pygame.K_PERIOD, mod)
                # (the end: the step stands still; two marks at one time,
                # the strike and the jump's foul, are a step each)
                now = mode.show.selected  # type: ignore[attr-defined]
                if stops and pb.time == stops[-1] and now is at:
                    break
                at = now
                stops.append(pb.time)
            return stops

        steps = walk(pygame.KMOD_SHIFT)
        assert any(abs(t - m.time) < 1e-9 for t in steps for m in lines)
        assert len(steps) > len({m.time for m in marks if m.kind in STEP_KINDS})
        plain = walk(0)
        assert len(plain) < len(steps)
        assert not any(abs(t - m.time) < 1e-9 for t in plain[:-1] for m in lines
                       if m.time not in contact_times)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize(("lang", "one", "counts"), [
    ("en", "1 match", {2: "2 matches", 5: "5 matches", 21: "21 matches"}),
    ("ru", "1 матч", {2: "2 матча", 5: "5 матчей", 11: "11 матчей",
                      21: "21 матч", 22: "22 матча"}),
])
def test_counts_take_their_plural(lang: str, one: str, counts: dict[int, str]) -> None:
    """One match played and conceded, then the players' records from the
    menu: the list and the player's page say "1 match" ("1 матч"), never
    "1 matches"; the same words count 2, 5, 11, 21, 22 in each language's
    plural."""
    from tests.app.test_club import new_app, person_concedes, start
    app = new_app(lang)
    try:
        person_concedes(app, start(app, ["Ann", "cpu:beginner"]))
        app.go("menu")
        frame(app)
        from tests.app.helpers import click_button
        click_button(app, app.t("club.menu_records"))
        frame(app)
        listed = drawn_words(app)
        assert re.search(rf"(^|\s){one}(\s|$)", listed), listed
        assert "1 matches" not in listed and "матчей: 1" not in listed
        click_button(app, "Ann")
        assert app.mode is not None and app.mode.name == "player"
        frame(app)
        page = drawn_words(app)
        assert f"{one}:" in page, page
        for n, words in counts.items():
            assert app.t("club.matches_n", n=n) == words
        assert not app.locale.fallbacks
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_position_saved_in_the_editor_is_in_practice(lang: str) -> None:
    """Practice, the editor, a title typed, Save: the message says where the
    position went (Practice › the game › My positions); back in Practice the
    game's list shows it under My positions, and it opens there."""
    from pygame_gui.elements import UISelectionList

    from simulator.app.screens.editor.screen import EditorMode
    from simulator.app.text.words import discipline_label
    from tests.app.helpers import click, click_button
    app = make_app(lang)
    app.go("menu")
    frame(app)
    title = "Угловой этюд" if lang == "ru" else "Corner drill"
    try:
        click_button(app, app.t("menu.practice"))
        click_button(app, app.t("practice.editor"))
        ed = app.mode
        assert isinstance(ed, EditorMode)
        entry = getattr(ed, f"title_{lang}")
        click(app, entry.rect.center)
        key(app, pygame.K_a, pygame.KMOD_CTRL)  # the offered title, replaced
        frame(app, pygame.event.Event(pygame.TEXTINPUT, text=title))
        assert entry.get_text() == title
        click_button(app, app.t("editor.save"))
        assert app.toast is not None
        said = app.toast[0]
        game = discipline_label(app.locale, ed.discipline)
        assert title in said and app.t("menu.practice") in said.replace(
            "Тренировке", "Тренировка") and game in said, said
        assert app.toast_kind != "error"
        key(app, pygame.K_ESCAPE)
        if app.mode is not None and app.mode.name != "practice":
            click_button(app, app.t("common.back"))
        assert app.mode is not None and app.mode.name == "practice", app.mode
        click_button(app, game)
        frame(app)
        lists = [el for el in app.gui.get_sprite_group().sprites()
                 if isinstance(el, UISelectionList)]
        items = [it["text"] for it in lists[0].item_list]
        heading = app.t("practice.my_positions", n=1)
        assert heading in items and f"• {title}" in items, items
        assert items.index(f"• {title}") > items.index(heading)
        assert items.index(heading) == 0, "the player's own first"
        # The list opens on the position just saved, selected (a player
        # looking down the list for it once missed the heading at the top).
        assert lists[0].get_single_selection() == f"• {title}"
        row = next(it for it in lists[0].item_list if it["text"] == f"• {title}")
        click(app, row["button_element"].rect.center)
        click_button(app, app.t("practice.open"))
        assert app.mode is not None and app.mode.name == "scenario"
        assert app.mode.sc.title.get(lang) == title  # type: ignore[attr-defined]
        assert not app.locale.fallbacks
    finally:
        pygame.display.quit()


def text_rows(path: object, top: int, background: tuple[int, int, int]) -> int:
    """The rows of words in a picture's caption band (from ``top`` down): runs
    of pixel rows with ink, told apart by rows of bare band."""
    from PIL import Image
    im = Image.open(path).convert("RGB")  # type: ignore[arg-type]
    w, h = im.size
    px = im.load()
    rows, inked = 0, False
    for y in range(top, h):
        ink = any(sum(abs(a - b) for a, b in zip(px[x, y], background, strict=True))
                  > 120 for x in range(0, w, 1))
        if ink and not inked:
            rows += 1
        inked = ink
    return rows


@pytest.mark.parametrize("entry", ["gallery-express-no-cushion",
                                   "gallery-kitchen-direct"])
def test_the_russian_caption_keeps_the_rule_number_whole(entry: str) -> None:
    """A long Russian ruling exported from the gallery (X, then PNG, then
    SVG): the caption wraps where the words need it, so the rule's number is
    whole ("п. 2.6, подп. 4)" was cut to "п.…"): the PNG's band has a row of
    words for each wrapped line, the SVG's lines put together are the whole
    ruling, each within the picture."""
    from xml.etree import ElementTree

    from simulator.app.replay.export import Canvas, ShotExport
    from simulator.app.text import fonts, ui
    from tests.app.test_evening_class import Steps, export
    app = make_app("ru")
    app.go("menu")
    frame(app)
    try:
        mode = open_gallery(app, entry)
        st = Steps(app)
        st.wait(lambda: mode.at_foul)  # type: ignore[attr-defined]
        exp = ShotExport.from_scenario(mode.entry.scenario,  # type: ignore[attr-defined]
                                       mode.player.shot,  # type: ignore[attr-defined]
                                       mode.demo.ruling,  # type: ignore[attr-defined]
                                       foul=mode.demo.foul)  # type: ignore[attr-defined]
        ruling = exp.caption("ru")[1]
        number = re.search(r"\(([^()]*\d[^()]*)\)$", ruling)
        assert number is not None, ruling
        # The SVG: the ruling's lines put together, its number whole in one.
        svg = export(st, "svg", "ru")
        root = ElementTree.parse(svg).getroot()
        texts = [t for t in root.iter("{http://www.w3.org/2000/svg}text")
                 if float(t.get("y", 0)) > float(root.get("height", 0)) - 200
                 and t.get("fill") == "rgb(241,234,216)"]
        said = " ".join(t.text or "" for t in texts)
        assert said == ruling, said
        assert any(number.group(1) in (t.text or "") for t in texts)
        width = int(root.get("width", 0))
        for t in texts:
            size = int(t.get("font-size", 0))
            assert fonts.font(size).size(t.text or "")[0] + 10 <= width
        # The PNG: a row of words for the heading and each line of the ruling.
        png = export(st, "png", "ru")
        from PIL import Image
        canvas = Canvas(exp, Image.open(png).size[0], "ru")
        assert Image.open(png).size == canvas.size
        assert fonts.font(16).size(ruling)[0] > canvas.size[0], \
            "a ruling wider than the picture in the caption's smallest type"
        band_top = canvas.size[1] - canvas.cap_h
        rows = text_rows(png, band_top + 2, ui.FOUL_BG)
        assert rows >= 3, "the heading and the ruling over two lines at least"
        lay = canvas.layout
        lines = ui.wrap(ruling, lay.size, canvas.size[0] - 2 * lay.pad)
        assert " ".join(lines) == ruling
        assert rows == len(lay.head_lines) + len(lines)
    finally:
        pygame.display.quit()


def same_places(a: object, b: object) -> bool:
    pa = dict(a)  # type: ignore[call-overload]
    pb = dict(b)  # type: ignore[call-overload]
    return pa.keys() == pb.keys() and all(
        abs(pa[k][0] - pb[k][0]) < 1e-6 and abs(pa[k][1] - pb[k][1]) < 1e-6 for k in pa)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_quiz_gives_nothing_away_before_the_answer(lang: str) -> None:
    """The referee quiz from Practice (8-ball; its first situation has a
    ball jump off the table): it opens on the position before the stroke and
    plays it; the heading names the game and what happens, not the ruling
    ("spotted"); the side view never says where the ball went; while the
    questions are open the table stays as the stroke left it (not as the
    ruling leaves it, the ball spotted). Once all are answered: the
    situation's title, the table after the ruling, and the stroke watched
    again says where the ball went."""
    from simulator.app.screens.practice.practice_screen import (
        after_positions,
        table_positions,
    )
    from simulator.app.screens.quiz import QuizMode, quiz_ids, start_quiz
    from simulator.app.text.words import discipline_label
    from tests.app.helpers import DT, click_button
    app = make_app(lang)
    app.go("menu")
    frame(app)
    try:
        click_button(app, app.t("menu.practice"))
        click_button(app, discipline_label(app.locale, "8-ball"))
        click_button(app, app.t("practice.quiz"))
        assert isinstance(app.mode, QuizMode)
        # The sitting's order is shuffled: the situation this test needs first.
        ids = quiz_ids("8-ball")
        app.switch(start_quiz(app, "8-ball", ids.index("8ball-ball-off-table-spotted")))
        q = app.mode
        assert isinstance(q, QuizMode) and q.phase == "asking"
        sc = q.sc
        title = sc.title.get(lang)
        before = table_positions(sc.position)
        after = after_positions(q.shot, q.result.after)
        assert not same_places(before, after)
        frame(app)
        assert same_places(q.ball_positions(), before), "opens before the stroke"
        flights = q.show.marks.flights  # type: ignore[union-attr]
        gone = [(b, w) for f in flights for b, w in f.left.items()]
        assert gone, "a ball leaves the table in this situation"
        ball, where = gone[0]
        outcome = app.t("sideview.on_rail" if where == "rail" else "sideview.floor",
                        ball=app.t("strip.cue_ball") if ball == 0 else str(ball))
        # The stroke plays to its end with the first question.
        seen_air = False
        for _ in range(8000):
            if q.player is None or q.player.done:
                break
            app.frame(pygame.event.get(), DT)
            seen_air = seen_air or q.inset_height(200) > 0
            shown = drawn_words(app)
            assert outcome not in shown, "the side view tells the answer"
            assert title not in shown
        assert seen_air and q.phase == "asking"
        # The heading: the game and the task (its title says the ball is
        # spotted, what happens said the 11 jumps: play-test 17c).
        heading = app.t("quiz.title_open",
                        game=discipline_label(app.locale, sc.discipline))
        stopped = table_positions(q.shot.final)  # where the stroke left them
        assert not same_places(stopped, after)
        while q.phase in ("asking", "answered"):
            if q.phase == "asking":
                key(app, pygame.K_SPACE)  # each question's stroke: to its end
            frame(app)
            shown = drawn_words(app)
            assert title not in shown and outcome not in shown
            assert same_places(q.ball_positions(), stopped), q.phase
            if q.phase == "asking":
                assert heading in shown
                for a in sorted(q.question.correct):
                    key(app, pygame.K_1 + q.question.choices.index(a))
                if q.question.multiple:
                    key(app, pygame.K_RETURN)
            else:
                key(app, pygame.K_RETURN)
        assert q.phase == "done"
        frame(app)
        assert title in drawn_words(app)
        assert same_places(q.ball_positions(), after)
        key(app, pygame.K_r)  # watched again: now it may say where the ball went
        told = False
        for _ in range(8000):
            app.frame(pygame.event.get(), DT)
            if outcome in drawn_words(app):
                told = True
                break
            if q.player is not None and q.player.playback.paused:
                key(app, pygame.K_SPACE)  # on from the foul's stop
        assert told
        assert not app.locale.fallbacks
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_practice_question_is_titled_without_its_answer(lang: str) -> None:
    """Practice, 8-ball, "Two millimetres from the 3: a double hit" opened
    from the list: while its question (foul or not, which rule) is open the
    heading says only the game and the kind of stroke; the stroke watched to
    its ruling, the situation's own title."""
    from pygame_gui.elements import UISelectionList

    from simulator.app.text.words import discipline_label
    from simulator.practice.library import load
    from tests.app.helpers import DT, click, click_button
    sc = load("8ball-double-hit")
    assert sc.question is not None and "foul" in sc.question.asks
    title = sc.title.get(lang)
    app = make_app(lang)
    app.go("menu")
    frame(app)
    try:
        click_button(app, app.t("menu.practice"))
        click_button(app, discipline_label(app.locale, "8-ball"))
        frame(app)
        (lst,) = [el for el in app.gui.get_sprite_group().sprites()
                  if isinstance(el, UISelectionList)]
        row = next(it for it in lst.item_list if it["text"].endswith(title))
        for _ in range(200):  # the wheel, down to it
            if row.get("button_element") is not None and \
                    lst.rect.contains(row["button_element"].rect):
                break
            frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=lst.rect.center,
                                          rel=(0, 0), buttons=(0, 0, 0)))
            frame(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
            row = next(it for it in lst.item_list if it["text"].endswith(title))
        click(app, row["button_element"].rect.center)
        click_button(app, app.t("practice.open"))
        mode = app.mode
        assert mode is not None and mode.name == "scenario"
        frame(app)
        shown = drawn_words(app)
        assert title not in shown and sc.question.text.get(lang) in shown
        assert app.t("quiz.kind_shot") in shown
        key(app, pygame.K_SPACE)  # watch the stroke
        for _ in range(4000):
            app.frame(pygame.event.get(), DT)
            if mode.phase == "ruling":  # type: ignore[attr-defined]
                break
            assert title not in drawn_words(app), "the heading while the stroke plays"
        frame(app)
        assert title in drawn_words(app)
    finally:
        pygame.display.quit()
