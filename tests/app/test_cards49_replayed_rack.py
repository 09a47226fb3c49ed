"""The referee's call that a disturbed position cannot be restored (general
rule 28): the game is replayed, and the table's column says so in its
heading and its button, not "The game is over" and "Next game"."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import (
    click_button,
    drawn_words,
    frame,
    make_app,
    replayed_by_rule_28,
)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_game_replayed_by_rule_28_is_said_replayed_with_rack_again(lang: str) -> None:
    app = make_app(lang)
    s = replayed_by_rule_28(app)  # (general rule 28)
    r = s.last_ruling
    assert r is not None and r.game_over and r.winner is None
    assert app.mode is not None and app.mode.name == "game_end", app.mode
    said = drawn_words(app, "side")
    assert app.t("side.game_replayed") in said, said
    assert app.t("side.rack_again") in said, said
    assert app.t("side.game_ended") not in said, said
    assert app.t("side.next_game") not in said, said
    assert app.mode.hint() == app.t("hint.game_replayed")
    assert app.mode.short_hint() == app.t("hint.game_replayed_short")
    # Rack again racks the same game anew, broken by the same player.
    click_button(app, app.t("side.rack_again"))
    frame(app)
    assert app.mode is not None and app.mode.name != "game_end"
    assert s.req is not None and s.req.is_break
    assert not app.errors
    pygame.display.quit()
