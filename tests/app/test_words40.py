"""Words a player reads (play-test of wave 40): a choice's options read as
options, not as all happening; no capital after a colon inside a Russian
sentence; the computer's break plan in whole phrases; one Russian word for
a safety; the club evening says hints are off before I is pressed."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.text.words import choice_rule, chosen_label, ref_text
from tests.app.helpers import banner_hint, drawn_words, frame, key, make_app, run_until


def flat(text: str) -> str:
    return " ".join(text.split())


# -- 1. a choice's options: one a line, numbered as the keys ------------------

def express_anna_fouls_gordon_chooses(app: App) -> Session:
    """Express: Anna, Gordon (a computer) and Boris at a set position, Anna
    to shoot; her stroke goes the wrong way at a crawl and touches no ball
    (a foul, SEED-E 2.6), so Gordon chooses. Returns at his choice's card."""
    from rules.referee import Match
    from simulator.app.match.session import Session
    from simulator.app.table.aim import Aim
    from simulator.practice.scenario import parse_scenario

    draft = {"format": "kiy-scenario", "version": 1, "id": "choice",
             "discipline": "express", "players": 3,
             "title": {"en": "Choice", "ru": "Выбор"},
             "balls": {"0": [0.5, 0.9], "1": [2.0, 0.9], "2": [2.5, 0.5]},
             "state": {"is_break": False, "shooter": 0}}
    m = Match.from_state(["Anna", "cpu:club:Gordon", "Boris"], "express",
                         parse_scenario(draft).game, {}, seed=1)
    s = Session(m, app.locale)
    s.watch = "skip"
    app.session = s
    app.go("match")
    frame(app)
    s.aim = Aim(3.14159, 0.05)  # away from every ball, at a crawl
    app.mode.key_lock = pygame.mouse.get_pos()  # type: ignore[union-attr]
    key(app, pygame.K_SPACE)
    run_until(app, lambda: bool(s.match.history), limit=6000)
    frame(app, n=3)
    return s


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)], ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_express_choice_after_a_foul_lists_its_options_apart(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    """Express 2.6: Anna's stroke touches no ball; Gordon chooses to shoot
    or to have her shoot again. The column said «Выбор: бьёт Gordon; снова
    бьёт нарушитель», read as both; now a heading with the rule, then one
    option a line; unnumbered, the computer choosing (its turn's 1-4 are
    the watching speeds: a person's choice has the numbers on its keys)."""
    from rules.ruling import Choice
    monkeypatch.setattr("simulator.app.match.computer.THINK_SLICE", 0.0)
    app = make_app(lang, size)
    try:
        s = express_anna_fouls_gordon_chooses(app)
        r = s.last_ruling
        assert r is not None and r.fouls and r.chooser == 1
        assert list(r.options) == [Choice.SHOOT, Choice.FORCE_OFFENDER]
        assert s.banner is not None
        nexts = list(s.banner.next)
        rule = ref_text(s.locale, choice_rule(s.discipline, Choice.SHOOT, r))
        assert "2.6" in rule
        heading = app.t("banner.options_rule", rule=rule)
        labels = [chosen_label(s.locale, c, "Gordon") for c in r.options]
        lines = [f"• {labels[0]}", f"• {labels[1]}"]
        assert nexts[-3:] == [heading, *lines], nexts
        # (no line holds both options: "A; B" read as A and then B)
        assert not any(labels[0] in ln and labels[1] in ln for ln in nexts), nexts
        words = flat(drawn_words(app, "side"))
        for said in (heading, *lines):
            assert flat(said) in words, (said, words)
    finally:
        pygame.display.quit()


# -- 2. no capital after a colon inside a Russian sentence ---------------------

def test_a_sentence_after_a_colon_starts_in_lower_case_in_russian() -> None:
    """«Подсказка: Закажите…», «Сюда нельзя: Биток…»: the words after the
    colon go on the sentence, in lower case; a name, a number or an
    abbreviation keeps its capitals; English is left as it is."""
    from simulator.app.text.i18n import Locale, after_colon
    assert after_colon("ru", "Закажите шар 5 в угловую лузу") == \
        "закажите шар 5 в угловую лузу"
    assert after_colon("ru", "Биток заходит на шар 3") == "биток заходит на шар 3"
    assert after_colon("ru", "В доме нельзя") == "в доме нельзя"
    assert after_colon("ru", "Борис: фолов подряд", keep=["Борис"]) == \
        "Борис: фолов подряд"
    assert after_colon("ru", "ОК, сохранено") == "ОК, сохранено"
    assert after_colon("ru", "5 в лузе") == "5 в лузе"
    # The game's name and keys in Latin letters are names (a save refused read
    # «Не удалось сохранить: kiy не разрешено…»).
    assert after_colon("ru", "Kiy не разрешено записывать") == "Kiy не разрешено записывать"
    assert after_colon("ru", "Esc — назад") == "Esc — назад"
    assert after_colon("ru", "«Экспресс», п. 2") == "«Экспресс», п. 2"
    assert after_colon("en", "Call the 5") == "Call the 5"
    ru = Locale("ru")
    assert ru.t("place.here_not", reason="Биток заходит на шар 3") == \
        "Сюда нельзя: биток заходит на шар 3"
    ru.keep_case.add("Anna")  # (a player's name, as the match shows it)
    assert ru.t("banner.refused_by", name="Boris", reason="Anna не в игре") == \
        "Boris: Anna не в игре"
    en = Locale("en")
    assert en.t("place.here_not", reason="The cue ball") == \
        en.ui["place.here_not"].format(reason="The cue ball")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_hint_goes_on_after_its_colon(lang: str) -> None:
    """8-ball, I: the hint's first line reads «Подсказка: закажите…» (it
    read «Подсказка: Закажите…», a capital inside a sentence); English
    keeps "Hint: Call…"."""
    from tests.app.test_computer import side_texts
    app = banner_hint(lang)
    try:
        s = app.session
        assert s is not None
        head = app.t("hint.head") + " "
        shown = [t for t in side_texts(app) if t.startswith(head)]
        assert shown, side_texts(app)
        first = shown[0][len(head):]
        assert first[:1].isalpha()
        assert first[:1].islower() if lang == "ru" else first[:1].isupper(), shown
    finally:
        pygame.display.quit()


# -- 3. the computer's break plan in whole phrases ---------------------------

@pytest.mark.parametrize("size", [(1280, 720), (800, 500)], ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_computers_break_plan_reads_in_whole_phrases(
        lang: str, size: tuple[int, int]) -> None:
    """The computer's break shown before it is played: «Разбивает» stood
    alone on a row above where it puts the cue ball and how hard; now the
    verb goes with the stroke («Разбивает очень сильно (86%, кий 8,3 м/с),
    …») after the placing, and no row starts with a unit cut from its
    figure («м/с), накат 2 мм»)."""
    from tests.app.test_computer import start
    app = make_app(lang, size)
    try:
        s = start(app, ["cpu:club", "Boris"], "8-ball", {"race_to": 1}, seed=2)
        mode = app.mode
        run_until(app, lambda: getattr(mode, "phase", "") == "showing", limit=4000)
        frame(app)
        side = app.layout.side
        rows = [r.text.strip() for r in sorted(app.texts, key=lambda r: r.rect.top)
                if side.contains(r.rect) and r.text.strip()]
        plays = rows.index(app.t("cpu.plays", name=s.name(0)))
        plan = rows[plays + 1:]
        verb = app.t("cpu.shot.break")
        assert verb not in plan, rows
        at = [i for i, r in enumerate(plan) if r.startswith(verb + " ")]
        assert at and len(plan[at[0]].split()) >= 3, rows  # the verb and how hard
        places = app.t("cpu.places", where="", side="").split()[0]
        assert plan[0].startswith(places), rows
        units = ("м/с", "мм", "m/s", "mm")
        assert not any(r.startswith(units) for r in rows), rows
    finally:
        pygame.display.quit()


# -- 4. one Russian word for a safety: «отыгрыш», as the seeds say -------------

def test_a_safety_is_called_otygrysh_everywhere_in_russian() -> None:
    """The seeds call a safety «отыгрыш» (general rules, 14.1 rules 7.2,
    7.4); the interface said «объявите защиту» in the hint, «объявляет
    защиту» of the computer and «Объявленная защита» in a practice scene,
    beside «O: отыгрыш» on the key line. Every Russian word of the game
    (locale files, scenes, help) now says «отыгрыш»."""
    import tomllib

    from simulator.app.text.i18n import LOCALE_DIR, Locale
    from simulator.files.resources import assets_dir
    ru = Locale("ru")
    said = [v for v in (*ru.ui.values(), *ru.rules.values()) if "защит" in v]
    for path in sorted((assets_dir() / "scenarios").rglob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        said += [f"{path.name}: {v['ru']}" for v in data.values()
                 if isinstance(v, dict) and "защит" in str(v.get("ru", ""))]
    for path in sorted((LOCALE_DIR / "ru").rglob("*")):
        if path.is_file() and "защит" in path.read_text(encoding="utf-8"):
            said.append(path.name)
    assert not said, said
    assert "отыгрыш" in ru.t("cpu.declares_safety")
    assert "отыгрыш" in ru.t("hint.say.declares_safety")


# -- 5. the club evening says whether hints are allowed ----------------------

@pytest.mark.parametrize("allow", [False, True], ids=("off", "allowed"))
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)], ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_evening_screen_says_whether_hints_are_allowed(
        lang: str, size: tuple[int, int], allow: bool) -> None:
    """A club evening begun as it comes has the computer's hints off: the
    player learnt it only from I at the table. The evening's screen says
    «Подсказки: запрещены» ("Hints: off") under who plays next, whole at
    800x500 too; an evening with them allowed says so."""
    from tests.app.helpers import button_labels, click_button
    app = make_app(lang, size)
    try:
        app.settings.club_players = ["Anna", "Boris"]
        app.settings.club_race = 1
        app.go("menu")
        frame(app)
        click_button(app, app.t("club.menu_evening"))
        frame(app)
        off = app.t("club.hints_off")
        assert off in button_labels(app)
        if allow:
            click_button(app, off)
            frame(app)
        click_button(app, app.t("club.begin", n=2))
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == "evening"
        said = app.t("club.hints_on" if allow else "club.hints_off")
        other = app.t("club.hints_off" if allow else "club.hints_on")
        shown = [t for t in app.texts if t.text == said]
        assert shown and not any(t.cut for t in shown), [t.text for t in app.texts]
        assert not any(t.text == other for t in app.texts)
        assert not [t.text for t in app.texts if t.cut]
    finally:
        pygame.display.quit()
