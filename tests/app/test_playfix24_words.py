"""What a twenty-fourth play-test read at 800x500 in Russian: «борты: 22»
in every ruling (the plural of «борт» is «борта»), «Anna бьёт сам» said of
a woman, the hint's «(лучший из них: почти никогда)», and Latin match codes
«R1-1» with a key «И: игры» over matches on the round robin's screen."""

from __future__ import annotations

import json
import re

import pygame
import pytest

from simulator.files.resources import locale_dir
from tests.app.helpers import click_button, drawn_words, frame, key, make_app, run_until

LOW = (800, 500)


def ru_words() -> dict[str, str]:
    """Every Russian string of the locale files, by file and dotted key."""
    from simulator.files.resources import flatten_words
    out: dict[str, str] = {}
    for path in sorted((locale_dir() / "ru").glob("*.json")):
        for k, v in flatten_words(json.loads(path.read_text("utf-8"))).items():
            out[f"{path.name}:{k}"] = v
    return out


# -- 1. «борта», not «борты» ------------------------------------------------------

# Plurals of the pool words a Russian player would stop at: «борт» makes
# «борта» (as «берега»), «шар» «шары», «луза» «лузы».
WRONG_PLURALS = re.compile(r"(?<![а-яё])(борты|лузов|лузей)(?![а-яё])",
                           re.IGNORECASE)


def test_no_russian_text_has_a_wrong_plural_of_the_pool_words() -> None:
    """«борты: 2» stood in every ruling's last-shot line; no Russian text
    of the game says «борты» (or another misformed plural) now."""
    bad = {k: v for k, v in ru_words().items() if WRONG_PLURALS.search(v)}
    assert not bad, bad


def test_the_last_shot_line_counts_cushions_as_borta_at_800x500() -> None:
    """A soft 9-ball break in Russian at 800x500: the card's line about the
    shot reads «… бортов: N» / «к бортам: N …», never «борты: N»."""
    from tests.app.test_playfix17_rulings import soft_break
    app = make_app("ru", LOW)
    try:
        from simulator.app.table.aim import power_of
        # 1.26 m/s of cue: some balls reach a cushion, not the four needed
        soft_break(app, "9-ball", power_of(1.263))
        key(app, pygame.K_v)  # the whole card, as V reads it
        frame(app, n=2)
        said = drawn_words(app, folded=True)
        # (an illegal break: the count stands on the foul's line alone,
        # «N прицельных шара дошли до борта»: test_card47_once)
        assert re.search(r"(к борт\w*: \d+ прицельн|бортов: \d+"
                         r"|\d+ прицельн\w* шар\w* дошл\w* до борта)", said), said
        assert "борты" not in said, said
    finally:
        pygame.display.quit()


# -- 2. no gender assumed with a name -------------------------------------------

# Forms only a man's name takes, right after a name put into the words.
MASCULINE = ("сам", "самому", "сделал", "забил", "ушёл", "выбрал", "должен",
             "готов", "согласен", "сыграл", "промахнулся", "разбил", "подписался",
             "вышел", "выиграл", "проиграл", "сдался", "предупреждён")
PERSON = re.compile(r"\{(name|player|person|who|winner|other)\}")


def test_no_russian_words_give_a_named_player_a_gender() -> None:
    """«Anna бьёт сам» was said of a woman: no Russian words with a player's
    name in them use a form that agrees with a man only, and no choice, on
    its button or told of its chooser («бить самому»), assumes one either."""
    masculine = "|".join(MASCULINE)
    # the name and up to three words of its clause (no colon or dash between)
    near = re.compile(PERSON.pattern + r"(?:\s+[а-яё,]+){0,3}?\s+(" + masculine
                      + r")(?![а-яё])")
    bad = {k: v for k, v in ru_words().items() if near.search(v)}
    bad |= {k: v for k, v in ru_words().items()
            if k.startswith(("ui.json:chosen.", "ui.json:choice."))
            and re.search(r"(?<![а-яё])сам(ому|а|ой)?(?![а-яё])", v.lower())}
    assert not bad, bad


def test_anna_shooting_after_a_foul_is_said_without_a_gender(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Express at 800x500 in Russian: Gordon's stroke touches no ball (a
    foul, SEED-E 2.6); Anna chooses to shoot: the card says «Бьёт Anna
    («Экспресс», п. 2.6)», her name once, not «Anna бьёт сам» (nor «Anna
    выбирает: бьёт Anna»)."""
    from rules.ruling import Choice
    from simulator.app.text.words import choice_label, choice_rule
    from tests.app.test_playfix17a_called import express_with_gordon
    app = make_app("ru", LOW)
    try:
        s = express_with_gordon(monkeypatch, app)
        run_until(app, lambda: bool(s.match.history), limit=3000)
        frame(app, n=3)
        shot = s.match.rulings[0]
        assert shot is not None and shot.chooser == 0
        click_button(app, choice_label(s.locale, Choice.SHOOT,
                                       choice_rule(s.discipline, Choice.SHOOT, shot)))
        frame(app, n=3)
        said = drawn_words(app, folded=True)
        assert "Бьёт Anna («Экспресс», п. 2.6)" in said, said
        assert "бьёт сам" not in said
        assert "Anna выбирает: бьёт Anna" not in said
    finally:
        pygame.display.quit()


# -- 3. the hint's odds in a sentence --------------------------------------------

@pytest.mark.parametrize("lang, words", [
    ("ru", "верного шара здесь нет (даже лучший из них почти никогда не забивается), "
           "поэтому отыгрыш:"),
    ("en", "no pot here is likely (even the best of them almost never goes in), "
           "so a safety:")])
def test_a_hopeless_hint_says_its_odds_in_a_sentence(
        monkeypatch: pytest.MonkeyPatch, lang: str, words: str) -> None:
    """A hint (I) whose every pot missed in all its tries, at 800x500: the
    side column says the best pot almost never goes in, in a sentence, not
    «(лучший из них: почти никогда)»."""
    from simulator.app.screens.table_screen import TableMode
    from tests.app.scenes import hopeless_hint
    app = hopeless_hint(monkeypatch, lang, LOW)
    try:
        s = app.session
        assert s is not None
        frame(app, n=2)
        assert isinstance(app.mode, TableMode)
        said = drawn_words(app, folded=True)
        assert words in said, said
        assert "из них: " not in said and "of them: " not in said
    finally:
        pygame.display.quit()


def test_every_odds_word_reads_in_the_unsure_pots_brackets() -> None:
    """The other slot the odds go in, an unsure pot's «(…)»: each odds word
    a share of tries above none can give is a whole phrase there."""
    from simulator.app.match.computer import chance_words
    from simulator.app.text.i18n import Locale
    for lang in ("ru", "en"):
        loc = Locale(lang)
        said = {chance_words(loc, x / 100) for x in range(1, 100)}
        said.add(chance_words(loc, 1.0, 4))  # all in out of few tries
        assert loc.t("odds.never") not in said  # said only of none in
        for c in said:
            text = loc.t("table_card.no_sure_pot", chance=c)
            assert f"({c})" in text and ":" not in c, text


# -- 4. the round robin's codes and key in Russian --------------------------------

def test_the_round_robin_screen_has_russian_codes_and_a_key_for_matches() -> None:
    """A round robin of three in Russian at 800x500: its matches are coded
    «Т1-1» (тур 1, матч 1), never «R1-1», and the column of matches played
    is «М», its key «М: матчи»; the English keeps R1-1 and says "matches"."""
    from simulator.records.club import Club
    from simulator.records.formats import ROUND_ROBIN
    from simulator.records.plan import Setup
    from tests.records.helpers import people
    with Club() as club:
        club.begin(Setup(people("Ann", "Bob", "Cid"), ROUND_ROBIN, "9-ball", race=2))
    for lang, code, legend in (("ru", "Т1-1", "М: матчи, В: выиграно, П: проиграно"),
                               ("en", "R1-1", "P: matches played, W: won, L: lost")):
        app = make_app(lang, LOW)
        try:
            app.go("menu")
            frame(app)
            click_button(app, app.t("club.menu_continue"))
            frame(app)
            said = drawn_words(app, folded=True)
            assert f"({code})" in said and code in said.split(f"({code})", 1)[1], said
            assert legend in said, said
            if lang == "ru":
                assert not re.search(r"\b[RWLG]\d", said), said
                assert " М В П " in f" {said} ", said
            cut = [t.text for t in app.texts if t.cut]
            assert not cut, cut
        finally:
            pygame.display.quit()
