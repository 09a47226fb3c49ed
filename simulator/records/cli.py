"""The headless commands: ``kiy evening`` plays an evening of computer seats
and prints the standings; ``kiy records`` prints every player's record and
rating, exports and imports the records, and mends a damaged file. Both use
the profile folder (``--profile DIR`` or ``KIY_PROFILE``) like everything
else. A bad name or an absurd value is one line, ``error: <where>: <what>``,
and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from simulator.files.inputs import ArgumentParser, InputError, tidy
from simulator.records.club import Club
from simulator.records.database import (
    DamagedRecords,
    Records,
    RecordsProblem,
    restore_backup,
    start_new,
)
from simulator.records.entrants import EntrantError, make_entrants
from simulator.records.evening import Evening
from simulator.records.formats import ABANDONED, EXPRESS_SERIES, FORMATS, WINNER_STAYS
from simulator.records.plan import (
    DEFAULT_GAMES,
    DEFAULT_RACE,
    DEFAULT_TARGET,
    MAX_GAMES,
    MAX_MATCHES,
    MAX_RACE,
    MAX_TARGET,
    SEEDINGS,
    EveningError,
    MatchCall,
    Setup,
)
from simulator.records.standings import StandingRow, place_note, place_words

MAX_SHOTS = 5000  # a match between computers not over by then is a fault


def _use_profile(folder: str | None) -> None:
    from simulator.files import profile
    if folder is not None:
        profile.use(folder)
    profile.tidy()


def _fail(message: str, status: int = 2) -> int:
    print(f"error: {tidy(message)}", file=sys.stderr)
    return status


def _bounded(lo: int, hi: int, what: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        t = text.strip()
        if not t.lstrip("-").isdigit() or len(t) > 19:
            raise argparse.ArgumentTypeError(f"expected a whole number, not "
                                             f"{text[:30]!r}")
        v = int(t)
        if not lo <= v <= hi:
            raise argparse.ArgumentTypeError(f"expected {lo} to {hi} {what}, not {v}")
        return v
    return parse


# -- kiy evening -----------------------------------------------------------------
def evening_parser(prog: str) -> ArgumentParser:
    p = ArgumentParser(prog=prog, description="Play a club night of computer "
                       "seats headless and print the standings (the evening is "
                       "saved after every match: --resume continues it).")
    p.add_argument("--players", help="comma-separated seats: cpu:beginner, "
                   "cpu:club, cpu:strong (a level twice is numbered)")
    p.add_argument("--format", choices=FORMATS, default=None,
                   help="round-robin (default), single-elimination, "
                        "double-elimination, winner-stays or express-series")
    p.add_argument("--game", help="the discipline: 8-ball, 9-ball, 14.1 or express")
    p.add_argument("--race", type=_bounded(1, MAX_RACE, "games"), default=DEFAULT_RACE,
                   help=f"games to win a match (default {DEFAULT_RACE})")
    p.add_argument("--target", type=_bounded(1, MAX_TARGET, "points"),
                   default=DEFAULT_TARGET,
                   help=f"points to win a 14.1 match (default {DEFAULT_TARGET})")
    p.add_argument("--games", type=_bounded(1, MAX_GAMES, "games"),
                   default=DEFAULT_GAMES,
                   help=f"games of an Express series (default {DEFAULT_GAMES})")
    p.add_argument("--matches", type=_bounded(1, MAX_MATCHES, "matches"),
                   default=0, help="matches of winner stays (default twice the "
                                   "players)")
    p.add_argument("--handicap", action="store_true",
                   help="races from the ratings, so each match is close to even")
    p.add_argument("--seeding", choices=SEEDINGS, default="listed",
                   help="the order of the players: as listed, by rating, or drawn")
    p.add_argument("--seed", type=_bounded(0, 2**63 - 1, ""), default=1,
                   help="the draw and every rack follow from it (default 1)")
    p.add_argument("--resume", action="store_true",
                   help="continue the evening in progress")
    p.add_argument("--abandon", action="store_true",
                   help="give up the evening in progress")
    p.add_argument("--export", metavar="DIR",
                   help="write the standings and results (CSV) and a printable "
                        "page (HTML) into DIR")
    p.add_argument("--lang", choices=("en", "ru"), default="en",
                   help="the printable page's language (default en)")
    p.add_argument("--json", action="store_true", help="print the standings as JSON")
    p.add_argument("--quiet", action="store_true", help="no line per match")
    p.add_argument("--max-shots", type=_bounded(1, 1_000_000, "shots"),
                   default=MAX_SHOTS, help=argparse.SUPPRESS)
    p.add_argument("--profile", metavar="DIR",
                   help="the profile folder (also the KIY_PROFILE variable)")
    return p


def setup_from(args: argparse.Namespace) -> Setup:
    """The evening the arguments describe (EveningError names the field)."""
    from rules import registry
    from rules.ruling import RulesError
    if not args.players:
        raise EveningError("--players", "missing (e.g. cpu:club,cpu:strong)")
    if not args.game:
        raise EveningError("--game", "missing (8-ball, 9-ball, 14.1 or express)")
    try:
        game = registry.canonical(args.game)
    except RulesError as e:
        raise EveningError("--game", str(e).removeprefix("discipline: ")) from None
    try:
        entrants = make_entrants(args.players.split(","), "--players")
    except EntrantError as e:
        raise EveningError(e.where, e.what) from None
    people = [e.name for e in entrants if not e.computer]
    if people:
        raise EveningError("--players", f"{people[0]!r} is a person; a headless "
                                        "evening is played by computer seats "
                                        "(cpu:LEVEL)")
    fmt = args.format or (EXPRESS_SERIES if game == registry.EXPRESS
                          else FORMATS[0])
    setup = Setup(entrants, fmt, game, args.race, args.target, args.games,
                  args.matches, args.handicap, args.seeding, args.seed)
    try:
        return setup.checked()
    except InputError as e:
        where = e.where if e.where.startswith("-") else f"--{e.where}"
        raise EveningError(where, e.what) from None


def play_match(call: MatchCall, max_shots: int) -> Any:
    """Play one called match between computer seats to its decision."""
    from simulator.players.strength import strength
    from simulator.players.table import Seat, Table
    match = call.new_match()
    seats = [Seat(n, strength(lv or "club")) for n, lv in zip(call.names, call.levels,
                                                              strict=True)]
    table = Table(match, seats)
    while call.winner(match) is None:
        if table.shots >= max_shots:
            raise EveningError(call.slot, f"not decided after {max_shots} shots")
        table.step()
    return match


def match_line(evening: Evening, call: MatchCall, match: Any) -> str:
    winner = call.winner(match)
    assert winner is not None  # the match was played to its decision
    if evening.setup.format == EXPRESS_SERIES:
        chips = ", ".join(f"{n} {c}" for n, c in zip(call.names, match.state.chips,
                                                      strict=True))
        return f"{call.slot:<6} won by {call.names[winner]}; chips: {chips}"
    race = evening.setup.scoring == "race"
    a, b = (match.games_won if race else match.scores)
    ra, rb = call.races
    hand = f"  (races {ra}-{rb})" if call.handicapped else ""
    shots = sum(1 for x in match.history if x.get("type") == "shot")
    return (f"{call.slot:<6} {call.names[0]} {a}-{b} {call.names[1]}: "
            f"{call.names[winner]} wins{hand}, {shots} shots")


def standings_lines(evening: Evening) -> list[str]:
    rows = evening.standings()
    fmt = evening.setup.format
    race = evening.setup.scoring == "race"
    head = f"{'place':<6}{'player':<16}{'played':>7}{'won':>5}{'lost':>6}"
    extra: Callable[[StandingRow], str]
    if fmt == EXPRESS_SERIES:
        head += f"{'chips':>8}"
        def extra(r: StandingRow) -> str:
            return f"{r.chips:>8}"
    elif fmt == WINNER_STAYS:
        head += f"{'games':>9}{'streak':>8}"
        def extra(r: StandingRow) -> str:
            return f"{f'{r.games_for}-{r.games_against}':>9}{r.streak:>8}"
    elif race:
        head += f"{'games':>9}"
        def extra(r: StandingRow) -> str:
            return f"{f'{r.games_for}-{r.games_against}':>9}"
    else:
        head += f"{'points':>10}"
        def extra(r: StandingRow) -> str:
            return f"{f'{r.points_for}-{r.points_against}':>10}"
    out = [head]
    for place, r in zip(place_words(rows), rows, strict=True):
        out.append(f"{place:<6}{r.name:<16}{r.played:>7}{r.won:>5}{r.lost:>6}"
                   f"{extra(r)}")
    note = place_note("en", rows, evening.status == ABANDONED)
    if note:
        out.append(note)
    hinted = [f"{r.name} ({r.hints})" for r in rows if r.hints]
    if hinted:  # results a club reads apart
        out.append(f"with hints (strokes with a hint): {', '.join(hinted)}")
    champion = evening.champion()
    if champion is not None:
        out.append(f"winner: {evening.name(champion)}")
    elif evening.status != "finished":
        out.append(f"evening {evening.status}: {len(evening.results)} matches played")
    return out


def not_played_lines(evening: Evening) -> list[str]:
    """A stopped evening's matches never to be played, each said so as the
    window's bracket and the printed page say it ("W2-1  Anna - ?: not
    played"): the abandon line alone left them reading as still to come."""
    from simulator.records.export import not_played_word, series_game, slot_code
    from simulator.records.formats import READY, SINGLE, WAITING
    from simulator.records.words import t
    if evening.status != ABANDONED:
        return []
    single = evening.setup.format == SINGLE
    out = []
    for m in (m for r in evening.bracket() for m in r.matches):
        if m.status not in (READY, WAITING):
            continue
        # (a series' game is everyone's: no names to say)
        names = "" if series_game(m.slot) else \
            " - ".join(n or "?" for n in m.names) + ": "
        out.append(f"{slot_code('en', m.slot, single):<6} {names}"
                   f"{t('en', not_played_word(m))}")
    return out


def evening_main(argv: Sequence[str] | None = None, prog: str = "kiy evening") -> int:
    p = evening_parser(prog)
    args = p.parse_args(argv)
    if args.profile is not None:
        from pathlib import Path
        prof = Path(args.profile)
        if prof.exists() and not prof.is_dir():
            p.error(f"--profile: {args.profile}: is not a folder")
    if args.resume and args.abandon:
        p.error("--resume and --abandon cannot be used together")
    if (args.resume or args.abandon) and (args.players or args.game or args.format):
        p.error("--resume and --abandon take the evening in progress as it is "
                "(no --players, --game or --format)")
    _use_profile(args.profile)
    with Club() as club:
        try:
            return _evening(args, club)
        except EveningError as e:
            return _fail(str(e))
        except OSError as e:  # the profile's folder refused a file
            return _fail(f"{e.filename or 'profile'}: cannot write "
                         f"({e.strerror or 'refused'})", 1)
        except RecordsProblem as e:
            print(e.line() if isinstance(e, DamagedRecords) else f"error: records: "
                  f"{e}", file=sys.stderr)
            return 2


def _evening(args: argparse.Namespace, club: Club) -> int:
    club.records()  # a damaged file is said before anything is played
    current = club.current()
    if args.abandon:
        if current is None:
            raise EveningError("--abandon", "no evening is in progress")
        club.abandon(current)
        print(f"abandoned evening {current.id} after {len(current.results)} matches")
        for line in not_played_lines(current):
            print(line)
        return 0
    if args.resume:
        if current is None:
            raise EveningError("--resume", "no evening is in progress")
        people = [e.name for e in current.entrants if not e.computer]
        if people:
            raise EveningError("--resume", f"{people[0]!r} plays in this evening; "
                                           "people play it on in the window")
        evening = current
    else:
        if current is not None:
            raise EveningError("evening", f"an evening is in progress ({current.id}, "
                                          f"{len(current.results)} matches played); "
                                          "continue it with --resume or give it up "
                                          "with --abandon")
        evening = club.begin(setup_from(args))
    while (call := evening.next_match()) is not None:
        match = play_match(call, args.max_shots)
        done = club.record(evening, call, match)
        if done.problem is not None:
            print(f"warning: records: {done.problem}", file=sys.stderr)
        if not args.quiet and not args.json:
            print(match_line(evening, call, match), flush=True)
    if args.export:
        from simulator.records.export import write_exports
        try:
            for path in write_exports(evening, args.export, args.lang):
                if not args.json:
                    print(f"wrote {path}")
        except OSError as e:
            raise EveningError(f"--export: {args.export}",
                               f"cannot write ({e.strerror})") from None
    if args.json:
        print(json.dumps({"evening": evening.id, "status": evening.status,
                          "standings": [r.to_dict() for r in evening.standings()],
                          "champion": evening.name(evening.champion())},
                         ensure_ascii=False))
    else:
        for line in standings_lines(evening):
            print(line)
    return 0


# -- kiy records -------------------------------------------------------------------
def records_parser(prog: str) -> ArgumentParser:
    p = ArgumentParser(prog=prog, description="Every player's record and rating "
                       "(the FargoRate scale: 100 points more is 2:1 odds a game).")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--player", metavar="NAME",
                   help="one player's page, with the rating after each match")
    p.add_argument("--export", metavar="FILE", help="write the records to FILE")
    p.add_argument("--import", dest="import_", metavar="FILE",
                   help="merge the records in FILE (an export) into these")
    p.add_argument("--restore", action="store_true",
                   help="a damaged file: put it aside and restore the newest backup")
    p.add_argument("--start-new", action="store_true",
                   help="a damaged file: put it aside and start new records")
    p.add_argument("--profile", metavar="DIR",
                   help="the profile folder (also the KIY_PROFILE variable)")
    return p


def records_main(argv: Sequence[str] | None = None, prog: str = "kiy records") -> int:
    p = records_parser(prog)
    args = p.parse_args(argv)
    if sum(bool(x) for x in (args.export, args.import_, args.restore,
                             args.start_new, args.player)) > 1:
        p.error("choose one of --player, --export, --import, --restore, --start-new")
    if args.player is not None and not 1 <= len(args.player.strip()) <= 40:
        p.error("--player: a name is 1 to 40 characters")
    _use_profile(args.profile)
    if args.restore or args.start_new:
        return _mend(args)
    try:
        with Records.open() as records:
            return _records(args, records)
    except RecordsProblem as e:
        print(e.line(), file=sys.stderr)
        return 2
    except InputError as e:
        return _fail(str(e))


def _mend(args: argparse.Namespace) -> int:
    try:
        Records.open().close()
    except DamagedRecords as e:
        if args.restore:
            if e.backup is None:
                return _fail(f"records: {e.path}: there is no backup to restore "
                             "(--start-new puts the file aside)")
            aside = restore_backup(e)
            print(f"restored {e.backup.name}; the damaged file is kept as {aside}")
        else:
            aside = start_new(e)
            print(f"started new records; the damaged file is kept as {aside}")
        return 0
    except RecordsProblem as e:
        print(e.line(), file=sys.stderr)
        return 2
    return _fail("records: the file is not damaged; nothing to do")


def _records(args: argparse.Namespace, records: Records) -> int:
    from simulator.records import pages, transfer
    if args.export:
        try:
            n = transfer.export_records(records, args.export)
        except OSError as e:
            return _fail(f"--export: {args.export}: cannot write ({e.strerror})")
        print(f"wrote {n} matches to {args.export}")
        return 0
    if args.import_:
        report = transfer.import_records(records, args.import_)
        print(report.line())
        return 0
    matches = records.matches()
    if args.player is not None:
        page = pages.page(matches, args.player)
        if page is None:
            return _fail(f"--player: no player {args.player.strip()!r} in the records")
        if args.json:
            print(json.dumps(page.to_dict(), ensure_ascii=False))
        else:
            print("\n".join(page_lines(page)))
        return 0
    every = pages.pages(matches)
    if args.json:
        print(json.dumps({"players": [pg.to_dict() for pg in every],
                          "matches": len(matches)}, ensure_ascii=False))
        return 0
    width = max([20, *(len(pg.name) + 2 for pg in every)])
    print(f"{'player':<{width}}{'rating':>8}{'margin':>9}{'games':>7}{'matches':>9}"
          f"{'won':>5}{'lost':>6}")
    for pg in every:
        r = pg.rating
        rating = "-" if r is None else f"{r.value:.0f}"
        margin = "-" if r is None else ("fixed" if r.fixed else f"+-{r.margin:.0f}")
        games = 0 if r is None else r.games
        print(f"{pg.name:<{width}}{rating:>8}{margin:>9}{games:>7}{pg.matches:>9}"
              f"{pg.won:>5}{pg.lost:>6}")
    return 0


def declares_safety(discipline: str) -> bool:
    """Whether the game's rules count declared safeties (a name no longer
    known: shown as before)."""
    from rules import registry
    from rules.ruling import RulesError
    try:
        return bool(registry.info(discipline).calls.safety)
    except RulesError:
        return True


def page_lines(page: Any) -> list[str]:
    from simulator.records import pages
    r = page.rating
    out = [page.name + (f" (computer, {page.level})" if page.level else "")]
    if r is None:
        out.append("rating: none yet")
    else:
        out.append(f"rating: {r.value:.0f} +-{r.margin:.0f} ({r.games} games, "
                   f"confidence {r.confidence:.2f})")
    out.append(f"matches: {page.matches}, won {page.won}, lost {page.lost}"
               + (f" ({page.with_hints} with hints)" if page.with_hints else ""))
    for d in page.disciplines:
        # A game whose rules take no declared safety (9-ball, Express) had
        # "safeties 0" read as none played.
        safeties = f", safeties {d.safeties}" if declares_safety(d.discipline) else ""
        out.append(f"  {d.discipline}: matches {d.matches} ({d.won}-{d.lost}), games "
                   f"{pages.games_words('en', d)}, innings {d.innings}, balls "
                   f"{d.balls}, fouls {d.fouls}{safeties}, best run "
                   f"{d.best_run}")
    for h in page.head_to_head:
        out.append(f"  vs {h.opponent}: matches {h.won}-{h.lost}, games "
                   f"{pages.games_words('en', h)}")
    for p in page.history:
        out.append(f"  {p.played_at}: {p.rating:.0f} +-{p.margin:.0f}")
    return out
