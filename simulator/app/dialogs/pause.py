"""The menu of the match (Esc): save, call a foul, concede, undo and redo,
the replay, help, the main menu. Its entries never move: one that does not
apply now is shown greyed.

The harmless entries take 1-7 in every game (a number a hand learnt in
one game never concedes in another); the concessions below them take the
numbers that follow, 8 and 9, or 8 alone where a game has one (each asks
before it acts): the numbers run on without a gap (1-7 then 9 read as an
entry missing).
"""

from __future__ import annotations

from collections.abc import Callable

from simulator.app.dialogs.base import Dialog
from simulator.app.dialogs.concede import concede_label
from simulator.app.dialogs.quit import to_main_menu
from simulator.app.loop.app import App
from simulator.app.match.turns import (
    callable_fouls,
    can_concede,
    redo,
    undo,
)
from simulator.app.match.turns import leaving as is_leaving

# The entries numbered, in their order (the main menu and quitting: no number).
NUMBERED = ("resume", "save", "fouls", "undo", "redo", "replay", "help",
            "concede_game", "concede_match")


def pause_dialog(app: App) -> Dialog:
    """The menu of the match. Its entries never move: one that does not
    apply now is shown greyed."""
    s = app.session
    playing = s is not None and s.req is not None and not s.req.is_lag and \
        not s.over
    allow = app.settings.allow_undo
    # More than two at the table (Express): a player leaves, the match goes on.
    leaving = s is not None and is_leaving(s)
    # In a match of one game (14.1, Express of two) the game given up is the
    # match: one entry, worded so ("Concede the game" beside it said two).
    one_game = s is not None and not leaving and s.match.one_game
    concede_off = s is None or not can_concede(s)

    def settled(fn: Callable[[], object]) -> Callable[[], None]:
        """An entry that leaves the table or writes the match: a stroke
        still rolling under the menu is played out and judged first (left
        for the replay or the help, it was lost and could be struck again)."""
        def run() -> None:
            if app.mode is not None:
                app.mode.conclude()
            fn()
        return run
    entries = [
        ("resume", app.t("pause.resume"), lambda: None, False),
        ("save", app.t("pause.save"), settled(lambda: app.open("save")), False),
        ("fouls", app.t("panel.fouls"), settled(lambda: app.open("fouls")),
         not playing or s is None or not callable_fouls(s)),
        ("undo", app.t("panel.undo"), settled(lambda: undo(app)),
         not allow or s is None or not s.can_undo()),
        ("redo", app.t("panel.redo"), settled(lambda: redo(app)),
         not allow or s is None or not s.can_redo()),
        ("replay", app.t("panel.replay"), settled(lambda: app.go("replay")),
         s is None or not s.shots),
        ("help", app.t("help.title"),
         settled(lambda: app.go("help", back="match")), False),
        # (leaving Express is its player's concession: a concession's key)
        ("concede_game", app.t("pause.leave") if leaving else concede_label(app),
         lambda: app.open("concede"), concede_off),
        ("concede_match", app.t("pause.concede_match"),
         lambda: app.open("concede", whole_match=True), concede_off or leaving),
        ("menu", app.t("menu.main"), settled(lambda: to_main_menu(app)), False),
        ("quit", app.t("menu.quit"), settled(lambda: app.open("quit")), False),
    ]
    if one_game:
        del entries[7]
    elif leaving:
        # (three or more in play: the one at the table leaves and the match
        # goes on; "Concede the match" stood greyed with no reason given)
        del entries[8]
    d = Dialog(app, app.t("pause.title"), app.t("pause.keys"),
               [(label, fn) for _what, label, fn, _off in entries],
               cancel=lambda: None, kind="pause")
    numbers = iter(range(1, 10))
    for button, (what, _label, _fn, disabled) in zip(d.buttons, entries, strict=True):
        button.key = str(next(numbers)) if what in NUMBERED else ""
        button.ident = f"pause_{what}"
        if disabled:
            button.action = None
    d.short_body = app.t("pause.keys_short")
    # Under a heading of two lines (a long name) at 800x500: no words but
    # the buttons (the foot line says Esc), leaving in two words (its label
    # of two rows hid the heading), before the menu takes the heading's room.
    d.shortest = (app.t("pause.title"), "",
                  [app.t("pause.leave_short") if b.ident == "pause_concede_game"
                   and leaving else b.label for b in d.buttons])
    d.fit_whole = True
    d.at_foot = True
    return d
