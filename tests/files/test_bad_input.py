"""A generated bad-input suite: thousands of broken files and arguments at
every entry point, each answered with one clear line.

Entry points: the layout of ``python -m simulator.physics shoot``, pool and
Express cases of ``python -m rules judge``, scenario files (``python -m
simulator.practice check``), saves (loading, ``kiy verify``, ``kiy --load``
with ``--screenshot``), the settings file, the options of ``kiy`` /
``run_game.py`` and the players' ``match`` command. Kinds: too big, not a
regular file (a named pipe, /dev/zero, a folder, a dangling link), not
UTF-8, nested too deep, a non-finite number, a whole number of hundreds or
thousands of digits, a wrong type, an out-of-range or absurd value, a
cut-off file; and what Kiy would write: a save target that is not a regular
file (a folder, a named pipe, a device node, a socket, a link to nothing or
to a pipe), a match option beyond its documented range, a player's name
over 40 characters, a profile folder with a name over 255 bytes or a file
in its path, a match no file could carry.

Every answer is exit status 2 (or, for a value that happens to be valid, a
normal answer), one line ``error: <where>: <what>`` on stderr without a
Python exception's name, nothing on stdout and no file written."""

from __future__ import annotations

import json
import os
import random
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from simulator.files import saves
from simulator.practice.library import SCENARIO_DIR
from simulator.practice.scenario import dumps_toml, load_scenario
from tests.files.matches import recorded

ROOT = Path(__file__).resolve().parents[2]
PYTHONIC = re.compile(r"Traceback|\b[A-Z][A-Za-z]*(Error|Exception|Warning)\b|"
                      r"<class |object at 0x|\bNoneType\b")

# Values put in place of any field. The first group must always be refused:
# no loader may accept them anywhere.
ALWAYS_BAD_JSON = {
    "int400": "9" * 400,
    "int5000": "-" + "9" * 5000,
    "float-overflow": "1e400",
    "nan": "NaN",
    "inf": "Infinity",
    "-inf": "-Infinity",
    "nested100": "[" * 100 + "]" * 100,
    "int20": "12345678901234567890123",
}
ALWAYS_BAD_TOML = {
    "int400": "9" * 400,
    "int5000": "9" * 5000,
    "float-overflow": "1e400",
    "nan": "nan",
    "inf": "inf",
    "-inf": "-inf",
    "nested100": "[" * 100 + "]" * 100,
    "int20": "12345678901234567890123",
}
ODD_JSON = {
    "minus-one": "-1", "zero": "0", "ten-million": "10000000", "huge": "1e300",
    "tiny": "-1e300", "banana": '"banana"', "empty": '""', "null": "null",
    "true": "true", "list": "[]", "object": "{}", "half": "0.5",
    "nul": '"\\u0000"', "long-text": json.dumps("x" * 5000),
}
ODD_TOML = {
    "minus-one": "-1", "zero": "0", "ten-million": "10000000", "huge": "1e300",
    "banana": '"banana"', "empty": '""', "true": "true", "list": "[]",
    "table": "{}", "half": "0.5", "long-text": '"' + "x" * 5000 + '"',
}


# -- the generator ----------------------------------------------------------------
def paths(tree: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON tree (containers and leaves)."""
    if prefix:
        yield prefix
    if isinstance(tree, dict):
        for k, v in tree.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            yield from paths(v, (*prefix, i))


def put(tree: Any, path: tuple[Any, ...], value: Any) -> Any:
    out = json.loads(json.dumps(tree))
    node = out
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return out


def sample(tree: Any, n: int, seed: int) -> list[tuple[Any, ...]]:
    every = list(paths(tree))
    top = [p for p in every if len(p) == 1]
    rest = [p for p in every if len(p) > 1]
    rng = random.Random(seed)
    return top + rng.sample(rest, min(len(rest), max(0, n - len(top))))


MARK = "@@BAD@@"


def json_variants(tree: Any, n: int, seed: int) -> Iterator[tuple[str, str, bool]]:
    """(name, text, must be refused) for each sampled place and bad value."""
    for path in sample(tree, n, seed):
        text = json.dumps(put(tree, path, MARK))
        where = ".".join(str(p) for p in path)
        for name, frag in ALWAYS_BAD_JSON.items():
            yield f"{where}={name}", text.replace(f'"{MARK}"', frag), True
        for name, frag in ODD_JSON.items():
            yield f"{where}={name}", text.replace(f'"{MARK}"', frag), False


def toml_variants(tree: Any, n: int, seed: int) -> Iterator[tuple[str, str, bool]]:
    for path in sample(tree, n, seed):
        if any(isinstance(p, int) for p in path[-1:]):
            continue  # a list item: TOML lists cannot mix, keep to tables
        text = dumps_toml(put(tree, path, MARK))
        where = ".".join(str(p) for p in path)
        if f'"{MARK}"' not in text:
            continue
        for name, frag in ALWAYS_BAD_TOML.items():
            yield f"{where}={name}", text.replace(f'"{MARK}"', frag), True
        for name, frag in ODD_TOML.items():
            yield f"{where}={name}", text.replace(f'"{MARK}"', frag), False


def file_kinds(tmp: Path, good: str, suffix: str, limit: int
               ) -> Iterator[tuple[str, Path]]:
    """The same entry point handed things that are not a good file."""
    def write(name: str, data: bytes) -> Path:
        p = tmp / f"{name}{suffix}"
        p.write_bytes(data)
        return p
    big = tmp / f"big{suffix}"
    with open(big, "wb") as fh:  # sparse: no disk used
        fh.truncate(limit + 1)
    yield "too big", big
    fifo = tmp / f"pipe{suffix}"
    os.mkfifo(fifo)
    yield "named pipe", fifo
    yield "/dev/zero", Path("/dev/zero")
    folder = tmp / f"folder{suffix}"
    folder.mkdir()
    yield "folder", folder
    dangling = tmp / f"dangling{suffix}"
    dangling.symlink_to(tmp / "nowhere")
    yield "dangling link", dangling
    yield "missing", tmp / f"missing{suffix}"
    raw = good.encode("utf-8")
    yield "latin-1", write("latin1", raw.replace(b'"', b'"\xe9', 1) if b'"' in raw
                            else b"\xe9" + raw)
    yield "utf-16", write("utf16", good.encode("utf-16"))
    yield "nul bytes", write("nul", raw[:10] + b"\x00" * 50 + raw[10:])
    yield "empty", write("empty", b"")
    yield "deep 100000", write("deep", b"[" * 100_000 + b"]" * 100_000)
    yield "deep tables", write("deeptables", b"a = " + b"{b = " * 5000 + b"1"
                               + b"}" * 5000)
    for i, frac in enumerate((0.1, 0.37, 0.5, 0.81, 0.99)):
        yield f"cut at {frac}", write(f"cut{i}", raw[:int(len(raw) * frac)])
    yield "garbage", write("garbage", os.urandom(300))


# -- the checks ---------------------------------------------------------------------
def clean_line(err: str) -> None:
    assert err.startswith("error: "), err[:300]
    assert err.count("\n") == 1 and err.endswith("\n"), err[:300]
    assert not PYTHONIC.search(err), err[:300]
    assert len(err) < 2000, len(err)


def run_cli(main: Callable[[list[str]], int], argv: list[str],
            capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    capsys.readouterr()
    try:
        code = main(argv)
    except SystemExit as e:
        code = int(e.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


class Tally:
    """Counts the cases run and collects the failures (reported together)."""

    def __init__(self) -> None:
        self.cases = 0
        self.refused = 0
        self.bad: list[str] = []

    def check(self, name: str, fn: Callable[[], None]) -> None:
        self.cases += 1
        try:
            fn()
        except AssertionError as e:
            self.bad.append(f"{name}: {str(e)[:300]}")
        except Exception as e:  # a traceback a player would have seen
            self.bad.append(f"{name}: uncaught {type(e).__name__}: {str(e)[:200]}")

    def done(self, minimum: int) -> None:
        # Shown with pytest -s: the suite's size for the record.
        print(f"\nbad-input cases: {self.cases} run, {self.refused} refused, "
              f"{len(self.bad)} failed")
        assert not self.bad, f"{len(self.bad)} of {self.cases} failed:\n" + \
            "\n".join(self.bad[:30])
        assert self.cases >= minimum, self.cases


def cli_case(tally: Tally, name: str, main: Callable[[list[str]], int],
             argv: list[str], capsys: pytest.CaptureFixture[str],
             must_refuse: bool, ok_codes: tuple[int, ...] = (0,),
             folder: Path | None = None) -> None:
    before = sorted(os.listdir(folder)) if folder is not None else None

    def one() -> None:
        code, out, err = run_cli(main, argv, capsys)
        if code == 2 or must_refuse:
            assert code == 2, (code, err[:200])
            clean_line(err)
            assert out == "", out[:200]
            tally.refused += 1
        else:
            assert code in ok_codes, (code, err[:300])
        if folder is not None:
            assert sorted(os.listdir(folder)) == before, "a file was written"
    tally.check(name, one)


# -- layouts ---------------------------------------------------------------------------
LAYOUT = {"table": "pool_9ft",
          "balls": {"0": [0.6, 0.3], "1": [1.5, 0.6], "9": [2.0, 0.9]},
          "stroke": {"direction": 10.0, "speed": 0.6, "tip_a": 0.1, "tip_b": -0.1,
                     "elevation": 2.0, "follow_through": 0.05,
                     "contact_time": 0.001}}


def test_layouts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from simulator.physics.__main__ import main
    tally = Tally()
    d = tmp_path / "in"
    d.mkdir()
    for i, (name, text, bad) in enumerate(json_variants(LAYOUT, 40, 1)):
        f = d / f"l{i}.json"
        f.write_text(text, "utf-8")
        # A valid variant plays a stroke: keep those few cheap (ok: 0).
        cli_case(tally, f"layout {name}", main, ["shoot", str(f)], capsys, bad,
                 folder=d)
        f.unlink()
    good = json.dumps(LAYOUT)
    for name, p in file_kinds(tmp_path, good, ".json", 10 * 1024 * 1024):
        cli_case(tally, f"layout file {name}", main, ["shoot", str(p)], capsys,
                 True)
    toml = dumps_toml(LAYOUT)
    for i, (name, text, bad) in enumerate(toml_variants(LAYOUT, 30, 2)):
        f = d / f"t{i}.toml"
        f.write_text(text, "utf-8")
        cli_case(tally, f"layout toml {name}", main, ["shoot", str(f)], capsys,
                 bad, folder=d)
        f.unlink()
    f = d / "ok.json"
    f.write_text(good, "utf-8")
    for opt, value in (("--speed", "nan"), ("--speed", "1e999"),
                       ("--direction", "inf"), ("--tip-a", "9" * 400),
                       ("--elevation", "-5"), ("--frame-dt", "0"),
                       ("--indent", "100000000"), ("--indent", "9" * 5000),
                       ("--ball-speed", "99")):
        cli_case(tally, f"layout option {opt} {value[:10]}", main,
                 ["shoot", str(f), opt, value], capsys, True)
    tally.done(150)


# -- judging cases ------------------------------------------------------------------------
def _pool_case() -> Any:
    return json.loads((ROOT / "tests/rules/cases/g18_scratch_cue_ball_pocketed.json"
                       ).read_text("utf-8")) if (
        ROOT / "tests/rules/cases/g18_scratch_cue_ball_pocketed.json").exists() else \
        json.loads(sorted((ROOT / "tests/rules/cases").glob("g18*.json"))[0]
                   .read_text("utf-8"))


def _express_case() -> Any:
    cases = json.loads((ROOT / "tests/rules/express_cases/02_foreign_and_own.json")
                       .read_text("utf-8"))
    return cases[0]


@pytest.mark.parametrize("kind", ["pool", "express"])
def test_judging_cases(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                       kind: str) -> None:
    from rules.__main__ import main
    case = _pool_case() if kind == "pool" else _express_case()
    tally = Tally()
    d = tmp_path / "in"
    d.mkdir()
    f = d / "case.json"
    for name, text, bad in json_variants(case, 90, 3):
        f.write_text(text, "utf-8")
        cli_case(tally, f"{kind} case {name}", main, ["judge", str(f)], capsys,
                 bad, folder=d)
        f.write_text(text, "utf-8")
    for name, p in file_kinds(tmp_path, json.dumps(case), ".json",
                              10 * 1024 * 1024):
        cli_case(tally, f"{kind} case file {name}", main, ["judge", str(p)],
                 capsys, True)
    # Absurd counts are refused before any work is done for them.
    for players in (10_000_000, 2**62, -3, 0):
        f.write_text(json.dumps({**case, "players": players}), "utf-8")
        cli_case(tally, f"{kind} players {players}", main, ["judge", str(f)],
                 capsys, True)
    if kind == "express":
        for shot in ("a string", 7, ["stroke"], {"events": "stroke"}):
            steps = [{"shot": shot}]
            f.write_text(json.dumps({**case, "steps": steps}), "utf-8")
            cli_case(tally, f"express shot {shot!r}", main, ["judge", str(f)],
                     capsys, True)
    tally.done(1500 if kind == "pool" else 900)


# -- scenarios -----------------------------------------------------------------------------
def test_scenarios(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from simulator.practice.__main__ import main
    sc = load_scenario(SCENARIO_DIR / "9ball-push-out-hand-back.toml")
    data = sc.to_dict()
    tally = Tally()
    d = tmp_path / "in"
    d.mkdir()
    f = d / "s.toml"
    for name, text, bad in toml_variants(data, 90, 4):
        f.write_text(text, "utf-8")
        # A valid variant plays its stroke; 1: its expectation differs.
        cli_case(tally, f"scenario {name}", main, ["check", str(f)], capsys, bad,
                 ok_codes=(0, 1), folder=d)
    good = dumps_toml(data)
    for name, p in file_kinds(tmp_path, good, ".toml", 10 * 1024 * 1024):
        cli_case(tally, f"scenario file {name}", main, ["check", str(p)], capsys,
                 True)
    for players in (10_000_000, 2**62, -1):
        f.write_text(dumps_toml({**data, "players": players}), "utf-8")
        cli_case(tally, f"scenario players {players}", main, ["check", str(f)],
                 capsys, True)
    tally.done(800)


# -- saves -----------------------------------------------------------------------------------
def test_saves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from simulator.files.verify import main as verify_main
    data = saves.save_dict(__import__("rules.referee", fromlist=["Match"]).Match
                           .from_dict(json.loads(json.dumps(recorded(shots=3)))))
    tally = Tally()
    d = tmp_path / "in"
    d.mkdir()
    f = d / "m.json"
    for name, text, bad in json_variants(data, 90, 5):
        f.write_text(text, "utf-8")

        def one(text: str = text, bad: bool = bad) -> None:
            try:
                saves.load(f)
            except saves.SaveError as e:
                clean_line(e.line() + "\n")
                tally.refused += 1
                return
            assert not bad, "accepted"
        tally.check(f"save {name}", one)
    good = json.dumps(data)
    for name, p in file_kinds(tmp_path, good, ".json", 64 * 1024 * 1024):
        cli_case(tally, f"verify file {name}", verify_main, [str(p)], capsys, True)
    # Journals: a bad line in the middle is refused, a torn last line dropped.
    m = __import__("rules.referee", fromlist=["Match"]).Match.from_dict(data["match"])
    j = saves.Journal.start(m, d / "auto")
    lines = j.path.read_text("utf-8")
    for name, frag in {**ALWAYS_BAD_JSON, **ODD_JSON}.items():
        j.path.write_text(lines + '{"step": ' + frag + "}\n" + '{"step": 0}\n',
                          "utf-8")

        def journal(name: str = name) -> None:
            try:
                saves.load(j.path)
            except saves.SaveError as e:
                clean_line(e.line() + "\n")
                tally.refused += 1
                return
            assert name == "zero", "accepted"
        tally.check(f"journal step {name}", journal)
    tally.done(1200)


def test_load_and_screenshot_refuse_a_bad_save(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]
                                               ) -> None:
    from simulator.app.main import main
    tally = Tally()
    out = tmp_path / "shot.png"
    good = json.dumps(saves.save_dict(
        __import__("rules.referee", fromlist=["Match"]).Match.from_dict(
            json.loads(json.dumps(recorded(shots=3))))))
    for name, p in file_kinds(tmp_path, good, ".json", 64 * 1024 * 1024):
        cli_case(tally, f"--load {name}", main,
                 ["--load", str(p), "--screenshot", str(out)], capsys, True)
    d = tmp_path / "cases"
    d.mkdir()
    for i, (name, text, _bad) in enumerate(json_variants(json.loads(good), 12, 6)):
        f = d / f"m{i}.json"
        f.write_text(text, "utf-8")
        try:
            saves.load(f)
            continue  # a harmless edit: it would open
        except saves.SaveError:
            pass
        cli_case(tally, f"--load {name}", main,
                 ["--load", str(f), "--screenshot", str(out)], capsys, True)
    assert not out.exists()
    tally.done(150)


# -- settings ---------------------------------------------------------------------------------
def test_settings(tmp_path: Path) -> None:
    from simulator.app.loop.settings import MAX_NAME, Settings, load_settings
    good = Settings(players=["Anna", "Boris"]).to_dict()
    tally = Tally()
    f = tmp_path / "settings.json"
    for name, text, bad in json_variants(good, 30, 7):
        f.write_text(text, "utf-8")

        def one(bad: bool = bad) -> None:
            s, problem = load_settings(f)
            assert isinstance(s, Settings)
            assert 0.0 <= s.volume <= 1.0 and s.lang in ("", "en", "ru")
            assert all(isinstance(p, str) and len(p) <= MAX_NAME for p in s.players)
            if bad:
                assert problem is not None
            if problem is not None:
                clean_line(f"error: {problem}\n")
        tally.check(f"settings {name}", one)
    for name, p in file_kinds(tmp_path, json.dumps(good), ".json",
                              10 * 1024 * 1024):
        def one_file(p: Path = p, name: str = name) -> None:
            s, problem = load_settings(p)
            assert s == Settings()
            if name != "missing":
                assert problem is not None
                clean_line(f"error: {problem}\n")
        tally.check(f"settings file {name}", one_file)
    tally.done(150)


# -- kiy's command line -----------------------------------------------------------------------
def test_kiy_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from simulator.app.main import main
    tally = Tally()
    ro = tmp_path / "readonly"
    ro.mkdir()
    ro.chmod(0o500)
    folder = tmp_path / "existing.png"
    folder.mkdir()
    dangling = tmp_path / "dangling.png"
    dangling.symlink_to(tmp_path / "nowhere.png")
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    a_file = tmp_path / "file.txt"
    a_file.write_text("x", "utf-8")
    bad_args = [
        ["--window", "big"], ["--window", "9" * 400 + "x720"],
        ["--window", "100000x100000"], ["--window", "-1280x720"],
        ["--window", "1280x720x3"], ["--lang", "de"], ["--game", "snooker"],
        ["--game", "9" * 5000], ["--players", "1"], ["--players", "9" * 400],
        ["--players", "10000000"], ["--players", ",,"], ["--players", "A" * 100],
        ["--players", ",".join(["A"] * 9)],
        ["--game", "express", "--players", "A,B"], ["--screenshot", "x.jpg"],
        ["--screenshot", str(folder)], ["--screenshot", str(dangling)],
        ["--screenshot", str(ro / "x.png")],
        ["--screenshot", str(tmp_path / "no" / "such" / "x.png")],
        ["--screenshot", str(a_file / "x.png")],
        ["--load", str(fifo)], ["--load", "/dev/zero"], ["--load", str(tmp_path)],
        ["--load", str(dangling)], ["--scenario", str(fifo)],
        ["--scenario", "/dev/zero"], ["--scenario", str(tmp_path / "none.toml")],
        ["--load", str(a_file), "--game", "9-ball"], ["--screen", "table"],
        ["--screen", "nowhere", "--screenshot", "a.png"], ["--seed", "9" * 5000],
        ["--seed", "nan"], ["--profile", str(a_file)], ["--unknown"],
        ["--lang"], ["--players"], ["verify"], ["verify", str(fifo)],
        ["verify", "/dev/zero"],
    ]
    if os.geteuid() == 0:  # root writes anywhere: the read-only case cannot fail
        bad_args.remove(["--screenshot", str(ro / "x.png")])
    if sys.platform.startswith("linux"):
        # A folder nobody may write to, not even root: the picture is drawn,
        # then refused by the file system.
        bad_args.append(["--screenshot", "/proc/kiy-test.png"])
    for args in bad_args:
        cli_case(tally, f"kiy {' '.join(a[:30] for a in args)}", main, args,
                 capsys, True)
    ro.chmod(0o700)
    import pygame
    pygame.display.quit()
    tally.done(len(bad_args))


def test_the_suite_is_thousands_of_cases() -> None:
    """The variant counts, so that a change to the generator that shrinks the
    suite shows up (the tests above run them)."""
    n = sum(1 for _ in json_variants(LAYOUT, 40, 1))
    n += sum(1 for _ in toml_variants(LAYOUT, 30, 2))
    n += sum(1 for _ in json_variants(_pool_case(), 90, 3))
    n += sum(1 for _ in json_variants(_express_case(), 90, 3))
    sc = load_scenario(SCENARIO_DIR / "9ball-push-out-hand-back.toml").to_dict()
    n += sum(1 for _ in toml_variants(sc, 90, 4))
    n += sum(1 for _ in json_variants({"a": 1}, 1, 5)) * 90  # saves: 90 places
    assert n >= 4000, n


# -- what issue 20 added: targets, options, names, profiles ------------------------------
OPTION_VALUES = ("1" + "0" * 30, "-1", "1000000000000", '"banana"', "1e400", "NaN",
                 "1.5", "[]", "null", "true", "9" * 400)
POOL_OPTIONS = ("race_to", "target", "first_breaker")
EXPRESS_OPTIONS = ("starting_chips", "ante", "initial_points", "max_signatures",
                   "break_min_cushion_balls", "signature_stakes")


def _target_kinds(folder: Path) -> Iterator[tuple[str, Path]]:
    """Save targets that are not regular files (a device node of our own,
    never the machine's /dev/full)."""
    import socket
    import stat
    d = folder / "dir.json"
    d.mkdir()
    yield "folder", d
    p = folder / "pipe.json"
    os.mkfifo(p)
    yield "named pipe", p
    dev = folder / "full.json"
    try:
        os.mknod(dev, stat.S_IFCHR | 0o666, os.makedev(1, 7))
        yield "device", dev
    except PermissionError:
        pass
    sock = folder / "s.json"
    if len(str(sock)) < 100:
        s = socket.socket(socket.AF_UNIX)
        s.bind(str(sock))
        s.close()
        yield "socket", sock
    link = folder / "dangling.json"
    link.symlink_to(folder / "nowhere.json")
    yield "dangling link", link
    to_pipe = folder / "to-pipe.json"
    to_pipe.symlink_to(p)
    yield "link to a pipe", to_pipe


def test_writers_options_names_and_profiles(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    from simulator.app.main import main as kiy
    from simulator.players.__main__ import main as players
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="kiy-b-", dir="/tmp") as short:
        folder = Path(short)
        # Save targets that are not Kiy's to replace: refused before a shot.
        for name, target in _target_kinds(folder):
            before = sorted((p.name, os.lstat(p).st_mode) for p in folder.iterdir())
            for game, seats in (("9-ball", "cpu,cpu"), ("express", "cpu,cpu,cpu")):
                cli_case(tally, f"players --save {name} {game}", players,
                         ["match", "--game", game, "--seats", seats, "--race-to",
                          "1", "--save", str(target)], capsys, True)
            tally.check(f"{name} untouched", lambda b=before: None if sorted(
                (p.name, os.lstat(p).st_mode) for p in folder.iterdir()) == b
                else (_ for _ in ()).throw(AssertionError("changed")))
    # Options no file may carry: refused up front, nothing written.
    out = tmp_path / "x.json"
    for key in POOL_OPTIONS + EXPRESS_OPTIONS:
        game, seats = ("9-ball", "cpu,cpu") if key in POOL_OPTIONS else \
            ("express", "cpu,cpu,cpu")
        for value in OPTION_VALUES:
            cli_case(tally, f"players --option {key}={value[:12]}", players,
                     ["match", "--game", game, "--seats", seats, "--option",
                      f"{key}={value}", "--save", str(out)], capsys, True)
    assert not out.exists()
    # Names over 40 characters, at the command line and in a save.
    for n in (41, 100, 10_000, 100_000):
        cli_case(tally, f"kiy --players name of {n}", kiy,
                 ["--players", "A" * n + ",B", "--screenshot",
                  str(tmp_path / "x.png")], capsys, True)
        data = saves.save_dict(__import__("rules.referee", fromlist=["Match"]).Match(
            ["P", "Q"], "9-ball", {}, seed=1))
        data["match"]["players"][0] = "Ж" * n
        f = tmp_path / f"name{n}.json"
        f.write_text(json.dumps(data), "utf-8")
        from simulator.files.verify import main as verify_main
        cli_case(tally, f"verify name of {n}", verify_main, [str(f)], capsys, True)
    # Profile folders no file can be written under.
    a_file = tmp_path / "a-file"
    a_file.write_text("x", "utf-8")
    profiles = {"component 256": tmp_path / ("p" * 256),
                "component 300": tmp_path / ("p" * 300),
                "component 10000": tmp_path / ("p" * 10_000),
                "path 5000": tmp_path.joinpath(*(["q" * 200] * 25)),
                "through a file": a_file / "profile",
                "a file": a_file}
    for name, prof in profiles.items():
        cli_case(tally, f"kiy --profile {name}", kiy,
                 ["--profile", str(prof), "--screenshot", str(tmp_path / "x.png")],
                 capsys, True)
        monkeypatch.setenv("KIY_PROFILE", str(prof))
        cli_case(tally, f"KIY_PROFILE {name}", kiy,
                 ["--screenshot", str(tmp_path / "x.png")], capsys, True)
        monkeypatch.delenv("KIY_PROFILE")
    # A match Kiy holds that no file could carry: the save refuses it.
    from rules.referee import Match
    for key, value in (("race_to", 10**30), ("target", -5), ("seed", 2**70)):
        m = Match(["A", "B"], "9-ball", {}, seed=1)
        if key == "seed":
            m.seed = value
        else:
            m.options[key] = value

        def refused(m: Match = m) -> None:
            try:
                saves.write_save(m, tmp_path / "w.json")
            except saves.SaveError as e:
                clean_line(e.line() + "\n")
                tally.refused += 1
                return
            raise AssertionError("written")
        tally.check(f"write_save {key}", refused)
    assert not (tmp_path / "w.json").exists() and not (tmp_path / "x.png").exists()
    import pygame
    pygame.display.quit()
    tally.done(130)
