"""TableState: where every ball is. Pure data, JSON round-trip without loss."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from simulator.files.reasons import Explained
from simulator.table.resting import first_problem
from simulator.table.specs import TableSpec, Vec, table_by_name


class Where(StrEnum):
    TABLE = "table"
    POCKETED = "pocketed"
    OFF_TABLE = "off_table"


class StateError(Explained):
    """A table state that cannot be: names the field and the reason."""


@dataclass(frozen=True)
class BallState:
    ball: int
    where: Where
    x: float = 0.0
    y: float = 0.0
    pocket: str | None = None  # which pocket, when pocketed

    @property
    def pos(self) -> Vec:
        return (self.x, self.y)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"ball": self.ball, "where": self.where.value}
        if self.where is Where.TABLE:
            d["x"] = self.x
            d["y"] = self.y
        if self.pocket is not None:
            d["pocket"] = self.pocket
        return d


@dataclass(frozen=True)
class TableState:
    """Every ball of the set is in exactly one place: on the bed, in a pocket, off."""

    table: str
    balls: tuple[BallState, ...]

    # -- queries -----------------------------------------------------------
    @property
    def spec(self) -> TableSpec:
        return table_by_name(self.table)

    def ball(self, ball: int) -> BallState:
        for b in self.balls:
            if b.ball == ball:
                return b
        raise KeyError(f"ball {ball} is not in this state")

    def on_table(self) -> tuple[int, ...]:
        return tuple(b.ball for b in self.balls if b.where is Where.TABLE)

    def pocketed(self) -> tuple[int, ...]:
        return tuple(b.ball for b in self.balls if b.where is Where.POCKETED)

    def position(self, ball: int) -> Vec | None:
        b = self.ball(ball)
        return b.pos if b.where is Where.TABLE else None

    # -- edits (return new states) ----------------------------------------
    def with_ball(self, ball: BallState) -> TableState:
        found = False
        new: list[BallState] = []
        for b in self.balls:
            if b.ball == ball.ball:
                new.append(ball)
                found = True
            else:
                new.append(b)
        if not found:
            new.append(ball)
            new.sort(key=lambda s: s.ball)
        return replace(self, balls=tuple(new))

    def place(self, ball: int, x: float, y: float) -> TableState:
        return self.with_ball(BallState(ball, Where.TABLE, x, y))

    def remove(
        self, ball: int, where: Where = Where.POCKETED, pocket: str | None = None
    ) -> TableState:
        return self.with_ball(BallState(ball, where, pocket=pocket))

    # -- construction and checks ---------------------------------------------
    @classmethod
    def from_positions(
        cls, table: str, positions: Mapping[int, Vec], absent: Iterable[int] = ()
    ) -> TableState:
        """Balls at the given positions; every other ball of the set is in `absent`
        (pocketed) or, if not listed there either, simply not in play (pocketed)."""
        spec = table_by_name(table)
        balls: list[BallState] = []
        absent_set = set(absent)
        for ball in spec.balls.ids:
            if ball in positions:
                x, y = positions[ball]
                balls.append(BallState(ball, Where.TABLE, float(x), float(y)))
            elif ball in absent_set:
                balls.append(BallState(ball, Where.POCKETED))
        return cls(spec.name, tuple(balls))

    def validate(self) -> None:
        """Raise StateError naming the first problem: unknown or repeated balls,
        a ball that cannot rest where it is (simulator.table.resting: off the slate,
        pressing into a cushion, a jaw or another ball)."""
        spec = self.spec
        seen: set[int] = set()
        index: dict[int, int] = {}
        for i, b in enumerate(self.balls):
            field = f"balls[{i}]"
            if b.ball not in spec.balls.ids:
                raise StateError(f"{field}.ball: unknown ball {b.ball} for {spec.name}")
            if b.ball in seen:
                raise StateError(f"{field}.ball: ball {b.ball} is listed twice")
            seen.add(b.ball)
            index[b.ball] = i
            if b.where is Where.POCKETED and b.pocket is not None:
                names = {p.name for p in spec.pockets}
                if b.pocket not in names:
                    raise StateError(f"{field}.pocket: unknown pocket {b.pocket!r}")
        found = first_problem(
            spec, {b.ball: b.pos for b in self.balls if b.where is Where.TABLE}
        )
        if found is not None:
            balls, why = found
            if len(balls) == 1:
                raise StateError(f"balls[{index[balls[0]]}]: {why}",
                                 "ball_cannot_rest", ball=balls[0])
            raise StateError(why, "balls_overlap", ball=balls[0], other=balls[1])

    # -- serialisation -------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"table": self.table, "balls": [b.to_dict() for b in self.balls]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableState:
        if not isinstance(data, Mapping):
            raise StateError("state: expected an object with 'table' and 'balls'")
        table = data.get("table")
        if not isinstance(table, str):
            raise StateError("state.table: expected a table name")
        try:
            spec = table_by_name(table)
        except ValueError as e:
            raise StateError(f"state.table: {e}") from None
        raw = data.get("balls")
        if not isinstance(raw, list):
            raise StateError("state.balls: expected a list")
        balls: list[BallState] = []
        for i, item in enumerate(raw):
            f = f"state.balls[{i}]"
            if not isinstance(item, Mapping):
                raise StateError(f"{f}: expected an object")
            unknown = set(item) - {"ball", "where", "x", "y", "pocket"}
            if unknown:
                raise StateError(f"{f}: unknown key {sorted(unknown)[0]!r}")
            ball = item.get("ball")
            if not isinstance(ball, int) or isinstance(ball, bool):
                raise StateError(f"{f}.ball: expected a whole number")
            try:
                where = Where(item.get("where", "table"))
            except ValueError:
                raise StateError(
                    f"{f}.where: must be table, pocketed or off_table"
                ) from None
            x = item.get("x", 0.0)
            y = item.get("y", 0.0)
            for name, v in (("x", x), ("y", y)):
                if isinstance(v, bool) or not isinstance(v, int | float):
                    raise StateError(f"{f}.{name}: expected a number in metres")
            if where is Where.TABLE and ("x" not in item or "y" not in item):
                raise StateError(f"{f}: a ball on the table needs x and y")
            pocket = item.get("pocket")
            if pocket is not None and not isinstance(pocket, str):
                raise StateError(f"{f}.pocket: expected a pocket name")
            balls.append(BallState(ball, where, float(x), float(y), pocket))
        state = cls(spec.name, tuple(balls))
        state.validate()
        return state

    @classmethod
    def from_json(cls, text: str) -> TableState:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise StateError(f"state: not valid JSON ({e})") from None
        return cls.from_dict(data)
