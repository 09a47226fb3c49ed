"""An evening out of the program: its standings and its results as CSV (for a
spreadsheet) and as one printable HTML page (the standings, every match and
the bracket; plain HTML, printed by any browser).

Names are text: escaped in the page, and a cell that a spreadsheet would
take for a formula (starting with ``=``, ``+``, ``-`` or ``@``) gets a
leading apostrophe in the CSV.
"""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Sequence
from pathlib import Path

from simulator.files.atomic import atomic_write
from simulator.records.evening import Evening
from simulator.records.formats import (
    ABANDONED,
    BYE,
    EXPRESS_SERIES,
    FINAL,
    PLAYED,
    READY,
    SINGLE,
    WAITING,
    WINNERS,
)
from simulator.records.standings import (
    BracketMatch,
    StandingRow,
    place_note,
    place_words,
)
from simulator.records.words import t

# won_wo, lost_wo: of the matches won and lost, those given up (conceded);
# given_up: the match ended so ("w/o"), its score no game played out.
# hints: the strokes played with the computer's hint (per player of a
# result, as "players" lists them): a result a club reads apart.
STANDING_COLUMNS = ("place", "name", "played", "won", "lost", "games_for",
                    "games_against", "points_for", "points_against", "chips",
                    "streak", "won_wo", "lost_wo", "hints")
RESULT_COLUMNS = ("slot", "played_at", "players", "winner", "score", "races",
                  "shots", "save", "given_up", "hints")


def _cell(value: object) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def _csv(rows: list[list[object]]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    for row in rows:
        w.writerow([_cell(v) for v in row])
    return buf.getvalue()


def standings_csv(evening: Evening) -> str:
    rows: list[list[object]] = [list(STANDING_COLUMNS)]
    standings = evening.standings()
    for place, r in zip(place_words(standings), standings, strict=True):
        d = r.to_dict() | {"place": place}  # ("1–3" still in, not blank)
        rows.append([d[c] for c in STANDING_COLUMNS])
    return _csv(rows)


def _score(evening: Evening, seats: tuple[int, ...], games: tuple[int, ...],
           scores: tuple[int, ...]) -> str:
    if evening.setup.format == EXPRESS_SERIES:
        # Each player's points in the order of "players" ("-1 / -1 / 4"):
        # joined by "-" they read "-1--1-4".
        return " / ".join(map(str, scores))
    race = evening.setup.scoring == "race"
    return "-".join(str(x) for x in (games if race else scores))


def results_csv(evening: Evening) -> str:
    rows: list[list[object]] = [list(RESULT_COLUMNS)]
    for r in evening.results.values():
        names = [evening.entrants[e].name for e in r.seats]
        rows.append([r.slot, r.played_at, " / ".join(names),
                     names[r.winner], _score(evening, r.seats, r.games, r.scores),
                     "-".join(str(x) for x in r.races), r.shots, r.save or "",
                     "w/o" if r.given_up else "",
                     " / ".join(map(str, r.hints)) if r.hinted else ""])
    return _csv(rows)


_STYLE = """
body { font-family: sans-serif; margin: 2em; color: #111; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; }
p.meta { color: #444; margin-top: 0; }
table { border-collapse: collapse; margin: 1em 0 2em; }
th, td { border: 1px solid #999; padding: 0.25em 0.6em; text-align: left; }
td.n, th.n { text-align: right; }
.round { display: inline-block; vertical-align: top; margin-right: 1.5em; }
.round h3 { font-size: 1em; }
.match { border: 1px solid #999; margin: 0.4em 0; padding: 0.2em 0.4em;
         min-width: 11em; }
.won { font-weight: bold; }
.bye { color: #777; font-style: italic; }
@media print { body { margin: 0.5cm; } .round { break-inside: avoid; } }
"""


def _e(value: object) -> str:
    return html.escape("" if value is None else str(value))


def _standings_table(rows: list[StandingRow], evening: Evening, lang: str) -> str:
    cols = ["place", "name", "played", "won", "lost", "games_for", "games_against"]
    if evening.setup.scoring != "race":
        cols += ["points_for", "points_against"]
    if any(r.chips is not None for r in rows):
        cols.append("chips")
    if any(r.streak is not None for r in rows):
        cols.append("streak")
    if any(r.won_wo or r.lost_wo for r in rows):  # matches given up, said apart
        cols += ["won_wo", "lost_wo"]
    if any(r.hints for r in rows):  # played with the computer's hints
        cols.append("hints")
    head = "".join(f'<th class="{"" if c == "name" else "n"}">'
                   f'{_e(t(lang, "column." + c))}</th>' for c in cols)
    body = []
    for place, r in zip(place_words(rows), rows, strict=True):
        d = r.to_dict() | {"place": place}
        cells = "".join(
            f'<td class="{"" if c == "name" else "n"}">'
            f'{_e("—" if d[c] is None else d[c])}</td>' for c in cols)
        body.append(f"<tr>{cells}</tr>")
    note = place_note(lang, rows, evening.status == ABANDONED)
    note = f'<p class="meta">{_e(note)}</p>' if note else ""
    return f"<table><tr>{head}</tr>{''.join(body)}</table>{note}"


def given_up_words(lang: str, m: BracketMatch, names: Sequence[str | None]
                   ) -> str | None:
    """What a match that ended with a game given up came to, in place of a
    score that says nothing: "w/o" (the loser conceded), or of three or
    more players "Vera wins: the others left" (``names`` as shown); None for
    a match played out."""
    if not m.given_up or m.winner is None:
        return None
    if len(names) > 2:
        return t(lang, "page.others_left", name=names[m.winner])
    return t(lang, "page.given_up")


def series_game(slot: str) -> bool:
    """Whether ``slot`` is a game of an Express series ("G2"; not "GF")."""
    return slot[:1] == "G" and slot[1:].isdigit()


def not_played_word(m: BracketMatch) -> str:
    """The words for a stopped evening's match never to be played."""
    return "page.not_played_game" if series_game(m.slot) else "page.not_played"


def _match_box(m: BracketMatch, lang: str, stopped: bool = False,
               single: bool = False) -> str:
    lines = []
    given_up = given_up_words(lang, m, m.names)
    if given_up is not None:
        lines.append(f"<div>{_e(given_up)}</div>")
    if m.status == PLAYED and m.hinted:
        lines.append(f"<div>{_e(t(lang, 'page.with_hints'))}</div>")
    if stopped and m.status in (READY, WAITING):
        # A stopped evening's match never to be played, not one to come.
        lines.append(f'<div class="bye">{_e(t(lang, not_played_word(m)))}</div>')
    for side, (e, name) in enumerate(zip(m.entrants, m.names, strict=True)):
        score = f" {m.score[side]}" if m.score and given_up is None else ""
        if e == BYE:
            lines.append(f'<div class="bye">{_e(t(lang, "page.bye"))}</div>')
        elif name is None:
            lines.append(f'<div class="bye">{_e(t(lang, "page.unknown"))}</div>')
        else:
            cls = ' class="won"' if m.winner == side else ""
            lines.append(f"<div{cls}>{_e(name)}{_e(score)}</div>")
    code = _e(slot_code(lang, m.slot, single))
    return f'<div class="match"><small>{code}</small>{"".join(lines)}</div>'


def slot_code(lang: str, slot: str, single: bool = False) -> str:
    """A match's code as a player reads it: its letters in the language
    ("R1-1" is «Т1-1», «тур»: Latin codes stood on the Russian screens);
    the slot itself stays the records' key. ``single``: a single
    elimination's, whose one bracket takes no letter («В2-1», the winners'
    bracket, said a lower one that is not there: «2-1»)."""
    head = slot.rstrip("0123456789-")
    if single and head == "W":
        return slot[len(head):]
    return t(lang, f"slot.{head}") + slot[len(head):] if head else slot


def stage_title(lang: str, evening: Evening, stage: str, number: int) -> str:
    """A round's heading: "Round 2", "Losers' bracket, round 3", "Grand
    final" (and its replay); a single elimination's rounds by how far they
    are from its final ("Quarter-final", "Semi-final", "Final"): it has no
    winners' bracket, there being no losers' one."""
    if stage == FINAL:
        return t(lang, "stage.final" if number == 1 else "stage.final_2")
    if stage == WINNERS and evening.setup.format == SINGLE:
        left = max(n.round for n in evening.nodes) - number
        if left < 2:
            return t(lang, ("stage.ko_final", "stage.ko_semi")[left])
        return t(lang, "stage.ko_round", n=2 ** left, players=2 ** (left + 1))
    return t(lang, f"stage.{stage}", n=number)


def evening_html(evening: Evening, lang: str = "en") -> str:
    """The printable page: the standings, then every round's matches."""
    s = evening.setup
    title = f"{t(lang, 'page.title')}: {s.discipline}, {t(lang, 'format.' + s.format)}"
    rows = evening.standings()
    rounds = []
    for rnd in evening.bracket():
        boxes = "".join(_match_box(m, lang, evening.status == ABANDONED,
                                   s.format == SINGLE)
                        for m in rnd.matches)
        rest = ""
        if rnd.resting:
            who = evening.name(rnd.resting[0])
            rest = f'<div class="bye">{_e(t(lang, "page.rests", name=who))}</div>'
        rounds.append(f'<div class="round"><h3>'
                      f"{_e(stage_title(lang, evening, rnd.stage, rnd.round))}</h3>"
                      f"{boxes}{rest}</div>")
    champion = evening.champion()
    won = f"<p><b>{_e(t(lang, 'page.winner', name=evening.name(champion)))}</b></p>" \
        if champion is not None else ""
    meta = " · ".join((evening.created,
                       t(lang, "page.players", n=len(evening.entrants)),
                       t(lang, "status." + evening.status)))
    return (
        f"<!DOCTYPE html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">"
        f"<title>{_e(title)}</title><style>{_STYLE}</style>"
        f"</head><body><h1>{_e(title)}</h1><p class=\"meta\">{_e(meta)}</p>{won}"
        f"<h2>{_e(t(lang, 'page.standings'))}</h2>"
        f"{_standings_table(rows, evening, lang)}"
        f"<h2>{_e(t(lang, 'page.matches'))}</h2>{''.join(rounds)}</body></html>\n")


def write_exports(evening: Evening, folder: str | Path, lang: str = "en"
                  ) -> list[Path]:
    """Write ``evening-<id>-standings.csv``, ``evening-<id>-results.csv`` and
    ``evening-<id>.html`` into ``folder`` (atomically); the paths written."""
    out = Path(folder)
    files = [(out / f"evening-{evening.id}-standings.csv", standings_csv(evening)),
             (out / f"evening-{evening.id}-results.csv", results_csv(evening)),
             (out / f"evening-{evening.id}.html", evening_html(evening, lang))]
    for path, text in files:
        atomic_write(path, text, make_dirs=True)
    return [p for p, _ in files]
