"""An instructor's class, through the window's own event loop with the mouse
and keys a person uses: the foul gallery from the main menu (the list
scrolled with the wheel, titles that say the game), a foul replayed at 1/4
with the stick, the trails and the timeline, stepping through its contacts,
the side view kept to the end; the clip and the diagram exported and the
files checked (size, frames, caption language, the same foul as on screen);
then the referee quiz as a class runs it (the stroke watched again at 1/4
before answering, each answer's rule, Enter going on). In English and in
Russian. ``Steps`` counts what the person did (clicks, keys, wheel notches)."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pygame
import pytest
from PIL import Image

from rules.game import BallInHand
from simulator.app.loop.app import App
from simulator.app.text import ui
from simulator.practice.quiz import TURN
from tests.app.helpers import (
    DT,
    button_labels,
    click,
    click_button,
    drawn_words,
    frame,
    key,
    make_app,
    run_until,
)

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
# 9-ball: the cue ball jumps and lands; the foul at the strike.
ENTRY = "gallery-illegal-jump"


class Steps:
    """A person's actions, counted."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.n = 0

    def click_button(self, label: str) -> None:
        self.n += 1
        click_button(self.app, label)

    def click(self, pos: tuple[int, int]) -> None:
        self.n += 1
        click(self.app, pos)

    def key(self, k: int) -> None:
        self.n += 1
        key(self.app, k)

    def wheel(self, pos: tuple[int, int], y: int) -> None:
        self.n += 1
        frame(self.app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                           buttons=(0, 0, 0)))
        frame(self.app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y))

    def wait(self, cond: Any, limit: int = 4000) -> None:
        # (run_until draws few of the frames till then: nobody reads them)
        run_until(self.app, cond, limit=limit)


def gallery(st: Steps, lang: str) -> None:
    """The gallery: the list, the wheel, the entry played at 1/4."""
    from simulator.app.screens.gallery import WHEEL_ROWS, GalleryListMode
    from simulator.app.text.words import discipline_label
    app = st.app
    st.click_button(app.t("menu.foul_gallery"))
    mode = app.mode
    assert isinstance(mode, GalleryListMode)
    # Every title says its game.
    for item, e in zip(mode.items, mode.entries, strict=True):
        assert discipline_label(app.locale, e.scenario.discipline) in item  # type: ignore[attr-defined]
    bar = mode.list.scroll_bar
    assert bar is not None
    n = len(mode.items)
    ids = [e.id for e in mode.entries]  # type: ignore[attr-defined]
    target = mode.items[ids.index(ENTRY)]
    # One notch of the wheel scrolls WHEEL_ROWS rows (it was a fifth of one).
    before = bar.start_percentage
    st.wheel(mode.list.rect.center, -1)
    most = 1 - bar.visible_percentage  # the list's end at the bottom
    assert bar.start_percentage - before == pytest.approx(
        min(WHEEL_ROWS / n, most), abs=0.01)
    for _ in range(n):
        item = next((it for it in mode.list.item_list if it["text"] == target
                     and it.get("button_element") is not None
                     and mode.list.rect.contains(it["button_element"].rect)), None)
        if item is not None:
            break
        st.wheel(mode.list.rect.center, -1)
    else:
        raise AssertionError(f"{target!r} never scrolled into view")
    st.click(item["button_element"].rect.center)
    st.click_button(app.t("gallery.play"))
    assert app.mode is not None and app.mode.name == "gallery_play"


def replay_at_a_quarter(st: Steps) -> Any:
    """The foul at 1/4 with the stick, trails, timeline, contacts, side view."""
    from simulator.app.screens.gallery import SLOW, GalleryPlayMode
    app = st.app
    mode = app.mode
    assert isinstance(mode, GalleryPlayMode) and mode.entry.id == ENTRY
    # Every button names its key.
    assert all(b.key for b in mode.side_btns), [b.label for b in mode.side_btns]
    pb = mode.player.playback
    # The stick comes in before the strike; the timeline is under the table.
    frame(app)
    # (the speed said in the side text: a gallery draws no chips)
    assert pb.speed == SLOW and "1/4" in " ".join(
        r.shown for r in ui.FRAME.texts if mode.layout.side.contains(r.rect))
    assert pb.time < 0 and mode.show.marks.cue.at(pb.time) is not None
    assert mode.show.geometry is not None, "the timeline is drawn"
    st.wait(lambda: mode.at_foul)
    foul_words = mode.demo.foul
    from simulator.app.text.words import foul_cite
    on_screen = foul_cite(app.locale, foul_words)
    frame(app)
    # (after «В этот момент:» the foul goes on in lower case in Russian)
    assert app.locale.after_colon(on_screen) in mode.body() and pb.paused
    # Trails: T off and on again.
    assert mode.show.trails
    st.key(pygame.K_t)
    assert not mode.show.trails
    st.key(pygame.K_t)
    assert mode.show.trails
    # The contacts one by one with the full stop, back with the comma.
    marks = [m.time for m in mode.show.marks.marks]
    assert len(marks) >= 3
    times = []
    for _ in range(3):
        st.key(pygame.K_PERIOD)
        times.append(pb.time)
    assert times == sorted(times) and len(set(times)) == 3
    assert all(any(abs(t - m) < 1e-6 for m in marks) for t in times)
    st.key(pygame.K_COMMA)
    assert pb.time == pytest.approx(times[1])
    # On to the end (Space continues): the side view stays, the landing said.
    st.key(pygame.K_SPACE)
    st.wait(lambda: pb.at_end)
    frame(app)
    flight = mode.show.flight()
    assert flight is not None and mode.inset_height(200) > 0, "the side view stays"
    assert not flight.left
    assert app.t("sideview.landed", t="").split("{")[0][:8] in drawn_words(app)
    return on_screen


def export(st: Steps, fmt: str, lang: str, speed: float | None = None) -> Path:
    """X, then the format (and the language when it is not the window's,
    the speed when ``speed`` is given: from the gallery's 1/4, the speed
    button once); the file the window says it wrote."""
    from simulator.app.dialogs.export import export_folder
    app = st.app
    folder = export_folder(app)
    before = set(folder.glob("*")) if folder.exists() else set()
    st.key(pygame.K_x)
    assert app.dialogs and app.dialogs[-1].kind == "export"  # type: ignore[attr-defined]
    if lang != app.locale.lang:
        other = app.t(f"export.lang_{lang}")
        st.click_button(app.t("export.language", lang=other))
    if speed is not None:
        from simulator.app.replay.export import speed_label
        st.click_button(app.t("export.speed", speed=speed_label(0.25),
                              next=speed_label(speed)))
    st.click_button(app.t(f"export.{fmt}"))
    st.wait(lambda: not app.dialogs, limit=20000)  # the progress, then done
    new = set(folder.glob("*")) - before
    assert len(new) == 1, new
    path = new.pop()
    # (the file by its name; its folder is the export button's tooltip)
    assert app.toast is not None and path.name in app.toast[0]
    assert app.toast_kind == "info"
    return path


def check_clip(path: Path, on_screen_foul: Any, lang: str, exp: Any) -> None:
    from simulator.app.replay.export import (
        EARLY_FOUL,
        END_HOLD,
        FOUL_HOLD,
        clip_times,
        speed_name,
    )
    data = path.read_bytes()
    assert 10_000 < len(data) < 5 * 1024 * 1024
    im = Image.open(io.BytesIO(data))
    assert im.size[0] == 800 and im.n_frames > 5
    durations = []
    for i in range(im.n_frames):
        im.seek(i)
        durations.append(int(im.info.get("duration", 0)))
    times = clip_times(exp, exp.speed)
    held = [t for t, _s, f in times if f is not None]
    if held and held[0] < EARLY_FOUL:  # a foul at the stroke plays on to the end
        assert durations[-1] >= END_HOLD * 1000
    else:  # stopped at the foul, as the window stops: held there, and the end
        assert durations[-1] == FOUL_HOLD * 1000
    assert sum(durations) == pytest.approx(1000 * sum(s for _t, s, _f in times),
                                           abs=10 * len(durations))
    assert path.name.endswith(f"-{lang}-clip-{speed_name(exp.speed)}.gif")


def check_diagram(path: Path, foul_words: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.lstrip().startswith("<") and "<svg" in text
    from xml.sax.saxutils import escape
    assert escape(foul_words) in text, "the caption names the foul on screen"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_instructors_class(lang: str) -> None:
    app = make_app(lang)
    app.go("menu")
    frame(app)
    st = Steps(app)
    try:
        gallery(st, lang)
        on_screen = replay_at_a_quarter(st)
        mode = app.mode
        from simulator.app.screens.gallery import GalleryPlayMode
        assert isinstance(mode, GalleryPlayMode)
        # The clip in the window's language, the diagram in the other one.
        # (The clip at 1/2: half the pictures of 1/4 to draw and encode; its
        # holds, frames and name are checked at the speed it is made at.)
        clip = export(st, "gif", lang, speed=0.5)
        from dataclasses import replace

        from simulator.app.replay.export import ShotExport
        exp = replace(ShotExport.from_scenario(mode.entry.scenario, mode.demo.shot,
                                               mode.demo.ruling, mode.demo.foul),
                      speed=0.5)
        assert exp.caption(lang)[1] == on_screen  # the same foul as on screen
        assert bool(CYRILLIC.search(exp.caption(lang)[1])) is (lang == "ru")
        check_clip(clip, on_screen, lang, exp)
        other = "en" if lang == "ru" else "ru"
        svg = export(st, "svg", other)
        assert svg.name.endswith(f"-{other}.svg")
        other_words = exp.caption(other)[1]
        assert bool(CYRILLIC.search(other_words)) is (other == "ru")
        check_diagram(svg, other_words)
        png = export(st, "png", lang)
        assert Image.open(png).size[0] >= 800
        # Back to the menu, then the quiz from the practice list.
        st.key(pygame.K_ESCAPE)
        assert app.mode is not None and app.mode.name == "gallery"
        st.key(pygame.K_ESCAPE)
        assert app.mode.name == "menu"
        quiz_class(st)
    finally:
        pygame.display.quit()
    # Recorded for the report: how many things the person did.
    print(f"{lang}: {st.n} steps")
    assert st.n >= 40


def quiz_class(st: Steps) -> None:
    from rules.main_foul import main_foul
    from simulator.app.screens.quiz import ANSWER_GUARD, SLOW, QuizMode
    from simulator.app.text.words import discipline_label, foul_cite
    app = st.app
    st.click_button(app.t("menu.practice"))
    st.click_button(discipline_label(app.locale, "8-ball"))  # the class's game
    st.click_button(app.t("practice.quiz"))
    q = app.mode
    assert isinstance(q, QuizMode), app.toast
    if q.phase == "length":  # the sitting's length: every situation
        st.key(pygame.K_2)
    assert q.phase == "asking"  # the first question, its stroke playing
    # The stroke with the stick, the trails and the timeline.
    frame(app)
    assert q.show is not None and q.show.trails and q.show.geometry is not None
    assert q.show.marks.cue.at(q.player.playback.time) is not None  # type: ignore[union-attr]
    assert not q.show.fouls, "no foul marks before the answers"
    st.key(pygame.K_SPACE)  # enough: to the stroke's end
    assert q.phase == "asking" and q.player is not None and q.player.done
    answered_situations = 0
    # Three situations: who shoots next and from where is one question.
    while answered_situations < 3:
        assert q.phase == "asking"
        # Watched again at 1/4 before the first answer, the answers waiting.
        labels = button_labels(app)
        frame(app, n=int(ANSWER_GUARD / DT) + 2)  # the question read first
        st.click_button(app.t("quiz.watch_again"))
        assert q.player is not None and q.player.playback.speed == SLOW
        assert q.phase == "asking" and q.show is not None and not q.show.fouls
        frame(app)
        assert q.show.geometry is not None
        st.wait(lambda: q.player is not None and q.player.done)  # noqa: B023
        # The answers again once its last event is shown (every play waits).
        assert q.watched and set(labels) <= set(button_labels(app))
        while q.phase in ("asking", "answered"):
            if q.phase == "asking":
                right = sorted(q.question.correct)
                for a in right:
                    st.key(pygame.K_1 + q.question.choices.index(a))
                if q.question.multiple:
                    st.key(pygame.K_RETURN)
                assert q.phase == "answered" and q.grades[-1].right
                text = q.feedback(q.grades[-1])
                foul = main_foul(q.ruling)
                words = foul_cite(app.locale, foul, q.sc.discipline) \
                    if foul is not None else None
                if any(x.kind == "rule" for x in q.questions[q.k + 1:]):
                    # the foul's name would answer the rule question next
                    assert app.t("quiz.rule_next") in text
                    assert words is None or words not in text
                else:
                    assert app.t("quiz.because") in text  # why, at once
                    if q.question.kind in (TURN, "ball_in_hand") and \
                            q.ruling.ball_in_hand is not BallInHand.NONE:
                        # where the cue ball comes from: its placement's rule
                        words = q.placement_words()
                    assert words is None or words in text
                frame(app)
                assert app.t("quiz.right") in drawn_words(app)
            else:
                st.key(pygame.K_RETURN)  # Enter: the next question
                if q.phase == "asking" and not q.watched:
                    st.key(pygame.K_SPACE)  # its stroke to its last event first
        assert q.phase == "done"
        frame(app)
        index = q.index
        st.key(pygame.K_RETURN)  # Enter on the explanation: the next situation
        nxt = app.mode
        assert isinstance(nxt, QuizMode) and nxt.index == (index + 1) % len(q.ids)
        q = nxt
        st.key(pygame.K_SPACE)
        answered_situations += 1
