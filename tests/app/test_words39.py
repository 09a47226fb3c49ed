"""Play-test 27's wording: the hint's sentences in Russian cases, the ruling
card's penalised foul and choice, the last shot's line and the break's
count, the computer's plan (where it puts the cue ball, the cue's speed),
the evening winner's title, the end card's keys by action."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pygame
import pytest

from rules.ruling import Declarations
from simulator.app.loop.app import App
from simulator.app.match import computer
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.app.screens.computer_turn import ComputerMode
from simulator.files.resources import locale_dir
from simulator.players.hint import Hint
from simulator.players.player import ShotDecision
from simulator.table.events import Stroke
from tests.app.helpers import (
    drawn_words,
    frame,
    key,
    make_app,
    run_until,
    watched_session,
)
from tests.app.scenes import LANGS

LOW = (800, 500)
SIZES = [(1280, 720), LOW]


# -- 1. the hint's sentences ---------------------------------------------------

STROKE = Stroke(direction=0.0, speed=2.0)
# kind, ball, pocket, declarations -> the first line in each language
FORMS: list[tuple[str, int, str | None, Declarations, dict[str, str]]] = [
    ("pot", 1, "foot_right", Declarations(),
     {"ru": "Подсказка: забейте шар 1 в правую нижнюю угловую лузу",
      "en": "Hint: Go for the 1 in the bottom right corner pocket"}),
    ("bank", 1, "side_left", Declarations(),
     {"ru": "Подсказка: забейте шар 1 от борта в верхнюю среднюю лузу",
      "en": "Hint: Go for the 1 off a cushion into the top side pocket"}),
    ("pot", 1, "head_left", Declarations(called_ball=1, called_pocket="head_left"),
     {"ru": "Подсказка: закажите шар 1 в левую верхнюю угловую лузу",
      "en": "Hint: Call the 1 in the top left corner pocket"}),
    ("safety", 1, None, Declarations(),
     {"ru": "Подсказка: сыграйте на отыгрыш по шару 1",
      "en": "Hint: Play safe on the 1"}),
    ("kick", 1, None, Declarations(),
     {"ru": "Подсказка: сыграйте по шару 1 битком от борта",
      "en": "Hint: Kick at the 1 off a cushion"}),
    ("break", 1, None, Declarations(),
     {"ru": "Подсказка: разбейте пирамиду", "en": "Hint: Break the rack"}),
]


def hinted(lang: str, size: tuple[int, int], d: ShotDecision) -> tuple[App, str]:
    """A 9-ball match at the table with the hint ``d`` given, as drawn."""
    from simulator.physics import simulate
    app = make_app(lang, size)
    s = watched_session(app, ["Anna", "Boris"], "9-ball", {"race_to": 1}, seed=4)
    s.hint = Hint(d, simulate(s.match.table(), d.intended))
    frame(app, n=3)
    return app, drawn_words(app, folded=True)


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_every_hint_sentence_is_built_in_its_language(
        lang: str, size: tuple[int, int]) -> None:
    """Play-test 27 (c-86): «Подсказка: Цельтесь, 1, луза: правая нижняя
    угловая» was no Russian sentence: a pot, a bank, a call, a safety, a
    kick and a break each read as a sentence, the pocket in the case the
    sentence puts it in (into the pocket: «в правую нижнюю угловую лузу»)."""
    for kind, ball, pocket, decl, said in FORMS:
        d = ShotDecision(None, STROKE, STROKE, decl, kind, ball, pocket,
                         0.0, 0.0, 0, 0)
        _app, words = hinted(lang, size, d)
        try:
            assert said[lang] in words, (kind, words)
            assert "луза:" not in words and "Цельтесь" not in words, words
        finally:
            pygame.display.quit()


def test_no_russian_pot_sentence_names_its_pocket_in_the_nominative() -> None:
    """Every Russian sentence of the hint and of the computer's plan that
    sends a ball into a pocket says «в … лузу» (no «луза: {pocket}»), and
    the pocket's words it takes are the accusative's."""
    words = json.loads((locale_dir() / "ru" / "ui.json").read_text("utf-8"))
    pots = {**words["hint"]["say"], **words["hint"]["say"]["shot"],
            **words["cpu"]["shot"], **{f"cpu.{k}": v for k, v in words["cpu"].items()
                                       if isinstance(v, str)},
            **{k: v for k, v in words["play"].items()
               if k.startswith(("aims", "calls"))},
            **{k: v for k, v in words["evening"].items() if k.startswith("cpu_")}}
    for k, v in pots.items():
        if isinstance(v, str) and "{pocket}" in v:
            assert "в {pocket} лузу" in v, (k, v)
    assert all(w.split()[0].endswith(("ую", "юю", "?"))
               for w in words["pocket_into"].values())


# -- 6, 7. the computer's plan on its break -----------------------------------

def computers_break(monkeypatch: pytest.MonkeyPatch, lang: str,
                    size: tuple[int, int]) -> tuple[App, ComputerMode]:
    """8-ball, the computer breaking: its plan decided and shown."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, size)
    app.settings.watch = "1"
    app.session = Session.new(["cpu:beginner", "Boris"], "8-ball",
                              {"race_to": 1, "first_breaker": 0}, app.locale, seed=4)
    next_step(app)
    mode = app.mode
    assert isinstance(mode, ComputerMode)
    run_until(app, lambda: mode.decision is not None, limit=20_000)
    frame(app, n=2)
    return app, mode


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_computers_break_says_where_it_puts_the_cue_ball_and_the_cues_speed(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    """Play-test 27 (c-27): «Ставит биток, где показано» with nothing shown,
    and «Очень сильно (87%, 8,4 м/с)» beside the gauge's «кий 8,4 · шар 11,0
    м/с»: the plan says where the cue ball goes (in the kitchen, and
    across) and that its speed is the cue's, as the gauge does."""
    app, mode = computers_break(monkeypatch, lang, size)
    try:
        d = mode.decision
        assert d.place is not None
        words = drawn_words(app, folded=True)
        loc = app.locale
        assert "показано" not in words and "shown" not in words, words
        where = computer.place_words(loc, app.session.match.table(), d.place)
        assert where["where"] == loc.t("place_where.kitchen")
        assert loc.t("cpu.places", **where) in words, words
        speed = loc.num(d.intended.speed, 1)
        cue = {"ru": f"кий {speed} м/с", "en": f"cue {speed} m/s"}[lang]
        assert f"%, {cue})" in words, words
    finally:
        pygame.display.quit()


# -- 2, 4, 5. the ruling card: the penalised foul, the last shot, the break ----

def broken(app: App, game: str, power: float = 0.3) -> Session:
    """Anna breaks softly against Boris (seed 5, an illegal break): the
    ruling card on show, read whole (V)."""
    from tests.app.test_playfix17_rulings import soft_break
    s = soft_break(app, game, power)
    key(app, pygame.K_v)
    frame(app, n=2)
    return s


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_last_shot_after_a_break_counts_the_balls_its_rule_counts(
        lang: str, size: tuple[int, int]) -> None:
    """Play-test 27 (c-85): «Прошлый удар: … борта: 22» after a 9-ball break:
    the line is the last shot's («Последний удар»), and after a break it
    says the count 9-ball rule 3 reads, the object balls that reached a
    cushion (22 was every touch of a cushion by any ball)."""
    from rules.questions import facts
    app = make_app(lang, size)
    try:
        s = broken(app, "9-ball")
        shot, _ruling = s.shots[-1]
        n = len(facts(shot).cushion_balls)
        words = drawn_words(app, folded=True)
        head = {"ru": "Последний удар:", "en": "Last shot:"}[lang]
        # (the count before its noun: test_words41)
        count = app.t("strip.break_rails", n=n) if n else \
            app.t("strip.break_rails_none")
        # (an illegal break: the count stands on the foul's line, not again
        # in the last shot's: test_card47_once)
        from simulator.app.match.session import shot_chips
        assert head in words and count in shot_chips(s.locale, shot, True), words
        assert "Прошлый удар" not in words and "касаний бортов" not in words
        assert "cushion contacts" not in words and "· борта:" not in words
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_shot_not_a_break_says_its_cushion_touches_as_such(lang: str) -> None:
    """A shot after the break: «N касаний бортов», what it counts said."""
    from simulator.app.match.session import shot_chips
    app = make_app(lang)
    try:
        s = broken(app, "9-ball")
        shot, _ruling = s.shots[-1]
        touches = sum(1 for e in shot.events if e.kind.name == "BALL_CUSHION")
        # (the words: test_words41)
        chip = app.t("strip.rails", n=touches) if touches else \
            app.t("strip.rails_none")
        assert chip in shot_chips(s.locale, shot)
    finally:
        pygame.display.quit()


def test_the_penalised_foul_is_said_in_its_own_sentence() -> None:
    """Play-test 27 (c-30): «(общие правила, п. 18) (штраф — за этот фол)»,
    two brackets in a row: the penalised foul's mark is a sentence of its
    own after the rule's bracket (general rule 24: one foul is penalised)."""
    for lang in LANGS:
        mark = make_app(lang).t("banner.penalised")
        pygame.display.quit()
        assert not mark.lstrip().startswith("("), mark
        assert re.match(r"^\. [A-ZА-ЯЁ]", mark), mark


# -- 3. the choice after a foul (Express 2.6) -----------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_choice_after_an_express_foul_is_said_plainly(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Play-test 27 (c-111): «Одно из: Boris бьёт, а не нарушитель; бить
    должен нарушитель»: SEED-E 2.6, the opponent of the offender shoots
    or makes the offender shoot on: one option a line, numbered
    («1 — бьёт Anna», «2 — снова бьёт нарушитель»): «Выбор: бьёт Anna;
    снова бьёт нарушитель» read as both happening (play-test 29)."""
    from tests.app.test_playfix17a_called import express_with_gordon
    app = make_app(lang, LOW)
    try:
        s = express_with_gordon(monkeypatch, app)
        run_until(app, lambda: bool(s.match.history), limit=3000)
        frame(app, n=3)
        assert s.banner is not None
        said = {"ru": ["1 — бьёт Anna", "2 — снова бьёт нарушитель"],
                "en": ["1 — Anna shoots", "2 — the offender shoots again"]}[lang]
        assert list(s.banner.next[-2:]) == said, s.banner
        assert "Одно из" not in drawn_words(app, folded=True)
    finally:
        pygame.display.quit()


# -- 8. the evening winner's title --------------------------------------------

@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", ["cpu:pro", "Александр Константинопольский-Щедрин"])
def test_the_evening_winners_title_keeps_a_margin_each_side(
        lang: str, size: tuple[int, int], name: str) -> None:
    """Play-test 27 (c-99): «Победитель вечера: Компьютер (мастер)» ran
    from frame to frame at 1280x720: the title, with the longest level's
    name or a long name, keeps a tenth of the window each side, whole."""
    from simulator.app.match.computer import seat_words
    from simulator.app.screens.backdrop import backdrop
    from simulator.app.text import ui
    app = make_app(lang, size)
    try:
        title = app.t("club.champion", name=seat_words(app.locale, name))
        surface = pygame.Surface(size)
        ui.FRAME.texts.clear()
        backdrop(surface, title)
        rec = next(t for t in ui.FRAME.texts if t.text == title)
        w = size[0]
        assert rec.rect.left >= w * 0.1 - 1 and rec.rect.right <= w * 0.9 + 1, rec.rect
    finally:
        pygame.display.quit()


# -- 9. the end card's keys ---------------------------------------------------

def end_card_keys(app: App) -> dict[str, str]:
    d = app.dialogs[-1]
    return {b.label: b.key for b in d.buttons}


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_cards_actions_keep_their_keys_after_a_concession(lang: str) -> None:
    """The end card's keys run from 1 without a gap, as every menu's do: after
    a conceded match (no replay) a new match 1, the main menu 2; after a
    played one the replay 1, a new match 2, the main menu 3 (a card
    numbered from 2 read as a missing button)."""
    from simulator.app.dialogs.game_over import game_over_dialog
    from tests.app.helpers import asked_to_concede_match, concede_match
    app = make_app(lang)
    try:
        s = asked_to_concede_match(app, ["Anna", "Boris"], "9-ball", {"race_to": 1})
        concede_match(app, asked=True)
        conceded = end_card_keys(app)
        assert not s.shots
        assert conceded[app.t("gameover.new")] == "1", conceded
        assert conceded[app.t("menu.main")] == "2", conceded
        assert app.t("panel.replay") not in conceded
        s.shots = [(None, None)]  # type: ignore[list-item]  # (a played match)
        played = {b.label: b.key for b in game_over_dialog(app).buttons}
        assert played[app.t("panel.replay")] == "1", played
        assert played[app.t("gameover.new")] == "2", played
        assert played[app.t("menu.main")] == "3", played
    finally:
        pygame.display.quit()


# -- the locale files: no key given twice --------------------------------------

def test_no_locale_file_gives_a_key_twice() -> None:
    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [k for k, _v in pairs]
        assert len(keys) == len(set(keys)), [k for k in keys if keys.count(k) > 1]
        return dict(pairs)
    for path in sorted(Path(locale_dir()).glob("*/*.json")):
        json.loads(path.read_text("utf-8"), object_pairs_hook=unique)
