"""``kiy evening --abandon`` says a stopped evening's unplayed matches as
the window does («не сыгран» / "not played"), the played one not."""

from __future__ import annotations

import pytest

from simulator.records.cli import evening_main


@pytest.mark.parametrize("fmt", ["round-robin", "single-elimination"])
def test_abandoning_an_evening_says_each_unplayed_match_not_played(
        capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    """One match played of four players' evening, then --abandon: the
    printout names every match still to come as not played (the window's
    matches' card marks each so; the command said only how many were
    played), the played one not, a single elimination's codes without the
    winners' bracket letter ("2-1", not "W2-1")."""
    from simulator.records.club import Club
    from simulator.records.plan import Setup
    from tests.records.helpers import decide, people
    with Club() as club:
        ev = club.begin(Setup(people("Anna", "Boris", "Vera", "Gleb"), fmt, "9-ball",
                              race=2))
        call = ev.next_match()
        assert call is not None
        club.record(ev, call, decide(call.new_match(), [0, 0], call))
        played = call.slot
    assert evening_main(["--abandon"]) == 0
    out = capsys.readouterr().out.splitlines()
    matches = [m for r in ev.bracket() for m in r.matches]
    unplayed = [m for m in matches if m.status in ("ready", "waiting")]
    assert unplayed
    marked = [ln for ln in out if ln.endswith("not played")]
    assert len(marked) == len(unplayed), out
    assert not [ln for ln in marked if ln.split()[0] == played.lstrip("W")
                or ln.split()[0] == played], out
    if fmt == "single-elimination":
        assert not [ln for ln in marked if ln.startswith("W")], out
        assert any(ln.startswith("2-1 ") for ln in marked), out
