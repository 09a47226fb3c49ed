"""Start the game: ``python run_game.py`` or the ``kiy`` console script.

Arguments are checked before the window opens; a bad value is one clear line
on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

DISCIPLINES = {
    "8-ball": ("8-ball", "8ball", "eight", "eight-ball", "8", "восьмерка", "восьмёрка"),
    "9-ball": ("9-ball", "9ball", "nine", "nine-ball", "9", "девятка"),
    "14.1": ("14.1", "14-1", "straight", "straight-pool", "14.1-continuous",
             "прямой", "14"),
    "express": ("express", "экспресс", "ekspress"),
}
SCREENS = ("menu", "setup", "settings", "load", "help", "table", "placing", "banner",
           "replay", "dialog", "choice", "fouls", "pause", "quit", "concede",
           "gameover", "lag", "lag_result",
           # practice screens (simulator/app/practice_scenes.py)
           "practice", "scenario", "ruling", "quiz", "quiz_answer", "quiz_done",
           "editor", "gallery", "gallery_play")


def discipline_name(text: str) -> str:
    t = text.strip().lower()
    for name, aliases in DISCIPLINES.items():
        if t in aliases:
            return name
    known = ", ".join(DISCIPLINES)
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
    if any(len(p) > 24 for p in names):
        raise argparse.ArgumentTypeError("players: a name is longer than 24 letters")
    return names


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="kiy",
        description="Kiy: pool and Russian Express, hot-seat, with a referee.")
    p.add_argument("--lang", choices=("en", "ru"), help="interface language "
                   "(default: the system locale)")
    p.add_argument("--game", type=discipline_name,
                   help="start a match at once: 8-ball, 9-ball, 14.1 or express")
    p.add_argument("--players", type=players_arg,
                   help="player names separated by commas, or a count (2-8)")
    p.add_argument("--window", type=window_size, default=None, metavar="WxH",
                   help="window size, e.g. 1280x720")
    p.add_argument("--fullscreen", action="store_true")
    p.add_argument("--load", metavar="FILE", help="resume a saved match")
    p.add_argument("--scenario", metavar="FILE", help="a practice scenario (TOML)")
    p.add_argument("--screenshot", metavar="PATH",
                   help="render the requested screen once, write a PNG and exit")
    p.add_argument("--screen", choices=SCREENS, default=None,
                   help="open this screen (with --screenshot: the one the picture "
                        "shows; default: the one the other options lead to)")
    p.add_argument("--seed", type=int, default=None, help=argparse.SUPPRESS)
    return p


def check(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    if args.game == "express" and args.players and len(args.players) < 3:
        parser.error("players: Express needs 3 to 8 players")
    if args.load and not Path(args.load).is_file():
        parser.error(f"--load: no such file {args.load!r}")
    if args.scenario and not Path(args.scenario).is_file():
        parser.error(f"--scenario: no such file {args.scenario!r}")
    if args.load and args.game:
        parser.error("--load and --game cannot be used together")
    if args.screenshot:
        out = Path(args.screenshot)
        if out.suffix.lower() != ".png":
            parser.error("--screenshot: the file name must end in .png")
        if not out.parent.is_dir() if str(out.parent) else False:
            parser.error(f"--screenshot: no such directory {str(out.parent)!r}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    check(args, parser)

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from simulator.app.i18n import Locale, system_language
    from simulator.app.settings import load_settings

    settings, settings_problem = load_settings()
    lang = args.lang or settings.lang or system_language()
    locale = Locale(lang)

    from simulator.app.app import App
    from simulator.app.launch import start
    from simulator.app.screens import SCREENS as registry

    size = args.window or (1280, 720)
    app = App(size, locale, settings, fullscreen=args.fullscreen,
              hidden=bool(args.screenshot), screens=registry)
    if settings_problem:
        app.notify(app.t("settings.bad_file", reason=settings_problem))
    try:
        code = start(app, args)
    except Exception as e:  # a fault below the window: one clear line, status 1
        print(f"kiy: could not open the requested screen: {e!r}", file=sys.stderr)
        return 1
    if code is not None:
        return code
    if args.screenshot:
        app.screenshot(args.screenshot)
        if app.errors:
            print(app.errors[-1], file=sys.stderr)
            return 1
        print(f"wrote {args.screenshot}")
        return 0
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
