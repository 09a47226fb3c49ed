"""Every character of the interface's texts is one the font draws: an arrow
the font lacks showed as an empty box in the export dialog ("Speed 1/4 ▯ 1/2")."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from simulator.app.text import fonts
from simulator.files.resources import assets_dir


def _characters() -> set[str]:
    found: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, str):
            found.update(c for c in node if not c.isspace())
        elif isinstance(node, dict):
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    for path in sorted(Path(assets_dir(), "locale").glob("*/*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return found


def _drawn(font: pygame.font.Font, text: str) -> tuple[tuple[int, int], bytes]:
    s = font.render(text, True, (255, 255, 255), (0, 0, 0))
    return s.get_size(), pygame.image.tobytes(s, "RGB")


@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
def test_the_font_draws_every_character_of_the_texts(bold: bool) -> None:
    pygame.init()
    font = fonts.font(16, bold)
    # A private-use character no font draws: the font's empty box.
    box = _drawn(font, "\ue000")
    chars = _characters()
    assert len(chars) > 100  # Latin, Cyrillic, digits, punctuation
    missing = sorted(c for c in chars if _drawn(font, c) == box)
    assert not missing, [f"U+{ord(c):04X} {c}" for c in missing]
