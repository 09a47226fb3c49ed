"""Every writer of Kiy touches only what is Kiy's: a target that exists and
is not a regular file (a folder, a device node, a named pipe, a socket, a
link to nothing) is refused and left as it was, a link to a regular file is
followed (the link stays a link), with one ``error:`` line on the command
line and a sentence in the player's language in the window. The writers:
the whole save, the autosave journal, settings, scenarios, exports, a
match's own ``Match.save``, the window's screenshot and the players'
command line."""

from __future__ import annotations

import json
import os
import socket
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from rules.referee import Match
from simulator.files import atomic, saves
from tests.files.matches import fresh

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="fifos, sockets")
KINDS = ("folder", "device", "pipe", "socket", "link", "link to a pipe")


@pytest.fixture
def short_tmp() -> Iterator[Path]:
    """A folder with a short path (a socket's path is at most 108 bytes)."""
    with tempfile.TemporaryDirectory(prefix="kiy-w-", dir="/tmp") as d:
        yield Path(d)


def make_node(folder: Path, kind: str, name: str) -> tuple[Path, str]:
    """A thing that is not a regular file at ``folder/name``; the kind the
    writer must report."""
    p = folder / name
    if kind == "folder":
        p.mkdir()
        (p / "inside.txt").write_text("mine", "utf-8")
        return p, "folder"
    if kind == "device":
        try:
            os.mknod(p, stat.S_IFCHR | 0o666, os.makedev(1, 7))  # like /dev/full
        except PermissionError:
            pytest.skip("making a device node needs root")
        return p, "device"
    if kind == "pipe":
        os.mkfifo(p)
        return p, "pipe"
    if kind == "socket":
        s = socket.socket(socket.AF_UNIX)
        s.bind(str(p))
        s.close()
        return p, "socket"
    if kind == "link":
        p.symlink_to(folder / "nowhere")
        return p, "link"
    os.mkfifo(folder / "a-pipe")
    p.symlink_to(folder / "a-pipe")
    return p, "pipe"


def fingerprint(folder: Path) -> list[tuple[str, int, int]]:
    return sorted((p.name, os.lstat(p).st_mode, os.lstat(p).st_ino)
                  for p in folder.iterdir())


def _export(path: Path) -> None:
    from simulator.app.replay.export import ShotExport, write_export
    from simulator.table.events import Stroke
    from simulator.physics import simulate
    from simulator.table.state import TableState
    st = TableState.from_dict({"table": "pool_9ft", "balls": [
        {"ball": 0, "x": 0.6, "y": 0.6}, {"ball": 1, "x": 1.5, "y": 0.6}]})
    exp = ShotExport(simulate(st, Stroke(direction=0.0, speed=0.3)), name="w")
    name = exp.file_name("svg", "en")
    if path.name != name:
        os.rename(path, path.with_name(name))
        path = path.with_name(name)
    write_export(exp, path.parent, "svg", "en", overwrite=True)


def _screenshot(path: Path) -> None:
    from tests.app.helpers import make_app
    app = make_app()
    try:
        app.go("menu")
        app.screenshot(str(path))
    finally:
        import pygame
        pygame.display.quit()


def _settings(path: Path) -> None:
    from simulator.app.loop.settings import Settings, write_settings
    write_settings(Settings(), path)


def _scenario(path: Path) -> None:
    from simulator.practice.library import SCENARIO_DIR
    from simulator.practice.scenario import load_scenario, save_scenario
    save_scenario(load_scenario(SCENARIO_DIR / "9ball-push-out-hand-back.toml"),
                  path)


def _journal(path: Path) -> None:
    saves.Journal.start(fresh(shots=1), path.parent)


WRITERS: dict[str, tuple[str, Callable[[Path], None]]] = {
    "atomic_write": ("f.json", lambda p: atomic.atomic_write(p, "{}")),
    "save": ("m.json", lambda p: saves.write_save(fresh(shots=1), p) and None),
    "autosave": ("autosave.kiyj", _journal),
    "settings": ("settings.json", _settings),
    "scenario": ("s.toml", _scenario),
    "export": ("w-en.svg", _export),
    "Match.save": ("m.json", lambda p: fresh(shots=1).save(p)),
    "screenshot": ("x.png", _screenshot),
}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_every_writer_refuses_what_is_not_a_regular_file(
        short_tmp: Path, writer: str, kind: str) -> None:
    name, write = WRITERS[writer]
    target, expected = make_node(short_tmp, kind, name)
    before = fingerprint(short_tmp)
    with pytest.raises(atomic.TargetError) as e:
        write(target)
    assert e.value.kind == expected, (e.value.kind, str(e.value))
    assert fingerprint(short_tmp) == before, "the node was changed or a file left"
    if kind == "folder":
        assert (target / "inside.txt").read_text("utf-8") == "mine"
    # The command line's words: what it is, never an errno or a temporary file.
    line = atomic.why(e.value)
    assert "Errno" not in line and atomic.SUFFIX not in line
    assert atomic.KINDS[expected].split(",")[0] in line


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_link_to_a_regular_file_is_followed(short_tmp: Path, writer: str) -> None:
    name, write = WRITERS[writer]
    real = short_tmp / "real" / name
    real.parent.mkdir()
    real.write_text("old", "utf-8")
    link = short_tmp / name
    link.symlink_to(real)
    write(link)
    if writer == "autosave":
        # The autosaves move down a place each new match: the link is moved
        # (still a link, the file it leads to untouched), a new journal
        # takes its place.
        moved = short_tmp / "autosave-1.kiyj"
        assert moved.is_symlink() and os.readlink(moved) == str(real)
        assert real.read_text("utf-8") == "old"
        assert not link.is_symlink() and saves.load(link).journal
        return
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text("utf-8", errors="replace") != "old"
    assert sorted(p.name for p in real.parent.iterdir()) == [name]


def test_a_target_that_turns_into_a_pipe_while_written_is_refused(
        short_tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Checked again just before the rename."""
    target = short_tmp / "f.json"
    real_fsync = os.fsync

    def fsync_then_pipe(fd: int) -> None:
        real_fsync(fd)
        if not target.exists():
            os.mkfifo(target)
    monkeypatch.setattr(atomic.os, "fsync", fsync_then_pipe)
    with pytest.raises(atomic.TargetError) as e:
        atomic.atomic_write(target, "{}")
    assert e.value.kind == "pipe" and target.is_fifo()
    assert [p.name for p in short_tmp.iterdir()] == ["f.json"]


def test_an_error_names_the_target_never_the_temporary_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_open = os.open

    def denied(path: object, flags: int, *a: object) -> int:
        if str(path).endswith(atomic.SUFFIX):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *a)  # type: ignore[arg-type]
    monkeypatch.setattr(atomic.os, "open", denied)
    with pytest.raises(PermissionError) as e:
        saves.write_save(fresh(shots=1), tmp_path / "m.json")
    assert e.value.filename == str(tmp_path / "m.json")
    assert atomic.SUFFIX not in str(e.value)


# -- the command line --------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_the_players_command_refuses_a_save_target_before_playing(
        short_tmp: Path, kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    from simulator.players.__main__ import main
    target, expected = make_node(short_tmp, kind, "m.json")
    before = fingerprint(short_tmp)
    with pytest.raises(SystemExit) as e:
        main(["match", "--game", "9-ball", "--seats", "cpu,cpu", "--race-to",
              "1", "--save", str(target)])
    assert e.value.code == 2
    out = capsys.readouterr()
    assert out.out == ""  # not a shot was played
    assert out.err.startswith(f"error: --save: {target}: ")
    assert out.err.count("\n") == 1 and atomic.KINDS[expected] in out.err
    assert fingerprint(short_tmp) == before


@pytest.mark.parametrize("option", [
    "starting_chips=1000000000000000000000000000000",
    "race_to=1000000000000000000000000000000", "target=1000000000000",
    "ante=-1", "initial_points=100000", "signature_stakes=[1,2,1000000000000]"])
def test_an_option_kiy_could_not_read_back_is_refused_up_front(
        tmp_path: Path, option: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 20: 'players match --option starting_chips=1e30 --save X' wrote
    a file 'kiy verify X' then refused."""
    from simulator.players.__main__ import main
    game = "express" if option.split("=")[0] in (
        "starting_chips", "ante", "initial_points", "signature_stakes") else "9-ball"
    seats = "cpu,cpu,cpu" if game == "express" else "cpu,cpu"
    code = main(["match", "--game", game, "--seats", seats, "--option", option,
                 "--save", str(tmp_path / "x.json")])
    out = capsys.readouterr()
    assert code == 2 and out.out == ""
    assert out.err.startswith(f"error: options.{option.split('=')[0]}: ")
    assert out.err.count("\n") == 1
    assert not (tmp_path / "x.json").exists()


def test_a_match_kiy_writes_is_one_it_reads(tmp_path: Path) -> None:
    """The reading rules hold for what is written: a match whose options were
    changed after it was made (beyond what a file may carry) is refused
    before anything is written, by the save and by the journal."""
    m = fresh(shots=1)
    m.options["race_to"] = 10**30
    with pytest.raises(saves.SaveError) as e:
        saves.write_save(m, tmp_path / "m.json")
    assert "race_to" in str(e.value) or "too large" in str(e.value)
    with pytest.raises(saves.SaveError):
        saves.Journal.start(m, tmp_path / "auto")
    assert not (tmp_path / "m.json").exists()
    assert not list((tmp_path / "auto").glob("*.kiyj"))
    m2 = Match(["A" * 40, "B"], "9-ball", {}, seed=1)
    back = saves.load(saves.write_save(m2, tmp_path / "ok.json"))
    assert back.match.players[0] == "A" * 40
    with pytest.raises(Exception, match="at most 40"):
        Match(["A" * 41, "B"], "9-ball", {}, seed=1)


# -- the window's words ------------------------------------------------------------
@pytest.mark.parametrize("kind", [*atomic.KINDS])
def test_the_window_says_each_refusal_in_both_languages(kind: str) -> None:
    from simulator.app.text.file_words import file_problem
    from simulator.app.text.i18n import Locale
    e = atomic.TargetError("/home/anna/saves/match.json", kind)
    texts = {lang: file_problem(Locale(lang), e) for lang in ("en", "ru")}
    assert texts["en"] != texts["ru"]
    for text in texts.values():
        assert "Errno" not in text and "Error" not in text and "{" not in text
        assert "match.json" in text or "saves" in text


@pytest.mark.parametrize("errno_name", ["EACCES", "ENOSPC", "EROFS", "ENAMETOOLONG",
                                        "ENOENT", "ENOTDIR", "EIO", "EFBIG"])
def test_the_window_says_a_system_refusal_in_words(errno_name: str) -> None:
    import errno

    from simulator.app.text.file_words import file_problem
    from simulator.app.text.i18n import Locale
    code = getattr(errno, errno_name)
    e = OSError(code, os.strerror(code), "/home/anna/saves/match.json")
    for lang in ("en", "ru"):
        text = file_problem(Locale(lang), e)
        assert "Errno" not in text and os.strerror(code) not in text, text
        assert "{" not in text and "saves" in text


def test_settings_never_write_what_would_not_read_back(tmp_path: Path) -> None:
    from simulator.app.loop.settings import Settings, SettingsError, write_settings
    with pytest.raises(SettingsError, match="volume"):
        write_settings(Settings(volume=3.0), tmp_path / "s.json")
    with pytest.raises(SettingsError, match="players"):
        write_settings(Settings(players=["A" * 41]), tmp_path / "s.json")
    assert not (tmp_path / "s.json").exists()
    write_settings(Settings(players=["A" * 40]), tmp_path / "s.json")
    assert json.loads((tmp_path / "s.json").read_text("utf-8"))["players"] == \
        ["A" * 40]
