"""Practice opened from the foul gallery has the gallery's clip's situation
selected (on its game's tab, scrolled into view, Enter opens it); the
gallery opened from Practice has the selected situation's clip selected;
a clip without a practice situation says so."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.gallery import GalleryListMode
from simulator.app.screens.practice.memory import state_of
from simulator.app.screens.practice.scenario import ScenarioMode
from simulator.app.screens.practice.scenario_list import PracticeListMode
from simulator.app.text.words import discipline_label
from simulator.practice import gallery
from simulator.practice.library import library
from simulator.practice.scenario import Scenario
from tests.app.helpers import click, click_button, frame, gallery_index, key, make_app


def _fouls(sc: Scenario) -> list[str]:
    return sorted(sc.expect.get("fouls", []))


def _row_in_view(mode: GalleryListMode | PracticeListMode, text: str) -> bool:
    """The row ``text`` drawn whole inside the list (rows out of view have
    no button)."""
    return any(it["text"] == text and it.get("button_element") is not None and
               mode.list.rect.contains(it["button_element"].rect)
               for it in mode.list.item_list)


def _gallery_at(app: App, clip: str) -> GalleryListMode:
    """The gallery from the main menu, Down pressed to the clip ``clip``."""
    app.go("menu")
    frame(app)
    click_button(app, app.t("menu.foul_gallery"))
    listing = app.mode
    assert isinstance(listing, GalleryListMode)
    for _ in range(gallery_index(clip)):
        key(app, pygame.K_DOWN)
    assert listing.list.get_single_selection() == listing.items[gallery_index(clip)]
    return listing


@pytest.mark.parametrize(("lang", "size", "clip"), [
    ("en", (1280, 720), "gallery-push-shot"),
    ("ru", (800, 500), "gallery-push-shot"),
    ("ru", (1280, 720), "gallery-nine-wrong-ball"),
    ("en", (800, 500), "gallery-express-push-through"),
])
def test_practice_from_the_gallery_selects_the_clips_situation(
        lang: str, size: tuple[int, int], clip: str) -> None:
    """A clip other than the first (the push shot far down the 8-ball list,
    a 9-ball and an Express one on other tabs), Practice: its situation, the
    same position and foul, is selected and in view; Enter opens it."""
    app = make_app(lang, size)
    _gallery_at(app, clip)
    click_button(app, app.t("menu.practice"))
    practice = app.mode
    assert isinstance(practice, PracticeListMode)
    entry = next(e for e in gallery.entries() if e.id == clip)
    assert state_of(app).discipline == entry.scenario.discipline
    sid = practice.selected_id()
    assert sid, "no situation selected"
    sc = library().load(sid)
    assert sc.data["balls"] == entry.scenario.data["balls"]
    assert _fouls(sc) == _fouls(entry.scenario)
    assert sc.data.get("state") == entry.scenario.data.get("state")
    frame(app)
    assert _row_in_view(practice, practice.list.get_single_selection())
    assert app.toast is None  # an exact twin: nothing to say
    key(app, pygame.K_RETURN)
    frame(app)
    opened = app.mode
    assert isinstance(opened, ScenarioMode) and opened.sc.id == sid
    pygame.display.quit()


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("ru", (800, 500))])
def test_the_gallery_from_practice_selects_the_situations_clip(
        lang: str, size: tuple[int, int]) -> None:
    """Practice, Express, a situation clicked, Foul gallery: its clip is
    selected; Back: Practice keeps its situation; Down, Practice: the next
    clip's situation."""
    app = make_app(lang, size)
    app.go("menu")
    frame(app)
    click_button(app, app.t("menu.practice"))
    practice = app.mode
    assert isinstance(practice, PracticeListMode)
    click_button(app, discipline_label(app.locale, "express"))
    frame(app)
    practice = app.mode
    assert isinstance(practice, PracticeListMode)
    row = next(it for it in practice.list.item_list
               if it["button_element"] is not None and
               dict(practice.items)[it["text"]] == "express-house-direct")
    click(app, row["button_element"].rect.center)
    frame(app, n=2)  # the widgets' own events arrive on the next frames
    assert state_of(app).selected == "express-house-direct"
    click_button(app, app.t("menu.foul_gallery"))
    listing = app.mode
    assert isinstance(listing, GalleryListMode)
    at = gallery_index("gallery-express-house-direct")
    assert listing.list.get_single_selection() == listing.items[at]
    frame(app)
    assert _row_in_view(listing, listing.items[at])
    click_button(app, app.t("common.back"))
    practice = app.mode
    assert isinstance(practice, PracticeListMode)
    assert practice.selected_id() == "express-house-direct"
    click_button(app, app.t("menu.foul_gallery"))
    key(app, pygame.K_DOWN)
    click_button(app, app.t("menu.practice"))
    practice = app.mode
    assert isinstance(practice, PracticeListMode)
    following = gallery.entries()[at + 1].scenario
    sc = library().load(practice.selected_id() or "")
    assert sc.discipline == following.discipline and \
        sc.data["balls"] == following.data["balls"]
    pygame.display.quit()


def test_every_clip_has_its_practice_situation() -> None:
    """Each clip's situation shows the same foul from the same position (of
    equals, the one with the clip's state: the wrong-ball clip's, not the
    second foul's in a row)."""
    twins = gallery.practice_twins()
    lib = library()
    for e in gallery.entries():
        twin = twins[e.id]
        assert twin is not None and twin.exact, e.id
        sc = lib.load(twin.id)
        assert (sc.discipline, sc.data["balls"], _fouls(sc)) == \
            (e.scenario.discipline, e.scenario.data["balls"], _fouls(e.scenario))
        assert sc.data.get("state") == e.scenario.data.get("state"), e.id


def test_a_moved_position_finds_the_nearest_and_a_new_foul_none() -> None:
    """The same foul from another position: the nearest situation, not
    exact; a foul no situation of the game shows: none."""
    files = library()  # read once, not again for each of its situations
    lib = [files.load(e.id) for e in files.entries]
    entry = next(e for e in gallery.entries() if e.id == "gallery-no-rail")
    moved = dataclasses.replace(entry.scenario, data={
        **entry.scenario.data, "balls": {"0": [1.0, 0.5]}})
    twin = gallery.twin_of(moved, lib)
    assert twin is not None and not twin.exact
    assert _fouls(files.load(twin.id)) == _fouls(entry.scenario)
    other = dataclasses.replace(entry.scenario, expect={"fouls": ["foul.nothing"]})
    assert gallery.twin_of(other, lib) is None


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_clip_without_its_situation_says_so(lang: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """No situation: the clip's game's list, and a message naming the clip;
    the nearest: it is selected, and the message names both."""
    clip = "gallery-eight-early"
    entry = next(e for e in gallery.entries() if e.id == clip)
    title = entry.scenario.title.get(lang)
    monkeypatch.setattr(gallery, "practice_twins", lambda: {clip: None})
    app = make_app(lang, (800, 500))
    _gallery_at(app, clip)
    click_button(app, app.t("menu.practice"))
    practice = app.mode
    assert isinstance(practice, PracticeListMode)
    assert state_of(app).discipline == "8-ball" and practice.selected_id() is None
    assert app.toast is not None and title in app.toast[0]
    frame(app)
    near = library().find("8ball-eight-wrong-pocket")
    monkeypatch.setattr(gallery, "practice_twins", lambda: {
        clip: gallery.Twin(near.id, near.title, exact=False)})
    _gallery_at(app, clip)
    click_button(app, app.t("menu.practice"))
    practice = app.mode
    assert isinstance(practice, PracticeListMode)
    assert practice.selected_id() == near.id
    assert app.toast is not None and title in app.toast[0] and \
        near.title.get(lang) in app.toast[0]
    pygame.display.quit()


def test_a_broken_gallery_file_still_opens_the_gallery_from_practice(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A gallery file that does not load: Practice's Foul gallery opens the
    gallery, which names the file (finding the clip raised instead)."""
    def broken(root: object = None) -> tuple[object, ...]:
        raise gallery.GalleryError("gallery-x.toml: gallery: missing")
    monkeypatch.setattr(gallery, "entries", broken)
    monkeypatch.setattr(gallery, "gallery_twins", gallery.gallery_twins.__wrapped__)
    state_of(app).selected = "8ball-no-rail"  # chosen there before
    click_button(app, app.t("menu.practice"))
    assert isinstance(app.mode, PracticeListMode)
    assert app.mode.selected_id() == "8ball-no-rail"
    click_button(app, app.t("menu.foul_gallery"))
    assert isinstance(app.mode, GalleryListMode)
    assert app.toast is not None and "gallery-x.toml" in app.toast[0]
