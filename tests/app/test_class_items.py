"""The smaller items of an evening, each through the window's event loop:
the editor's file named after its title and "Saved" said as good news; the
gallery's play-on option; the hint button once taken; the Russian word for
elevation; Express: a player leaves mid-match from the match menu."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.club.evening_setup import RACES
from tests.app.helpers import (
    DT,
    button_labels,
    click,
    click_button,
    concede_match,
    frame,
    key,
    make_app,
    run_until,
    three_in_express,
)

ROOT = Path(__file__).resolve().parents[2]


def start(lang: str = "en", size: tuple[int, int] = (1280, 720)) -> App:
    app = make_app(lang, size)
    app.go("menu")
    frame(app)
    return app


def type_into(app: App, entry: object, text: str) -> None:
    """Click the field, rub out what is there, type ``text``."""
    click(app, entry.rect.center)  # type: ignore[attr-defined]
    key(app, pygame.K_END)
    for _ in range(len(entry.get_text()) + 2):  # type: ignore[attr-defined]
        key(app, pygame.K_BACKSPACE)
    for ch in text:
        frame(app, pygame.event.Event(pygame.TEXTINPUT, text=ch))


@pytest.mark.parametrize(("lang", "title_en", "title_ru", "stem"), [
    ("en", "Corner cut", "Срез в угол", "corner-cut"),
    ("ru", "", "Срез в угол", "srez-v-ugol"),
])
def test_the_editor_names_the_file_after_the_title(lang: str, title_en: str,
                                                   title_ru: str, stem: str) -> None:
    """Saved under the title typed (was always my-position.toml), in Latin
    letters for a Russian title; "Saved" said in the colour of good news."""
    from simulator.files import profile
    app = start(lang)
    try:
        click_button(app, app.t("menu.practice"))
        click_button(app, app.t("practice.editor"))
        ed = app.mode
        assert ed is not None and ed.name == "editor"
        type_into(app, ed.title_en, title_en)  # type: ignore[attr-defined]
        type_into(app, ed.title_ru, title_ru)  # type: ignore[attr-defined]
        click_button(app, app.t("editor.save"))
        path = profile.scenarios_dir() / f"{stem}.toml"
        assert path.exists(), sorted(p.name for p in profile.scenarios_dir().glob("*"))
        assert app.toast is not None and str(path) in app.toast[0]
        assert app.toast_kind == "info"
        assert not (profile.scenarios_dir() / "my-position.toml").exists()
        # Its path is now the file row's: saved again, the same file.
        assert ed.path_entry.get_text() == str(path)  # type: ignore[attr-defined]
    finally:
        pygame.display.quit()


def test_the_editor_file_row_shows_the_name_the_file_is_saved_under() -> None:
    """The file row showed my-position.toml while the save went under the
    Russian title in Latin letters: the row follows the titles typed, and
    the file saved is the one it shows."""
    from simulator.files import profile
    app = start("ru")
    try:
        click_button(app, app.t("menu.practice"))
        click_button(app, app.t("practice.editor"))
        ed = app.mode
        assert ed is not None and ed.name == "editor"
        type_into(app, ed.title_en, "Test pos")  # type: ignore[attr-defined]
        # (not the new position's own «Моя позиция»: a default left as it was
        # takes the other language's title)
        type_into(app, ed.title_ru, "Моя позиция у борта")  # type: ignore[attr-defined]
        frame(app)  # the field's news of the last letter
        shown = ed.path_entry.get_text()  # type: ignore[attr-defined]
        assert Path(shown).name == "moya-pozitsiya-u-borta.toml"
        click_button(app, app.t("editor.save"))
        assert Path(shown).exists(), sorted(p.name for p in
                                            profile.scenarios_dir().glob("*"))
        assert ed.path_entry.get_text() == shown  # type: ignore[attr-defined]
    finally:
        pygame.display.quit()


def test_a_race_to_one_reads_in_russian_grammar() -> None:
    """"Матч до 1 побед" read wrong: after 1 (21, 31...) the word is
    "победы"; after 3, "побед"."""
    app = start("ru")
    try:
        click_button(app, app.t("club.menu_evening"))
        assert "Матч до 3 побед" in button_labels(app)
        for _ in range(len(RACES)):
            if "Матч до 1 победы" in button_labels(app):
                break
            click_button(app, next(b for b in button_labels(app)
                                   if b.startswith("Матч до ")))
        assert "Матч до 1 победы" in button_labels(app)
    finally:
        pygame.display.quit()
    assert app.t("evening.race_over", n=21) == "до 21 победы"
    assert app.t("score.target", n=1) == "до 1 очка"


def _chosen(app: App, key: str) -> str:
    """The words the setup's dropdown ``key`` shows."""
    opt = app.mode.menus[key].selected_option  # type: ignore[union-attr]
    return opt[0] if isinstance(opt, tuple) else str(opt)


def _pick(app: App, key: str, words: str) -> None:
    click(app, app.mode.menus[key].rect.center)  # type: ignore[union-attr]
    frame(app, n=2)
    click_button(app, words)
    frame(app, n=2)


def test_new_match_from_the_match_over_card_keeps_the_race_and_breaker() -> None:
    """"New match" on the match-over card opened the setup at race 3 with
    the first player breaking, whatever the match was: the race and the
    breaker chosen last come back, as they do from the main menu."""
    app = start("en")
    try:
        click_button(app, app.t("menu.new_match"))
        for e, name in zip(app.mode.entries, ["Anna", "Boris"],  # type: ignore[union-attr]
                           strict=True):
            type_into(app, e, name)
        _pick(app, "race", "5")
        _pick(app, "first", "Boris")
        click_button(app, app.t("setup.start"))
        assert app.session is not None and app.session.match.options["race_to"] == 5
        concede_match(app)
        click_button(app, app.t("gameover.new"))
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == "setup"
        assert (_chosen(app, "race"), _chosen(app, "first")) == ("5", "Boris")
        click_button(app, app.t("common.back"))
        click_button(app, app.t("menu.new_match"))
        assert (_chosen(app, "race"), _chosen(app, "first")) == ("5", "Boris")
    finally:
        pygame.display.quit()


def test_a_right_click_on_an_evening_choice_takes_the_value_before() -> None:
    """The club evening says a right click on a choice takes the value
    before; it did nothing (the click never reached the screen)."""
    app = start("en")
    try:
        click_button(app, app.t("club.menu_evening"))
        frame(app)
        race = next(b for b in app.buttons if b.label == app.t("club.race", n=3))
        click(app, race.rect.center, button=3)
        frame(app)
        labels = [b.label for b in app.buttons]
        assert app.t("club.race", n=2) in labels, labels
        click(app, race.rect.center)
        frame(app)
        assert app.t("club.race", n=3) in [b.label for b in app.buttons]
    finally:
        pygame.display.quit()


def test_the_gallery_plays_on_after_the_foul_when_asked() -> None:
    """Stopped at the foul by default (it waits for Space); with O it holds
    FOUL_HOLD seconds, as a clip does, then plays on; a clip exported then
    plays on too. The choice is kept in the settings."""
    from simulator.app.replay.export import FOUL_HOLD
    from simulator.app.screens.gallery import GalleryListMode, GalleryPlayMode
    app = start()
    try:
        click_button(app, app.t("menu.foul_gallery"))
        lst = app.mode
        assert isinstance(lst, GalleryListMode)
        key(app, pygame.K_RETURN)  # the first entry
        g = app.mode
        assert isinstance(g, GalleryPlayMode)
        pb = g.player.playback
        run_until(app, lambda: g.at_foul)
        for _ in range(int(2 * FOUL_HOLD / DT)):
            frame(app)
        assert pb.paused and g.at_foul, "by default it waits at the foul"
        key(app, pygame.K_o)
        assert app.settings.play_on
        assert app.t("gallery.play_on") in button_labels(app)
        key(app, pygame.K_HOME)
        run_until(app, lambda: g.at_foul)
        at = pb.time
        for _ in range(int((FOUL_HOLD - 0.3) / DT)):
            frame(app)
        assert pb.paused and pb.time == at, "held at the foul"
        for _ in range(int(0.6 / DT)):
            frame(app)
        assert not pb.paused or pb.at_end, "then on"
        key(app, pygame.K_x)
        assert app.dialogs and app.dialogs[-1].kind == "export"  # type: ignore[attr-defined]
        assert app.t("export.play_on") in button_labels(app)
    finally:
        pygame.display.quit()


def test_the_hint_button_says_when_the_hint_is_taken() -> None:
    """I asks for a hint, I again takes it: the button then says it is taken
    (it kept "Take the hint")."""
    from tests.app.test_flow import start_match
    app = start()
    try:
        start_match(app, "9-ball")
        if app.mode is not None and app.mode.name == "placing":
            key(app, pygame.K_RETURN)
        s = app.session
        assert s is not None
        key(app, pygame.K_i)
        run_until(app, lambda: s.hint is not None, limit=4000)
        frame(app)
        assert app.t("hint.take") in button_labels(app)
        key(app, pygame.K_i)
        frame(app)
        labels = button_labels(app)
        assert app.t("hint.taken_button") in labels and app.t("hint.take") not in labels
    finally:
        pygame.display.quit()


def test_russian_says_one_word_for_elevation() -> None:
    """«подъём кия» everywhere (the stroke's line said «наклон»)."""
    for name in ("ui.json", "rules.json", "express.json"):
        p = ROOT / "assets" / "locale" / "ru" / name
        if not p.exists():
            continue
        text = json.dumps(json.loads(p.read_text(encoding="utf-8")), ensure_ascii=False)
        assert "наклон" not in text.lower(), name


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_express_player_leaves_mid_match_from_the_menu(lang: str) -> None:
    """Esc, "Leave the match", yes: the player at the table is out, his
    ante stays in the bank, the next player is at the table as it lies and
    the card says why (reading R21, the seeds are silent); "Concede the
    match" is not offered in Express."""
    app = start(lang)
    try:
        s = three_in_express(app)
        assert s.req is not None
        who = s.req.shooter
        bank = s.match.state.bank  # type: ignore[attr-defined]
        key(app, pygame.K_ESCAPE)
        assert app.dialogs and app.dialogs[-1].kind == "pause"  # type: ignore[attr-defined]
        labels = button_labels(app)
        assert app.t("pause.leave") in labels
        assert app.t("pause.concede_match") not in labels  # greyed in Express
        click_button(app, app.t("pause.leave"))
        click_button(app, app.t("concede.leave_yes"))
        assert s.match.state.status[who] == "out"  # type: ignore[attr-defined]
        assert s.match.state.bank == bank  # type: ignore[attr-defined]
        assert s.req is not None and s.req.shooter != who and not s.over
        frame(app)
        from simulator.app.text.words import code_words
        words = code_words(app.locale, "express.note.left")
        assert s.banner is not None
        assert any(words[:20] in ln for ln in s.banner.all_lines)
        run_until(app, lambda: not app.dialogs, limit=5)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_button_beside_the_table_is_one_line_at_1280x720(lang: str) -> None:
    """"Move the cue ball" took two lines at 1280x720 (and Russian's
    «Переставить биток»): every button of the aiming screen's column is one."""
    from simulator.app.text import ui
    from tests.app.scenes import open_scene
    app = open_scene("table", "8-ball", lang, (1280, 720))
    try:
        assert app.mode is not None and app.mode.name == "aiming"
        assert app.t("panel.move_cue") in [b.label for b in app.buttons]
        for b in app.buttons:
            room = b.rect.width - 16 - b._key_w(b.size)
            assert len(ui.wrap(b.label, b.size, room)) == 1, (b.label, b.rect.width)
    finally:
        pygame.display.quit()


def test_a_taken_14_1_break_hint_plays_the_path_it_showed() -> None:
    """The 14.1 opening break (14.1 rule 5.1 at the break): the hint's
    predicted path and the shot played after taking it were different, the
    aim controls rounding the stroke and the rack spreading the difference;
    the hint now predicts the stroke as struck: the same balls end in the
    same places, bit for bit."""
    from tests.app.test_flow import start_match
    app = start()
    try:
        start_match(app, "14.1")
        s = app.session
        assert s is not None and s.req is not None and s.req.is_break
        if app.mode is not None and app.mode.name == "placing":
            key(app, pygame.K_RETURN)
        key(app, pygame.K_i)
        run_until(app, lambda: s.hint is not None, limit=6000)
        hint = s.hint
        assert hint is not None
        key(app, pygame.K_i)  # take it
        assert app.mode is not None and app.mode.name == "aiming"
        n = len(s.shots)
        key(app, pygame.K_SPACE)
        run_until(app, lambda: len(s.shots) > n, limit=8000)
        shot = s.shots[-1][0]
        assert shot.stroke == hint.predicted.stroke
        assert shot.final.to_dict() == hint.predicted.final.to_dict()
    finally:
        pygame.display.quit()


def test_a_message_never_takes_the_click_meant_for_the_button_under_it() -> None:
    """An export's "written to <a long path>" lies over the practice list's
    buttons for six seconds: a click there still opens the quiz (the class
    test met it: the message swallowed the click)."""
    app = start()
    try:
        click_button(app, app.t("menu.practice"))
        app.inform("/tmp/" + "a-long-folder-name/" * 8 + "gallery-clip.gif", 6.0)
        frame(app)
        assert any(name == "message" for name, _r in app.panels)
        click_button(app, app.t("practice.quiz"))
        assert app.mode is not None and app.mode.name == "quiz"
    finally:
        pygame.display.quit()
