"""The records' words in Russian and English (``assets/locale/*/records.json``,
owned by this package): formats, stages, columns, the printable page and
the records' problems. The window reads the same file for its screens."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from simulator.files.resources import counted, flatten_words, locale_dir

LANGUAGES = ("en", "ru")


@cache
def table(lang: str) -> dict[str, str]:
    """Every key of one language (empty when the file cannot be read)."""
    try:
        data = json.loads((locale_dir() / lang / "records.json").read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return flatten_words(data)


def t(lang: str, key: str, **values: Any) -> str:
    """The words for ``key`` (English, then the key itself, if missing)."""
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}")
    text = table(lang).get(key)
    if not text and "n" in values:  # a key in plural forms: the count's
        text = counted(table(lang), key, lang, values["n"]) or \
            counted(table("en"), key, "en", values["n"])
    text = text or table("en").get(key) or key
    return text.format(**values) if values else text
