"""Why a position is refused, in the player's language: every reason the
loader and the referee give for a position the editor can make carries a key
(simulator.files.reasons), and each key has words in English and in Russian that
name the player, the ball and the seed rule as the English message does."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest

from simulator.app.screens.editor.draft import new_draft
from simulator.app.text.i18n import LOCALE_DIR, Locale
from simulator.app.text.words import reason_text
from simulator.practice.scenario import ScenarioError, parse_scenario, playable

FULL_NINE = {str(b): [1.9 + 0.06 * (b % 3), 0.3 + 0.07 * b] for b in range(1, 10)}
FULL_RACK = {str(b): [1.7 + 0.07 * (b % 5), 0.3 + 0.07 * (b // 5)]
             for b in range(1, 16)}


def _draft(game: str, state: dict[str, Any] | None = None,
           balls: dict[str, Any] | None = None,
           drop: tuple[str, ...] = ()) -> dict[str, Any]:
    d = new_draft(game)
    d["state"].update(state or {})
    d["balls"].update(balls or {})
    for b in drop:
        d["balls"].pop(b)
    return d


# (the position, the reason, what the Russian words must say)
CASES: list[tuple[str, dict[str, Any], str, tuple[str, ...]]] = [
    ("overlap", _draft("9-ball", balls={"2": [1.905, 0.635]}), "balls_overlap",
     ("шар 1 и шар 2",)),
    ("in a cushion", _draft("9-ball", balls={"2": [1.0, 0.02]}), "ball_cannot_rest",
     ("шар 2",)),
    ("no cue ball", _draft("9-ball", drop=("0",)), "no_cue_ball", ("биток",)),
    ("no object ball", _draft("14.1", drop=("1",)), "no_object_ball", ("шар",)),
    # 9-ball 1, 8-ball 1: pocketing the game ball wins; a game in play has it.
    ("no 9", _draft("9-ball", drop=("9",)), "game_ball_missing",
     ("шар 9 не на столе", "«Девятка», п.\u00a01")),
    ("no 8", _draft("8-ball", drop=("8",)), "game_ball_missing",
     ("шар 8 не на столе", "«Восьмёрка», п.\u00a01")),
    ("three fouls", _draft("9-ball", {"fouls": [0, 3]}), "fouls_in_a_row",
     ("Игрок 2", "0, 1 или 2")),
    ("early warning", _draft("9-ball", {"warned": [False, True]}),
     "warning_after_two_fouls", ("Игрок 2", "«Девятка», п.\u00a011")),
    ("push-out on the break",
     _draft("9-ball", {"push_out_allowed": True, "is_break": True,
                       "ball_in_hand": "kitchen"}, {**FULL_NINE, "0": [0.4, 0.6]}),
     "push_out_after_break", ("«Девятка», п.\u00a05",)),
    ("break not from hand", _draft("9-ball", {"is_break": True}, FULL_NINE),
     "break_from_hand", ("за линией дома",)),
    ("break, short rack", _draft("9-ball", {"is_break": True,
                                            "ball_in_hand": "kitchen"},
                                 {"0": [0.4, 0.6]}),
     "break_full_rack", ("шар 2 не на столе",)),
    ("cue ball in hand out of the kitchen",
     _draft("8-ball", {"ball_in_hand": "kitchen"}, {"0": [1.5, 0.3]}),
     "cue_ball_placement", ("биток с руки",)),
    ("one group only", _draft("8-ball", {"groups": ["solids", "open"]}),
     "groups_pair", ("«Восьмёрка», пп.\u00a06,\u00a07",)),
    ("groups on the break",
     _draft("8-ball", {"groups": ["solids", "stripes"], "is_break": True,
                       "ball_in_hand": "kitchen"}, {**FULL_RACK, "0": [0.4, 0.6]}),
     "groups_after_break", ("«Восьмёрка», п.\u00a07", "стол открыт (п.\u00a06)")),
    ("kitchen on a pyramid table", _draft("express", {"ball_in_hand": "kitchen"}),
     "hand_not_on_this_table", ("за линией дома",)),
    ("rail safeties", _draft("14.1", {"rail_safeties": [3, 0]}), "rail_safeties",
     ("Игрок 1", "п.\u00a07.2")),
    ("score at the target", _draft("14.1", {"scores": [150, 0]}), "score_at_target",
     ("Игрок 1", "150 очков")),
    ("signatures", _draft("express", {"signatures": [0, 4, 0]}), "signatures_range",
     ("Игрок 2", "от 0 до 3")),
    ("negative chips", _draft("express", {"chips": [5, -1, 5]}), "not_negative",
     ("фишки (Игрок 2)",)),
    ("rack number", _draft("express", {"rack_no": 0}), "rack_no", ("номер пирамиды",)),
    ("first break not a break", _draft("express", {"first_break_pending": True}),
     "first_break", ("«Экспресс», п.\u00a02.4",)),
    ("shooter out", _draft("express", {"status": ["out", "active", "active"],
                                       "scores": [0, 30, 30]}),
     "shooter_not_active", ("Игрок 1 не в игре",)),
    ("one active", _draft("express", {"status": ["active", "out", "out"],
                                      "scores": [30, 0, 0]}),
     "two_active", ("меньше двух",)),
    ("active at zero", _draft("express", {"scores": [30, 0, 30]}),
     "active_has_points", ("Игрок 2 в игре",)),
    ("waiting with points", _draft("express", {"status": ["active", "active",
                                                          "waiting"]}),
     "waiting_has_none", ("Игрок 3 ждёт росписи",)),
]


def _refusal(draft: dict[str, Any]) -> ScenarioError:
    with pytest.raises(ScenarioError) as e:  # as the editor checks a draft
        playable(parse_scenario(copy.deepcopy(draft)))
    return e.value


@pytest.mark.parametrize(("name", "draft", "reason", "says"), CASES,
                         ids=[c[0] for c in CASES])
def test_each_refusal_has_its_reason_in_both_languages(
        name: str, draft: dict[str, Any], reason: str, says: tuple[str, ...]) -> None:
    err = _refusal(draft)
    assert err.reason == reason, str(err)
    ru = reason_text(Locale("ru"), err)
    en = reason_text(Locale("en"), err)
    for text in (ru, en):
        assert "{" not in text and "state." not in text and "balls." not in text
    # Russian words, no English ones (digits, rule numbers and quotes aside).
    assert not re.search(r"[A-Za-z]{3,}", ru), ru
    for part in says:
        assert part in ru, ru
    # The English words say the same: the player and ball the message names.
    if "player" in err.params:
        assert f"Player {err.params['player'] + 1}" in en


def test_every_reason_has_words_in_both_languages() -> None:
    """A reason without words would show the English message on the Russian
    screen: each key the cases use exists in both files, and the two files
    have the same keys."""
    keys = {}
    for lang in ("en", "ru"):
        data = json.loads((LOCALE_DIR / lang / "ui.json").read_text(encoding="utf-8"))
        keys[lang] = set(data["reason"])
    assert keys["en"] == keys["ru"]
    # The cases above, and the refusals in a match tested below.
    used = {c[2] for c in CASES} | {"choice_not_open", "chips_below_stake",
                                    "signatures_used"}
    assert used == keys["en"]


def test_an_error_without_a_reason_keeps_its_text() -> None:
    err = ScenarioError("format: expected 'kiy-scenario', got 'x'")
    assert reason_text(Locale("ru"), err) == str(err)


def test_the_cue_ball_is_named_as_such() -> None:
    """Ball 0 is the cue ball in words: «биток», "the cue ball"."""
    draft = _draft("9-ball", balls={"0": [1.905, 0.635]})  # on ball 1
    err = _refusal(draft)
    assert err.reason == "balls_overlap"
    assert reason_text(Locale("ru"), err) == "биток и шар 1 заходят друг на друга"
    assert reason_text(Locale("en"), err) == "the cue ball and ball 1 overlap"


def test_a_refused_choice_and_signature_are_said_with_the_players_names() -> None:
    """In a match the referee refuses a choice that is not open and an
    Express signature the player cannot pay for; the window says why with
    the players' own names, in Russian."""
    from dataclasses import replace

    from rules.referee import Match
    from rules.ruling import Choice, RulesError
    m = Match(["Аня", "Борис"], "9-ball", {}, seed=1)
    with pytest.raises(RulesError) as e:
        m.choose(Choice.ACCEPT_TABLE)
    assert e.value.reason == "choice_not_open"
    ru = reason_text(Locale("ru"), e.value, m.players)
    assert ru.startswith("«") and "сейчас выбрать нельзя" in ru
    assert not re.search(r"[A-Za-z]{3,}", ru), ru
    # Express: Вера waits to sign with 1 chip; the first signature costs more.
    from rules.express import Status
    ex = Match(["Аня", "Борис", "Вера"], "express", {}, seed=1)
    st = ex.state
    waiting = replace(st, status=(Status.ACTIVE, Status.ACTIVE, Status.WAITING),
                      scores=(30, 30, 0), chips=(99, 99, 1))
    ex = Match.from_state(["Аня", "Борис", "Вера"], "express", waiting, {}, seed=1)
    with pytest.raises(RulesError) as e:
        ex.choose(Choice.SIGN, 2)
    assert e.value.reason == "chips_below_stake"
    ru = reason_text(Locale("ru"), e.value, ex.players)
    assert ru.startswith("Вера: фишек 1, а подпись стоит ")
    # Three stars already: no fourth signature.
    used_up = replace(waiting, chips=(99, 99, 99), signatures=(0, 0, 3))
    ex = Match.from_state(["Аня", "Борис", "Вера"], "express", used_up, {}, seed=1)
    with pytest.raises(RulesError) as e:
        ex.choose(Choice.SIGN, 2)
    assert e.value.reason == "signatures_used"
    assert reason_text(Locale("ru"), e.value, ex.players) == (
        "Вера: все подписи уже использованы")


def test_a_scenario_file_refused_for_a_rule_says_so_in_russian(tmp_path: Any) -> None:
    """A file from disk (the editor's Load, --scenario) keeps the reason
    through the loader's file name in front."""
    from simulator.practice.scenario import load_scenario, save_scenario
    draft = _draft("9-ball")
    path = tmp_path / "ok.toml"
    save_scenario(draft, path)
    text = path.read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(text + "\n[state]\nfouls = [0, 3]\n" if "[state]" not in text
                   else text.replace("[state]", "[state]\nfouls = [0, 3]"),
                   encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_scenario(bad)
    assert str(e.value).startswith("bad.toml: ")
    assert e.value.reason == "fouls_in_a_row"
    assert reason_text(Locale("ru"), e.value).startswith("Игрок 2: фолов подряд")
