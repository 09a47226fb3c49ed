"""What the window says about rules: the rule of the game being played,
readings in a sentence (never their labels), the Russian decimal comma,
and messages that went well not looking like errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pygame
import pytest

from rules.codes import SEED_EXPRESS
from rules.referee import Match
from simulator.app.match.session import Session
from simulator.app.text.i18n import LOCALE_DIR, Locale
from simulator.app.text.words import (
    choice_rule,
    cite,
    explain,
    is_reading,
    ref_text,
    split_citation,
)
from simulator.practice.gallery import entries
from simulator.practice.library import library
from simulator.practice.scenario import play_scenario
from tests.app.helpers import DT, after_the_break, click_button, frame, key, make_app

GAMES = ("8-ball", "9-ball", "14.1", "express")
CODE_LABEL = re.compile(r"\b[PGR]\d{1,2}\b")


def rulings() -> list[tuple[str, object]]:
    """The referee's ruling on every recorded stroke of the practice library
    and the foul gallery, with its game."""
    lib = library()
    out = []
    for e in lib.entries:
        sc = lib.load(e.id)
        if sc.stroke is not None:
            out.append((sc.discipline, play_scenario(sc).ruling))
    for g in entries():
        out.append((g.scenario.discipline, play_scenario(g.scenario).ruling))
    return out


def own_rule(discipline: str, ref: object) -> bool:
    """A rule of the game being played (or the rules it rests on)."""
    if is_reading(ref):
        return True
    file = getattr(ref, "file", "")
    section = getattr(ref, "section", "")
    if discipline == "express":  # Express, or the pyramid rules it builds on
        return file == SEED_EXPRESS or file == "pyramid-and-express.md"
    return section in ("general", discipline)


def test_every_citation_in_a_ruling_is_the_games_own() -> None:
    seen = 0
    for disc, r in rulings():
        for entry in (*r.fouls, *r.notes):  # type: ignore[attr-defined]
            assert own_rule(disc, entry.ref), (disc, entry.code.id, entry.ref)
            seen += 1
        for c in r.options:  # type: ignore[attr-defined]
            ref = choice_rule(disc, c, r)
            assert ref is None or own_rule(disc, ref), (disc, c, ref)
    assert seen > 100


def test_a_called_foul_cites_the_games_own_rule() -> None:
    from simulator.app.match.turns import callable_fouls
    loc = Locale("en")
    for disc in GAMES:
        names = ["A", "B", "C"] if disc == "express" else ["A", "B"]
        s = Session(Match(names, disc, {}, seed=1), loc)
        codes = callable_fouls(s)
        assert codes, disc
        for code in codes:
            m = Match(names, disc, {}, seed=1)
            r = m.call_foul(code)
            for f in r.fouls:
                assert own_rule(disc, f.ref), (disc, code.id, f.ref)


def test_a_14_1_illegal_break_cites_14_1_rule_6() -> None:
    """The 14.1 opening break that reaches too few cushions: the ruling and
    its re-rack option cite 14.1 rule 6, never 8-ball rule 5."""
    sc = library().load("straight-opening-break-penalty")
    app = make_app()
    try:
        s = Session(Match(["Anna", "Boris"], "14.1", {}, seed=1), app.locale)
        r = play_scenario(sc).ruling
        lines = s.ruling_banner(r).all_lines
        text = " ".join(lines)
        assert "14.1 rule 6" in text and "8-ball" not in text, lines
        for c in r.options:
            ref = choice_rule("14.1", c, r)
            assert ref is not None and ref_text(app.locale, ref) == "14.1 rule 6"
    finally:
        pygame.display.quit()


def _strings(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}

    def walk(d: object, prefix: str) -> None:
        if isinstance(d, dict):
            for k, v in d.items():
                walk(v, f"{prefix}.{k}" if prefix else k)
        elif isinstance(d, list):
            for i, v in enumerate(d):
                walk(v, f"{prefix}[{i}]")
        elif isinstance(d, str):
            out[prefix] = d
    for name in ("ui.json", "rules.json", "express.json"):
        walk(json.loads((LOCALE_DIR / lang / name).read_text("utf-8")), name)
    return out


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_internal_code_in_any_locale_string(lang: str) -> None:
    for key, text in _strings(lang).items():
        if key.startswith("ui.json.reading.") or "_about" in key:
            continue
        assert not CODE_LABEL.search(text), (key, text)
        assert "reading " not in text and "толкование" not in text and \
            "прочтени" not in text, (key, text)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_reading_a_code_uses_is_a_sentence(lang: str) -> None:
    from rules.codes import all_codes
    loc = Locale(lang)
    for code in all_codes():
        for ex in explain(loc, code):
            assert not CODE_LABEL.search(ex) and ex.endswith("."), (code.id, ex)
        text = cite(loc, code)
        assert not CODE_LABEL.search(text), (code.id, text)
    assert not loc.fallbacks


def test_a_reading_is_said_in_words() -> None:
    """14.1 rule 6 with the cue ball down (reading P13): the ruling says what
    the rules' silence was read to mean, in each language, and no label."""
    from rules.codes import Note, reading
    for lang in ("en", "ru"):
        loc = Locale(lang)
        s = Session(Match(["A", "B"], "14.1", {}, seed=1), loc)
        from rules.ruling import Outcome, Ruling
        r = Ruling("14.1", 0, notes=(Outcome(Note.BREAK_SCRATCH, reading("P13")),),
                   next_shooter=1)
        lines = s.ruling_banner(r).all_lines
        sentence = loc.t("ruling.reading", text=loc.t("reading.P13"))
        assert sentence in lines, lines
        assert not any(CODE_LABEL.search(ln) for ln in lines), lines
        assert ref_text(loc, Note.BREAK_SCRATCH.ref) in " ".join(lines)


def test_catalogue_texts_split_into_words_and_a_citation() -> None:
    for lang in ("en", "ru"):
        for name in ("rules.json", "express.json"):
            data = json.loads((LOCALE_DIR / lang / name).read_text("utf-8"))
            for k, v in data.items():
                if k.startswith("_") or k.startswith("ui.") or \
                        k.startswith("ball_in_hand."):
                    continue
                words, citation = split_citation(v)
                assert words and citation, (lang, k, v)


def test_numbers_use_the_languages_decimal_mark() -> None:
    assert Locale("en").num(1.6) == "1.6"
    assert Locale("ru").num(1.6) == "1,6"
    assert Locale("ru").num(-2.25, 2) == "−2,25"
    app = make_app("ru")
    try:
        s = Session(Match(["Анна", "Борис"], "9-ball", {}, seed=1), app.locale)
        app.session = s
        app.go("match")
        frame(app)
        speeds = [r.text for r in app.texts if "м/с" in r.text]
        assert speeds and all(re.search(r"\d,\d м/с", t) for t in speeds), speeds
        assert not any(re.search(r"\d\.\d", r.text) for r in app.texts)
    finally:
        pygame.display.quit()


def _toast_colour(app: object) -> tuple[int, int, int]:
    a = app  # type: ignore[assignment]
    box = next(r for name, r in a.panels if name == "message")  # type: ignore[attr-defined]
    c = a.screen.get_at((box.left + 4, box.centery))  # type: ignore[attr-defined]
    return (c.r, c.g, c.b)


def test_saved_and_undone_do_not_look_like_errors(tmp_path: Path) -> None:
    app = make_app()
    try:
        after_the_break(app, ["Anna", "Boris"], "9-ball", {}, seed=1)
        key(app, pygame.K_s, pygame.KMOD_CTRL)  # the first time: a name
        click_button(app, app.t("save.button"))  # saved
        frame(app)
        assert app.toast_kind == "info"
        r, g, _b = _toast_colour(app)
        assert g > r, "a success is drawn green"
        key(app, pygame.K_u)  # undone
        assert app.toast_kind == "info" and app.toast is not None
        key(app, pygame.K_u)  # nothing left to undo: an error
        assert app.toast_kind == "error"
        app.frame([], DT)
        r, g, _b = _toast_colour(app)
        assert r > g, "an error is drawn red"
    finally:
        pygame.display.quit()


def test_a_choice_cites_its_own_rule_before_the_fouls() -> None:
    """After an Express foul the next player's choice rests on Express 2.6
    (its last paragraph), not on the item of the foul; after a 9-ball
    push-out on 9-ball rule 5."""
    from rules.ruling import Choice
    loc = Locale("en")
    for disc, r in rulings():
        for c in r.options:  # type: ignore[attr-defined]
            ref = choice_rule(disc, c, r)
            if c in (Choice.SHOOT, Choice.FORCE_OFFENDER):
                assert ref_text(loc, ref) == "Express rule 2.6", (c, ref)
            if c in (Choice.TAKE_PUSH_OUT, Choice.HAND_BACK_PUSH_OUT):
                assert ref_text(loc, ref) == "9-ball rule 5", (c, ref)
