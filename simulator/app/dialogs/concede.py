"""Concede the game, or the match: the person at the table, or the person
at the window at a computer's turn (the dialog names who).
"""

from __future__ import annotations

from simulator.app.dialogs.base import Dialog
from simulator.app.dialogs.confirm import confirm_dialog
from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import concede, conceder, leaving, unbroken_game


def concede_dialog(app: App, whole_match: bool = False) -> Dialog:
    s = app.session
    assert s is not None
    by = conceder(s)
    assert by is not None
    who = s.name(by)
    if leaving(s):  # one player leaves, the others play on (Express R21)
        key = "concede.leave"
    else:
        whole_match = whole_match or s.match.one_game  # the game is the match
        key = "concede.match" if whole_match else "concede.game"
    # A match of one game has no games still to play, nor any played.
    body = f"{key}_one_body" if key == "concede.match" and s.match.one_game \
        else f"{key}_body"
    ends = key == "concede.game" and s.match.game_takes_match(1 - by)
    if ends:
        body = "concede.game_ends_match_body"  # the race reached (rule 29)
    points = s.points_standing() if key == "concede.match" else None
    if points is not None:  # 14.1: the match lost at the score standing
        body = "concede.match_points_body"
    title = app.t(f"{key}_title", name=who)
    unbroken = unbroken_game(s) if key == "concede.game" else None
    if unbroken is not None:  # the next game, not yet broken: said so
        title = app.t("concede.next_title", name=who, n=unbroken)
        body = "concede.next_ends_match_body" if ends else "concede.next_body"
    said = app.t(body, name=who, n=unbroken, **(points or {}))
    other = other_person(s, by) if key == "concede.match" else None
    if other is None:
        return confirm_dialog(app, title, said, app.t(f"{key}_yes"),
                              lambda: concede(app, whole_match))
    # Two people: either may give the match up, not only the one at the
    # table (after Ann conceded a game, Bob was to break and only Bob could).
    return Dialog(app, title, said,
                  [(app.t("concede.match_yes"), lambda: concede(app, True)),
                   (app.t("concede.match_other", name=s.name(other)),
                    lambda: concede(app, True, by=other)),
                   (app.t("common.cancel"), lambda: None)],
                  cancel=lambda: None, kind="confirm")


def other_person(s: Session, by: int) -> int | None:
    """The other person of the two in play, who may concede the match in
    place of ``by``; None against a computer or of three or more."""
    in_play = list(s.match.discipline.in_play(s.match.state))
    if len(in_play) != 2 or by not in in_play:
        return None
    other = next(p for p in in_play if p != by)
    return None if s.is_computer(other) else other


def concede_label(app: App) -> str:
    """The pause menu's "Concede the game", naming the game when it is one
    not yet broken after another ended ("Concede game 2"; its dialog says
    it is not yet broken: said in the menu too, the entry took two lines
    and moved the menu's layout from one game to the next)."""
    n = unbroken_game(app.session) if app.session is not None else None
    return app.t("pause.concede_game") if n is None else \
        app.t("pause.concede_next", n=n)


def decided_dialog(app: App, winner: str) -> Dialog:
    """The game a person conceded was ended by the stroke still rolling:
    nothing was conceded (the next game is not given up unseen); the match
    may still be."""
    return confirm_dialog(app, app.t("concede.stroke_won_title"),
                          app.t("concede.stroke_won_body", name=winner),
                          app.t("concede.match_yes"), lambda: concede(app, True))
