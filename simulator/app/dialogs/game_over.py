"""The end of the match: who won, how the last game ended, the match in
numbers; a new match, the replay or undo.
"""

from __future__ import annotations

from collections.abc import Callable

from simulator.app.dialogs.base import Dialog
from simulator.app.loop.app import App
from simulator.app.match.stats import stats_head_short, stats_table
from simulator.app.match.turns import undo


def game_over_dialog(app: App) -> Dialog:
    s = app.session
    assert s is not None
    from simulator.app.match import club
    winner = s.name(club.winner(s))  # an evening's handicap may decide it first
    # The title names the winner; the body says how the last game ended and
    # gives the match in numbers.
    body_lines = list(s.banner.lines) if s.banner else []
    body_lines += ["", app.t("stats.title")]

    buttons = [(app.t("gameover.new"), lambda: app.go("setup")),
               (app.t("menu.main"), lambda: app.go("menu"))]
    # Esc leaves the card as "back" does everywhere: to the main menu, or to
    # the evening's standings. Nothing is lost: the match is recorded, and
    # the menu's "The last match: how it ended" opens this card again.
    back: Callable[[], None] = lambda: app.go("menu")  # noqa: E731
    if club.evening_of(s) is not None:  # back to the standings, not a new match
        buttons = [(app.t("club.to_evening"), lambda: app.go("evening")),
                   buttons[1]]
        back = buttons[0][1]
    if s.shots:
        buttons.insert(0, (app.t("panel.replay"), lambda: app.go("replay")))
    if app.settings.allow_undo and s.can_undo():
        buttons.append((app.t("panel.undo"), lambda: undo(app)))
    by = s.match_conceded_by()  # who gave the match up, said as such
    title = app.t("banner.match_conceded", name=s.name(by), winner=winner) \
        if by is not None else app.t("gameover.title", name=winner)
    d = Dialog(app, title, "\n".join(body_lines),
               buttons, cancel=back, kind="gameover")
    d.table = stats_table(app, s)
    d.short_head = stats_head_short(app, s)
    return d
