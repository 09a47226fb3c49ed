"""Shots taken away (issue 14, item 5): a clip that plays at the chosen speed
and stands still at the foul, a diagram in PNG and SVG with the start
position, the paths, the numbered contacts and the rule, captions in either
language; from the window and from the command line; never replacing a file,
a clear error for a bad folder."""

from __future__ import annotations

import io
import itertools
import math
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pygame
import pytest
from PIL import Image

from simulator.app.replay import export
from simulator.app.replay.export import (
    END_HOLD,
    FOUL_HOLD,
    FPS,
    ExportError,
    ShotExport,
    clip_times,
    encode_clip,
    render_clip,
    still_svg,
    write_export,
)
from simulator.app.replay.table_marks import CONTACT_BALL, CONTACT_CUSHION, CONTACT_TIP
from simulator.files import profile
from simulator.practice.gallery import demonstrate, entries
from tests.app.helpers import (
    button_labels,
    click_button,
    frame,
    key,
    make_app,
    open_gallery,
    run_until,
)

SVG = "{http://www.w3.org/2000/svg}"


@cache
def gallery_export(entry_id: str, play_on: bool = False) -> ShotExport:
    e = next(e for e in entries() if e.id == entry_id)
    d = demonstrate(e)
    return ShotExport.from_scenario(e.scenario, d.shot, d.ruling, d.foul, play_on)


def frames_of(data: bytes) -> list[tuple[tuple[int, int], int]]:
    """(size, duration in ms) of each picture of an animated file."""
    im = Image.open(io.BytesIO(data))
    out = []
    for i in range(getattr(im, "n_frames", 1)):
        im.seek(i)
        out.append((im.size, int(im.info.get("duration", 0))))
    return out


def runs(pics: list[tuple[pygame.Surface | Image.Image, float]]) -> int:
    """How many pictures differ from the one before (the first counted)."""
    raw = [p.tobytes() if isinstance(p, Image.Image) else pygame.image.tobytes(p, "RGB")
           for p, _s in pics]
    return sum(1 for i, b in enumerate(raw) if i == 0 or b != raw[i - 1])


def test_a_clip_plays_at_its_speed_and_stands_still_at_the_foul() -> None:
    """General rule 20: the double hit. At 1/4 speed each picture moves the
    shot on by 1/4 of its own time; the clip holds FOUL_HOLD seconds on the
    tip's second touch, with the foul and its rule in the caption, then plays
    on to the end (the play-on option)."""
    exp = gallery_export("gallery-double-hit", play_on=True)
    times = clip_times(exp, 0.25)
    moving = [(t, shown) for t, shown, foul in times if foul is None and
              shown == pytest.approx(1 / FPS)]
    steps = {round(b[0] - a[0], 6) for a, b in itertools.pairwise(moving)
             if b[0] - a[0] > 1e-9}
    assert max(steps) == pytest.approx(0.25 / FPS, abs=1e-6)
    held = [(t, foul) for t, shown, foul in times if foul is not None]
    tip = exp.shot.events[held[0][1]]
    # (where the tip leaves the ball, as the window stops there)
    assert len(held) == 1 and held[0][0] == pytest.approx(tip.time + tip.duration)
    assert tip.kind.value == "tip_contact"
    assert times[0][0] < 0  # it opens on the stick's approach
    assert times[-1][1] == END_HOLD
    # A foul at the stroke plays on by default too: ending there showed nothing.
    assert clip_times(gallery_export("gallery-double-hit"), 0.25) == times
    # A later foul ends the clip by default, where the window's gallery stops.
    late = gallery_export("gallery-scratch")
    stop, on = clip_times(late, 0.25), clip_times(gallery_export(
        "gallery-scratch", play_on=True), 0.25)
    assert stop[-1][1] == FOUL_HOLD and stop[-1][2] is not None
    assert stop == on[:len(stop)] and len(on) > len(stop)
    pics = list(render_clip(exp, "en", 0.25, 800))
    assert len(pics) == len(times)
    foul_pic = next(p for (p, _s), (_t, _sh, f) in zip(pics, times, strict=True)
                    if f is not None)
    h = foul_pic.get_height()
    cap = export.Canvas(exp, 800, "en").cap_h
    # The caption band at the foul is the foul's red.
    assert foul_pic.get_at((400, h - cap + 3))[:3] == (96, 30, 26)
    data = encode_clip(pics, "gif")
    got = frames_of(data)
    # Pictures the same as the one before (the stick at rest before its
    # approach) are one frame of the file, shown for as long.
    assert len(got) == runs(pics) < len(times)
    assert {s for s, _d in got} == {(800, h)}
    ms = sum(d for _s, d in got)
    assert ms == pytest.approx(1000 * sum(s for _t, s, _f in times), abs=10 * len(got))
    assert FOUL_HOLD * 1000 in [d for _s, d in got]


def test_a_ten_second_clip_at_800_px_stays_under_5_mb() -> None:
    """The jump entry at 1/2 speed: more than 10 s of clip (the whole shot
    and both holds), 800 px wide; the GIF, the animated PNG and the WebP
    each under 5 MB, frame counts as planned. (At 1/4 the clip is 28 s,
    twice the pictures to draw and encode: half a minute of the suite for
    the same bound on a ten-second clip; each picture at 1/2 moves the
    balls twice as far, so it codes as many bytes or more.)"""
    exp = gallery_export("gallery-illegal-jump", play_on=True)
    times = clip_times(exp, 0.5)
    seconds = sum(s for _t, s, _f in times)
    assert seconds > 10
    # Each picture made an image once, not once for each of the three
    # formats (encode_clip takes either).
    pics = [(export._image(p), d) for p, d in render_clip(exp, "ru", 0.5, 800)]
    for fmt in ("gif", "apng"):
        data = encode_clip(pics, fmt)
        assert len(data) < 5 * 1024 * 1024, (fmt, len(data))
        got = frames_of(data)
        assert len(got) == runs(pics) and got[0][0][0] == 800
        assert sum(d for _s, d in got) == pytest.approx(1000 * seconds,
                                                        abs=10 * len(got))
    webp = encode_clip(pics, "webp")
    assert len(webp) < 5 * 1024 * 1024
    assert Image.open(io.BytesIO(webp)).n_frames <= len(times)


def test_the_diagram_shows_the_start_the_contacts_and_the_rule() -> None:
    """The still diagram (PNG): the cue ball drawn where it started, each
    contact's number in its colour where the marks say; the SVG has the same
    contacts at the same coordinates and the rule's citation."""
    exp = gallery_export("gallery-scratch")
    marks = exp.marks()
    canvas = export.Canvas(exp, 1000, "en")
    surf = canvas.still()
    view = canvas.view
    x0, y0 = exp.shot.initial.position(0) or (0.0, 0.0)
    cx, cy = view.to_screen_i(x0, y0)
    r, g, b = surf.get_at((cx, cy))[:3]
    assert min(r, g, b) > 180  # the white cue ball, where it was
    colours = {"ball_ball": CONTACT_BALL, "ball_cushion": CONTACT_CUSHION,
               "tip_contact": CONTACT_TIP}
    for c in marks.shown_contacts:
        px, py = view.to_screen(c.lx, c.ly)
        # The disc's rim (the middle holds the number, whose strokes may
        # cover any one of these points).
        rim = {
            surf.get_at((round(px) + dx, round(py) + dy))[:3]
            for dx, dy in ((4, 4), (-4, -4), (4, -4), (-4, 4))
        }
        assert colours[c.kind.value] in rim, c
    svg = still_svg(exp, "ru", 1000)
    root = ET.fromstring(svg)
    groups = [el for el in root.iter(f"{SVG}g") if el.get("class") == "contact"]
    assert len(groups) == len(marks.shown_contacts) == len(marks.contacts) >= 1
    k = 1000 / (exp.shot.initial.spec.length + 2 * exp.shot.initial.spec.rail_width)
    first = groups[0].find(f"{SVG}circle")
    assert first is not None
    rw = exp.shot.initial.spec.rail_width
    assert float(first.get("cx", "0")) == pytest.approx((marks.contacts[0].lx + rw) * k,
                                                        abs=0.06)
    ruling = next(el for el in root.iter(f"{SVG}text") if el.get("id") == "ruling")
    assert ruling.text is not None and "п." in ruling.text  # a rule number, Russian
    assert root.find(f"{SVG}polyline[@id='path-0']") is not None


def test_exports_never_replace_a_file_and_bad_folders_are_named(tmp_path: Path
                                                                ) -> None:
    exp = gallery_export("gallery-scratch")
    a = write_export(exp, tmp_path / "new", "svg", "en")
    b = write_export(exp, tmp_path / "new", "svg", "en")
    assert a.name == "gallery-scratch-en.svg" and b.name == "gallery-scratch-en-2.svg"
    assert a.read_bytes() == b.read_bytes()
    c = write_export(exp, tmp_path / "new", "svg", "en", overwrite=True)
    assert c == a
    with pytest.raises(ExportError, match="is a file"):
        write_export(exp, a, "svg", "en")
    with pytest.raises(ExportError, match="not a full path"):
        export.ExportJob(exp, Path("relative/folder"), "png", "en")
    with pytest.raises(ExportError, match="format"):
        export.export_bytes(exp, "bmp", "en")
    assert sorted(p.name for p in (tmp_path / "new").iterdir()) == [
        "gallery-scratch-en-2.svg", "gallery-scratch-en.svg"]


def test_the_command_line_exports_a_gallery_entry_in_both_languages(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "gallery"
    status = export.main(["--gallery", str(out), "--only", "gallery-no-rail",
                          "--lang", "en,ru", "--formats", "png,svg"])
    assert status == 0
    names = sorted(p.name for p in out.iterdir())
    assert names == ["gallery-no-rail-en.png", "gallery-no-rail-en.svg",
                     "gallery-no-rail-ru.png", "gallery-no-rail-ru.svg"]
    assert "4 file(s) written" in capsys.readouterr().out
    assert export.main(["--gallery", str(out), "--only", "nothing-such"]) == 2
    assert "no gallery entry 'nothing-such'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        export.main(["--gallery", str(out), "--speed", "fast"])
    assert "speed: 'fast' is not a number" in capsys.readouterr().err
    (tmp_path / "file").write_text("x", "utf-8")
    assert export.main(["--gallery", str(tmp_path / "file"), "--only",
                        "gallery-no-rail", "--formats", "svg"]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err


def test_the_gallery_exports_from_the_window_into_the_profile() -> None:
    """X (or the Export button) in a gallery replay opens the dialog; the
    diagram goes into the profile's exports folder and the player is told
    where."""
    app = make_app()
    open_gallery(app, "gallery-no-rail")
    frame(app)
    key(app, pygame.K_x)
    assert app.dialogs and app.dialogs[-1].kind == "export"
    click_button(app, "Diagram, SVG (print)")
    run_until(app, lambda: not app.dialogs, limit=600)
    folder = profile.exports_dir()
    files = sorted(p.name for p in folder.iterdir())
    assert files == ["gallery-no-rail-en.svg"]
    assert not app.errors
    # Again, in Russian captions at another speed: a clip beside it.
    click_button(app, "Export")
    click_button(app, "Switch the captions to Russian")
    assert app.dialogs[-1].kind == "export"
    click_button(app, "Speed: 1/4 (change to 1/2)")
    click_button(app, "Clip, GIF")
    run_until(app, lambda: not app.dialogs, limit=60 * 60)
    files = sorted(p.name for p in folder.iterdir())
    assert "gallery-no-rail-ru-clip-half.gif" in files
    assert not app.errors
    pygame.display.quit()


def test_a_practice_situation_exports_its_diagram_after_the_ruling() -> None:
    """Practice: watch the recorded stroke, read the ruling, press X; the
    diagram of that stroke goes into the exports folder."""
    from simulator.app.screens.practice.scenario import ScenarioMode
    from simulator.practice.library import library, load
    app = make_app("ru")
    sc = load(library().ids()[0])
    mode = ScenarioMode(app, sc)
    app.switch(mode)
    mode.watch()
    mode._skip()
    frame(app)
    assert mode.phase == "ruling" and mode.played is not None
    assert app.t("shots.export") in button_labels(app)
    key(app, pygame.K_x)
    assert app.dialogs and app.dialogs[-1].kind == "export"
    click_button(app, app.t("export.png"))
    run_until(app, lambda: not app.dialogs, limit=600)
    files = [p.name for p in profile.exports_dir().iterdir()]
    assert files == [f"{sc.id}-ru.png"]
    img = Image.open(profile.exports_dir() / files[0])
    assert img.size[0] == 800
    assert not app.errors
    pygame.display.quit()


def test_a_clip_of_a_jump_carries_the_side_view_throughout() -> None:
    """General rule 22: the height is the point of a jump; the clip shows
    the side view (its dark card) while the cue ball is off the bed, and in
    every other picture too: its band never stands empty (the window keeps
    the view to the end of the shot)."""
    exp = gallery_export("gallery-illegal-jump")
    canvas = export.Canvas(exp, 800, "en")
    up = next(ev for ev in exp.shot.events if ev.kind.value == "airborne")

    def card_pixels(t: float) -> int:
        surf = canvas.frame(t)
        return sum(1 for x in range(0, 800, 4) for y in range(0, canvas.size[1] -
                                                                canvas.cap_h, 4)
                   if surf.get_at((x, y))[:3] == (12, 16, 15))

    least = 0.25 * (288 * 130) / 16
    for t in (-0.2, up.time + 0.02, exp.marks().duration):
        assert card_pixels(t) > least, t


def test_a_match_replay_exports_its_shot_with_the_call() -> None:
    """The game's replay (R): X opens the export; the SVG of the break goes
    to the exports folder, the stick drawn at address along the stroke."""
    from simulator.app.loop.launch import break_shot
    from simulator.app.match.session import Session
    from simulator.app.match.turns import next_step
    from simulator.app.screens.replay import ReplayMode
    app = make_app()
    app.session = Session.new(["Anna", "Boris"], "9-ball", {}, app.locale, seed=5)
    next_step(app)
    frame(app)
    break_shot(app)
    next_step(app)
    frame(app)
    key(app, pygame.K_r)
    assert isinstance(app.mode, ReplayMode)
    replay = app.mode
    assert replay.playback.time < 0  # the stick's approach first
    key(app, pygame.K_x)
    assert app.dialogs and app.dialogs[-1].kind == "export"
    click_button(app, "Diagram, SVG (print)")
    run_until(app, lambda: not app.dialogs, limit=600)
    (path,) = list(profile.exports_dir().iterdir())
    assert path.name.startswith("9-ball-shot-") and path.suffix == ".svg"
    root = ET.fromstring(path.read_text("utf-8"))
    stick = root.find(f"{SVG}polygon[@id='stick']")
    assert stick is not None
    assert float(stick.get("data-elevation", "-1")) == \
        app.session.shots[-1][0].stroke.elevation
    # The replay's own keys still work after the export.
    key(app, pygame.K_SPACE)
    assert replay.playback.paused
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.mode, ReplayMode)
    assert not app.errors
    pygame.display.quit()


def test_no_picture_is_made_wider_than_the_limit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A clip or a still is at most MAX_WIDTH pixels wide (a wider clip would
    hold hundreds of megabytes of pictures): every way of asking for one
    wider is refused before a picture is drawn, and the limit itself is
    made."""
    exp = gallery_export("gallery-scratch")
    wide = export.MAX_WIDTH + 1
    with pytest.raises(ExportError, match=f"^width: {wide} px; a picture is "):
        next(iter(render_clip(exp, "en", 0.5, wide)))
    for fmt in export.FORMATS:
        with pytest.raises(ExportError, match="^width: "):
            export.export_bytes(exp, fmt, "en", width=wide)
    with pytest.raises(ExportError, match="^width: "):
        export.ExportJob(exp, tmp_path, "gif", "en", width=wide)
    with pytest.raises(SystemExit) as e:
        export.main(["--gallery", str(tmp_path), "--width", str(wide)])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "width" in err
    assert not list(tmp_path.iterdir())
    picture, _shown = next(iter(render_clip(exp, "en", 0.5, export.MAX_WIDTH)))
    assert picture.get_width() == export.MAX_WIDTH


def _bad_folders(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """A folder an export cannot go to, and what the command line says."""
    (tmp_path / "file").write_text("x", "utf-8")
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    (tmp_path / "link-to-file").symlink_to(tmp_path / "file")
    long_name = tmp_path / ("n" * 300) / "exports"
    return {
        "a file": (tmp_path / "file", f"{tmp_path / 'file'}: is a file, not a "
                   "folder"),
        "a folder under a file": (tmp_path / "file" / "sub", f"{tmp_path / 'file'}"
                                  ": is a file, not a folder"),
        "a dangling link": (tmp_path / "dangling", f"{tmp_path / 'dangling'}: is a "
                            f"link to {tmp_path / 'nowhere'}, which does not exist"),
        "a folder under a dangling link": (
            tmp_path / "dangling" / "clips", f"{tmp_path / 'dangling'}: is a link "
            f"to {tmp_path / 'nowhere'}, which does not exist"),
        "a link to a file": (tmp_path / "link-to-file", "is a file, not a folder"),
        "a name of 300 bytes": (long_name, f"{tmp_path / ('n' * 16)}...: the name "
                                "is longer than a folder name may be (255 bytes)"),
    }


def test_export_errors_are_error_lines_naming_the_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The command line's form: ``error: <where>: <what>``, one line, status
    2 (never ``export:``, an errno or a system message such as "File
    exists"); nothing written."""
    for name, (folder, words) in _bad_folders(tmp_path).items():
        status = export.main(["--gallery", str(folder), "--only",
                              "gallery-no-rail", "--formats", "svg"])
        err = capsys.readouterr().err
        assert status == 2, name
        assert err.startswith("error: ") and err.count("\n") == 1, (name, err)
        assert words in err, (name, err)
        assert "Errno" not in err and "File exists" not in err, (name, err)
    assert export.main(["--gallery", str(tmp_path / "g"), "--only", "no-such"]) == 2
    assert capsys.readouterr().err == "error: --only: no gallery entry 'no-such'\n"
    assert not (tmp_path / "nowhere").exists() and not (tmp_path / "g").exists()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_bad_export_folder_in_the_window_is_a_sentence(
        tmp_path: Path, lang: str) -> None:
    """The window says what is wrong with the folder in the player's
    language, in the export dialog and in the folder dialog, and writes
    nothing; it never shows "File exists" or "Something went wrong"."""
    words = {"en": {"a dangling link": "is a link to",
                    "a name of 300 bytes": "a folder's name is longer than 255",
                    "a folder under a file": "is a file, not a folder"},
             "ru": {"a dangling link": "— ссылка на",
                    "a name of 300 bytes": "имя папки длиннее 255 байт",
                    "a folder under a file": "— файл, а не папка"}}[lang]
    folders = _bad_folders(tmp_path)
    app = make_app(lang)
    open_gallery(app, "gallery-no-rail")
    frame(app)
    failed = app.t("export.failed", reason="@").split("@")[0]
    for name, said in words.items():
        app.settings.export_dir = str(folders[name][0])
        key(app, pygame.K_x)
        assert app.dialogs and app.dialogs[-1].kind == "export"
        click_button(app, app.t("export.svg"))
        frame(app)
        assert app.toast is not None
        message = app.toast[0]
        assert message.startswith(failed) and said in message, (name, message)
        assert "File exists" not in message and "Errno" not in message
        assert not app.errors
        while app.dialogs:
            key(app, pygame.K_ESCAPE)
    # Typed in the folder dialog: refused there, the dialog kept to correct it.
    app.settings.export_dir = ""
    key(app, pygame.K_x)
    click_button(app, app.t("export.folder"))
    dialog = app.dialogs[-1]
    assert dialog.kind == "export_folder"
    assert dialog.entry is not None  # type: ignore[attr-defined]
    dialog.entry.set_text(str(folders["a dangling link"][0]))  # type: ignore[attr-defined]
    click_button(app, app.t("common.ok"))
    assert app.toast is not None and words["a dangling link"] in app.toast[0]
    assert app.dialogs and app.dialogs[-1].kind == "export_folder"
    assert app.settings.export_dir == ""
    assert not (tmp_path / "nowhere").exists() and not app.errors
    pygame.display.quit()


def test_the_command_line_clip_stops_at_the_foul_unless_told_to_play_on(
        tmp_path: Path) -> None:
    """The gallery's scratch (general rule 18) from the command line: by
    default the clip ends held on the foul, as the window's gallery stops
    there; --play-on holds there and plays on to the end."""
    from simulator.app.replay.export import main
    exp = gallery_export("gallery-scratch")
    stop, on = tmp_path / "stop", tmp_path / "on"
    for folder, extra in ((stop, []), (on, ["--play-on"])):
        assert main(["--gallery", str(folder), "--only", "gallery-scratch",
                     "--formats", "gif", "--width", "400", *extra]) == 0
    short = frames_of((stop / exp.file_name("gif", "en")).read_bytes())
    long = frames_of((on / exp.file_name("gif", "en")).read_bytes())
    assert short[-1][1] == FOUL_HOLD * 1000  # the last picture is the foul's
    # (the last moving picture may equal the end and merge into it)
    assert long[-1][1] >= END_HOLD * 1000 and len(long) > len(short)
    assert sum(d for _s, d in short) == pytest.approx(
        1000 * sum(s for _t, s, _f in clip_times(exp, 0.25)), abs=10 * len(short))


def test_the_svg_spreads_contact_numbers_clear_of_each_other(tmp_path: Path) -> None:
    """The illegal jump's touches lie millimetres apart: the SVG drew its
    numbers 1 and 3 two pixels apart, only "3" readable. Placed as the
    window places them, no two discs overlap and every number is there."""
    exp = gallery_export("gallery-illegal-jump")
    path = write_export(exp, tmp_path, "svg", "ru")
    root = ET.fromstring(path.read_text(encoding="utf-8"))
    discs = []
    for g in (el for el in root.iter(f"{SVG}g") if el.get("class") == "contact"):
        c, t = g.find(f"{SVG}circle"), g.find(f"{SVG}text")
        assert c is not None and t is not None
        discs.append((t.text, float(c.get("cx", "0")), float(c.get("cy", "0")),
                      float(c.get("r", "0"))))
    assert len(discs) >= 3
    assert sorted(int(n or 0) for n, *_ in discs) == list(range(1, len(discs) + 1))
    for (n1, x1, y1, r1), (n2, x2, y2, r2) in itertools.combinations(discs, 2):
        assert math.hypot(x1 - x2, y1 - y2) >= r1 + r2, (n1, n2)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_svg_rings_where_the_balls_stopped_as_its_legend_says(lang: str) -> None:
    """The diagram's legend says "rings: where the balls stopped": the PNG
    drew them, the SVG had none (a teacher printing it found no rings). One
    ring for each ball that moved, at its place of rest, in its colour."""
    from simulator.app.replay.playback import Playback
    from simulator.app.replay.table_marks import ball_colour
    from simulator.app.text.i18n import Locale
    exp = gallery_export("gallery-double-hit")
    marks = exp.marks()
    spec = exp.shot.initial.spec
    root = ET.fromstring(still_svg(exp, lang, 1000))
    legend = next(el for el in root.iter(f"{SVG}text") if el.get("id") == "legend")
    assert legend.text == Locale(lang).t("export.start")
    rings = {el.get("id"): el for el in root.iter(f"{SVG}circle")
             if el.get("class") == "rest"}
    pb = Playback(marks.frames)
    pb.seek(marks.duration)
    at_rest = {b: p for b, p in pb.positions().items() if b in marks.trails}
    assert len(at_rest) >= 2  # the cue ball and the 3 both ran on
    assert set(rings) == {f"rest-{b}" for b in at_rest}
    k = 1000 / (spec.length + 2 * spec.rail_width)
    for b, (x, y, _z) in at_rest.items():
        ring = rings[f"rest-{b}"]
        assert float(ring.get("cx", "0")) == pytest.approx((x + spec.rail_width) * k,
                                                           abs=0.06)
        # (y up on the table, down in the picture)
        assert float(ring.get("cy", "0")) == pytest.approx(
            (spec.width + spec.rail_width - y) * k, abs=0.06)
        assert ring.get("fill") == "none"
        c = ball_colour(spec, b)
        assert ring.get("stroke") == f"rgb({c[0]},{c[1]},{c[2]})"


@pytest.mark.parametrize("entry", ["gallery-push-shot", "gallery-express-push-through"])
def test_the_clip_held_at_the_foul_says_the_windows_time(
        entry: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The clip's clock ticks in hundredths; held at the foul it said "0,00
    s" where the window's timeline said 0,005 s. Held, it says the time to
    the thousandth, as the window does."""
    from simulator.app.replay import export as export_module
    from simulator.app.text.i18n import Locale
    stamps: list[tuple[float, str]] = []
    real = export_module.Canvas.frame

    def kept(self: object, t: float, at_foul: str | None = None, stamp: str = "",
             told: bool = True, foul: int | None = None) -> object:
        stamps.append((t, stamp))
        return real(self, t, at_foul, stamp, told, foul)  # type: ignore[arg-type]

    monkeypatch.setattr(export_module.Canvas, "frame", kept)
    exp = gallery_export(entry)
    times = clip_times(exp, 0.25)
    foul_t = next(t for t, _s, f in times if f is not None)
    loc = Locale("ru")
    for _ in render_clip(exp, "ru", 0.25, 400):
        pass
    # (the first picture at the foul's time is the one held; an early foul's
    # clip then plays on from there, its clock in hundredths again)
    held = next(s for t, s in stamps if t == foul_t)
    assert held.endswith(loc.t("timeline.at", t=loc.num(foul_t, 3))), held
