"""Interface words in Russian and English, read from assets/locale.

The app's own strings live in ``ui.json``; the referee's texts (one per code) in
``rules.json`` and ``express.json``, which the rules package owns. A missing key
falls back to English and then to the key itself, so a gap shows up as a visible
key rather than a crash; every fallback is remembered in ``Locale.fallbacks``
(tests check that a Russian screen never needed one). Numbers are written with
the language's decimal mark (``Locale.num``).
"""

from __future__ import annotations

import json
import locale as _locale
import os
import re
from collections.abc import Iterable
from typing import Any

from simulator.files.resources import assets_dir, counted, flatten_words

LANGUAGES = ("en", "ru")
ASSETS = assets_dir()
LOCALE_DIR = ASSETS / "locale"


def system_language() -> str:
    """ru when the system locale is Russian, en otherwise."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        v = os.environ.get(var, "")
        if v:
            return "ru" if v.lower().startswith("ru") else "en"
    try:
        name = _locale.getlocale()[0] or ""
    except ValueError:
        name = ""
    return "ru" if name.lower().startswith("ru") else "en"


def _load(lang: str, name: str) -> dict[str, str]:
    path = LOCALE_DIR / lang / name
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return flatten_words(data)


def first_words(lang: str, key: str) -> str:
    """One line of the interface's words, read before the rest of them: the
    window's "Loading..." is drawn before the referee's texts are read."""
    return _load(lang, "ui.json").get(key) or _load("en", "ui.json").get(key) or key


# Words put after a colon inside a sentence that are sentences of their own
# ("Сюда нельзя: {reason}"), started in lower case in Russian.
SENTENCE_PARAMS = ("reason", "why", "foul", "what")


def after_colon(lang: str, text: str, keep: Iterable[str] = ()) -> str:
    """``text`` put after a colon inside a sentence: Russian starts it in
    lower case («Подсказка: закажите…», not «Подсказка: Закажите…»), unless
    it begins with a name in ``keep``, a word in Latin letters («Kiy не
    разрешено…»), a number or an abbreviation («ОК»)."""
    if lang != "ru" or not text[:1].isupper() or \
            any(k and text.startswith(k) for k in keep):
        return text
    word = re.match(r"\w+", text)
    if word is None or any(ch.isupper() or ch.isdigit() for ch in word.group()[1:]):
        return text
    if word.group().isascii():  # a Latin word in Russian is a name: «Kiy», «Esc»
        return text
    return text[0].lower() + text[1:]


class _SafeDict(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Locale:
    """Look words up by key in the chosen language."""

    def __init__(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"language must be one of {', '.join(LANGUAGES)}")
        self.lang = lang
        self.ui = _load(lang, "ui.json")
        self.ui_en = _load("en", "ui.json") if lang != "en" else self.ui
        self.rules: dict[str, str] = {}
        self.rules_en: dict[str, str] = {}
        for name in ("rules.json", "express.json"):
            self.rules.update(_load(lang, name))
            self.rules_en.update(_load("en", name))
        self.fallbacks: set[str] = set()  # keys this language had to borrow
        # Names kept capitalised after a colon (the players shown so far).
        self.keep_case: set[str] = set()

    def t(self, key: str, **kw: Any) -> str:
        """The words for ``key``; a key given in plural forms takes the one
        for its count ``n``."""
        text = self.ui.get(key)
        if not text and "n" in kw:
            text = counted(self.ui, key, self.lang, kw["n"]) or \
                counted(self.ui_en, key, "en", kw["n"])
        if not text:
            self.fallbacks.add(key)
            text = self.ui_en.get(key) or key
        if kw:
            for p in SENTENCE_PARAMS:
                if isinstance(kw.get(p), str) and ": {" + p + "}" in text:
                    kw[p] = self.after_colon(kw[p])
            try:
                return text.format_map(_SafeDict(kw))
            except (ValueError, IndexError):
                return text
        return text

    def after_colon(self, text: str) -> str:
        """:func:`after_colon` in this language, the players' names kept."""
        return after_colon(self.lang, text, self.keep_case)

    def num(self, value: float, digits: int = 1) -> str:
        """A number with the language's decimal mark: 1.6 in English, 1,6 in
        Russian (a minus sign, not a hyphen, before a negative one)."""
        text = f"{value:.{digits}f}"
        if text.lstrip("-0.") == "":  # a value that rounds to zero: no sign
            text = text.lstrip("-")   # ("worth −0.00" beside "worth 0.00")
        if text.startswith("-"):
            text = "−" + text[1:]
        return text.replace(".", ",") if self.lang == "ru" else text

    def has(self, key: str) -> bool:
        return key in self.ui or key in self.ui_en or f"{key}.other" in self.ui_en

    def rule(self, key: str, **kw: Any) -> str | None:
        """A referee text by key (None when neither language has it)."""
        text = self.rules.get(key)
        if text is None:
            text = self.rules_en.get(key)
            if text is not None:
                self.fallbacks.add(key)
        if text is None:
            return None
        if kw:
            try:
                return text.format_map(_SafeDict(kw))
            except (ValueError, IndexError):
                return text
        return text
