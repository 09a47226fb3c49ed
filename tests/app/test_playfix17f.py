"""Play-test 19: the club evening's winner as its heading and every rank in
its standings; the match-in-numbers table's names on one line; the Express
scoreboard's numbers said with their words; the foul gallery alike at every
size; Russian past tenses after a player's name."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from simulator.app.loop.app import App
from tests.app.helpers import frame, make_app

SIZES = [(1280, 720), (800, 500)]
LANGS = ["en", "ru"]
SHOTS = Path("/tmp/f17f")


def shot(app: App, name: str) -> None:
    """A picture of the window to look at while writing (not asserted)."""
    if SHOTS.is_dir():
        pygame.image.save(app.screen, str(SHOTS / f"{name}.png"))


# -- 3. the Express scoreboard -------------------------------------------------------
def express_at_table(app: App) -> None:
    """Anna, Boris and Vera at an Express table, Anna out (SEED-E 2.5)."""
    from rules.express import Status
    from rules.referee import Match
    from simulator.app.match.session import Session
    names = ["Анна", "Борис", "Вера"] if app.locale.lang == "ru" else \
        ["Anna", "Boris", "Vera"]
    m = Match(names, "express", {}, seed=1)
    st = replace(m.state, status=(Status.OUT, Status.ACTIVE, Status.ACTIVE),
                 scores=(0, 30, 1), chips=(97, 99, 99))
    m = Match.from_state(names, "express", st, {}, seed=1)
    app.session = Session(m, app.locale)
    app.go("match")
    frame(app, n=3)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_express_scoreboard_says_what_its_numbers_count(
        lang: str, size: tuple[int, int]) -> None:
    """Each card's big number has its word under it ("30 points"), the
    bank its chips; all inside the scoreboard, none cut."""
    app = make_app(lang, size)
    express_at_table(app)
    shot(app, f"express-{lang}-{size[0]}")
    board = pygame.Rect(0, 0, size[0], app.layout.table.top)
    texts = [t for t in app.texts if board.contains(t.rect)]
    words = [t.text for t in texts]
    for n in (0, 30, 1):
        unit = app.t("score.points_unit", n=n)
        num = next(t for t in texts if t.text == str(n) and t.size >= 14)
        under = [t for t in texts if t.text == unit and t.rect.top >= num.rect.centery
                 and abs(t.rect.right - num.rect.right) <= 2]
        assert under, (n, unit, words)
    assert app.t("score.bank", n=3) in words, words
    assert not [t.text for t in texts if t.cut], words
    # Anna's card: out, in words that suit her («вне игры», not «выбыл»).
    assert any(w.startswith(app.t("value.out") + " · ") for w in words), words
    pygame.display.quit()


# -- 5. Russian past tenses after a name ---------------------------------------------
RU = Path(__file__).resolve().parents[2] / "assets" / "locale" / "ru"
# A placeholder that a player's name fills, and a word in a masculine past
# tense (or short participle) right after it: «{name} выбыл» read «Анна выбыл».
PERSON = r"\{(?:name|player|winner|loser|person|who|other|names)\}"
PAST = r"[А-Яа-яЁё]+(?:ил|ал|ыл|ел|ял|ёл|ол|ён)"
AFTER_NAME = re.compile(PERSON + r"[ ,]*(?:уже |не |ещё )?(" + PAST + r")\b")


def ru_strings() -> list[tuple[str, str]]:
    """Every Russian string of the catalogues, by its key."""
    out: list[tuple[str, str]] = []

    def walk(value: object, key: str) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, f"{key}.{k}" if key else k)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, f"{key}[{i}]")
        elif isinstance(value, str):
            out.append((key, value))

    for path in sorted(RU.glob("*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")), path.stem)
    return out


def test_no_russian_string_puts_a_masculine_past_tense_after_a_name() -> None:
    """«Анна выбыл»: a verb after a player's name must suit any name, so it
    is in the present («выбывает») or a noun form; and the status words a
    card shows beside a name («вне игры») likewise."""
    found = [(k, v) for k, v in ru_strings() if AFTER_NAME.search(v)]
    assert not found, found
    # The scanner itself: it finds what it is for.
    assert AFTER_NAME.search("{name} выбыл") and AFTER_NAME.search("{player} забил шар")
    assert not AFTER_NAME.search("{name} выбывает")
    status = [(k, v) for k, v in ru_strings()
              if re.search(r"(?:^|\.)(?:value\.(?:active|waiting|out)|status_\w+|"
                           r"status\.\w+)$", k)]
    assert len(status) >= 6, status
    past = [(k, v) for k, v in status if re.match(PAST + r"\b", v)]
    assert not past, past


# -- 4. the foul gallery alike at every size ----------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_foul_gallery_shows_its_speed_and_keys_at_every_size(
        lang: str, size: tuple[int, int]) -> None:
    """A foul of the gallery opened from the menu, watched to its foul:
    before and at the foul, the side says the speed (1/4) and every button
    shows its key (at 1280x720, stopped at the foul, both were gone)."""
    import pygame as pg

    from simulator.app.screens.gallery import GalleryListMode, GalleryPlayMode
    from tests.app.helpers import click_button, gallery_index, key, run_until
    app = make_app(lang, size)
    app.go("menu")
    frame(app)
    click_button(app, app.t("menu.foul_gallery"))
    assert isinstance(app.mode, GalleryListMode)
    app.switch(GalleryListMode(app, gallery_index("gallery-miscue-on-jump")))
    frame(app)
    key(app, pg.K_RETURN)
    g = app.mode
    assert isinstance(g, GalleryPlayMode), g
    for moment in ("before", "at the foul"):
        if moment != "before":
            run_until(app, lambda: g.at_foul, limit=6000)
        frame(app, n=2)
        shot(app, f"gallery-{lang}-{size[0]}-{moment[:2]}")
        side = [t.text for t in app.texts if g.layout.side.contains(t.rect)]
        assert any("1/4" in t for t in side), (moment, side)
        for b in g.side_btns:
            cap = getattr(b, "cap", b.key)
            assert cap and b.key == cap, (moment, b.label)
            caps = [t for t in app.texts if t.text == cap and b.rect.contains(t.rect)]
            assert caps, (moment, b.label, cap)
        assert not [t.text for t in app.texts if g.layout.side.contains(t.rect)
                    and t.cut], moment
    pygame.display.quit()
