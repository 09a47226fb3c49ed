"""Text is fitted in time linear in its length: a name of 10,000 letters took
58 s to list on the load screen (each cut of a long word measured the whole
rest of it), 100,000 over 150 s, and the window answered nothing meanwhile.
Counted in characters measured, not timed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from simulator.app.text import fonts, ui
from simulator.app.loop.app import App
from tests.app.helpers import frame

MEASURED = [0]


class _Counting:
    """A font whose measuring is counted (characters measured)."""

    def __init__(self, font: Any) -> None:
        self._font = font

    def size(self, text: str) -> tuple[int, int]:
        MEASURED[0] += len(text)
        return self._font.size(text)  # type: ignore[no-any-return]

    def __getattr__(self, name: str) -> Any:
        return getattr(self._font, name)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch, app: App) -> Iterator[None]:
    real = fonts.font
    monkeypatch.setattr(fonts, "font", lambda size, bold=False: _Counting(
        real(size, bold)))
    ui.fit.cache_clear()
    ui._wrap.cache_clear()
    yield
    ui.fit.cache_clear()
    ui._wrap.cache_clear()


def measured(fn: Any, *args: Any) -> tuple[Any, int]:
    MEASURED[0] = 0
    out = fn(*args)
    return out, MEASURED[0]


@pytest.mark.usefixtures("counted")
@pytest.mark.parametrize("text", ["B" * 20_000, "Ж" * 20_000,
                                  ("word " * 4000).strip(), "ab cd" + "x" * 20_000])
def test_wrapping_is_linear_and_right(text: str) -> None:
    width = 500
    lines, cost = measured(ui.wrap, text, 16, width)
    assert cost <= 30 * len(text), cost  # was about n * n / 100
    f = fonts.font(16)
    assert all(f.size(ln)[0] <= width for ln in lines)
    # Nothing lost: the lines are the words, a long word cut with hyphens.
    joined = "".join(ln[:-1] if ln.endswith("-") else ln + " " for ln in lines)
    assert joined.split() == text.split()
    # Each cut piece is as long as fits (one letter more would not).
    for ln in lines[:-1]:
        if ln.endswith("-") and len(ln) > 2:
            nxt = lines[lines.index(ln) + 1]
            assert f.size(ln[:-1] + nxt[0] + "-")[0] > width


@pytest.mark.usefixtures("counted")
@pytest.mark.parametrize("n", [1_000, 10_000, 100_000])
def test_fitting_one_line_is_linear_and_longest(n: int) -> None:
    text = "Я" * n
    (shown, size), cost = measured(ui.fit, text, 16, 300)
    assert cost <= 5 * n + 20_000, cost
    f = fonts.font(size)
    assert shown.endswith(ui.ELLIPSIS) and f.size(shown)[0] <= 300
    kept = len(shown) - 1
    assert text.startswith(shown[:-1])
    assert f.size(text[:kept + 1] + ui.ELLIPSIS)[0] > 300


@pytest.mark.usefixtures("counted")
def test_the_tooltip_of_a_huge_name_is_fitted_too(app: App) -> None:
    surface = app.screen
    ui.FRAME.clear()
    ui.line(surface, "N" * 100_000, 16, ui.INK, pygame.Rect(10, 10, 200, 30))
    area = pygame.Rect(0, 0, *app.size)
    MEASURED[0] = 0
    ui.tooltip(surface, (15, 15), area, 14)
    assert MEASURED[0] <= 5 * 100_000 + 20_000
    shown = ui.FRAME.texts[-1].shown
    assert shown.endswith(ui.ELLIPSIS) and len(shown) < 1000


def test_the_load_screen_lists_a_save_with_a_huge_name_at_once(
        app: App, counted: None) -> None:
    """A save whose player's name has 10,000 letters (written by hand: Kiy
    writes at most 40): listed in a frame, with the reason it cannot be
    opened, and the list drawn with a measure linear in what it shows."""
    from rules.referee import Match
    from simulator.files import profile, saves
    p = saves.write_save(Match(["NAME", "B"], "9-ball", {}, seed=1),
                         profile.saves_dir() / "long.json")
    p.write_text(p.read_text("utf-8").replace('"NAME"', '"' + "A" * 10_000 + '"'),
                 "utf-8")
    app.go("load")
    MEASURED[0] = 0
    frame(app, n=3)
    assert MEASURED[0] < 200_000, MEASURED[0]
    row = next(b.label for b in app.buttons if b.label.startswith("long"))
    assert "at most 40" in row and len(row) < 300
    assert not app.errors


def test_a_name_has_at_most_40_characters_everywhere(app: App, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]
                                                   ) -> None:
    from rules.referee import MAX_NAME
    from simulator.app.loop import settings
    from simulator.app.main import main
    from simulator.app.screens.setup import SetupMode
    assert MAX_NAME == settings.MAX_NAME == 40
    # The setup screen's entries take 40 letters.
    app.switch(SetupMode(app, "9-ball", ["A" * 40, "B"]))
    frame(app)
    mode = app.mode
    assert isinstance(mode, SetupMode)
    with pytest.warns(UserWarning, match="too long"):
        mode.entries[0].set_text("Z" * 60)  # the entry refuses it
    assert len(mode.entries[0].get_text()) <= 40
    mode.read_names()
    assert len(mode.names[0]) <= 40
    # --players
    try:
        code = main(["--players", "A" * 41 + ",B", "--screenshot",
                     str(tmp_path / "x.png")])
    except SystemExit as e:
        code = int(e.code or 0)
    err = capsys.readouterr().err
    assert code == 2 and "at most 40" in err and err.count("\n") == 1
    # The settings file keeps 40.
    s = settings.Settings.from_dict({"players": ["Q" * 100]})
    assert s.players == ["Q" * 40]
