"""Where Kiy's data files are: the ``kiy_assets`` package (the top-level
``assets/`` folder, installed as package data), found through
importlib.resources so that an editable install, ``pip install .``, a wheel and
``pipx install`` all find the same texts and scenarios."""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

PACKAGE = "kiy_assets"


@cache
def assets_dir() -> Path:
    """The folder holding ``locale/`` and ``scenarios/``."""
    try:
        root = resources.files(PACKAGE)
    except ModuleNotFoundError:
        # A checkout that was never installed: the folder beside the code.
        return Path(__file__).resolve().parents[1] / "assets"
    return Path(str(root))


def locale_dir() -> Path:
    return assets_dir() / "locale"


def scenarios_dir() -> Path:
    return assets_dir() / "scenarios"


NBSP = "\u00a0"
# «п. 13», «пп. 6, 7», «подп. 4»: the mark joined to its numbers (or to the {rule} put
# there), so a wrapped line never starts with «13)» alone (play-test 21).
_RULE_REF = re.compile(r"(?<!\w)(?:пп?|подп)\. (?:\d[\d.]*|\{\w+\})(?:, \d[\d.]*)*")


def keep_rule_refs(text: str) -> str:
    """Rule references joined to their numbers with no-break spaces."""
    return _RULE_REF.sub(lambda m: m.group(0).replace(" ", NBSP), text)


# English "rule 13", "rules 6, 7", "game 3", "item 2": the word and its number
# kept on one line when words wrap (Russian joins them with NBSP in the words
# themselves; English texts keep plain spaces, which tests and copies quote).
_EN_REF = re.compile(r"(?<!\w)(?:[Rr]ules?|[Gg]ames?|[Ii]tems?) "
                     r"(?:\d[\d.]*|\{\w+\})(?:, \d[\d.]*)*")
_JOIN = "\x00"
# Russian «правило 23», «правила 6, 7», «п. 24» as the wrap finds them (words
# built or quoted at run time, not only the locale's with their no-break
# spaces): a number alone at a row's start read as a stray figure.
_RU_REF = re.compile(r"(?<!\w)(?:[Пп]равил(?:о|а|у|ом|ам|ах)?|пп?\.|подп\.) "
                     r"(?:\d[\d.]*|\{\w+\})(?:, \d[\d.]*)*")
# A figure and its unit ("8.3 m/s", «2 мм», "35 %", "3 min"): a wrap between
# them left «м/с), накат 2 мм» or "mm" alone at a row's start under the
# computer's stroke, and "%" under the export's "1". Not the one-letter
# seconds: «14.1 с продолжением» is a game's name (the texts that say
# seconds join them with a no-break space).
_UNIT = re.compile(r"(?<![\w.,])\d[\d.,]* "
                   r"(?=(?:m/s|mm|cm|м/с|мм|см|%|min|мин)(?!\w))")

# A paragraph ending "word — word" or "word: word" («Щелчок или пробел —
# сейчас», "click or Space: now") keeps its last words together: a dash never
# starts a row and the last word never stands alone under it.
_DASH_END = re.compile(r"\S+(?: [—–]|:) \S+$")

# A one-letter Russian preposition or conjunction goes to the next row with
# the word after it: «шар 2 — в / левой верхней лузе» left «в» hanging.
_ONE_LETTER = re.compile(f"(?<![^\\s{_JOIN}])[вксуоиаВКСУОИА] (?=\\S)")


def wrap_words(para: str) -> list[str]:
    """A paragraph's words for wrapping: split at spaces, except inside a
    rule or game reference, a figure and its unit, a last "— word", or after
    a one-letter Russian preposition (each stays one word, its spaces
    plain; the rows helper splits one that fits no row whole)."""
    marked = _EN_REF.sub(lambda m: m.group(0).replace(" ", _JOIN), para)
    marked = _RU_REF.sub(lambda m: m.group(0).replace(" ", _JOIN), marked)
    marked = _UNIT.sub(lambda m: m.group(0).replace(" ", _JOIN), marked)
    marked = _DASH_END.sub(lambda m: m.group(0).replace(" ", _JOIN), marked)
    marked = _ONE_LETTER.sub(lambda m: m.group(0).replace(" ", _JOIN), marked)
    return [w.replace(_JOIN, " ") for w in marked.split(" ")]


def flatten_words(data: Any, prefix: str = "") -> dict[str, str]:
    """A locale file's words: nested JSON objects become dotted keys,
    strings stay strings, a list of strings becomes lines; rule references
    kept whole (every screen's words are read through here)."""
    out: dict[str, str] = {}
    if isinstance(data, dict):
        for k, v in data.items():
            key = f"{prefix}.{k}" if prefix else str(k)
            if isinstance(v, str):
                out[key] = keep_rule_refs(v)
            elif isinstance(v, dict):
                out.update(flatten_words(v, key))
            elif isinstance(v, list) and all(isinstance(s, str) for s in v):
                out[key] = keep_rule_refs("\n".join(v))
    return out


# The plural forms a language's words may give for a count: English "one" and
# "other"; Russian "one" (1, 21: матч), "few" (2-4, 22: матча) and "many"
# (5-20, 25, 11-14: матчей).
PLURAL_FORMS = ("one", "few", "many", "other")


def plural_form(lang: str, n: int) -> str:
    """Which plural form a count takes in a language (CLDR's integer rules)."""
    n = abs(int(n))
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"


def counted(words: dict[str, str], key: str, lang: str, n: object) -> str | None:
    """The form of ``key`` for the count ``n`` when the words give its plural
    forms (``key.one``, ``key.other``...; None when they do not)."""
    if f"{key}.other" not in words and f"{key}.many" not in words:
        return None
    try:
        form = plural_form(lang, int(n))  # type: ignore[call-overload]
    except (TypeError, ValueError):
        form = "other"
    return words.get(f"{key}.{form}") or words.get(f"{key}.many") or \
        words.get(f"{key}.other")
