"""python -m rules judge CASE.json: print the ruling of one judging case as JSON.

Pool cases go to :mod:`rules.case`; cases of a game on the pyramid table
(Express), or of ``steps`` without a game, go to
:func:`rules.express_case.judge_case` (docs/formats.md)."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any

from rules.case import load_case, run_case
from rules.registry import discipline_class
from rules.ruling import RulesError
from simulator.files.inputs import ArgumentParser, InputError, plain, read_json, tidy
from simulator.table.specs import TableKind


def steps_case(data: Any) -> bool:
    """Whether a case is in the steps format of the pyramid games (its
    ``steps``, or a game on the pyramid table, whose cases use that format's
    short forms; a case of steps without a game is Express)."""
    if not isinstance(data, Mapping):
        return False
    game = data.get("game")
    if game is None:
        return "steps" in data
    if not isinstance(game, str):
        return False
    try:
        cls = discipline_class(game)
    except RulesError:
        return False
    return cls.info.table_kind is TableKind.PYRAMID


def judge_data(data: Any, with_next: bool) -> Any:
    """The JSON answer for one case; RulesError names the bad field."""
    if steps_case(data):
        from rules.express_case import judge_case

        return judge_case(data, with_next=with_next)
    result = run_case(load_case(data))
    if with_next or result.ruling is None:
        return result.to_dict()
    return result.ruling.to_dict()


def main(argv: list[str] | None = None) -> int:
    parser = ArgumentParser(prog="python -m rules",
                            description="The Kiy referee: pool and Express.")
    sub = parser.add_subparsers(dest="command", required=True)
    judge = sub.add_parser("judge", help="judge one case (docs/formats.md)")
    judge.add_argument("case", help="a judging case, JSON")
    judge.add_argument("--next", action="store_true",
                       help="also print the scores and the next shot's requirements")
    args = parser.parse_args(argv)
    try:
        data = read_json(args.case)
    except InputError as e:
        print(e.line(), file=sys.stderr)
        return 2
    try:
        out = judge_data(data, args.next)
    except RulesError as e:
        print(f"error: {tidy(f'{args.case}: {e}')}", file=sys.stderr)
        return 2
    except (ValueError, TypeError, KeyError, IndexError, AttributeError,
            OverflowError) as e:
        # A value the loaders did not check: still the case's fault, so one
        # line and a non-zero exit rather than a traceback.
        print(f"error: {tidy(f'{args.case}: cannot judge this case ({plain(e)})')}",
              file=sys.stderr)
        return 2
    print(json.dumps(out, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
