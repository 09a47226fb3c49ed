"""The match in numbers, a line per player, for the end of the match.
"""

from __future__ import annotations

from simulator.app.loop.app import App
from simulator.app.match.session import Session


def stats_figures(s: Session) -> list[tuple[str, list[str]]]:
    """The match's figures: each row's locale key and a value per player."""
    st = s.stats()
    points = s.match.discipline.info.scoring == "points"
    info = s.match.discipline.info
    figures: list[tuple[str, list[object]]] = [
        ("evening.stat_innings", [x.innings for x in st]),
        ("evening.stat_balls", [x.potted for x in st]),
        ("evening.stat_pots", [f"{x.pots}/{x.attempts}" for x in st]),
        ("evening.stat_pot_pct", ["—" if x.pot_percent is None else x.pot_percent
                                  for x in st]),
        ("evening.stat_fouls", [x.fouls for x in st]),
        ("evening.stat_safeties", [x.safeties for x in st]),
        ("evening.stat_run" if points else "evening.stat_best_run",
         [x.high_run for x in st])]
    if not points:
        # 8-ball and 9-ball: what the breaks did (a game of points breaks
        # once a match, its run says the rest).
        figures += [("evening.stat_break_balls", [x.break_balls for x in st]),
                    ("evening.stat_break_runs", [x.break_runs for x in st])]
    gone = set()
    if not info.calls.safety:
        # Safeties are counted as declared (8-ball 9, 14.1 7.4); a game
        # with no such declaration (9-ball, Express: its rules know none,
        # the referee takes none) had a row of noughts that read as
        # "no safety played".
        gone.add("evening.stat_safeties")
    if not any(x.innings for x in st):
        # No stroke played (a match conceded at once): no attempt, no break.
        gone |= {"evening.stat_pots", "evening.stat_pot_pct",
                 "evening.stat_break_balls", "evening.stat_break_runs"}
    figures = [f for f in figures if f[0] not in gone]
    if not points:
        # A game given up was won, but not at the table: the rules count it
        # lost by who gave it up (8-ball 15, 9-ball 4), so the other's win
        # is said on a row of its own, under the wins at the table.
        figures.insert(0, ("evening.stat_games", [x.table_wins for x in st]))
        if any(x.games != x.table_wins for x in st):
            figures.insert(1, ("evening.stat_games_wo",
                               [x.games - x.table_wins for x in st]))
    if any(x.hints for x in st):
        # Only when someone took one: a row of noughts says nothing.
        figures.append(("evening.stat_hints", [x.hints for x in st]))
    return [(key, [str(v) for v in values]) for key, values in figures]


def games_words(app: App, s: Session) -> list[str]:
    """Each finished game of a race in a line (who won it, and how: a break
    and run, by concession, or in how many innings) under a heading; none
    for a game of points (its one game is the table's figures)."""
    from simulator.records.stats import game_lines
    if s.match.discipline.info.scoring == "points":
        return []
    from simulator.app.text.words import ref_text
    said = []
    n = 1
    for g in game_lines(s.match):
        if g.winner is None:
            # Replayed (general 28, 8-ball 16): no one won it. Its replay
            # is the next line, numbered on: two lines "1." read as one
            # game said twice.
            rule = ref_text(app.locale, g.replayed) if g.replayed is not None else ""
            said.append(app.t("stats.game_replayed", n=n,
                              rule=f" ({rule})" if rule else ""))
            n += 1
            continue
        how = "stats.game_given_up" if g.given_up else \
            "stats.game_break_run" if g.break_run else "stats.game_innings"
        said.append(app.t(how, n=n, name=s.name(g.winner), innings=g.innings))
        n += 1
    return [app.t("stats.games"), *said] if said else []


def stats_table(app: App, s: Session) -> list[tuple[str, ...]]:
    """The match in numbers as a table: a column per player, a row per
    figure (the header row first)."""
    t = app.t
    rows: list[tuple[str, ...]] = [("", *(s.name(i) for i in range(len(s.names))))]
    for label, values in stats_figures(s):
        rows.append((t(label), *values))
    return rows


def stats_abbr(app: App, s: Session) -> tuple[str, ...]:
    """Each figure's short heading, in the table's row order, for the
    table turned round (a row per player) in a narrow column."""
    return tuple(app.t(f"{key}_abbr") for key, _values in stats_figures(s))


def stats_head_short(app: App, s: Session) -> tuple[str, ...]:
    """The table's header in short words: a computer seat as the scoreboard
    names it without its level ("Компьютер", "Компьютер 2"; its level
    alone, «Клубный», was a name the scoreboard never showed), a person by
    the first name and initials ("Анна К."); for a column too narrow for
    "Computer (club player)" or «Анна Каренина» on one line."""
    from simulator.app.match.computer import is_computer_name, seat_words
    from simulator.players.table import given_name
    among = s.among or s.names
    short = [(seat_words(s.locale, n, among) if given_name(n)
              else seat_words(s.locale, n, among).split(" (")[0])
             if is_computer_name(n) else initialled(n) for n in s.names]
    # Two players the initial leaves alike ("Анна К." twice, "Компьютер"
    # of two levels) keep their names as shown (not the seat's "cpu:club").
    return ("", *(c if short.count(c) == 1 else s.name(i)
                  for i, c in enumerate(short)))


def initialled(name: str) -> str:
    """A person's name with the words after the first as initials: «Анна
    Каренина» as «Анна К.»."""
    first, *rest = name.split()
    # Only a word of letters: «Игрок 1» stays whole (not «Игрок 1.»).
    return " ".join([first, *(f"{w[0]}." if w[0].isalpha() else w for w in rest)]) \
        if rest else name
