"""The foul gallery's fouls at the tip, and the foul in the exports.

The push shot (general rule 21) stopped at 0.000 s with the tip just
touching the cue ball: nothing of the foul was seen; "." jumped from the
strike to the first ball contact. The clip stops where the tip leaves the
ball, the stick still on it, its mark saying how long the tip was on; "."
and "," stop at the contact's start and end. The double hit (general rule
20) stops at the end of the tip's second touch; clips stopped elsewhere keep
their stop. A clip's held frame rings the foul's balls in red as the window
does; the SVG's key explains every kind of mark it draws."""

from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET

import pygame
import pytest
from PIL import Image

from simulator.app.replay import table_marks
from simulator.app.replay.export import (
    FOUL_MARK,
    Canvas,
    ShotExport,
    export_bytes,
    still_svg,
)
from simulator.app.replay.shotmarks import StickAt
from simulator.app.replay.timeline import mark_label, step_marks
from simulator.app.text.i18n import Locale
from simulator.physics.stick import TIP_RADIUS
from simulator.practice.gallery import demonstrate, entries
from simulator.table.events import EventKind
from tests.app.helpers import frame, key, make_app, open_gallery

SVG = "{http://www.w3.org/2000/svg}"


def first_ball_contact(g: object) -> float:
    shot = g.demo.shot  # type: ignore[attr-defined]
    return min(e.time for e in shot.events if e.kind is EventKind.BALL_BALL)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_push_clip_stops_with_the_tip_still_on_the_ball(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """General rule 21: the tip rode the cue ball for 20 ms. The clip stops
    at the end of that contact, before the first ball contact, the stick
    drawn with its tip on the ball; the mark there says the tip's time."""
    drawn: list[StickAt] = []
    real = table_marks.draw_stick

    def spy(surface: pygame.Surface, view: object, at: StickAt,
            *balls: object) -> None:  # (the balls its angle mark keeps clear of)
        drawn.append(at)
        real(surface, view, at, *balls)  # type: ignore[arg-type]

    monkeypatch.setattr(table_marks, "draw_stick", spy)
    app = make_app(lang)
    try:
        g = open_gallery(app, "gallery-push-shot", to_foul=True)
        strike = g.demo.pause_event
        assert strike.kind is EventKind.STROKE
        assert strike.duration == pytest.approx(0.02)
        pb = g.player.playback
        end = strike.time + (strike.duration or 0.0)
        assert pb.paused and g.at_foul
        assert pb.time == pytest.approx(end, abs=1e-9) and pb.time > 0.0
        assert pb.time < first_ball_contact(g)
        drawn.clear()
        frame(app)
        assert drawn, "no stick drawn at the pause"
        tip = drawn[-1]
        x, y, _z = g.player.positions()[0]
        r = g.spec.balls.radius
        gap = math.hypot(x - tip.x, y - tip.y) - r - TIP_RADIUS
        assert abs(gap) < 2e-4, gap  # the tip on the ball (within 0.2 mm)
        m = g.show.near_mark()
        assert m is not None and m.tip_end and m.foul
        said = mark_label(app.locale, g.show.spec, m)
        assert app.locale.num(20.0, 0) in said
        assert said in g.show.labels_at(m)
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_full_stop_from_the_strike_stops_where_the_tip_leaves_the_ball(
        lang: str) -> None:
    """"." from 0.000 s: the end of the tip's contact (the foul), before the
    first ball contact, which it jumped straight to; "," back to the
    strike; "." twice on to the first ball contact."""
    app = make_app(lang)
    try:
        g = open_gallery(app, "gallery-push-shot")
        pb = g.player.playback
        key(app, pygame.K_PERIOD)
        assert pb.paused and pb.time == 0.0 and not g.at_foul
        key(app, pygame.K_PERIOD)
        assert pb.paused and pb.time == pytest.approx(0.02, abs=1e-9)
        assert pb.time < first_ball_contact(g)
        assert g.at_foul and g.show.selected is not None and g.show.selected.tip_end
        key(app, pygame.K_COMMA)
        assert pb.time == 0.0
        key(app, pygame.K_PERIOD)
        key(app, pygame.K_PERIOD)
        assert pb.time == pytest.approx(first_ball_contact(g), abs=1e-9)
        assert not app.errors
    finally:
        pygame.display.quit()


def test_the_double_hit_stops_at_the_end_of_the_tips_touch() -> None:
    """General rule 20: the tip's second touch, a step of its own at each
    end; the clip stands where it leaves the ball."""
    app = make_app("en")
    try:
        g = open_gallery(app, "gallery-double-hit", to_foul=True)
        touch = g.demo.pause_event
        assert touch.kind is EventKind.TIP_CONTACT
        pb = g.player.playback
        assert pb.time == pytest.approx(touch.time + (touch.duration or 0.0), abs=1e-9)
        ms = [m for m in step_marks(g.show.marks.marks)
              if m.event_index == g.demo.pause_index]
        assert [m.tip_end for m in ms] == [False, True]
        assert [m.foul for m in ms] == [False, True]
        assert not app.errors
    finally:
        pygame.display.quit()


def test_clips_stopped_elsewhere_keep_their_stop() -> None:
    """Only a push and a tip's later touch stop at the tip's leaving: every
    other clip (the miscue too, seen at its strike) stops at its event."""
    moved = []
    for e in entries():
        d = demonstrate(e)
        ev = d.pause_event
        if d.pause_time != ev.time:
            moved.append(e.id)
    assert sorted(moved) == ["gallery-double-hit", "gallery-push-shot"]


# -- the exports -------------------------------------------------------------------
def held_frame(data: bytes) -> Image.Image:
    """The picture a clip stands longest on (the foul, FOUL_HOLD)."""
    im = Image.open(io.BytesIO(data))
    best: tuple[int, Image.Image] | None = None
    for i in range(im.n_frames):
        im.seek(i)
        d = int(im.info.get("duration", 0))
        if best is None or d > best[0]:
            best = (d, im.convert("RGB").copy())
    assert best is not None
    return best[1]


def red(c: tuple[int, ...]) -> bool:
    return abs(c[0] - FOUL_MARK[0]) < 30 and abs(c[1] - FOUL_MARK[1]) < 30 and \
        abs(c[2] - FOUL_MARK[2]) < 30


@pytest.mark.parametrize("fmt", ["gif", "apng"])
@pytest.mark.parametrize("entry", ["gallery-push-shot", "gallery-scratch"])
def test_the_clips_held_frame_rings_the_foul_ball(fmt: str, entry: str) -> None:
    """The window rings the cue ball red at the foul; the exported clip's
    held frame had no ring. Read from the file: round the cue ball where
    it stands at the pause, the red of the window's ring nearly all round
    (the stick crosses it on one side)."""
    e = next(x for x in entries() if x.id == entry)
    d = demonstrate(e)
    exp = ShotExport.from_scenario(e.scenario, d.shot, d.ruling, d.foul)
    # At full speed: the clip stands as long on its foul at any speed, and
    # has a quarter of the pictures to draw and encode before it.
    pic = held_frame(export_bytes(exp, fmt, "en", 1.0, 800))
    canvas = Canvas(exp, 800, "en", clip=True)
    at = canvas.positions(d.pause_time)
    cue = d.shot.initial.spec.balls.cue_ball
    if cue not in at:  # a scratch: the cue ball dropped, its pocket ringed
        pk = d.shot.initial.spec.pocket(d.pause_event.pocket or "")
        cx, cy = canvas.view.to_screen(*pk.mouth_centre)
        ring = canvas.view.px(pk.mouth_width * 0.7)
    else:
        x, y, _z = at[cue]
        cx, cy = canvas.view.to_screen(x, y)
        ring = canvas.sprites.r_px * 1.55
    found = 0
    for k in range(32):
        a = k * math.pi / 16
        band = [pic.getpixel((round(cx + rr * math.cos(a)),
                              round(cy + rr * math.sin(a))))
                for rr in (ring - 3, ring - 2, ring - 1, ring, ring + 1)]
        found += any(red(c) for c in band)
    assert found >= 24, found


# -- the SVG's key ------------------------------------------------------------------
KEYED = ("gallery-double-hit", "gallery-no-rail", "gallery-eight-wrong-pocket",
         "gallery-push-shot")


def drawn_kinds(root: ET.Element) -> set[str]:
    """Every kind of mark the diagram draws (beside the table, the balls at
    the start and the stick), as the key names them."""
    kinds: set[str] = set()
    for el in root.iter():
        cls, ident = el.get("class", ""), el.get("id", "")
        if cls == "path":
            kinds.add("path-cue" if ident == "path-0" else "path-ball")
        elif cls == "rest":
            kinds.add("rest")
        elif cls == "contact":
            kinds.add(f"contact-{el.get('data-kind')}")
        elif ident in ("called-ball", "called-pocket"):
            kinds.add("called")
        elif cls == "off-table":
            kinds.add("off-table")
    return kinds


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("entry", KEYED)
def test_every_mark_the_svg_draws_is_in_its_key(lang: str, entry: str) -> None:
    """The legend said the start and the rest rings; the numbered discs (a
    ball, a cushion, the tip: three colours) and the paths were explained
    nowhere. Each kind drawn has its entry, in the picture's language, its
    swatch in the mark's colour."""
    e = next(x for x in entries() if x.id == entry)
    d = demonstrate(e)
    exp = ShotExport.from_scenario(e.scenario, d.shot, d.ruling, d.foul)
    loc = Locale(lang)
    root = ET.fromstring(still_svg(exp, lang, 1000))
    kinds = drawn_kinds(root)
    assert any(k.startswith("contact-") for k in kinds)
    keyed = {g.get("data-mark"): g for g in root.iter(f"{SVG}g")
             if g.get("class") == "key-entry"}
    legend = next(el for el in root.iter(f"{SVG}text") if el.get("id") == "legend")
    explained = set(keyed)
    if legend.text == loc.t("export.start"):  # "rings: where the balls stopped"
        explained.add("rest")
    offs = [g for g in root.iter(f"{SVG}g") if g.get("class") == "off-table-words"]
    if offs:  # each off-table mark has its words beside it
        explained.add("off-table")
    assert kinds <= explained, kinds - explained
    colours = {"contact-ball_ball": table_marks.CONTACT_BALL,
               "contact-ball_cushion": table_marks.CONTACT_CUSHION,
               "contact-tip_contact": table_marks.CONTACT_TIP}
    words = {"contact-ball_ball": "export.key_ball",
             "contact-ball_cushion": "export.key_cushion",
             "contact-tip_contact": "export.key_tip",
             "path-cue": "export.key_path_cue", "path-ball": "export.key_path_ball",
             "stick": "export.key_stick", "push": "export.key_push",
             "head-string": "export.key_head_string", "touch": "export.key_touch",
             "called": "export.key_called"}
    for mark, g in keyed.items():
        assert mark in words
        texts = [t.text for t in g.iter(f"{SVG}text")]
        assert loc.t(words[mark]) in texts
        if mark in colours:
            c = colours[mark]
            fills = [el.get("fill") for el in g.iter(f"{SVG}circle")]
            assert f"rgb({c[0]},{c[1]},{c[2]})" in fills
    lead = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "key-lead"]
    assert lead == [loc.t("export.key_contacts")]
