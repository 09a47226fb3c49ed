"""Words that read wrongly at the table: a help key line naming I twice,
"No call read", "Last export:" broken over two rows, and the computer's
count down while help or the match menu is open over its turn."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import frame, key, make_app, open_gallery
from tests.app.scenes import LANGS, SIZES

NBSP = "\u00a0"


def _plain(text: str) -> str:
    return text.replace(NBSP, " ")


@pytest.mark.parametrize("lang", LANGS)
def test_the_held_aim_help_line_names_no_key_twice(lang: str) -> None:
    """F1, Aiming: the line on a held aim said "after Left/Right, I, I or an
    undo", a key named twice; it names the hint taken (I twice) once."""
    from tests.app.scenes import open_scene
    app = open_scene("table", "8-ball", lang, (1280, 720))
    try:
        key(app, pygame.K_F1)
        frame(app)
        assert app.mode is not None and app.mode.name == "help"
        keys = [k for _h, rows in app.mode.sections() for k, _w in rows]  # type: ignore
        held = [k for k in keys if app.t("help.hint_taken").strip(", ") in k]
        assert len(held) == 1, keys
        assert "I, I" not in held[0], held
        assert not [k for k in keys if "{" in k or "I, I" in k], keys
    finally:
        pygame.display.quit()


# Each language's head for an aimed shot the call is not read from, and its
# counterpart: English said "No call read", which read as a fault of reading.
HEADS = {"call.meets_ball": ("Call not obvious", "Заказ не очевиден"),
         "call.meets_cushion": ("Call not obvious", "Заказ не очевиден"),
         "call.meets_ball_short": ("No call made", "Нет заказа"),
         "call.meets_cushion_short": ("No call made", "Нет заказа")}


@pytest.mark.parametrize("word", sorted(HEADS))
def test_the_call_not_read_is_said_plainly(word: str) -> None:
    """8-ball 2: where the aimed ball meets a ball or a cushion, the line
    says the call is not obvious (or none is made), alike in both languages."""
    for lang, head in zip(LANGS, HEADS[word], strict=True):
        app = make_app(lang, (800, 500))
        try:
            said = app.t(word, ball="5", other="3")
            assert said.split(":")[0] == head, (lang, said)
        finally:
            pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_last_export_keeps_its_words_together(lang: str,
                                              size: tuple[int, int]) -> None:
    """The gallery's side column after an export: "Last export:" stays on one
    row (it broke as "Last" / "export: gallery-…"); the file's name follows."""
    app = make_app(lang, size)
    try:
        g = open_gallery(app, "gallery-no-rail")
        app.kept["export.last"] = "/tmp/exports/gallery-no-rail-ru-1234.svg"
        app.kept["export.of"] = g.entry.id  # (this situation's export)
        frame(app, n=2)
        head = _plain(app.t("export.last", file="")).strip()
        side = g.layout.side
        rows = [_plain(t.shown).strip() for t in app.texts if side.contains(t.rect)]
        first = head.split()[0]
        at = [r for r in rows if r.startswith(first)]
        assert at, rows
        assert at[0].startswith(head), rows
    finally:
        pygame.display.quit()


def _press(k: int) -> None:
    for t in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(t, key=k, mod=0, unicode="", scancode=0))


@pytest.mark.parametrize("over", ("help", "menu"))
def test_the_count_down_waits_while_help_or_the_menu_is_open(
        monkeypatch: pytest.MonkeyPatch, over: str) -> None:
    """Anna's miss, Gordon to play after the card's count down: F1 (or Esc,
    the match menu) held open for 3 s of the window's own loop leaves the
    count where it was; closed, it counts down again from there."""
    from simulator.app.screens.computer_turn import ComputerMode
    from tests.app.helpers import gordon_after_annas_miss, passes_until
    app = make_app("en")
    try:
        gordon_after_annas_miss(monkeypatch, app)
        mode = app.mode
        assert isinstance(mode, ComputerMode) and mode.holding()
        passes_until(app, lambda: False, 1 / 60, 1.0)
        k = pygame.K_F1 if over == "help" else pygame.K_ESCAPE
        _press(k)
        passes_until(app, lambda: False, 1 / 60, 3 / 60)
        opened = app.mode.name == "help" if over == "help" else bool(app.dialogs)
        assert opened, (app.mode, app.dialogs)
        left = mode.hold
        passes_until(app, lambda: False, 1 / 60, 3.0)
        assert mode.hold == left, (mode.hold, left)
        _press(k)
        passes_until(app, lambda: False, 1 / 60, 3 / 60)
        assert app.mode is mode and not app.dialogs
        assert left - 0.1 < mode.hold <= left
        passes_until(app, lambda: False, 1 / 60, 1.0)
        assert left - 1.1 < mode.hold < left - 0.9, (mode.hold, left)
        assert not app.errors
    finally:
        pygame.display.quit()
