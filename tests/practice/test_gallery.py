"""The foul gallery: every entry, played by the physics, produces the foul it
shows (no faked events: the shot comes from simulate) at the event it pauses
at, and no foul it does not mean to show."""

from __future__ import annotations

import pytest

from simulator.practice import gallery
from simulator.practice.gallery import GalleryError
from simulator.table.events import EventKind

ENTRIES = gallery.entries()


def test_at_least_fifteen_entries_in_order() -> None:
    assert len(ENTRIES) >= 15
    orders = [e.info.order for e in ENTRIES]
    assert orders == sorted(orders)
    assert len({e.info.foul for e in ENTRIES}) >= 12


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.id)
def test_entry_produces_its_foul(entry: gallery.GalleryEntry) -> None:
    demo = gallery.demonstrate(entry)
    assert demo.foul.code.id == entry.info.foul
    assert demo.unintended() == ()
    assert demo.pause_event.kind is entry.info.pause
    # The pause is inside the shot (at the stroke itself for a push or a
    # miscue, later for anything the balls do).
    assert demo.shot.events[0].kind is EventKind.STROKE
    assert 0 <= demo.pause_index < len(demo.shot.events)
    assert (demo.pause_index == 0) == (entry.info.pause is EventKind.STROKE)
    # Highlighted balls were on the table at the start.
    for b in demo.balls:
        assert demo.shot.initial.position(b) is not None
    en, ru = demo.rule_text("en"), demo.rule_text("ru")
    assert en != entry.info.foul and ru != entry.info.foul and en != ru


def test_a_stroke_that_misses_its_foul_is_refused() -> None:
    entry = next(e for e in ENTRIES if e.info.foul == "foul.scratch")
    data = entry.scenario.to_dict()
    data["gallery"]["foul"] = "foul.bad_hit"
    from simulator.practice.scenario import parse_scenario

    sc = parse_scenario(data)
    assert sc.gallery is not None
    with pytest.raises(GalleryError, match=r"does not produce foul\.bad_hit"):
        gallery.demonstrate(gallery.GalleryEntry(sc, sc.gallery))


def test_a_wrong_ball_first_in_9_ball_is_cited_as_9_ball_rule_7_everywhere() -> None:
    """9-ball 7 states the foul of a wrong ball first: the gallery's rule,
    its rule text and the quiz's rules name it, as the ruling does, where
    the code's home rule (general 16) was cited."""
    from rules.codes import n9
    from simulator.practice.quiz import grade, make_questions
    entry = next(e for e in ENTRIES if e.id == "gallery-nine-wrong-ball")
    demo = gallery.demonstrate(entry)
    assert demo.foul.ref == n9("7") and entry.ref == n9("7")
    assert demo.rule_text("en").endswith("(9-ball rule 7)")
    assert demo.rule_text("ru").endswith("(«Девятка», п.\u00a07)")
    q = make_questions(entry.scenario, demo.ruling)[0]
    refs = grade(q, "yes", demo.ruling).refs
    assert n9("7") in refs and all(r.section != "general" for r in refs), refs
