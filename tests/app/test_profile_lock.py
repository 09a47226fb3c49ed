"""A second Kiy on a profile in use, as the player meets it: a dialog in
the player's language (open read-only, use another profile, quit); a
read-only window writes nothing and says so when asked to save; another
profile is checked (a name too long, one in use too) and said in words.
Also: the Save failure and a too-long --profile or KIY_PROFILE in words,
never an errno, a temporary file's name or "Something went wrong"."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from simulator.files import atomic, profile, saves
from simulator.app.loop.app import App
from simulator.app.loop.launch import ProfileDialog, ask_about_profile, break_shot
from tests.app.helpers import button_labels, click_button, frame, make_app
from tests.app.test_flow import start_match

ROOT = Path(__file__).resolve().parents[2]
LONG = "x" * 300  # a folder name no file system takes (255 bytes at most)


@pytest.fixture
def held_elsewhere(private_profile: Path) -> Iterator[int]:
    """Another process holds the test's profile: its process id."""
    code = ("import sys; from simulator.files import profile; profile.use(sys.argv[1]); "
            "profile.claim(); print('held', flush=True); sys.stdin.read()")
    other = subprocess.Popen([sys.executable, "-c", code, str(private_profile)],
                             cwd=ROOT, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    assert other.stdout is not None and other.stdout.readline() == "held\n"
    yield other.pid
    other.kill()
    other.wait()


def _busy_app(lang: str = "en") -> tuple[App, profile.InUse]:
    """The window as main() leaves it on a profile in use."""
    try:
        profile.claim()
    except profile.InUse as e:
        busy = e
    else:
        raise AssertionError("the profile was not held")
    profile.set_read_only(True)
    app = make_app(lang)
    app.go("menu")
    frame(app)
    ask_about_profile(app, busy)
    frame(app)
    return app, busy


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_window_says_the_profile_is_in_use(held_elsewhere: int,
                                               private_profile: Path,
                                               lang: str) -> None:
    app, _busy = _busy_app(lang)
    dlg = app.dialogs[-1]
    assert dlg.kind == "profile"  # type: ignore[attr-defined]
    body = dlg.body  # type: ignore[attr-defined]
    assert str(held_elsewhere) in body and str(private_profile) in body
    labels = button_labels(app)
    for key in ("profile.read_only", "profile.other", "profile.quit"):
        assert app.t(key) in labels
    if lang == "ru":
        assert "только для чтения" in body
    click_button(app, app.t("profile.quit"))
    frame(app)
    assert not app.running
    pygame.display.quit()


def test_read_only_writes_nothing_and_says_so(held_elsewhere: int,
                                              private_profile: Path) -> None:
    app, _busy = _busy_app()
    click_button(app, "Open read-only")
    frame(app)
    assert app.toast is not None and "nothing you do" in app.toast[0]
    before = sorted(p for p in private_profile.rglob("*"))
    start_match(app)
    break_shot(app)
    app.save_settings()
    from simulator.app.match.saving import write_save
    assert not write_save(app, profile.saves_dir() / "mine.json", "mine")
    assert app.toast is not None
    assert app.toast[0].startswith("Could not save: this window opened the "
                                   "profile read-only")
    assert sorted(p for p in private_profile.rglob("*")) == before
    assert not app.errors
    pygame.display.quit()


def test_another_profile_is_checked_then_used(held_elsewhere: int,
                                              private_profile: Path,
                                              tmp_path: Path) -> None:
    app, _busy = _busy_app()
    click_button(app, "Use another profile…")
    frame(app)
    dlg = app.dialogs[-1]
    assert isinstance(dlg, ProfileDialog)
    assert dlg.text().endswith("-2")  # a folder beside the one in use
    # A name too long for any file system: a sentence, and asked again.
    dlg.entry.set_text(str(tmp_path / LONG))  # type: ignore[union-attr]
    click_button(app, "Use this folder")
    frame(app)
    assert app.toast is not None
    text = app.toast[0]
    assert "cannot hold a profile" in text and "255 bytes" in text, text
    assert "Errno" not in text and "Something went wrong" not in text
    assert isinstance(app.dialogs[-1], ProfileDialog)
    assert profile.read_only() and profile.folder() == private_profile
    # The profile in use itself: in use too.
    app.dialogs[-1].entry.set_text(str(private_profile))  # type: ignore[attr-defined]
    click_button(app, "Use this folder")
    frame(app)
    assert app.toast is not None and "in use by another Kiy too" in app.toast[0]
    # A free folder: this window's profile from now on, written to.
    mine = tmp_path / "mine"
    app.dialogs[-1].entry.set_text(str(mine))  # type: ignore[attr-defined]
    click_button(app, "Use this folder")
    frame(app)
    assert not app.dialogs
    assert profile.folder() == mine and not profile.read_only()
    assert profile.lock_path() == mine / "data" / profile.LOCK_NAME
    assert app.toast is not None and str(mine) in app.toast[0]
    start_match(app)
    break_shot(app)
    auto = mine / "data" / "autosave" / "autosave.kiyj"
    assert saves.load(auto).match.to_dict() == app.session.match.to_dict()  # type: ignore[union-attr]
    assert not list(private_profile.rglob("*.kiyj"))
    assert not app.errors
    profile.release()
    pygame.display.quit()


def test_the_save_failure_is_a_sentence(app: App, monkeypatch: pytest.MonkeyPatch
                                        ) -> None:
    """It showed '[Errno 13] Permission denied' and the temporary file."""
    start_match(app)
    real_open = atomic.os.open

    def denied(path: object, flags: int, *a: object) -> int:
        if str(path).endswith(atomic.SUFFIX):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *a)  # type: ignore[arg-type]
    monkeypatch.setattr(atomic.os, "open", denied)
    from simulator.app.match.saving import write_save
    assert not write_save(app, profile.saves_dir() / "Tuesday.json", "Tuesday")
    assert app.toast is not None
    text = app.toast[0]
    assert text == "Could not save: Kiy is not allowed to write in " \
        f"{profile.saves_dir()}", text
    app.set_language("ru")
    write_save(app, profile.saves_dir() / "Tuesday.json", "Tuesday")
    assert app.toast is not None and "Kiy не разрешено записывать" in app.toast[0]


@pytest.mark.parametrize("how", ["--profile", "KIY_PROFILE"])
def test_a_profile_path_too_long_is_one_line(
        how: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from simulator.app.main import main
    long = str(tmp_path / LONG)
    argv = ["--screenshot", str(tmp_path / "x.png")]
    if how == "--profile":
        argv += ["--profile", long]
    else:
        monkeypatch.setenv(profile.ENV, long)
    try:
        code = main(argv)
    except SystemExit as e:
        code = int(e.code or 0)
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith(f"error: {how}: ") and err.count("\n") == 1, err
    assert "255 bytes" in err and "Traceback" not in err and "Errno" not in err
    assert not (tmp_path / "x.png").exists()


def test_a_second_kiy_started_on_a_held_profile_asks(
        held_elsewhere: int, private_profile: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """main() itself: one line on standard error, the profile read-only and
    the dialog open over the first screen."""
    from simulator.app import main as main_module
    shown: list[App] = []
    monkeypatch_run = App.run
    App.run = lambda self: shown.append(self)  # type: ignore[method-assign]
    try:
        assert main_module.main([]) == 0
    finally:
        App.run = monkeypatch_run  # type: ignore[method-assign]
    err = capsys.readouterr().err
    assert err.startswith("note: profile: ") and err.count("\n") == 1
    assert f"process {held_elsewhere}" in err
    app = shown[0]
    assert profile.read_only()
    assert app.dialogs and app.dialogs[-1].kind == "profile"  # type: ignore[attr-defined]
    pygame.display.quit()


def test_the_menu_never_covers_a_dialog_over_it(app: App) -> None:
    """The menu's buttons (widgets, drawn after the dialogs) were drawn over
    the card of any dialog opened on the menu: the profile dialog, or a save
    that cannot be opened. They are hidden while it is open."""
    from pygame_gui.elements import UIButton

    def menu_buttons() -> list[UIButton]:
        return [el for el in app.gui.get_sprite_group().sprites()
                if isinstance(el, UIButton)]
    assert menu_buttons() and all(b.visible for b in menu_buttons())
    ask_about_profile(app, profile.InUse(Path("/somewhere"), 42))
    frame(app)
    assert not any(b.visible for b in menu_buttons())
    click_button(app, "Use another profile…")
    frame(app)
    assert not any(b.visible for b in menu_buttons())
    entry = app.dialogs[-1].entry  # type: ignore[attr-defined]
    assert entry is not None and entry.visible  # the dialog's own field shows
    click_button(app, "Back")
    frame(app)
    click_button(app, "Open read-only")
    frame(app)
    assert not app.dialogs and all(b.visible for b in menu_buttons())
