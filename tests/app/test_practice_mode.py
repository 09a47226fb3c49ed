"""Practice mode driven headless: the library list, a situation set up,
watched and judged, played by the player, and --scenario FILE."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.practice.own_shot import PracticeAimMode, PracticePlaceMode
from simulator.app.screens.practice.scenario import ScenarioMode
from simulator.app.screens.practice.scenario_list import PracticeListMode
from simulator.app.screens.practice.session import rule_line
from simulator.app.text.words import cite
from simulator.practice.library import SCENARIO_DIR, library
from tests.app.helpers import click, click_button, frame, key, make_app, run_until
from tests.app.test_quiz41_reveals import remembered_scans


def _open_from_list(app: App, tab: str, sid: str) -> ScenarioMode:
    click_button(app, "Practice")
    lst = app.mode
    assert isinstance(lst, PracticeListMode)
    click_button(app, tab)
    lst = app.mode
    assert isinstance(lst, PracticeListMode)
    labels = [lbl for lbl, i in lst.items if i == sid]
    assert labels, (sid, lst.items)
    # Click the title in the list, then "Open".
    item = next(it for it in lst.list.item_list if it["text"] == labels[0])
    assert item["button_element"] is not None, "the title is scrolled out of view"
    click(app, item["button_element"].rect.center)
    frame(app, n=2)  # the widgets' own events arrive on the next frames
    assert lst.selected_id() == sid
    click_button(app, "Open")
    assert isinstance(app.mode, ScenarioMode)
    assert app.mode.sc.id == sid
    return app.mode


def test_the_list_shows_the_library_by_discipline_in_the_players_language(
        monkeypatch: pytest.MonkeyPatch) -> None:
    remembered_scans(monkeypatch)  # each tab of each language read it anew
    lib = library()
    for lang in ("en", "ru"):
        app = make_app(lang)
        app.switch(PracticeListMode(app))
        frame(app)
        for disc in ("8-ball", "9-ball", "14.1", "express"):
            mode = app.mode
            assert isinstance(mode, PracticeListMode)
            mode._tab(disc)()
            want = [e.title.get(lang) for e in lib.by_discipline(disc)]
            assert want, disc
            shown = [lbl.split(". ", 1)[1] for lbl, _ in mode.items]
            assert shown == want
        pygame.display.quit()


def test_watch_a_situation_and_see_the_ruling_with_its_seed_rule(app: App) -> None:
    mode = _open_from_list(app, "9-ball", "9ball-wrong-ball-first")
    sc = mode.sc
    assert mode.phase == "intro"
    assert sc.question is not None and sc.question.text.en in mode.body()
    click_button(app, "Watch the stroke")
    assert mode.phase == "playing"
    # The stroke plays to the end, then the ruling.
    run_until(app, lambda: mode.phase == "ruling", limit=1200)
    played = mode.played
    assert played is not None and not played.own
    # The referee's fouls are the ones the file expects: the 1 must be hit
    # first in 9-ball (9-ball rule 6, general rule 16 bad hit).
    assert [f.code.id for f in played.ruling.fouls] == sc.expect["fouls"]
    assert played.ruling.next_shooter == sc.expect["next_shooter"] == 1
    body = mode.body()
    for f in played.ruling.fouls:
        assert cite(app.locale, f.code, f.ref) in body
    assert rule_line(app.locale, sc) in body and "9-ball rule" in body
    assert sc.explanation.en in body
    assert "differs" not in body  # the physics reproduces the file's ruling
    assert mode.side_body.startswith("9-ball")
    # The slow replay stops at the foul's event and highlights its balls.
    click_button(app, "Replay at 1/4")
    player = mode.player
    assert player is not None and player.playback.speed == 0.25
    run_until(app, lambda: player.current is not None, limit=2400)
    assert player.playback.paused
    foul = played.ruling.fouls[0]
    assert foul.event_index is not None
    assert set(foul.balls) <= set(player.highlight())
    assert abs(player.playback.time - played.shot.events[foul.event_index].time) \
        < 1e-6
    key(app, pygame.K_ESCAPE)  # skip to the ruling
    assert mode.phase == "ruling"
    click_button(app, "Back")
    assert isinstance(app.mode, PracticeListMode)
    assert not app.errors


def test_play_it_yourself_then_the_ruling_of_your_own_stroke(app: App) -> None:
    mode = _open_from_list(app, "9-ball", "9ball-legal-pot")
    click_button(app, "Play it yourself")
    assert isinstance(app.mode, PracticeAimMode | PracticePlaceMode)
    if isinstance(app.mode, PracticePlaceMode):
        key(app, pygame.K_RETURN)
    assert isinstance(app.mode, PracticeAimMode)
    key(app, pygame.K_SPACE)  # shoot at the aimed ball with the current power
    assert app.mode is not None and app.mode.name == "playing"
    run_until(app, lambda: isinstance(app.mode, ScenarioMode), limit=3000)
    after = app.mode
    assert isinstance(after, ScenarioMode) and after is not mode
    assert after.phase == "ruling" and after.played is not None and after.played.own
    # The banner is the referee's ruling on the player's own shot.
    s = after.psession
    assert s.banner is not None and s.banner.title in after.body()
    assert s.banner == s.ruling_banner(after.played.ruling)
    assert not app.errors


def test_scenario_file_opens_directly(app: App) -> None:
    from simulator.app.screens.practice.scenario import open_scenario_file
    path = SCENARIO_DIR / "straight-scratch.toml"
    assert open_scenario_file(app, path)
    assert isinstance(app.mode, ScenarioMode) and app.mode.sc.id == "straight-scratch"
    frame(app, n=3)
    assert not app.errors


def test_a_bad_scenario_file_is_a_message_not_a_crash(app: App, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    from simulator.app.screens.practice.scenario import open_scenario_file
    good = (SCENARIO_DIR / "8ball-no-rail.toml").read_text("utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(good.replace("[balls]\n", "[balls]\n15 = [9.0, 0.3]\n"), "utf-8")
    assert not open_scenario_file(app, bad)
    assert isinstance(app.mode, PracticeListMode)
    assert app.dialogs, "the reason is shown in the window"
    body = app.dialogs[-1].body  # type: ignore[attr-defined]
    # The file, the ball and why, in the player's words; the terminal keeps
    # the loader's own message, which names the field.
    assert body.endswith("bad.toml: ball 15 cannot rest there: it is off the "
                         "cloth, past a pocket's drop line or pressed into a "
                         "cushion")
    err = capsys.readouterr().err
    assert "bad.toml: balls.15" in err and "off the bed" in err
    click_button(app, "OK")
    assert not app.dialogs and not app.errors


def test_scenario_option_of_the_command_line(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]
                                            ) -> None:
    from simulator.app.main import main
    out = tmp_path / "s.png"
    assert main(["--scenario", str(SCENARIO_DIR / "express-own.toml"),
                 "--screenshot", str(out), "--screen", "ruling"]) == 0
    assert out.exists()
    pygame.display.quit()
    bad = tmp_path / "broken.toml"
    bad.write_text("format = 'kiy-scenario'\nversion = [", "utf-8")
    out2 = tmp_path / "b.png"
    capsys.readouterr()
    # A picture of a bad scenario is refused: status 2, one line, no file.
    assert main(["--scenario", str(bad), "--screenshot", str(out2)]) == 2
    assert not out2.exists()
    err = capsys.readouterr().err
    assert err.startswith("error: --scenario: broken.toml: toml: ") and \
        err.count("\n") == 1, err
    with pytest.raises(SystemExit) as e:
        main(["--scenario", str(tmp_path / "missing.toml")])
    assert e.value.code == 2


@pytest.mark.parametrize("screen", ["practice", "scenario", "ruling", "quiz",
                                    "editor", "gallery_play"])
def test_random_events_on_the_practice_screens(screen: str) -> None:
    from simulator.app.loop.practice_scenes import scene
    from tests.app.test_monkey import monkey
    app = make_app()
    scene(app, screen)
    monkey(app, seed=len(screen), events=800)
    assert app.mode is not None
    pygame.display.quit()


def test_the_practice_screen_names_are_offered_on_the_command_line() -> None:
    from simulator.app.loop.practice_scenes import SCREENS as PRACTICE
    from simulator.app.main import SCREENS
    assert set(PRACTICE) <= set(SCREENS)


def test_ball_in_hand_in_practice_stays_in_practice(app: App) -> None:
    from simulator.practice.library import load
    sc = load("9ball-break-pot")
    assert sc.game.ball_in_hand.value != "none"
    app.switch(ScenarioMode(app, sc))
    click_button(app, "Play it yourself")
    assert isinstance(app.mode, PracticePlaceMode)
    key(app, pygame.K_RETURN)  # the cue ball where the file put it
    assert isinstance(app.mode, PracticeAimMode)
    click_button(app, app.t("panel.move_cue"))
    assert isinstance(app.mode, PracticePlaceMode)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_b)
    assert isinstance(app.mode, PracticePlaceMode)
    key(app, pygame.K_RETURN)
    click_button(app, "Back to the situation")
    assert isinstance(app.mode, ScenarioMode) and app.mode.phase == "intro"
    assert not app.errors


def test_leaving_practice_leaves_no_practice_match_behind(app: App) -> None:
    from simulator.app.screens.practice.session import PracticeSession
    from simulator.practice.library import load
    app.switch(ScenarioMode(app, load("9ball-legal-pot")))
    click_button(app, "Play it yourself")
    assert isinstance(app.session, PracticeSession)
    key(app, pygame.K_ESCAPE)  # the pause menu
    click_button(app, "Main menu")
    assert app.mode is not None and app.mode.name == "menu"
    assert app.session is None


def test_a_recorded_choice_the_referee_refuses_is_explained_in_russian(
        tmp_path: Path) -> None:
    """A scenario whose recorded choice is not open after its shot (an
    illegal 8-ball break offers the table as it lies or a re-rack, 8-ball
    rule 5, never a push-out): the situation plays, and the refusal is said
    in the player's words, naming the choice."""
    import re

    from simulator.app.screens.practice.scenario import ScenarioMode, open_scenario_file
    from tests.app.helpers import DT
    good = (SCENARIO_DIR / "8ball-break-illegal.toml").read_text("utf-8")
    path = tmp_path / "refused.toml"
    path.write_text(good.replace('choice = "rerack_offender_breaks"',
                                 'choice = "take_push_out"'), "utf-8")
    app = make_app("ru")
    try:
        assert open_scenario_file(app, path)
        mode = app.mode
        assert isinstance(mode, ScenarioMode)
        mode.watch()
        mode._skip()
        for _ in range(600):
            app.frame([], DT)
        played = mode.played
        assert played is not None and played.choice_error is not None
        lines = mode.choice_lines()
        refusal = lines[-1]
        assert refusal.startswith(app.t("practice.choice_refused", reason=""))
        assert app.t("choice.take_push_out") in refusal
        assert not re.search(r"[A-Za-z]{3,}", refusal), refusal
        assert not app.errors
    finally:
        pygame.display.quit()
