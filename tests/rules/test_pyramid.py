"""The pyramid base: rack, house, placement from hand, respotting and the
questions of the event log (digest = shared/rules/pyramid-and-express.md)."""

from __future__ import annotations

import math

import pytest

from rules import pyramid
from rules.pyramid import HandRegion
from rules.questions import Facts, cue_contacts, facts
from simulator.table.events import Event, EventKind, Shot, Stroke
from simulator.table.specs import CUE_BALL, pyramid_table, rack_positions
from simulator.table.state import TableState

SPEC = pyramid_table()
R = SPEC.balls.radius
D = SPEC.balls.diameter
BACK_X, MID_Y = SPEC.foot_spot
LINE_X = SPEC.head_string_x


def table(**balls: tuple[float, float]) -> TableState:
    pos = {int(k[1:]): v for k, v in balls.items()}
    return TableState.from_positions(SPEC.name, pos, absent=range(16))


# -- the rack (SEED-E 2.2, digest §2.2, G18) -------------------------------------


def test_classic_rack_has_the_high_balls_inside() -> None:
    pyramid.check_rack(pyramid.CLASSIC_RACK)
    inside = {pyramid.CLASSIC_RACK[i] for i in pyramid.INTERIOR_SLOTS}
    assert inside == {13, 14, 15}
    # The interior slots are the ones no other slot surrounds less than fully:
    # each touches six neighbours in the frozen triangle.
    slots = rack_positions(SPEC)
    for i in pyramid.INTERIOR_SLOTS:
        near = [j for j, p in enumerate(slots)
                if j != i and math.dist(p, slots[i]) < D + 1e-9]
        assert len(near) == 6


@pytest.mark.parametrize(("order", "words"), [
    ((4, 5, 6, 7, 15, 8, 9, 14, 13, 10, 2, 1, 12, 11, 11), "ball 11 appears twice"),
    ((4, 5, 6, 7, 15, 8, 9, 14, 13, 10, 2, 1, 12, 11), "expected 15 balls"),
    ((4, 5, 6, 7, 15, 8, 9, 14, 13, 10, 2, 1, 12, 11, 16), "rack[14]"),
    ((15, 5, 6, 7, 4, 8, 9, 14, 13, 10, 2, 1, 12, 11, 3), "interior slots"),
])
def test_bad_racks_are_refused(order: tuple[int, ...], words: str) -> None:
    with pytest.raises(pyramid.RackError, match=words.replace("[", r"\[")
                       .replace("]", r"\]")):
        pyramid.check_rack(order)


def test_random_racks_are_valid_reproducible_and_varied() -> None:
    seen = set()
    for seed in range(40):
        order = pyramid.random_rack(seed)
        pyramid.check_rack(order)
        assert order == pyramid.random_rack(seed)
        seen.add(order)
    assert len(seen) > 30


def test_rack_state_apex_on_back_spot_frozen_and_complete() -> None:
    st = pyramid.rack_state()
    st.validate()
    assert pyramid.balls_accounted(st)
    assert st.position(4) == pytest.approx(SPEC.foot_spot)
    # Neighbours in the triangle touch (frozen), nothing overlaps.
    assert math.dist(st.position(5) or (0, 0), st.position(4) or (0, 0)) \
        == pytest.approx(D)
    cue = st.position(CUE_BALL)
    assert cue is not None and pyramid.in_house(SPEC, cue[0])


# -- the house (digest §1.1, §2.6, §2.7) -------------------------------------------


def test_the_house_line_is_not_in_the_house() -> None:
    assert pyramid.in_house(SPEC, LINE_X - 1e-6)
    assert not pyramid.in_house(SPEC, LINE_X)
    assert pyramid.directly_playable(SPEC, HandRegion.HOUSE, LINE_X)
    assert not pyramid.directly_playable(SPEC, HandRegion.HOUSE, LINE_X - 1e-6)
    assert pyramid.directly_playable(SPEC, HandRegion.TEMP_HOUSE, BACK_X)
    assert not pyramid.directly_playable(SPEC, HandRegion.TEMP_HOUSE, BACK_X + 1e-6)


def test_temporary_house_only_when_every_object_ball_is_in_the_house() -> None:
    assert pyramid.hand_region(table(b5=(0.5, 0.5), b6=(0.7, 1.2))) \
        is HandRegion.TEMP_HOUSE
    assert pyramid.hand_region(table(b5=(0.5, 0.5), b6=(LINE_X, 1.2))) \
        is HandRegion.HOUSE
    assert pyramid.hand_region(table()) is HandRegion.HOUSE


@pytest.mark.parametrize(("pos", "why"), [
    ((0.5, 0.5), None),
    ((LINE_X, 0.5), "on_line"),
    ((1.2, 0.5), "outside_region"),
    ((0.01, 0.5), "off_bed"),
    ((0.5, 1.2 + D / 2), "overlap"),
    ((0.5, 1.2 - D), "frozen_in_house"),
    ((LINE_X + 0.01 - D, 0.3), None),  # frozen to a ball outside the house
])
def test_placement_from_the_house(pos: tuple[float, float], why: str | None) -> None:
    st = table(b6=(0.5, 1.2), b7=(LINE_X + 0.01, 0.3))
    assert pyramid.placement_problem(st, HandRegion.HOUSE, pos) == why


def test_cue_in_hand_finds_a_legal_spot_when_the_middle_is_taken() -> None:
    spec_mid = (LINE_X / 2, MID_Y)
    st = table(b6=spec_mid, b7=(spec_mid[0], MID_Y + 0.06))
    out = pyramid.cue_in_hand(st, HandRegion.HOUSE)
    cue = out.position(CUE_BALL)
    assert cue is not None
    assert pyramid.placement_problem(st, HandRegion.HOUSE, cue) is None
    temp = pyramid.cue_in_hand(st, HandRegion.TEMP_HOUSE).position(CUE_BALL)
    assert temp is not None and temp[0] > BACK_X


# -- respotting (digest §2.11) -------------------------------------------------------


def test_respot_back_spot_then_behind_in_ascending_order() -> None:
    st, spots = pyramid.respot(table(b0=(1.0, 0.5)), [9, 5, 12])
    assert list(spots) == [5, 9, 12]
    assert spots[5] == pytest.approx((BACK_X, MID_Y))
    gap = D + pyramid.SPOT_GAP
    assert spots[9] == pytest.approx((BACK_X + gap, MID_Y))
    assert spots[12] == pytest.approx((BACK_X + 2 * gap, MID_Y))
    st.validate()


def test_respot_skips_a_ball_beside_the_line_and_not_one_far_from_it() -> None:
    # A ball 40 mm off the line still blocks the spot; one 80 mm off does not.
    _st, spots = pyramid.respot(table(b1=(BACK_X, MID_Y + 0.04)), [5])
    h = math.sqrt((D + pyramid.SPOT_GAP) ** 2 - 0.04 ** 2)
    assert spots[5] == pytest.approx((BACK_X + h, MID_Y))
    _, spots = pyramid.respot(table(b1=(BACK_X, MID_Y + 0.08)), [5])
    assert spots[5] == pytest.approx((BACK_X, MID_Y))


def test_respot_towards_the_centre_when_the_spotting_line_is_full() -> None:
    gap = D + pyramid.SPOT_GAP
    balls = {f"b{n}": (BACK_X + i * gap, MID_Y) for i, n in enumerate(range(1, 14))
             if BACK_X + i * gap <= SPEC.length - R}
    _st, spots = pyramid.respot(table(**balls), [15])
    assert spots[15][0] == pytest.approx(BACK_X - gap)


def test_the_cue_ball_is_never_respotted() -> None:
    with pytest.raises(ValueError, match="cue ball"):
        pyramid.respot(table(), [CUE_BALL])


# -- questions of the log (digest §2.4, §2.5) ----------------------------------------


def ev(kind: EventKind, *balls: int, **kw: object) -> Event:
    return Event(kind, 0.0, balls, **kw)  # type: ignore[arg-type]


def shot_facts(events: list[Event]) -> Facts:
    """The one facts type, read from a log on the racked pyramid table."""
    rack = pyramid.rack_state()
    return facts(Shot(rack, Stroke(0.0, 1.0), tuple(events),
                      pyramid.mark_log(rack, events)))


def test_legal_break_needs_contact_and_a_pot_or_enough_cushion_balls() -> None:
    hit = ev(EventKind.BALL_BALL, 0, 4)
    cush = [ev(EventKind.BALL_CUSHION, b, cushion="foot") for b in (2, 11, 3)]
    facts = shot_facts([hit, *cush[:2]])
    assert pyramid.legal_break(facts, 2)
    assert not pyramid.legal_break(facts, 3)
    # The same ball twice is one ball; the cue ball does not count.
    facts = shot_facts([hit, cush[0], cush[0],
                                ev(EventKind.BALL_CUSHION, 0, cushion="foot")])
    assert not pyramid.legal_break(facts, 2)
    facts = shot_facts([hit, ev(EventKind.POCKETED, 7, pocket="foot_left")])
    assert pyramid.legal_break(facts, 2)
    facts = shot_facts(cush)
    assert not pyramid.legal_break(facts, 0)


def test_shot_completion_counts_only_cushions_after_the_contact() -> None:
    before = ev(EventKind.BALL_CUSHION, 0, cushion="head")
    hit = ev(EventKind.BALL_BALL, 0, 5)
    assert not pyramid.shot_completed(shot_facts([before, hit]))
    assert pyramid.shot_completed(shot_facts([hit, before]))
    assert not pyramid.shot_completed(shot_facts([before]))


def test_facts_collect_pots_in_order_jumps_and_tip_contacts() -> None:
    log = [ev(EventKind.STROKE, 0), ev(EventKind.TIP_CONTACT, 0),
           ev(EventKind.BALL_BALL, 0, 5), ev(EventKind.POCKETED, 9, pocket="side_left"),
           ev(EventKind.POCKETED, 0, pocket="foot_left"), ev(EventKind.TIP_CONTACT, 3),
           ev(EventKind.LEFT_TABLE, 6, where="floor")]
    f = shot_facts(log)
    assert f.hit_ball == 5 and f.hit_index == 2
    assert tuple(b for _, b, _ in f.potted) == (9, 0)
    assert f.cue_potted is not None and f.potted_objects == (9,)
    cc = cue_contacts(log)
    assert cc.double_hits == (1,)
    assert cc.other_balls == ((5, (3,)),)
    assert tuple(b for _, b in f.left) == (6,)
