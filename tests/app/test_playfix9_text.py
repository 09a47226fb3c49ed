"""A play-tester's findings on texts, at 800x500 and in Russian: the export
dialog says what the file does, the quiz and the gallery name their runs and
entries for what they are, nothing is cut, and one spelling of the game."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from simulator.app.loop.app import App
from tests.app.helpers import (
    click_button,
    frame,
    gallery_index,
    key,
    make_app,
    more_below,
    open_gallery,
    run_until,
)

LOCALE = Path(__file__).resolve().parents[2] / "assets" / "locale"


def test_russian_texts_spell_the_game_one_way() -> None:
    # The rule references say «Восьмёрка»; the rule texts must not say «Восьмерка».
    for path in sorted((LOCALE / "ru").glob("*.json")):
        text = json.loads(path.read_text(encoding="utf-8"))
        bad = [k for k, v in _flat(text) if "осьмерк" in v]
        assert not bad, f"{path.name}: {bad}"


def _flat(tree: object, prefix: str = "") -> list[tuple[str, str]]:
    if isinstance(tree, dict):
        out: list[tuple[str, str]] = []
        for k, v in tree.items():
            out += _flat(v, f"{prefix}{k}.")
        return out
    return [(prefix, str(tree))] if isinstance(tree, str) else []


def test_wasd_moves_the_tip_a_useful_amount_and_shift_finely() -> None:
    """W/A/S/D moved the tip by a twentieth of the ball's radius: a press now
    moves it a tenth of its range (five presses from centre to the edge),
    Shift a fine step."""
    from simulator.app.match.session import Session
    from simulator.app.match.turns import next_step
    from simulator.app.screens.aiming import AimMode
    from simulator.app.table.aim import MAX_TIP

    app = make_app()
    app.session = s = Session.new(["Anna", "Boris"], "14.1", {}, app.locale, seed=5)
    next_step(app)
    frame(app)
    if app.mode is not None and app.mode.name == "placing":
        key(app, pygame.K_RETURN)
    assert isinstance(app.mode, AimMode)
    key(app, pygame.K_d)
    assert s.aim.tip_a == pytest.approx(MAX_TIP / 5)
    key(app, pygame.K_w)
    assert s.aim.tip_b == pytest.approx(MAX_TIP / 5)
    key(app, pygame.K_x)
    for _ in range(6):
        key(app, pygame.K_s)
    # The edge in six presses (the third stops on the miscue limit).
    assert s.aim.tip_b == pytest.approx(-MAX_TIP)
    key(app, pygame.K_x)
    key(app, pygame.K_a, pygame.KMOD_LSHIFT)
    assert -MAX_TIP / 10 < s.aim.tip_a < 0  # Shift: a fine step


def _shown(app: App) -> str:
    """Every text the window draws now (its own and the widgets')."""
    from pygame_gui.elements import UIButton, UILabel, UITextBox
    out = [r.text for r in app.texts]
    for el in app.gui.get_sprite_group().sprites():
        if isinstance(el, UIButton | UILabel | UITextBox) and el.visible:
            out.append(str(getattr(el, "html_text", None) or el.text))
    return " ".join(" ".join(out).split())  # wrapped lines joined


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_gallery_names_a_lost_game_as_a_lost_game(lang: str) -> None:
    """Every entry was "Foul n of N" under "each foul", the 8 in a pocket not
    called too, which loses the game without a foul (8-ball rule 15)."""
    from simulator.app.screens.gallery import GalleryListMode
    app = make_app(lang)
    app.go("menu")
    frame(app)
    t = app.t
    click_button(app, t("menu.foul_gallery"))
    assert isinstance(app.mode, GalleryListMode)
    frame(app)
    sub = t("gallery.subtitle")  # drawn on the backdrop
    assert ("loses the game" if lang == "en" else "проигрывающий партию") in sub
    n = gallery_index("gallery-eight-wrong-pocket")
    open_gallery(app, n)
    frame(app)
    text = _shown(app)
    lost = {"en": "loss of the game", "ru": "проигрыш партии"}[lang]
    assert f"{n + 1} " in text and lost in text
    assert ("Foul" if lang == "en" else "Фол") + f" {n + 1} " not in text
    assert " ".join(t("gallery.watch_loss").split()) in text
    # A foul is still named a foul.
    open_gallery(app, "gallery-scratch")
    frame(app)
    text = _shown(app)
    assert lost not in text and ("a foul" if lang == "en" else "фол,") in text


def _gif_frames(path: Path) -> list[int]:
    """The duration (ms) of each frame of a GIF."""
    from PIL import Image
    im = Image.open(path)
    out = []
    for i in range(getattr(im, "n_frames", 1)):
        im.seek(i)
        out.append(int(im.info.get("duration", 0)))
    return out


def test_a_clip_of_a_foul_at_the_stroke_does_what_the_dialog_says(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The miscue on a jump (foul at 0.00 s) in Russian GIF with the default
    "the clip ends": the file held on the foul, then played on to the end.
    The dialog now says so for this clip (and still "ends" for a later foul),
    and the command line says it too."""
    from simulator.app.replay.export import END_HOLD, FOUL_HOLD, main
    from simulator.files import profile
    app = make_app("ru")
    t = app.t
    open_gallery(app, "gallery-miscue-on-jump")
    frame(app)
    key(app, pygame.K_x)
    d = app.dialogs[-1]
    assert d.kind == "export" and not app.settings.play_on
    labels = [label for label, _fn in d.button_specs]
    assert t("export.at_stroke") in labels and t("export.stop_at_foul") not in labels
    assert "до конца" in d.body and "остановкой на нарушении" not in d.body
    click_button(app, t("export.gif"))
    run_until(app, lambda: not app.dialogs, limit=60 * 60)
    gif = next(profile.exports_dir().glob("*miscue*-ru-clip-quarter.gif"))
    ms = _gif_frames(gif)
    held = ms.index(int(FOUL_HOLD * 1000))
    # Held on the foul, then the stroke to its end, as the dialog said.
    assert sum(ms[:held]) < 1500  # the stick's approach, then the foul
    assert len(ms) > held + 10 and ms[-1] >= END_HOLD * 1000
    # A later foul: the clip ends there, and the dialog still says so.
    open_gallery(app, "gallery-scratch")
    frame(app)
    key(app, pygame.K_x)
    labels = [label for label, _fn in app.dialogs[-1].button_specs]
    assert t("export.stop_at_foul") in labels and t("export.at_stroke") not in labels
    pygame.display.quit()
    # The command line says what its clip does.
    capsys.readouterr()
    assert main(["--gallery", str(tmp_path), "--only", "gallery-miscue-on-jump",
                 "--formats", "gif", "--width", "320", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "the clip holds on it, then shows the stroke to its end" in out
    ms = _gif_frames(next(tmp_path.glob("*.gif")))
    held = ms.index(int(FOUL_HOLD * 1000))
    assert sum(ms[:held]) < 1500 and len(ms) > held + 10 and ms[-1] >= END_HOLD * 1000


def _to_quiz_from_list(app: App, game: str, sid: str | None) -> object:
    """The practice list of ``game`` with ``sid`` selected; the quiz button."""
    from simulator.app.screens.practice.memory import state_of
    st = state_of(app)
    st.discipline = game
    st.selected = sid
    app.go("practice")
    frame(app)
    click_button(app, app.t("practice.quiz"))
    frame(app)
    if getattr(app.mode, "phase", "") == "length":  # the sitting's length: all
        key(app, pygame.K_2)
        frame(app, n=2)
    return app.mode


def test_the_quiz_starts_at_the_selected_situation_with_its_own_score() -> None:
    """The quiz began at situation 1 of its own order whatever was selected,
    and an 8-ball run ending 26/78 made the 9-ball run start at 27/79."""
    from simulator.app.screens.practice.memory import state_of
    from simulator.app.screens.quiz import QuizMode, quiz_ids
    app = make_app()
    app.go("menu")
    frame(app)
    ids = quiz_ids("8-ball")
    for sid in (ids[5], ids[-1]):
        mode = _to_quiz_from_list(app, "8-ball", sid)
        assert isinstance(mode, QuizMode) and mode.sc.id == sid
    key(app, pygame.K_SPACE)  # skip the stroke
    run_until(app, lambda: mode.phase == "asking", limit=1500)
    key(app, pygame.K_1)
    frame(app)
    score = state_of(app).quiz
    assert score is not None and score.asked == 1
    # A run of another game: its own score, from nothing (leaving the
    # sitting asks first).
    key(app, pygame.K_ESCAPE)
    frame(app)
    click_button(app, app.t("quiz.leave_yes"))
    frame(app)
    nine = _to_quiz_from_list(app, "9-ball", None)
    assert isinstance(nine, QuizMode)
    assert state_of(app).quiz is not score
    assert app.t("quiz.score", right=0, asked=0) in nine.score_line()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_stroke_that_decides_the_game_is_not_asked_who_shoots_next(lang: str
                                                                     ) -> None:
    """The 8 early: no question follows on who shoots next, so the list of
    the situation's questions does not name it; a foul that leaves the game
    going keeps it."""
    from simulator.app.screens.quiz import QuizMode, quiz_ids, start_quiz
    app = make_app(lang)
    text = {"en": "Who shoots next", "ru": "Кто бьёт следующим"}[lang]
    ids = quiz_ids("8-ball")
    for sid, decided in (("8ball-eight-wrong-pocket", True),
                         ("8ball-double-hit", False)):
        app.switch(start_quiz(app, "8-ball", ids.index(sid)))
        mode = app.mode
        assert isinstance(mode, QuizMode) and mode.sc.id == sid
        key(app, pygame.K_SPACE)
        run_until(app, lambda m=mode: m.phase == "asking", limit=1500)  # type: ignore[misc]
        kinds = {q.kind for q in mode.questions}
        shown = _shown(app)
        assert ("next_turn" not in kinds) == decided  # who and from where
        assert (text.lower() in shown.lower()) != decided, (sid, shown)
        if decided:  # the list says what is asked: the foul and its rule
            # (8-ball 15: the 8 in a pocket not called breaks no rule; the
            # rule asked for decides the game)
            asks = ", ".join(app.t(f"quiz.ask_{k}") for k in ("foul", "rule_loss"))
            assert " ".join(app.t("quiz.intro", asks=asks).split()) in shown


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("entry", ["gallery-scratch", "gallery-miscue-on-jump"])
def test_the_export_dialog_at_800x500_shows_every_option(lang: str, entry: str
                                                         ) -> None:
    """At 800x500 the speed, the captions' language, the foul option and the
    folder were below the fold ("5 more below: mouse wheel")."""
    app = make_app(lang, (800, 500))
    open_gallery(app, entry)
    frame(app)
    key(app, pygame.K_x)
    frame(app)
    d = app.dialogs[-1]
    assert d.kind == "export"
    screen = pygame.Rect(0, 0, 800, 500)
    for b in d.buttons:
        assert b.rect.height > 0 and screen.contains(b.rect), (b.label, b.rect)
        assert d.rect.contains(b.rect)
    assert not more_below(app)
    # The dialog says what the clip does after the foul, shortly.
    words = {"gallery-scratch": "export.stop_at_foul_short",
             "gallery-miscue-on-jump": "export.at_stroke_short"}[entry]
    assert app.t(words) in [b.label for b in d.buttons]
    # A short label still exports: the GIF by its number key.
    assert d.buttons[0].label == app.t("export.gif_short")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_hint_that_gives_up_a_pot_shows_its_safety_at_800x500(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 800x500 in Russian the hint ended at "…поэтому отыгрыш:" with the
    safety itself cut off under it: its conclusion is now in view."""
    from tests.app.scenes import hopeless_hint
    app = hopeless_hint(monkeypatch, lang, (800, 500))
    try:
        s = app.session
        assert s is not None
        frame(app, n=3)
        assert s.hint is not None and s.hint.given_up is not None
        from simulator.app.match import computer
        from simulator.app.text.words import ball_label
        advice = computer.shot_lines(s.locale, s.hint.decision,
                                     lambda b: ball_label(s.locale, b),
                                     s.spec.balls.radius, s.match.table(),
                                     hint=True)[0]
        advice = s.locale.after_colon(advice)  # after "so a safety:"
        side = " ".join(t.shown for t in app.texts
                        if app.layout.side.contains(t.rect))
        side = " ".join(side.split())
        head = app.t("table_card.no_likely_pot", chance=app.t("odds.never")).split(",")[0]
        assert " ".join(head.split()) in side
        # The conclusion: the safety advised, after "so a safety:".
        assert " ".join(advice.split())[:40] in side, (advice, side)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang, size", [("en", (1280, 720)), ("ru", (1280, 720)),
                                        ("en", (800, 500)), ("ru", (800, 500)),
                                        ("en", (1100, 650)), ("ru", (1024, 600))])
def test_the_ruling_card_wraps_its_lines_whole_never_cut(
        lang: str, size: tuple[int, int]) -> None:
    """A 9-ball break straight into a corner, no ball touched: the card's
    lines ("Last shot: no ball touched · cushions: 1 · cue ball in the…")
    were cut with an ellipsis where the card ended; each line is now shown
    whole, wrapped, or (the one the card ends in, when more is below)
    going on below from a row boundary, the wheel bringing the rest."""
    import math

    from simulator.app.table.aim import Aim, angle_to
    from tests.app.test_playfix6_words import _card_rows
    from tests.app.test_playfix_match4 import start
    app = make_app(lang, size)
    try:
        s = start(app, ["Anna", "Boris"], "9-ball", {}, seed=5)
        run_until(app, lambda: app.mode is not None and app.mode.name in
                  ("aiming", "placing"), limit=3000)
        if app.mode.name == "placing":
            key(app, pygame.K_RETURN)
        cue = s.table.position(0)
        assert cue is not None
        pk = min(s.spec.pockets, key=lambda p: math.dist(p.mouth_centre, cue))
        s.aim = Aim(angle_to(cue, pk.mouth_centre), 0.3)
        app.mode.key_lock = pygame.mouse.get_pos()  # type: ignore[attr-defined]
        key(app, pygame.K_SPACE)
        run_until(app, lambda: len(s.match.history) == 1, limit=6000)
        frame(app, n=3)
        banner, card = s.banner, app.mode.banner_rect  # type: ignore[attr-defined]
        assert banner is not None and card is not None
        assert any(app.t("strip.no_contact") in ln for ln in banner.lines)
        rows = [r.shown for r in _card_rows(app, card)]
        going_on = [r for r in rows if r.endswith("…")]
        assert len(going_on) <= 1, rows
        assert not going_on or app.mode.banner_hidden, rows  # type: ignore[attr-defined]
        # Every other line of which a row is drawn is drawn whole.
        def norm(x: str) -> str:
            return " ".join(x.replace("\xa0", " ").split())
        drawn = norm(" ".join(rows))
        lines = [norm(ln) for ln in banner.all_lines]
        for r in rows:
            if len(r.split()) >= 3 and r not in going_on:
                for ln in lines:
                    if norm(r) in ln and not any(
                            norm(g.rstrip("…")) in ln for g in going_on):
                        assert ln in drawn, (ln, rows)
    finally:
        pygame.display.quit()


def test_a_hint_that_gives_up_its_pot_counts_the_safety_search_and_is_shorter(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint sat at 99 % for as long again as it had taken: a pot none of
    whose tries went in is given up and a safety looked for, with the whole
    budget again, while the count stood at 99. The safety search now takes
    a third of the budget and says what it does, counted from 0."""
    from simulator.app.match import computer
    from simulator.app.match.computer import HINT_STRENGTH
    from simulator.app.match.session import Session
    from simulator.app.match.turns import next_step
    from simulator.physics import simulate
    from simulator.players import STRENGTHS
    from simulator.players.player import CHECKS, ComputerPlayer
    from simulator.players.search import finish
    from tests.app.helpers import make_every_pot_hopeless
    app = make_app("en")
    # Express after a beginner's break, at the table's many balls.
    app.session = s = Session.new(["Anna", "Boris", "Vera"], "express", {},
                                  app.locale, seed=5)
    m = s.match
    beginner = ComputerPlayer(STRENGTHS["beginner"])
    d = finish(beginner.shot_steps(m.discipline, m.state, 5))
    m.apply(simulate(d.table(m.state.table), d.stroke), d.declarations)
    make_every_pot_hopeless(monkeypatch)
    # One simulation a frame: the count read each frame, not a race with
    # wall time (a loaded machine's frames read it late: "62 % done" first).
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    next_step(app)
    frame(app)
    try:
        if app.mode is not None and app.mode.name == "placing":
            key(app, pygame.K_RETURN)
        assert app.mode is not None and app.mode.name == "aiming"
        key(app, pygame.K_i)
        said: list[str] = []

        def found() -> bool:
            said.extend(app.mode.hint_lines()[:1])  # type: ignore[attr-defined]
            return s.hint is not None
        run_until(app, found, limit=20000)
        budget = STRENGTHS[HINT_STRENGTH].search.shot_budget
        assert s.hint is not None and s.hint.given_up is not None
        sims = s.hint.given_up.simulations + s.hint.decision.simulations
        assert sims <= budget + budget // 3 + 2 * CHECKS + 5, sims
        head = app.t("hint.progress_safety", p=0, n=0).split(":")[0]
        safety = [ln for ln in said if ln.startswith(head)]
        assert safety, [x[:60] for x in said[-12:]]
        # Counted from the start of the safety search, not stuck at 99.
        first_p = int(safety[0].split("%")[0].split()[-1])
        assert first_p < 50, safety[0]
    finally:
        pygame.display.quit()
