"""The foul gallery: an entry plays at 1/4 speed, stops at its foul's event,
highlights what is involved and shows the rule text in the player's language."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.gallery import GalleryListMode, GalleryPlayMode
from simulator.app.text.words import cite, ref_text
from simulator.practice.gallery import entries
from tests.app.helpers import click_button, key, make_app, open_gallery, run_until


def test_menu_opens_the_gallery_and_an_entry_plays(app: App) -> None:
    click_button(app, "Foul gallery")
    assert isinstance(app.mode, GalleryListMode)
    assert len(app.mode.items) == len(entries()) >= 15
    click_button(app, "Play")
    g = app.mode
    assert isinstance(g, GalleryPlayMode) and g.index == 0
    assert g.player.playback.speed == 0.25
    run_until(app, lambda: g.at_foul, limit=60 * 30)
    assert not app.errors


@pytest.mark.parametrize(("lang", "index"), [("en", 1), ("ru", 4)])
def test_an_entry_pauses_at_its_event_with_highlights(lang: str, index: int) -> None:
    app = make_app(lang)
    g = open_gallery(app, index)
    demo = g.demo
    entry = entries()[index]
    assert demo.foul.code.id == entry.info.foul
    words = cite(app.locale, demo.foul.code, demo.foul.ref)
    assert g.body().count(words) == 0  # not yet
    run_until(app, lambda: g.at_foul, limit=60 * 40)
    pb = g.player.playback
    assert pb.paused
    ev = demo.pause_event
    assert ev.kind is entry.info.pause
    assert pb.time == pytest.approx(min(ev.time, pb.end_time), abs=1e-9)
    assert set(demo.balls) <= set(g.highlight())
    assert set(demo.cushions) <= set(g.cushions())
    # The foul's words with the rule the ruling cites for this game.
    foul = demo.foul
    text = cite(app.locale, foul.code, foul.ref)
    # (after «В этот момент:» the foul goes on in lower case in Russian)
    assert app.locale.after_colon(text) in g.body() and \
        ref_text(app.locale, foul.ref) in text
    assert entry.scenario.explanation.get(lang) in g.body()
    # Space continues to the end; Home restarts and it pauses there again.
    key(app, pygame.K_SPACE)
    run_until(app, lambda: pb.at_end, limit=60 * 60)
    key(app, pygame.K_HOME)
    assert not g.at_foul
    key(app, pygame.K_n)
    assert isinstance(app.mode, GalleryPlayMode) and app.mode.index == index + 1
    assert not app.errors
    pygame.display.quit()
