"""The editor's game-state fields and the two titles, validated as loading
validates; the incoming player's choice in practice (recorded, and after the
player's own stroke)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from simulator.app.loop.app import App
from simulator.app.screens.aiming import AimMode
from simulator.app.screens.editor.screen import EditorMode
from simulator.app.screens.placing import PlaceMode
from simulator.app.screens.practice.scenario import ScenarioMode
from simulator.app.screens.practice.scenario_list import PracticeListMode
from simulator.app.screens.practice.session import Played, judge_result
from simulator.practice.library import SCENARIO_DIR
from simulator.practice.scenario import load_scenario
from tests.app.helpers import button_labels, click_button, frame, run_until


def _editor(app: App, discipline: str) -> EditorMode:
    click_button(app, "Practice")
    assert isinstance(app.mode, PracticeListMode)
    click_button(app, "Position editor")
    ed = app.mode
    assert isinstance(ed, EditorMode)
    ed.set_discipline(discipline)
    assert ed.error is None, ed.error
    return ed


def _pick(app: App, menu: object, text: str) -> None:
    """What a drop-down posts when an item is chosen."""
    frame(app, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                  ui_element=menu, text=text))
    frame(app)


def _plus(app: App, n: int, label: str = "+") -> None:
    """Press "+" (or "−") n times; a yes/no field has one "±" toggle."""
    label = {"-": "−"}.get(label, label)
    for _ in range(n):
        frame(app)
        click_button(app, label if label in button_labels(app) else "±")


def test_14_1_scores_and_fouls_are_saved_and_loaded_back(app: App,
                                                         tmp_path: Path) -> None:
    ed = _editor(app, "14.1")
    # The field menu offers the fields a 14.1 position has (the referee's
    # registry says which); choose the score.
    from rules import registry
    from simulator.app.screens.editor.draft import STATE_EDITED
    want = {f.name for f in registry.info("14.1").position_fields()} - set(STATE_EDITED)
    assert set(ed.field_labels.values()) == want
    assert {"is_break", "scores", "fouls", "rail_safeties"} <= want
    _pick(app, ed.field_menu, app.t("editor.field_scores"))
    assert ed.field == "scores" and ed.player_menu is not None
    _plus(app, 3)  # player 1: 3
    _pick(app, ed.player_menu, "Player 2")
    assert ed.field_player == 1
    _plus(app, 5)
    _plus(app, 1, "-")  # player 2: 4
    _pick(app, ed.field_menu, app.t("editor.field_fouls"))
    assert ed.field == "fouls"
    _plus(app, 2)  # player 2 has two fouls
    assert ed.draft["state"]["scores"] == [3, 4]
    assert ed.draft["state"]["fouls"] == [0, 2]
    assert ed.field_text() == "2" and ed.error is None
    path = tmp_path / "straight-drill.toml"
    ed.path_entry.set_text(str(path))
    click_button(app, "Save")
    sc = load_scenario(path)
    assert sc.discipline == "14.1"
    assert sc.game.scores == (3, 4) and sc.game.fouls == (0, 2)
    # Changed in the editor, then loaded back: the saved values return.
    _plus(app, 1, "-")
    assert ed.draft["state"]["fouls"] == [0, 1]
    click_button(app, "Load")
    assert ed.state_value("scores") == [3, 4]
    assert ed.state_value("fouls") == [0, 2]
    assert not app.errors


def test_an_invalid_state_value_is_refused_with_the_loaders_reason(
        app: App) -> None:
    ed = _editor(app, "9-ball")
    # A warning comes only after two consecutive fouls (9-ball 11).
    _pick(app, ed.field_menu, app.t("editor.field_warned"))
    before = dict(ed.draft["state"])
    _plus(app, 1)
    assert ed.draft["state"] == before
    # The reason in words: whose warning, and the rule (9-ball 11).
    assert ed.refused is not None and ed.refused.startswith("Player 1: ")
    assert "9-ball rule 11" in ed.refused and "state." not in ed.refused
    assert ed.refused in ed.hint()
    assert ed.field_text() == "no"
    # Two fouls first, then the warning is accepted.
    _pick(app, ed.field_menu, app.t("editor.field_fouls"))
    _plus(app, 2)
    # A third consecutive foul before a shot cannot be: refused.
    _plus(app, 1)
    assert ed.draft["state"]["fouls"] == [2, 0]
    assert ed.refused is not None and ed.refused.startswith("Player 1: ")
    assert "0, 1 or 2" in ed.refused
    _pick(app, ed.field_menu, app.t("editor.field_warned"))
    _plus(app, 1)
    assert ed.refused is None and ed.draft["state"]["warned"] == [True, False]
    # A break with the cue ball not in hand: refused, the reason says where
    # it stands for a break (behind the head string, general rule 7).
    _pick(app, ed.field_menu, app.t("editor.field_is_break"))
    _plus(app, 1)
    assert ed.refused == ("a break is played from hand: the cue ball stands "
                          "behind the head string")
    assert "is_break" not in ed.draft["state"]
    # The push-out flag is a plain toggle here.
    _pick(app, ed.field_menu, app.t("editor.field_push_out_allowed"))
    _plus(app, 1)
    assert ed.draft["state"]["push_out_allowed"] is True and ed.error is None
    assert not app.errors


def test_express_statuses_and_signatures(app: App, tmp_path: Path) -> None:
    ed = _editor(app, "express")
    _pick(app, ed.field_menu, app.t("editor.field_signatures"))
    _pick(app, ed.player_menu, "Player 3")
    _plus(app, 2)
    assert ed.draft["state"]["signatures"] == [0, 0, 2]
    # A player with points cannot be waiting to sign: refused.
    _pick(app, ed.field_menu, app.t("editor.field_status"))
    _plus(app, 1)
    assert ed.refused is not None and ed.refused.startswith("Player 3 waits")
    assert "Express rule 2.5" in ed.refused
    assert "status" not in ed.draft["state"]
    path = tmp_path / "express.toml"
    ed.path_entry.set_text(str(path))
    click_button(app, "Save")
    game = load_scenario(path).game
    assert getattr(game, "signatures", None) == (0, 0, 2)
    assert not app.errors


def test_the_two_titles_round_trip(app: App, tmp_path: Path) -> None:
    ed = _editor(app, "8-ball")
    ed.title_en.set_text("Kick safety")
    ed.title_ru.set_text("Защита от борта")
    # A rebuild of the panel (a state change) keeps what was typed.
    _pick(app, ed.field_menu, app.t("editor.field_fouls"))
    _plus(app, 1)
    assert ed.title_en.get_text() == "Kick safety"
    path = tmp_path / "kick.toml"
    ed.path_entry.set_text(str(path))
    click_button(app, "Save")
    sc = load_scenario(path)
    assert (sc.title.en, sc.title.ru) == ("Kick safety", "Защита от борта")
    ed.title_en.set_text("Something else")
    ed.title_ru.set_text("")
    click_button(app, "Load")
    assert app.mode is ed
    assert ed.title_en.get_text() == "Kick safety"
    assert ed.title_ru.get_text() == "Защита от борта"
    # An emptied entry keeps the title the draft had (a file needs both);
    # with none in the draft, the other language's text stands in.
    ed.title_ru.set_text("")
    assert ed.titles() == {"en": "Kick safety", "ru": "Защита от борта"}
    ed.draft["title"] = {"en": "Kick safety"}
    assert ed.titles() == {"en": "Kick safety", "ru": "Kick safety"}
    assert not app.errors


def test_the_recorded_choice_is_shown_after_the_ruling(app: App) -> None:
    sc = load_scenario(SCENARIO_DIR / "9ball-push-out-hand-back.toml")
    assert sc.choice is not None
    mode = ScenarioMode(app, sc)
    app.switch(mode)
    frame(app)
    click_button(app, "Watch the stroke")
    run_until(app, lambda: mode.phase == "ruling", limit=1200)
    body = mode.body()
    # Player 2 was given the choice and handed the shot back: player 1 shoots.
    assert "Player 2 chose: " in body
    assert app.t("choice.hand_back_push_out") in body
    assert "After the choice: Player 1 at the table" in body
    assert mode.psession.match.state.shooter == 0  # the scoreboard after it
    assert not app.dialogs and not app.errors


def test_own_stroke_with_options_opens_the_choice_dialog(app: App) -> None:
    from simulator.physics import simulate
    sc = load_scenario(SCENARIO_DIR / "9ball-push-out-hand-back.toml")
    assert sc.stroke is not None
    shot = simulate(sc.position, sc.stroke)
    res = judge_result(sc, shot, sc.declarations)
    assert res.ruling.options  # the push-out: take it or hand it back
    app.switch(ScenarioMode(app, sc, Played(shot, res.ruling, own=True,
                                            after=res.after)))
    frame(app)
    assert app.dialogs, "the incoming player is asked"
    take = app.t("choice.take_push_out")
    click_button(app, next(b for b in button_labels(app) if b.startswith(take)))
    frame(app)
    # Player 2 took the shot: the match goes on from the position.
    s = app.session
    assert s is not None and s.match.state.shooter == 1
    assert isinstance(app.mode, AimMode | PlaceMode)
    assert not app.errors


def test_express_own_stroke_offers_the_signature(app: App) -> None:
    from simulator.physics import simulate
    sc = load_scenario(SCENARIO_DIR / "express-signature.toml")
    assert sc.stroke is not None
    shot = simulate(sc.position, sc.stroke)
    res = judge_result(sc, shot, sc.declarations)
    app.switch(ScenarioMode(app, sc, Played(shot, res.ruling, own=True,
                                            after=res.after)))
    frame(app)
    # Player 1 was written down to zero (SEED-E 2.5): sign or decline. Put
    # off, the decision stays on the screen's own button.
    assert app.dialogs
    click_button(app, "Decide later")
    assert not app.dialogs and isinstance(app.mode, ScenarioMode)
    click_button(app, "Choose the next step")
    assert app.dialogs
    click_button(app, "Player 1 signs")
    s = app.session
    assert s is not None
    assert getattr(s.match.state, "status", None) == ("active", "active", "active")
    assert getattr(s.match.state, "signatures", None) == (1, 0, 0)
    assert not app.errors


def test_a_drop_down_value_loading_refuses_is_refused(app: App) -> None:
    ed = _editor(app, "8-ball")
    ed.place((1.5, 0.3), ball=0)  # the cue ball beyond the head string
    assert ed.error is None
    _pick(app, ed.hand_menu, "behind the head string")
    # In hand behind the head string, the cue ball may not stand there.
    assert "ball_in_hand" not in ed.draft["state"]
    assert ed.refused is not None
    assert ed.refused.startswith("the cue ball in hand cannot stand where it is. ")
    # The referee's own reason, with its rule (general rule 7 or 14).
    from simulator.app.text.words import code_words
    assert code_words(app.locale, "place.outside_kitchen") in ed.refused
    _pick(app, ed.hand_menu, "anywhere")
    assert ed.draft["state"]["ball_in_hand"] == "anywhere" and ed.refused is None
    assert not app.errors
