"""python -m simulator.practice: list the library, check scenario files.

    python -m simulator.practice list [--gallery]
    python -m simulator.practice check FILE...   (validate, play, compare)

A bad file prints ``error: <file>: <field>: <reason>`` and the exit status
is 2; a file whose stroke does not give the ruling it expects prints each
difference and the exit status is 1.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from simulator.files.inputs import tidy
from simulator.practice import library
from simulator.practice.scenario import (
    ScenarioError,
    check_result,
    load_scenario,
    play_scenario,
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m simulator.practice")
    sub = parser.add_subparsers(dest="cmd", required=True)
    ls = sub.add_parser("list", help="list the scenario library")
    ls.add_argument("--gallery", action="store_true", help="the foul gallery")
    ls.add_argument("--lang", choices=("en", "ru"), default="en")
    ck = sub.add_parser("check", help="validate scenario files and play them")
    ck.add_argument("files", nargs="+")
    args = parser.parse_args(argv)
    if args.cmd == "list":
        paths = library.gallery_paths() if args.gallery else \
            library.scenario_paths()
        lib = library.scan(paths)
        for e in lib.entries:
            print(f"{e.id:45} {e.discipline:8} {e.title.get(args.lang)}")
        for _, err in lib.errors:
            print(f"error: {err}", file=sys.stderr)
        return 2 if lib.errors else 0
    status = 0
    for f in args.files:
        try:
            sc = load_scenario(f)
        except ScenarioError as e:
            print(f"error: {tidy(str(e))}", file=sys.stderr)
            status = 2
            continue
        if sc.repaired > 0:
            print(f"note: {f}: balls moved up to {sc.repaired * 1e6:.1f} um to "
                  "rest clear of the cushions and the other balls", file=sys.stderr)
        if sc.stroke is None:
            print(f"{f}: valid (no recorded stroke)")
            continue
        bad = check_result(sc, play_scenario(sc))
        if bad:
            status = max(status, 1)
            for b in bad:
                print(f"{f}: {b}")
        else:
            print(f"{f}: ok")
    return status


if __name__ == "__main__":
    sys.exit(main())
