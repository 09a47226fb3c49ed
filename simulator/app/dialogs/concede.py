"""Concede the game, or the match: the person at the table, or the person
at the window at a computer's turn (the dialog names who).
"""

from __future__ import annotations

from simulator.app.dialogs.base import Dialog
from simulator.app.dialogs.confirm import confirm_dialog
from simulator.app.loop.app import App
from simulator.app.match.turns import concede, conceder


def concede_dialog(app: App, whole_match: bool = False) -> Dialog:
    s = app.session
    assert s is not None
    by = conceder(s)
    assert by is not None
    who = s.name(by)
    if len(s.names) > 2:  # one player leaves, the others play on (Express R21)
        key = "concede.leave"
    else:
        whole_match = whole_match or s.match.one_game  # the game is the match
        key = "concede.match" if whole_match else "concede.game"
    # A match of one game has no games still to play, nor any played.
    body = f"{key}_one_body" if key == "concede.match" and s.match.one_game \
        else f"{key}_body"
    if key == "concede.game" and s.match.game_takes_match(1 - by):
        body = "concede.game_ends_match_body"  # the race reached (rule 29)
    return confirm_dialog(app, app.t(f"{key}_title", name=who),
                          app.t(body, name=who), app.t(f"{key}_yes"),
                          lambda: concede(app, whole_match))


def decided_dialog(app: App, winner: str) -> Dialog:
    """The game a person conceded was ended by the stroke still rolling:
    nothing was conceded (the next game is not given up unseen); the match
    may still be."""
    return confirm_dialog(app, app.t("concede.stroke_won_title"),
                          app.t("concede.stroke_won_body", name=winner),
                          app.t("concede.match_yes"), lambda: concede(app, True))
