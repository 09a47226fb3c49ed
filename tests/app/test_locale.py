"""Every interface string the app asks for exists in English and Russian."""

from __future__ import annotations

import json
import re
from pathlib import Path

from simulator.app.text.i18n import LOCALE_DIR, Locale

APP = Path(__file__).resolve().parents[2] / "simulator" / "app"


def _keys(d: dict[str, object], prefix: str = "") -> set[str]:
    out: set[str] = set()
    for k, v in d.items():
        key = f"{prefix}.{k}" if prefix else k
        out |= _keys(v, key) if isinstance(v, dict) else {key}
    return out


def _counted(keys: set[str]) -> set[str]:
    """The keys with a count's plural forms as one (English has "one" and
    "other", Russian "one", "few" and "many")."""
    return {re.sub(r"\.(one|few|many|other)$", "", k) for k in keys}


def test_both_languages_have_the_same_keys() -> None:
    en = _keys(json.loads((LOCALE_DIR / "en" / "ui.json").read_text("utf-8")))
    ru = _keys(json.loads((LOCALE_DIR / "ru" / "ui.json").read_text("utf-8")))
    assert _counted(en) == _counted(ru), sorted(_counted(en) ^ _counted(ru))


def test_every_literal_key_in_the_code_is_translated() -> None:
    used: set[str] = set()
    for p in APP.rglob("*.py"):
        used |= set(re.findall(r'\bt\("([a-z_0-9.\-]+)"', p.read_text("utf-8")))
    assert len(used) > 100
    for lang in ("en", "ru"):
        loc = Locale(lang)
        missing = sorted(k for k in used if k not in loc.ui
                         and f"{k}.one" not in loc.ui)
        assert not missing, (lang, missing)


def test_choice_and_ball_in_hand_words_cover_the_referees_enums() -> None:
    from rules.ruling import BallInHand, Choice
    for lang in ("en", "ru"):
        loc = Locale(lang)
        for c in Choice:
            assert f"choice.{c.value}" in loc.ui, (lang, c)
            assert f"chosen.{c.value}" in loc.ui, (lang, c)  # said by others
        for b in BallInHand:
            assert f"bih.{b.value}" in loc.ui, (lang, b)


def test_a_number_that_rounds_to_zero_has_no_sign() -> None:
    """The computer's lag choice said "worth 0.00 · the opponent breaks:
    worth −0.00": a value that rounds to zero is written without a sign, in
    both languages; a negative one keeps its minus sign."""
    from simulator.app.text.i18n import Locale
    for lang, zero, minus in (("en", "0.00", "−0.01"), ("ru", "0,00", "−0,01")):
        loc = Locale(lang)
        assert loc.num(-0.001, 2) == zero
        assert loc.num(-0.0, 2) == zero
        assert loc.num(-0.012, 2) == minus
        assert loc.num(-0.04, 1) == ("0.0" if lang == "en" else "0,0")
