"""Start the game: ``python run_game.py`` or the ``kiy`` console script.

Arguments are checked before the window opens; a bad value is one clear line
on stderr (``error: <where>: <what>``) and exit status 2. ``kiy verify SAVE``
replays a saved match through the physics and the referee
(simulator.files.verify); ``kiy evening`` plays a club night of computer
seats and ``kiy records`` prints the players' records (simulator.records);
``kiy --version`` prints the version.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from simulator.files.inputs import ArgumentParser, tidy
from simulator.files.profile import ENV as PROFILE_ENV
from simulator.files.profile import InUse

if TYPE_CHECKING:  # the window is imported only when one opens
    from simulator.app.loop.app import App

SCREENS = ("menu", "setup", "settings", "load", "help", "table", "placing", "banner",
           "replay", "dialog", "choice", "fouls", "pause", "save", "quit", "concede",
           "gameover", "lag", "lag_result",
           # practice screens (simulator/app/loop/practice_scenes.py)
           "practice", "scenario", "ruling", "quiz", "quiz_answer", "quiz_done",
           "editor", "gallery", "gallery_play",
           # the club night (the profile's evening and records)
           "evening", "evening_setup", "records", "player")


def discipline_name(text: str) -> str:
    """A game by any of its names (the referee's registry, Russian included)."""
    from rules import registry
    name = registry.aliases().get(text.strip().casefold())
    if name is not None:
        return name
    known = ", ".join(registry.names())
    raise argparse.ArgumentTypeError(f"unknown game {text!r}; choose one of {known}")


def window_size(text: str) -> tuple[int, int]:
    parts = text.lower().replace("×", "x").split("x")
    try:
        if len(parts) != 2:
            raise ValueError
        w, h = int(parts[0]), int(parts[1])
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"window size must look like 1280x720, not {text!r}") from None
    if not (640 <= w <= 7680 and 400 <= h <= 4320):
        raise argparse.ArgumentTypeError(
            f"window size {w}x{h} is out of range (640x400 to 7680x4320)")
    return (w, h)


def players_arg(text: str) -> list[str]:
    """Either a count (2-8) or names separated by commas."""
    t = text.strip()
    if t.isdigit():
        n = int(t)
        if not 2 <= n <= 8:
            raise argparse.ArgumentTypeError(f"players: {n} is not between 2 and 8")
        return [""] * n
    names = [p.strip() for p in t.split(",")]
    if any(not p for p in names):
        raise argparse.ArgumentTypeError("players: a name is empty (use Anna,Boris)")
    if not 2 <= len(names) <= 8:
        raise argparse.ArgumentTypeError(
            f"players: {len(names)} names given; a match needs 2 to 8")
    from rules.referee import MAX_NAME
    long = next((p for p in names if len(p) > MAX_NAME), None)
    if long is not None:
        raise argparse.ArgumentTypeError(
            f"players: {long[:20]!r}... is {len(long)} characters long; a name "
            f"has at most {MAX_NAME}")
    for i, p in enumerate(names):
        # cpu:LEVEL is a computer player at that strength (beginner, club,
        # strong, pro); cpu alone is the club player.
        if p.partition(":")[0].strip().casefold() == "cpu":
            from simulator.players.table import parse_seat
            try:
                parse_seat(p, i)
            except ValueError as e:
                raise argparse.ArgumentTypeError(f"players: {e}") from None
    from simulator.app.match.computer import seat_names
    return seat_names(names)


def version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError
        from importlib.metadata import version as dist_version
        return dist_version("kiy")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown (not installed)"


class VersionAction(argparse.Action):
    """``--version``: the installed version, looked up only when asked
    (importlib.metadata costs a start-up a tenth of a second on a busy machine)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(f"kiy {version()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    p = ArgumentParser(
        prog="kiy",
        description="Kiy: pool and Russian Express, hot-seat, with a referee. "
                    "'kiy verify SAVE' replays a saved match through the physics and "
                    "the referee; 'kiy evening' plays a club night of computer seats; "
                    "'kiy records' prints the players' records.")
    p.add_argument("--version", action=VersionAction, nargs=0,
                   help="show the version and exit")
    p.add_argument("--lang", choices=("en", "ru"), help="interface language "
                   "(default: the system locale)")
    p.add_argument("--game", type=discipline_name,
                   help="start a match at once: 8-ball, 9-ball, 14.1 or express")
    p.add_argument("--players", type=players_arg,
                   help="player names separated by commas, or a count (2-8); "
                        "cpu:beginner, cpu:club, cpu:strong or cpu:pro is a "
                        "computer player")
    p.add_argument("--window", type=window_size, default=None, metavar="WxH",
                   help="window size, e.g. 1280x720")
    p.add_argument("--fullscreen", action="store_true")
    p.add_argument("--load", metavar="FILE", help="resume a saved match")
    p.add_argument("--scenario", metavar="FILE", help="a practice scenario (TOML)")
    p.add_argument("--screenshot", metavar="PATH",
                   help="render the requested screen once, write a PNG and exit")
    p.add_argument("--screen", choices=SCREENS, default=None,
                   help="which screen --screenshot shows (default: the one the "
                        "other options lead to)")
    p.add_argument("--profile", metavar="DIR",
                   help="keep saves and settings in DIR instead of the player's own "
                        f"folders (also the {PROFILE_ENV} environment variable)")
    p.add_argument("--read-only", action="store_true",
                   help="open the profile without writing to it: nothing is saved "
                        "(what a second Kiy on a profile in use offers)")
    p.add_argument("--seed", type=seed_arg, default=None, help=argparse.SUPPRESS)
    return p


def seed_arg(text: str) -> int:
    t = text.strip()
    if not t.lstrip("-").isdigit() or len(t) > 19:
        raise argparse.ArgumentTypeError(f"--seed: expected a whole number, not "
                                         f"{text[:30]!r}")
    return int(t)


def check(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    from simulator.files.inputs import MAX_SAVE_BYTES, InputError, check_file
    if args.game and args.players:
        from rules import registry
        info = registry.info(args.game)
        if not info.min_players <= len(args.players) <= info.max_players:
            parser.error(f"players: {args.game} is for {info.min_players} to "
                         f"{info.max_players} players")
    try:
        if args.load:
            check_file(args.load, limit=MAX_SAVE_BYTES, where=f"--load: {args.load}")
        if args.scenario:
            check_file(args.scenario, where=f"--scenario: {args.scenario}")
    except InputError as e:
        parser.error(str(e))
    if args.load and args.game:
        parser.error("--load and --game cannot be used together")
    if args.screenshot:
        problem = screenshot_problem(Path(args.screenshot))
        if problem:
            parser.error(f"--screenshot: {args.screenshot}: {problem}")
    if args.screen and not args.screenshot:
        parser.error("--screen only makes sense with --screenshot")
    if args.profile is not None:
        from simulator.files import profile
        try:
            profile.check(args.profile)
        except OSError as e:
            parser.error(f"--profile: {e.filename}: {e.strerror}")


def screenshot_problem(out: Path) -> str | None:
    """Why a picture cannot be written to ``out`` (None: it can)."""
    if out.suffix.lower() != ".png":
        return "the file name must end in .png"
    if out.is_symlink():
        return "is a symbolic link" + ("" if out.exists() else " to nothing")
    if out.is_dir():
        return "is a folder"
    if out.exists() and not out.is_file():
        return "is not a regular file"
    parent = out.parent if str(out.parent) else Path(".")
    if not parent.is_dir():
        return f"no such folder {str(parent)!r}"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"the folder {str(parent)!r} is not writable"
    if out.exists() and not os.access(out, os.W_OK):
        return "the file is read-only"
    return None


def no_display() -> bool:
    """SDL fell back to a driver that shows nothing (no X11 or Wayland): a
    window opened there would run invisibly for ever."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return False  # chosen on purpose (tests, benchmarks)
    if sys.platform.startswith("linux") and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return True  # asked without probing: SDL's probe prints its own noise
    import pygame
    try:
        pygame.display.init()
    except pygame.error:
        return True
    return pygame.display.get_driver() in ("offscreen", "dummy")


def preflight(args: argparse.Namespace) -> str | None:
    """With --screenshot, a bad --load or --scenario stops the run (status 2)
    before anything is drawn or written; the reason."""
    if not args.screenshot:
        return None
    from simulator.files.inputs import InputError
    try:
        if args.load:
            from simulator.files.saves import load
            load(args.load)
        if args.scenario:
            from simulator.practice.scenario import ScenarioError, load_scenario
            try:
                load_scenario(args.scenario)
            except ScenarioError as e:
                return f"--scenario: {e}"
    except InputError as e:
        return f"--load: {e}"
    return None


# A window closed a moment ago may still be saving: it gets this long to end.
STARTUP_LOCK_WAIT = 3.0


def hold_profile() -> InUse | None:
    """Take the profile's lock; who holds it when another Kiy does (said on
    standard error in one line; the window then asks what to do)."""
    from simulator.files import profile
    try:
        profile.claim(wait=STARTUP_LOCK_WAIT)
    except InUse as e:
        print(f"note: profile: {tidy(str(e))}; the window offers to open it "
              "read-only or to use another profile", file=sys.stderr)
        return e
    except OSError:
        pass  # no lock file (a read-only disk): the writers will say so
    return None


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] in (["verify"], ["evening"], ["records"]):
        return subcommand(argv[0], argv[1:])
    parser = build_parser()
    args = parser.parse_args(argv)
    check(args, parser)

    from simulator.files import profile
    if args.profile is not None:
        profile.use(args.profile)
    try:
        profile.check()
    except OSError as e:
        where = f"{PROFILE_ENV}: " if args.profile is None and profile.folder() \
            else ("--profile: " if args.profile is not None else "profile: ")
        print(f"error: {tidy(f'{where}{e.filename}: {e.strerror}')}",
              file=sys.stderr)
        return 2
    # A scripted picture reads the profile but never writes to it: no
    # autosave, no settings. Nor does a Kiy on a profile another one holds,
    # until the player chooses (the window asks).
    busy = None if args.screenshot or args.read_only else hold_profile()
    profile.set_read_only(bool(args.screenshot or args.read_only or busy))
    if not profile.read_only():
        profile.tidy()  # what a killed writer left behind
    problem = preflight(args)
    if problem:
        print(f"error: {tidy(problem)}", file=sys.stderr)
        return 2

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.screenshot and sys.platform.startswith("linux") and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # a picture needs none
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if not args.screenshot and no_display():
        print("error: display: no screen to open the window on (no X11 or Wayland "
              "display); run Kiy in a desktop session, or use --screenshot",
              file=sys.stderr)
        return 2
    from simulator.app.loop.settings import load_settings
    from simulator.app.text.i18n import Locale, first_words, system_language

    settings, settings_problem = load_settings()
    lang = args.lang or settings.lang or system_language()

    from simulator.app.loop.settings import window_size as saved_size
    # The command line first, then the size and mode chosen in Settings (a
    # scripted picture keeps the default).
    chosen = None if args.screenshot else saved_size(settings.window)
    size = args.window or chosen or (1280, 720)
    fullscreen = args.fullscreen or (settings.fullscreen and not args.screenshot
                                     and not args.window)
    import pygame
    window = None
    try:
        if not args.screenshot:  # the window says it is loading, not black
            from simulator.app.loop.loading import show_loading
            window = show_loading(size, fullscreen, first_words(lang, "menu.loading"))
        locale = Locale(lang)
        from simulator.app.loop.app import App
        from simulator.app.loop.launch import start
        from simulator.app.loop.registry import SCREENS as registry
        app = App(size, locale, settings, fullscreen=fullscreen,
                  hidden=bool(args.screenshot), screens=registry, window=window)
    except pygame.error as e:  # a display that is there but will not open
        print(f"error: display: cannot open the window ({tidy(str(e))})",
              file=sys.stderr)
        return 2
    if settings_problem:
        app.notify(app.t("settings.bad_file", reason=settings_problem))
    try:
        code = start(app, args)
    except Exception as e:  # a fault below the window: one clear line, status 1
        print(f"error: could not open the requested screen ({str(e)[:200]})",
              file=sys.stderr)
        return 1
    finally:
        from simulator.app.loop.loading import done
        done()  # what start opened is drawn next
    if code is not None:
        return code
    if busy is not None:
        from simulator.app.loop.launch import ask_about_profile
        ask_about_profile(app, busy)
    elif args.read_only and not args.screenshot:
        app.inform(app.t("profile.read_only_on"), 6.0)
    if args.screenshot:
        return take_screenshot(app, args.screenshot)
    # The first screen is drawn and shown, then the screens not yet opened
    # are imported in the background (the registry is lazy: see there).
    app.step([], 0.0)
    from simulator.app.loop.registry import warm
    warm()
    app.run()
    return 0


def subcommand(name: str, argv: list[str]) -> int:
    """``kiy verify``, ``kiy evening`` and ``kiy records``: no window."""
    if name == "verify":
        from simulator.files.verify import main as verify_main
        return verify_main(argv, prog="kiy verify")
    from simulator.records.cli import evening_main, records_main
    command = evening_main if name == "evening" else records_main
    return command(argv, prog=f"kiy {name}")


def take_screenshot(app: App, path: str) -> int:
    """``--screenshot``: the picture written, or one line saying why not."""
    try:
        app.screenshot(path)
    except OSError as e:
        print(f"error: --screenshot: {path}: cannot write the "
              f"picture ({e.strerror or 'refused'})", file=sys.stderr)
        return 2
    if app.errors:
        print(app.errors[-1], file=sys.stderr)
        return 1
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
