"""docs/architecture.md is the map of the house: every folder, file and
module it names exists, and every room of simulator/ and simulator/app/ is
on it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "architecture.md"
TOPS = ("simulator", "rules", "assets", "tests", "docs")


def named_paths(text: str) -> set[str]:
    """The paths in backticks (``simulator/app/``, ``rules/general.py``) and
    the files a table row lists after its room (``sound.py`` in
    ``simulator/app/loop/sound.py``)."""
    out = set()
    for code in re.findall(r"`([^`\n]+)`", text):
        if re.fullmatch(rf"(?:{'|'.join(TOPS)})/[\w./-]*", code):
            out.add(code)
    return out


def named_files(text: str) -> set[str]:
    """Files named alone in a row of a table (``aiming.py``): each under the
    row's room, or a room named earlier in the row."""
    out = set()
    for line in text.splitlines():
        if not line.startswith("|"):
            continue
        rooms = [c.rstrip("/") for c in re.findall(r"`([\w/]+/)`", line)]
        rooms += [c.rpartition("/")[0] for c in re.findall(r"`([\w/]+/[\w.]+)`", line)]
        for name in re.findall(r"`([\w]+\.py)`", line):
            found = [r for r in rooms if (ROOT / r / name).is_file()]
            out.add(f"{rooms[0] if rooms else '?'}/{name}" if not found
                    else f"{found[0]}/{name}")
    return out


def test_every_path_the_page_names_exists() -> None:
    text = PAGE.read_text("utf-8")
    paths = named_paths(text)
    assert len(paths) > 40
    missing = sorted(p for p in paths if not (ROOT / p).exists())
    assert missing == [], missing
    files = named_files(text)
    assert len(files) > 40
    missing = sorted(f for f in files if not (ROOT / f).is_file())
    assert missing == [], missing


def test_every_room_of_the_tree_is_on_the_page() -> None:
    text = PAGE.read_text("utf-8")
    rooms = {p.parent.relative_to(ROOT).as_posix() + "/"
             for top in ("simulator", "simulator/app")
             for p in (ROOT / top).glob("*/__init__.py")}
    rooms |= {"simulator/app/screens/practice/", "simulator/app/screens/editor/"}
    assert {"simulator/physics/", "simulator/app/dialogs/"} <= rooms
    absent = sorted(r for r in rooms
                    if f"`{r}`" not in text and f"`{r.removeprefix('simulator/app/')}`"
                    not in text)
    assert absent == [], absent


def test_a_name_that_is_gone_is_found() -> None:
    assert named_paths("`simulator/app/screens/game.py` and `rules/`") == {
        "simulator/app/screens/game.py", "rules/"}
    assert not (ROOT / "simulator/app/screens/game.py").exists()
    row = "| `simulator/app/screens/` | a screen: `aiming.py`, `gone.py` |"
    assert named_files(row) == {"simulator/app/screens/aiming.py",
                                "simulator/app/screens/gone.py"}
