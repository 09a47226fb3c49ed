"""Column words against the computer and after a taken hint: the Russian
call names its pocket as said after «в» («в левую верхнюю угловую лузу»,
not «в лузу «левая верхняя угловая»»); the computer's turn at 800x500 has
its heading above a held card; the last shot's line after an 8-ball break
breaks between its phrases at 1280x720."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.computer_turn import ComputerMode
from simulator.app.table.ruling_card import CHIP
from simulator.app.text import ui
from tests.app.helpers import after_the_break, frame, gordon_after_annas_miss, make_app
from tests.app.scenes import LANGS
from tests.app.test_hint41_taken import hint_taken
from tests.app.test_playfix19a import flat
from tests.app.test_playfix_match4 import side_texts


def column(app: App) -> str:
    """The side column's words as drawn, rows joined."""
    return flat(" ".join(t.text for t in side_texts(app)))


def test_the_russian_call_says_into_which_pocket(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """8-ball rule 2 (the called ball and pocket): Anna takes a hint that
    calls a ball; the column says its pocket as Russian says it after «в»
    («в левую верхнюю угловую лузу»), not the pocket's name in quotes."""
    app = make_app("ru")
    try:
        mode = hint_taken(app, False, monkeypatch)
        s = app.session
        assert s is not None and s.hint is not None
        decl = s.hint.decision.declarations
        assert decl.called_ball is not None and decl.called_pocket is not None
        words = column(app)
        assert "в лузу «" not in words, words
        into = app.t(f"pocket_into.{decl.called_pocket}")
        assert f"{decl.called_ball} в {into} лузу" in words, words
        assert mode.call_ball == decl.called_ball
    finally:
        pygame.display.quit()


def test_the_russian_break_line_breaks_between_its_phrases(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """8-ball rule 5 (a legal break pots a ball or drives four object balls
    to the cushions): after Anna's break, the computer next, the card's
    last-shot line at 1280x720 read «первое касание: шар 9 · до бортов /
    дошли 12 прицельных шаров», the cushions' phrase cut across rows (wider
    than a row, it wrapped by words); each phrase is drawn whole in a row."""
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app("ru", (1280, 720))
    try:
        s = after_the_break(app, ["Anna", "cpu:club"], "8-ball", {"race_to": 3},
                            seed=3)
        frame(app, n=3)
        assert app.mode is not None and app.mode.name == "computer"
        assert s.banner is not None and not s.banner_folded
        [line] = [ln for ln in s.banner.all_lines if CHIP in ln and "борт" in ln]
        rows = [t.text.replace("\xa0", " ") for t in app.texts]
        for phrase in line.strip().split(CHIP)[1:]:
            assert any(phrase in row for row in rows), (phrase, rows)
    finally:
        pygame.display.quit()


def heading_rows(app: App) -> list[ui.TextRecord]:
    """The side column's words above the ruling card, top first."""
    mode = app.mode
    assert mode is not None
    card = mode.banner_rect  # type: ignore[attr-defined]
    assert card is not None
    return sorted((t for t in side_texts(app) if t.text and t.rect.bottom <= card.top),
                  key=lambda t: t.rect.top)


@pytest.mark.parametrize("lang", LANGS)
def test_the_computers_turn_has_its_heading_at_800x500(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """8-ball at 800x500: Anna's legal miss (8-ball rule 2), Gordon to shoot,
    her ruling card held while he thinks. The column began with the
    countdown's small grey words; it begins with its heading, who is at the
    table (Gordon thinking, then playing), in the heading's size, said once,
    and the card still shows its title and its first line whole."""
    app = make_app(lang, (800, 500))
    try:
        s = gordon_after_annas_miss(monkeypatch, app)
        frame(app, n=3)
        mode = app.mode
        assert isinstance(mode, ComputerMode) and mode.holding()
        assert mode.card_squeezed()
        top = heading_rows(app)
        assert top, [t.text for t in side_texts(app)]
        name = s.name(mode.player)
        heads = (app.t("cpu.thinking", name=name), app.t("cpu.plays", name=name))
        first = top[0]
        assert any(h.startswith(first.text) for h in heads), first.text
        assert first.size > min(t.size for t in top), [(t.text, t.size) for t in top]
        assert sum(h.startswith(t.text) for t in side_texts(app) for h in heads
                   if len(t.text) > 6) == 1
        assert s.banner is not None
        card = mode.banner_rect
        assert card is not None
        texts = [flat(t.text) for t in side_texts(app) if card.contains(t.rect)]
        shown = mode.card()  # (its title says what her stroke came to)
        assert shown is not None
        for line in (shown.title, shown.lines[0]):
            assert any(flat(line).startswith(t) and len(t) > 3 for t in texts), texts
    finally:
        pygame.display.quit()
