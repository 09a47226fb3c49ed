"""Every scenario of the library loads, and its recorded stroke, played by the
physics and judged by the referee, gives the ruling the file states.

Each file names the seed rule it demonstrates ([rule]: section and number of
000_a841db6d9a298577.txt or, for Express, 003_b8c72cf2f78c660c.txt)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from simulator.practice import library
from simulator.practice.scenario import (
    check_result,
    dump_scenario,
    load_scenario,
    play_scenario,
)

PATHS = library.scenario_paths()
GALLERY = library.gallery_paths()


def test_library_loads_at_least_forty_across_the_four_games() -> None:
    lib = library.library()
    assert lib.errors == ()
    assert len(lib.entries) >= 40
    per_game = Counter(e.discipline for e in lib.entries)
    assert set(per_game) == {"8-ball", "9-ball", "14.1", "express"}
    assert min(per_game.values()) >= 8


@pytest.mark.parametrize("path", PATHS + GALLERY, ids=lambda p: p.stem)
def test_recorded_stroke_gives_the_expected_ruling(path: Path) -> None:
    sc = load_scenario(path)
    assert sc.id == path.stem
    assert sc.stroke is not None and sc.expect, "every scenario plays and expects"
    assert "fouls" in sc.expect, "every scenario states its exact fouls"
    assert sc.rule is not None
    assert sc.title.en != sc.title.ru and sc.explanation.en != sc.explanation.ru
    res = play_scenario(sc)
    assert check_result(sc, res) == []
    # The file is exactly what the writer makes of it (round trip).
    assert dump_scenario(sc) == path.read_text(encoding="utf-8")


def test_the_issue_situations_are_there() -> None:
    ids = set(library.library().ids())
    wanted = {
        "8ball-eight-on-break", "8ball-open-table-eight-first",
        "9ball-push-out-hand-back", "9ball-push-out-taken",
        "9ball-third-foul-after-warning", "straight-rerack-ball-and-cue-in-rack",
        "straight-opening-break-penalty", "8ball-kitchen-direct",
        "8ball-frozen-cushion-foul", "express-foreign", "express-own",
        "express-signature", "express-knockout", "express-last-two",
        "8ball-scratch-after-pot", "9ball-wrong-ball-first", "8ball-no-rail",
        "9ball-legal-pot",
    }
    assert wanted <= ids


def test_rerack_cell_is_the_seed_table() -> None:
    """14.1 7.3/7.6: 15th ball and cue ball both in the rack area: the ball
    to the foot spot, the cue ball in hand in the kitchen."""
    sc = library.load("straight-rerack-ball-and-cue-in-rack")
    res = play_scenario(sc)
    assert res.ruling.rerack and res.ruling.ball_in_hand.value == "kitchen"
    table = res.after.table
    spec = table.spec
    fifteenth = [b for b in table.on_table() if b != 0]
    assert len(fifteenth) == 15
    assert table.position(12) == pytest.approx(spec.foot_spot)


def test_a_choice_changes_who_shoots() -> None:
    """9-ball 5: after a push-out the opponent takes the shot or hands it
    back; handed back, the pusher shoots."""
    back = play_scenario(library.load("9ball-push-out-hand-back"))
    taken = play_scenario(library.load("9ball-push-out-taken"))
    assert back.after_choice is not None and taken.after_choice is not None
    assert back.after_choice.shooter == 0
    assert taken.after_choice.shooter == 1


def test_a_wrong_expectation_is_reported() -> None:
    sc = library.load("8ball-scratch-after-pot")
    res = play_scenario(sc)
    data = sc.to_dict()
    data["expect"]["fouls"] = ["foul.bad_hit"]
    data["expect"]["next_shooter"] = 0
    from simulator.practice.scenario import parse_scenario

    wrong = parse_scenario(data)
    bad = check_result(wrong, res)
    assert any(b.startswith("expect.fouls") for b in bad)
    assert any(b.startswith("expect.next_shooter") for b in bad)


def test_a_listed_file_edited_or_broken_is_listed_as_it_now_is(tmp_path: Path) -> None:
    """The library keeps each file's entry while its text stays the same
    (the menus list it again and again): a file rewritten with a new title,
    then broken, then mended, is listed each time as it is then, not as
    first read."""
    source = library.scenario_paths()[0]
    text = source.read_text(encoding="utf-8")
    first = library.scan([source]).entries[0]
    title = first.title.en
    assert f'"{title}"' in text
    copy = tmp_path / source.name
    copy.write_text(text, encoding="utf-8")
    assert library.scan([copy]).entries[0].title == first.title
    # The same length, so neither size nor a coarse clock tells it apart.
    renamed = title[:-1] + ("X" if title[-1] != "X" else "Y")
    copy.write_text(text.replace(f'"{title}"', f'"{renamed}"', 1), encoding="utf-8")
    assert library.scan([copy]).entries[0].title.en == renamed
    copy.write_text(text.replace("id", "ident", 1), encoding="utf-8")
    broken = library.scan([copy])
    assert not broken.entries and broken.errors[0][0] == copy
    copy.write_text(text, encoding="utf-8")
    assert library.scan([copy]).entries[0].title == first.title
