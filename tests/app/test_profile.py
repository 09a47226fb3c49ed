"""The profile folder: scripted runs never write a player's saves; autosave
failures are shown at once; the internal-error message says only what is
true; saves and settings live in the data and config folders."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session, autosave_path, autosave_paths
from simulator.files import profile, saves
from tests.app.helpers import DT, frame
from tests.app.test_flow import start_match


def files_in(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file())


def test_the_profile_folder_holds_data_and_settings(private_profile: Path) -> None:
    assert profile.config_dir() == private_profile / "config"
    assert profile.data_dir() == private_profile / "data"
    assert autosave_path().parent == private_profile / "data" / "autosave"
    profile.use(private_profile / "other")
    assert profile.saves_dir() == private_profile / "other" / "data" / "saves"
    profile.use(None)
    assert profile.folder() == private_profile


def test_without_a_profile_the_platform_folders_are_used(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import platformdirs
    monkeypatch.delenv(profile.ENV)
    assert profile.config_dir() == Path(platformdirs.user_config_dir(
        "kiy", appauthor=False, roaming=True))
    assert profile.data_dir() == Path(platformdirs.user_data_dir(
        "kiy", appauthor=False, roaming=True))


@pytest.mark.parametrize("screen,game", [("banner", "9-ball"), ("replay", "8-ball"),
                                         ("dialog", "9-ball"), ("fouls", "express"),
                                         ("pause", "14.1"), ("gameover", None),
                                         ("lag_result", "9-ball"),
                                         ("settings", None)])
def test_a_screenshot_never_writes_the_profile(private_profile: Path, tmp_path: Path,
                                               screen: str, game: str | None) -> None:
    from simulator.app.main import main
    # The player's autosave of a 3-player Express match is there already.
    s = Session.new(["A", "B", "C"], "express", {}, _locale(), seed=3)
    assert s.autosave() is None
    mine = autosave_path().read_bytes()
    before = files_in(private_profile)
    out = tmp_path / "x.png"
    args = ["--screenshot", str(out), "--screen", screen, "--seed", "2"]
    if game:
        args += ["--game", game]
    assert main(args) == 0
    pygame.display.quit()
    assert out.exists()
    assert files_in(private_profile) == before
    assert autosave_path().read_bytes() == mine
    assert saves.load(autosave_path()).match.name == "express"


def _locale() -> object:
    from simulator.app.text.i18n import Locale
    return Locale("en")


def test_a_failed_autosave_is_shown_at_once(app: App) -> None:
    # The autosave folder cannot be made: a file lies where it should be.
    folder = profile.autosave_dir()
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("in the way", "utf-8")
    start_match(app)
    from simulator.app.loop.launch import break_shot
    break_shot(app)
    s = app.session
    assert s is not None and s.save_problem is not None and s.save_ok is False
    frame(app)
    assert app.toast is not None and "autosave failed" in app.toast[0]
    assert "not being saved" in app.toast[0]
    assert app._internal_error_text() == app.t("error.internal_unsaved")
    # It works again once the folder can be made: said once, then quiet.
    folder.unlink()
    assert s.autosave() is None and s.save_ok is True
    frame(app)
    assert app.toast is not None and app.toast[0] == app.t("save.autosave_back")
    assert app._internal_error_text() == app.t("error.internal_saved")
    assert saves.load(autosave_path()).match.to_dict() == s.match.to_dict()


def test_an_internal_error_promises_nothing_without_an_autosave(app: App) -> None:
    assert app.session is None
    assert "autosave" not in app._internal_error_text()
    assert "safe" not in app.t("error.internal")


def test_new_matches_keep_the_last_three_autosaves(app: App) -> None:
    from simulator.app.loop.launch import break_shot
    for game in ("8-ball", "9-ball", "14.1", "8-ball"):
        start_match(app, game)
        break_shot(app)
        app.frame([], DT)
    kept = [saves.load(p).match.name for p in autosave_paths()]
    assert kept == ["8-ball", "14.1", "9-ball"]


def test_continue_appends_to_the_same_journal(app: App) -> None:
    from simulator.app.loop.launch import break_shot
    start_match(app, "9-ball")
    break_shot(app)
    size = autosave_path().stat().st_size
    again = Session.load(autosave_path(), app.locale)
    assert again.journal is not None and again.save_path is None
    app.session = again
    break_shot(app)
    assert autosave_path().stat().st_size > size
    back = saves.load(autosave_path())
    assert back.match.to_dict() == again.match.to_dict()
    head = json.loads(autosave_path().read_text("utf-8").split("\n")[0])
    assert head["format"] == "kiy-journal"


def test_opening_a_repaired_save_tells_the_player(app: App, tmp_path: Path) -> None:
    from simulator.app.loop.flow import open_saved
    from tests.files.test_repair import _start_save
    assert open_saved(app, _start_save(tmp_path, 30e-6)) is True
    assert app.toast is not None and "micrometres" in app.toast[0]
    assert app.mode is not None and app.mode.name in ("placing", "aiming", "view")


def test_a_bad_load_option_shows_the_reason_on_the_menu(tmp_path: Path) -> None:
    from simulator.app.loop import launch
    from simulator.app.main import build_parser
    from tests.app.helpers import make_app
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "kiy-save", "version": 9, "match": {}}', "utf-8")
    args = build_parser().parse_args(["--load", str(bad)])
    a = make_app()
    assert launch.start(a, args) is None
    assert a.mode is not None and a.mode.name == "menu"
    assert a.dialogs and "newer" in a.dialogs[-1].body  # type: ignore[attr-defined]
    pygame.display.quit()


def test_the_start_cleans_what_killed_writers_left(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from simulator.app.main import main
    from simulator.files.atomic import SUFFIX
    folder = profile.autosave_dir()
    folder.mkdir(parents=True)
    dead = folder / f".autosave.kiyj.{2**22 + 4321}.00aa11bb{SUFFIX}"
    dead.write_text("half a file", "utf-8")
    kept = folder / "autosave.kiyj"
    kept.write_text("", "utf-8")
    # A scripted picture writes (and removes) nothing.
    assert main(["--screen", "menu", "--screenshot", str(tmp_path / "x.png")]) == 0
    pygame.display.quit()
    assert dead.exists()
    if not sys.platform.startswith("linux"):
        return
    # A real start tidies first; without a display it then stops at once.
    for var in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(var, raising=False)
    assert main([]) == 2
    assert not dead.exists() and kept.exists()


def test_undo_and_replay_after_loading_a_match(app: App, tmp_path: Path) -> None:
    """The window keeps no copy of a shot: it is rebuilt from the match's own
    record, also after loading and undoing, and its replay is computed again."""
    from tests.files.matches import fresh
    p = saves.write_save(fresh(shots=6), tmp_path / "m.json")
    s = Session.load(p, app.locale)
    app.session = s
    n = len(s.shots)
    assert n >= 5 and not s.shots[-1][0].frames
    first = s.shots[0][0]
    assert s.undo() and s.undo()
    assert len(s.shots) <= n - 1 and s.shots[0][0] == first
    from simulator.app.screens.replay import ReplayMode
    replay = ReplayMode(app)
    app.switch(replay)
    assert replay.playback.frames and replay.playback.complete
    frame(app, n=5)
    assert not app.errors


def test_saves_where_the_first_version_kept_them_are_still_listed(app: App) -> None:
    from simulator.app.screens.load import LoadMode
    from tests.files.matches import fresh
    old = profile.config_dir() / "saves" / "9-ball-20260101-120000.json"
    saves.write_save(fresh(shots=2), old)
    listed = LoadMode(app).files()
    assert old in listed
    assert Session.load(old, app.locale).match.to_dict() == fresh(shots=2).to_dict()


def test_the_save_bench_leaves_nothing_in_the_temporary_folder(
        private_profile: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m simulator.tools.savebench`` plays in a throwaway profile and
    removes it when done; the player's profile is not touched either."""
    import tempfile

    from simulator.tools import savebench
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    before = files_in(private_profile)
    assert savebench.main(["--shots", "1"]) == 0
    assert "shot    1: autosave" in capsys.readouterr().out
    assert list(temp.iterdir()) == []
    assert files_in(private_profile) == before
    assert profile.data_dir() == private_profile / "data"
