"""The seed's rule 20 (general rules) calls the foul «двойной удар»; the
Russian texts said «двойной удар» in the rule and the ruling and
«двойное касание» in the gallery's title, a practice situation and the
Express penalty: one foul, two names. Every Russian text says «двойной
удар», as every English one says "double hit"."""

from __future__ import annotations

import re
from pathlib import Path

ASSETS = Path(__file__).resolve().parents[1] / "assets"


def texts(lang: str) -> str:
    parts = [p.read_text(encoding="utf-8")
             for p in (ASSETS / "locale" / lang).glob("*.json")]
    parts += [p.read_text(encoding="utf-8") for p in ASSETS.rglob("*.toml")]
    return "\n".join(parts)


def test_one_name_for_the_double_hit_in_russian() -> None:
    ru = texts("ru")
    assert re.search(r"[Дд]войн\w* удар", ru)
    assert not re.search(r"[Дд]войн\w* касани", ru), \
        re.findall(r".{40}[Дд]войн\w* касани\w*.{20}", ru)


def test_one_name_for_the_double_hit_in_english() -> None:
    en = texts("en")
    assert re.search(r"[Dd]ouble hit", en)
    assert not re.search(r"[Dd]ouble[- ](touch|contact)", en)
