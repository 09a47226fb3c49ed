"""Play-test round 5 (issue 22), short items: the person's last ruling
stays in view through the computer's turn; undo brings back the aim a
person had set; an export's saved file stays said."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.screens.aiming import AimMode
from simulator.app.screens.computer_turn import ComputerMode, ComputerPlayMode
from simulator.app.screens.placing import PlaceMode
from tests.app.helpers import (
    click_button,
    frame,
    key,
    make_app,
    open_gallery,
    run_until,
)
from tests.app.test_computer import person_turn, side_texts, start


@pytest.mark.parametrize(("lang", "size"), [("en", (800, 500)), ("ru", (1280, 720))])
def test_the_persons_ruling_stays_through_the_computers_turn(
        lang: str, size: tuple[int, int]) -> None:
    """Anna breaks against the computer: while it thinks, shows its plan and
    its stroke rolls, the side column's first line is still Anna's ruling,
    and the computer's plan is in view under it."""
    app = make_app(lang, size)
    app.settings.watch = "1"
    s = start(app, ["Anna", "cpu:beginner"], "8-ball", {"race_to": 1}, seed=3)
    for _ in range(8):  # Anna plays until the computer has the turn
        run_until(app, lambda: person_turn(app) or isinstance(app.mode, ComputerMode),
                  limit=6000)
        if isinstance(app.mode, ComputerMode):
            break
        if isinstance(app.mode, PlaceMode):
            frame(app, n=30)  # (a key places only after an action of hers)
            key(app, pygame.K_LSHIFT)
            key(app, pygame.K_RETURN)
        s.aim = s.aim.with_power(0.8)  # a firm break: legal
        key(app, pygame.K_SPACE)
    mode = app.mode
    assert isinstance(mode, ComputerMode)
    if mode.phase == "waiting":
        frame(app, n=30)  # (no key dismisses a new ruling in its first moment)
        key(app, pygame.K_SPACE)  # Anna has read her card
    r = s.last_ruling
    assert r is not None and r.shooter == 0
    title = s.ruling_banner(r).title
    assert title == app.t("banner.legal", name="Anna")
    run_until(app, lambda: app.mode is not mode or (mode.phase == "showing"
              and not mode.holding()), limit=6000)
    assert mode.kind == "shot"
    if app.mode is mode:  # its plan shown, the card given way: the line stays
        texts = side_texts(app)
        assert texts[0].startswith(title), texts
    run_until(app, lambda: isinstance(app.mode, ComputerPlayMode), limit=6000)
    frame(app, n=5)
    texts = side_texts(app)
    assert texts[0].startswith(title), texts
    plan = app.mode.lines
    assert plan and any(plan[0][:12] in t for t in texts), (plan, texts)
    pygame.display.quit()


def test_undo_brings_back_the_aim_that_was_set() -> None:
    """Anna sets the elevation (4°), top spin, a firm power and a direction,
    and breaks; U: her turn again with those controls as she set them, shown
    in the side column (they were reset to 0° and no spin)."""
    app = make_app()
    s = start(app, ["Anna", "Boris"], "8-ball", {"race_to": 1}, seed=3)
    run_until(app, lambda: person_turn(app))
    if isinstance(app.mode, PlaceMode):
        key(app, pygame.K_RETURN)
    assert isinstance(app.mode, AimMode)
    s.aim = s.aim.with_power(0.76).turned(0.5)  # a firm break: legal
    for k in (pygame.K_e, pygame.K_e, pygame.K_w, pygame.K_w, pygame.K_UP,
              pygame.K_UP):
        key(app, k)
    set_aim = s.aim
    assert set_aim.elevation == 4 and set_aim.tip_b > 0
    key(app, pygame.K_SPACE)
    run_until(app, lambda: len(s.match.history) == 1, limit=6000)
    frame(app, n=3)
    key(app, pygame.K_u)
    run_until(app, lambda: person_turn(app), limit=600)
    assert not s.match.history
    if isinstance(app.mode, PlaceMode):
        key(app, pygame.K_RETURN)
    assert s.aim.elevation == set_aim.elevation
    assert s.aim.tip_a == pytest.approx(set_aim.tip_a)
    assert s.aim.tip_b == pytest.approx(set_aim.tip_b)
    assert s.aim.power == pytest.approx(set_aim.power, abs=1e-3)
    assert s.aim.angle == pytest.approx(set_aim.angle, abs=1e-5)
    texts = side_texts(app)
    shown = app.t("panel.elevation")
    assert any("4°" in t for t in texts), texts
    assert not any(t.endswith(" 0°") for t in texts if shown[:4] in t), texts
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_saved_file_of_an_export_stays_said(lang: str) -> None:
    """X in the gallery, a diagram: "Saved <file>" is still up 15 s later
    (it went after 6 s), goes at the next key, and the side column keeps
    naming the last export's file."""
    app = make_app(lang, (800, 500))
    open_gallery(app, "gallery-no-rail")
    frame(app)
    key(app, pygame.K_x)
    assert app.dialogs and app.dialogs[-1].kind == "export"
    click_button(app, app.t("export.svg"))
    run_until(app, lambda: not app.dialogs, limit=600)
    frame(app, n=15 * 60)  # nothing pressed for 15 s
    assert app.toast is not None and "gallery-no-rail" in app.toast[0]
    assert app.toast[0].startswith(app.t("export.done", file="")[:5])
    key(app, pygame.K_t)  # the person goes on: the trails
    assert app.toast is None
    side = app.mode.layout.side  # type: ignore[attr-defined]
    frame(app)
    said = " ".join(r.text for r in app.texts if side.contains(r.rect))
    # (a long name may be broken over two lines with a hyphen)
    assert f"gallery-no-rail-{lang}.svg" in said.replace("- ", ""), said
    pygame.display.quit()


def test_the_replay_names_its_last_export_at_800_px() -> None:
    """The game's replay (R), X, a diagram: its side column names the file,
    also in a low window where the ruling card fills the column."""
    from simulator.app.loop.launch import break_shot
    from simulator.app.match.session import Session
    from simulator.app.match.turns import next_step
    from simulator.app.screens.replay import ReplayMode
    app = make_app("en", (800, 500))
    app.session = Session.new(["Anna", "Boris"], "9-ball", {}, app.locale, seed=5)
    next_step(app)
    frame(app)
    break_shot(app)
    next_step(app)
    frame(app)
    key(app, pygame.K_r)
    assert isinstance(app.mode, ReplayMode)
    key(app, pygame.K_x)
    click_button(app, app.t("export.svg"))
    run_until(app, lambda: not app.dialogs, limit=600)
    key(app, pygame.K_SPACE)
    name = app.kept["export.last"].rsplit("/", 1)[-1]
    said = " ".join(side_texts(app)).replace("- ", "")
    assert name in said, said
    pygame.display.quit()
