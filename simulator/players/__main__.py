"""``python -m simulator.players match --game G --seats cpu:A,cpu:B --seed S``:
a whole match between computer players, headless.

Prints each step (the lag, choices, signatures, every shot with its ruling's
codes) and the result; ``--json`` prints one JSON document instead. The
match runs with a throwaway profile folder: nothing scripted touches a
player's saves or settings. ``--save FILE`` writes the match (the strokes
played, so it replays exactly) where it is told.
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rules import registry
from rules.ruling import RulesError
from simulator.files import profile
from simulator.files.inputs import ArgumentParser
from simulator.players.table import Seat, Step, Table, describe, make_match, parse_seats


def _seats(text: str) -> list[Seat]:
    import argparse
    try:
        return parse_seats(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _game(text: str) -> str:
    import argparse
    try:
        return registry.canonical(text)
    except RulesError as e:
        raise argparse.ArgumentTypeError(str(e).removeprefix("discipline: ")) \
            from None


def _option(text: str) -> tuple[str, Any]:
    import argparse
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text!r}")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key.strip(), value


def _what(e: OSError) -> str:
    """Why a file could not be written, without its name (the line names it)."""
    from simulator.files.atomic import TargetError
    if isinstance(e, TargetError):
        return f"{e.what}; Kiy replaces only regular files"
    return f"cannot write ({e.strerror or 'the system refused'})"


def parser() -> ArgumentParser:
    p = ArgumentParser(prog="python -m simulator.players",
                       description="Computer players: play a whole match headless.")
    sub = p.add_subparsers(dest="command", required=True)
    m = sub.add_parser("match", help="a match between computer players")
    names = ", ".join(registry.names())
    m.add_argument("--game", type=_game, required=True,
                   help=f"the discipline ({names}, or any alias)")
    m.add_argument("--seats", type=_seats, required=True,
                   help="comma-separated seats, cpu:beginner, cpu:club or "
                        "cpu:strong")
    m.add_argument("--seed", type=int, default=1,
                   help="racks and every decision follow from it (default 1)")
    m.add_argument("--race-to", type=int, default=None,
                   help="games to win (8-ball, 9-ball; default 3)")
    m.add_argument("--target", type=int, default=None,
                   help="points to win (14.1; default 50)")
    m.add_argument("--option", type=_option, action="append", default=[],
                   metavar="KEY=VALUE", help="any match option (repeatable), "
                   "e.g. initial_points=15")
    m.add_argument("--max-shots", type=int, default=3000,
                   help="stop an endless match after this many shots")
    m.add_argument("--save", metavar="FILE", help="write the match here")
    m.add_argument("--json", action="store_true", help="print JSON")
    sub.add_parser("bench", add_help=False,
                   help="the players' figures (python -m simulator.players bench "
                        "--help)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    rest = list(sys.argv[1:] if argv is None else argv)
    if rest[:1] == ["bench"]:  # the benchmark keeps its own options
        from simulator.players import bench
        return bench.main(rest[1:])
    p = parser()
    args = p.parse_args(argv)
    if args.race_to is not None and not 1 <= args.race_to <= 99:
        p.error("--race-to: expected 1 to 99 games")
    if args.target is not None and not 1 <= args.target <= 1000:
        p.error("--target: expected 1 to 1000 points")
    if not 1 <= args.max_shots <= 1_000_000:
        p.error("--max-shots: expected 1 to 1000000")
    if not 0 <= args.seed < 2**63:
        p.error("--seed: expected a whole number 0 to 2^63-1")
    options: dict[str, Any] = {"race_to": args.race_to or 3,
                               "target": args.target or 50}
    options.update(dict(args.option))
    if args.save:
        # A target that is not Kiy's to replace is refused before the match
        # is played, not after.
        from simulator.files.atomic import writable_target
        try:
            writable_target(args.save)
        except OSError as e:
            p.error(f"--save: {args.save}: {_what(e)}")
    with tempfile.TemporaryDirectory(prefix="kiy-players-") as tmp:
        profile.use(tmp)
        try:
            return _play(args, options)
        finally:
            profile.use(None)


def _play(args: Any, options: dict[str, Any]) -> int:
    try:
        match = make_match(args.game, args.seats, args.seed, options)
        table = Table(match, args.seats)
    except RulesError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2

    def show(step: Step) -> None:
        if not args.json:
            print(f"{step.number:4} {step.name:<14} {describe(step)}", flush=True)

    try:
        result = table.play(args.max_shots, show)
    except RulesError as e:  # a decision the referee refused: a bug, said plainly
        print(f"error: step {len(table.steps) + 1}: {e}", file=sys.stderr)
        return 1
    if args.save:
        from simulator.files.saves import SaveError, check_text
        try:
            # Checked as loading checks it (kiy verify, Match.load): never a
            # file Kiy would refuse to read.
            check_text(json.dumps(match.to_dict(), ensure_ascii=False,
                                  allow_nan=False), args.save,
                       match.to_dict(actions=False))
            match.save(Path(args.save))
        except SaveError as e:
            print(f"error: --save: {args.save}: {e.what}", file=sys.stderr)
            return 2
        except OSError as e:
            print(f"error: --save: {args.save}: {_what(e)}", file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
        return 0
    if result.over:
        won = result.winner_name or "nobody"
        print(f"result: {won} wins; games {list(result.games_won)}, scores "
              f"{list(result.scores)}, {result.shots} shots")
    else:
        print(f"result: not finished after {result.shots} shots; games "
              f"{list(result.games_won)}, scores {list(result.scores)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
