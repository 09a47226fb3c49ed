"""The scenario library and the foul gallery as situations to search strokes
for (tests/practice/author.py). Run: python -m tests.practice.catalogue [ids]"""

from __future__ import annotations

import copy
import itertools
import sys
from collections.abc import Callable, Iterator
from typing import Any

from tests.practice.author import (
    POOL,
    PYR,
    Cand,
    base,
    breaks,
    fan,
    main,
    positions,
    pot,
    rack_eight,
    rack_nine,
    rack_state,
    rack_straight,
    situation,
    xy,
)

R = POOL.balls.radius
D = 2 * R
RP = PYR.balls.radius
DP = 2 * RP
L, W = POOL.length, POOL.width
LP, WP = PYR.length, PYR.width
Gen = Callable[[], Iterator[Cand]]
GALLERY: list[tuple[dict[str, Any], Gen]] = []

STRAIGHT = (0.0,)
SPINS_FOLLOW = ((0.0, 0.5), (0.0, 0.3), (0.0, 0.6))
SPINS_ANY = ((0.0, 0.0), (0.0, 0.4), (0.0, -0.4))
KITCHEN_CUES = [(0.5, y) for y in (0.635, 0.5, 0.8, 0.35, 0.95, 0.2, 1.07)]


def many(*gens: Gen) -> Gen:
    return lambda: itertools.chain(*(g() for g in gens))


def fan_one(v: float) -> dict[str, float]:
    """A straight stroke along +x at cue-ball speed v."""
    from tests.practice.author import stroke

    return stroke(POOL, 0.0, v)


def gallery(spec: dict[str, Any], gen: Gen, gid: str, foul: str, pause: str,
            balls: list[int], cushions: list[str], order: int,
            title: tuple[str, str] | None = None,
            explanation: tuple[str, str] | None = None) -> None:
    g = copy.deepcopy(spec)
    g["id"] = gid
    g["tags"] = [*g["tags"], "gallery"]
    if title:
        g["title"] = {"en": title[0], "ru": title[1]}
    if explanation:  # shorter, to be read whole beside a side view at 800x500
        g["explanation"] = {"en": explanation[0], "ru": explanation[1]}
    g.pop("choice", None)
    g["gallery"] = {"foul": foul, "pause": pause, "balls": balls,
                    "cushions": cushions, "order": order}
    GALLERY.append((g, gen))


def q(en: str, ru: str, asks: list[str]) -> dict[str, Any]:
    return {"en": en, "ru": ru, "asks": asks}


Q_ALL = q("Was it a foul, and what happens next?",
          "Был ли фол и что происходит дальше?",
          ["foul", "rule", "next_shooter", "ball_in_hand", "options"])
Q_BASIC = q("Foul or not? Who shoots next, and from where?",
            "Фол или нет? Кто бьёт следующим и откуда?",
            ["foul", "rule", "next_shooter", "ball_in_hand"])


def add(spec: dict[str, Any], gen: Gen) -> dict[str, Any]:
    spec.setdefault("question", Q_BASIC)
    situation(spec, gen)
    return spec


# ===========================================================================
# 8-ball

def eight_rack(seed: int) -> dict[str, list[float]]:
    return positions(rack_eight("pool_9ft", seed))


def rack_breaks(rack_fn: Callable[[int], dict[str, list[float]]], seeds: range,
                cues: list[tuple[float, float]], speeds: tuple[float, ...],
                spins: tuple[tuple[float, float], ...] = ((0.0, 0.0),),
                spread: tuple[float, ...] = (0.0, 0.3, -0.3, 0.6, -0.6)) -> Gen:
    def gen() -> Iterator[Cand]:
        for s in seeds:
            rack = rack_fn(s)
            for patch, st in breaks(POOL, rack, cues, speeds, spins, spread):
                yield {**rack, **patch}, st
    return gen


BREAK8 = {"is_break": True, "ball_in_hand": "kitchen"}

e8_eight_break = add(base(
    "8ball-eight-on-break", "8-ball",
    ("The 8 goes down on the break", "Восьмёрка забита с разбоя"),
    ("A legal break that pockets the 8 is no loss: the breaker chooses to "
     "re-rack and break again or to have the 8 spotted and play on.",
     "Правильный разбой с забитой восьмёркой — не проигрыш: разбивавший "
     "выбирает, перебить заново или выставить восьмёрку и продолжить."),
    ("8-ball", "5"), eight_rack(0), BREAK8,
    {"fouls": [], "notes": ["note.eight_on_break"], "options": ["re_break",
     "spot_eight"], "chooser": 0, "next_shooter": 0, "pocketed": [8]},
    question=Q_ALL, choice={"choice": "spot_eight",
                            "expect": {"shooter": 0, "is_break": False}}),
    rack_breaks(eight_rack, range(0, 40), KITCHEN_CUES, (9.0, 8.0, 10.0, 7.0),
                ((0.0, 0.0), (0.0, -0.3))))

add(base(
    "8ball-break-continue", "8-ball",
    ("A ball down on the break", "Шар забит с разбоя"),
    ("The break is legal and an object ball dropped: the breaker keeps the "
     "table, and the table stays open.",
     "Разбой правильный, забит прицельный шар: разбивавший продолжает, стол "
     "остаётся открытым."),
    ("8-ball", "5"), eight_rack(1), BREAK8,
    {"fouls": [], "notes": ["note.break_legal", "note.continues"],
     "no_notes": ["note.eight_on_break"], "next_shooter": 0,
     "ball_in_hand": "none", "groups": ["open", "open"]}),
    rack_breaks(eight_rack, range(1, 6), KITCHEN_CUES, (8.0, 9.0)))

e8_illegal_break = add(base(
    "8ball-break-illegal", "8-ball",
    ("A soft break", "Слабый разбой"),
    ("Nothing was pocketed and fewer than four object balls reached a cushion: "
     "an illegal break. The opponent accepts the table, re-racks and breaks, "
     "or has the offender break again.",
     "Ничего не забито и меньше четырёх прицельных шаров коснулись борта: "
     "неправильный разбой. Соперник принимает стол, перебивает сам или "
     "заставляет нарушителя перебить."),
    ("8-ball", "5"), eight_rack(2), BREAK8,
    {"fouls": ["foul.illegal_break"], "options": ["accept_table", "rerack_break",
     "rerack_offender_breaks"], "chooser": 1, "next_shooter": 1},
    question=Q_ALL, choice={"choice": "rerack_offender_breaks",
                            "expect": {"shooter": 0, "is_break": True}}),
    rack_breaks(eight_rack, range(2, 5), KITCHEN_CUES[:3], (1.2, 1.6, 2.0)))

add(base(
    "8ball-break-scratch", "8-ball",
    ("Scratch on a legal break", "Биток в лузе после правильного разбоя"),
    ("The break was legal but the cue ball dropped: a foul. Balls pocketed "
     "stay down, the table is open and the opponent has the cue ball in hand "
     "behind the head string.",
     "Разбой правильный, но биток упал в лузу: фол. Забитые шары остаются в "
     "лузах, стол открыт, соперник получает биток в руку за линией дома."),
    ("8-ball", "5"), eight_rack(3), BREAK8,
    {"fouls": ["foul.scratch"], "next_shooter": 1, "ball_in_hand": "kitchen",
     "no_notes": ["note.eight_on_break"]}),
    rack_breaks(eight_rack, range(3, 12), KITCHEN_CUES, (9.0, 7.0, 10.0),
                ((0.0, 0.0), (0.0, 0.3), (0.0, -0.3), (0.3, 0.0)),
                (0.0, 0.5, -0.5, 1.0, -1.0, 1.5, -1.5)))

OPEN_POS = {"0": [0.8, 0.5], "8": [1.6, 0.5], "3": [2.0, 0.95],
            "12": [0.9, 1.0], "6": [1.3, 1.1], "14": [2.2, 0.25]}
add(base(
    "8ball-open-table-eight-first", "8-ball",
    ("Open table: the 8 hit first", "Открытый стол: первым задета восьмёрка"),
    ("On an open table any ball may be hit first, but when the 8 is hit first "
     "nothing pocketed counts for the shooter: the turn ends and the table "
     "stays open for the opponent. The rule names no foul for it, so the "
     "opponent plays the cue ball where it lies.",
     "При открытом столе первым можно задеть любой шар, но если первой задета "
     "восьмёрка, забитые шары игроку не засчитываются: серия заканчивается, и "
     "для соперника стол остаётся открытым. Фола правило здесь не называет, "
     "поэтому соперник играет битком с того места, где он остановился."),
    ("8-ball", "6"), OPEN_POS, {"groups": ["open", "open"]},
    {"fouls": [], "notes": ["note.eight_first_open"], "next_shooter": 1,
     "ball_in_hand": "none"}),
    lambda: fan(POOL, (0.8, 0.5), (1.6, 0.5), (1.2, 0.8, 1.6)))

e8_eight_first = add(base(
    "8ball-eight-first-with-group", "8-ball",
    ("Groups chosen: the 8 hit first", "Группы выбраны: первой задета восьмёрка"),
    ("With solids still on the table, the 8 is not a legal first ball: a foul, "
     "ball in hand anywhere for the opponent.",
     "Пока на столе есть шары своей группы, восьмёрка не может быть первым "
     "шаром: фол, соперник получает биток в руку в любое место."),
    ("8-ball", "8"), OPEN_POS, {"groups": ["solids", "stripes"]},
    {"fouls": ["foul.bad_hit"], "next_shooter": 1, "ball_in_hand": "anywhere"}),
    lambda: fan(POOL, (0.8, 0.5), (1.6, 0.5), (1.2, 0.8, 1.6)))
gallery(e8_eight_first, lambda: fan(POOL, (0.8, 0.5), (1.6, 0.5), (1.2, 0.8)),
        "gallery-eight-first-with-group", "foul.bad_hit", "ball_ball", [0, 8], [],
        3, ("Bad hit: the 8 before the group",
            "Неправильное касание: восьмёрка раньше своих шаров"))

GROUP_POS = {"0": [1.6, 0.7], "11": [2.2, 1.0], "3": [1.0, 0.3], "8": [1.3, 0.9],
             "5": [0.6, 0.9], "13": [2.0, 0.25]}
add(base(
    "8ball-group-chosen", "8-ball",
    ("Open table: a called stripe", "Открытый стол: заказан полосатый"),
    ("On an open table a called ball pocketed as called chooses the group: "
     "the shooter has the stripes and continues.",
     "При открытом столе заказанный и забитый как заказано шар определяет "
     "группу: игрок получает полосатые и продолжает."),
    ("8-ball", "7"), GROUP_POS, {"groups": ["open", "open"]},
    {"fouls": [], "notes": ["note.group_chosen"], "scored": [11],
     "groups": ["stripes", "solids"], "next_shooter": 0},
    declarations={"called_ball": 11, "called_pocket": "foot_left"}),
    lambda: pot(POOL, (1.6, 0.7), (2.2, 1.0), "foot_left", (1.5, 2.0, 1.2)))

POT_POS = {"0": [1.1, 0.7], "3": [1.3, 1.1], "8": [2.0, 0.4], "10": [0.6, 0.3],
           "12": [1.8, 0.9], "6": [2.3, 0.7]}
add(base(
    "8ball-called-pot", "8-ball",
    ("A called ball in the called pocket", "Заказанный шар в заказанную лузу"),
    ("The shooter called the 3 in the left side pocket and made it: the ball "
     "counts and the shooter continues.",
     "Игрок заказал тройку в левую среднюю лузу и забил её: шар засчитан, "
     "игрок продолжает."),
    ("8-ball", "2"), POT_POS, {"groups": ["solids", "stripes"]},
    {"fouls": [], "scored": [3], "notes": ["note.scored"], "next_shooter": 0},
    declarations={"called_ball": 3, "called_pocket": "side_left"}),
    lambda: pot(POOL, (1.1, 0.7), (1.3, 1.1), "side_left", (1.2, 1.6, 0.9)))

FOLLOW_POS = {"0": [1.9, 0.62], "3": [2.3, 1.02], "8": [1.2, 0.3], "12": [0.8, 0.9],
              "14": [1.5, 1.05]}
e8_scratch = add(base(
    "8ball-scratch-after-pot", "8-ball",
    ("The cue ball follows the 3 in", "Биток уходит в лузу вслед за тройкой"),
    ("The 3 drops, but the cue ball follows it into the pocket: a scratch. "
     "The 3 stays down, the turn passes, ball in hand anywhere.",
     "Тройка забита, но биток ушёл в лузу следом: фол. Тройка остаётся в "
     "лузе, ход переходит, соперник получает биток в руку в любое место."),
    ("general", "18"), FOLLOW_POS, {"groups": ["solids", "stripes"]},
    {"fouls": ["foul.scratch"], "next_shooter": 1, "ball_in_hand": "anywhere",
     "pocketed": [0, 3]},
    declarations={"called_ball": 3, "called_pocket": "foot_left"}),
    lambda: pot(POOL, (1.9, 0.62), (2.3, 1.02), "foot_left", (1.2, 1.6, 2.0),
                SPINS_FOLLOW, (0.0, 0.1, -0.1, 0.2, -0.2)))
gallery(e8_scratch, lambda: pot(POOL, (1.9, 0.62), (2.3, 1.02), "foot_left",
                                (1.2, 1.6, 2.0), SPINS_FOLLOW,
                                (0.0, 0.1, -0.1, 0.2, -0.2)),
        "gallery-scratch", "foul.scratch", "pocketed", [0], [], 1,
        ("Scratch", "Биток в лузе"))

NORAIL_POS = {"0": [1.0, 0.6], "3": [1.4, 0.6], "8": [2.0, 1.0], "11": [0.6, 1.0],
              "13": [2.1, 0.2]}
e8_norail = add(base(
    "8ball-no-rail", "8-ball",
    ("A touch and nothing more", "Касание — и всё"),
    ("After the cue ball touched the 3 no ball was pocketed and no ball "
     "reached a cushion: a foul, ball in hand anywhere.",
     "После касания тройки ни один шар не забит и ни один не коснулся борта: "
     "фол, биток в руку в любое место."),
    ("8-ball", "8"), NORAIL_POS, {"groups": ["solids", "stripes"]},
    {"fouls": ["foul.no_rail"], "next_shooter": 1, "ball_in_hand": "anywhere"}),
    lambda: fan(POOL, (1.0, 0.6), (1.4, 0.6), (0.35, 0.3, 0.4, 0.45)))
gallery(e8_norail, lambda: fan(POOL, (1.0, 0.6), (1.4, 0.6), (0.35, 0.3, 0.4)),
        "gallery-no-rail", "foul.no_rail", "rest", [0, 3], [], 4,
        ("No rail after contact", "Нет борта после касания"))

EIGHT_POS = {"0": [1.8, 0.7], "8": [2.3, 1.07], "10": [1.0, 0.3], "12": [1.5, 0.2],
             "15": [0.7, 1.0]}
add(base(
    "8ball-eight-win", "8-ball",
    ("The 8 as called", "Восьмёрка как заказано"),
    ("The shooter's group is cleared; the 8 called in the left foot pocket "
     "drops there: the game is won.",
     "Своя группа сыграна; восьмёрка, заказанная в левую дальнюю лузу, "
     "забита туда: партия выиграна."),
    ("8-ball", "1"), EIGHT_POS, {"groups": ["solids", "stripes"]},
    {"fouls": [], "notes": ["note.win_eight"], "game_over": True, "winner": 0},
    declarations={"called_ball": 8, "called_pocket": "foot_left"}),
    lambda: pot(POOL, (1.8, 0.7), (2.3, 1.07), "foot_left", (1.2, 1.6, 0.9),
                ((0.0, -0.3), (0.0, 0.0), (0.0, -0.5))))

e8_wrong_pocket = add(base(
    "8ball-eight-wrong-pocket", "8-ball",
    ("The 8 in a pocket that was not called", "Восьмёрка не в ту лузу"),
    ("The 8 was called in the right foot pocket but dropped in the left one: "
     "the game is lost.",
     "Восьмёрка заказана в правую дальнюю лузу, а упала в левую: партия "
     "проиграна."),
    ("8-ball", "15"), EIGHT_POS, {"groups": ["solids", "stripes"]},
    {"fouls": ["loss.eight_wrong_pocket"], "game_over": True, "winner": 1},
    declarations={"called_ball": 8, "called_pocket": "foot_right"}),
    lambda: pot(POOL, (1.8, 0.7), (2.3, 1.07), "foot_left", (1.2, 1.6, 0.9),
                ((0.0, -0.3), (0.0, 0.0), (0.0, -0.5))))
gallery(e8_wrong_pocket, lambda: pot(POOL, (1.8, 0.7), (2.3, 1.07), "foot_left",
                                     (1.2, 1.6), ((0.0, -0.3), (0.0, 0.0))),
        "gallery-eight-wrong-pocket", "loss.eight_wrong_pocket", "pocketed", [8],
        [], 7, ("The 8 in an uncalled pocket", "Восьмёрка в незаказанную лузу"))

# Combination: the 3 knocks the 8 into the left foot pocket.
_u = (0.7071, 0.7071)
_e8 = (L - 0.2 * _u[0] - 0.04, W - 0.2 * _u[1] - 0.04)
_e3 = (_e8[0] - (D + 0.03) * _u[0], _e8[1] - (D + 0.03) * _u[1])
_ec = (_e3[0] - 0.5 * _u[0], _e3[1] - 0.5 * _u[1])
EARLY_POS = {"0": xy(_ec), "3": xy(_e3), "8": xy(_e8), "5": [1.0, 0.3],
             "12": [0.7, 1.0], "14": [1.4, 0.2]}
e8_early = add(base(
    "8ball-eight-early", "8-ball",
    ("The 8 goes in too early", "Восьмёрка забита раньше времени"),
    ("The 3 was hit first, legally, but it knocked the 8 in while solids were "
     "still on the table: the game is lost.",
     "Первой задета тройка, правильно, но она загнала восьмёрку, пока на "
     "столе оставались свои шары: партия проиграна."),
    ("8-ball", "15"), EARLY_POS, {"groups": ["solids", "stripes"]},
    {"fouls": ["loss.eight_early"], "game_over": True, "winner": 1},
    declarations={"called_ball": 3, "called_pocket": "foot_left"}),
    lambda: pot(POOL, _ec, _e3, "foot_left", (1.5, 2.0, 1.2, 2.5)))
gallery(e8_early, lambda: pot(POOL, _ec, _e3, "foot_left", (1.5, 2.0, 1.2, 2.5)),
        "gallery-eight-early", "loss.eight_early", "pocketed", [3, 8], [], 14,
        ("The 8 before the group is cleared",
         "Восьмёрка до того, как сыграна группа"))

FOLLOW8_POS = {"0": [1.9, 0.62], "8": [2.3, 1.02], "10": [1.2, 0.3],
               "12": [0.8, 0.9]}
e8_eight_scratch = add(base(
    "8ball-eight-and-scratch", "8-ball",
    ("The 8 and the cue ball", "Восьмёрка и биток"),
    ("The 8 dropped as called, but the cue ball followed it: a scratch is a "
     "foul (general rule 18), and a foul on the shot that pockets the 8 loses "
     "the game (8-ball rule 15).",
     "Восьмёрка забита как заказано, но биток ушёл следом: падение битка в "
     "лузу — фол (общие правила, п.\u00a018), а фол при забитой восьмёрке — "
     "проигрыш партии («Восьмёрка», п.\u00a015)."),
    ("8-ball", "15"), FOLLOW8_POS, {"groups": ["solids", "stripes"]},
    {"fouls": ["foul.scratch", "loss.eight_on_foul"], "game_over": True,
     "winner": 1},
    declarations={"called_ball": 8, "called_pocket": "foot_left"}),
    lambda: pot(POOL, (1.9, 0.62), (2.3, 1.02), "foot_left", (1.2, 1.6, 2.0),
                SPINS_FOLLOW, (0.0, 0.1, -0.1, 0.2, -0.2)))
gallery(e8_eight_scratch, lambda: pot(POOL, (1.9, 0.62), (2.3, 1.02), "foot_left",
                                      (1.2, 1.6, 2.0), SPINS_FOLLOW,
                                      (0.0, 0.1, -0.1, 0.2, -0.2)),
        "gallery-eight-and-scratch", "loss.eight_on_foul", "pocketed", [0, 8], [],
        15, ("The 8 with a scratch", "Восьмёрка с фолом"))

KITCHEN_POS = {"0": [0.3, 0.4], "5": [0.5, 0.9], "12": [1.6, 0.95],
               "8": [2.0, 0.3], "2": [1.2, 0.2], "10": [2.2, 1.1]}
KSTATE = {"ball_in_hand": "kitchen", "groups": ["open", "open"]}
e8_kitchen = add(base(
    "8ball-kitchen-direct", "8-ball",
    ("From the kitchen at a ball in the kitchen", "Из дома по шару в доме"),
    ("With the cue ball in hand behind the head string, a ball behind the "
     "string may not be hit directly: a foul, ball in hand anywhere.",
     "С битком в руке за линией дома нельзя прямо бить по шару, лежащему в "
     "доме: фол, биток в руку в любое место."),
    ("general", "7"), KITCHEN_POS, KSTATE,
    {"fouls": ["foul.kitchen_direct"], "next_shooter": 1,
     "ball_in_hand": "anywhere"}),
    lambda: fan(POOL, (0.3, 0.4), (0.5, 0.9), (1.0, 1.4, 0.8)))
gallery(e8_kitchen, lambda: fan(POOL, (0.3, 0.4), (0.5, 0.9), (1.0, 1.4)),
        "gallery-kitchen-direct", "foul.kitchen_direct", "ball_ball", [0, 5],
        [], 6, ("From the kitchen at a ball in the kitchen",
                "Из дома по шару в доме"))

add(base(
    "8ball-kitchen-by-the-foot-rail", "8-ball",
    ("From the kitchen, off the foot cushion", "Из дома через дальний борт"),
    ("The cue ball leaves the kitchen, comes back off the foot cushion and "
     "then hits the 5: legal, the ball in the kitchen may be played that way.",
     "Биток выходит из дома, возвращается от дальнего борта и только потом "
     "касается пятёрки: так играть шар в доме можно."),
    ("general", "7"), KITCHEN_POS, KSTATE,
    {"fouls": [], "no_notes": ["note.scored"], "ball_in_hand": "none"}),
    lambda: fan(POOL, (0.3, 0.4), (2 * (L - R) - 0.5, 0.9), (2.5, 3.0, 3.5),
                spread=tuple(x / 4 for x in range(-16, 17))))

FROZEN_POS = {"0": [1.6, 0.45], "3": [1.6, R], "8": [2.1, 0.9], "12": [0.8, 1.0],
              "14": [1.2, 0.7]}
e8_frozen = add(base(
    "8ball-frozen-cushion-foul", "8-ball",
    ("A ball frozen to the cushion", "Шар вплотную к борту"),
    ("The 3 lies against the cushion. Driving it into that cushion does not "
     "count: after contact no ball went to another cushion and nothing was "
     "pocketed, so it is a foul.",
     "Тройка стоит вплотную к борту. Удар в этот же борт не считается: после "
     "касания ни один шар не коснулся другого борта и ничего не забито — фол."),
    ("general", "31"), FROZEN_POS, {"groups": ["solids", "stripes"]},
    {"fouls": ["foul.cushion_ball"], "next_shooter": 1,
     "ball_in_hand": "anywhere"}),
    lambda: fan(POOL, (1.6, 0.45), (1.6, R), (0.5, 0.4, 0.6, 0.7, 0.3),
                SPINS_ANY, (0.0, 0.5, -0.5, 1.0, -1.0)))
gallery(e8_frozen, lambda: fan(POOL, (1.6, 0.45), (1.6, R), (0.5, 0.4, 0.6, 0.7),
                               SPINS_ANY, (0.0, 0.5, -0.5, 1.0, -1.0)),
        "gallery-frozen-cushion", "foul.cushion_ball", "rest", [3],
        ["right_foot"], 5, ("A frozen ball not driven to a rail",
                            "Шар у борта не доведён до другого борта"))

add(base(
    "8ball-frozen-cushion-legal", "8-ball",
    ("A frozen ball played properly", "Шар у борта сыгран правильно"),
    ("The 3 lies against the cushion; with draw the cue ball comes back to the "
     "far cushion after the contact, so the shot is legal.",
     "Тройка стоит вплотную к борту; после касания биток с оттяжкой доходит "
     "до противоположного борта, значит удар правильный."),
    ("general", "31"), FROZEN_POS, {"groups": ["solids", "stripes"]},
    {"fouls": [], "next_shooter": 1, "ball_in_hand": "none"}),
    lambda: fan(POOL, (1.6, 0.45), (1.6, R), (2.0, 2.5, 3.0),
                ((0.0, -0.5), (0.0, -0.3)), (0.0, 0.5, -0.5)))

# ===========================================================================
# 9-ball


def nine_rack(seed: int) -> dict[str, list[float]]:
    return positions(rack_nine("pool_9ft", seed))


add(base(
    "9ball-break-pot", "9-ball",
    ("A ball down on the break", "Шар забит с разбоя"),
    ("The break hit the 1 first and pocketed a ball: the breaker continues, "
     "and the next shot may be a push-out.",
     "Разбой пришёлся в единицу, шар забит: разбивавший продолжает, следующий "
     "удар может быть пуш-аутом."),
    ("9-ball", "3"), nine_rack(0), BREAK8,
    {"fouls": [], "notes": ["note.break_legal", "note.scored"],
     "next_shooter": 0}),
    lambda: (c for s in range(0, 6) for c in
             ((({**nine_rack(s), **p}), st) for p, st in
              breaks(POOL, nine_rack(s), KITCHEN_CUES, (8.0, 9.0))))
    )

_n9_cue = (0.55, 0.15)
n9_break_wrong = add(base(
    "9ball-break-not-one", "9-ball",
    ("The break misses the 1", "Разбой не в единицу"),
    ("On the break the cue ball must hit the 1 first. It hit another ball "
     "first: a foul, ball in hand anywhere.",
     "На разбое биток должен первым коснуться единицы. Первым задет другой "
     "шар: фол, биток в руку в любое место."),
    ("9-ball", "3"), {**nine_rack(0), "0": xy(_n9_cue)}, BREAK8,
    {"fouls": ["foul.bad_hit"], "next_shooter": 1, "ball_in_hand": "anywhere"}),
    lambda: fan(POOL, _n9_cue, (1.905 + 0.0495, 0.635 - 0.0286 - 0.045),
                (8.0, 7.0, 9.0), spread=tuple(x / 5 for x in range(-15, 16))))
gallery(n9_break_wrong, lambda: fan(POOL, _n9_cue,
                                    (1.905 + 0.0495, 0.635 - 0.0286 - 0.045),
                                    (8.0, 7.0), spread=tuple(x / 5 for x in
                                                             range(-15, 16))),
        "gallery-nine-break-not-one", "foul.bad_hit", "ball_ball", [0], [], 13,
        ("Break: the 1 not hit first", "Разбой: единица не первой"))

PUSH_POS = {"0": [0.8, 0.9], "1": [1.7, 0.3], "2": [2.1, 0.9], "4": [1.4, 0.65],
            "5": [1.2, 1.0], "9": [2.3, 0.4]}
add(base(
    "9ball-push-out-hand-back", "9-ball",
    ("A push-out, handed back", "Пуш-аут, возвращённый сопернику"),
    ("Right after the break the shooter declared a push-out and rolled the cue "
     "ball to a new place: a push-out needs no contact and no cushion, so it is "
     "no foul. The turn passes to the opponent, who chooses: take the shot from "
     "here or hand it back. Here the opponent hands it back, so the player who "
     "pushed out shoots again from where the cue ball stopped.",
     "Сразу после разбития игрок объявил пуш-аут и откатил биток: при пуш-ауте "
     "касание и борт не нужны, поэтому это не фол. Ход переходит к сопернику, и "
     "он выбирает: бить с этой позиции или уступить удар. Здесь соперник "
     "уступает удар, и сыгравший пуш-аут бьёт снова с того места, где "
     "остановился биток."),
    ("9-ball", "5"), PUSH_POS, {"push_out_allowed": True},
    {"fouls": [], "notes": ["note.push_out"], "options": ["take_push_out",
     "hand_back_push_out"], "chooser": 1, "next_shooter": 1},
    declarations={"push_out": True}, question=Q_ALL,
    choice={"choice": "hand_back_push_out", "expect": {"shooter": 0}}),
    lambda: fan(POOL, (0.8, 0.9), (1.0, 1.1), (0.5, 0.6, 0.4)))

add(base(
    "9ball-push-out-taken", "9-ball",
    ("A push-out, taken", "Пуш-аут принят"),
    ("A push-out may touch any ball, or none. The opponent takes the position "
     "and shoots from where the balls stopped.",
     "При пуш-ауте можно коснуться любого шара или ни одного. Соперник "
     "принимает позицию и бьёт с того места, где остановились шары."),
    ("9-ball", "5"), PUSH_POS, {"push_out_allowed": True},
    {"fouls": [], "notes": ["note.push_out"], "options": ["take_push_out",
     "hand_back_push_out"], "chooser": 1, "next_shooter": 1},
    declarations={"push_out": True}, question=Q_ALL,
    choice={"choice": "take_push_out", "expect": {"shooter": 1}}),
    lambda: fan(POOL, (0.8, 0.9), (1.2, 1.0), (0.4, 0.5, 0.3)))

add(base(
    "9ball-push-out-not-allowed", "9-ball",
    ("A push-out that is not allowed", "Пуш-аут, которого не может быть"),
    ("A push-out is allowed only on the shot right after the break. Later the "
     "declaration is ignored: the cue ball touched nothing, a foul.",
     "Пуш-аут разрешён только сразу после разбоя. Позже объявление не "
     "действует: биток ничего не коснулся — фол."),
    ("9-ball", "5"), PUSH_POS, {"push_out_allowed": False},
    {"fouls": ["foul.bad_hit"], "notes": ["note.push_out_ignored"],
     "next_shooter": 1, "ball_in_hand": "anywhere"},
    declarations={"push_out": True}),
    lambda: fan(POOL, (0.8, 0.9), (1.0, 1.1), (0.5, 0.6, 0.4)))

WRONG_POS = {"0": [0.7, 0.9], "2": [1.8, 0.3], "5": [1.2, 0.85], "7": [2.2, 1.0],
             "9": [2.0, 0.6]}
n9_wrong = add(base(
    "9ball-wrong-ball-first", "9-ball",
    ("The 5 before the 2", "Пятёрка раньше двойки"),
    ("The lowest ball on the table is the 2; the cue ball hit the 5 first: a "
     "foul, ball in hand anywhere.",
     "Младший шар на столе — двойка; биток первым коснулся пятёрки: фол, "
     "биток в руку в любое место."),
    ("9-ball", "7"), WRONG_POS, {},
    {"fouls": ["foul.bad_hit"], "next_shooter": 1, "ball_in_hand": "anywhere",
     "fouls_count": [1, 0]}),
    lambda: fan(POOL, (0.7, 0.9), (1.2, 0.85), (1.5, 1.0, 2.0)))
gallery(n9_wrong, lambda: fan(POOL, (0.7, 0.9), (1.2, 0.85), (1.5, 1.0)),
        "gallery-nine-wrong-ball", "foul.bad_hit", "ball_ball", [0, 5], [], 2,
        ("Wrong ball first", "Первым задет не тот шар"))

add(base(
    "9ball-second-foul-warning", "9-ball",
    ("The second foul in a row", "Второй фол подряд"),
    ("The shooter fouled on the previous inning too: after this second foul "
     "the referee warns that a third one loses the game.",
     "Игрок сфолил и в прошлом подходе: после второго фола подряд судья "
     "предупреждает, что третий проиграет партию."),
    ("9-ball", "11"), WRONG_POS, {"fouls": [1, 0]},
    {"fouls": ["foul.bad_hit"], "notes": ["note.warning_two_fouls"],
     "warned": [True, False], "fouls_count": [2, 0], "next_shooter": 1}),
    lambda: fan(POOL, (0.7, 0.9), (1.2, 0.85), (1.5, 1.0, 2.0)))

add(base(
    "9ball-third-foul-after-warning", "9-ball",
    ("The third foul after a warning", "Третий фол после предупреждения"),
    ("Two fouls in a row and a warning: the cue ball first hits a ball that "
     "is not the lowest on the table, a foul (9-ball rule 7), and this third "
     "consecutive foul loses the game (9-ball rule 11).",
     "Два фола подряд и предупреждение: биток первым касается не шара с "
     "наименьшим номером — фол («Девятка», п.\u00a07), и этот третий фол "
     "подряд — проигрыш партии («Девятка», п.\u00a011)."),
    ("9-ball", "11"), WRONG_POS, {"fouls": [2, 0], "warned": [True, False]},
    {"fouls": ["foul.bad_hit", "loss.three_fouls"], "game_over": True,
     "winner": 1}),
    lambda: fan(POOL, (0.7, 0.9), (1.2, 0.85), (1.5, 1.0, 2.0)))

add(base(
    "9ball-third-foul-no-warning", "9-ball",
    ("A third foul without a warning", "Третий фол без предупреждения"),
    ("Two fouls were on the record but nobody warned the shooter: this foul "
     "counts only as the second, with the warning now.",
     "На счету два фола, но предупреждения не было: этот фол считается только "
     "вторым, и теперь игрок предупреждён."),
    ("9-ball", "11"), WRONG_POS, {"fouls": [2, 0], "warned": [False, False]},
    {"fouls": ["foul.bad_hit"], "notes": ["note.no_warning",
     "note.warning_two_fouls"], "game_over": False, "fouls_count": [2, 0]}),
    lambda: fan(POOL, (0.7, 0.9), (1.2, 0.85), (1.5, 1.0, 2.0)))

_n9 = (L - 0.2 * _u[0] - 0.04, W - 0.2 * _u[1] - 0.04)
_n2 = (_n9[0] - (D + 0.03) * _u[0], _n9[1] - (D + 0.03) * _u[1])
_nc = (_n2[0] - 0.5 * _u[0], _n2[1] - 0.5 * _u[1])
add(base(
    "9ball-nine-combination", "9-ball",
    ("The 2 into the 9", "Двойкой в девятку"),
    ("The lowest ball, the 2, is hit first and knocks the 9 in: a legal shot "
     "that pockets the 9 wins, no call needed.",
     "Первым задет младший шар, двойка, и она загоняет девятку: правильный "
     "удар с забитой девяткой выигрывает партию, заказ не нужен."),
    ("9-ball", "4"), {"0": xy(_nc), "2": xy(_n2), "9": xy(_n9),
                      "4": [1.0, 0.3], "6": [0.7, 1.0]}, {},
    {"fouls": [], "notes": ["note.win_nine"], "game_over": True, "winner": 0}),
    lambda: pot(POOL, _nc, _n2, "foot_left", (1.5, 2.0, 1.2, 2.5)))

add(base(
    "9ball-nine-with-scratch", "9-ball",
    ("The 9 and the cue ball", "Девятка и биток"),
    ("The 9 dropped, but so did the cue ball: a foul. The 9 is spotted and "
     "the opponent has ball in hand anywhere.",
     "Девятка упала, но и биток тоже: фол. Девятку выставляют на точку, "
     "соперник получает биток в руку в любое место."),
    ("9-ball", "6"), {"0": [1.9, 0.62], "9": [2.3, 1.02]}, {},
    {"fouls": ["foul.scratch"], "notes": ["note.nine_spotted"],
     "next_shooter": 1, "ball_in_hand": "anywhere", "game_over": False}),
    lambda: pot(POOL, (1.9, 0.62), (2.3, 1.02), "foot_left", (1.2, 1.6, 2.0),
                SPINS_FOLLOW, (0.0, 0.1, -0.1, 0.2, -0.2)))

add(base(
    "9ball-no-rail", "9-ball",
    ("Contact, but no cushion", "Касание без борта"),
    ("The 2 was hit first, but after the contact nothing reached a cushion and "
     "nothing dropped: a foul.",
     "Первой задета двойка, но после касания ни один шар не дошёл до борта и "
     "ничего не забито: фол."),
    ("9-ball", "8"), {"0": [1.0, 0.6], "2": [1.4, 0.6], "9": [2.0, 1.0],
                      "5": [0.6, 1.0]}, {},
    {"fouls": ["foul.no_rail"], "next_shooter": 1, "ball_in_hand": "anywhere"}),
    lambda: fan(POOL, (1.0, 0.6), (1.4, 0.6), (0.35, 0.3, 0.4, 0.45)))

add(base(
    "9ball-legal-pot", "9-ball",
    ("The lowest ball pocketed", "Забит младший шар"),
    ("The 2 is the lowest ball: hit first and pocketed, the shooter continues.",
     "Двойка — младший шар: задета первой и забита, игрок продолжает."),
    ("9-ball", "1"), {"0": [1.1, 0.7], "2": [1.3, 1.1], "9": [2.0, 0.4],
                      "6": [2.3, 0.7]}, {},
    {"fouls": [], "scored": [2], "next_shooter": 0}),
    lambda: pot(POOL, (1.1, 0.7), (1.3, 1.1), "side_left", (1.2, 1.6, 0.9)))

# ===========================================================================
# 14.1


def straight_rack(seed: int) -> dict[str, list[float]]:
    return positions(rack_straight("pool_9ft", seed))


s14_break = add(base(
    "straight-opening-break-penalty", "14.1",
    ("The opening break falls short", "Начальный разбой не выполнен"),
    ("On the opening break the shooter must pocket a called ball or drive the "
     "cue ball and two object balls to a cushion. He did neither: minus two "
     "points, and the opponent accepts the table or has him break again.",
     "На начальном разбое нужно забить заказанный шар или довести до борта "
     "биток и два прицельных шара. Не сделано ни то, ни другое: минус два "
     "очка, соперник принимает стол или заставляет перебить."),
    ("14.1", "6"), straight_rack(0), BREAK8,
    {"fouls": ["foul.illegal_break"], "points": [-2, 0],
     "options": ["accept_table", "rerack_offender_breaks"], "chooser": 1,
     "next_shooter": 1},
    question=Q_ALL, choice={"choice": "rerack_offender_breaks",
                            "expect": {"shooter": 0, "is_break": True}}),
    lambda: (({**straight_rack(s), **p}, st) for s in range(0, 3) for p, st in
             breaks(POOL, straight_rack(s), KITCHEN_CUES[:3], (0.8, 1.0, 1.3))))
gallery(s14_break, lambda: (({**straight_rack(0), **p}, st) for p, st in
                            breaks(POOL, straight_rack(0), KITCHEN_CUES[:3],
                                   (0.8, 1.0, 1.3))),
        "gallery-straight-opening-break", "foul.illegal_break", "rest", [], [], 9,
        ("An illegal opening break", "Неправильное начальное разбитие"))

add(base(
    "straight-opening-break-safe", "14.1",
    ("A safe opening break", "Защитный начальный разбой"),
    ("Nothing was called, but the cue ball and at least two object balls "
     "reached a cushion: a legal break, and the turn passes.",
     "Ничего не заказано, но биток и как минимум два прицельных шара дошли до "
     "борта: разбой правильный, ход переходит."),
    ("14.1", "6"), straight_rack(1), BREAK8,
    {"fouls": [], "points": [0, 0], "next_shooter": 1}),
    lambda: (({**straight_rack(1), **p}, st) for p, st in
             breaks(POOL, straight_rack(1), [(0.5, 0.3), (0.5, 0.95), (0.5, 0.2)],
                    (2.5, 3.0, 3.5), spread=tuple(x / 2 for x in range(-8, 9)))))

CALL_POS = {"0": [1.1, 0.7], "3": [1.3, 1.1], "8": [2.0, 0.4], "10": [0.6, 0.3],
            "12": [1.8, 0.9], "6": [2.3, 0.7]}
add(base(
    "straight-called-pot", "14.1",
    ("A called ball", "Заказанный шар"),
    ("In 14.1 every ball is called; the 3 was called in the left side pocket "
     "and made: one point, and the shooter continues.",
     "В 14.1 заказывается каждый шар; тройка заказана в левую среднюю и "
     "забита: одно очко, игрок продолжает."),
    ("14.1", "7.1"), CALL_POS, {"scores": [20, 31]},
    {"fouls": [], "points": [1, 0], "scored": [3], "scores": [21, 31],
     "next_shooter": 0},
    declarations={"called_ball": 3, "called_pocket": "side_left"}),
    lambda: pot(POOL, (1.1, 0.7), (1.3, 1.1), "side_left", (1.2, 1.6, 0.9)))

add(base(
    "straight-called-wrong-pocket", "14.1",
    ("The right ball, the wrong pocket", "Тот шар, но не та луза"),
    ("The 3 was called in the left foot pocket but dropped in the side pocket: "
     "no point, the ball is spotted and the turn passes. It is no foul.",
     "Тройка заказана в левую дальнюю лузу, а упала в среднюю: очко не "
     "засчитано, шар выставляется, ход переходит. Фола нет."),
    ("14.1", "8"), CALL_POS, {},
    {"fouls": [], "points": [0, 0], "notes": ["note.illegal_pocketed"],
     "next_shooter": 1},
    declarations={"called_ball": 3, "called_pocket": "foot_left"}),
    lambda: pot(POOL, (1.1, 0.7), (1.3, 1.1), "side_left", (1.2, 1.6, 0.9)))

# The last two balls: the 12 lies in the rack area; the 7 is potted with a stun
# shot that leaves the cue ball in the rack area too.
_s12 = (2.103, 0.578)
_ghost = (2.05, 0.77)
_dx, _dy = 2.54 - 2.05, 1.27 - 0.77
_n = (_dx * _dx + _dy * _dy) ** 0.5
_b7 = (_ghost[0] + D * _dx / _n, _ghost[1] + D * _dy / _n)
_c7 = (_ghost[0] - 0.4 * _dx / _n, _ghost[1] - 0.4 * _dy / _n)
RERACK_POS = {"0": xy(_c7), "7": xy(_b7), "12": xy(_s12)}
add(base(
    "straight-rerack-ball-and-cue-in-rack", "14.1",
    ("Re-rack: the 15th ball and the cue ball in the rack",
     "Перестановка: 15-й шар и биток в зоне пирамиды"),
    ("The 14th ball drops and the rack is made again from the fourteen. The "
     "15th ball and the cue ball both lie in the rack area: the ball goes to "
     "the foot spot and the cue ball is in hand behind the head string.",
     "Забит 14-й шар, пирамиду из четырнадцати ставят заново. И 15-й шар, и "
     "биток лежат в зоне пирамиды: шар ставится на заднюю точку, биток — в "
     "руку за линию дома."),
    ("14.1", "7.3"), RERACK_POS, {"scores": [40, 12]},
    {"fouls": [], "points": [1, 0], "notes": ["note.rerack_14"], "rerack": True,
     "ball_in_hand": "kitchen", "next_shooter": 0,
     "rerack_cell": ["rack", "rack"]},
    declarations={"called_ball": 7, "called_pocket": "foot_left"},
    question=Q_BASIC),
    lambda: pot(POOL, _c7, _b7, "foot_left", (0.9, 1.1, 1.3, 0.8, 1.5),
                ((0.0, -0.2), (0.0, -0.3), (0.0, -0.1), (0.0, -0.4), (0.0, 0.0)),
                (0.0, 0.1, -0.1, 0.2, -0.2)))

add(base(
    "straight-rerack-ball-in-rack", "14.1",
    ("Re-rack: the 15th ball in the rack", "Перестановка: 15-й шар в пирамиде"),
    ("The 14th ball drops; the 15th lies in the rack area but the cue ball "
     "does not: the 15th ball goes to the head spot and the cue ball stays.",
     "Забит 14-й шар; 15-й лежит в зоне пирамиды, а биток нет: 15-й шар "
     "ставится на переднюю точку, биток остаётся на месте."),
    ("14.1", "7.3"), RERACK_POS, {"scores": [40, 12]},
    {"fouls": [], "points": [1, 0], "notes": ["note.rerack_14"], "rerack": True,
     "ball_in_hand": "none", "next_shooter": 0,
     "rerack_cell": ["rack", "other"]},
    declarations={"called_ball": 7, "called_pocket": "foot_left"}),
    lambda: pot(POOL, _c7, _b7, "foot_left", (1.5, 2.0, 1.2),
                ((0.0, 0.4), (0.0, -0.6), (0.0, 0.2)), (0.0, 0.1, -0.1)))

S14_NORAIL = {"0": [1.0, 0.6], "3": [1.4, 0.6], "8": [2.0, 1.0], "11": [0.6, 1.0],
              "13": [2.1, 0.2], "5": [1.7, 0.3]}
add(base(
    "straight-third-foul", "14.1",
    ("The third foul in a row", "Третий фол подряд"),
    ("Two fouls on the record and now a third, no ball driven to a rail after "
     "the contact (14.1 rule 7.2): minus one for the foul and fifteen more, "
     "all fifteen balls are racked again and the offender breaks under the "
     "opening-break rules (14.1 rule 12).",
     "На счету два фола, и вот третий: после касания ни один шар не доведён "
     "до борта («14.1 с продолжением», п.\u00a07.2); минус одно очко за фол и "
     "ещё пятнадцать, все пятнадцать шаров расставляются заново, и нарушитель "
     "разбивает по правилам начального разбития («14.1 с продолжением», "
     "п.\u00a012)."),
    ("14.1", "12"), S14_NORAIL, {"fouls": [2, 0], "scores": [33, 47]},
    {"fouls": ["foul.no_rail", "foul.third_foul"], "points": [-16, 0],
     "rerack": True, "next_shooter": 0, "ball_in_hand": "kitchen",
     "scores": [17, 47]},
    declarations={"called_ball": 3, "called_pocket": "foot_right"}),
    lambda: fan(POOL, (1.0, 0.6), (1.4, 0.6), (0.35, 0.3, 0.4, 0.45)))

add(base(
    "straight-second-foul", "14.1",
    ("The second foul in a row", "Второй фол подряд"),
    ("A foul costs a point; this is the shooter's second in a row, and the "
     "referee says so: a third would cost fifteen more.",
     "Фол стоит очка; это второй фол игрока подряд, и судья объявляет это: "
     "третий будет стоить ещё пятнадцать."),
    ("14.1", "12"), S14_NORAIL, {"fouls": [1, 0], "scores": [33, 47]},
    {"fouls": ["foul.no_rail"], "points": [-1, 0], "notes": ["note.two_fouls"],
     "fouls_count": [2, 0], "next_shooter": 1}),
    lambda: fan(POOL, (1.0, 0.6), (1.4, 0.6), (0.35, 0.3, 0.4, 0.45)))

add(base(
    "straight-scratch", "14.1",
    ("A scratch in 14.1", "Биток в лузе в 14.1"),
    ("The 3 dropped as called but the cue ball followed: a foul, minus one. "
     "The 3 is spotted and the opponent plays from the kitchen.",
     "Тройка забита как заказано, но биток ушёл следом: фол, минус одно очко. "
     "Тройку выставляют, соперник играет из дома."),
    ("14.1", "10"), {"0": [1.9, 0.62], "3": [2.3, 1.02], "8": [1.2, 0.3],
                     "12": [0.8, 0.9], "14": [1.5, 1.05]}, {},
    {"fouls": ["foul.scratch"], "points": [-1, 0], "next_shooter": 1,
     "ball_in_hand": "kitchen"},
    declarations={"called_ball": 3, "called_pocket": "foot_left"}),
    lambda: pot(POOL, (1.9, 0.62), (2.3, 1.02), "foot_left", (1.2, 1.6, 2.0),
                SPINS_FOLLOW, (0.0, 0.1, -0.1, 0.2, -0.2)))

add(base(
    "straight-safety", "14.1",
    ("A declared safety", "Объявленный отыгрыш"),
    ("The shooter declared a safety and played the 3 to a cushion: no point, "
     "no foul, the turn passes.",
     "Игрок объявил отыгрыш и довёл тройку до борта: очков нет, фола нет, ход "
     "переходит."),
    ("14.1", "7.4"), S14_NORAIL, {},
    {"fouls": [], "notes": ["note.safety"], "points": [0, 0],
     "next_shooter": 1},
    declarations={"safety": True}),
    lambda: fan(POOL, (1.0, 0.6), (1.4, 0.6), (1.0, 1.3, 1.6)))

# ===========================================================================
# Express (three players on the pyramid table)

EX = "express"
_pk = (LP - 0.12, WP - 0.12)  # near the left foot pocket
FOREIGN_POS = {"0": [3.1, 1.35], "7": xy(_pk), "3": [1.5, 0.5], "10": [2.0, 1.5],
               "12": [2.5, 0.4]}
Q_EX = q("Whose points does this stroke write off, and who plays next?",
         "Чьи очки списывает этот удар и кто бьёт дальше?",
         ["foul", "rule", "next_shooter", "ball_in_hand", "options"])
ex_foreign = add(base(
    "express-foreign", EX,
    ("Foreign ball («чужой»): a ball pocketed", "«Чужой»: забит прицельный шар"),
    ("Player 2 pockets the 7: the previous player, player 1, loses seven "
     "points and the shooter gains two and plays on.",
     "Второй игрок забивает семёрку: у предыдущего игрока, первого, "
     "списывается семь очков, бьющему — плюс два, он продолжает."),
    ("express", "2.5"), FOREIGN_POS, {"shooter": 1}, {
        "fouls": [], "victim": 0, "points": [-7, 2, 0],
        "notes": ["express.note.foreign"], "next_shooter": 1,
        "scores": [23, 32, 30]},
    players=3, question=Q_EX),
    lambda: pot(PYR, (3.1, 1.35), _pk, "foot_left", (1.5, 2.0, 1.2, 2.5),
                spread=tuple(x / 10 for x in range(-20, 21))))

def own_search(objects: tuple[tuple[float, float], ...]) -> Gen:
    """The cue ball from (1.6, 1.0) at the 7 placed at each of ``objects``."""
    def gen() -> Iterator[Cand]:
        for o in objects:
            for _, st in fan(PYR, (1.6, 1.0), o, (1.5, 2.5, 2.0),
                             spread=tuple(x / 4 for x in range(-40, 41))):
                yield {"7": xy(o)}, st
    return gen


OWN_POS = {"0": [1.6, 1.0], "7": [1.7, 1.45], "3": [1.0, 0.4], "10": [2.6, 0.5]}
add(base(
    "express-own-and-foreign", EX,
    ("Own ball («свой») and foreign ball («чужой») in one stroke",
     "«Свой» и «чужой» одним ударом"),
    ("The 7 drops and the cue ball follows it: both count. The previous "
     "player loses seven for the 7 and five for the cue ball, the shooter "
     "gains two for each and plays on from the house.",
     "Семёрка упала, и биток ушёл следом: засчитываются оба. У предыдущего "
     "игрока списывается семь за семёрку и пять за биток, бьющему — по два "
     "за каждый, он продолжает из дома."),
    ("express", "2.5"), OWN_POS, {"shooter": 0}, {
        "fouls": [], "victim": 2, "points": [4, 0, -12],
        "notes": ["express.note.foreign", "express.note.own"],
        "next_shooter": 0, "ball_in_hand": "house"},
    players=3, question=Q_EX),
    own_search(((1.7, 1.45), (1.65, 1.45), (1.75, 1.45), (1.7, 1.5),
                        (1.7, 1.4))))

OWN_ONLY_POS = {"0": [1.6, 1.0], "7": [1.8, 1.35], "3": [1.0, 0.4],
                "10": [2.6, 0.5]}
add(base(
    "express-own", EX,
    ("Own ball («свой»): the cue ball pocketed", "«Свой»: забит биток"),
    ("After a legal contact the cue ball itself drops: an own ball "
     "(«свой»). The previous player loses five points, the shooter gains "
     "two and plays on from the house.",
     "После правильного касания в лузу падает сам биток: «свой». У "
     "предыдущего игрока списывается пять очков, бьющему — плюс два, он "
     "продолжает из дома."),
    ("express", "2.5"), OWN_ONLY_POS, {"shooter": 0}, {
        "fouls": [], "victim": 2, "points": [2, 0, -5],
        "notes": ["express.note.own"], "no_notes": ["express.note.foreign"],
        "next_shooter": 0, "ball_in_hand": "house"},
    players=3, question=Q_EX),
    own_search(((1.8, 1.35), (1.9, 1.45), (1.9, 1.55), (1.8, 1.55),
                        (1.7, 1.35), (1.6, 1.55), (1.9, 1.35))))

HOUSE_POS = {"0": [0.4, 0.9], "5": [0.6, 1.4], "10": [2.0, 1.0], "3": [2.6, 0.5],
             "8": [1.5, 1.5]}
HSTATE = {"ball_in_hand": "house", "shooter": 0}
ex_house = add(base(
    "express-house-direct", EX,
    ("From the house at a ball in the house", "Из дома по шару в доме"),
    ("With the cue ball in hand in the house, a ball inside the house may not "
     "be hit directly: a foul, minus five, and the next player chooses to "
     "shoot or to make the offender shoot.",
     "С битком в руке в доме нельзя прямо бить по шару, лежащему в доме: "
     "фол, минус пять, следующий игрок выбирает — бить самому или заставить "
     "бить нарушителя."),
    ("express", "2.6"), HOUSE_POS, HSTATE, {
        "fouls": ["express.foul.house_direct"], "points": [-5, 0, 0],
        "options": ["shoot", "force_offender"], "chooser": 1,
        "next_shooter": 1},
    players=3, question=Q_ALL),
    lambda: fan(PYR, (0.4, 0.9), (0.6, 1.4), (1.5, 2.0, 1.0)))
gallery(ex_house, lambda: fan(PYR, (0.4, 0.9), (0.6, 1.4), (1.5, 2.0)),
        "gallery-express-house-direct", "express.foul.house_direct", "ball_ball",
        [0, 5], [], 10, ("From the house at a ball in the house",
                         "Из дома по шару в доме"))

add(base(
    "express-house-off-the-cushion", EX,
    ("From the house, off the back cushion", "Из дома через дальний борт"),
    ("The cue ball leaves the house, comes back off the back cushion and then "
     "hits the 5 in the house: that is allowed.",
     "Биток выходит из дома, возвращается от дальнего борта и только потом "
     "бьёт пятёрку в доме: так можно."),
    # The 10 off the line there and back, so the 5 is the first ball hit.
    ("express", "2.6"), {**HOUSE_POS, "10": [2.0, 0.55]}, HSTATE, {
        "fouls": [], "no_notes": ["express.note.foreign"]},
    players=3),
    lambda: fan(PYR, (0.4, 0.9), (2 * (LP - RP) - 0.6, 1.4), (3.5, 4.0, 4.5),
                spread=tuple(x / 4 for x in range(-16, 17))))

NOCUSH_POS = {"0": [1.5, 0.9], "5": [1.9, 0.9], "10": [2.6, 1.3], "3": [0.9, 0.4]}
ex_nocush = add(base(
    "express-no-cushion", EX,
    ("Contact, but no cushion", "Касание без борта"),
    ("The cue ball touched the 5, but then no ball reached a cushion and "
     "nothing dropped: a foul, minus five.",
     "Биток коснулся пятёрки, но потом ни один шар не дошёл до борта и "
     "ничего не упало: фол, минус пять."),
    ("express", "2.6"), NOCUSH_POS, {"shooter": 2}, {
        "fouls": ["express.foul.no_cushion"], "points": [0, 0, -5],
        "chooser": 0, "next_shooter": 0},
    players=3),
    lambda: fan(PYR, (1.5, 0.9), (1.9, 0.9), (0.35, 0.3, 0.4, 0.45)))
gallery(ex_nocush, lambda: fan(PYR, (1.5, 0.9), (1.9, 0.9), (0.35, 0.3, 0.4)),
        "gallery-express-no-cushion", "express.foul.no_cushion", "rest", [0, 5],
        [], 12, ("No cushion after contact",
                 "Нет борта после касания"))

ex_nocontact = add(base(
    "express-no-contact", EX,
    ("The cue ball touches nothing", "Биток ничего не коснулся"),
    ("The cue ball did not touch any object ball: a foul, minus five.",
     "Биток не коснулся ни одного прицельного шара: фол, минус пять."),
    ("express", "2.6"), NOCUSH_POS, {"shooter": 2}, {
        "fouls": ["express.foul.no_contact"], "points": [0, 0, -5],
        "chooser": 0, "next_shooter": 0},
    players=3),
    lambda: fan(PYR, (1.5, 0.9), (1.5, 1.6), (0.8, 1.0, 0.6)))
gallery(ex_nocontact, lambda: fan(PYR, (1.5, 0.9), (1.5, 1.6), (0.8, 1.0)),
        "gallery-express-no-contact", "express.foul.no_contact", "rest", [0], [],
        11, ("No contact", "Нет касания"))

_close5 = (1.5 + DP + 1e-5, 0.9)
CLOSE_POS = {"0": [1.5, 0.9], "5": xy(_close5), "10": [2.6, 1.3], "3": [0.9, 0.4]}
ex_close = add(base(
    "express-frozen-push-through", EX,
    ("Through a frozen ball", "Сквозь шар вплотную"),
    ("The cue ball touches the 5. Driving it straight through that ball pushes "
     "the 5 instead of striking it: a foul, minus five.",
     "Биток стоит вплотную к пятёрке. Удар прямо сквозь неё — это толчок, а "
     "не удар: фол, минус пять."),
    ("express", "2.6"), CLOSE_POS, {"shooter": 1}, {
        "fouls": ["express.foul.close_ball"], "points": [0, -5, 0],
        "chooser": 2, "next_shooter": 2},
    players=3),
    lambda: fan(PYR, (1.5, 0.9), _close5, (1.0, 1.5, 2.0), spread=(0.0, 5.0,
                                                                    -5.0)))
gallery(ex_close, lambda: fan(PYR, (1.5, 0.9), _close5, (1.0, 1.5, 2.0),
                              spread=(0.0, 5.0, -5.0)),
        "gallery-express-push-through", "express.foul.close_ball", "ball_ball",
        [0, 5], [], 16, ("Through a frozen ball",
                         "Удар сквозь шар вплотную"))

add(base(
    "express-signature", EX,
    ("Written down to zero: the signature", "Списан до нуля: роспись"),
    ("Player 1 had five points; the 7 writes seven off, so he is at zero. "
     "The series ends and he may sign before his turn comes: he pays the "
     "stake, takes a star and starts again from thirty points.",
     "У первого игрока было пять очков; семёрка списывает семь, и он на нуле. "
     "Серия заканчивается, до своей очереди он может расписаться: платит "
     "ставку, получает звёздочку и снова начинает с тридцати очков."),
    ("express", "2.5"), FOREIGN_POS, {"shooter": 1, "scores": [5, 30, 30]}, {
        "fouls": [], "victim": 0, "points": [-7, 2, 0],
        "notes": ["express.note.zeroed", "express.note.series_ends"],
        "status": ["waiting", "active", "active"], "next_shooter": 2},
    players=3, question=Q_EX,
    choice={"choice": "sign", "player": 0,
            "expect": {"status": ["active", "active", "active"],
                       "scores": [30, 32, 30], "stars": [1, 0, 0]}}),
    lambda: pot(PYR, (3.1, 1.35), _pk, "foot_left", (1.5, 2.0, 1.2, 2.5),
                spread=tuple(x / 10 for x in range(-20, 21))))

add(base(
    "express-knockout", EX,
    ("A knock-out and the bonus", "Выбывание и бонус"),
    ("Player 1 has used all three signatures; the 7 takes his last points, so "
     "he is out. The shooter plays on in knock-out bonus: two points a ball "
     "and nobody written off, until a miss.",
     "Первый игрок использовал все три росписи; семёрка снимает его последние "
     "очки, и он выбывает. Бьющий продолжает с бонусом: по два очка за шар "
     "без списания, пока не промахнётся."),
    ("express", "2.5"), FOREIGN_POS,
    {"shooter": 1, "scores": [3, 30, 30, 30], "signatures": [3, 0, 0, 0]}, {
        "fouls": [], "victim": 0,
        "notes": ["express.note.knocked_out", "express.note.knockout_bonus"],
        "status": ["out", "active", "active", "active"],
        "mode": "knockout_bonus", "next_shooter": 1},
    players=4, question=Q_EX),
    lambda: pot(PYR, (3.1, 1.35), _pk, "foot_left", (1.5, 2.0, 1.2, 2.5),
                spread=tuple(x / 10 for x in range(-20, 21))))

add(base(
    "express-last-two", EX,
    ("The last two players", "Последние двое"),
    ("Only two players are left, and a player at zero with two left in the "
     "game cannot sign. The 7 writes player 1 down to zero: he is out and "
     "player 2 wins the match and the bank.",
     "В игре осталось двое, а когда игроков двое, обнулённый расписаться не "
     "может. Семёрка списывает первого игрока до нуля: он выбывает, второй "
     "выигрывает матч и банк."),
    ("express", "2.5"), FOREIGN_POS,
    {"shooter": 1, "scores": [4, 30, 0], "status": ["active", "active", "out"]},
    {"fouls": [], "victim": 0, "notes": ["express.note.last_two",
                                         "express.note.won"],
     "game_over": True, "winner": 1},
    players=3, question=Q_EX),
    lambda: pot(PYR, (3.1, 1.35), _pk, "foot_left", (1.5, 2.0, 1.2, 2.5),
                spread=tuple(x / 10 for x in range(-20, 21))))


def pyr_rack() -> dict[str, list[float]]:
    return positions(rack_state())


PYR_CUES = [(0.6, y) for y in (0.8875, 0.7, 1.05, 0.5, 1.25, 0.3, 1.45)]


def pyr_breaks(speeds: tuple[float, ...], spins: tuple[tuple[float, float], ...]
               = ((0.0, 0.0),), spread: tuple[float, ...] = (0.0, 0.3, -0.3, 0.6,
                                                             -0.6, 1.0, -1.0)
               ) -> Gen:
    def gen() -> Iterator[Cand]:
        rack = pyr_rack()
        for p, st in breaks(PYR, rack, PYR_CUES, speeds, spins, spread):
            yield {**rack, **p}, st
    return gen


EX_BREAK = {"is_break": True, "ball_in_hand": "house", "shooter": 0}
add(base(
    "express-first-break", EX,
    ("The match's first break", "Первый разбой матча"),
    ("On the first break of the match every ball pocketed, the cue ball "
     "included, gives the breaker two points and writes nobody off.",
     "На первом разбое матча каждый забитый шар, включая биток, даёт "
     "разбивающему два очка и ни у кого не списывается."),
    ("express", "2.4"), pyr_rack(), EX_BREAK, {
        "fouls": [], "notes": ["express.note.first_break"], "next_shooter": 0},
    players=3),
    pyr_breaks((9.0, 10.0, 8.0, 11.0), ((0.0, 0.0), (0.0, -0.3), (0.2, 0.0))))

ex_ill_break = add(base(
    "express-illegal-break", EX,
    ("A soft break", "Слабый разбой"),
    ("The break must pocket a ball or drive at least two object balls to a "
     "cushion. It did neither: a foul, minus five; the next player shoots, "
     "makes the offender shoot, or re-racks and breaks.",
     "Разбой должен забить шар или довести до борта не меньше двух "
     "прицельных шаров. Не сделано ни то, ни другое: фол, минус пять; "
     "следующий игрок бьёт сам, заставляет бить нарушителя или перебивает."),
    ("express", "2.6"), pyr_rack(), EX_BREAK, {
        "fouls": ["express.foul.illegal_break"], "points": [-5, 0, 0],
        "options": ["shoot", "force_offender", "rerack_break"], "chooser": 1},
    players=3, question=Q_ALL),
    pyr_breaks((0.8, 1.0, 1.2)))

# ===========================================================================
# Height and the cue stick (general rules 20, 22, 23; 8-ball 13; 9-ball 10;
# Express 2.6 item 1): strokes the physics plays in three dimensions.


def lifts(spec: Any, target: tuple[float, float], cues: list[tuple[float, float]],
          speeds: tuple[float, ...], elevations: tuple[float, ...],
          spins: tuple[float, ...] = (0.0, 0.3, -0.3),
          spread: tuple[float, ...] = (0.0,)) -> Gen:
    """Elevated strokes from each cue position at a target point."""
    from tests.practice.author import angle, stroke

    def gen() -> Iterator[Cand]:
        for c in cues:
            for el in elevations:
                for v in speeds:
                    for b in spins:
                        for off in spread:
                            yield {"0": xy(c)}, stroke(
                                spec, angle(c, target) + off, v, 0.0, b,
                                elevation=el)
    return gen


_frozen3 = (1.0 + D + 0.002, 0.6)
DOUBLE_POS = {"0": [1.0, 0.6], "3": xy(_frozen3), "8": [2.0, 1.0], "12": [0.6, 1.0],
              "14": [1.5, 0.2]}
e8_double = add(base(
    "8ball-double-hit", "8-ball",
    ("Two millimetres from the 3: a double hit",
     "В двух миллиметрах от тройки: двойной удар"),
    ("The cue ball stands two millimetres from the 3. A stroke straight at it "
     "with a long follow-through: the cue ball meets the 3 at once, the tip, "
     "still going forward, meets it a second time, and the cue ball follows "
     "the 3 about a third of the table. A foul, ball in hand anywhere.",
     "Биток стоит в двух миллиметрах от тройки. Удар прямо в неё с длинным "
     "сопровождением: биток сразу встречает тройку, наклейка, ещё идущая "
     "вперёд, касается его второй раз, и биток идёт за тройкой примерно на "
     "треть стола. Фол, биток в руку в любое место."),
    ("general", "20"), DOUBLE_POS, {"groups": ["solids", "stripes"]},
    {"fouls": ["foul.double_hit"], "next_shooter": 1,
     "ball_in_hand": "anywhere"}),
    lambda: (({}, st) for v in (1.0, 1.5, 2.0, 0.7) for ft in (0.05, 0.04, 0.2)
             for st in [dict(fan_one(v), follow_through=ft)]))

add(base(
    "8ball-double-hit-apart", "8-ball",
    ("The same stroke, a ball's width apart", "Тот же удар на расстоянии шара"),
    ("With a ball's width between the cue ball and the 3 the same short "
     "stroke touches the cue ball once: no foul, and since nothing was called "
     "the turn passes.",
     "Когда между битком и тройкой ширина шара, тот же короткий удар касается "
     "битка один раз: фола нет, а так как ничего не заказано, ход переходит."),
    ("general", "20"), {**DOUBLE_POS, "3": xy((1.0 + 2 * D, 0.6))},
    {"groups": ["solids", "stripes"]},
    {"fouls": [], "next_shooter": 1, "ball_in_hand": "none"}),
    lambda: (({}, st) for v in (1.0, 1.5, 2.0, 0.7) for ft in (0.05, 0.04, 0.03)
             for st in [dict(fan_one(v), follow_through=ft)]))

add(base(
    "8ball-frozen-shot-through", "8-ball",
    ("Shooting through a frozen ball", "Удар сквозь шар вплотную"),
    ("The cue ball is frozen to the 3, one of the shooter's balls. Shooting "
     "straight into it is legal: the tip touching the cue ball again as it "
     "pushes into the 3 is no double hit, and the cue ball follows the 3 "
     "about a third of the table.",
     "Биток стоит вплотную к тройке, шару своей группы. Бить прямо в неё "
     "можно: повторное касание наклейкой битка, упёршегося в тройку, не "
     "считается двойным ударом, и биток идёт за тройкой примерно на треть "
     "стола."),
    ("general", "20"), {**DOUBLE_POS, "3": xy((1.0 + D + 1e-5, 0.6))},
    {"groups": ["solids", "stripes"]},
    {"fouls": [], "next_shooter": 1, "ball_in_hand": "none"}),
    lambda: (({}, st) for v in (1.0, 1.5, 2.0, 0.7) for ft in (0.2, 0.3, 0.15)
             for st in [dict(fan_one(v), follow_through=ft)]))

e8_push = add(base(
    "8ball-push-shot", "8-ball",
    ("A push shot", "Толчок"),
    ("The tip stayed on the cue ball far longer than a stroke lasts: the ball "
     "was pushed, not struck. A foul, ball in hand anywhere.",
     "Наклейка оставалась на битке гораздо дольше обычного удара: шар "
     "толкнули, а не ударили. Фол, биток в руку в любое место."),
    ("general", "21"), {**DOUBLE_POS, "3": xy((1.5, 0.6))},
    {"groups": ["solids", "stripes"]},
    {"fouls": ["foul.push_shot"], "next_shooter": 1,
     "ball_in_hand": "anywhere"}),
    lambda: (({}, st) for v in (1.0, 1.5, 0.7) for ct in (0.02, 0.01, 0.05)
             for st in [dict(fan_one(v), contact_time=ct)]))
gallery(e8_push, lambda: (({}, st) for v in (1.0, 1.5, 0.7)
                          for ct in (0.02, 0.01, 0.05)
                          for st in [dict(fan_one(v), contact_time=ct)]),
        "gallery-push-shot", "foul.push_shot", "stroke", [0], [], 23,
        ("Push shot", "Толчок"))
gallery(e8_double, lambda: (({}, st) for v in (1.0, 1.5, 2.0, 0.7)
                            for ft in (0.2, 0.3, 0.15)
                            for st in [dict(fan_one(v), follow_through=ft)]),
        "gallery-double-hit", "foul.double_hit", "tip_contact", [0, 3], [], 17,
        ("Double hit on a close ball", "Двойной удар при близком шаре"))

JUMP_POS = {"0": [0.9, 0.6], "5": [1.15, 0.6], "2": [1.7, 0.6], "9": [2.2, 1.0],
            "7": [0.7, 1.1]}
add(base(
    "9ball-jump-shot", "9-ball",
    ("A jump over the blocker", "Перескок через шар"),
    ("The 5 blocks the way to the 2. An elevated stroke above the centre "
     "makes the cue ball jump over the 5 and hit the 2: a legal jump shot.",
     "Пятёрка закрывает двойку. Удар приподнятым кием выше центра — биток "
     "перепрыгивает пятёрку и попадает в двойку: правильный перескок."),
    ("general", "22"), JUMP_POS, {},
    {"fouls": [], "legal": True}),
    lifts(POOL, (1.7, 0.6), [(0.9, 0.6)], (2.0, 2.5, 3.0, 3.5, 4.0),
          (30.0, 35.0, 40.0, 45.0), (0.0, 0.2, 0.3)))

add(base(
    "9ball-jump-level-blocked", "9-ball",
    ("The same stroke, cue level", "Тот же удар без подъёма кия"),
    ("Played with a level cue the cue ball cannot clear the 5: it hits the 5 "
     "before the 2, a foul.",
     "Горизонтальным кием биток не может перепрыгнуть пятёрку: он задевает "
     "её раньше двойки — фол."),
    ("9-ball", "7"), JUMP_POS, {},
    {"fouls": ["foul.bad_hit"], "next_shooter": 1, "ball_in_hand": "anywhere"}),
    lifts(POOL, (1.7, 0.6), [(0.9, 0.6)], (2.0, 2.5, 3.0), (0.0,), (0.0, 0.3)))

n9_miscue = add(base(
    "9ball-miscue-on-jump", "9-ball",
    ("A miscue on a jump", "Кикс при перескоке"),
    ("The tip struck too far from the centre and slipped, and the cue ball "
     "still left the cloth: a miscue on a jump shot is a foul.",
     "Наклейка ударила слишком далеко от центра и соскользнула, а биток всё "
     "равно оторвался от сукна: кикс при перескоке — фол."),
    ("general", "22"), {"0": [1.0, 0.6], "2": [1.8, 0.6], "9": [2.2, 1.0],
                        "6": [0.6, 1.1]}, {},
    {"fouls": ["foul.miscue_on_jump"], "next_shooter": 1,
     "ball_in_hand": "anywhere"}),
    lifts(POOL, (1.8, 0.6), [(1.0, 0.6)], (3.0, 4.0, 5.0, 2.5), (30.0, 40.0,
                                                                 50.0),
          (0.6, 0.7, 0.8)))
gallery(n9_miscue, lifts(POOL, (1.8, 0.6), [(1.0, 0.6)], (3.0, 4.0, 5.0, 2.5),
                         (30.0, 40.0, 50.0), (0.6, 0.7, 0.8)),
        "gallery-miscue-on-jump", "foul.miscue_on_jump", "stroke", [0], [], 19,
        ("Miscue on a jump", "Кикс при перескоке"))

OFF_CUES = [(2.3 - d, 0.6) for d in (0.15, 0.2, 0.25, 0.3, 0.12, 0.4)]
e8_cue_off = add(base(
    "8ball-cue-ball-off-table", "8-ball",
    ("The cue ball leaves the table", "Биток вылетел за борт"),
    ("An elevated power stroke lifts the cue ball over the rail after it hit "
     "the 11: a foul, ball in hand anywhere.",
     "Сильный удар приподнятым кием: после касания одиннадцатого биток "
     "перелетает через борт. Фол, биток в руку в любое место."),
    ("general", "23"), {"0": [2.1, 0.6], "11": [2.3, 0.6], "8": [1.2, 1.0],
                        "3": [1.0, 0.3]}, {"groups": ["stripes", "solids"]},
    {"fouls": ["foul.cue_off_table"], "next_shooter": 1,
     "ball_in_hand": "anywhere"}),
    lifts(POOL, (2.3, 0.6), OFF_CUES, (5.0, 7.0, 9.0, 4.0, 6.0, 8.0),
          (20.0, 30.0, 40.0, 15.0, 25.0), (0.0, 0.3, -0.3)))
gallery(e8_cue_off, lifts(POOL, (2.3, 0.6), OFF_CUES, (5.0, 7.0, 9.0, 4.0, 6.0,
                                                     8.0),
                          (20.0, 30.0, 40.0, 15.0, 25.0), (0.0, 0.3, -0.3)),
        "gallery-cue-ball-off-table", "foul.cue_off_table", "left_table", [0],
        ["foot"], 18, ("Cue ball off the table", "Биток за пределами стола"))

e8_obj_off = add(base(
    "8ball-ball-off-table-spotted", "8-ball",
    ("A jumped ball is spotted", "Вылетевший шар выставляется"),
    ("The 11 flew off the table: a foul, ball in hand anywhere, and the 11 "
     "comes back on the foot spot.",
     "Одиннадцатый вылетел за пределы стола: фол, биток в руку в любое место, "
     "а одиннадцатый выставляется на заднюю точку."),
    ("8-ball", "13"), {"0": [2.1, 0.6], "11": [2.3, 0.6], "8": [1.2, 1.0],
                       "3": [1.0, 0.3]}, {"groups": ["stripes", "solids"]},
    {"fouls": ["foul.ball_off_table"], "next_shooter": 1,
     "ball_in_hand": "anywhere", "notes": ["note.balls_spotted"],
     "spots": [[11, 1.905, 0.635]]}),
    lifts(POOL, (2.3, 0.6), OFF_CUES, (5.0, 7.0, 9.0, 4.0, 6.0, 8.0),
          (20.0, 30.0, 40.0, 15.0, 25.0), (0.0, 0.3, -0.3)))
gallery(e8_obj_off, lifts(POOL, (2.3, 0.6), OFF_CUES, (5.0, 7.0, 9.0, 4.0, 6.0,
                                                     8.0),
                          (20.0, 30.0, 40.0, 15.0, 25.0), (0.0, 0.3, -0.3)),
        "gallery-ball-off-table", "foul.ball_off_table", "left_table", [11],
        ["foot"], 20, ("Object ball off the table", "Прицельный шар за бортом"))

e8_eight_off = add(base(
    "8ball-eight-off-table", "8-ball",
    ("The 8 leaves the table", "Восьмёрка вылетела за борт"),
    ("On the 8, the shooter hits it too hard with an elevated cue and it "
     "flies off the table: a ball off the table is a foul (general rule 23), "
     "and the 8 off the table loses the game (8-ball rule 13).",
     "Игрок на восьмёрке бьёт её слишком сильно приподнятым кием, и она "
     "вылетает со стола: выскочивший шар — фол (общие правила, п.\u00a023), а "
     "вылетевшая восьмёрка — проигрыш партии («Восьмёрка», п.\u00a013)."),
    ("8-ball", "13"), {"0": [2.1, 0.6], "8": [2.3, 0.6], "10": [1.2, 1.0],
                       "12": [1.0, 0.3]}, {"groups": ["solids", "stripes"]},
    {"fouls": ["foul.ball_off_table", "loss.eight_off_table"], "game_over": True,
     "winner": 1}),
    lifts(POOL, (2.3, 0.6), OFF_CUES, (5.0, 7.0, 9.0, 4.0, 6.0, 8.0),
          (20.0, 30.0, 40.0, 15.0, 25.0), (0.0, 0.3, -0.3)))
gallery(e8_eight_off, lifts(POOL, (2.3, 0.6), OFF_CUES, (5.0, 7.0, 9.0, 4.0, 6.0,
                                                       8.0),
                            (20.0, 30.0, 40.0, 15.0, 25.0), (0.0, 0.3, -0.3)),
        "gallery-eight-off-table", "loss.eight_off_table", "left_table", [8],
        ["foot"], 21, ("The 8 off the table", "Восьмёрка за пределами стола"),
        ("On the 8, the shooter hits it too hard with an elevated cue and it "
         "flies off the table: the game is lost.",
         "Удар приподнятым кием: 8 вылетает."))

add(base(
    "9ball-nine-off-table", "9-ball",
    ("The 9 jumps off", "Девятка вылетела"),
    ("The 9 left the table: a foul, and the 9 is spotted on the foot spot. "
     "Other jumped balls would stay off.",
     "Девятка вылетела за пределы стола: фол, девятка выставляется на заднюю "
     "точку. Другие вылетевшие шары не возвращаются."),
    ("9-ball", "10"), {"0": [2.1, 0.6], "9": [2.3, 0.6]}, {},
    {"fouls": ["foul.ball_off_table"], "notes": ["note.nine_spotted"],
     "next_shooter": 1, "ball_in_hand": "anywhere",
     "spots": [[9, 1.905, 0.635]]}),
    lifts(POOL, (2.3, 0.6), OFF_CUES, (5.0, 7.0, 9.0, 4.0, 6.0, 8.0),
          (20.0, 30.0, 40.0, 15.0, 25.0), (0.0, 0.3, -0.3)))

n9_scoop = add(base(
    "9ball-illegal-jump", "9-ball",
    ("A jump from below the centre", "Перескок ударом ниже центра"),
    ("The cue ball jumped off a stroke below its centre, digging under it: "
     "a jump made that way is a foul.",
     "Биток подпрыгнул от удара ниже центра — кий поддел его: такой перескок — "
     "фол."),
    ("general", "22"), {"0": [1.0, 0.6], "2": [1.8, 0.6], "9": [2.2, 1.0],
                        "6": [0.6, 1.1]}, {},
    {"fouls": ["foul.illegal_jump"], "next_shooter": 1,
     "ball_in_hand": "anywhere"}),
    lifts(POOL, (1.8, 0.6), [(1.0, 0.6)], (3.0, 4.0, 5.0, 2.5), (20.0, 30.0,
                                                                 40.0),
          (-0.3, -0.2, -0.4)))
gallery(n9_scoop, lifts(POOL, (1.8, 0.6), [(1.0, 0.6)], (3.0, 4.0, 5.0, 2.5),
                        (20.0, 30.0, 40.0), (-0.3, -0.2, -0.4)),
        "gallery-illegal-jump", "foul.illegal_jump", "airborne", [0], [], 24,
        ("A scooped jump", "Перескок подкидкой"))

_pyr_off_cues = [(3.0 - d, 0.9) for d in (0.15, 0.2, 0.25, 0.3, 0.12, 0.4)]
ex_off = add(base(
    "express-ball-off-table", EX,
    ("A ball off the table", "Шар за пределами стола"),
    ("The 9 flew off the table: a foul, minus five; the 9 is put back on the "
     "back spot and the next player chooses who shoots.",
     "Девятка вылетела за пределы стола: фол, минус пять; девятку ставят на "
     "заднюю отметку, следующий игрок выбирает, кто бьёт."),
    ("express", "2.6"), {"0": [2.8, 0.9], "9": [3.0, 0.9], "4": [1.5, 1.4],
                         "12": [1.2, 0.4]}, {"shooter": 0},
    {"fouls": ["express.foul.ball_off_table"], "points": [-5, 0, 0],
     "options": ["shoot", "force_offender"], "chooser": 1,
     "notes": ["express.note.balls_spotted"],
     "spots": [[9, PYR.foot_spot[0], PYR.foot_spot[1]]]},
    players=3),
    lifts(PYR, (3.0, 0.9), _pyr_off_cues, (5.0, 7.0, 9.0, 4.0, 6.0, 8.0),
          (20.0, 30.0, 40.0, 15.0, 25.0), (0.0, 0.3, -0.3)))
gallery(ex_off, lifts(PYR, (3.0, 0.9), _pyr_off_cues, (5.0, 7.0, 9.0, 4.0, 6.0,
                                                      8.0),
                      (20.0, 30.0, 40.0, 15.0, 25.0), (0.0, 0.3, -0.3)),
        "gallery-express-ball-off-table", "express.foul.ball_off_table",
        "left_table", [9], ["foot"], 22,
        ("A ball off the table", "Шар за пределами стола"))


add(base(
    "straight-ball-off-table", "14.1",
    ("A ball off the table in 14.1", "Шар за пределами стола в 14.1"),
    ("The 11 flew off the table: a foul, minus one, and the 11 is spotted on "
     "the foot spot.",
     "Одиннадцатый вылетел за пределы стола: фол, минус одно очко, шар "
     "выставляется на заднюю точку."),
    ("14.1", "9"), {"0": [2.1, 0.6], "11": [2.3, 0.6], "8": [1.2, 1.0],
                    "3": [1.0, 0.3]}, {},
    {"fouls": ["foul.ball_off_table"], "points": [-1, 0], "next_shooter": 1,
     "ball_in_hand": "none", "spots": [[11, 1.905, 0.635]]},
    declarations={"called_ball": 11, "called_pocket": "foot_left"}),
    lifts(POOL, (2.3, 0.6), OFF_CUES, (5.0, 7.0, 9.0, 4.0, 6.0, 8.0),
          (20.0, 30.0, 40.0, 15.0, 25.0), (0.0, 0.3, -0.3)))

add(base(
    "express-temporary-house", EX,
    ("The cue ball down, every ball in the house",
     "Биток в лузе, все шары в доме"),
    ("The cue ball missed everything and dropped: a foul, minus five. Every "
     "object ball lies in the house, so the cue ball comes back in the "
     "temporary house beyond the back spot.",
     "Биток ни во что не попал и упал в лузу: фол, минус пять. Все "
     "прицельные шары лежат в доме, поэтому биток ставится во временный дом "
     "за задней отметкой."),
    ("express", "2.6"), {"0": [1.6, 1.3], "5": [0.5, 1.4], "3": [0.3, 0.4],
                         "11": [0.6, 0.8]}, {"shooter": 2},
    {"fouls": ["express.foul.no_contact"], "points": [0, 0, -5],
     "notes": ["express.note.temp_house"], "ball_in_hand": "temp_house",
     "chooser": 0, "pocketed": [0]},
    players=3, question=Q_ALL),
    lambda: fan(PYR, (1.6, 1.3), (LP / 2, WP + 0.02), (1.0, 1.5, 2.0),
                spread=tuple(x / 4 for x in range(-12, 13))))

gallery(
    e8_illegal_break, rack_breaks(eight_rack, range(2, 5), KITCHEN_CUES[:3],
                                  (1.2, 1.6, 2.0)),
    "gallery-eight-illegal-break", "foul.illegal_break", "rest", [], [], 8,
    ("An illegal break", "Неправильное разбитие"))

for _spec, _gen in GALLERY:
    situation(_spec, _gen)

_ = (ex_foreign, ex_ill_break, e8_eight_break, ex_nocontact)

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
