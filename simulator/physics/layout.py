"""Layout files for the command line: a table, ball positions and a stroke.

JSON or TOML (chosen by the file's suffix). See docs/formats.md.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from simulator.files.inputs import InputError, read_document
from simulator.physics.cue import StrokeError
from simulator.physics.simulate import validate_motion
from simulator.table import resting
from simulator.table.events import BallMotion, Stroke
from simulator.table.specs import table_by_name
from simulator.table.state import StateError, TableState


class LayoutError(ValueError):
    """A layout file that cannot be used: names the field and the reason."""


@dataclass(frozen=True)
class Layout:
    state: TableState
    stroke: Stroke | None
    # What was moved to make the balls rest (simulator.table.resting.settle): one
    # line per ball, for the reader of the file.
    repairs: tuple[str, ...] = ()
    # Balls already moving when the shot begins (a drill).
    motion: Mapping[int, BallMotion] = field(default_factory=dict)


def _number(value: Any, field: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise LayoutError(f"{field}: expected a number, got {value!r}")
    if not math.isfinite(value):
        raise LayoutError(f"{field}: expected a finite number, got {value!r}")
    return float(value)


def parse_layout(data: Any) -> Layout:
    if not isinstance(data, Mapping):
        raise LayoutError("layout: expected a table of keys (table, balls, stroke)")
    unknown = set(data) - {"table", "balls", "stroke", "motion"}
    if unknown:
        raise LayoutError(
            f"{sorted(unknown)[0]}: unknown key (expected table, balls, stroke, motion)"
        )
    table = data.get("table")
    if not isinstance(table, str):
        raise LayoutError(
            "table: expected a table name such as pool_9ft or pyramid_12ft"
        )
    try:
        spec = table_by_name(table)
    except ValueError as e:
        raise LayoutError(f"table: {e}") from None
    balls = data.get("balls")
    if not isinstance(balls, Mapping) or not balls:
        raise LayoutError(
            'balls: expected a table of ball number -> [x, y], e.g. "0" = [0.6, 0.6]'
        )
    positions: dict[int, tuple[float, float]] = {}
    for key, value in balls.items():
        field = f"balls.{str(key)[:20]}"
        try:
            ball = int(key)
        except (TypeError, ValueError):
            raise LayoutError(
                f"{field}: a ball is named by its number (0 is the cue ball)"
            ) from None
        if ball not in spec.balls.ids:
            raise LayoutError(
                f"{field}: no ball {ball} in the {spec.name} set "
                f"(0 to {max(spec.balls.ids)})"
            )
        if ball in positions:
            raise LayoutError(f"{field}: ball {ball} is given twice")
        if not isinstance(value, list | tuple) or len(value) != 2:
            raise LayoutError(f"{field}: expected [x, y] in metres")
        positions[ball] = (
            _number(value[0], f"{field}[0]"),
            _number(value[1], f"{field}[1]"),
        )
    # Off by less than resting.REPAIR_LIMIT (a hand-made file, rounding):
    # moved to the nearest spot where every ball rests, and said so.
    repairs: list[str] = []
    try:
        settled, _ = resting.settle(spec, positions)
    except resting.RestingError as e:
        found = resting.first_problem(spec, positions)
        where = f"balls.{found[0][0]}" if found and len(found[0]) == 1 else "balls"
        raise LayoutError(f"{where}: {e}") from None
    for ball in sorted(settled):
        moved = math.dist(settled[ball], positions[ball])
        if moved > resting.TOLERANCE:  # not the nanometre margins
            repairs.append(
                f"balls.{ball}: moved {moved * 1e6:.1f} um to rest clear of "
                "the cushions and the other balls"
            )
    state = TableState.from_positions(spec.name, settled)
    try:
        state.validate()
    except StateError as e:  # pragma: no cover - settle() leaves none
        raise LayoutError(str(e)) from None
    stroke = None
    if "stroke" in data:
        raw = data["stroke"]
        if not isinstance(raw, Mapping):
            raise LayoutError("stroke: expected a table with direction and speed")
        try:
            stroke = Stroke.from_dict(raw)
        except ValueError as e:
            raise LayoutError(str(e)) from None
    motion = _motion(data.get("motion", {}), state)
    return Layout(state, stroke, tuple(repairs), motion)


def _vector(value: Any, field: str, sizes: tuple[int, ...]) -> tuple[float, ...]:
    if not isinstance(value, list | tuple) or len(value) not in sizes:
        want = " or ".join(str(n) for n in sizes)
        raise LayoutError(f"{field}: expected a list of {want} numbers")
    return tuple(_number(v, f"{field}[{i}]") for i, v in enumerate(value))


def _motion(raw: Any, state: TableState) -> dict[int, BallMotion]:
    """motion.<ball> = {velocity = [vx, vy] or [vx, vy, vz], spin = [wx, wy, wz]}"""
    if not isinstance(raw, Mapping):
        raise LayoutError("motion: expected a table of ball number -> motion")
    out: dict[int, BallMotion] = {}
    for key, value in raw.items():
        where = f"motion.{str(key)[:20]}"
        try:
            ball = int(key)
        except (TypeError, ValueError):
            raise LayoutError(f"{where}: a ball is named by its number") from None
        if not isinstance(value, Mapping):
            raise LayoutError(f"{where}: expected velocity and spin")
        unknown = set(value) - {"velocity", "spin"}
        if unknown:
            raise LayoutError(
                f"{where}.{sorted(unknown)[0]}: unknown key (expected velocity, spin)"
            )
        v = _vector(value.get("velocity", [0.0, 0.0]), f"{where}.velocity", (2, 3))
        w = _vector(value.get("spin", [0.0, 0.0, 0.0]), f"{where}.spin", (3,))
        velocity = (v[0], v[1], v[2] if len(v) == 3 else 0.0)
        out[ball] = BallMotion(velocity, (w[0], w[1], w[2]))
    try:
        validate_motion(state, out)
    except StrokeError as e:
        raise LayoutError(str(e)) from None
    return out


def load_layout(path: Path) -> Layout:
    """Read a layout file (simulator.files.inputs: size, regular file, UTF-8, nesting,
    finite numbers) and check it; LayoutError names what is wrong."""
    try:
        data: Any = read_document(path)
    except InputError as e:
        raise LayoutError(str(e)) from None
    return parse_layout(data)
