"""A second Kiy for the two-process tests: ``python -m tests.files.writer
PROFILE SEED`` plays a match through a real ``Session`` (the window's match
and its autosave) on the profile ``PROFILE``, one command a line from
standard input, one answer a line on standard output:

- ``claim``: take the profile's lock as the game does at start; ``held`` or
  ``in-use PID`` (then the profile is read-only, as the window leaves it
  until the player chooses);
- ``start``: a new 9-ball match (autosaved);
- ``continue``: the last match, from the newest autosave (the menu's
  Continue);
- ``shot N``: play N shots, each autosaved;
- ``quit``.

After each command: ``ok STEPS PROBLEM NOTE`` (the match's steps, the
autosave's problem or ``-``, a note the window would show or ``-``).
"""

from __future__ import annotations

import random
import sys


def main(argv: list[str]) -> int:
    from simulator.files import profile
    from simulator.app.text.i18n import Locale
    from simulator.app.match.session import Session, autosave_path
    from simulator.physics import simulate
    from simulator.tools.selfplay import choose_stroke, make_choice
    profile.use(argv[0])
    rng = random.Random(int(argv[1]))
    session: Session | None = None
    note: str | None = None
    for line in sys.stdin:
        cmd, *rest = line.split()
        if cmd == "quit":
            break
        if cmd == "claim":
            try:
                profile.claim()
                answer = "held"
            except profile.InUse as e:
                profile.set_read_only(True)
                answer = f"in-use {e.pid}"
            print(answer, flush=True)
            continue
        if cmd == "start":
            session = Session.new(["A", "B"], "9-ball", {"race_to": 9},
                                  Locale("en"), seed=int(argv[1]))
            session.autosave()
        elif cmd == "continue":
            session = Session.load(autosave_path(), Locale("en"))
        elif cmd == "shot" and session is not None:
            for _ in range(int(rest[0])):
                while make_choice(rng, session.match):
                    session.refresh()
                    session.autosave()
                req = session.req
                assert req is not None
                table, stroke, decl = choose_stroke(rng, req, session.match.table())
                session.apply(simulate(table, stroke), decl)
                note = session.save_note or note
        assert session is not None
        print(f"ok {len(session.match.history)} {session.save_problem or '-'} "
              f"{'note' if note else '-'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
