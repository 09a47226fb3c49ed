"""The end of the match: who won, how the last game ended, the match in
numbers; a new match, the replay or undo.
"""

from __future__ import annotations

from collections.abc import Callable

from simulator.app.dialogs.base import Dialog
from simulator.app.loop.app import App
from simulator.app.match.stats import (
    games_words,
    stats_abbr,
    stats_head_short,
    stats_table,
)
from simulator.app.match.turns import undo

KEY_GUARD = 0.8  # seconds the card takes no number key after it comes up


def game_over_dialog(app: App) -> Dialog:
    s = app.session
    assert s is not None
    from simulator.app.match import club
    winner = s.name(club.winner(s))  # an evening's handicap may decide it first
    # The title names the winner; the body gives the match in numbers, then
    # says how the last game ended (in the side column at 800x500 the
    # figures under those lines were pushed below the card).
    body_lines = [app.t("stats.title")]
    ended = list(s.banner.lines) if s.banner else []
    if ended:
        body_lines += ["", *ended]

    # Numbered from 1 without a gap, as every menu (a conceded match has
    # no replay: its card began at "2"). Undo by its own letter, as
    # everywhere in a match: 1-4 were the watching speeds a moment before,
    # and a late "4 = skip" undid the last shot.
    actions: list[tuple[str, Callable[[], None], str]] = [
        (app.t("gameover.new"), lambda: app.go("setup"), ""),
        (app.t("menu.main"), lambda: app.go("menu"), "")]
    # Esc leaves the card as "back" does everywhere: to the main menu, or to
    # the evening's standings. Nothing is lost: the match is recorded, and
    # the menu's "The last match: how it ended" opens this card again.
    back: Callable[[], None] = lambda: app.go("menu")  # noqa: E731
    if club.evening_of(s) is not None:  # back to the standings, not a new match
        actions[0] = (app.t("club.to_evening"), lambda: app.go("evening"), "")
        back = actions[0][1]
    if s.shots:
        actions.insert(0, (app.t("panel.replay"), lambda: app.go("replay"), ""))
    actions = [(label, fn, str(n)) for n, (label, fn, _k) in enumerate(actions, 1)]
    # Saved under a name as from the match's menu (Esc here leaves the
    # match); the card comes back under the save's own card.
    actions.append((app.t("pause.save"), lambda: save_over_the_card(app), "S"))
    if app.settings.allow_undo and s.can_undo():
        actions.append((app.t("panel.undo"), lambda: undo(app), "U"))
    by = s.match_conceded_by()  # who gave the match up, said as such
    title = app.t(s.conceded_key("banner"), name=s.name(by), winner=winner) \
        if by is not None else app.t("gameover.title", name=winner)
    series = series_words(app, winner)
    if series is not None:  # a game of a series: the series goes on
        title, line = series
        if line:  # first, seen without scrolling the card
            body_lines[:0] = [line, ""]
    at = body_lines.index(app.t("stats.title")) + 1  # the table under its heading
    d = _card(app, title, body_lines, actions, back, at)
    # Under the buttons in the side column, a line a game (under the table
    # they pushed its figures out of a card of 800x500).
    d.side_note = games_words(app, s)
    return d


def save_over_the_card(app: App) -> None:
    """The save's card opened with the end card back under it: cancelled
    or saved, the match's end is still on the screen."""
    app.open("gameover")
    app.open("save")


def _card(app: App, title: str, body_lines: list[str],
          actions: list[tuple[str, Callable[[], None], str]],
          back: Callable[[], None], at: int) -> Dialog:
    """The end card: the body's lines with the table at line ``at``."""
    s = app.session
    assert s is not None
    d = Dialog(app, title, "\n".join(body_lines),
               [(label, fn) for label, fn, _key in actions], cancel=back,
               kind="gameover")
    for b, (_label, _fn, key) in zip(d.buttons, actions, strict=True):
        b.key = key
    d.key_guard = KEY_GUARD
    d.max_cols = 3  # (the save beside the others, not a row of figures less)
    d.over_table = True
    d.table = stats_table(app, s)
    d.short_head = stats_head_short(app, s)
    d.abbr = stats_abbr(app, s)
    d.table_at = at
    return d


def series_words(app: App, winner: str) -> tuple[str, str] | None:
    """A game of an evening's Express series: the title (who won which game
    of how many, not the match: the series is the evening's match) and what
    comes next (the next game and who breaks it, or who won the series on
    chips); None for any other match."""
    from simulator.app.match import club
    from simulator.app.match.computer import seat_words
    em = club.evening_of(app.session)
    if em is None or em.call.stage != "game":
        return None
    t, ev = app.t, em.evening
    among = [e.name for e in ev.setup.entrants]
    title = t("club.series_game_won", name=winner, n=em.call.round,
              games=ev.setup.games)
    nxt = ev.next_match() if em.result is not None else None
    if nxt is not None and nxt.stage == "game":
        breaker = nxt.names[int(nxt.options.get("first_breaker", 0))]
        return title, t("club.series_next", n=nxt.round, games=ev.setup.games,
                        name=seat_words(app.locale, breaker, among))
    champion = ev.champion()
    if champion is None:
        return title, ""
    row = next(r for r in ev.standings() if r.entrant == champion)
    return title, t("club.series_over", name=seat_words(app.locale, row.name, among),
                    chips=row.chips)
