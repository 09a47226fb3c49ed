"""Author the golden judging cases (tests/rules/cases/*.json).

Each case is a layout, a hand-built event log, declarations and the ruling a
referee gives, with the seed rule it checks. The expectations here are written
from the seed, not produced by the referee. Run ``python make_cases.py`` in
this folder to rewrite the JSON files; test_golden checks the files are in step.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from logs import CENTRE, FOOT, HEAD, HEAD_X, LONG_STRING, D, L, Log, R, W, layout, snap

from simulator.table.events import HEAD_STRING, Phase

OUT = Path(__file__).parent / "cases"
CASES: list[dict[str, Any]] = []

XS = (0.8, 0.95, 1.1, 1.25, 1.4, 1.55, 1.7, 2.25, 2.4)
YS = (0.12, 0.3, 0.48, 0.8, 0.98, 1.15)
GRID = [(x, y) for x in XS for y in YS]
CUE = (1.0, 0.635 - 0.25)
KITCHEN_CUE = (0.4, 0.635)


def spread(balls: list[int], cue: tuple[float, float] | None = CUE,
           at: dict[int, tuple[float, float]] | None = None,
           pocketed: tuple[int, ...] = ()) -> Any:
    """Balls on grid points (skipping any too near a given place)."""
    at = dict(at or {})
    pos: dict[int, tuple[float, float]] = {}
    if cue is not None and 0 not in at:
        pos[0] = cue
    pos.update(at)
    free = [p for p in GRID if all(((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5
                                   > 2 * R + 0.01 for q in pos.values())]
    for b in balls:
        if b not in pos:
            pos[b] = free.pop(0)
    return layout(pos, pocketed)


def ref(section: str, rule: str, reading: str | None = None) -> dict[str, str]:
    d = {"section": section, "rule": rule}
    if reading:
        d["reading"] = reading
    return d


def add(name: str, game: str, rule: dict[str, str], log: Log | None,
        expect: dict[str, Any], *, state: dict[str, Any] | None = None,
        decl: dict[str, Any] | None = None, choice: Any = None,
        call: str | None = None, options: dict[str, Any] | None = None,
        lag: list[int] | None = None, jumped: list[int] | None = None) -> None:
    c: dict[str, Any] = {"name": name, "rule": rule, "game": game}
    if options:
        c["options"] = options
    if state:
        c["state"] = state
    if log is not None:
        c["shot"] = log.shot().to_dict()
        del c["shot"]["stroke"]
        del c["shot"]["duration"]
    if lag is not None:
        c["lag"] = lag
    if decl:
        c["declarations"] = decl
    if choice is not None:
        c["choice"] = choice
    if call:
        c["call_foul"] = call
    if jumped:
        c["jumped"] = jumped
    c["expect"] = expect
    CASES.append(c)


E8 = "8-ball"
N9 = "9-ball"
S14 = "14.1"
G = "general"
PLAY = {"is_break": False, "ball_in_hand": "none"}
SOLIDS_STATE = {**PLAY, "groups": ["solids", "stripes"]}
NINE_BALLS = [1, 2, 3, 4, 5, 6, 7, 8, 9]
ALL15 = list(range(1, 16))
NINE_GONE = (10, 11, 12, 13, 14, 15)


def nine(balls: list[int] | None = None, **kw: Any) -> Any:
    balls = balls or NINE_BALLS
    gone = tuple(b for b in range(1, 16) if b not in balls)
    return spread(balls, pocketed=gone, **kw)


# ---------------------------------------------------------------------------
# General rules, judged inside the games
def general_cases() -> None:
    t = nine()
    add("g03_not_tip_called", N9, ref(G, "3"), None,
        {"fouls": ["foul.not_tip"], "next_shooter": 1, "ball_in_hand": "anywhere"},
        state={**PLAY, "table": t.to_dict()}, call="foul.not_tip")
    add("g04_miss_passes_turn", N9, ref(G, "4"),
        Log(nine()).stroke().hit(0, 1).rail(1, "foot"),
        {"fouls": [], "notes": ["note.miss"], "next_shooter": 1,
         "ball_in_hand": "none"}, state=PLAY)
    add("g06_break_cue_outside_kitchen", E8, ref(G, "6"),
        Log(spread(ALL15, cue=(0.9, 0.635))).stroke().hit(0, 1)
        .rails([1, 2, 3, 4, 5]),
        {"fouls": ["foul.bad_placement"], "next_shooter": 1})
    # 7 and 14: from the kitchen, balls in the kitchen need a rebound beyond it.
    kt = spread([1, 2, 3, 4, 5, 6, 7, 8], cue=(0.3, 0.635), at={1: (0.5, 0.3)})
    add("g07_kitchen_ball_direct", E8, ref(G, "7", "P1"),
        Log(kt).stroke().hit(0, 1).rail(1, "right_head"),
        {"fouls": ["foul.kitchen_direct"], "next_shooter": 1,
         "ball_in_hand": "anywhere"},
        state={**SOLIDS_STATE, "ball_in_hand": "kitchen"})
    add("g07_kitchen_ball_after_foot_rail", E8, ref(G, "7", "P1"),
        Log(kt).stroke().cross(0, HEAD_STRING, 1).rail(0, "foot", 2.5, 0.6)
        .cross(0, HEAD_STRING, -1).hit(0, 1).rail(1, "right_head"),
        {"fouls": [], "next_shooter": 1, "notes": ["note.miss"]},
        state={**SOLIDS_STATE, "ball_in_hand": "kitchen"})
    add("g07_kitchen_ball_after_long_rail_beyond", E8, ref(G, "7", "P1"),
        Log(kt).stroke().cross(0, HEAD_STRING, 1).rail(0, "right_head", 0.9, R)
        .cross(0, HEAD_STRING, -1).hit(0, 1).pot(1, "head_right"),
        {"fouls": [], "next_shooter": 0, "scored": [1]},
        state={**SOLIDS_STATE, "ball_in_hand": "kitchen"},
        decl={"called_ball": 1, "called_pocket": "head_right"})
    add("g07_kitchen_cross_and_back_without_rail", E8, ref(G, "7", "P1"),
        Log(kt).stroke().cross(0, HEAD_STRING, 1).cross(0, HEAD_STRING, -1)
        .hit(0, 1).rail(1, "right_head"),
        {"fouls": ["foul.kitchen_direct"], "next_shooter": 1},
        state={**SOLIDS_STATE, "ball_in_hand": "kitchen"})
    on_line = spread([1, 2, 3, 4, 5, 6, 7, 8], cue=(0.3, 0.635),
                     at={1: (HEAD_X, 0.3)})
    add("g14_ball_on_head_string_is_playable", E8, ref(G, "14"),
        Log(on_line).stroke().hit(0, 1).rail(1, "right_foot"),
        {"fouls": [], "next_shooter": 1},
        state={**SOLIDS_STATE, "ball_in_hand": "kitchen"})
    add("g07_kitchen_not_a_rule_without_hand", E8, ref(G, "7"),
        Log(kt).stroke().hit(0, 1).rail(1, "right_head"),
        {"fouls": [], "next_shooter": 1}, state=SOLIDS_STATE)
    add("g08_in_hand_anywhere_after_foul", N9, ref(G, "8"),
        Log(nine()).stroke().hit(0, 2).rail(2, "foot"),
        {"fouls": ["foul.bad_hit"], "ball_in_hand": "anywhere",
         "next": {"ball_in_hand": "anywhere", "shooter": 1}}, state=PLAY)
    # 9: a ball that bounced out of the pocket is not pocketed
    bounced = Log(nine()).stroke().hit(0, 1).pot(1, "foot_right").rail(0, "foot")
    bounced.keep(1, 2.3, 0.2)
    add("g09_ball_back_out_of_pocket_not_pocketed", N9, ref(G, "9"), bounced,
        {"fouls": [], "scored": [], "next_shooter": 1, "notes": ["note.miss"]},
        state=PLAY)
    edge = spread([1, 2, 3, 4, 5, 6, 7, 8], cue=(0.3, 0.635),
                  at={1: (HEAD_X + 0.001, 0.3)})
    add("g10_position_is_the_centre", E8, ref(G, "10"),
        Log(edge).stroke().hit(0, 1).rail(1, "right_foot"),
        {"fouls": [], "next_shooter": 1},
        state={**SOLIDS_STATE, "ball_in_hand": "kitchen"})
    slow = Log(nine()).stroke().hit(0, 1).hit(1, 5).stop(5, 2.45, 1.22)
    slow.pot(5, "foot_left", dt=3.0)
    add("g13_ball_dropping_before_rest_counts", N9, ref(G, "13"), slow,
        {"fouls": [], "scored": [5], "next_shooter": 0}, state=PLAY)
    add("g27_balls_with_the_called_one_14_1", S14, ref(G, "27"),
        Log(spread(ALL15)).stroke().hit(0, 6).hit(6, 7).pot(6, "foot_left")
        .pot(7, "foot_right"),
        {"fouls": [], "points": [2, 0], "scored": [6, 7]}, state=PLAY,
        decl={"called_ball": 6, "called_pocket": "foot_left"})
    add("g27_balls_with_the_called_one_8_ball", E8, ref(G, "27"),
        Log(spread(ALL15)).stroke().hit(0, 6).hit(6, 7).hit(6, 12)
        .pot(6, "foot_left").pot(7, "foot_right").pot(12, "side_left"),
        {"fouls": [], "scored": [6, 7], "next_shooter": 0,
         "table": {"12": "pocketed"}}, state=SOLIDS_STATE,
        decl={"called_ball": 6, "called_pocket": "foot_left"})
    add("g11_foot_off_floor_called", E8, ref(G, "11"), None,
        {"fouls": ["foul.foot_off_floor"], "next_shooter": 1,
         "ball_in_hand": "anywhere"}, state=SOLIDS_STATE, call="foul.foot_off_floor")
    t12 = nine()
    moving = snap(5, *t12.position(5), phase=Phase.SPINNING)  # type: ignore[misc]
    add("g12_stroke_while_a_ball_spins", N9, ref(G, "12"),
        Log(t12).stroke(snapshots=(moving,)).hit(0, 1).rail(1, "foot"),
        {"fouls": ["foul.shot_before_rest"], "next_shooter": 1}, state=PLAY)
    add("g15_foul_no_ball_counts", N9, ref(G, "15"),
        Log(nine()).stroke().hit(0, 1).pot(1, "side_left").pot(0, "foot_right"),
        {"fouls": ["foul.scratch"], "scored": [], "next_shooter": 1,
         "ball_in_hand": "anywhere"}, state=PLAY)
    add("g16_no_ball_touched", N9, ref(G, "16"),
        Log(nine()).stroke().rail(0, "foot").rail(0, "left_foot"),
        {"fouls": ["foul.bad_hit"], "next_shooter": 1}, state=PLAY)
    fz = nine(at={0: (1.0, 0.5), 3: (1.0 + D, 0.5)})
    add("g16_shooting_away_from_frozen_ball_is_no_hit", N9, ref(G, "16"),
        Log(fz).stroke().hit(0, 3, speed=0.0).hit(0, 1).rail(1, "foot"),
        {"fouls": [], "next_shooter": 1}, state=PLAY)
    add("g17_no_rail_after_contact", N9, ref(G, "17"),
        Log(nine()).stroke().hit(0, 1),
        {"fouls": ["foul.no_rail"], "next_shooter": 1, "ball_in_hand": "anywhere"},
        state=PLAY)
    add("g17_cue_ball_to_rail_is_enough", N9, ref(G, "17"),
        Log(nine()).stroke().hit(0, 1).rail(0, "left_head"),
        {"fouls": []}, state=PLAY)
    add("g17_rail_before_contact_only_is_a_foul", N9, ref(G, "17"),
        Log(nine()).stroke().rail(0, "foot").hit(0, 1),
        {"fouls": ["foul.no_rail"]}, state=PLAY)
    add("g18_scratch", E8, ref(G, "18"),
        Log(spread(ALL15)).stroke().hit(0, 1).rail(1, "foot").pot(0, "side_left"),
        {"fouls": ["foul.scratch"], "penalty": "foul.scratch", "next_shooter": 1,
         "refs": {"foul.scratch": "general 18"},
         "ball_in_hand": "anywhere"}, state=SOLIDS_STATE)
    add("g19_stick_touches_object_ball", N9, ref(G, "19"),
        Log(nine()).stroke().tip(4, 0.001).hit(0, 1).rail(1, "foot"),
        {"fouls": ["foul.stick_touched_ball"]}, state=PLAY)
    add("g19_touched_ball_called", S14, ref(G, "19"), None,
        {"fouls": ["foul.touched_ball"], "points": [-1, 0], "next_shooter": 1,
         "ball_in_hand": "none"}, state={**PLAY, "table": spread(ALL15).to_dict()},
        call="foul.touched_ball")
    add("g20_double_hit", N9, ref(G, "20"),
        Log(nine()).stroke().tip(0, 0.001).hit(0, 1).rail(1, "foot"),
        {"fouls": ["foul.double_hit"], "next_shooter": 1}, state=PLAY)
    fz3 = nine(at={0: (1.0, 0.5), 3: (1.0 + D, 0.5)})
    add("g20_into_frozen_illegal_ball", N9, ref(G, "20", "P8"),
        Log(fz3).stroke().hit(0, 3).rail(3, "foot"),
        {"fouls": ["foul.bad_hit", "foul.frozen_illegal_ball"],
         "next_shooter": 1}, state=PLAY)
    fz1 = nine(at={0: (1.0, 0.5), 1: (1.0 + D, 0.5)})
    add("g20_into_frozen_legal_ball_is_legal", N9, ref(G, "20", "P8"),
        Log(fz1).stroke().hit(0, 1).rail(1, "foot"),
        {"fouls": [], "next_shooter": 1}, state=PLAY)
    add("g20_tip_meets_cue_after_frozen_legal_ball", N9, ref(G, "20", "P8"),
        Log(fz1).stroke(duration=0.001).hit(0, 1, dt=0.0001).tip(0, 0.001)
        .rail(1, "foot"),
        {"fouls": [], "next_shooter": 1}, state=PLAY)
    close1 = nine(at={0: (1.0, 0.5), 1: (1.0 + D + 0.005, 0.5)})
    add("g20_double_hit_through_a_close_ball", N9, ref(G, "20"),
        Log(close1).stroke(duration=0.001).hit(0, 1, dt=0.001).tip(0, 0.001)
        .rail(1, "foot"),
        {"fouls": ["foul.double_hit"], "next_shooter": 1,
         "ball_in_hand": "anywhere"}, state=PLAY)
    add("g21_push_long_stroke", N9, ref(G, "21"),
        Log(nine()).stroke(duration=0.006).hit(0, 1).rail(1, "foot"),
        {"fouls": ["foul.push_shot"], "penalty": "foul.push_shot",
         "next_shooter": 1}, state=PLAY)
    add("g21_normal_stroke_contact_is_no_push", N9, ref(G, "21"),
        Log(nine()).stroke(duration=0.001).hit(0, 1).rail(1, "foot"),
        {"fouls": []}, state=PLAY)
    add("g21_push_shot", N9, ref(G, "21"),
        Log(nine()).stroke().tip(0, 0.02).hit(0, 1).rail(1, "foot"),
        {"fouls": ["foul.push_shot"], "next_shooter": 1}, state=PLAY)
    add("g22_miscue_on_jump", N9, ref(G, "22"),
        Log(nine()).stroke(miscue=True, elevation=40, tip_b=0.3).airborne(0)
        .landed(0).hit(0, 1).rail(1, "foot"),
        {"fouls": ["foul.miscue_on_jump"]}, state=PLAY)
    add("g22_jump_from_below_centre", N9, ref(G, "22"),
        Log(nine()).stroke(tip_b=-0.5).airborne(0).landed(0).hit(0, 1)
        .rail(1, "foot"),
        {"fouls": ["foul.illegal_jump"]}, state=PLAY)
    add("g22_legal_jump", N9, ref(G, "22"),
        Log(nine()).stroke(tip_b=0.3, elevation=45).airborne(0).landed(0)
        .hit(0, 1).pot(1, "foot_left"),
        {"fouls": [], "scored": [1], "next_shooter": 0}, state=PLAY)
    add("g22_miscue_on_a_small_hop_is_no_jump", N9, ref(G, "22"),
        Log(nine()).stroke(miscue=True, elevation=8, tip_b=0.3)
        .airborne(0, speed=0.2).landed(0).hit(0, 1).rail(1, "foot"),
        {"fouls": []}, state=PLAY)
    add("g22_miscue_without_jump_is_no_foul", N9, ref(G, "22"),
        Log(nine()).stroke(miscue=True).hit(0, 1).rail(1, "foot"),
        {"fouls": []}, state=PLAY)
    add("g23_object_ball_off_table_spotted", E8, ref(G, "23"),
        Log(spread(ALL15)).stroke().hit(0, 1).hit(1, 2).off(2),
        {"fouls": ["foul.ball_off_table"], "spots": [[2, FOOT[0], FOOT[1]]],
         "next_shooter": 1, "ball_in_hand": "anywhere"}, state=SOLIDS_STATE)
    back = Log(spread(ALL15)).stroke().hit(0, 1).hit(1, 2).airborne(2).landed(2)
    back.rail(2, "foot")
    add("g23_ball_back_on_bed_by_itself", E8, ref(G, "23"), back,
        {"fouls": [], "next_shooter": 1}, state=SOLIDS_STATE)
    # 23: the referee saw the ball touch something that is not part of the
    # table (chalk on the rail, a lamp): it is jumped though it came back.
    chalk = Log(spread(ALL15)).stroke().hit(0, 1).hit(1, 2).airborne(2).landed(2)
    chalk.rail(2, "foot")
    add("g23_ball_touched_chalk_counts_as_jumped", E8, ref(G, "23"), chalk,
        {"fouls": ["foul.ball_off_table"], "notes": ["note.jumped_called"],
         "penalty": "foul.ball_off_table", "spots": [[2, FOOT[0], FOOT[1]]],
         "next_shooter": 1, "ball_in_hand": "anywhere"},
        state=SOLIDS_STATE, jumped=[2])
    lamp = Log(nine()).stroke().hit(0, 1).rail(1, "foot").airborne(0).landed(0)
    add("g23_cue_ball_touched_lamp_counts_as_jumped", N9, ref(G, "23"), lamp,
        {"fouls": ["foul.cue_off_table"], "notes": ["note.jumped_called"],
         "next_shooter": 1, "ball_in_hand": "anywhere"}, state=PLAY, jumped=[0])
    add("g23_cue_ball_off_table", N9, ref(G, "23"),
        Log(nine()).stroke().hit(0, 1).rail(1, "foot").off(0),
        {"fouls": ["foul.cue_off_table"], "ball_in_hand": "anywhere"}, state=PLAY)
    add("g24_every_foul_listed_one_penalty", N9, ref(G, "24"),
        Log(nine()).stroke().tip(0, 0.001).hit(0, 3).hit(3, 4).off(4)
        .pot(0, "side_right"),
        {"fouls": ["foul.double_hit", "foul.bad_hit", "foul.scratch",
                   "foul.ball_off_table"], "penalty": "foul.double_hit",
         "next_shooter": 1, "ball_in_hand": "anywhere"}, state=PLAY)
    t25 = nine(at={6: (2.45, 0.05)})
    hang = Log(t25).stroke().hit(0, 1).rail(1, "foot").stop(6, 2.45, 0.05)
    hang.pot(6, "foot_right", dt=6.0)
    add("g25_hanging_ball_drops_after_five_seconds", N9, ref(G, "25"), hang,
        {"fouls": [], "scored": [], "next_shooter": 1,
         "notes": ["note.hanging_restored"],
         "table": {"6": [2.45, 0.05]}}, state=PLAY)
    rehit = Log(t25).stroke().hit(0, 1).rail(1, "foot").stop(6, 2.45, 0.05)
    rehit.hit(1, 6, dt=3.0).pot(6, "foot_right", dt=3.0)
    add("g25_still_ball_hit_again_is_pocketed", N9, ref(G, "25"), rehit,
        {"fouls": [], "scored": [6], "next_shooter": 0,
         "no_notes": ["note.hanging_restored"]}, state=PLAY)
    late = Log(t25).stroke().hit(0, 1).rail(1, "foot").pot(6, "foot_right", dt=6.0)
    add("g25_untouched_ball_drops_late_restored", N9, ref(G, "25"), late,
        {"fouls": [], "scored": [], "notes": ["note.hanging_restored"],
         "table": {"6": [2.45, 0.05]}}, state=PLAY)
    add("g25_ball_falls_by_itself_before_contact", N9, ref(G, "25"),
        Log(t25).stroke().pot(6, "foot_right", dt=0.01).hit(0, 1).rail(1, "foot"),
        {"fouls": [], "replay": True, "next_shooter": 0,
         "notes": ["note.replay_self_moved"]}, state=PLAY)
    # 26: spotting
    t26 = spread(ALL15, at={3: FOOT})
    add("g26_spot_blocked_by_object_ball_frozen_behind", E8, ref(G, "26", "P15"),
        Log(t26).stroke().hit(0, 1).hit(1, 2).off(2),
        {"fouls": ["foul.ball_off_table"], "spots": [[2, FOOT[0] + D, FOOT[1]]]},
        state=SOLIDS_STATE)
    t26c = spread(ALL15, cue=FOOT)
    add("g26_spot_blocked_by_cue_ball_not_frozen", E8, ref(G, "26", "P15"),
        Log(t26c).stroke().hit(0, 1).hit(1, 2).off(2),
        {"fouls": ["foul.ball_off_table"],
         "spots": [[2, FOOT[0] + D + 0.001, FOOT[1]]]}, state=SOLIDS_STATE)
    add("g26_two_balls_lowest_on_spot", E8, ref(G, "26"),
        Log(spread(ALL15)).stroke().hit(0, 1).hit(1, 9).hit(1, 2).off(9).off(2),
        {"fouls": ["foul.ball_off_table", "foul.ball_off_table"],
         "spots": [[2, FOOT[0], FOOT[1]], [9, FOOT[0] + D, FOOT[1]]]},
        state=SOLIDS_STATE)
    full = {3: FOOT, 4: (FOOT[0] + D, FOOT[1]), 5: (FOOT[0] + 2 * D, FOOT[1]),
            6: (FOOT[0] + 3 * D, FOOT[1]), 7: (FOOT[0] + 4 * D, FOOT[1]),
            10: (FOOT[0] + 5 * D, FOOT[1]), 11: (FOOT[0] + 6 * D, FOOT[1]),
            12: (FOOT[0] + 7 * D, FOOT[1]), 13: (FOOT[0] + 8 * D, FOOT[1]),
            14: (FOOT[0] + 9 * D, FOOT[1]), 15: (FOOT[0] + 10 * D, FOOT[1])}
    t26f = spread(ALL15, at=full)
    add("g26_no_room_behind_spot_goes_in_front", E8, ref(G, "26"),
        Log(t26f).stroke().hit(0, 1).hit(1, 2).off(2),
        {"fouls": ["foul.ball_off_table"], "spots": [[2, FOOT[0] - D, FOOT[1]]]},
        state=SOLIDS_STATE)
    add("g28_outside_interference_replay", N9, ref(G, "28"), None,
        {"fouls": [], "replay": True, "next_shooter": 0,
         "notes": ["note.outside_interference"]},
        state={**PLAY, "table": nine().to_dict()}, call="note.outside_interference")
    # 28: the position cannot be restored: the game is replayed and the same
    # player breaks (the match racks it again, no game is won).
    add("g28_interference_not_restorable_game_replayed", N9, ref(G, "28"), None,
        {"fouls": [], "points": [0, 0], "rerack": True, "game_over": True,
         "winner": None, "next_shooter": 1,
         "notes": ["note.interference_not_restorable"]},
        state={**PLAY, "table": nine().to_dict(), "breaker": 1},
        call="note.interference_not_restorable")
    add("g28_interference_restored_8_ball", E8, ref(G, "28"), None,
        {"fouls": [], "replay": True, "next_shooter": 0, "groups": [
            "solids", "stripes"], "notes": ["note.outside_interference"]},
        state=SOLIDS_STATE, call="note.outside_interference")
    add("g30_opponent_accepts_table_after_miss", E8, ref(G, "30"),
        Log(spread(ALL15)).stroke().hit(0, 2).rail(2, "foot"),
        {"fouls": [], "next_shooter": 1, "ball_in_hand": "none"},
        state=SOLIDS_STATE, decl={"called_ball": 2, "called_pocket": "foot_left"})
    # 31: a ball frozen to a cushion
    rail_t = nine(at={1: (1.5, R)})
    add("g31_frozen_ball_only_to_its_own_rail", N9, ref(G, "31"),
        Log(rail_t).stroke().hit(0, 1).rail(1, "right_foot"),
        {"fouls": ["foul.cushion_ball"]}, state=PLAY)
    add("g31_frozen_ball_cue_to_rail", N9, ref(G, "31"),
        Log(rail_t).stroke().hit(0, 1).rail(0, "left_foot"),
        {"fouls": []}, state=PLAY)
    add("g31_frozen_ball_to_another_rail", N9, ref(G, "31"),
        Log(rail_t).stroke().hit(0, 1).rail(1, "foot"),
        {"fouls": []}, state=PLAY)
    add("g31_frozen_ball_other_ball_to_rail", N9, ref(G, "31"),
        Log(rail_t).stroke().hit(0, 1).hit(1, 5).rail(5, "foot"),
        {"fouls": []}, state=PLAY)
    add("g31_frozen_ball_pocketed", N9, ref(G, "31"),
        Log(rail_t).stroke().hit(0, 1).pot(1, "foot_right"),
        {"fouls": [], "scored": [1]}, state=PLAY)
    add("g31_frozen_ball_nothing_to_a_rail", N9, ref(G, "31"),
        Log(rail_t).stroke().hit(0, 1),
        {"fouls": ["foul.no_rail", "foul.cushion_ball"]}, state=PLAY)
    # The corner pocket's two jaws share one name in the log; the snapshot
    # tells whose rail's jaw the ball met.
    rail_c = nine(at={1: (2.3, R)})
    add("g31_frozen_ball_into_its_own_rails_jaw", N9, ref(G, "31"),
        Log(rail_c).stroke().hit(0, 1).rail(1, "jaw:foot_right", 2.44, R + 0.002),
        {"fouls": ["foul.cushion_ball"], "next_shooter": 1}, state=PLAY)
    add("g31_frozen_ball_into_the_other_rails_jaw", N9, ref(G, "31"),
        Log(rail_c).stroke().hit(0, 1).rail(1, "jaw:foot_right", L - R - 0.002,
                                             0.1),
        {"fouls": [], "next_shooter": 1}, state=PLAY)
    add("g33_interference_called", E8, ref(G, "33"), None,
        {"fouls": ["foul.interference"], "next_shooter": 1,
         "ball_in_hand": "anywhere"},
        state={**SOLIDS_STATE, "table": spread(ALL15).to_dict()},
        call="foul.interference")


def lag_cases() -> None:
    """General rule 5: the lag. Player 0 shoots ball 1 (right half), player 1
    ball 2 (left half); each ends at rest where ``move`` says."""
    start = layout({1: (0.4, 0.4), 2: (0.4, 0.87)})

    def lag(b1: list[str], b2: list[str], p1: tuple[float, float],
            p2: tuple[float, float]) -> Log:
        lg = Log(start).stroke()
        for b, how in ((1, b1), (2, b2)):
            for h in how:
                if h == "foot":
                    lg.rail(b, "foot")
                elif h == "long":
                    lg.rail(b, "right_foot" if b == 1 else "left_foot")
                elif h == "cross":
                    lg.cross(b, LONG_STRING, 1 if b == 1 else -1)
                elif h == "pot":
                    lg.pot(b, "foot_right")
                elif h == "off":
                    lg.off(b, over=None)
        lg.move(1, *p1).move(2, *p2)
        return lg

    ok = ["foot"]
    cases = [
        ("lag_nearer_head_cushion_wins", ok, ok, (0.2, 0.4), (0.3, 0.87), 0, [[], []]),
        ("lag_other_ball_nearer_wins", ok, ok, (0.5, 0.4), (0.1, 0.87), 1, [[], []]),
        ("lag_5_1_crossed_into_opponent_half", ["foot", "cross"], ok, (0.1, 0.7),
         (0.5, 0.87), 1, [["lag.opponent_half"], []]),
        ("lag_5_2_did_not_reach_foot_cushion", [], ok, (0.1, 0.4), (0.5, 0.87), 1,
         [["lag.no_foot_rail"], []]),
        ("lag_5_3_pocketed", ["foot", "pot"], ok, (0.1, 0.4), (0.5, 0.87), 1,
         [["lag.pocketed"], []]),
        ("lag_5_4_off_table", ["foot", "off"], ok, (0.1, 0.4), (0.5, 0.87), 1,
         [["lag.off_table"], []]),
        ("lag_5_5_long_rail", ["foot", "long"], ok, (0.1, 0.4), (0.5, 0.87), 1,
         [["lag.long_rail"], []]),
        ("lag_5_6_rests_in_corner_pocket_mouth", ok, ok, (0.045, 0.045),
         (0.5, 0.87), 1, [["lag.corner_jaw"], []]),
        ("lag_5_7_foot_cushion_twice", ["foot", "foot"], ok, (0.1, 0.4),
         (0.5, 0.87), 1, [["lag.foot_rail_twice"], []]),
        ("lag_both_lose_relag", [], ["foot", "foot"], (0.1, 0.4), (0.5, 0.87),
         None, [["lag.no_foot_rail"], ["lag.foot_rail_twice"]]),
        ("lag_tie_relag", ok, ok, (0.3, 0.4), (0.3004, 0.87), None, [[], []]),
    ]
    for name, a, b, p1, p2, winner, reasons in cases:
        add(name, E8, ref(G, "5"), lag(a, b, p1, p2),
            {"lag_winner": winner, "lag_reasons": reasons}, lag=[1, 2])


# ---------------------------------------------------------------------------
def eight_cases() -> None:
    rack = spread(ALL15, cue=KITCHEN_CUE)
    BRK: dict[str, Any] = {}
    add("e8_01_win_on_called_eight", E8, ref(E8, "1"),
        Log(spread([8, 9, 10], cue=CUE, pocketed=(1, 2, 3, 4, 5, 6, 7)))
        .stroke().hit(0, 8).pot(8, "foot_left"),
        {"fouls": [], "game_over": True, "winner": 0, "notes": ["note.win_eight"]},
        state=SOLIDS_STATE, decl={"called_ball": 8, "called_pocket": "foot_left"})
    add("e8_02_uncalled_obvious_ball_counts", E8, ref(E8, "2"),
        Log(spread(ALL15)).stroke().hit(0, 3).pot(3, "side_left"),
        {"fouls": [], "scored": [3], "next_shooter": 0}, state=SOLIDS_STATE)
    add("e8_02_uncalled_combination_does_not_count", E8, ref(E8, "2"),
        Log(spread(ALL15)).stroke().hit(0, 4).hit(4, 3).pot(3, "side_left"),
        {"fouls": [], "scored": [], "next_shooter": 1,
         "notes": ["note.call_required"], "table": {"3": "pocketed"}},
        state=SOLIDS_STATE)
    add("e8_02_uncalled_bank_does_not_count", E8, ref(E8, "2"),
        Log(spread(ALL15)).stroke().hit(0, 3).rail(3, "left_foot")
        .pot(3, "side_right"),
        {"fouls": [], "scored": [], "next_shooter": 1,
         "notes": ["note.call_required"]}, state=SOLIDS_STATE)
    add("e8_02_uncalled_kick_does_not_count", E8, ref(E8, "2"),
        Log(spread(ALL15)).stroke().rail(0, "head").hit(0, 3).pot(3, "side_right"),
        {"fouls": [], "scored": [], "next_shooter": 1}, state=SOLIDS_STATE)
    add("e8_02_called_bank_counts", E8, ref(E8, "2"),
        Log(spread(ALL15)).stroke().hit(0, 3).rail(3, "left_foot")
        .pot(3, "side_right"),
        {"fouls": [], "scored": [3], "next_shooter": 0}, state=SOLIDS_STATE,
        decl={"called_ball": 3, "called_pocket": "side_right"})
    add("e8_02_jaw_rattle_is_still_obvious", E8, ref(E8, "2"),
        Log(spread(ALL15)).stroke().hit(0, 3).rail(3, "jaw:side_right")
        .pot(3, "side_right"),
        {"fouls": [], "scored": [3], "next_shooter": 0}, state=SOLIDS_STATE)
    add("e8_02_called_ball_wrong_pocket_stays_down", E8, ref(E8, "2"),
        Log(spread(ALL15)).stroke().hit(0, 3).pot(3, "side_left"),
        {"fouls": [], "scored": [], "next_shooter": 1,
         "notes": ["note.called_ball_missed"], "table": {"3": "pocketed"}},
        state=SOLIDS_STATE, decl={"called_ball": 3, "called_pocket": "foot_left"})
    add("e8_02_break_needs_no_call_ball_down_continues", E8, ref(E8, "2"),
        Log(rack).stroke().hit(0, 1).rails([2, 3]).pot(4, "foot_left")
        .pot(12, "side_right"),
        {"fouls": [], "next_shooter": 0, "notes": ["note.break_legal"],
         "groups": [None, None]}, state=BRK)
    add("e8_02_other_balls_with_called_stay_down", E8, ref(E8, "2"),
        Log(spread(ALL15)).stroke().hit(0, 3).hit(3, 11).pot(3, "side_left")
        .pot(11, "foot_left"),
        {"fouls": [], "scored": [3], "next_shooter": 0,
         "table": {"11": "pocketed"}},
        state=SOLIDS_STATE, decl={"called_ball": 3, "called_pocket": "side_left"})
    add("e8_05_legal_break_four_rails", E8, ref(E8, "5"),
        Log(rack).stroke().hit(0, 1).rails([1, 2, 3, 4]),
        {"fouls": [], "next_shooter": 1, "ball_in_hand": "none"})
    add("e8_05_illegal_break_three_rails", E8, ref(E8, "5"),
        Log(rack).stroke().hit(0, 1).rails([1, 2, 3]),
        {"fouls": ["foul.illegal_break"], "next_shooter": 1, "chooser": 1,
         "options": ["accept_table", "rerack_break", "rerack_offender_breaks"]})
    add("e8_05_illegal_break_with_scratch_kitchen_options", E8, ref(E8, "5"),
        Log(rack).stroke().hit(0, 1).rails([1, 2]).pot(0, "side_left"),
        {"fouls": ["foul.illegal_break", "foul.scratch"],
         "penalty": "foul.illegal_break", "chooser": 1, "ball_in_hand": "kitchen",
         "options": ["accept_table", "rerack_break", "rerack_offender_breaks"],
         "next": {"pending": ["accept_table", "rerack_break",
                              "rerack_offender_breaks"], "chooser": 1}})
    add("e8_05_illegal_break_accepted", E8, ref(E8, "5"),
        Log(rack).stroke().hit(0, 1).rails([1, 2]),
        {"fouls": ["foul.illegal_break"],
         "next": {"shooter": 1, "is_break": False, "pending": [],
                  "ball_in_hand": "none"}}, choice="accept_table")
    add("e8_05_illegal_break_offender_rebreaks", E8, ref(E8, "5"),
        Log(rack).stroke().hit(0, 1).rails([1, 2]),
        {"fouls": ["foul.illegal_break"],
         "next": {"shooter": 0, "is_break": True, "ball_in_hand": "kitchen"}},
        choice="rerack_offender_breaks")
    add("e8_05_illegal_break_rerack_and_break_myself", E8, ref(E8, "5"),
        Log(rack).stroke().hit(0, 1),
        {"fouls": ["foul.illegal_break"],
         "next": {"shooter": 1, "is_break": True}}, choice="rerack_break")
    add("e8_05_scratch_on_break_balls_stay_table_open", E8, ref(E8, "5"),
        Log(rack).stroke().hit(0, 1).rails([2, 3]).pot(2, "foot_left")
        .pot(10, "foot_right").pot(0, "side_left"),
        {"fouls": ["foul.scratch"], "next_shooter": 1, "ball_in_hand": "kitchen",
         "groups": [None, None], "refs": {"foul.scratch": "8-ball 5"},
         "table": {"2": "pocketed", "10": "pocketed"},
         "next": {"ball_in_hand": "kitchen", "shooter": 1}})
    add("e8_05_ball_off_table_on_break_options", E8, ref(E8, "5"),
        Log(rack).stroke().hit(0, 1).rails([2, 3, 4, 5]).off(6),
        {"fouls": ["foul.ball_off_table"], "chooser": 1,
         "options": ["accept_table", "kitchen_in_hand"],
         "spots": [[6, FOOT[0], FOOT[1]]]})
    add("e8_05_ball_off_on_break_take_kitchen", E8, ref(E8, "5"),
        Log(rack).stroke().hit(0, 1).rails([2, 3, 4, 5]).off(6),
        {"fouls": ["foul.ball_off_table"],
         "next": {"shooter": 1, "ball_in_hand": "kitchen"}},
        choice="kitchen_in_hand")
    add("e8_05_eight_on_break_breaker_chooses", E8, ref(E8, "5"),
        Log(rack).stroke().hit(0, 1).rails([2, 3]).pot(8, "side_left"),
        {"fouls": [], "chooser": 0, "options": ["re_break", "spot_eight"],
         "notes": ["note.eight_on_break"], "game_over": False})
    add("e8_05_eight_on_break_spotted", E8, ref(E8, "5"),
        Log(rack).stroke().hit(0, 1).rails([2, 3]).pot(8, "side_left"),
        {"fouls": [], "table": {"8": [FOOT[0], FOOT[1]]},
         "next": {"shooter": 0, "ball_in_hand": "none", "is_break": False}},
        choice="spot_eight")
    add("e8_05_eight_on_break_rebreak", E8, ref(E8, "5"),
        Log(rack).stroke().hit(0, 1).rails([2, 3]).pot(8, "side_left"),
        {"fouls": [], "next": {"shooter": 0, "is_break": True}},
        choice="re_break")
    add("e8_05_eight_and_scratch_on_break_opponent_chooses", E8, ref(E8, "5"),
        Log(rack).stroke().hit(0, 1).rails([2, 3]).pot(8, "side_left")
        .pot(0, "foot_left"),
        {"fouls": ["foul.scratch"], "chooser": 1, "next_shooter": 1,
         "options": ["re_break", "spot_eight"], "ball_in_hand": "kitchen",
         "game_over": False})
    add("e8_05_eight_and_scratch_spot_eight_kitchen", E8, ref(E8, "5"),
        Log(rack).stroke().hit(0, 1).rails([2, 3]).pot(8, "side_left")
        .pot(0, "foot_left"),
        {"fouls": ["foul.scratch"], "table": {"8": [FOOT[0], FOOT[1]]},
         "next": {"shooter": 1, "ball_in_hand": "kitchen"}}, choice="spot_eight")
    add("e8_05_eight_and_scratch_opponent_rebreaks", E8, ref(E8, "5"),
        Log(rack).stroke().hit(0, 1).pot(8, "side_left").pot(0, "foot_left"),
        {"fouls": ["foul.scratch"], "next": {"shooter": 1, "is_break": True}},
        choice="re_break")
    add("e8_05_note_eight_on_break_wins_on_coin_tables", E8, ref(E8, "5"),
        Log(rack).stroke().hit(0, 1).pot(8, "side_left"),
        {"game_over": True, "winner": 0}, options={"eight_on_break": "win_loss"})
    add("e8_05_note_eight_and_scratch_loses_on_coin_tables", E8, ref(E8, "5"),
        Log(rack).stroke().hit(0, 1).pot(8, "side_left").pot(0, "foot_left"),
        {"game_over": True, "winner": 1}, options={"eight_on_break": "win_loss"})
    kt = spread([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
                cue=(0.3, 0.635), at={9: (0.5, 0.3)})
    add("e8_05_note_after_break_scratch_kitchen_ball_direct", E8,
        ref(E8, "5", "P1"),
        Log(kt).stroke().hit(0, 9).rail(9, "head"),
        {"fouls": ["foul.kitchen_direct"]},
        state={**PLAY, "ball_in_hand": "kitchen"})
    add("e8_06_open_table_stripe_hit_to_pot_solid", E8, ref(E8, "6"),
        Log(spread(ALL15)).stroke().hit(0, 12).hit(12, 3).pot(3, "foot_left"),
        {"fouls": [], "scored": [3], "next_shooter": 0,
         "groups": ["solids", "stripes"], "notes": ["note.group_chosen"]},
        state=PLAY, decl={"called_ball": 3, "called_pocket": "foot_left"})
    add("e8_06_eight_first_on_open_table_no_foul", E8, ref(E8, "6", "P3"),
        Log(spread(ALL15)).stroke().hit(0, 8).hit(8, 3).pot(3, "foot_left"),
        {"fouls": [], "scored": [], "next_shooter": 1, "ball_in_hand": "none",
         "groups": [None, None], "notes": ["note.eight_first_open"],
         "table": {"3": "pocketed"}},
        state=PLAY, decl={"called_ball": 3, "called_pocket": "foot_left"})
    add("e8_06_eight_first_open_with_scratch_is_foul", E8, ref(E8, "6", "P3"),
        Log(spread(ALL15)).stroke().hit(0, 8).rail(8, "foot").pot(0, "side_left"),
        {"fouls": ["foul.scratch"], "ball_in_hand": "anywhere"}, state=PLAY)
    add("e8_06_open_table_miss_stays_open", E8, ref(E8, "6"),
        Log(spread(ALL15)).stroke().hit(0, 12).rail(12, "foot"),
        {"fouls": [], "groups": [None, None], "notes": ["note.open_table"],
         "next_shooter": 1}, state=PLAY)
    # The table open after the break: 8-ball 6 ("always open right after
    # the break"), the same rule as after a miss (no two rules for it).
    add("e8_06_open_table_after_the_break", E8, ref(E8, "6"),
        Log(rack).stroke().hit(0, 1).rails([2, 3, 4, 5]),
        {"fouls": [], "groups": [None, None], "notes": ["note.open_table"],
         "next_shooter": 1})
    add("e8_07_break_both_groups_table_stays_open", E8, ref(E8, "7"),
        Log(rack).stroke().hit(0, 1).pot(3, "foot_left").pot(11, "foot_right"),
        {"fouls": [], "groups": [None, None], "next_shooter": 0,
         "notes": ["note.open_table"],
         "next": {"legal_first_contacts": [1, 2, 4, 5, 6, 7, 9, 10, 12, 13, 14, 15]}})
    add("e8_07_group_chosen_stripes", E8, ref(E8, "7"),
        Log(spread(ALL15)).stroke().hit(0, 13).pot(13, "side_right"),
        {"fouls": [], "groups": ["stripes", "solids"],
         "next": {"legal_first_contacts": [9, 10, 11, 12, 14, 15]}},
        state=PLAY, decl={"called_ball": 13, "called_pocket": "side_right"})
    add("e8_07_called_ball_missed_no_group", E8, ref(E8, "7"),
        Log(spread(ALL15)).stroke().hit(0, 13).hit(13, 4).pot(4, "side_right"),
        {"fouls": [], "groups": [None, None], "next_shooter": 1},
        state=PLAY, decl={"called_ball": 13, "called_pocket": "side_right"})
    add("e8_08_opponents_ball_first", E8, ref(E8, "8"),
        Log(spread(ALL15)).stroke().hit(0, 12).hit(12, 3).pot(3, "foot_left"),
        {"fouls": ["foul.bad_hit"], "scored": [], "next_shooter": 1,
         "refs": {"foul.bad_hit": "8-ball 8"},
         "ball_in_hand": "anywhere"}, state=SOLIDS_STATE,
        decl={"called_ball": 3, "called_pocket": "foot_left"})
    add("e8_08_eight_first_with_groups_set_is_a_bad_hit", E8, ref(E8, "8"),
        Log(spread(ALL15)).stroke().hit(0, 8).rail(8, "foot").rail(0, "head"),
        {"fouls": ["foul.bad_hit"], "penalty": "foul.bad_hit",
         "refs": {"foul.bad_hit": "8-ball 8"}, "game_over": False,
         "next_shooter": 1, "ball_in_hand": "anywhere"}, state=SOLIDS_STATE)
    add("e8_08_cushion_first_then_own_ball", E8, ref(E8, "8"),
        Log(spread(ALL15)).stroke().rail(0, "left_foot").hit(0, 3).rail(3, "foot"),
        {"fouls": [], "next_shooter": 1}, state=SOLIDS_STATE)
    add("e8_08_no_rail_after_contact", E8, ref(E8, "8"),
        Log(spread(ALL15)).stroke().rail(0, "left_foot").hit(0, 3),
        {"fouls": ["foul.no_rail"], "ball_in_hand": "anywhere"},
        state=SOLIDS_STATE)
    add("e8_09_safety_pocketed_ball_stays_turn_ends", E8, ref(E8, "9"),
        Log(spread(ALL15)).stroke().hit(0, 3).pot(3, "side_left"),
        {"fouls": [], "scored": [], "next_shooter": 1, "notes": ["note.safety"],
         "table": {"3": "pocketed"}}, state=SOLIDS_STATE, decl={"safety": True})
    add("e8_10_last_own_ball_then_on_the_eight", E8, ref(E8, "10"),
        Log(spread([7, 8, 9, 10], pocketed=(1, 2, 3, 4, 5, 6))).stroke()
        .hit(0, 7).pot(7, "foot_right"),
        {"fouls": [], "scored": [7], "next_shooter": 0,
         "next": {"legal_first_contacts": [8], "call_needed": True}},
        state=SOLIDS_STATE, decl={"called_ball": 7, "called_pocket": "foot_right"})
    add("e8_11_ball_in_hand_anywhere_after_foul", E8, ref(E8, "11"),
        Log(spread(ALL15)).stroke().hit(0, 3),
        {"fouls": ["foul.no_rail"], "ball_in_hand": "anywhere",
         "next": {"ball_in_hand": "anywhere", "shooter": 1}}, state=SOLIDS_STATE)
    add("e8_12_opponents_ball_only_stays_down", E8, ref(E8, "12"),
        Log(spread(ALL15)).stroke().hit(0, 3).hit(3, 12).pot(12, "foot_left"),
        {"fouls": [], "scored": [], "next_shooter": 1,
         "table": {"12": "pocketed"}}, state=SOLIDS_STATE)
    add("e8_13_object_ball_off_table", E8, ref(E8, "13"),
        Log(spread(ALL15)).stroke().hit(0, 3).hit(3, 12).off(12),
        {"fouls": ["foul.ball_off_table"], "spots": [[12, FOOT[0], FOOT[1]]],
         "next_shooter": 1}, state=SOLIDS_STATE)
    add("e8_13_eight_off_table_loses", E8, ref(E8, "13", "P2"),
        Log(spread(ALL15)).stroke().hit(0, 3).hit(3, 8).off(8),
        {"fouls": ["foul.ball_off_table", "loss.eight_off_table"],
         "penalty": "loss.eight_off_table", "game_over": True, "winner": 1},
        state=SOLIDS_STATE)
    on8 = spread([8, 9, 10], pocketed=(1, 2, 3, 4, 5, 6, 7))
    add("e8_14_scratch_on_the_eight_is_not_a_loss", E8, ref(E8, "14"),
        Log(on8).stroke().hit(0, 8).rail(8, "foot").pot(0, "foot_left"),
        {"fouls": ["foul.scratch"], "game_over": False, "next_shooter": 1,
         "ball_in_hand": "anywhere"}, state=SOLIDS_STATE,
        decl={"called_ball": 8, "called_pocket": "side_left"})
    add("e8_14_miss_the_eight_foul_not_loss", E8, ref(E8, "14"),
        Log(on8).stroke().hit(0, 9).rail(9, "foot"),
        {"fouls": ["foul.bad_hit"], "game_over": False}, state=SOLIDS_STATE)
    add("e8_15_eight_with_scratch_loses", E8, ref(E8, "15", "P2"),
        Log(on8).stroke().hit(0, 8).pot(8, "side_left").pot(0, "foot_left"),
        {"fouls": ["foul.scratch", "loss.eight_on_foul"],
         "penalty": "loss.eight_on_foul", "game_over": True, "winner": 1},
        state=SOLIDS_STATE, decl={"called_ball": 8, "called_pocket": "side_left"})
    add("e8_15_eight_before_group_cleared_loses", E8, ref(E8, "15", "P2"),
        Log(spread(ALL15)).stroke().hit(0, 3).hit(3, 8).pot(8, "foot_left"),
        {"fouls": ["loss.eight_early"], "game_over": True, "winner": 1},
        state=SOLIDS_STATE)
    add("e8_15_eight_on_open_table_loses", E8, ref(E8, "15", "P2"),
        Log(spread(ALL15)).stroke().hit(0, 3).hit(3, 8).pot(8, "foot_left"),
        {"fouls": ["loss.eight_early"], "game_over": True, "winner": 1},
        state=PLAY)
    add("e8_15_eight_in_wrong_pocket_loses", E8, ref(E8, "15", "P2"),
        Log(on8).stroke().hit(0, 8).pot(8, "foot_right"),
        {"fouls": ["loss.eight_wrong_pocket"], "game_over": True, "winner": 1},
        state=SOLIDS_STATE, decl={"called_ball": 8, "called_pocket": "foot_left"})
    # The gentleman's call (8-ball 2) holds for the 8 too: an obvious 8 needs
    # no call; a bank on the 8 without its pocket called loses (P2).
    add("e8_02_uncalled_obvious_eight_wins", E8, ref(E8, "2"),
        Log(on8).stroke().hit(0, 8).pot(8, "foot_right"),
        {"fouls": [], "game_over": True, "winner": 0, "notes": ["note.win_eight"]},
        state=SOLIDS_STATE)
    add("e8_15_eight_uncalled_bank_loses", E8, ref(E8, "15", "P2"),
        Log(on8).stroke().hit(0, 8).rail(8, "left_foot").pot(8, "side_right"),
        {"fouls": ["loss.eight_wrong_pocket"], "game_over": True, "winner": 1},
        state=SOLIDS_STATE)
    add("e8_15_eight_called_without_pocket_bank_loses", E8, ref(E8, "15", "P2"),
        Log(on8).stroke().hit(0, 8).rail(8, "left_foot").pot(8, "side_right"),
        {"fouls": ["loss.eight_wrong_pocket"], "game_over": True, "winner": 1},
        state=SOLIDS_STATE, decl={"called_ball": 8})
    add("e8_02_called_bank_without_pocket_does_not_count", E8, ref(E8, "2"),
        Log(spread(ALL15)).stroke().hit(0, 3).rail(3, "left_foot")
        .pot(3, "side_right"),
        {"fouls": [], "scored": [], "next_shooter": 1,
         "table": {"3": "pocketed"}}, state=SOLIDS_STATE,
        decl={"called_ball": 3})
    add("e8_13_eight_off_table_on_break_loses", E8, ref(E8, "13", "P2"),
        Log(rack).stroke().hit(0, 1).rails([2, 3, 4, 5]).off(8),
        {"fouls": ["foul.ball_off_table", "loss.eight_off_table"],
         "penalty": "loss.eight_off_table", "game_over": True, "winner": 1})
    add("e8_05_scratch_and_ball_off_on_break_one_penalty", E8, ref(G, "24"),
        Log(rack).stroke().hit(0, 1).rails([2, 3, 4, 5]).off(6)
        .pot(0, "side_left"),
        {"fouls": ["foul.scratch", "foul.ball_off_table"], "penalty": "foul.scratch",
         "next_shooter": 1, "ball_in_hand": "kitchen", "options": [],
         "spots": [[6, FOOT[0], FOOT[1]]], "groups": [None, None]})
    add("e8_15_eight_on_a_safety_loses", E8, ref(E8, "15", "P2"),
        Log(on8).stroke().hit(0, 8).pot(8, "foot_right"),
        {"fouls": ["loss.eight_wrong_pocket"], "game_over": True, "winner": 1},
        state=SOLIDS_STATE, decl={"safety": True})
    add("e8_15_eight_after_bad_hit_loses", E8, ref(E8, "15", "P2"),
        Log(on8).stroke().hit(0, 9).hit(9, 8).pot(8, "foot_right"),
        {"fouls": ["foul.bad_hit", "loss.eight_on_foul"], "game_over": True,
         "winner": 1}, state=SOLIDS_STATE,
        decl={"called_ball": 8, "called_pocket": "foot_right"})
    add("e8_16_stalemate_rerack", E8, ref(E8, "16", "P10"), None,
        {"fouls": [], "notes": ["note.stalemate"], "game_over": True,
         "winner": None, "rerack": True},
        state={**SOLIDS_STATE, "table": spread(ALL15).to_dict()},
        call="note.stalemate")
    add("e8_stripes_player_second_player", E8, ref(E8, "10"),
        Log(spread(ALL15)).stroke().hit(0, 10).pot(10, "side_left"),
        {"fouls": [], "scored": [10], "next_shooter": 1},
        state={**SOLIDS_STATE, "shooter": 1},
        decl={"called_ball": 10, "called_pocket": "side_left"})


# ---------------------------------------------------------------------------
def nine_cases() -> None:
    rack = nine(cue=KITCHEN_CUE)
    add("n9_01_lowest_first_pot_continues", N9, ref(N9, "1"),
        Log(nine()).stroke().hit(0, 1).hit(1, 5).pot(5, "foot_left"),
        {"fouls": [], "scored": [5], "next_shooter": 0}, state=PLAY)
    add("n9_01_no_call_needed", N9, ref(N9, "1"),
        Log(nine()).stroke().hit(0, 1).pot(1, "foot_left"),
        {"fouls": [], "next": {"call_needed": False, "legal_first_contacts": [2]}},
        state=PLAY)
    add("n9_03_legal_break_four_rails", N9, ref(N9, "3"),
        Log(rack).stroke().hit(0, 1).rails([2, 3, 4, 5]),
        {"fouls": [], "next_shooter": 1,
         "next": {"allowed_declarations": ["push_out"]}})
    add("n9_03_break_pot_continues_with_push_out", N9, ref(N9, "4"),
        Log(rack).stroke().hit(0, 1).rails([2, 3]).pot(6, "foot_left"),
        {"fouls": [], "next_shooter": 0,
         "next": {"shooter": 0, "allowed_declarations": ["push_out"]}})
    add("n9_03_break_must_hit_the_one", N9, ref(N9, "3"),
        Log(rack).stroke().hit(0, 2).rails([1, 3, 4, 5]),
        {"fouls": ["foul.bad_hit"], "ball_in_hand": "anywhere",
         "next": {"allowed_declarations": []}})
    add("n9_03_break_three_rails_illegal", N9, ref(N9, "3"),
        Log(rack).stroke().hit(0, 1).rails([2, 3, 4]),
        {"fouls": ["foul.illegal_break"], "ball_in_hand": "anywhere",
         "next_shooter": 1})
    add("n9_03_break_scratch_no_push_out", N9, ref(N9, "5"),
        Log(rack).stroke().hit(0, 1).rails([2, 3, 4, 5]).pot(0, "side_left"),
        {"fouls": ["foul.scratch"], "ball_in_hand": "anywhere",
         "next": {"allowed_declarations": [], "ball_in_hand": "anywhere"}})
    add("n9_03_break_ball_off_not_spotted", N9, ref(N9, "3"),
        Log(rack).stroke().hit(0, 1).rails([2, 3, 4, 5]).off(7),
        {"fouls": ["foul.ball_off_table"], "spots": [],
         "ball_in_hand": "anywhere", "table": {"7": "off_table"}})
    add("n9_03_break_nine_off_is_spotted", N9, ref(N9, "3"),
        Log(rack).stroke().hit(0, 1).rails([2, 3, 4, 5]).off(9),
        {"fouls": ["foul.ball_off_table"], "spots": [[9, FOOT[0], FOOT[1]]],
         "game_over": False})
    add("n9_04_nine_on_legal_shot_wins", N9, ref(N9, "4"),
        Log(nine()).stroke().hit(0, 1).hit(1, 9).pot(9, "side_right"),
        {"fouls": [], "game_over": True, "winner": 0, "notes": ["note.win_nine"]},
        state=PLAY)
    add("n9_04_nine_on_break_wins", N9, ref(N9, "4", "P5"),
        Log(rack).stroke().hit(0, 1).pot(9, "side_right"),
        {"fouls": [], "game_over": True, "winner": 0})
    add("n9_04_nine_on_break_with_scratch_spotted", N9, ref(N9, "6"),
        Log(rack).stroke().hit(0, 1).pot(9, "side_right").pot(0, "foot_left"),
        {"fouls": ["foul.scratch"], "game_over": False,
         "spots": [[9, FOOT[0], FOOT[1]]], "ball_in_hand": "anywhere"})
    pstate = {**PLAY, "push_out_allowed": True, "shooter": 1}
    add("n9_05_push_out_no_contact_needed", N9, ref(N9, "5"),
        Log(nine()).stroke().move(0, 1.2, 1.0),
        {"fouls": [], "next_shooter": 0, "chooser": 0,
         "options": ["take_push_out", "hand_back_push_out"],
         "notes": ["note.push_out"]}, state=pstate, decl={"push_out": True})
    add("n9_05_push_out_taken", N9, ref(N9, "5"),
        Log(nine()).stroke().move(0, 1.2, 1.0),
        {"fouls": [], "next": {"shooter": 0, "pending": [],
                               "allowed_declarations": []}},
        state=pstate, decl={"push_out": True}, choice="take_push_out")
    add("n9_05_push_out_handed_back", N9, ref(N9, "5"),
        Log(nine()).stroke().move(0, 1.2, 1.0),
        {"fouls": [], "next": {"shooter": 1, "pending": []}},
        state=pstate, decl={"push_out": True}, choice="hand_back_push_out")
    add("n9_05_push_out_pot_does_not_count", N9, ref(N9, "5"),
        Log(nine()).stroke().hit(0, 4).pot(4, "foot_left"),
        {"fouls": [], "scored": [], "next_shooter": 0,
         "table": {"4": "pocketed"}}, state=pstate, decl={"push_out": True})
    add("n9_05_nine_on_push_out_spotted", N9, ref(N9, "5"),
        Log(nine()).stroke().hit(0, 9).pot(9, "foot_left"),
        {"fouls": [], "game_over": False, "spots": [[9, FOOT[0], FOOT[1]]]},
        state=pstate, decl={"push_out": True})
    add("n9_05_push_out_scratch_is_foul", N9, ref(N9, "5"),
        Log(nine()).stroke().pot(0, "foot_left"),
        {"fouls": ["foul.scratch"], "options": [], "ball_in_hand": "anywhere",
         "next_shooter": 0}, state=pstate, decl={"push_out": True})
    add("n9_05_push_out_not_allowed_is_ordinary_shot", N9, ref(N9, "5", "P11"),
        Log(nine()).stroke().move(0, 1.2, 1.0),
        {"fouls": ["foul.bad_hit"], "notes": ["note.push_out_ignored"],
         "options": []}, state=PLAY, decl={"push_out": True})
    add("n9_05_push_out_only_right_after_break", N9, ref(N9, "5"),
        Log(nine()).stroke().hit(0, 1).pot(1, "foot_left"),
        {"fouls": [], "next": {"allowed_declarations": []}},
        state={**PLAY, "push_out_allowed": False})
    add("n9_06_nine_on_foul_spotted", N9, ref(N9, "6"),
        Log(nine()).stroke().hit(0, 3).hit(3, 9).pot(9, "foot_left"),
        {"fouls": ["foul.bad_hit"], "game_over": False,
         "spots": [[9, FOOT[0], FOOT[1]]], "ball_in_hand": "anywhere",
         "notes": ["note.nine_spotted"]}, state=PLAY)
    add("n9_06_balls_on_foul_stay_down", N9, ref(N9, "6"),
        Log(nine()).stroke().hit(0, 1).pot(1, "foot_left").pot(0, "side_left"),
        {"fouls": ["foul.scratch"], "table": {"1": "pocketed"},
         "next": {"legal_first_contacts": [2]}}, state=PLAY)
    add("n9_07_not_the_lowest_first", N9, ref(N9, "7"),
        Log(nine([3, 4, 9])).stroke().hit(0, 4).pot(4, "foot_left"),
        {"fouls": ["foul.bad_hit"], "scored": [],
         "refs": {"foul.bad_hit": "9-ball 7"}}, state=PLAY)
    add("n9_07_only_the_nine_left_hitting_it_is_legal", N9, ref(N9, "7"),
        Log(nine([9])).stroke().hit(0, 9).rail(9, "foot"),
        {"fouls": [], "notes": ["note.miss"], "next_shooter": 1,
         "ball_in_hand": "none", "game_over": False}, state=PLAY)
    split = Log(nine()).stroke().hit(0, 1).hit(0, 2, dt=0.0).rail(2, "foot")
    add("n9_07_split_hit_with_lowest_is_legal", N9, ref(N9, "7"), split,
        {"fouls": []}, state=PLAY)
    add("n9_08_no_rail", N9, ref(N9, "8"),
        Log(nine()).stroke().hit(0, 1),
        {"fouls": ["foul.no_rail"]}, state=PLAY)
    frozen = nine(at={0: (1.0, 0.5), 1: (1.0 + D, 0.5)})
    add("n9_09_placement_frozen_to_ball_refused", N9, ref(N9, "9", "P12"),
        Log(frozen).stroke().hit(0, 1).rail(1, "foot"),
        {"fouls": ["foul.bad_placement"]},
        state={**PLAY, "ball_in_hand": "anywhere"})
    add("n9_09_in_hand_anywhere_legal", N9, ref(N9, "9"),
        Log(nine(cue=(2.3, 1.0))).stroke().hit(0, 1).rail(1, "foot"),
        {"fouls": []}, state={**PLAY, "ball_in_hand": "anywhere"})
    add("n9_10_jumped_ball_not_spotted", N9, ref(N9, "10"),
        Log(nine()).stroke().hit(0, 1).hit(1, 4).off(4),
        {"fouls": ["foul.ball_off_table"], "spots": [],
         "refs": {"foul.ball_off_table": "9-ball 10"},
         "table": {"4": "off_table"}}, state=PLAY)
    add("n9_10_jumped_nine_spotted", N9, ref(N9, "10"),
        Log(nine()).stroke().hit(0, 1).hit(1, 9).off(9),
        {"fouls": ["foul.ball_off_table"], "spots": [[9, FOOT[0], FOOT[1]]]},
        state=PLAY)
    add("n9_11_second_foul_warning", N9, ref(N9, "11", "P4"),
        Log(nine()).stroke().hit(0, 2).rail(2, "foot"),
        {"fouls": ["foul.bad_hit"], "notes": ["note.warning_two_fouls"],
         "fouls_count": [2, 0]}, state={**PLAY, "fouls": [1, 0]})
    add("n9_11_third_foul_after_warning_loses", N9, ref(N9, "11"),
        Log(nine()).stroke().hit(0, 2).rail(2, "foot"),
        {"fouls": ["foul.bad_hit", "loss.three_fouls"],
         "penalty": "loss.three_fouls", "game_over": True, "winner": 1},
        state={**PLAY, "fouls": [2, 0], "warned": [True, False]})
    add("n9_11_third_foul_without_warning_counts_second", N9,
        ref(N9, "11", "P4"),
        Log(nine()).stroke().hit(0, 2).rail(2, "foot"),
        {"fouls": ["foul.bad_hit"], "game_over": False,
         "notes": ["note.no_warning", "note.warning_two_fouls"],
         "fouls_count": [2, 0]},
        state={**PLAY, "fouls": [2, 0], "warned": [False, False]})
    add("n9_11_legal_shot_clears_the_count", N9, ref(N9, "11"),
        Log(nine()).stroke().hit(0, 1).rail(1, "foot"),
        {"fouls": [], "fouls_count": [0, 1]},
        state={**PLAY, "fouls": [2, 1], "warned": [True, False]})
    add("n9_11_opponent_fouls_do_not_count", N9, ref(N9, "11"),
        Log(nine()).stroke().hit(0, 2).rail(2, "foot"),
        {"fouls": ["foul.bad_hit"], "game_over": False, "fouls_count": [1, 2]},
        state={**PLAY, "fouls": [0, 2], "warned": [False, True]})
    add("n9_12_foul_between_shots_counts", N9, ref(N9, "12"), None,
        {"fouls": ["foul.touched_ball"], "fouls_count": [2, 0],
         "notes": ["note.warning_two_fouls"]},
        state={**PLAY, "fouls": [1, 0], "table": nine().to_dict()},
        call="foul.touched_ball")
    add("n9_12_third_foul_called_between_shots_loses", N9, ref(N9, "12"), None,
        {"fouls": ["foul.touched_ball", "loss.three_fouls"], "game_over": True,
         "winner": 1},
        state={**PLAY, "fouls": [2, 0], "warned": [True, False],
               "table": nine().to_dict()}, call="foul.touched_ball")
    add("n9_13_break_must_hit_one_not_other", N9, ref(N9, "13"),
        Log(rack).stroke().hit(0, 9).rails([1, 2, 3, 4]),
        {"fouls": ["foul.bad_hit"]})


# ---------------------------------------------------------------------------
def straight_cases() -> None:
    rack = spread(ALL15, cue=KITCHEN_CUE)
    S = PLAY
    add("s14_01_called_ball_one_point_continue", S14, ref(S14, "1"),
        Log(spread(ALL15)).stroke().hit(0, 3).pot(3, "foot_left"),
        {"fouls": [], "points": [1, 0], "scored": [3], "next_shooter": 0,
         "scores": [1, 0]}, state=S,
        decl={"called_ball": 3, "called_pocket": "foot_left"})
    add("s14_01_call_needed", S14, ref(S14, "1"),
        Log(spread(ALL15)).stroke().hit(0, 3).pot(3, "foot_left"),
        {"next": {"call_needed": True, "allowed_declarations": ["call", "safety"]}},
        state=S, decl={"called_ball": 3, "called_pocket": "foot_left"})
    add("s14_01_uncalled_ball_spotted_no_point", S14, ref(S14, "8"),
        Log(spread(ALL15)).stroke().hit(0, 3).pot(3, "foot_left"),
        {"fouls": [], "points": [0, 0], "scored": [], "next_shooter": 1,
         "spots": [[3, FOOT[0], FOOT[1]]]}, state=S)
    add("s14_01_wrong_pocket_spotted_no_penalty", S14, ref(S14, "8"),
        Log(spread(ALL15)).stroke().hit(0, 3).pot(3, "side_left"),
        {"fouls": [], "points": [0, 0], "next_shooter": 1,
         "spots": [[3, FOOT[0], FOOT[1]]], "notes": ["note.illegal_pocketed"]},
        state=S, decl={"called_ball": 3, "called_pocket": "foot_left"})
    add("s14_01_target_reached_wins", S14, ref(S14, "1"),
        Log(spread(ALL15)).stroke().hit(0, 3).pot(3, "foot_left"),
        {"fouls": [], "game_over": True, "winner": 0, "scores": [50, 12],
         "notes": ["note.target_reached"]},
        state={**S, "scores": [49, 12]}, options={"target": 50},
        decl={"called_ball": 3, "called_pocket": "foot_left"})
    add("s14_06_legal_break_cue_and_two_balls_to_rail", S14, ref(S14, "6"),
        Log(rack).stroke().hit(0, 1).rails([0, 2, 3]),
        {"fouls": [], "points": [0, 0], "next_shooter": 1})
    add("s14_06_legal_break_called_ball", S14, ref(S14, "6"),
        Log(rack).stroke().hit(0, 1).hit(1, 6).pot(6, "foot_right"),
        {"fouls": [], "points": [1, 0], "next_shooter": 0},
        decl={"called_ball": 6, "called_pocket": "foot_right"})
    add("s14_06_break_uncalled_ball_spotted", S14, ref(S14, "6"),
        Log(rack).stroke().hit(0, 1).rails([0, 2, 3]).pot(6, "foot_right"),
        {"fouls": [], "points": [0, 0], "next_shooter": 1,
         "spots": [[6, FOOT[0], FOOT[1]]]})
    add("s14_06_illegal_break_minus_two", S14, ref(S14, "6"),
        Log(rack).stroke().hit(0, 1).rails([0, 2]),
        {"fouls": ["foul.illegal_break"], "points": [-2, 0], "chooser": 1,
         "options": ["accept_table", "rerack_offender_breaks"],
         "fouls_count": [0, 0]})
    add("s14_06_illegal_break_no_cue_rail", S14, ref(S14, "6"),
        Log(rack).stroke().hit(0, 1).rails([2, 3, 4]),
        {"fouls": ["foul.illegal_break"], "points": [-2, 0]})
    add("s14_06_illegal_break_rebreak", S14, ref(S14, "6"),
        Log(rack).stroke().hit(0, 1).rails([0, 2]),
        {"fouls": ["foul.illegal_break"], "scores": [-2, 0],
         "next": {"shooter": 0, "is_break": True, "ball_in_hand": "kitchen"}},
        choice="rerack_offender_breaks")
    add("s14_06_illegal_break_again_minus_two_more", S14, ref(S14, "6"),
        Log(rack).stroke().hit(0, 1).rails([0, 2]),
        {"fouls": ["foul.illegal_break"], "scores": [-4, 0], "fouls_count": [0, 0]},
        state={"scores": [-2, 0]})
    add("s14_06_illegal_break_accepted", S14, ref(S14, "6"),
        Log(rack).stroke().hit(0, 1).rails([0, 2]),
        {"fouls": ["foul.illegal_break"],
         "next": {"shooter": 1, "is_break": False, "ball_in_hand": "none"}},
        choice="accept_table")
    add("s14_06_illegal_break_and_scratch_one_penalty", S14, ref(S14, "6", "P13"),
        Log(rack).stroke().hit(0, 1).rails([2]).pot(0, "side_left"),
        {"fouls": ["foul.illegal_break", "foul.scratch"],
         "penalty": "foul.illegal_break", "points": [-2, 0], "fouls_count": [0, 0],
         "ball_in_hand": "kitchen", "notes": ["note.break_scratch"]})
    add("s14_06_scratch_on_legal_break_minus_one", S14, ref(S14, "6"),
        Log(rack).stroke().hit(0, 1).rails([0, 2, 3]).pot(0, "side_left"),
        {"fouls": ["foul.scratch"], "points": [-1, 0], "fouls_count": [1, 0],
         "ball_in_hand": "kitchen", "next_shooter": 1, "options": []})
    add("s14_06_cue_off_on_legal_break", S14, ref(S14, "6"),
        Log(rack).stroke().hit(0, 1).rails([0, 2, 3]).off(0),
        {"fouls": ["foul.cue_off_table"], "points": [-1, 0],
         "ball_in_hand": "kitchen"})
    add("s14_05_one_point_a_ball", S14, ref(S14, "5"),
        Log(spread(ALL15)).stroke().hit(0, 9).pot(9, "head_left"),
        {"fouls": [], "points": [1, 0], "scores": [8, 3]},
        state={**S, "scores": [7, 3]},
        decl={"called_ball": 9, "called_pocket": "head_left"})
    add("s14_07_1_any_ball_may_be_called", S14, ref(S14, "7.1"),
        Log(spread(ALL15)).stroke().hit(0, 15).pot(15, "head_left"),
        {"fouls": [], "points": [1, 0],
         "next": {"legal_first_contacts": [b for b in ALL15 if b != 15]}},
        state=S, decl={"called_ball": 15, "called_pocket": "head_left"})
    add("s14_07_1_extra_balls_score", S14, ref(S14, "7.1"),
        Log(spread(ALL15)).stroke().hit(0, 3).hit(3, 4).pot(3, "foot_left")
        .pot(4, "side_left").pot(9, "head_left"),
        {"fouls": [], "points": [3, 0], "scored": [3, 4, 9]}, state=S,
        decl={"called_ball": 3, "called_pocket": "foot_left"})
    add("s14_07_2_no_rail_foul", S14, ref(S14, "7.2"),
        Log(spread(ALL15)).stroke().hit(0, 3),
        {"fouls": ["foul.no_rail"], "points": [-1, 0], "ball_in_hand": "none",
         "refs": {"foul.no_rail": "14.1 7.2"},
         "next_shooter": 1}, state=S)
    near = spread(ALL15, at={3: (1.5, R + 0.02)})
    add("s14_07_2_near_rail_safety_first", S14, ref(S14, "7.2"),
        Log(near).stroke().hit(0, 3).rail(3, "right_foot"),
        {"fouls": [], "notes": ["note.near_rail_safety"], "next_shooter": 1},
        state=S, decl={"safety": True})
    add("s14_07_2_near_rail_safety_second", S14, ref(S14, "7.2"),
        Log(near).stroke().hit(0, 3).rail(3, "right_foot"),
        {"fouls": [], "notes": ["note.near_rail_safety"]},
        state={**S, "rail_safeties": [1, 0]}, decl={"safety": True})
    add("s14_07_2_near_rail_third_time_is_third_foul", S14, ref(S14, "7.2"),
        Log(near).stroke().hit(0, 3).rail(3, "right_foot"),
        {"fouls": ["foul.cushion_ball", "foul.third_foul"], "points": [-16, 0],
         "rerack": True, "next_shooter": 0,
         "next": {"is_break": True, "shooter": 0, "ball_in_hand": "kitchen"}},
        state={**S, "rail_safeties": [2, 0]}, decl={"safety": True})
    add("s14_07_2_after_a_foul_only_one", S14, ref(S14, "7.2"),
        Log(near).stroke().hit(0, 3).rail(3, "right_foot"),
        {"fouls": ["foul.cushion_ball", "foul.third_foul"], "points": [-16, 0]},
        state={**S, "rail_safeties": [1, 0], "fouls": [1, 0]})
    add("s14_07_2_after_a_foul_one_allowed", S14, ref(S14, "7.2"),
        Log(near).stroke().hit(0, 3).rail(3, "right_foot"),
        {"fouls": [], "notes": ["note.near_rail_safety", "note.fouls_cleared"],
         "fouls_count": [0, 0]}, state={**S, "fouls": [1, 0]})
    add("s14_07_2_after_two_fouls_frozen_at_once", S14, ref(S14, "7.2"),
        Log(near).stroke().hit(0, 3).rail(3, "right_foot"),
        {"fouls": ["foul.cushion_ball", "foul.third_foul"], "points": [-16, 0]},
        state={**S, "fouls": [2, 0]})
    add("s14_07_2_near_rail_ball_other_rail_is_plain_legal", S14, ref(S14, "7.2"),
        Log(near).stroke().hit(0, 3).rail(3, "foot"),
        {"fouls": [], "no_notes": ["note.near_rail_safety"]},
        state={**S, "rail_safeties": [2, 0]})
    add("s14_07_2_counted_frozen_nothing_to_a_rail_is_third_foul", S14,
        ref(S14, "7.2"),
        Log(near).stroke().hit(0, 3),
        {"fouls": ["foul.no_rail", "foul.cushion_ball", "foul.third_foul"],
         "penalty": "foul.third_foul", "points": [-16, 0], "rerack": True},
        state={**S, "rail_safeties": [2, 0]})
    add("s14_07_2_counted_frozen_cue_to_rail_is_legal", S14, ref(S14, "7.2"),
        Log(near).stroke().hit(0, 3).rail(3, "right_foot").rail(0, "left_foot"),
        {"fouls": [], "points": [0, 0], "next_shooter": 1,
         "no_notes": ["note.near_rail_safety"]},
        state={**S, "rail_safeties": [1, 0], "fouls": [1, 0]})
    add("s14_07_2_near_rail_safety_with_a_scratch_is_a_plain_foul", S14,
        ref(S14, "7.2"),
        Log(near).stroke().hit(0, 3).rail(3, "right_foot").pot(0, "foot_left"),
        {"fouls": ["foul.scratch"], "points": [-1, 0], "ball_in_hand": "kitchen",
         "no_notes": ["note.near_rail_safety"], "fouls_count": [1, 0]}, state=S)
    add("s14_24_scratch_and_no_rail_one_penalty", S14, ref(G, "24"),
        Log(spread(ALL15)).stroke().hit(0, 3).pot(0, "foot_left"),
        {"fouls": ["foul.no_rail", "foul.scratch"], "penalty": "foul.scratch",
         "points": [-1, 0], "fouls_count": [1, 0], "ball_in_hand": "kitchen",
         "next": {"shooter": 1, "ball_in_hand": "kitchen"}}, state=S)
    add("s14_07_4_safety_pots_spotted", S14, ref(S14, "7.4"),
        Log(spread(ALL15)).stroke().hit(0, 3).pot(3, "foot_left"),
        {"fouls": [], "points": [0, 0], "next_shooter": 1,
         "spots": [[3, FOOT[0], FOOT[1]]], "notes": ["note.safety"]},
        state=S, decl={"safety": True})
    add("s14_07_4_safety_clears_fouls", S14, ref(S14, "12"),
        Log(spread(ALL15)).stroke().hit(0, 3).rail(3, "foot"),
        {"fouls": [], "fouls_count": [0, 0], "notes": ["note.fouls_cleared"]},
        state={**S, "fouls": [2, 0]}, decl={"safety": True})
    t = spread(ALL15).to_dict()
    add("s14_07_5_intentional_foul_minus_sixteen", S14, ref(S14, "7.5"), None,
        {"fouls": ["foul.intentional"], "points": [-16, 0], "chooser": 1,
         "options": ["accept_from_kitchen", "rerack_offender_breaks"],
         "fouls_count": [1, 0]}, state={**S, "table": t}, call="foul.intentional")
    add("s14_07_5_intentional_accept_from_kitchen", S14, ref(S14, "7.5"), None,
        {"fouls": ["foul.intentional"],
         "next": {"shooter": 1, "ball_in_hand": "kitchen", "is_break": False}},
        state={**S, "table": t}, call="foul.intentional",
        choice="accept_from_kitchen")
    add("s14_07_5_intentional_rerack_offender_breaks", S14, ref(S14, "7.5"), None,
        {"fouls": ["foul.intentional"],
         "next": {"shooter": 0, "ball_in_hand": "kitchen", "is_break": True}},
        state={**S, "table": t}, call="foul.intentional",
        choice="rerack_offender_breaks")
    add("s14_07_5_intentional_counts_as_third", S14, ref(S14, "7.5", "P14"), None,
        {"fouls": ["foul.intentional", "foul.third_foul"], "points": [-16, 0],
         "rerack": True, "fouls_count": [0, 0],
         "next": {"shooter": 0, "is_break": True}},
        state={**S, "table": t, "fouls": [2, 0]}, call="foul.intentional")
    kit = spread([], cue=None, at={0: (1.5, 0.635), 4: (0.3, 0.3),
                                   7: (0.5, 0.9), 11: (0.2, 1.0)},
                 pocketed=tuple(b for b in ALL15 if b not in (4, 7, 11)))
    add("s14_07_7_all_balls_in_kitchen_option", S14, ref(S14, "7.7"),
        Log(kit).stroke().hit(0, 7).rail(7, "head").pot(0, "foot_left"),
        {"fouls": ["foul.scratch"], "ball_in_hand": "kitchen",
         "next": {"pending": ["spot_kitchen_ball", "keep_kitchen_balls"],
                  "chooser": 1}}, state=S)
    add("s14_07_7_nearest_ball_spotted", S14, ref(S14, "7.7"),
        Log(kit).stroke().hit(0, 7).rail(7, "head").pot(0, "foot_left"),
        {"fouls": ["foul.scratch"], "table": {"7": [FOOT[0], FOOT[1]]},
         "next": {"pending": [], "ball_in_hand": "kitchen"}},
        state=S, choice="spot_kitchen_ball")
    add("s14_07_7_decline", S14, ref(S14, "7.7"),
        Log(kit).stroke().hit(0, 7).rail(7, "head").pot(0, "foot_left"),
        {"fouls": ["foul.scratch"], "table": {"7": [0.5, 0.9]},
         "next": {"pending": []}}, state=S, choice="keep_kitchen_balls")
    tie = spread([], cue=None, at={0: (1.5, 0.635), 4: (0.3, 0.3),
                                   7: (0.5, 0.9), 11: (0.5, 0.3)},
                 pocketed=tuple(b for b in ALL15 if b not in (4, 7, 11)))
    add("s14_07_7_two_nearest_the_player_picks", S14, ref(S14, "7.7"),
        Log(tie).stroke().hit(0, 7).rail(7, "head").pot(0, "foot_left"),
        {"fouls": ["foul.scratch"], "table": {"11": [FOOT[0], FOOT[1]],
                                              "7": [0.5, 0.9]},
         "next": {"pending": [], "ball_in_hand": "kitchen", "shooter": 1}},
        state=S, choice={"choice": "spot_kitchen_ball", "ball": 11})
    # General rule 28 in 14.1: the game is made of racks, so a position that
    # cannot be restored abandons the rack; a new one is racked, the scores
    # stand and the right to break is decided anew (rule 6): a lag.
    add("s14_28_outside_interference_new_rack_score_kept", S14, ref(G, "28"),
        None,
        {"fouls": [], "points": [0, 0], "rerack": True, "scores": [37, 12],
         "game_over": False,
         "notes": ["note.interference_new_rack", "note.break_decided_anew"],
         "no_notes": ["note.outside_interference"],
         "table": {str(b): "on_table" for b in range(16)},
         "next": {"is_lag": True, "is_break": True, "ball_in_hand": "kitchen",
                  "pending": []}},
        state={**S, "scores": [37, 12], "breaker": 1,
               "table": spread(ALL15[:9], pocketed=tuple(ALL15[9:])).to_dict()},
        call="note.interference_not_restorable")
    add("s14_28_outside_interference_restored_play_on", S14, ref(G, "28"),
        None,
        {"fouls": [], "points": [0, 0], "replay": True, "rerack": False,
         "scores": [37, 12], "next_shooter": 0,
         "notes": ["note.outside_interference"],
         "next": {"is_lag": False, "shooter": 0, "ball_in_hand": "none"}},
        state={**S, "scores": [37, 12], "table": spread(ALL15).to_dict()},
        call="note.outside_interference")
    add("s14_09_jumped_ball_spotted_minus_one", S14, ref(S14, "9"),
        Log(spread(ALL15)).stroke().hit(0, 3).hit(3, 4).off(4),
        {"fouls": ["foul.ball_off_table"], "points": [-1, 0],
         "refs": {"foul.ball_off_table": "14.1 9"},
         "spots": [[4, FOOT[0], FOOT[1]]], "ball_in_hand": "none"}, state=S)
    add("s14_10_scratch_kitchen_in_hand", S14, ref(S14, "10"),
        Log(spread(ALL15)).stroke().hit(0, 3).rail(3, "foot").pot(0, "foot_left"),
        {"fouls": ["foul.scratch"], "points": [-1, 0], "ball_in_hand": "kitchen",
         "next": {"ball_in_hand": "kitchen", "shooter": 1}}, state=S)
    add("s14_11_foul_opponent_takes_table", S14, ref(S14, "11"),
        Log(spread(ALL15)).stroke().hit(0, 3),
        {"fouls": ["foul.no_rail"], "ball_in_hand": "none",
         "next": {"ball_in_hand": "none", "shooter": 1}}, state=S)
    add("s14_12_second_foul_noted", S14, ref(S14, "12"),
        Log(spread(ALL15)).stroke().hit(0, 3),
        {"fouls": ["foul.no_rail"], "points": [-1, 0], "fouls_count": [2, 0],
         "notes": ["note.two_fouls"]}, state={**S, "fouls": [1, 0]})
    add("s14_12_third_foul_minus_sixteen_rerack", S14, ref(S14, "12", "P6"),
        Log(spread(ALL15)).stroke().hit(0, 3),
        {"fouls": ["foul.no_rail", "foul.third_foul"],
         "penalty": "foul.third_foul", "points": [-16, 0], "scores": [-6, 3],
         "rerack": True, "fouls_count": [0, 0], "notes": ["note.rerack_15"],
         "next": {"shooter": 0, "is_break": True, "ball_in_hand": "kitchen"}},
        state={**S, "fouls": [2, 0], "scores": [10, 3]})
    add("s14_12_three_fouls_then_illegal_break", S14, ref(S14, "12"),
        Log(rack).stroke().hit(0, 1),
        {"fouls": ["foul.illegal_break"], "points": [-2, 0], "fouls_count": [0, 0]},
        state={"scores": [-6, 3], "break_rerack": True})
    add("s14_12_legal_pot_clears_fouls", S14, ref(S14, "12"),
        Log(spread(ALL15)).stroke().hit(0, 3).pot(3, "foot_left"),
        {"fouls": [], "fouls_count": [0, 2], "notes": ["note.fouls_cleared"]},
        state={**S, "fouls": [2, 2]},
        decl={"called_ball": 3, "called_pocket": "foot_left"})
    add("s14_12_opponent_count_unchanged_by_my_foul", S14, ref(S14, "12"),
        Log(spread(ALL15)).stroke().hit(0, 3),
        {"fouls": ["foul.no_rail"], "fouls_count": [1, 2]},
        state={**S, "fouls": [0, 2]})
    add("s14_13_negative_score", S14, ref(S14, "13"),
        Log(spread(ALL15)).stroke().hit(0, 3),
        {"fouls": ["foul.no_rail"], "scores": [-1, 0]}, state=S)
    add("s14_13_called_ball_on_foul_spotted", S14, ref(S14, "13"),
        Log(spread(ALL15)).stroke().hit(0, 3).pot(3, "foot_left")
        .pot(0, "side_right"),
        {"fouls": ["foul.scratch"], "points": [-1, 0], "scored": [],
         "spots": [[3, FOOT[0], FOOT[1]]]}, state={**S, "scores": [5, 0]},
        decl={"called_ball": 3, "called_pocket": "foot_left"})
    rerack_cases()


def rerack_cases() -> None:
    """14.1 7.3 and the table of 7.6: the 14th ball down, where the 15th ball
    and the cue ball are decides where they go."""
    from rules.general import rack_slots
    from simulator.table.specs import table_by_name

    slots = rack_slots(table_by_name("pool_9ft"))
    in_rack = slots[7]  # a slot of the 14-ball rack
    down = tuple(b for b in ALL15 if b not in (14, 15))
    kitchen_ball = (0.3, 0.3)
    other_ball = (1.3, 0.3)
    other_cue = (1.2, 1.0)
    near_head = (HEAD[0] + 0.02, HEAD[1])
    cells = [
        # name, 15th place (None: pocketed with the 14th), cue, 15th to, cue to
        ("rack_rack", in_rack, slots[12], FOOT, "kitchen"),
        ("rack_other", in_rack, other_cue, HEAD, other_cue),
        ("rack_headspot", in_rack, near_head, CENTRE, near_head),
        ("pocket_rack", None, slots[12], FOOT, "kitchen"),
        ("pocket_other", None, other_cue, FOOT, other_cue),
        ("pocket_headspot", None, near_head, FOOT, near_head),
        ("kitchen_rack", kitchen_ball, slots[12], FOOT, HEAD),
        ("other_rack", other_ball, slots[12], other_ball, "kitchen"),
        ("headspot_rack", near_head, slots[12], near_head, CENTRE),
        ("kitchen_other_shaded", kitchen_ball, other_cue, kitchen_ball, other_cue),
        ("other_other_shaded", other_ball, other_cue, other_ball, other_cue),
        ("headspot_other_shaded", near_head, other_cue, near_head, other_cue),
        ("kitchen_headspot_shaded", kitchen_ball, near_head, kitchen_ball,
         near_head),
        ("other_headspot_shaded", other_ball, near_head, other_ball, near_head),
    ]
    at3: dict[int, tuple[float, float]] = {0: (1.6, 0.9), 14: (2.3, 1.1),
                                           15: (1.3, 0.3)}
    add("s14_07_3_after_rerack_any_ball_may_be_played", S14, ref(S14, "7.3"),
        Log(layout(at3, down)).stroke().hit(0, 14).pot(14, "foot_left"),
        {"fouls": [], "rerack": True, "next_shooter": 0,
         "next": {"legal_first_contacts": ALL15, "call_needed": True}},
        state=PLAY, decl={"called_ball": 14, "called_pocket": "foot_left"})
    for name, p15, cue, to15, cue_to in cells:
        at: dict[int, tuple[float, float]] = {0: (1.6, 0.9), 14: (2.3, 1.1)}
        at[15] = p15 if p15 is not None else (2.3, 0.2)
        t = layout(at, down)
        lg = Log(t).stroke().hit(0, 14).pot(14, "foot_left")
        if p15 is None:
            lg.hit(14, 15).pot(15, "foot_right")
        lg.move(0, *cue)
        expect: dict[str, Any] = {
            "fouls": [], "rerack": True, "next_shooter": 0,
            "points": [2 if p15 is None else 1, 0],
            "notes": ["note.rerack_14"],
            "table": {"15": [to15[0], to15[1]]},
            "ball_in_hand": "kitchen" if cue_to == "kitchen" else "none",
        }
        if cue_to != "kitchen":
            expect["table"]["0"] = [cue_to[0], cue_to[1]]  # type: ignore[index]
        # 14 balls racked with the apex free (unless the 15th went there)
        expect["table"]["1"] = "on_table"
        add(f"s14_07_6_rerack_{name}", S14, ref(S14, "7.6"), lg, expect,
            state={**PLAY, "scores": [20, 0]},
            decl={"called_ball": 14, "called_pocket": "foot_left"})


def main() -> None:
    general_cases()
    lag_cases()
    eight_cases()
    nine_cases()
    straight_cases()
    names = [c["name"] for c in CASES]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        raise SystemExit(f"duplicate case names: {sorted(dup)}")


def write() -> int:
    main()
    OUT.mkdir(exist_ok=True)
    for old in OUT.glob("*.json"):
        old.unlink()
    for c in CASES:
        (OUT / f"{c['name']}.json").write_text(
            json.dumps(c, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return len(CASES)


_ = (W,)

if __name__ == "__main__":
    print(write(), "cases written to", OUT)
