"""Play-test 21: the quiz's questions open on their stroke, the editor's
custom positions and its trial shot, quick clicks on cycling buttons, rule
references kept whole on a wrapped line."""

from __future__ import annotations

import math

import pygame

from simulator.app.loop.app import App
from simulator.app.screens.editor.screen import EditorMode
from simulator.app.screens.practice.practice_screen import table_positions
from simulator.app.screens.quiz import SLOW, QuizMode, quiz_ids, start_quiz
from simulator.app.text.words import discipline_label
from tests.app.helpers import (
    click,
    click_button,
    frame,
    make_app,
    move,
    quiz_ready,
    run_until,
)


def _apart(a: object, b: object) -> float:
    """The largest distance a ball moved between two placements."""
    pa, pb = dict(a), dict(b)  # type: ignore[call-overload]
    return max((math.dist(pa[k][:2], pb[k][:2]) for k in pa if k in pb),
               default=0.0)


def test_the_first_question_opens_by_playing_its_stroke() -> None:
    """A class shown the end first had to press R to see the stroke: the
    first question plays it (at the quiz's 1/4) and then holds on its end;
    its answers are taken once it has been seen to its end (Space skips to
    it). The later questions open on the stroke's end, seen for the first,
    their answers taken at once."""
    app = make_app("ru", (800, 500))
    app.go("menu")
    frame(app)
    click_button(app, app.t("menu.practice"))
    click_button(app, discipline_label(app.locale, "8-ball"))
    click_button(app, app.t("practice.quiz"))
    assert isinstance(app.mode, QuizMode)
    # A situation of three questions (foul, rule, who shoots and from where).
    ids = quiz_ids("8-ball")
    app.switch(start_quiz(app, "8-ball", ids.index("8ball-eight-first-with-group")))
    q = app.mode
    assert isinstance(q, QuizMode) and len(q.questions) == 3
    assert q.phase == "asking" and q.k == 0
    start = table_positions(q.sc.position)
    frame(app)
    assert _apart(q.ball_positions(), start) < 1e-6, "opens on the start"
    assert q.player is not None and q.player.playback.speed == SLOW
    assert q.show is not None and q.show.trails  # stick, trails, timeline
    frame(app, n=240)  # 4 s of a 1/4 replay: the balls on their way
    assert _apart(q.ball_positions(), start) > 0.01
    assert not q.player.done
    label = q.choice_buttons[q.question.choices[0]].label
    # Not taken while the stroke plays: it is watched to its last event.
    b = next(b for b in app.buttons if b.label == label)
    move(app, b.rect.center)
    click(app, b.rect.center)
    assert q.phase == "asking", "an answer during the stroke"
    quiz_ready(app)
    click_button(app, label)
    assert q.phase == "answered"
    for k in (1, 2):
        click_button(app, app.t("quiz.next_question"))
        # Held on the stroke's end at once, the answers taken.
        assert q.phase == "asking" and q.k == k
        frame(app, n=30)
        assert q.player is not None and q.player.done
        assert _apart(q.ball_positions(), table_positions(q.shot.final)) < 1e-6
        label = q.choice_buttons[q.question.choices[0]].label
        click_button(app, label)
        assert q.phase == "answered", "an answer after the stroke"
    # R watches it again from the start.
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0,
                                  unicode="r", scancode=0), n=3)
    assert q.player is not None and not q.player.done
    assert _apart(q.ball_positions(), table_positions(q.sc.position)) < 0.05
    assert not app.errors



def _editor_with(app: App, draft: dict[str, object] | None) -> EditorMode:
    """The editor opened from the menu (on this draft when one is given)."""
    from simulator.app.screens.practice.memory import state_of
    app.go("menu")
    frame(app)
    if draft is not None:
        state_of(app).editor = draft
    click_button(app, app.t("menu.practice"))
    click_button(app, app.t("practice.editor"))
    ed = app.mode
    assert isinstance(ed, EditorMode)
    frame(app)
    return ed


def _state_row(ed: EditorMode) -> str:
    label = ed.field_menu.selected_option
    return label[0] if isinstance(label, tuple) else str(label)


def test_a_few_balls_are_a_shot_in_play_not_a_break() -> None:
    """Four balls placed by hand: the state row does not open on «разбитие»
    (read as "the state: a break"), and the chips say the next shot is one
    in play from where the cue ball stands."""
    app = make_app("ru", (800, 500))
    ed = _editor_with(app, None)
    ed.set_discipline("8-ball")
    frame(app)
    for p in ((1.9, 0.4), (1.4, 0.9)):
        x, y = ed.view.to_screen(*p)
        click(app, (int(x), int(y)))
        frame(app)
        click_button(app, ">")  # another ball (one off the table is chosen)
        frame(app)
    assert len(ed.balls()) == 5 and ed.error is None  # the 8 was there
    assert ed.field != "is_break"
    assert _state_row(ed) != app.t("editor.field_is_break")
    assert app.t("editor.next_shot") in ed.chips()
    assert not ed.state_value("is_break")
    assert ed.state_value("ball_in_hand") in ("none", None)
    assert not app.errors


def test_a_full_rack_may_stay_a_break() -> None:
    """A full rack set as a break opens on the break and says so."""
    from simulator.practice.library import library
    app = make_app("ru", (800, 500))
    sc = library().load("8ball-break-continue")
    draft = {"format": "kiy-scenario", "version": 1, "id": "rack",
             "discipline": "8-ball", "players": 2,
             "title": {"en": "Rack", "ru": "Пирамида"},
             "balls": {str(b): [round(p[0], 5), round(p[1], 5)]
                       for b in sc.position.on_table()
                       if (p := sc.position.position(b)) is not None},
             "state": {"is_break": True, "ball_in_hand": "kitchen"}}
    ed = _editor_with(app, draft)
    assert ed.full_rack() and ed.error is None, ed.error
    assert ed.field == "is_break"
    assert _state_row(ed) == app.t("editor.field_is_break")
    assert app.t("editor.next_break") in ed.chips()
    assert not app.errors


def _press(pos: tuple[int, int], button: int = 1) -> list[pygame.event.Event]:
    """A click as a quick hand or xdotool makes it: the move, the press and
    the release arriving together."""
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                               buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]


def _option(app: App, ident: str) -> tuple[str, tuple[int, int]]:
    b = next(b for b in app.buttons if b.ident == ident)
    return b.label, b.rect.center


def test_quick_clicks_on_the_club_setups_choices_all_act() -> None:
    """Two clicks in quick succession on «Формат» step it twice, in one pass
    of the loop or in two; a right click on the race steps it back, twice
    for two (the setup's design: «правый щелчок — предыдущее»)."""
    from simulator.records.formats import FORMATS
    app = make_app("ru", (800, 500))
    app.go("menu")
    frame(app)
    click_button(app, app.t("club.menu_evening"))
    assert app.mode is not None and app.mode.name == "evening_setup"
    frame(app)
    setup = app.mode
    first = setup.choices.format  # type: ignore[attr-defined]
    i = FORMATS.index(first)
    _, at = _option(app, "format")
    app.step(_press(at) + _press(at), 1 / 60)  # a double click: one pass
    assert setup.choices.format == FORMATS[(i + 2) % len(FORMATS)]  # type: ignore[attr-defined]
    app.step(_press(at), 0.05)
    app.step(_press(at), 0.05)  # and one a pass, 50 ms apart
    assert setup.choices.format == FORMATS[(i + 4) % len(FORMATS)]  # type: ignore[attr-defined]
    while setup.choices.scoring != "race":  # type: ignore[attr-defined]
        app.step(_press(at), 0.05)
    app.step([], 1 / 60)
    race = setup.choices.race  # type: ignore[attr-defined]
    label, at = _option(app, "race")
    app.step(_press(at, 3), 1 / 60)
    once = setup.choices.race  # type: ignore[attr-defined]
    assert once != race, "a right click steps the race back"
    app.step([], 1 / 60)
    assert _option(app, "race")[0] != label
    app.step(_press(at, 3) + _press(at, 3), 1 / 60)
    assert setup.choices.race not in (once, race)  # type: ignore[attr-defined]
    assert not app.errors


def test_the_editors_trial_opens_on_the_first_click_and_says_so() -> None:
    """One click on «Пробный удар»: the window says at once that it opens
    (building the table took seconds on a busy machine and the click looked
    lost), and the next pass of the loop shows it; a second click meanwhile
    opens nothing more."""
    from pygame_gui.elements import UIButton

    from simulator.app.screens.practice.own_shot import (
        PracticeAimMode,
        PracticePlaceMode,
    )
    app = make_app("ru", (800, 500))
    ed = _editor_with(app, None)
    trial = next(el for el in app.gui.get_sprite_group().sprites()
                 if isinstance(el, UIButton) and el.text == app.t("editor.test"))
    at = trial.rect.center
    app.step(_press(at), 1 / 60)
    assert app.mode is ed and app.toast is not None
    assert app.toast[0] == app.t("editor.trial_opening")
    app.step(_press(at), 1 / 60)  # clicked again, impatient
    assert isinstance(app.mode, PracticeAimMode | PracticePlaceMode)
    app.step([], 1 / 60)
    assert isinstance(app.mode, PracticeAimMode | PracticePlaceMode)
    assert app.toast is None or app.toast[0] != app.t("editor.trial_opening")
    assert not app.errors


def _cut_refs(lines: list[str]) -> list[str]:
    """Lines that start with a rule's number whose «п.» ended the line
    before (or stand as «13)» alone)."""
    import re
    out = []
    for prev, ln in zip(["", *lines], lines, strict=False):
        if re.match(r"\s*\d[\d.,]*\)?", ln) and (
                prev.rstrip().endswith(("п.", "пп.")) or re.fullmatch(r"\d+\)", ln)):
            out.append(f"{prev!r} / {ln!r}")
    return out


def test_rule_references_are_never_cut_from_their_numbers() -> None:
    """«п. 13)» kept whole: every Russian text with a rule reference, wrapped
    at any width, never leaves «п.» at a line's end and its number below;
    the no-break space is drawn as a space; and the foul gallery's foul line,
    as the window draws it at 800x500, keeps its reference whole."""
    import re

    from simulator.app.screens.gallery import GalleryPlayMode
    from simulator.app.text import fonts, ui
    from simulator.app.text.i18n import Locale
    from simulator.files.resources import NBSP
    app = make_app("ru", (800, 500))  # (the fonts, as the window has them)
    loc = Locale("ru")
    texts = [v for v in (*loc.ui.values(), *loc.rules.values())
             if re.search(r"пп?\.\s\d", v)]
    assert len(texts) > 100
    assert not [v for v in texts if re.search(r"пп?\. \d", v)]
    f = fonts.font(13)
    assert f.size("п." + NBSP + "13")[0] == f.size("п. 13")[0], "drawn as a space"
    for text in texts:
        for width in range(120, 420, 7):  # (a side column is 200+ px)
            cut = _cut_refs(ui.wrap(text, 13, width))
            assert not cut, (width, cut)
    app.go("menu")
    frame(app)
    click_button(app, app.t("menu.foul_gallery"))
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                  unicode="\r", scancode=0))
    g = app.mode
    assert isinstance(g, GalleryPlayMode)
    seen = 0
    for _ in range(6):  # a few of its fouls
        run_until(app, lambda g=g: g.at_foul, limit=6000)
        frame(app, n=2)
        shown = [r.shown for r in app.texts]
        assert not _cut_refs(shown), _cut_refs(shown)
        seen += sum("п." + NBSP in s for s in shown)
        frame(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0,
                                      unicode="n", scancode=0))
        g = app.mode
        assert isinstance(g, GalleryPlayMode)
    assert seen, "the foul lines cite their rules"
    assert not app.errors
