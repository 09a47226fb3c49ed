"""The evening's list, screen by screen: each item a player met, checked
where the window shows it."""

from __future__ import annotations

import math

import pygame
import pygame_gui
import pytest

from simulator.app.loop.app import App
from simulator.app.loop.launch import break_shot
from simulator.app.match.session import DEFAULT_POWER, Session
from simulator.app.table.aim import MAX_SPEED, guide
from simulator.table.specs import table_by_name
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
)
from tests.app.scenes import LONG_NAMES, open_scene


def match(app: App, game: str = "9-ball", options: dict[str, object] | None = None,
          names: tuple[str, ...] = ("Anna", "Boris"), seed: int = 4) -> Session:
    app.session = Session.new(list(names), game, options or {}, app.locale, seed=seed)
    app.go("match")
    frame(app)
    return app.session


def test_power_starts_soft_after_the_break() -> None:
    app = make_app()
    try:
        s = match(app)
        key(app, pygame.K_RETURN)  # the cue ball down where it is offered
        s.aim = s.aim.with_power(1.0)
        key(app, pygame.K_SPACE)
        key(app, pygame.K_SPACE)  # to the end
        run_until(app, lambda: app.mode is not None and app.mode.name != "playing")
        assert s.shots and s.shots[-1][0].stroke.speed == pytest.approx(MAX_SPEED)
        # Whoever is at the table now, the power bar is not at full power.
        assert s.aim.power == pytest.approx(DEFAULT_POWER)
        frame(app)
        assert app.mode is not None and app.mode.name in ("aiming", "placing")
        full = app.locale.num(MAX_SPEED, 1)
        assert not any(f"{full} " in r.text for r in app.texts)
    finally:
        pygame.display.quit()


def test_the_strip_shows_no_old_shot_while_the_next_player_aims() -> None:
    app = make_app()
    try:
        s = match(app)
        break_shot(app)
        app.go("match")
        frame(app)
        first = app.t("strip.first", ball="").split(":")[0]
        strip = app.mode.layout.strip  # type: ignore[union-attr]
        assert not [r.text for r in app.texts if strip.contains(r.rect)
                    and r.text.startswith(first)]
        # The last shot's facts are in the ruling, labelled as the last shot.
        assert s.banner is not None
        last = app.t("banner.last_shot", chips="")
        assert any(ln.startswith(last) for ln in s.banner.all_lines)
    finally:
        pygame.display.quit()


def test_breaks_first_lists_the_names_typed(app: App) -> None:
    click_button(app, "New match")
    entries = app.mode.entries  # type: ignore[union-attr]
    for e, name in zip(entries, ["Anna", "Boris"], strict=True):
        click(app, e.rect.center)
        for ch in name:
            frame(app, pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frame(app, n=2)
    menu = app.mode.menus["first"]  # type: ignore[union-attr]
    click(app, menu.rect.center)
    frame(app, n=2)
    labels = button_labels(app)
    assert "Anna" in labels and "Boris" in labels, labels
    assert "Player 1" not in labels


def test_the_match_menu_keeps_its_order_and_quit_asks() -> None:
    app = make_app()
    try:
        s = match(app)
        key(app, pygame.K_ESCAPE)
        before = [b.label for b in app.dialogs[-1].buttons]  # type: ignore[attr-defined]
        key(app, pygame.K_ESCAPE)
        break_shot(app)
        s.call_foul("foul.touched_ball")
        app.go("match")
        frame(app)
        key(app, pygame.K_ESCAPE)
        after = [b.label for b in app.dialogs[-1].buttons]  # type: ignore[attr-defined]
        assert before == after and after[-1] == app.t("menu.quit")
        click_button(app, app.t("menu.quit"))
        assert app.running and app.dialogs
        assert app.dialogs[-1].title == app.t("quit.title")  # type: ignore[attr-defined]
        click_button(app, app.t("quit.yes"))
        assert not app.running
    finally:
        pygame.display.quit()


def test_a_click_on_the_ruling_never_reaches_the_table() -> None:
    app = make_app()
    try:
        s = match(app)
        break_shot(app)
        s.call_foul("foul.touched_ball")  # ball in hand for the opponent
        app.go("match")
        frame(app)
        mode = app.mode
        assert mode is not None and mode.name == "placing"
        card = mode.banner_rect  # type: ignore[attr-defined]
        assert card is not None
        assert not mode.layout.table.colliderect(card)  # type: ignore[attr-defined]
        placed = s.placed
        click(app, card.center)  # it reads the card whole, nothing else
        assert app.mode is mode and s.placed == placed
        assert [d.name for d in app.dialogs] == ["card_reader"]
        key(app, pygame.K_ESCAPE)
        assert not app.dialogs and app.mode is mode and s.placed == placed
        # The card folds to its title with its own button, and with H.
        click_button(app, app.t("ruling.hide"))
        assert s.banner_folded
        key(app, pygame.K_h)
        assert not s.banner_folded
    finally:
        pygame.display.quit()


def test_help_opens_with_f1_and_returns_to_the_match() -> None:
    app = make_app("ru")
    try:
        s = match(app, names=("Анна", "Борис"))
        history = s.match.history
        key(app, pygame.K_F1)
        assert app.mode is not None and app.mode.name == "help"
        assert any(r.text == app.t("help.head_aiming") for r in app.texts)
        key(app, pygame.K_ESCAPE)
        assert app.mode is not None and app.mode.name == "placing"
        assert app.session is s and s.match.history == history
    finally:
        pygame.display.quit()
    app = make_app()
    try:
        app.go("menu")
        frame(app)
        click_button(app, app.t("menu.help"))
        assert app.mode is not None and app.mode.name == "help"
    finally:
        pygame.display.quit()


def test_tab_shows_every_balls_number_large() -> None:
    app = make_app()
    try:
        s = match(app, "8-ball")
        table = app.mode.layout.table  # type: ignore[union-attr]
        small = {r.text for r in app.texts if table.contains(r.rect)}
        key(app, pygame.K_TAB)
        frame(app)
        shown = {r.text for r in app.texts if table.contains(r.rect)} - small
        on = {str(b) for b in s.table.on_table() if b != 0}
        assert on <= shown and len(on) == 15
        key(app, pygame.K_TAB)
        frame(app)
        assert not on & {r.text for r in app.texts if table.contains(r.rect)}
    finally:
        pygame.display.quit()


def test_conceding_a_game_and_a_match() -> None:
    app = make_app()
    try:
        # The loser of a game breaks the next: the conceding player is at the
        # table for every game the match concession gives away.
        s = match(app, "9-ball", {"race_to": 3, "break_order": "loser"})
        loser = s.req.shooter if s.req is not None else 0
        key(app, pygame.K_ESCAPE)
        click_button(app, app.t("pause.concede_game"))
        click_button(app, app.t("concede.game_yes"))
        assert s.match.games_won[1 - loser] == 1 and not s.over
        loser = s.match.requirements().shooter
        concede_match(app)
        assert s.over and s.match.winner == 1 - loser
        assert app.dialogs and s.names[1 - loser] in app.dialogs[-1].title  # type: ignore[attr-defined]
    finally:
        pygame.display.quit()


def test_the_end_of_a_match_gives_its_numbers() -> None:
    app = make_app()
    try:
        s = match(app, "9-ball", {"race_to": 1})
        break_shot(app)
        breaker = s.shots[-1][1].shooter
        for _ in range(2):
            if s.over:
                break
            s.call_foul("foul.touched_ball")
        if not s.over:
            s.call_foul("loss.conceded")
        app.go("match")
        frame(app)
        assert s.over and app.dialogs
        body = app.dialogs[-1].body  # type: ignore[attr-defined]
        st = s.stats()
        # A conceded game is no foul (issue 22): only the two called fouls.
        fouls = sum(1 for r in s.match.rulings if r is not None and r.fouls
                    and r.fouls[0].code.id != "loss.conceded")
        assert sum(x.fouls for x in st) == fouls
        assert st[breaker].innings >= 1
        table = app.dialogs[-1].table  # type: ignore[attr-defined]
        assert app.t("stats.title") in body
        assert table[0] == ("", *s.names)
        rows = {r[0]: r[1:] for r in table[1:]}
        for i, x in enumerate(st):
            # the game was conceded: won, but not at the table
            assert rows[app.t("evening.stat_games")][i] == str(x.table_wins)
            assert x.table_wins == 0
            assert rows[app.t("evening.stat_innings")][i] == str(x.innings)
            assert rows[app.t("evening.stat_fouls")][i] == str(x.fouls)
            assert rows[app.t("evening.stat_balls")][i] == str(x.potted)
    finally:
        pygame.display.quit()


def test_eight_long_names_are_cut_with_an_ellipsis_and_shown_on_hover() -> None:
    app = open_scene("table", "express", "en", (800, 500), LONG_NAMES)
    try:
        top = app.mode.layout.top  # type: ignore[union-attr]
        names = LONG_NAMES.split(",")
        cut = [r for r in app.texts if r.text in names and r.cut]
        assert cut, "some of the long names are cut in an 800-pixel window"
        for r in cut:
            assert r.shown.endswith("…") and top.contains(r.box)
        r = cut[0]
        app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=r.rect.center,
                                      rel=(0, 0), buttons=(0, 0, 0))], DT)
        whole = [t for t in app.texts if t.text == r.text and not t.cut and
                 t.rect.colliderect(top)]
        assert whole, "the whole name is shown on hover, in the scoreboard"
    finally:
        pygame.display.quit()


def test_the_quiz_keeps_the_answers_for_their_questions() -> None:
    from simulator.app.screens.quiz import QuizMode, quiz_ids
    from simulator.practice.library import library
    app = make_app()
    try:
        sid = "8ball-ball-off-table-spotted"
        sc = library().load(sid)
        ids = quiz_ids(None)
        q = QuizMode(app, ids, ids.index(sid))
        app.switch(q)
        key(app, pygame.K_SPACE)  # skip the stroke: the first question
        frame(app)
        drawn = " ".join(r.text for r in app.texts)
        assert sc.title.en not in drawn, "the title would give the answer"
        first = app.t("strip.first", ball="").split(":")[0]
        assert first not in drawn, "no shot facts before the answers"
        assert q.question.kind == "foul"
        key(app, pygame.K_1)
        frame(app)
        from simulator.app.text.words import code_words
        words = code_words(app.locale, "foul.ball_off_table")
        # The foul's name waits for the rule question that follows (said at
        # the first answer, it gave that question away); it is said with the
        # rule question's answer.
        assert words not in q.feedback(q.grades[-1])
        # The jumped 11 is off the table, as the stroke left it, while the
        # questions are open (on its spot it would answer them), and is back
        # on its spot on the table shown once all are answered.
        spot = q.ruling.spots[0]
        assert spot.ball not in q.ball_positions()
        while q.phase != "done":
            if q.phase == "asking":
                q.answer(sorted(q.question.correct))
            else:
                key(app, pygame.K_RETURN)
        pos = q.ball_positions()[spot.ball]
        assert math.dist(pos[:2], (spot.x, spot.y)) < 1e-6
        assert any(g.question.kind == "rule" and words in q.feedback(g)
                   for g in q.grades), [q.feedback(g) for g in q.grades]
    finally:
        pygame.display.quit()


def test_the_guide_does_not_bounce_off_a_pocket_opening() -> None:
    spec = table_by_name("pool_9ft")
    mid = spec.length / 2
    # Straight at the left side pocket: the line ends there, no rebound.
    g = guide(spec, (mid, 0.4), 90.0, {0: (mid, 0.4)})
    assert g.pocket == "side_left" and g.bounce is None
    # Beside it, a cushion: the rebound is drawn.
    g2 = guide(spec, (mid - 0.4, 0.4), 90.0, {0: (mid - 0.4, 0.4)})
    assert g2.pocket is None and g2.bounce is not None
    # Into the foot-left corner.
    g3 = guide(spec, (spec.length - 0.5, spec.width - 0.5), 45.0, {})
    assert g3.pocket == "foot_left"


def test_setup_menus_choose_with_the_mouse(app: App) -> None:
    """The game dropdown still works with the new layout."""
    click_button(app, "New match")
    menu = app.mode.menus["game"]  # type: ignore[union-attr]
    click(app, menu.rect.center)
    frame(app, n=2)
    click_button(app, "14.1 continuous")
    frame(app, n=3)
    assert app.mode.game == "14.1"  # type: ignore[union-attr]
    _ = pygame_gui


def test_help_from_a_practice_screen_returns_to_it() -> None:
    from simulator.app.screens.practice.scenario import ScenarioMode
    app = open_scene("scenario")
    try:
        mode = app.mode
        assert isinstance(mode, ScenarioMode)
        key(app, pygame.K_F1)
        assert app.mode is not None and app.mode.name == "help"
        key(app, pygame.K_ESCAPE)
        assert app.mode is mode and mode.phase == "intro"
    finally:
        pygame.display.quit()


def test_settings_change_the_window_size_and_the_volume(app: App) -> None:
    from simulator.app.loop.settings import Settings, load_settings
    click_button(app, app.t("menu.settings"))
    mode = app.mode
    assert mode is not None and mode.name == "settings"
    frame(app, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                  ui_element=mode.window_menu,  # type: ignore[attr-defined]
                                  text="800×500"))
    frame(app, n=2)
    assert app.size == (800, 500)
    mode = app.mode
    assert mode is not None and mode.name == "settings"
    frame(app, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                  ui_element=mode.volume_menu,  # type: ignore[attr-defined]
                                  text="50 %"))
    frame(app, n=2)
    assert app.sound.volume == pytest.approx(0.5)
    saved, problem = load_settings()
    assert problem is None and saved.window == "800x500" and saved.volume == 0.5
    # A size Kiy does not open is not taken from a settings file.
    assert Settings.from_dict({"window": "99999x3"}).window == ""
    assert Settings.from_dict({"window": "1600x900", "fullscreen": True}).fullscreen
    mode = app.mode
    toggle = mode.toggles[0]  # type: ignore[attr-defined]  (full screen: the first)
    click(app, toggle.rect.center)
    assert app.settings.fullscreen and load_settings()[0].fullscreen


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_load_list_fits_with_long_names(lang: str) -> None:
    from simulator.app.match.session import saves_dir
    from tests.app.test_layout import layout_problems
    for size in ((1280, 720), (800, 500)):
        app = make_app(lang, size)
        try:
            s = match(app, "express", names=("Александра Петровна", "Bartholomew",
                                             "Вениамин Кузнецов"))
            break_shot(app)
            for i in range(3):
                s.save(saves_dir() / f"A very long evening with friends number {i}.json")
            (saves_dir() / "broken.json").write_text("{ not json", "utf-8")
            app.go("load")
            frame(app, n=8)
            rows = [b.label for b in app.buttons]
            assert sum("Александра Петровна" in r for r in rows) >= 3, rows
            assert any(r.startswith("broken") for r in rows)
            assert not layout_problems(app), layout_problems(app)
        finally:
            pygame.display.quit()
