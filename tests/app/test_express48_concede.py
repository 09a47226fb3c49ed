"""Express of three or more (reading R21, the seeds silent on leaving): while
three or more are in play the player at the table leaves and the others
play on; with two left, as between two, "Concede the match" ends the
match and the other wins (it stayed greyed then)."""

from __future__ import annotations

import pygame
import pytest

from rules.referee import Match
from rules.ruling import RulesError
from tests.app.helpers import (
    button_labels,
    click_button,
    frame,
    key,
    make_app,
    three_in_express,
)
from tests.app.scenes import LANGS, SIZES


def _leaves(app: object) -> list[str]:
    """The menu's "Leave the match" as it is shown (short where room is)."""
    words = {app.t("pause.leave"), app.t("pause.leave_short")}  # type: ignore[attr-defined]
    return [b for b in button_labels(app) if b in words]  # type: ignore[arg-type]


def _leave_from_menu(app: object) -> None:
    key(app, pygame.K_ESCAPE)  # type: ignore[arg-type]
    click_button(app, _leaves(app)[0])  # type: ignore[arg-type]
    click_button(app, app.t("concede.leave_yes"))  # type: ignore[attr-defined]
    frame(app, n=3)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_with_two_left_conceding_the_match_ends_it(
        lang: str, size: tuple[int, int]) -> None:
    """Anna, Boris and Vera: the first at the table leaves (three in play:
    "Leave", the match goes on, "Concede the match" greyed); with two left
    the menu offers "Concede the match", and the one at the table who takes
    it loses the match to the other."""
    app = make_app(lang, size)
    try:
        s = three_in_express(app)
        key(app, pygame.K_ESCAPE)
        assert len(_leaves(app)) == 1
        assert app.t("pause.concede_match") not in button_labels(app)
        # not even greyed: no reason was given for it
        drawn = [b.label for b in app.buttons] + [  # type: ignore[attr-defined]
            el.text for el in app.gui.get_sprite_group().sprites()  # type: ignore[attr-defined]
            if hasattr(el, "text") and getattr(el, "visible", True)]
        assert app.t("pause.concede_match") not in drawn, drawn
        key(app, pygame.K_ESCAPE)
        frame(app)
        assert s.req is not None
        first = s.req.shooter
        _leave_from_menu(app)
        assert not s.over and s.req is not None and s.req.shooter != first
        at_table = s.req.shooter
        other = ({0, 1, 2} - {first, at_table}).pop()
        key(app, pygame.K_ESCAPE)
        labels = button_labels(app)
        assert app.t("pause.concede_match") in labels, labels
        assert not _leaves(app), labels
        click_button(app, app.t("pause.concede_match"))
        click_button(app, app.t("concede.match_yes"))
        frame(app, n=3)
        assert s.over and s.match.winner == other
        assert s.match_conceded_by() == at_table
    finally:
        pygame.display.quit()


def test_with_two_left_the_one_away_from_the_table_may_concede() -> None:
    """The person of the last two concedes at the computer's turn (as
    between two); the step is kept and a reloaded match ends the same.
    Of three in play only the player at the table leaves."""
    m = Match(["Anna", "Boris", "Vera"], "express", {}, seed=5)
    first = m.state.shooter
    away = (first + 1) % 3
    with pytest.raises(RulesError):
        m.concede(away, True)  # three in play: leaving is at the table
    m.call_foul("loss.conceded")
    assert not m.over and len(m.discipline.in_play(m.state)) == 2
    at_table = m.state.shooter
    away = next(p for p in m.discipline.in_play(m.state) if p != at_table)
    with pytest.raises(RulesError):
        m.concede(first, True)  # already out
    m.concede(away, True)
    assert m.over and m.winner == at_table
    again = Match.from_dict(m.to_dict())
    assert again.over and again.winner == at_table
