"""The instructor's class, second play-test (issue 22): the export keeps the
choices of this session, the SVG draws stripes and numbers, texts read whole
in a small window, the gallery's N/P move one foul a press, Esc from the quiz
goes back one screen. Through the window's own event loop."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.replay import export
from simulator.app.replay.svg import WHITE
from simulator.app.screens.gallery import GalleryListMode, GalleryPlayMode
from simulator.app.screens.table_screen import TableMode
from simulator.files import profile
from simulator.table.specs import POOL_BALLS
from tests.app.helpers import (
    click_button,
    drawn_words,
    frame,
    key,
    make_app,
    move,
    open_gallery,
    run_until,
)
from tests.app.scenes import LANGS, open_scene

SVG = "{http://www.w3.org/2000/svg}"


def test_the_export_keeps_the_caption_language_chosen_last() -> None:
    """After a Russian export, the next export of the same foul opens in
    Russian (the play-test's PNG and SVG came out in English), at the speed
    chosen last, with the format used last marked (drawn selected); a new
    window starts in its own language."""
    app = make_app()
    open_gallery(app, "gallery-no-rail")
    frame(app)
    key(app, pygame.K_x)
    assert app.dialogs and app.dialogs[-1].kind == "export"
    click_button(app, "Switch the captions to Russian")
    click_button(app, "Speed: 1/4 (change to 1/2)")
    click_button(app, "Diagram, PNG")
    run_until(app, lambda: not app.dialogs, limit=600)
    key(app, pygame.K_x)
    dialog = app.dialogs[-1]
    assert dialog.kind == "export"
    labels = [b.label for b in dialog.buttons]  # type: ignore[attr-defined]
    assert "Switch the captions to English" in labels
    assert "Speed: 1/2 (change to 1×)" in labels
    marked = [b.label for b in dialog.buttons  # type: ignore[attr-defined]
              if b.selected]
    assert marked == ["Diagram, PNG"]
    click_button(app, "Diagram, SVG (print)")
    run_until(app, lambda: not app.dialogs, limit=600)
    files = sorted(p.name for p in profile.exports_dir().iterdir())
    assert files == ["gallery-no-rail-ru.png", "gallery-no-rail-ru.svg"]
    assert not app.errors
    pygame.display.quit()
    fresh = make_app("ru")
    open_gallery(fresh, "gallery-no-rail")
    frame(fresh)
    key(fresh, pygame.K_x)
    labels = [b.label for b in fresh.dialogs[-1].buttons]  # type: ignore[attr-defined]
    assert fresh.t("export.language", lang=fresh.t("export.lang_en")) in labels
    pygame.display.quit()


def _svg_balls(path: Path) -> dict[int, ET.Element]:
    root = ET.parse(path).getroot()
    return {int(g.get("id", "").split("-")[1]): g
            for g in root.iter(f"{SVG}g") if g.get("class") == "ball"}


def test_the_svg_draws_stripes_and_numbers_like_the_window(tmp_path: Path) -> None:
    """The export's command: in the no-rail foul (8-ball) the 11 is white
    with a red band and the 3 a red disc (the play-test saw two identical
    red discs); every object ball has its number on a white disc, the cue
    ball none; in 9-ball the 9 is a stripe and the 1-8 solids."""
    assert export.main(["--gallery", str(tmp_path), "--only",
                        "gallery-no-rail", "--only", "gallery-nine-wrong-ball",
                        "--formats", "svg", "--lang", "en"]) == 0
    colours = POOL_BALLS.colours

    def fill(c: tuple[int, int, int]) -> str:
        return f"rgb({c[0]},{c[1]},{c[2]})"

    for name, striped in (("gallery-no-rail-en.svg", {11}),
                          ("gallery-nine-wrong-ball-en.svg", {9})):
        found = _svg_balls(tmp_path / name)
        assert striped <= set(found), (name, sorted(found))
        for ball, g in found.items():
            disc = g.find(f"{SVG}circle")
            assert disc is not None
            bands = [p for p in g.iter(f"{SVG}path") if p.get("class") == "stripe"]
            numbers = [t.text for t in g.iter(f"{SVG}text")]
            white_discs = [c for c in g.iter(f"{SVG}circle")
                           if c.get("class") == "number-disc"]
            if ball in striped or ball >= 9:
                assert disc.get("fill") == WHITE
                assert [b.get("fill") for b in bands] == [fill(colours[ball])]
            else:
                assert not bands and disc.get("fill") == fill(colours[ball])
            if ball == 0:
                assert not numbers and not white_discs
            else:
                assert numbers == [str(ball)] and len(white_discs) == 1
    no_rail = _svg_balls(tmp_path / "gallery-no-rail-en.svg")
    assert {3, 11} <= set(no_rail)  # the two the play-test could not tell apart


def _wheel(app: App, at: tuple[int, int], dy: int) -> None:
    move(app, at)
    frame(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False,
                                  precise_x=0.0, precise_y=float(dy)))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", ((800, 500), (1280, 720)), ids=("800x500", "1280x720"))
@pytest.mark.parametrize("game", ("9-ball", "8-ball", "8-ball, long"))
def test_the_ruling_card_counts_down_as_it_scrolls(lang: str, size: tuple[int, int],
                                                   game: str) -> None:
    """A called foul's card: "N more: wheel" says how many rows are below
    and goes down at each notch of the wheel (the play-test's Express
    card said "ещё 6" through all its notches); scrolled to the end every
    word of the ruling has been on the card. "long": the ruling a line of
    many rows, as an Express foul's explanation is."""
    app = open_scene("banner", game.split(",")[0], lang, size)
    mode = app.mode
    assert isinstance(mode, TableMode)
    s = app.session
    assert s is not None and s.banner is not None
    if game.endswith("long"):
        s.banner = replace(s.banner, lines=(" ".join(s.banner.lines * 4),))
        frame(app)
    card = mode.banner_rect
    assert card is not None
    seen = drawn_words(app, card, shown=True)
    counts = [mode.banner_hidden]
    scrolls = [s.banner_scroll]
    for _ in range(30):
        if not mode.card_below:
            break
        _wheel(app, card.center, -1)
        card = mode.banner_rect
        assert card is not None
        seen += " " + drawn_words(app, card, shown=True)
        counts.append(mode.banner_hidden)
        scrolls.append(s.banner_scroll)
    # scrolled to its end: the card's own rows all seen; its one note counts
    # only the lines cut under it, which V reads (the wheel scrolls no row
    # that is not the card's)
    assert mode.card_below == 0
    assert counts[-1] == mode.extra_read_rows()
    # each notch brings rows: by one, or by the two rows of a short line
    # that is shown whole or not at all (it stood still a notch, then fell
    # by two); the count is of the card reader's wider rows (play-test 17c),
    # so a notch through a long line may leave it as it was
    assert all(a < b for a, b in zip(scrolls, scrolls[1:])), scrolls
    assert all(a >= b for a, b in zip(counts, counts[1:])), counts
    assert all(a - b <= 3 for a, b in zip(counts, counts[1:])), counts
    for line in s.banner.all_lines:
        for word in line.split():
            assert word in seen, (word, seen)
    pygame.display.quit()


def _down(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def _up(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)


def test_gallery_n_and_p_move_one_foul_a_press_however_long_the_loading() -> None:
    """While the next foul loads (its stroke simulated, seconds on a busy
    machine) the key stays down and the keyboard repeats it: in a real
    window fifteen quick presses of N from foul 4 landed on foul 20. Each
    press is one foul, its repeats none; back in the list the foul left is
    selected, and Enter plays it without a click."""
    app = make_app("en", (800, 500))
    open_gallery(app, 1)
    frame(app)
    # One press whose release comes after three repeats (the load between).
    frame(app, _down(pygame.K_n), _down(pygame.K_n), _down(pygame.K_n),
          _down(pygame.K_n))
    frame(app, _up(pygame.K_n))
    assert isinstance(app.mode, GalleryPlayMode) and app.mode.index == 2
    presses = []
    for _ in range(5):
        presses += [_down(pygame.K_n), _down(pygame.K_n), _up(pygame.K_n)]
    frame(app, *presses)
    assert isinstance(app.mode, GalleryPlayMode) and app.mode.index == 7
    frame(app, _down(pygame.K_p), _down(pygame.K_p), _up(pygame.K_p))
    assert isinstance(app.mode, GalleryPlayMode) and app.mode.index == 6
    key(app, pygame.K_ESCAPE)
    listing = app.mode
    assert isinstance(listing, GalleryListMode)
    assert listing.list.get_single_selection() == listing.items[6]
    key(app, pygame.K_RETURN)
    assert isinstance(app.mode, GalleryPlayMode) and app.mode.index == 6
    assert not app.errors
    pygame.display.quit()


def test_the_gallery_list_shows_its_first_foul_selected() -> None:
    app = make_app("ru", (800, 500))
    app.go("gallery")
    frame(app)
    listing = app.mode
    assert isinstance(listing, GalleryListMode)
    assert listing.list.get_single_selection() == listing.items[0]
    pygame.display.quit()


def _enter_quiz_state(app: App, state: str) -> None:
    """The quiz's second situation (8-ball), in ``state``."""
    from simulator.app.screens.quiz import QuizMode
    app.go("menu")
    frame(app)
    app.go("quiz", discipline="8-ball")
    frame(app)
    quiz = app.mode
    assert isinstance(quiz, QuizMode)
    if state == "loading":
        return  # the first situation just opened, its stroke not yet shown
    quiz.next_situation()
    frame(app)
    quiz = app.mode
    assert isinstance(quiz, QuizMode) and quiz.index == 1
    if state in ("asking", "answered", "done"):
        key(app, pygame.K_SPACE)
        assert quiz.phase == "asking"
    if state in ("answered", "done"):
        key(app, pygame.K_1)
        frame(app)
        assert quiz.phase in ("answered", "done")
    if state == "done":
        for _ in range(8):
            if quiz.phase == "done":
                break
            frame(app, _down(pygame.K_RETURN), _up(pygame.K_RETURN))
            if quiz.phase == "asking":
                key(app, pygame.K_SPACE)  # each question's stroke to its end
                key(app, pygame.K_1)
        assert quiz.phase == "done"


@pytest.mark.parametrize("state", ("watching", "asking", "answered", "done",
                                   "loading"))
def test_one_esc_from_the_quiz_goes_back_one_screen(state: str) -> None:
    """A single Esc from the quiz (its second situation, in every state)
    lands on the game's practice list, never further: the key's repeats,
    piled up while the screens loaded, once went on through the list to the
    menu's "Quit Kiy?". With answers given the sitting asks first, and the
    repeats neither answer the question nor pass it."""
    app = make_app("ru", (800, 500))
    _enter_quiz_state(app, state)
    # The press, the keyboard's repeats while the list loads, the release.
    frame(app, _down(pygame.K_ESCAPE), _down(pygame.K_ESCAPE),
          _down(pygame.K_ESCAPE), _down(pygame.K_ESCAPE))
    frame(app, _down(pygame.K_ESCAPE), _up(pygame.K_ESCAPE))
    frame(app)
    if state in ("answered", "done"):
        assert app.mode is not None and app.mode.name == "quiz", app.mode
        assert len(app.dialogs) == 1
        click_button(app, app.t("quiz.leave_yes"))
        frame(app)
    assert app.mode is not None and app.mode.name == "practice", app.mode
    assert not app.dialogs
    # A second press is a second step back: the menu, and no question yet.
    key(app, pygame.K_ESCAPE)
    assert app.mode is not None and app.mode.name == "menu"
    assert not app.dialogs
    assert not app.errors
    pygame.display.quit()
