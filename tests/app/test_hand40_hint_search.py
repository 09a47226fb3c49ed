"""A hint takes a while on a loaded machine (the hint player's search):
from the frame after I until it arrives, the hint's spot in the column says
it is being looked for, how far, and that Esc stops it, at 800x500 under
an open ruling card too."""

from __future__ import annotations

import re

import pygame
import pytest

from tests.app.helpers import after_the_break, drawn_words, frame, key, make_app


@pytest.mark.parametrize(("lang", "size"), [("ru", (800, 500)), ("en", (800, 500)),
                                           ("ru", (1280, 720))],
                         ids=["ru-800x500", "en-800x500", "ru-1280x720"])
def test_the_next_frames_say_the_hint_is_searched_for_until_it_comes(
        lang: str, size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    s = after_the_break(app, ["Anna", "Boris"], "8-ball", {"race_to": 3}, seed=5)
    frame(app, n=3)
    assert app.mode is not None and app.mode.name == "aiming"
    assert s.banner is not None and not s.banner_folded  # the break's card open
    key(app, pygame.K_i)
    assert s.hint_job is not None
    head = app.t("hint.progress", p=0, n=0).split("0")[0].strip()
    button = app.t("hint.searching_button", p=0).split("0")[0].strip()
    seen = []
    while s.hint_job is not None:
        words = drawn_words(app, "side")
        # The search said in the column, how far, and how to stop it: in the
        # hint's spot, or (800x500, where the open card keeps why the turn
        # passed and who is next) on the hint's button with its Esc.
        m = re.search(re.escape(head) + r"\D*(\d+)%[^.]*\. Esc", words) or \
            re.search(re.escape(button) + r" (\d+)% · \w+ Esc", words)
        assert m is not None, words
        seen.append(int(m.group(1)))
        frame(app)
    assert s.hint is not None and len(seen) >= 3
    assert seen == sorted(seen) and seen[-1] > seen[0]  # it grows
