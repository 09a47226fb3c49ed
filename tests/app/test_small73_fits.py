"""At 800x500 in Russian the replay's timeline caption lost its last word
(a break's contacts at one time, or the stroke and the cue ball leaving
the bed, said in one row too narrow for them), and the hint's "Взять
подсказку" and others ("Объявить фол", "Move cue ball") broke over two
lines. Every caption and side button label fits whole at 800x500 in both
languages: fewer events with how many more, the key's cap closer to the
words, a shorter Russian "take the hint"."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.replay import timeline
from simulator.app.text import fonts
from simulator.app.text.words import ball_named
from tests.app.helpers import frame, key, make_app, open_gallery, run_until
from tests.app.scenes import open_scene

LANGS = ("en", "ru")
LOCALE = Path(__file__).resolve().parents[2] / "assets" / "locale"
# Clips whose captions were cut: a cushion's long name, a break's contacts
# at one time, the stroke with its tip time and a jump.
CLIPS = ("gallery-frozen-cushion", "gallery-eight-illegal-break",
         "gallery-nine-break-not-one", "gallery-express-push-through",
         "gallery-cue-ball-off-table")


def _cut_in_strip(app: App) -> list[str]:
    return [f"{t.text!r} shown as {t.shown!r}" for t in app.texts
            if app.layout.strip.colliderect(t.rect) and t.shown != t.text]


@pytest.mark.parametrize("lang", LANGS)
def test_every_timeline_caption_of_the_clips_fits(lang: str) -> None:
    app = make_app(lang, (800, 500))
    try:
        cut: list[str] = []
        for clip in CLIPS:
            g = open_gallery(app, clip)
            frame(app, n=2)
            g.show.playback.paused = True
            for m in g.show.marks.marks:
                g.show.jump(m)
                frame(app)
                cut += _cut_in_strip(app)
        assert not cut, cut
    finally:
        pygame.display.quit()


def _longest(values: list[str], size: int) -> str:
    return max(values, key=lambda v: fonts.font(size).size(v)[0])


@pytest.mark.parametrize("lang", LANGS)
def test_every_timeline_caption_fits_its_row(monkeypatch: pytest.MonkeyPatch,
                                             lang: str) -> None:
    """Each event's words (the widest ball, cushion, pocket and numbers put
    in), after the time, in the row under the bar of the replay at 800x500."""
    rows: list[tuple[int, int]] = []
    real = timeline.Timeline._draw_words

    def spy(self: Any, surface: Any, row: pygame.Rect, size: int, *a: Any) -> None:
        rows.append((row.width, size))
        real(self, surface, row, size, *a)

    monkeypatch.setattr(timeline.Timeline, "_draw_words", spy)
    app = open_scene("replay", "9-ball", lang, (800, 500))
    try:
        width, size = rows[-1]
        d = json.loads((LOCALE / lang / "ui.json").read_text(encoding="utf-8"))
        balls = [ball_named(app.locale, b, 0) for b in range(16)]
        fill = {"ball": _longest(balls, size), "a": _longest(balls, size),
                "b": _longest(balls, size),
                "cushion": _longest(list(d["cushion"].values()), size),
                "pocket": _longest(list(d["pocket"].values()), size),
                "line": _longest([d["timeline"][k] for k in (
                    "head_string", "house_line", "centre_line", "long_string")], size),
                "speed": "12,00", "ms": "100", "mm": "1000", "n": "12"}
        stamp = app.t("timeline.at", t="10,000") + " · "
        wide = []
        for k, v in d["timeline"].items():
            if k in ("at", "hint") or not isinstance(v, str):
                continue
            words = stamp + v.format(**{n: fill[n] for n in re.findall(r"{(\w+)}", v)})
            if fonts.font(size).size(words)[0] > width:
                wide.append(words)
        assert not wide, (width, wide)
    finally:
        pygame.display.quit()


def _wrapped(app: App) -> list[list[str]]:
    """The side column's buttons whose words take more than one line."""
    out = []
    for b in app.buttons:
        if app.layout.side.contains(b.rect):
            lines = b._lines(b.rect.width, b.size)[0]
            if len(lines) > 1:
                out.append(lines)
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["8-ball", "9-ball", "14.1"])
def test_every_side_button_label_fits_at_800x500(lang: str, game: str) -> None:
    """Between people: placing, aiming, a foul's card to read, the hint
    offered and taken; each button's words in one line."""
    seen: list[tuple[str, list[list[str]]]] = []
    for scene in ("table", "banner"):
        app = open_scene(scene, game, lang, (800, 500))
        try:
            frame(app)
            seen.append((app.mode.name if app.mode else "", _wrapped(app)))
            if scene == "banner":
                s = app.session
                assert s is not None
                if app.mode is not None and app.mode.name == "placing":
                    key(app, pygame.K_RETURN)
                key(app, pygame.K_i)
                run_until(app, lambda s=s: s.hint is not None, limit=6000)  # type: ignore[misc]
                frame(app, n=2)
                seen.append(("hint", _wrapped(app)))
                key(app, pygame.K_i)
                frame(app, n=2)
                seen.append(("taken", _wrapped(app)))
        finally:
            pygame.display.quit()
    assert not [w for _n, w in seen if w], seen
