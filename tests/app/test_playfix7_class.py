"""The instructor's play-test (issue 22): handouts and clips a class can use.
The side view never covers a ball or a mark of a diagram; a foul at the
stroke does not end the clip at once; the clip names the foul only from its
moment; one Russian word for a jump shot (general rule 22: «перескок»)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pygame
import pytest

from simulator.app.replay import export, table_marks
from simulator.app.replay.export import FOUL_HOLD, FPS, Canvas, clip_times, render_clip
from simulator.app.text.i18n import Locale
from simulator.app.text.words import cite
from tests.app.helpers import open_gallery

ASSETS = Path(__file__).resolve().parents[2] / "assets"


def flights() -> list[export.ShotExport]:
    """The gallery's shots with a ball in the air (they carry the side view)."""
    out = []
    for exp in export.gallery_exports():
        if exp.marks().flights:
            out.append(exp)
    return out


def test_the_side_view_covers_no_ball_and_no_contact_of_a_diagram(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The miscue on a jump hid the 9-ball, contacts 3 and 6 and where the
    cue ball stopped under the side view: a handout shows every one."""
    boxes: list[pygame.Rect] = []
    from simulator.app.replay import side_view

    def record(surface: Any, rect: pygame.Rect, *a: Any, **k: Any) -> None:
        boxes.append(pygame.Rect(rect))
    monkeypatch.setattr(side_view, "draw_side_view", record)
    shots = flights()
    assert "gallery-miscue-on-jump" in {e.name for e in shots}
    for exp in shots:
        for width in (800, 1600):
            boxes.clear()
            c = Canvas(exp, width, "ru")
            c.still()
            assert boxes, exp.name
            box, v, m = boxes[-1], c.view, c.marks
            r = v.ball_px
            spots = [v.to_screen(x, y) for t in (m.frames[0].time, m.duration)
                     for x, y, _z in c.positions(t).values()]
            hit = [p for p in spots if box.inflate(2 * r, 2 * r).collidepoint(p)]
            assert not hit, (exp.name, width, box, hit)
            d = table_marks.marker_radius(v) * table_marks.DIAMOND
            for ct in m.shown_contacts:
                assert not box.collidepoint(v.to_screen(ct.x, ct.y)), (exp.name, ct.n)
                assert not box.inflate(2 * d, 2 * d).collidepoint(
                    v.to_screen(ct.lx, ct.ly)), (exp.name, width, ct.n)


def test_a_foul_at_the_stroke_plays_on_long_enough_to_see_it() -> None:
    """A miscue (general rule 22) and a double hit (rule 20) happen at 0.00 s:
    the clip used to hold the still table for ~6 frames and end; by default
    it now plays the stroke's consequence on after the foul."""
    for name in ("gallery-miscue-on-jump", "gallery-double-hit"):
        exp = next(export.gallery_exports([name]))
        times = clip_times(exp, 0.25)
        at = next(k for k, (_t, _s, f) in enumerate(times) if f is not None)
        assert times[at][0] < 0.01  # the foul is at the stroke
        after = [t for t, shown, f in times[at + 1:] if shown == pytest.approx(1 / FPS)]
        assert len(after) >= 2 * FPS, name  # two seconds and more of play after it
        assert sum(s for _t, s, _f in times) >= FOUL_HOLD + 3.0, name


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_clip_names_the_foul_only_from_its_moment(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the foul the caption says the game and to watch; the gallery's
    title ("Miscue on a jump") and the ruling come at the foul."""
    said: list[tuple[str, str]] = []
    real = Canvas.caption

    def record(self: Canvas, surf: Any, text: str, foul: bool, stamp: str,
               head: Any = None) -> None:
        said.append((" ".join(head or self.layout.head_lines), text))
        real(self, surf, text, foul, stamp, head)
    monkeypatch.setattr(Canvas, "caption", record)
    loc = Locale(lang)
    for name in ("gallery-miscue-on-jump", "gallery-scratch"):
        exp = next(export.gallery_exports([name]))
        said.clear()
        times = clip_times(exp, 0.5)
        list(render_clip(exp, lang, 0.5, 800))
        at = next(k for k, (_t, _s, f) in enumerate(times) if f is not None)
        foul = exp.main_foul()
        words = cite(loc, foul.code, foul.ref, exp.discipline)
        title = exp.title[lang]
        assert at > 0 and len(said) == len(times)
        for head, text in said[:at]:
            assert text == loc.t("export.watch") and title not in head, (name, head)
        assert said[at][1] == words and title in said[at][0]
        assert all(title in h for h, _t in said[at:])


def test_one_russian_word_for_a_jump_shot() -> None:
    """General rule 22 says «перескок»: the diagram's title said «Кикс при
    прыжке» over «кикс при перескоке»; every Russian text says «перескок»."""
    exp = next(export.gallery_exports(["gallery-miscue-on-jump"]))
    head, ruling = exp.caption("ru")
    assert "перескок" in head.lower() and "перескок" in ruling.lower()
    noun = re.compile(r"прыж(ок|ка|ке|ку|ком|ки|ков)\b|прыжков", re.IGNORECASE)
    for f in [*ASSETS.glob("scenarios/**/*.toml"), *ASSETS.glob("locale/ru/*.json")]:
        for line in f.read_text(encoding="utf-8").splitlines():
            if f.suffix == ".toml" and not line.startswith("ru"):
                continue
            assert not noun.search(line), (f.name, line)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_stepping_to_the_foul_shows_its_explanation(lang: str) -> None:
    """The wrong ball first (9-ball rule 7): "." steps to the first contact,
    which is the foul; the side column said "Watch..." there, and says the
    foul with its rule as when the replay stops at it by itself."""
    from tests.app.helpers import key, make_app
    app = make_app(lang)
    g = open_gallery(app, "gallery-nine-wrong-ball")
    foul = g.demo.foul
    words = cite(app.locale, foul.code, foul.ref)
    assert words not in g.body()
    key(app, pygame.K_PERIOD)  # to the tip's touch, then the foul's contact
    key(app, pygame.K_PERIOD)
    pb = g.player.playback
    assert pb.paused
    assert pb.time == pytest.approx(g.demo.pause_event.time, abs=1e-6)
    assert g.at_foul and app.locale.after_colon(words) in g.body()
    assert app.t("gallery.at_foul", foul=words) in g.body()
    assert app.t("gallery.watch") not in g.body()
    key(app, pygame.K_COMMA)  # back before it: not yet, the stroke said
    assert words not in g.body() and app.t("gallery.watch") not in g.body()
    assert app.t("gallery.at_foul", foul="").strip() in g.body()
    assert not app.errors
    pygame.display.quit()


def test_the_side_views_ball_is_whole_at_the_right_edge(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the jump has landed the clock stands at the plot's right edge:
    the ball there was cut in half by the plot's edge."""
    from simulator.app.replay import side_view
    from tests.app.helpers import frame, key, make_app, run_until
    app = make_app("en")
    g = open_gallery(app, "gallery-miscue-on-jump")
    fl = g.show.marks.flights[0]
    run_until(app, lambda: g.at_foul, limit=600)
    key(app, pygame.K_SPACE)
    pb = g.player.playback
    run_until(app, lambda: pb.time > fl.end + 0.5, limit=60 * 30)
    key(app, pygame.K_SPACE)  # paused with the side view still open
    drawn: list[tuple[tuple[float, float], float, pygame.Rect]] = []
    real = pygame.draw.circle

    def record(surface: pygame.Surface, colour: Any, centre: Any, radius: float,
               *a: Any, **k: Any) -> Any:
        drawn.append(((centre[0], centre[1]), radius, surface.get_clip()))
        return real(surface, colour, centre, radius, *a, **k)
    monkeypatch.setattr(side_view.pygame.draw, "circle", record)
    frame(app)
    monkeypatch.undo()
    assert g.show.flight() is not None
    balls = [(c, r, clip) for c, r, clip in drawn if r > 3]
    assert balls
    for (x, _y), r, clip in balls:
        assert clip.left <= x - r + 1 and x + r - 1 <= clip.right, (x, r, clip)
    assert not app.errors
    pygame.display.quit()


def rattle() -> Any:
    """The 1-ball sent at the foot right pocket 35 mm off its axis: it
    brushes that pocket's jaws four times."""
    from simulator.physics import simulate
    from simulator.table.events import BallMotion, Stroke
    from simulator.table.specs import pool_table
    from simulator.table.state import TableState
    spec = pool_table(9)
    p = spec.pocket("foot_right")
    (mx, my), (ix, iy) = p.mouth_centre, p.inward
    off, r, speed = 0.035, spec.balls.radius, 1.0
    state = TableState.from_positions(spec.name, {
        0: (spec.length / 2 + 0.3, spec.width / 2 + 0.2),
        1: (mx - ix * 0.35 - iy * off, my - iy * 0.35 + ix * off)})
    v = (speed * ix, speed * iy, 0.0)
    return simulate(state, Stroke(90.0, 0.001),
                    motion={1: BallMotion(v, (-v[1] / r, v[0] / r, 0.0))})


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_step_keys_stop_at_each_numbered_brush_of_a_rattle(lang: str) -> None:
    """"." from Home went from the 6's first brush of a jaw (contact 2)
    to the cue ball on a rail (contact 6), past the rattle drawn on the table
    as 3, 4 and 5: each numbered contact is a stop, in order, and "," comes
    back through the same ones."""
    from simulator.app.replay.shotshow import scenario_show
    from simulator.app.screens.gallery import GalleryPlayMode
    from simulator.app.screens.practice.shot_player import ShotPlayer
    from tests.app.helpers import frame, key, make_app
    app = make_app(lang)
    app.switch(GalleryPlayMode(app, 0))
    g = app.mode
    assert isinstance(g, GalleryPlayMode)
    shot = rattle()
    g.player = ShotPlayer(shot, (), 0.25)
    g.show = scenario_show(app.locale, g.entry.scenario, shot, g.player.playback,
                           None)
    g.show.marks.called_ball = None  # the entry's call names no ball here
    g.show.marks.called_pocket = None
    frame(app)
    show = g.show
    numbered = [c.event_index for c in show.marks.shown_contacts]
    jaws = [c.event_index for c in show.marks.shown_contacts
            if (c.cushion or "").startswith("jaw:")]
    assert len(jaws) >= 3, numbered
    pb = g.player.playback
    key(app, pygame.K_HOME)  # from the start, the clip playing
    stops: list[int] = []
    for _ in range(len(shot.events) + 4):
        key(app, pygame.K_PERIOD)
        m = show.selected
        assert m is not None and pb.time == pytest.approx(min(m.time, pb.end_time))
        if stops and m.event_index == stops[-1]:
            break
        stops.append(m.event_index)
    assert [i for i in stops if i in numbered] == numbered, (stops, numbered)
    back: list[int] = []
    for _ in range(len(stops) + 2):
        key(app, pygame.K_COMMA)
        m = show.selected
        assert m is not None
        if back and m.event_index == back[-1]:
            break
        back.append(m.event_index)
    assert [i for i in back if i in numbered] == numbered[::-1], (back, numbered)
    assert not app.errors
    pygame.display.quit()
