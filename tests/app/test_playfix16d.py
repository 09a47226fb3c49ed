"""Smaller layout defects a seventeenth play-test found: the saves list
said a save's players and game twice (its name, made of them, then again);
the gallery's "Saved <file>" pushed the explanation out of the side column
until the next key; the Russian 8 off the table needed scrolling at 800x500;
the English help at 800x500 was drawn at 13 px."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.gallery import GalleryPlayMode
from tests.app.helpers import (
    DT,
    after_the_break,
    click_button,
    frame,
    key,
    make_app,
    open_gallery,
    open_help_from_menu,
    run_until,
)
from tests.app.scenes import LANGS, SIZES

LOW = (800, 500)


@pytest.mark.parametrize("lang", LANGS)
def test_a_save_named_as_offered_says_its_players_and_game_once(lang: str) -> None:
    """Anna against Boris at 8-ball, saved (Ctrl+S) after the break under the
    name offered ("Anna – Boris, 8-ball"), then the list
    from the main menu: its row says the players and the game once, the
    score and the date after them (the row said both again after the name)."""
    from simulator.app.match.computer import seat_words
    from simulator.app.text.words import discipline_label
    app = make_app(lang, LOW)
    try:
        s = after_the_break(app, ["Anna", "Boris"], "8-ball", {"race_to": 2}, seed=5)
        key(app, pygame.K_s, pygame.KMOD_CTRL)
        click_button(app, app.t("save.button"))
        frame(app)
        assert s.save_path is not None
        app.go("menu")
        frame(app)
        click_button(app, app.t("menu.load"))
        frame(app, n=4)  # the rows are read, one a frame
        rows = [t.text for t in app.texts if t.text.startswith(s.save_path.stem)]
        assert len(rows) == 1, [t.text for t in app.texts]
        row = rows[0]
        game = discipline_label(app.locale, "8-ball")
        players = " – ".join(seat_words(app.locale, n) for n in s.match.players)
        assert row.count(game) == 1 and row.count(players) == 1, row
        # (" · " keeps to the word after it: no row ends with the separator)
        assert row.startswith(f"{players}, {game} ·\xa0") and "0\xa0:\xa00" in row, row
    finally:
        pygame.display.quit()


def _whole(app: App, g: GalleryPlayMode) -> bool:
    """The side text shown whole: no "N more lines below" under it."""
    more = app.t("practice.more", n=g.body_hidden)
    return not g.body_hidden and more not in [t.text for t in app.texts]


@pytest.mark.parametrize("lang", LANGS)
def test_the_8_off_the_table_is_read_whole_beside_its_side_view_at_800x500(
        lang: str) -> None:
    """The gallery's 8 off the table at 800x500, stopped at the loss: its
    side view drawn and, under it, the whole explanation with every word of
    the scenario's own (the Russian one went on 8 lines below, to be read
    with the Down key)."""
    app = make_app(lang, LOW)
    try:
        g = open_gallery(app, "gallery-eight-off-table", to_foul=True)
        assert g.inset_height(200) > 0
        assert _whole(app, g), g.side_body
        side = g.layout.side
        drawn = " ".join(t.text for t in app.texts if side.contains(t.rect)).split()
        for word in g.entry.scenario.explanation.get(lang).split():
            assert word in drawn, word
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_saved_is_said_in_the_top_band_and_the_explanation_stays_whole(
        lang: str, size: tuple[int, int]) -> None:
    """The gallery's 8 off the table exported (X, a diagram): "Saved <file>"
    is drawn in the band at the top, right of the situation's name (not over
    the table's rails, the side column or the timeline's strip) while the
    explanation beside it stays whole (it was pushed down, its end cut,
    until the next key); nothing pressed, the notice goes by itself after
    its seconds."""
    from simulator.app.dialogs.export import EXPORT_TOLD
    app = make_app(lang, size)
    try:
        g = open_gallery(app, "gallery-eight-off-table", to_foul=True)
        assert _whole(app, g)
        key(app, pygame.K_x)
        click_button(app, app.t("export.svg"))
        run_until(app, lambda: not app.dialogs, limit=600)
        frame(app, n=2)
        assert app.toast is not None and app.toast[0].startswith(
            app.t("export.done", file="")[:5])
        box = next(r for name, r in app.panels if name == "message")
        lay = g.layout
        rails = g.view.outer_rect()
        assert lay.top.contains(box) and not box.colliderect(rails), (box, rails)
        assert not box.colliderect(lay.side) and not box.colliderect(lay.strip)
        said = " ".join(t.text for t in app.texts if box.contains(t.rect))
        assert "gallery-eight-off-table" in said and not [
            t for t in app.texts if box.contains(t.rect) and t.cut], said
        assert _whole(app, g), g.side_body
        frame(app, n=round(EXPORT_TOLD / DT) + 2)  # nothing pressed
        assert app.toast is None
        assert "message" not in [name for name, _r in app.panels]
        assert _whole(app, g)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_help_at_800x500_is_drawn_at_15_px_or_more_on_every_page(
        lang: str) -> None:
    """F1 from the menu at 800x500, turned page by page (PgDn): every key
    and every word of what it does is drawn at 15 px or more (the English
    help was at 13, the Russian at 14), whatever the pages it takes."""
    app = make_app(lang, LOW)
    try:
        mode = open_help_from_menu(app)
        from simulator.app.screens.backdrop import title_bottom
        sizes = set()
        for _page in range(mode.pages):  # type: ignore[attr-defined]
            top = title_bottom(LOW, mode.title()) + 12  # type: ignore[attr-defined]
            body = [t for t in app.texts if t.rect.top >= top - 4 and
                    t.rect.bottom <= LOW[1] - 52]
            assert body
            sizes |= {t.size for t in body}
            key(app, pygame.K_PAGEDOWN)
            frame(app)
        assert min(sizes) >= 15, sorted(sizes)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_key_shown_beside_save_saves_under_the_name_offered(lang: str) -> None:
    """Esc, then 2 (the pause menu's "Save the match..."), then the key the
    dialog shows beside its Save button: the match is saved under the name
    offered. The buttons showed 1 and 2, which the name field took as typing
    ("Anna – Boris, 8-ball1"), and nothing was saved."""
    from simulator.app.dialogs.base import NameDialog
    from simulator.app.match.saving import default_save_name
    from simulator.app.match.session import saves_dir
    app = make_app(lang, LOW)
    try:
        s = after_the_break(app, ["Anna", "Boris"], "8-ball", {"race_to": 2}, seed=5)
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_2)
        frame(app)
        dialog = app.dialogs[-1]
        assert isinstance(dialog, NameDialog), dialog
        shown = {b.label: b.key for b in dialog.buttons}
        assert shown == {app.t("save.button"): "Enter", app.t("common.cancel"): "Esc"}
        by_name = {"Enter": pygame.K_RETURN, "Esc": pygame.K_ESCAPE}
        key(app, by_name[shown[app.t("save.button")]])
        frame(app, n=2)
        assert not app.dialogs
        offered = default_save_name(app, s)
        assert s.save_path is not None and s.save_path.stem == offered, s.save_path
        assert [p.stem for p in saves_dir().glob("*.json")] == [offered]
    finally:
        pygame.display.quit()
