"""python -m rules judge CASE.json: print the ruling of one judging case as JSON."""

from __future__ import annotations

import argparse
import json
import sys

from rules.case import load_case, run_case
from rules.ruling import RulesError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules",
                                     description="The Kiy pool referee.")
    sub = parser.add_subparsers(dest="command", required=True)
    judge = sub.add_parser("judge", help="judge one case (docs/formats.md)")
    judge.add_argument("case", help="a judging case, JSON")
    judge.add_argument("--next", action="store_true",
                       help="also print the scores and the next shot's requirements")
    args = parser.parse_args(argv)
    try:
        with open(args.case, encoding="utf-8") as fh:
            data = json.load(fh)
    except OSError as e:
        print(f"error: cannot read {args.case}: {e.strerror}", file=sys.stderr)
        return 2
    except json.JSONDecodeError as e:
        print(f"error: {args.case}: not valid JSON ({e})", file=sys.stderr)
        return 2
    try:
        result = run_case(load_case(data))
    except RulesError as e:
        print(f"error: {args.case}: {e}", file=sys.stderr)
        return 2
    if args.next or result.ruling is None:
        out = result.to_dict()
    else:
        out = result.ruling.to_dict()
    print(json.dumps(out, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
