"""A play-tester's findings on texts, at 800x500 and in Russian: the export
dialog says what the file does, the quiz and the gallery name their runs and
entries for what they are, nothing is cut, and one spelling of the game."""

from __future__ import annotations

import json
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[2] / "assets" / "locale"


def test_russian_texts_spell_the_game_one_way() -> None:
    # The rule references say «Восьмёрка»; the rule texts must not say «Восьмерка».
    for path in sorted((LOCALE / "ru").glob("*.json")):
        text = json.loads(path.read_text(encoding="utf-8"))
        bad = [k for k, v in _flat(text) if "осьмерк" in v]
        assert not bad, f"{path.name}: {bad}"


def _flat(tree: object, prefix: str = "") -> list[tuple[str, str]]:
    if isinstance(tree, dict):
        out: list[tuple[str, str]] = []
        for k, v in tree.items():
            out += _flat(v, f"{prefix}{k}.")
        return out
    return [(prefix, str(tree))] if isinstance(tree, str) else []
