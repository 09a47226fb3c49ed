"""The physics in parts (issue 11): each file depends only on what lies below
it, the stick on the bottom layer only, and the contact laws are chosen per
simulation and named in the Shot."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from simulator.physics import (
    compliant_models,
    default_models,
    reference_models,
    simulate,
)
from simulator.table.events import REFERENCE_MODELS, EventKind, Shot, Stroke
from simulator.table.specs import pool_table
from simulator.table.state import TableState

PHYSICS = Path(__file__).parents[2] / "simulator" / "physics"
POOL = pool_table(9)

# Each module's layer: a module may import modules of lower layers only.
LAYERS = {
    "cloth": 0,
    "collisions": 0,
    "cue": 0,
    "errors": 0,
    "shaft": 0,
    "airborne": 1,
    "models": 1,
    "balls": 2,
    "log": 3,
    "touch": 3,
    "stats": 3,
    "lines": 4,
    "pockets": 4,
    "near": 4,
    "stick": 4,
    "flight": 4,
    "contacts": 5,
    "bodies": 5,
    "pace": 5,
    "falls": 5,
    "settle": 5,
    "instants": 6,
    "world": 7,
    "quick": 8,
    "simulate": 9,
    "layout": 10,
    "__main__": 11,
    "__init__": 12,
}


def _physics_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith("simulator.physics."):
                out.add(node.module.rsplit(".", 1)[1])
            elif node.module == "simulator.physics":
                out.update(a.name for a in node.names)
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("simulator.physics."):
                    out.add(a.name.rsplit(".", 1)[1])
    return out & set(LAYERS)


@pytest.mark.parametrize("module", sorted(LAYERS))
def test_each_part_imports_only_what_lies_below_it(module: str) -> None:
    imports = _physics_imports(PHYSICS / f"{module}.py")
    above = sorted(m for m in imports if LAYERS[m] >= LAYERS[module])
    assert above == [], f"{module} imports {above}"


def test_every_physics_file_has_its_layer() -> None:
    files = {p.stem for p in PHYSICS.glob("*.py")}
    assert files == set(LAYERS)


def test_the_stick_uses_only_the_bottom_layer() -> None:
    """The stick sees ball records, the log and the world's small interface
    (log.Table), never the world itself."""
    assert _physics_imports(PHYSICS / "stick.py") <= {"balls", "log", "cue"}


def test_no_physics_file_imports_rules_or_pygame() -> None:
    for path in PHYSICS.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            for name in names:
                assert not name.startswith(("rules", "pygame")), (path.name, name)


def _shot(models_name: str) -> str:
    state = TableState.from_positions(POOL.name, {0: (1.0, 0.5), 1: (1.6, 0.5)})
    args = (POOL.balls, POOL.physics, POOL.cushion_height)
    models = {
        "reference": reference_models(*args),
        "default": default_models(*args),
        "compliant": compliant_models(*args),
    }[models_name]
    shot = simulate(state, Stroke(0.0, 2.0), models=models)
    assert shot.of_kind(EventKind.BALL_CUSHION)
    return shot.models


def test_a_shot_names_the_laws_that_made_it() -> None:
    assert _shot("reference") == REFERENCE_MODELS
    assert _shot("default") == "coulomb-cloth/slip-friction/rigid-han-speed"
    assert _shot("compliant") == "coulomb-cloth/slip-friction/compliant-shear"
    state = TableState.from_positions(POOL.name, {0: (1.0, 0.5)})
    assert simulate(state, Stroke(0.0, 1.0)).models == _shot("default")


def _follow_shot(models: str | None = None) -> Shot:
    """A rolling follow shot into a ball and on into the rails: both laws
    (ball-ball and cushion) show in it."""
    state = TableState.from_positions(POOL.name, {0: (0.6, 0.6), 1: (1.2, 0.6)})
    return simulate(state, Stroke(8.0, 2.5, 0.0, 0.4), models=models)


def test_a_shot_saved_before_the_laws_had_names_replays_with_the_old_laws() -> None:
    """A save written before the default laws changed names no laws (its
    shots' JSON has no "models"): it was made with the reference laws, and
    replays with them, bit for bit; a new shot names its laws in its JSON
    and replays with them."""
    from rules.referee import shot_from_dict

    old = _follow_shot(REFERENCE_MODELS)
    saved = json.loads(old.to_json())
    assert "models" not in saved
    loaded = shot_from_dict(saved)
    assert loaded.models == REFERENCE_MODELS
    again = simulate(loaded.initial, loaded.stroke, models=loaded.models)
    assert again.to_dict() == saved
    # The default laws give another shot: the name is what keeps the save.
    assert _follow_shot().to_dict()["events"] != saved["events"]
    new = _follow_shot()
    saved_new = json.loads(new.to_json())
    assert saved_new["models"] == "coulomb-cloth/slip-friction/rigid-han-speed"
    loaded_new = shot_from_dict(saved_new)
    replay = simulate(loaded_new.initial, loaded_new.stroke, models=loaded_new.models)
    assert replay.to_dict() == saved_new


@pytest.mark.parametrize(
    ("models", "words"),
    [
        ("coulomb-cloth/throw-impulse", "expected cloth/ball-ball/cushion"),
        ("coulomb-cloth/sticky/rigid-han", "no law 'sticky'"),
        (7, "expected the name of the contact laws"),
    ],
)
def test_a_save_naming_unknown_laws_is_refused_with_the_reason(
    models: object, words: str
) -> None:
    from rules.referee import RulesError, shot_from_dict

    saved = json.loads(_follow_shot().to_json())
    saved["models"] = models
    with pytest.raises(RulesError, match=re.escape(words)) as err:
        shot_from_dict(saved)
    assert str(err.value).startswith("shot.models: ")
    if isinstance(models, str):  # the physics refuses the name too
        state = TableState.from_positions(POOL.name, {0: (0.6, 0.6)})
        with pytest.raises(ValueError, match=re.escape(words)):
            simulate(state, Stroke(0.0, 1.0), models=models)


def test_the_quick_constructors_make_the_same_events_and_snapshots() -> None:
    """The physics makes its snapshots and events with events.snapshot_of and
    event_of (no frozen __init__ per field): they must be the objects the
    classes' own constructors make, and refuse a field the class lacks."""
    import pickle

    from simulator.table.events import BallSnapshot, Event, Phase, event_of, snapshot_of

    values = (3, 0.1, 0.2, 0.028575, 1.5, -0.5, 0.0, 10.0, -4.0, 2.5, Phase.SLIDING)
    quick, slow = snapshot_of(*values), BallSnapshot(*values)
    assert quick == slow and hash(quick) == hash(slow) and repr(quick) == repr(slow)
    assert pickle.loads(pickle.dumps(quick)) == slow
    fields = {"cushion": "head", "pocket": None, "speed": 1.25}
    e1 = event_of(EventKind.BALL_CUSHION, 0.5, (3,), (quick,), **fields)
    e2 = Event(EventKind.BALL_CUSHION, 0.5, (3,), (slow,), **fields)
    assert e1 == e2 and hash(e1) == hash(e2) and repr(e1) == repr(e2)
    assert e1.to_dict() == e2.to_dict()
    assert event_of(EventKind.REST, 2.0) == Event(EventKind.REST, 2.0)
    with pytest.raises(TypeError, match="colour"):
        event_of(EventKind.REST, 2.0, colour="red")


def test_kiy_verify_replays_an_old_save_with_the_laws_it_was_made_with(
    tmp_path: Path,
) -> None:
    """A match saved before the default laws changed (its shots made with the
    reference laws, their JSON naming none) verifies shot for shot; the same
    file claiming the default laws does not, so the name is what does it."""
    import random

    from rules.referee import Match
    from simulator.files import saves
    from simulator.files.verify import verify
    from simulator.tools.selfplay import OPTIONS, choose_stroke, make_choice

    rng = random.Random(3)
    match = Match(["P1", "P2"], "9-ball", OPTIONS["9-ball"], seed=5)
    played = 0
    while played < 6:
        if make_choice(rng, match):
            continue
        table, stroke, decl = choose_stroke(rng, match.requirements(), match.table())
        match.apply(simulate(table, stroke, models=REFERENCE_MODELS), decl)
        played += 1
    path = saves.write_save(match, tmp_path / "old.kiy")
    text = path.read_text(encoding="utf-8")
    assert '"models"' not in text
    report = verify(str(path))
    assert (report.strokes, report.difference) == (6, None)
    claimed = json.loads(text)
    for act in claimed["match"]["actions"]:
        if act.get("type") == "shot":
            act["shot"]["models"] = "coulomb-cloth/slip-friction/rigid-han-speed"
    forged = tmp_path / "claimed.kiy"
    forged.write_text(json.dumps(claimed), encoding="utf-8")
    forged_report = verify(str(forged))
    assert forged_report.difference is not None and forged_report.strokes >= 1
