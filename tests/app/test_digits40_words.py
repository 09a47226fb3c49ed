"""Play-test words: the hint's safety after "…so a safety:" started in
lower case in Russian; the English contact words read like a ball's number
("Hit the 1 ¼ ball")."""

from __future__ import annotations

import re

import pygame
import pytest

from simulator.app.text.i18n import Locale
from tests.app.helpers import frame


def test_a_given_up_hints_safety_goes_on_in_lower_case_after_the_colon(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """«…поэтому отыгрыш: Сыграйте на отыгрыш по шару 15»: the safety put
    after the head's colon is the same sentence, «отыгрыш: сыграйте…»."""
    from tests.app.scenes import hopeless_hint
    app = hopeless_hint(monkeypatch, "ru", (800, 500))
    try:
        s = app.session
        assert s is not None
        frame(app, n=3)
        assert s.hint is not None and s.hint.given_up is not None
        side = " ".join(t.shown for t in app.texts
                        if app.layout.side.contains(t.rect))
        side = " ".join(side.split())
        after = re.search(r"поэтому отыгрыш: (\w)", side)
        assert after is not None, side
        assert after.group(1).islower(), side
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("full", ["three_quarter", "half", "quarter", "full", "thin"])
@pytest.mark.parametrize("side", ["left", "right"])
def test_the_contact_words_never_run_a_fraction_into_the_balls_number(
        full: str, side: str) -> None:
    """"Hit the 1 ¼ ball on its right" read as a ball numbered "1¼": the
    fullness is said in words apart from the number ("Hit the 1 with a
    quarter-ball hit, on its right side"); the Russian stays as it was."""
    for lang in ("en", "ru"):
        loc = Locale(lang)
        how = loc.t(f"cpu.fullness.{full}")
        if full != "full":
            how = loc.t("cpu.on_side", how=how, side=loc.t(f"cpu.side.{side}"))
        for key in ("cpu.contact", "hint.say.contact"):
            text = loc.t(key, ball="1", how=how)
            assert not re.search(r"[¼½¾]", text), text
            assert not re.search(r"\b1 (quarter|three|half|ball)", text), text
    en = Locale("en")
    quarter = en.t("cpu.on_side", how=en.t("cpu.fullness.quarter"),
                   side=en.t("cpu.side.right"))
    assert en.t("hint.say.contact", ball="1", how=quarter) == \
        "Hit the 1 with a quarter-ball hit, on its right side"
    assert Locale("ru").t("cpu.fullness.quarter") == "в четверть шара"
