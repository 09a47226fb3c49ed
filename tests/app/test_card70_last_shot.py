"""The computer's ruling card at 800x500 showed "Последний удар…" (the
last shot's label, its chips all under "ещё 1 строка: V"): a line cut to
its label says nothing. Such a line is left whole to the note, which
counts it. Driven through the window's loop after the computer's break,
both languages."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from tests.app.helpers import drawn_lines, frame, make_app
from tests.app.test_space59_aim_first import _after_the_computers_stroke


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_last_shot_is_never_cut_to_its_label(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, (800, 500))
    try:
        s = _after_the_computers_stroke(app)
        card = s.banner
        assert card is not None
        label = app.t("banner.last_shot", chips="").rstrip(": ")
        (last,) = [ln for ln in card.lines if ln.startswith(label)]
        legal = card.lines[0]
        # The break's line shorter, by steps: the last shot's first row comes
        # to the card's foot (in Russian «Последний удар…» stood there alone).
        for cut in range(len(legal), 8, -4):
            s.banner = replace(card, lines=(legal[:cut], last))
            frame(app, n=2)
            shown = drawn_lines(app, "side", shown=True)
            assert f"{label}…" not in shown and label not in shown, (cut, shown)
            note = [ln for ln in shown if ln.endswith(": V")]
            words = " ".join(shown)
            chips = last[len(label):].strip(" :").split()
            # The line whole, or counted in the note
            assert all(w in words for w in chips) or note, (cut, shown)
    finally:
        pygame.display.quit()
