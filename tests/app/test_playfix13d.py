"""Found in play: 14.1, a match of one game, offered both "Concede the
game" and "Concede the match"."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import click_button, concede_match, frame, key, make_app
from tests.app.scenes import LANGS

LOW = (800, 500)


def _shown_buttons(app: object) -> list[str]:
    """Every button label on show, greyed ones too."""
    from pygame_gui.elements import UIButton
    gui = app.gui  # type: ignore[attr-defined]
    return [el.text for el in gui.get_sprite_group().sprites()
            if isinstance(el, UIButton) and el.visible] + \
        [b.label for b in app.buttons]  # type: ignore[attr-defined]


def _pause(lang: str, size: tuple[int, int], game: str,
           options: dict[str, object]) -> tuple:
    from simulator.app.match.session import Session
    app = make_app(lang, size)
    app.session = Session.new(["Anna", "Boris"], game,
                              {"first_breaker": 0, **options}, app.locale, seed=4)
    app.go("match")
    frame(app, n=3)
    key(app, pygame.K_ESCAPE)  # the match menu
    frame(app, n=2)
    return app, app.session


@pytest.mark.parametrize("size", ((1280, 720), LOW), ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_straight_pool_offers_only_the_match_concession(
        lang: str, size: tuple[int, int]) -> None:
    """14.1 is one game: the match menu offers "Concede the match" alone, and
    its dialog asks of the match; Yes gives Boris the match."""
    app, s = _pause(lang, size, "14.1", {})
    try:
        shown = _shown_buttons(app)
        assert app.t("pause.concede_match") in shown, shown
        assert app.t("pause.concede_game") not in shown, shown
        click_button(app, app.t("pause.concede_match"))
        frame(app)
        assert app.dialogs[-1].title == app.t(  # type: ignore[attr-defined]
            "concede.match_title", name="Anna")
        concede_match(app, asked=True)
        assert s.over and s.match.winner == 1
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_race_offers_both_concessions(lang: str) -> None:
    """9-ball to three games: the game and the match, each as before."""
    app, _s = _pause(lang, (1280, 720), "9-ball", {"race_to": 3})
    try:
        shown = _shown_buttons(app)
        assert app.t("pause.concede_match") in shown, shown
        assert app.t("pause.concede_game") in shown, shown
    finally:
        pygame.display.quit()


# -- the help's pages: filled before the next begins ---------------------------

@pytest.mark.parametrize("size", ((1280, 720), LOW), ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_every_help_page_but_the_last_is_at_least_half_full(
        lang: str, size: tuple[int, int]) -> None:
    """F1's help turned page by page (PgDn): each page but the last fills at
    least half of its two columns (at 1280x720 the second page held the
    three lines of one section, and whole sections left columns half
    empty), at 1280x720 the last more than a quarter, and every line of
    the help is shown."""
    from simulator.app.screens.help import SECTIONS
    app = make_app(lang, size)
    try:
        app.go("help")
        frame(app, n=2)
        mode = app.mode
        assert mode is not None and mode.name == "help"
        w, h = app.size
        from simulator.app.screens.backdrop import title_bottom
        top = title_bottom((w, h), mode.title()) + 12  # type: ignore[attr-defined]
        bottom = h - 56
        fills, shown = [], set()
        for page in range(mode.pages):  # type: ignore[attr-defined]
            assert mode.page == page  # type: ignore[attr-defined]
            body = [t for t in app.texts if top <= t.rect.top and
                    t.rect.bottom <= bottom + 2]
            assert body
            shown.update(t.text for t in body)
            low = [max((t.rect.bottom for t in body
                        if (t.rect.left < w // 2) == (c == 0)), default=top)
                   for c in (0, 1)]
            fills.append(sum(y - top for y in low) / (2 * (bottom - top)))
            key(app, pygame.K_PAGEDOWN)
            frame(app)
        assert all(f >= 0.5 for f in fills[:-1]), fills
        if size == (1280, 720):  # a second page of more than a scrap
            assert fills[-1] >= 0.25, fills
        for sec in SECTIONS:  # every key of every section on some page
            for line in app.t(f"help.{sec}").split("\n"):
                assert line.partition(" — ")[0].strip().split()[0] in " ".join(
                    shown), line
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_conceding_a_game_not_yet_broken_after_another_ended_names_it(
        lang: str) -> None:
    """9-ball to three: game 1 over (given up), game 2 set up but not yet
    broken. The match menu's concession names game 2 as not yet broken, its
    dialog says the opponent wins it unplayed (a play-tester who had just
    won game 1 gave the computer game 2 under "Concede the game", unsaid);
    game 1, before its break, keeps the plain words."""
    app, s = _pause(lang, (1280, 720), "9-ball", {"race_to": 3})
    try:
        assert app.t("pause.concede_game") in _shown_buttons(app)
        click_button(app, app.t("pause.concede_game"))
        click_button(app, app.t("concede.game_yes"))  # Anna gives up game 1
        frame(app, n=3)
        assert s.match.games_won == (0, 1) and s.match.game_number == 2
        while app.dialogs:  # the game's end card, acknowledged
            key(app, pygame.K_RETURN)
            frame(app, n=2)
        key(app, pygame.K_ESCAPE)
        frame(app, n=2)
        shown = _shown_buttons(app)
        label = app.t("pause.concede_next", n=2)
        assert label in shown and app.t("pause.concede_game") not in shown, shown
        click_button(app, label)
        frame(app)
        d = app.dialogs[-1]
        who = s.name(s.req.shooter)  # type: ignore[union-attr]
        assert d.title == app.t("concede.next_title", name=who, n=2)  # type: ignore
        assert d.body == app.t("concede.next_body", name=who, n=2)  # type: ignore
    finally:
        pygame.display.quit()
