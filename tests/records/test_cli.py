"""``kiy evening`` and ``kiy records`` headless: a whole evening of computer
seats played and its standings printed, an evening killed and resumed to the
same standings, the records as JSON, and bad names or values refused with one
line and status 2."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from simulator.records.cli import evening_main, records_main

ROOT = Path(__file__).resolve().parents[2]
EVENING = ["--players", "cpu:beginner,cpu:beginner,cpu:beginner", "--game",
           "9-ball", "--race", "1", "--seed", "3"]


def kiy(*args: str, profile: Path, timeout: float = 900
        ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "simulator.app.main", *args,
                           "--profile", str(profile)], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout,
                          env=os.environ | {"PYTHONPATH": str(ROOT)})


def standings(out: str) -> list[str]:
    lines = out.splitlines()
    start = next(i for i, x in enumerate(lines) if x.startswith("place"))
    return lines[start:]


Straight = tuple[subprocess.CompletedProcess[str], Path]


@pytest.fixture(scope="module")
def straight(tmp_path_factory: pytest.TempPathFactory) -> Straight:
    """The evening played straight through, its files exported, and the
    folder of its profile and files: played once, read by the test of the
    command and compared with the evening killed and resumed (each played
    it whole)."""
    where = tmp_path_factory.mktemp("straight")
    return kiy("evening", *EVENING, "--export", str(where / "out"),
               profile=where / "p"), where


def test_a_headless_evening_is_played_and_its_standings_printed(
        straight: Straight) -> None:
    out, tmp_path = straight
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    matches = [x for x in lines if x.startswith("R")]
    assert len(matches) == 3  # three players: three matches, one rests a round
    table = standings(out.stdout)
    assert table[0].split() == ["place", "player", "played", "won", "lost", "games"]
    names = sorted(x[6:22].strip() for x in table[1:4])  # the player column
    assert names == ["cpu:beginner", "cpu:beginner 2", "cpu:beginner 3"]
    won = [int(x[22:].split()[1]) for x in table[1:4]]
    assert sum(won) == 3 and won == sorted(won, reverse=True)
    assert table[-1].startswith("winner: cpu:beginner")
    exported = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert [n.removeprefix("evening-").split("-", 2)[-1] for n in exported] == [
        "results.csv", "standings.csv", exported[2].split("-", 2)[-1]]
    assert exported[2].endswith(".html")
    # The records: every seat a cpu:beginner match, the level's fixed rating.
    rec = kiy("records", "--json", profile=tmp_path / "p")
    assert rec.returncode == 0, rec.stderr
    data = json.loads(rec.stdout)
    assert data["matches"] == 3
    (cpu,) = data["players"]
    assert cpu["name"] == "cpu:beginner" and cpu["computer"] == "beginner"
    assert cpu["matches"] == 6 and cpu["won"] == 3 and cpu["rating"]["fixed"]


def test_an_evening_killed_and_resumed_ends_as_one_played_straight(
        tmp_path: Path, straight: Straight) -> None:
    whole = straight[0]  # (its files exported besides: the same matches)
    assert whole.returncode == 0, whole.stderr
    proc = subprocess.Popen([sys.executable, "-m", "simulator.app.main", "evening",
                             *EVENING, "--profile", str(tmp_path / "b")], cwd=ROOT,
                            stdout=subprocess.PIPE, text=True,
                            env=os.environ | {"PYTHONPATH": str(ROOT)})
    assert proc.stdout is not None
    first = proc.stdout.readline()  # the first match is recorded: kill it
    assert first.startswith("R1-1")
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    again = kiy("evening", *EVENING, profile=tmp_path / "b")
    assert again.returncode == 2 and "--resume" in again.stderr
    resumed = kiy("evening", "--resume", profile=tmp_path / "b")
    assert resumed.returncode == 0, resumed.stderr
    assert standings(resumed.stdout) == standings(whole.stdout)
    played = [x for x in whole.stdout.splitlines() if x.startswith("R")]
    assert first.strip() == played[0]
    rest = [x for x in resumed.stdout.splitlines() if x.startswith("R")]
    assert rest == played[len(played) - len(rest):] and 1 <= len(rest) <= 2
    rec = kiy("records", "--json", profile=tmp_path / "b")
    assert json.loads(rec.stdout)["matches"] == 3  # none lost, none twice


@pytest.mark.parametrize(("args", "where"), [
    (["--players", "cpu:club," + "A" * 41, "--game", "9-ball"], "--players[2]: "),
    (["--players", "cpu:club,cpu:grandmaster", "--game", "9-ball"],
     "--players[2]: unknown computer level"),
    (["--players", "cpu:club,Anna", "--game", "9-ball"], "--players: 'Anna' is a"),
    (["--players", "cpu:club", "--game", "9-ball"], "--players: 1 players"),
    (["--players", "cpu:club,cpu:club", "--game", "snooker"], "--game: unknown"),
    (["--players", "cpu:club,cpu:club", "--game", "express"],
     "--players: Express is for 3 to 8 players, not 2"),
    (["--players", "cpu:club,cpu:club,cpu:club", "--game", "express", "--format",
      "round-robin"], "--game: express is not played by two"),
    (["--players", "cpu:club,cpu:club", "--game", "9-ball", "--race", "0"],
     "argument --race: expected 1 to 25 games, not 0"),
    (["--players", "cpu:club,cpu:club", "--game", "9-ball", "--race", "1e9"],
     "argument --race: expected a whole number"),
    (["--players", "cpu:club,cpu:club", "--game", "14.1", "--handicap"],
     "--handicap: handicaps are races"),
    (["--players", "cpu:club,cpu:club", "--game", "9-ball", "--format", "ladder"],
     "argument --format: invalid choice"),
    (["--resume"], "--resume: no evening is in progress"),
    (["--abandon"], "--abandon: no evening is in progress"),
    (["--resume", "--game", "9-ball"], "--resume and --abandon take"),
    (["--players", "cpu:club,,cpu:club", "--game", "9-ball"],
     "--players[2]: a name is empty"),
])
def test_bad_names_and_values_are_one_line_and_status_2(
        capsys: pytest.CaptureFixture[str], args: list[str], where: str) -> None:
    with pytest.raises(SystemExit) as e:
        raise SystemExit(evening_main(args))
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert where in err, err


def test_records_refuse_what_they_cannot_do(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    assert records_main(["--player", "Nobody"]) == 2
    assert "no player 'Nobody'" in capsys.readouterr().err
    assert records_main(["--restore"]) == 2
    assert "not damaged" in capsys.readouterr().err
    bad = tmp_path / "x.json"
    bad.write_text('{"format": "kiy-records"')
    assert records_main(["--import", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {bad}: ") and err.count("\n") == 1
    with pytest.raises(SystemExit) as e:
        records_main(["--export", "a", "--import", "b"])
    assert e.value.code == 2
    assert records_main(["--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"players": [], "matches": 0}


def test_a_damaged_records_file_is_said_and_restored_from_the_command_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    from simulator.files import profile
    from simulator.records.database import Records
    from tests.records.records_data import club_night
    with Records.open() as rec:
        for m in club_night():
            rec.record(m)
    Records.open().close()  # the day's copy
    path = profile.data_dir() / "records.sqlite3"
    path.write_bytes(b"\x00" * 4096)
    assert records_main([]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: records: ") and "kiy records --restore" in err
    assert err.count("\n") == 1
    assert evening_main(EVENING) == 2  # no evening on a damaged file
    assert "damaged" in capsys.readouterr().err
    assert records_main(["--restore"]) == 0
    assert "restored" in capsys.readouterr().out
    assert records_main(["--json"]) == 0
    assert json.loads(capsys.readouterr().out)["matches"] == 5


def test_an_evening_with_people_is_not_resumed_headless(
        capsys: pytest.CaptureFixture[str]) -> None:
    from simulator.records.club import Club
    from simulator.records.evening import Setup
    from tests.records.helpers import people
    with Club() as club:
        club.begin(Setup(people("Anna", "Boris"), "round-robin", "9-ball"))
    assert evening_main(["--resume"]) == 2
    err = capsys.readouterr().err
    assert "'Anna' plays in this evening" in err and err.count("\n") == 1
    assert evening_main(["--abandon"]) == 0
