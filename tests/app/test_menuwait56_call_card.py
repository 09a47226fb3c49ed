"""General rule 28, the position cannot be restored (8-ball): the referee's
call's card says once that the rack is set up again and the same player
breaks it (its sentence was said again below it as the referee's line)."""

from __future__ import annotations

import pygame
import pytest

from rules.codes import Note
from simulator.app.text.words import cite
from tests.app.helpers import drawn_words, frame, key, make_app
from tests.app.test_computer import start


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("ru", (1280, 720)),
                                            ("en", (800, 500)), ("ru", (800, 500))])
def test_the_replayed_rack_is_said_once_rule_28(lang: str,
                                                size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    try:
        s = start(app, ["Anna", "Boris"], "8-ball", {"race_to": 3, "first_breaker": 0})
        key(app, pygame.K_j)
        key(app, pygame.K_3)  # not restorable: the game is replayed
        frame(app, n=2)
        b = s.banner
        assert b is not None
        card = [b.title, *b.lines, *b.next]
        changed = app.t("play.changed_replayed", name="Anna")
        assert card.count(changed) == 1
        # (the call's own line, the same again, is not beside it)
        line = cite(s.locale, Note.INTERFERENCE_NOT_RESTORABLE, None, s.discipline)
        assert not any(line.split("(")[0].strip() in x for x in card), card
        rule = "rule 28" if lang == "en" else "п.\u00a028"
        shown = " ".join(drawn_words(app).split())
        assert shown.count(" ".join(rule.split())) == 1, shown  # the title's
        assert " ".join(changed.split())[:30] in shown
    finally:
        pygame.display.quit()
