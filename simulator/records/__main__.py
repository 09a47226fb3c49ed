"""``python -m simulator.records evening|records|measure ...``: the club
night and the records headless (``kiy evening`` and ``kiy records`` are the
same commands), and the computer levels' measurement."""

from __future__ import annotations

import sys
from collections.abc import Sequence

COMMANDS = ("evening", "records", "measure")


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    prog = "python -m simulator.records"
    if not args or args[0] not in COMMANDS:
        if args[:1] in (["-h"], ["--help"]):
            print(f"usage: {prog} {{{','.join(COMMANDS)}}} ...\n\n"
                  "evening: play a club night of computer seats headless\n"
                  "records: every player's record and rating\n"
                  "measure: measure the computer levels' ratings")
            return 0
        got = repr(args[0]) if args else "nothing"
        print(f"error: command: expected one of {', '.join(COMMANDS)}, got {got} "
              f"(see {prog} --help)", file=sys.stderr)
        return 2
    command, rest = args[0], args[1:]
    if command == "evening":
        from simulator.records.cli import evening_main
        return evening_main(rest, prog=f"{prog} evening")
    if command == "records":
        from simulator.records.cli import records_main
        return records_main(rest, prog=f"{prog} records")
    from simulator.records.levels import main as measure_main
    return measure_main(rest, prog=f"{prog} measure")


if __name__ == "__main__":
    sys.exit(main())
