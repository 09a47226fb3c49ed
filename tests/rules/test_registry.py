"""The registry of disciplines: names and aliases in one place, each
discipline's facts as data (players, table, balls, groups, calls, ball in
hand, options, state fields), the state derived from the ruling, and the
scoreboard as locale codes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from logs import Log, layout
from selfplay import play

from rules import registry
from rules.eight_ball import EightBallState
from rules.express import ExpressState
from rules.game import GameState, Line
from rules.nine_ball import NineBallState
from rules.referee import Match
from rules.ruling import BallInHand, Choice, Declarations, RulesError, Ruling
from rules.straight_pool import StraightPoolState
from simulator.table.specs import TableKind

UI = Path(__file__).parents[2] / "assets" / "locale"


def test_every_name_and_alias_in_one_place() -> None:
    assert registry.names() == ("8-ball", "9-ball", "14.1", "express")
    table = registry.aliases()
    for name, canon in (("Восьмёрка", "8-ball"), ("ДЕВЯТКА", "9-ball"),
                        ("14.1 с продолжением", "14.1"), (" экспресс ", "express"),
                        ("straight-pool", "14.1"), ("9", "9-ball")):
        assert registry.canonical(name) == canon
    # Each alias names one game; the registry's own names are aliases too.
    assert all(table[n] == n for n in registry.names())
    assert len(table) == sum(len(i.names) for i in registry.infos())
    with pytest.raises(RulesError, match="known games: 14.1, 8-ball, 9-ball, express"):
        registry.discipline_class("snooker")


def test_each_game_has_a_named_constant_a_plain_word_and_its_rule_sections() -> None:
    """Code outside rules/ names a game by the registry's constants; a
    command line by one plain word of its names; a pool game's rulings cite
    its own section and the general pool rules, Express only its own."""
    assert registry.names() == (registry.EIGHT_BALL, registry.NINE_BALL, registry.STRAIGHT_POOL,
            registry.EXPRESS)
    assert [registry.word(n) for n in registry.names()] == \
        ["eight", "nine", "straight", "express"]
    assert registry.canonical(registry.word("14.1")) == "14.1"
    assert registry.info("9-ball").rule_sections == ("9-ball", "general")
    assert registry.info("express").rule_sections == ("express",)


def test_facts_are_data() -> None:
    e8, n9, s14, ex = registry.infos()
    assert (e8.min_players, e8.max_players, ex.min_players, ex.max_players) == \
        (2, 2, 3, 8)
    assert {i.table_kind for i in (e8, n9, s14)} == {TableKind.POOL}
    assert ex.table_kind is TableKind.PYRAMID and ex.default_table == "pyramid_12ft"
    assert n9.balls == tuple(range(1, 10)) and e8.balls == tuple(range(1, 16))
    assert e8.group("solids").balls == tuple(range(1, 8))
    assert e8.group("stripes").balls == tuple(range(9, 16))
    assert (e8.game_ball, n9.game_ball, s14.game_ball) == (8, 9, None)
    # What must be called (8-ball 2, 14.1 1, 9-ball 1 and 5).
    assert e8.calls.ball and e8.calls.pocket and e8.calls.obvious_free
    assert s14.calls.ball and s14.calls.pocket and s14.calls.on_break
    assert not n9.calls.ball and n9.calls.push_out
    assert not ex.calls.ball and not ex.calls.safety
    # Where the cue ball comes from hand.
    assert {h.region for h in e8.hand} == {BallInHand.KITCHEN, BallInHand.ANYWHERE}
    assert {h.region for h in s14.hand} == {BallInHand.KITCHEN}
    assert {h.region for h in ex.hand} == {BallInHand.HOUSE, BallInHand.TEMP_HOUSE}
    assert not next(h for h in n9.hand if h.region is BallInHand.ANYWHERE
                    ).frozen_allowed  # 9-ball 9
    assert (e8.scoring, s14.scoring, ex.scoring) == ("race", "points", "points")
    assert e8.default_break_order == "alternate" and not ex.lag


def test_state_types_and_the_fields_a_position_may_give() -> None:
    want = {
        "8-ball": ({"shooter", "breaker", "is_break", "ball_in_hand", "scores",
                    "fouls", "groups"}, EightBallState),
        "9-ball": ({"shooter", "breaker", "is_break", "ball_in_hand", "scores",
                    "fouls", "warned", "push_out_allowed"}, NineBallState),
        "14.1": ({"shooter", "breaker", "is_break", "ball_in_hand", "scores",
                  "fouls", "rail_safeties", "break_rerack"}, StraightPoolState),
        "express": ({"shooter", "breaker", "is_break", "ball_in_hand", "scores",
                     "status", "signatures", "chips", "bank",
                     "first_break_pending", "mode", "rack_no"}, ExpressState),
    }
    for name, (fields_, cls) in want.items():
        info = registry.info(name)
        assert info.state is cls
        assert {f.name for f in info.position_fields()} == fields_, name
    # No game carries another game's fields.
    assert not hasattr(registry.info("9-ball").state(
        "9-ball", 2, layout({0: (0.5, 0.5)})), "groups")
    groups = next(f for f in registry.info("8-ball").state_fields()
                  if f.name == "groups")
    assert groups.per_player and groups.optional and groups.values == (
        "solids", "stripes")


def test_options_are_typed_and_checked() -> None:
    for name, bad in (("8-ball", {"eight_on_break": "never"}),
                      ("14.1", {"target": 0}),
                      ("9-ball", {"ace_is_11": True})):
        with pytest.raises(RulesError, match=r"options\."):
            registry.discipline_class(name)(bad)
    assert registry.info("8-ball").option_fields() == ("eight_on_break",)
    assert registry.info("14.1").option_fields() == ("target",)
    assert registry.info("9-ball").option_fields() == ()
    assert "initial_points" in registry.info("express").option_fields()
    assert Match(["A", "B"], "14.1", {"target": 60}).discipline.opts.target == 60


@pytest.mark.parametrize("name", ["8-ball", "9-ball", "14.1", "express"])
def test_states_round_trip_and_older_saves_load(name: str) -> None:
    cls = registry.discipline_class(name)
    n = cls.info.min_players
    disc = cls()
    st = disc.new_game(n, 0, 7, cls.info.default_table)
    again = disc.state_from_dict(json.loads(json.dumps(st.to_dict())))
    assert again == st and type(again) is cls.info.state
    # The one shared state of earlier versions carried every game's fields.
    old = {"fouls": [0] * n, "warned": [False] * n, "groups": [None] * n,
           "push_out_allowed": False, "rail_safeties": [0] * n,
           "break_rerack": False}
    assert disc.state_from_dict({**old, **st.to_dict()}) == st
    with pytest.raises(RulesError, match=r"state\.colour: unknown key"):
        disc.state_from_dict({**st.to_dict(), "colour": "red"})


def check_state_follows_ruling(m: Match, r: Ruling, before: tuple[int, ...]) -> None:
    """Discipline.settle: the next state is what the ruling says."""
    st = m.state
    if r.game_over:
        return
    assert st.scores == tuple(b + p for b, p in zip(before, r.points, strict=True))
    if r.replay:
        return
    assert st.ball_in_hand is r.ball_in_hand
    assert st.shooter == r.next_shooter or st.break_undecided
    assert set(r.options) <= set(st.pending)
    if r.options:
        assert st.chooser == r.chooser and st.offender == r.shooter


@pytest.mark.parametrize("game", ["8-ball", "9-ball", "14.1"])
def test_the_state_follows_the_ruling_in_self_play(game: str) -> None:
    for seed in range(3):
        play(game, seed, {"race_to": 2, "target": 30},
             on_step=check_state_follows_ruling)


def test_scoreboards_are_codes_the_locale_words() -> None:
    ui = {lang: json.loads((UI / lang / "ui.json").read_text(encoding="utf-8"))
          for lang in ("en", "ru")}

    def known(line: Line) -> None:
        for words in ui.values():
            node = words
            for part in line.key.split("."):
                node = node[part]
            # A string, or a count's plural forms (one/other, one/few/many).
            forms = [node] if isinstance(node, str) else list(node.values())
            assert forms and all(isinstance(f, str) for f in forms), line
            for form in forms:
                for k in line.args:
                    assert "{" + k + "}" in form or k in ("player", "status"), line

    m = Match(["A", "B"], "8-ball", {"race_to": 3})
    board = m.scoreboard()
    assert board.players[0].lines == (Line("score.open"),)
    assert board.centre == (Line("score.race", {"n": 3, "game": 1}),
                            Line("score.open_table"))
    st = m.state
    m2 = Match.from_state(["A", "B"], "8-ball", EightBallState(
        **{**st.__dict__, "groups": ("stripes", "solids"), "is_break": False,
           "ball_in_hand": BallInHand.NONE}))
    b2 = m2.scoreboard()
    assert b2.players[0].lines == (Line("score.stripes", {"n": 7}),)
    assert b2.players[1].balls == tuple(range(1, 8))
    m9 = Match(["A", "B"], "9-ball")
    assert Line("score.lowest", {"ball": 1}) in m9.scoreboard().centre
    m14 = Match(["A", "B"], "14.1", {"target": 40})
    lg = Log(m14.table()).stroke().hit(0, 1).rails([0, 2, 3])
    m14.apply(lg.shot(), Declarations())
    assert m14.scoreboard().centre[0] == Line("score.target", {"n": 40})
    assert m14.scoreboard().players[1].lines[1] == Line("score.high_run", {"n": 0})
    mx = Match(["A", "B", "C"], "express")
    bx = mx.scoreboard()
    assert [p.score for p in bx.players] == [30, 30, 30]
    assert bx.players[0].lines[0] == Line("score.express_status",
                                          {"status": "active"})
    assert bx.centre[0] == Line("score.bank", {"n": 3})
    for board in (m.scoreboard(), b2, m9.scoreboard(), m14.scoreboard(), bx):
        for line in (*board.centre, *(x for p in board.players for x in p.lines)):
            known(line)


def test_a_choice_is_what_the_requirements_offer() -> None:
    m = Match(["A", "B"], "8-ball")
    lg = Log(m.table()).stroke().hit(0, 1).rails([2])  # no pot, 1 ball to rail
    r = m.apply(lg.shot())
    assert r.options == m.requirements().pending == (
        Choice.ACCEPT_TABLE, Choice.RERACK_BREAK, Choice.RERACK_OFFENDER_BREAKS)
    assert isinstance(m.state, GameState)


def test_where_the_cue_ball_may_go_and_what_it_may_hit_directly() -> None:
    """General rules 7, 8 and 14: from the kitchen only balls outside it
    (a ball on the head string is outside); anywhere on the bed after a foul."""
    m = Match(["A", "B"], "8-ball")
    spec = m.table().spec
    req = m.requirements()
    r = spec.balls.radius
    assert req.placement_area(spec) == (r, spec.head_string_x, r, spec.width - r)
    kitchen = layout({0: (0.3, 0.6), 1: (0.5, 0.3), 2: (spec.head_string_x, 0.9),
                      3: (1.8, 0.6)})
    from dataclasses import replace
    req = replace(req, legal_first_contacts=(1, 2, 3))
    assert req.direct_targets(kitchen) == (2, 3)
    anywhere = replace(req, ball_in_hand=BallInHand.ANYWHERE)
    assert anywhere.placement_area(spec) == (r, spec.length - r, r, spec.width - r)
    assert anywhere.direct_targets(kitchen) == (1, 2, 3)
    x = Match(["A", "B", "C"], "express").requirements()
    pspec = Match(["A", "B", "C"], "express").table().spec
    assert x.placement_area(pspec)[1] == pspec.head_string_x
