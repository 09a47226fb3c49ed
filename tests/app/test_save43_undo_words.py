"""The undo's message listed steps («Отменено: удар с фолом — Anna · удар
без фола — Компьютер (любитель) ×4»), read as cryptic: it says in a
sentence what was taken back and who shoots now, whole at 800x500."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match import computer
from simulator.app.screens.computer_turn import ComputerMode
from simulator.app.table.aim import Aim, angle_to
from tests.app.helpers import computer_match_at, frame, key, make_app, run_until


def toast_said(app: App) -> str:
    """The message box's words as drawn, every line whole."""
    (box,) = [r for name, r in app.panels if name == "message"]
    lines = [t for t in app.texts if box.contains(t.box)]
    assert lines and not any(t.cut for t in lines)
    return " ".join(t.text for t in lines)


# 8-ball, Anna (solids) against the computer (stripes, three of them in the
# jaws of corner pockets, the 8 boxed in by hers): her cue ball meets nothing
# (a foul, 8-ball rule 8), and the computer, cue ball in hand, runs three
# before its fourth shot fouls.
DRAFT = {"format": "kiy-scenario", "version": 1, "id": "run",
         "discipline": "8-ball", "players": 2,
         "title": {"en": "Run", "ru": "Серия"},
         "balls": {"0": [0.6, 0.635], "8": [1.27, 0.635],  # the 8 boxed in:
                   "1": [1.211, 0.635], "2": [1.329, 0.635],  # no run to its end
                   "3": [1.27, 0.576], "4": [1.27, 0.694],
                   "9": [0.1, 0.1], "10": [2.44, 0.1], "11": [2.44, 1.17]},
         "state": {"is_break": False, "shooter": 0, "groups": ["solids", "stripes"]}}


SAID = {
    "en": "Taken back: a foul by Anna and 4 shots by Computer (club player), "
          "1 of them a foul. Anna to shoot.",
    "ru": "Отменено: Anna — удар с фолом; Компьютер (клубный) — 4 удара, "
          "из них 1 с фолом. Бьёт Anna.",
}


def _run_taken_back(lang: str, monkeypatch: pytest.MonkeyPatch) -> App:
    """Anna's foul, the computer's run of four (its last a foul), then U at
    her cue ball in hand; the window 800x500."""
    app = make_app(lang, (800, 500))
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    s = computer_match_at(app, DRAFT, ["Anna", "cpu:club"])
    cue = s.cue_pos()
    assert cue is not None
    s.aim = Aim(angle_to(cue, (0.6, 0.0)), 0.2)  # up the table, at no ball
    frame(app, n=30)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: isinstance(app.mode, ComputerMode), limit=3000)
    frame(app, n=60)
    key(app, pygame.K_SPACE)  # her foul read: the computer plays on
    run_until(app, lambda: app.mode is not None and app.mode.name in (
        "aiming", "placing") and not app.dialogs, limit=6000)
    assert [a.get("type") for a in s.match.history] == ["shot"] * 5
    key(app, pygame.K_u)
    frame(app)
    assert not s.match.history
    return app


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_undo_says_what_was_taken_back_and_who_shoots(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The message a person reads after U: a sentence, every word of it on
    the screen at 800x500 (wrapped, none cut)."""
    try:
        app = _run_taken_back(lang, monkeypatch)
        assert toast_said(app) == SAID[lang]
        (box,) = [r for name, r in app.panels if name == "message"]
        assert pygame.Rect((0, 0), app.size).contains(box)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize(("lang", "n", "words"), [
    ("ru", 1, "Компьютер (клубный) — удар"),
    ("ru", 3, "Компьютер (клубный) — 3 удара"),
    ("ru", 5, "Компьютер (клубный) — 5 ударов"),
    ("ru", 21, "Компьютер (клубный) — 21 удар"),
    ("en", 1, "a shot by Computer (club player)"),
    ("en", 5, "5 shots by Computer (club player)")])
def test_a_run_is_counted_in_the_languages_plural(
        lang: str, n: int, words: str) -> None:
    """A count before its noun in the form the number takes (1 удар, 2-4
    удара, 5 ударов, 21 удар)."""
    from simulator.app.match.session import Session
    from simulator.app.match.turns import undone_words
    from simulator.app.text.i18n import Locale
    loc = Locale(lang)
    s = Session.new(["Anna", "cpu:club"], "8-ball", {}, loc, seed=1)
    text = undone_words(s, [("shot", s.name(1), "")] * n)
    assert text == loc.t("undo.said.done", steps=words) + " " + \
        loc.t("undo.said.next_shoot", name="Anna")
