"""The hint on a break, in the window (play-test 33): at 1280x720 in Russian,
a break undone (its card open) and the hint's lines shown, the tip diagram
shrank to 40 px and its label read «Накл…»; and the hint's progress on a
break counts to its own search, not to the computer's."""

from __future__ import annotations

import re

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from tests.app.helpers import DT, run_until, watched_session

# The least diameter (px) of the tip diagram where it is drawn: its dot,
# cross and miscue ring told apart (800x500's is 50).
DIAGRAM_LEAST = 48


def step(app: App, *events: pygame.event.Event) -> None:
    """One pass of the window's own loop (App.run)."""
    app.step([*pygame.event.get(), *events], DT)


def press(app: App, k: int) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        step(app, pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0))


def steps(app: App, n: int) -> None:
    for _ in range(n):
        step(app)


def break_undone(lang: str, size: tuple[int, int]) -> tuple[App, Session]:
    """Anna's opening break against the computer, played and undone: the
    cue ball in hand again, the undo's card open."""
    from tests.app.helpers import make_app
    app = make_app(lang, size)
    app.settings.watch = "skip"
    s = watched_session(app, ["Anna", "cpu:pro"], "8-ball", {"first_breaker": 0},
                        watch="skip")
    steps(app, 3)
    press(app, pygame.K_RETURN)  # the cue ball put down where it lies
    press(app, pygame.K_SPACE)
    run_until(app, lambda: len(s.shots) == 1 and app.mode is not None
              and app.mode.name not in ("playing", "aiming"), limit=6000)
    steps(app, 3)
    press(app, pygame.K_u)
    steps(app, 3)
    assert not s.shots and s.banner is not None and not s.banner_folded
    assert s.match.requirements().is_break
    return app, s


def tip_label_and_diagram(app: App) -> tuple[list[tuple[str, str]], int]:
    """The tip diagram's label as written and as shown (none if the
    controls are not drawn), and the diagram's diameter."""
    assert app.mode is not None
    words = app.t("panel.tip")
    shown = [(r.text, r.shown) for r in app.texts if r.text == words]
    return shown, app.mode.scene.panel.tip.width  # type: ignore[attr-defined]


@pytest.mark.parametrize("folded", [False, True], ids=["card-open", "card-folded"])
@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)], ids=["1280x720", "800x500"])
def test_the_tip_diagram_keeps_its_label_and_size_with_the_hint(
        lang: str, size: tuple[int, int], folded: bool) -> None:
    """Before the hint, with its lines shown and once taken, the tip
    diagram, wherever it is drawn, is DIAGRAM_LEAST across or more and its
    label is whole. (At 800x500 the hint's lines take the controls' room
    until it is taken, and under the open card after too: its power and
    spin said in words.)"""
    app, s = break_undone(lang, size)
    if folded:
        press(app, pygame.K_h)
        steps(app, 3)
    drawn: list[str] = []

    def check(when: str) -> None:
        label, d = tip_label_and_diagram(app)
        if not label:
            return
        drawn.append(when)
        assert all(text == shown for text, shown in label), (when, label)
        assert d >= DIAGRAM_LEAST, (when, d)

    check("before")
    press(app, pygame.K_i)
    run_until(app, lambda: s.hint is not None, limit=6000)
    steps(app, 6)
    check("hint shown")
    press(app, pygame.K_i)  # taken as the aim
    steps(app, 6)
    check("hint taken")
    if size == (1280, 720):
        assert drawn == ["before", "hint shown", "hint taken"]
    else:
        assert drawn[0] == "before" and (not folded or "hint taken" in drawn)


def test_the_break_hints_progress_reaches_its_end(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """While the break's hint is looked for, the column says how far: it
    counts to the hint's own search (a third of the computer's break) and
    comes near 100 %, not stuck under 40 %."""
    from simulator.app.match import computer
    # One simulation a frame: every count is drawn (under load a frame's
    # slice of wall time ran many, and the last one read was 62 %).
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app, s = break_undone("en", (1280, 720))
    head = app.t("hint.progress", p=0, n=0).split("0")[0].strip()
    button = app.t("hint.searching_button", p=0).split("0")[0].strip()
    press(app, pygame.K_i)
    seen = [0]
    shares = [0]
    while s.hint_job is not None:
        side = app.layout.side
        words = " ".join(r.text for r in app.texts if side.contains(r.rect) and r.text)
        m = re.search(re.escape(head) + r"\D*(\d+)%", words) or \
            re.search(re.escape(button) + r" (\d+)%", words)
        if m is not None:
            seen.append(int(m.group(1)))
        shares.append(computer.hint_share(s.hint_job, True))
        step(app)
    assert s.hint is not None
    # The column said how far, rising; the count it reads came near the
    # end (a frame may run a round of tries at once: the drawn words can
    # skip its last steps).
    assert len(seen) > 3 and seen == sorted(seen), seen
    assert max(shares) >= 80, (shares, s.hint.decision.simulations)
