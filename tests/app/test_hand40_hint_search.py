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
        m = re.search(re.escape(head) + r"\D*(\d+)%", words) or \
            re.search(re.escape(button) + r" (\d+)% Esc", words)
        assert m is not None, words
        seen.append(int(m.group(1)))
        frame(app)
    assert s.hint is not None and len(seen) >= 3
    assert seen == sorted(seen) and seen[-1] > seen[0]  # it grows


def _hint_button(app) -> tuple[str, int]:  # type: ignore[no-untyped-def]
    from simulator.app.text import ui
    b = next(b for b in ui.FRAME.buttons if b.ident == "hint")
    return b.label, b.rect.height


def _card_top(app) -> int:  # type: ignore[no-untyped-def]
    from simulator.app.text import ui
    return min(r.top for name, r in ui.FRAME.panels if name == "ruling")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(800, 500), (1024, 600), (1100, 650), (1280, 720)])
def test_the_column_stands_still_while_the_hint_is_searched(
        lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The stop button says how far the search is on one row at every
    share: "Hint: 78% · stop" took two rows at two digits, the button grid
    grew and the ruling card lost its line above it ("cue ball as it
    lies"): the column jumped while the player read it."""
    from simulator.app.screens.shot_input import ShotInputMode
    app = make_app(lang, size)
    after_the_break(app, ["Anna", "Boris"], "8-ball", {"race_to": 3}, seed=5)
    frame(app, n=3)
    label, height = _hint_button(app)
    key(app, pygame.K_i)
    tops = []
    for share in (0, 9, 78, 100):
        monkeypatch.setattr(ShotInputMode, "hint_share", lambda self, p=share: p)
        frame(app)
        searching, h = _hint_button(app)
        assert searching != label and f"{share}%" in searching
        assert h == height, (searching, h, height)
        tops.append(_card_top(app))
    assert len(set(tops)) == 1, tops
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_second_i_during_the_search_says_it_is_still_looked_for(lang: str) -> None:
    """A second I, pressed to take a hint not yet found, did nothing a
    player could see: believing it taken they struck their own aim. It
    says the hint is still looked for; no share in it (said once, "(12%)"
    stood stale while the search went on: the search button counts it)."""
    app = make_app(lang, (1280, 720))
    s = after_the_break(app, ["Anna", "Boris"], "8-ball", {"race_to": 3}, seed=5)
    frame(app, n=3)
    key(app, pygame.K_i)
    frame(app)
    assert s.hint_job is not None and app.toast is None
    key(app, pygame.K_i)
    assert s.hint_job is not None and s.hint is None  # still looking
    assert app.toast is not None
    assert app.toast[0] == app.t("hint.still_looking"), app.toast
    assert "%" not in app.toast[0] and not re.search(r"\d", app.toast[0])
    while s.hint_job is not None and app.toast is not None:
        frame(app)  # (the toast as it stays: still no figure in it)
        assert app.toast is None or "%" not in app.toast[0]
    pygame.display.quit()
