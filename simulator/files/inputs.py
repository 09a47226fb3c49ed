"""Reading files a person hands to Kiy: the one place that guards against bad input.

Every loader (layouts, judging cases, scenarios, saves, settings) reads its
file through :func:`read_json`, :func:`read_toml` or :func:`read_document`
before it looks at a single field, so the same defences hold everywhere:

- only a regular file is read (a named pipe, ``/dev/zero``, a folder or a
  socket is refused at once, without blocking), at most ``limit`` bytes;
- the bytes must be UTF-8 (strictly: no replacement characters);
- JSON and TOML are parsed with a nesting limit, and the parsed document may
  hold no non-finite number (NaN, Infinity), no whole number beyond 64 bits and
  no more than ``MAX_VALUES`` values in all;
- every problem is one :class:`InputError`, whose text is ``<where>: <what>``
  (the command line prints ``error: `` before it); never a Python exception's
  name.

:func:`number`, :func:`whole` and :func:`count` check single values against a
range, so an absurd count ("players": 10000000) is refused before any work is
done for it.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any, NoReturn

MAX_BYTES = 10 * 1024 * 1024  # a layout, a case, a scenario, the settings
MAX_SAVE_BYTES = 64 * 1024 * 1024  # a saved match of a few thousand shots
MAX_DEPTH = 32  # objects and lists inside each other
MAX_VALUES = 2_000_000  # values in one document, all levels together
MAX_WHOLE = 2**63 - 1  # whole numbers beyond 64 bits are no count or seed of ours

_KINDS = (
    (stat.S_ISDIR, "is a folder, not a file"),
    (stat.S_ISFIFO, "is a named pipe, not a regular file"),
    (stat.S_ISCHR, "is a device, not a regular file"),
    (stat.S_ISBLK, "is a device, not a regular file"),
    (stat.S_ISSOCK, "is a socket, not a regular file"),
)


class InputError(ValueError):
    """A file or value that cannot be used: where it is and what is wrong."""

    def __init__(self, where: str, what: str) -> None:
        super().__init__(f"{where}: {what}" if where else what)
        self.where = where
        self.what = what

    def line(self) -> str:
        """The one line a command prints for it."""
        return f"error: {tidy(str(self))}"


_LONG_QUOTED = re.compile(r"""(['"])([^'"\n]{60})[^'"\n]{20,}?([^'"\n]{10})\1""")


def tidy(message: str, limit: int = 400) -> str:
    """One short line: long quoted values shortened, newlines folded."""
    text = " ".join(message.split())
    text = _LONG_QUOTED.sub(lambda m: f"{m[1]}{m[2]}...{m[3]}{m[1]}", text)
    if len(text) > limit:
        text = text[: limit - 20] + " ... " + text[-15:]
    return text


class ArgumentParser(argparse.ArgumentParser):
    """Bad command-line arguments: one line, ``error: <what>``, status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {tidy(message)} (see {self.prog} --help)\n")


def _name(path: str | os.PathLike[str], where: str | None) -> str:
    return where if where is not None else str(path)


def read_bytes(path: str | os.PathLike[str], *, limit: int = MAX_BYTES,
               where: str | None = None) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes."""
    name = _name(path, where)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_BINARY", 0)
    try:
        # Non-blocking: opening a named pipe with no writer must not hang.
        fd = os.open(os.fspath(path), flags)
    except IsADirectoryError:
        raise InputError(name, "is a folder, not a file") from None
    except FileNotFoundError:
        raise InputError(name, "cannot read (no such file)") from None
    except OSError as e:
        raise InputError(name, f"cannot read ({e.strerror or 'unknown reason'})"
                         ) from None
    try:
        st = os.fstat(fd)
        for test, why in _KINDS:
            if test(st.st_mode):
                raise InputError(name, why)
        if not stat.S_ISREG(st.st_mode):
            raise InputError(name, "is not a regular file")
        if st.st_size > limit:
            raise InputError(name, f"is too big ({_size(st.st_size)}; "
                                   f"at most {_size(limit)})")
        chunks: list[bytes] = []
        total = 0
        while True:
            # Read one byte past the limit: a file that grows while read is
            # caught too.
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise InputError(name, f"is too big (more than {_size(limit)})")
    except OSError as e:
        raise InputError(name, f"cannot read ({e.strerror or 'unknown reason'})"
                         ) from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def check_file(path: str | os.PathLike[str], *, limit: int = MAX_BYTES,
               where: str | None = None) -> None:
    """Refuse what :func:`read_bytes` would refuse, from the file's metadata
    alone (for command-line checks before anything starts)."""
    name = _name(path, where)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise InputError(name, "no such file") from None
    except OSError as e:
        raise InputError(name, f"cannot read ({e.strerror or 'unknown reason'})"
                         ) from None
    for test, why in _KINDS:
        if test(st.st_mode):
            raise InputError(name, why)
    if not stat.S_ISREG(st.st_mode):
        raise InputError(name, "is not a regular file")
    if st.st_size > limit:
        raise InputError(name, f"is too big ({_size(st.st_size)}; at most "
                               f"{_size(limit)})")


def size_words(n: int) -> str:
    """A size in bytes as a person reads it (12.3 MB)."""
    return _size(n)


def _size(n: int) -> str:
    if n >= 1024 * 1024:
        return f"{n / (1024 * 1024):.1f} MB"
    if n >= 1024:
        return f"{n / 1024:.1f} kB"
    return f"{n} bytes"


def decode(data: bytes, where: str) -> str:
    """Strict UTF-8 (a leading byte-order mark is dropped)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(where, f"not UTF-8 text (byte {e.start})") from None
    text = text.removeprefix("\ufeff")
    if "\x00" in text:
        raise InputError(where, f"not a text file (a zero byte at character "
                                f"{text.index(chr(0))})")
    return text


def read_text(path: str | os.PathLike[str], *, limit: int = MAX_BYTES,
              where: str | None = None) -> str:
    name = _name(path, where)
    return decode(read_bytes(path, limit=limit, where=name), name)


# -- parsing ---------------------------------------------------------------------
class _TooLarge:
    """A whole number too long to convert, kept as text until the walk names
    its field."""

    def __init__(self, text: str) -> None:
        self.text = text


def _whole_text(text: str) -> int | _TooLarge:
    # Never int() a number of thousands of digits: it is slow, and beyond
    # 4300 digits Python refuses it.
    if len(text.lstrip("-")) > 19:
        return _TooLarge(text)
    return int(text)


class _Refused(Exception):
    """Raised inside a parser hook; becomes an InputError."""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise _Refused(f"the key {k[:40]!r} is given twice")
        out[k] = v
    return out


def loads_json(text: str, where: str) -> Any:
    """Parse JSON with every defence of this module."""
    try:
        data = json.loads(text, parse_int=_whole_text, object_pairs_hook=_pairs)
    except _Refused as e:
        raise InputError(where, str(e)) from None
    except RecursionError:
        raise InputError(where, f"nested too deeply (at most {MAX_DEPTH} levels)"
                         ) from None
    except json.JSONDecodeError as e:
        raise InputError(where, f"not valid JSON ({e.msg} at line {e.lineno}, "
                                f"column {e.colno})") from None
    except ValueError as e:  # a number the decoder itself cannot convert
        raise InputError(where, f"not valid JSON ({_plain(e)})") from None
    check_tree(data, where)
    return data


def loads_toml(text: str, where: str) -> Any:
    """Parse TOML with every defence of this module."""
    import tomllib  # here: a start-up without a scenario needs no TOML reader
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise InputError(where, f"nested too deeply (at most {MAX_DEPTH} levels)"
                         ) from None
    except tomllib.TOMLDecodeError as e:
        raise InputError(where, f"not valid TOML ({e})") from None
    except ValueError as e:  # e.g. an integer of more than 4300 digits
        raise InputError(where, f"not valid TOML ({_plain(e)})") from None
    check_tree(data, where)
    return data


# Runs of 19 digits or more: a whole number's, or a small float's digits
# after its point (up to 21 of them), told apart by what comes before. The
# text is marked first (every digit a #, a point a P), so that finding a run
# is a plain substring search: a regular expression tried at every digit
# took half a second a megabyte.
_MARKS = str.maketrans("0123456789.", "##########P")
_RUN = "#" * 19


def _long_whole(text: str) -> bool:
    marked = text.translate(_MARKS)
    i = marked.find(_RUN)
    while i >= 0:
        if i == 0 or marked[i - 1] != "P":
            return True
        j = i + len(_RUN)
        while j < len(marked) and marked[j] == "#":
            j += 1
        i = marked.find(_RUN, j)
    return False


def check_json_text(text: str, where: str, limit: int = MAX_BYTES) -> None:
    """Refuse JSON text Kiy made (``json.dumps`` with ``allow_nan=False``)
    that :func:`loads_json` would refuse, before it is written: too big, a
    whole number beyond 64 bits, too many values. Fast when the text passes
    (a size, a search for long runs of digits, a count of separators); what
    looks doubtful is parsed as a reader parses it, for the reader's own
    message."""
    size = len(text) if text.isascii() else len(text.encode("utf-8"))
    if size > limit:
        raise InputError(where, f"would be too big to read back ({_size(size)}; "
                                f"at most {_size(limit)})")
    separators = text.count(",") + text.count("[") + text.count("{")
    if separators >= MAX_VALUES - 1 or _long_whole(text):
        loads_json(text, where)


def _plain(e: Exception) -> str:
    text = str(e)
    if "integer string conversion" in text:
        return "a whole number is far too long"
    return text[:120] or "unreadable"


_PYTHON_WORDS = re.compile(r"'?\b(NoneType|int|float|str|list|dict|tuple|bool)\b'?"
                           r" object|\b\w+(Error|Exception)\b")


def plain(e: BaseException) -> str:
    """An unexpected error's text without Python's words for types (for the
    last-resort line of a command; the checks above it name fields)."""
    text = str(e)
    if not text or _PYTHON_WORDS.search(text):
        return "a value of the wrong kind somewhere in it"
    return text


def check_tree(data: Any, where: str) -> None:
    """No deeper than MAX_DEPTH, at most MAX_VALUES values, every number
    finite and every whole number within 64 bits; a refusal names the field
    (``balls.3[0]``). Numbers are checked where they lie, containers are
    walked, and a field's name is spelt out only for a refusal: loading a
    long match checks a million values."""
    if not isinstance(data, dict | list):
        _check_leaf(data, where, None)
        return
    stack: list[tuple[Any, int, Any]] = [(data, 0, None)]
    seen = 1
    while stack:
        v, depth, chain = stack.pop()
        if depth >= MAX_DEPTH:
            raise InputError(_at(where, _path(chain)), f"nested too deeply (at "
                                                       f"most {MAX_DEPTH} levels)")
        seen += len(v)
        if seen > MAX_VALUES:
            raise InputError(where, f"holds too many values (more than "
                                    f"{MAX_VALUES:,})")
        for k, x in (v.items() if isinstance(v, dict) else enumerate(v)):
            t = type(x)
            if t is float:
                if not math.isfinite(x):
                    _check_leaf(x, where, (chain, k))
            elif t is str or t is bool or x is None:
                continue
            elif t is int:
                if not -MAX_WHOLE <= x <= MAX_WHOLE:
                    _check_leaf(x, where, (chain, k))
            elif isinstance(x, dict | list):
                stack.append((x, depth + 1, (chain, k)))
            else:
                _check_leaf(x, where, (chain, k))


def _path(chain: Any) -> str:
    """``balls.3[0]`` from the chain of keys (parent chain, key) leading to
    a value."""
    keys = []
    while chain is not None:
        chain, key = chain
        keys.append(key)
    out = ""
    for key in reversed(keys):
        if isinstance(key, int) and not isinstance(key, bool):
            out += f"[{key}]"
        else:
            out = f"{out}.{str(key)[:30]}" if out else str(key)[:30]
    return out


def _check_leaf(v: Any, where: str, chain: Any) -> None:
    """Refuse one value that is not a plain finite number within 64 bits."""
    if isinstance(v, bool):
        return
    if isinstance(v, _TooLarge):
        digits = len(v.text.lstrip("-"))
        raise InputError(_at(where, _path(chain)), f"the whole number "
                                                   f"{v.text[:12]}... ({digits} "
                                                   "digits) is too large")
    if isinstance(v, int):
        if abs(v) > MAX_WHOLE:
            raise InputError(_at(where, _path(chain)), f"the whole number "
                                                       f"{str(v)[:12]}... is too "
                                                       "large")
    elif isinstance(v, float) and not math.isfinite(v):
        what = "not a number (NaN)" if math.isnan(v) else "beyond the float range"
        raise InputError(_at(where, _path(chain)), f"{what}: only finite numbers "
                                                   "are accepted")


def _at(where: str, path: str) -> str:
    if not path:
        return where
    return f"{where}: {path}" if where else path


def read_json(path: str | os.PathLike[str], *, limit: int = MAX_BYTES,
              where: str | None = None) -> Any:
    name = _name(path, where)
    return loads_json(read_text(path, limit=limit, where=name), name)


def read_toml(path: str | os.PathLike[str], *, limit: int = MAX_BYTES,
              where: str | None = None) -> Any:
    name = _name(path, where)
    return loads_toml(read_text(path, limit=limit, where=name), name)


def read_document(path: str | os.PathLike[str], *, limit: int = MAX_BYTES,
                  where: str | None = None) -> Any:
    """JSON or TOML by the file's suffix (``.toml``; anything else is JSON)."""
    if Path(path).suffix.lower() == ".toml":
        return read_toml(path, limit=limit, where=where)
    return read_json(path, limit=limit, where=where)


# -- single values -----------------------------------------------------------------
def number(v: Any, where: str, lo: float | None = None,
           hi: float | None = None) -> float:
    """A finite number (not a bool) within [lo, hi]."""
    if isinstance(v, bool) or not isinstance(v, int | float):
        raise InputError(where, f"expected a number, got {_show(v)}")
    try:
        f = float(v)
    except OverflowError:
        raise InputError(where, "the number is beyond the float range") from None
    if not math.isfinite(f):
        raise InputError(where, f"expected a finite number, got {_show(v)}")
    if (lo is not None and f < lo) or (hi is not None and f > hi):
        raise InputError(where, f"{f:g} is outside [{_g(lo)}, {_g(hi)}]")
    return f


def whole(v: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    """A whole number (not a bool) within [lo, hi]."""
    if isinstance(v, bool) or not isinstance(v, int):
        raise InputError(where, f"expected a whole number, got {_show(v)}")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise InputError(where, f"{_show(v)} is outside {_g(lo)}-{_g(hi)}")
    return v


def count(v: Any, where: str, hi: int, lo: int = 0) -> int:
    """A count: refused above ``hi`` before anything is built for it."""
    return whole(v, where, lo, hi)


def _g(x: float | None) -> str:
    return "..." if x is None else f"{x:g}"


def _show(v: Any) -> str:
    if isinstance(v, int) and not isinstance(v, bool):
        s = str(v) if abs(v) < 10**30 else f"a {len(str(abs(v)))}-digit number"
        return s
    if isinstance(v, str):
        return repr(v[:40] + ("..." if len(v) > 40 else ""))
    if isinstance(v, list | tuple):
        return "a list"
    if isinstance(v, dict):
        return "an object"
    if v is None:
        return "nothing (null)"
    return repr(v)[:40]
