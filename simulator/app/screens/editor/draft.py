"""The editor's draft: plain scenario data (docs/formats.md) for a position and
its game state, checked with ``parse_scenario`` (the same validation as
loading) after every change; and what every part of the editor reads of it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from simulator.app.screens.practice.practice_screen import PracticeScreen
from simulator.app.text.words import reason_text
from simulator.files import profile
from simulator.table.specs import TableSpec, table_by_name

# Keys of a scenario that belong to a recorded situation: a changed position
# or discipline no longer matches them, so the editor drops them.
SITUATION_KEYS = ("stroke", "declarations", "question", "expect", "choice", "gallery")
# Position fields with widgets of their own; the rest are edited one at a time
# with "-" and "+" (the registry says which fields a game's position has).
STATE_EDITED = ("shooter", "breaker", "ball_in_hand", "groups")
OPEN = "open"  # no group chosen yet (8-ball)
LANGS = ("en", "ru")


def info_of(discipline: str) -> Any:
    """A game's facts from the referee's registry."""
    from rules import registry
    return registry.info(discipline)


def first_game() -> str:
    from rules import registry
    return registry.names()[0]


def scenarios_dir() -> Path:
    return profile.scenarios_dir()


# A new draft's title; a title edited in one language only is taken for
# both (a Russian default beside an English title named the file wrongly).
DEFAULT_TITLE = {"en": "My position", "ru": "Моя позиция"}


def new_draft(discipline: str = "") -> dict[str, Any]:
    discipline = discipline or first_game()
    info = info_of(discipline)
    spec = table_by_name(info.default_table)
    L, W = spec.length, spec.width
    balls = {"0": [round(L * 0.25, 4), round(W * 0.5, 4)],
             "1": [round(L * 0.75, 4), round(W * 0.5, 4)]}
    if info.game_ball is not None:  # 8-ball 1, 9-ball 1: it decides the game
        balls[str(info.game_ball)] = [round(L * 0.75, 4), round(W * 0.25, 4)]
    return {
        "format": "kiy-scenario", "version": 1, "id": "my-position",
        "discipline": discipline,
        "players": info.min_players,
        "title": dict(DEFAULT_TITLE),
        "balls": balls,
        "state": {},
    }


def draft_spec(d: Mapping[str, Any]) -> TableSpec:
    if isinstance(d.get("table"), str):
        try:
            return table_by_name(d["table"])
        except ValueError:
            pass
    try:
        return table_by_name(info_of(str(d.get("discipline", ""))).default_table)
    except Exception:  # an unknown game: the draft's check says so
        return table_by_name(info_of(first_game()).default_table)


_LATIN = dict(zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюя", (
    "a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "y", "k", "l", "m",
    "n", "o", "p", "r", "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch",
    "", "y", "", "e", "yu", "ya"), strict=True))


def slug(text: str) -> str:
    """A file name and a situation id from a title (Russian in Latin letters)."""
    latin = "".join(_LATIN.get(c, c) for c in text.lower())
    s = re.sub(r"[^a-z0-9_-]+", "-", latin).strip("-")
    return (s or "my-position")[:64].strip("-") or "my-position"


class EditorBase(PracticeScreen):
    """The draft the editor's parts work on: the game it is for, its balls,
    whether it loads, and why not."""

    draft: dict[str, Any]
    selected: int  # the ball a click on the cloth puts down
    error: str | None  # why the draft would not load
    refused: str | None  # why the last state change was refused
    field: str  # the state field the "-" and "+" buttons change
    field_chosen: bool  # picked by the player, else it follows the position
    field_player: int  # whose, for a field per player

    @property
    def discipline(self) -> str:
        return str(self.draft.get("discipline", "") or first_game())

    @property
    def info(self) -> Any:
        try:
            return info_of(self.discipline)
        except Exception:
            return info_of(first_game())

    def state_field(self, key: str) -> Any:
        return next((f for f in self.info.position_fields() if f.name == key), None)

    def per_player(self, key: str) -> bool:
        f = self.state_field(key)
        return bool(f is not None and f.per_player)

    def balls(self) -> dict[int, tuple[float, float]]:
        out: dict[int, tuple[float, float]] = {}
        for k, v in self.draft.get("balls", {}).items():
            if str(k).isdigit() and isinstance(v, list) and len(v) == 2:
                out[int(k)] = (float(v[0]), float(v[1]))
        return out

    def changed(self) -> None:
        """A change to the position or the state: drop the recorded situation
        that no longer fits and validate again."""
        for k in SITUATION_KEYS:
            self.draft.pop(k, None)
        self.check()

    def check(self) -> bool:
        from simulator.practice.scenario import ScenarioError, parse_scenario, playable
        try:
            playable(parse_scenario(self.draft))
        except ScenarioError as e:
            self.error = self.why(e)
            return False
        self.error = None
        return True

    def why(self, error: BaseException) -> str:
        """The loader's reason for refusing, in the player's language."""
        return reason_text(self.app.locale, error)

    def full_rack(self) -> bool:
        """Every ball of the game on the table: a position a break may be
        played from (the referee refuses a break without it)."""
        have = self.balls()
        return all(b in have for b in self.info.balls)

    def max_ball(self) -> int:
        return int(max(self.info.balls))

    def next_free(self) -> int:
        have = self.balls()
        for b in range(0, self.max_ball() + 1):
            if b not in have:
                return b
        return self.selected
