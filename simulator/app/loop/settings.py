"""Settings kept in the profile's config folder (simulator.files.profile).

Written through ``simulator.files.atomic`` like every other file, so a crash while
writing never leaves half a file; read through ``simulator.files.inputs``, so a
broken file only brings the defaults back, with a message.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from simulator.app.replay.speeds import SPEEDS as REPLAY_SPEEDS
from simulator.files import profile
from simulator.files.atomic import atomic_write, why
from simulator.files.inputs import InputError, loads_json, read_json


def config_dir() -> Path:
    """Where Kiy keeps its settings (the profile's config folder)."""
    return profile.config_dir()


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old or the new file
    only (simulator.files.atomic.atomic_write; the folder is made if needed)."""
    atomic_write(path, text, make_dirs=True)


MAX_NAME = 40  # a player's name (rules.referee.MAX_NAME)
MAX_CLUB = 32  # an evening's players (simulator.records.plan.MAX_PLAYERS)
WATCH = ("1", "2", "4", "skip")  # how a computer's shots are watched
WINDOW_MIN = (640, 400)
WINDOW_MAX = (7680, 4320)


def _name_cut(seat: str) -> str:
    """A seat with its name cut to MAX_NAME characters (a named computer
    seat, ``cpu:LEVEL:NAME``, its NAME)."""
    from simulator.players.table import given_name
    given = given_name(seat)
    return seat[:len(seat) - len(given) + MAX_NAME] if given else seat[:MAX_NAME]


def window_size(text: str) -> tuple[int, int] | None:
    """A window size written "WxH" within the sizes Kiy opens; None if not."""
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.isdigit() and len(p) <= 5 for p in parts):
        return None
    w, h = int(parts[0]), int(parts[1])
    if not (WINDOW_MIN[0] <= w <= WINDOW_MAX[0]
            and WINDOW_MIN[1] <= h <= WINDOW_MAX[1]):
        return None
    return w, h


@dataclass
class Settings:
    lang: str = ""  # empty: follow the system locale
    aids: bool = True  # guide line and ghost ball
    sound: bool = True
    volume: float = 0.8
    allow_undo: bool = True
    players: list[str] = field(default_factory=list)  # last names entered
    # The last person's name of each seat (by its place): a seat a computer
    # took keeps it here, and a person taking the seat back gets it again.
    people: list[str] = field(default_factory=list)
    window: str = ""  # the window's size, "1280x720" (empty: the default)
    fullscreen: bool = False
    watch: str = "1"  # a computer's shots: "1", "2", "4" times speed, or "skip"
    # A match's stroke after its last event (balls only rolling to rest)
    # shown faster (replays for study never are).
    quick_rollout: bool = True
    # The match replay's speed chosen last (1/4, 1/2, 1): a class watching
    # at 1/4 wants each replay to open there, not to press a key each time.
    replay_speed: float = 0.25
    export_dir: str = ""  # where exported clips and diagrams go (empty: the profile's)
    play_on: bool = False  # the gallery and its clips: play on after the foul
    game: str = ""  # the game of the last match begun (the new-match screen offers it)
    # The last match's race and who broke first (a player index, -1: the
    # lag): the new-match screen offers them again, however it is reached.
    race: int = 3
    first_breaker: int = 0
    # The 14.1 points to win chosen last, for a match or an evening alike
    # (a player who chose 50 for one expects 50 at the other):
    # ``club_target`` is written equal to it, for an older Kiy (see
    # :meth:`remember_target` and :meth:`from_dict`).
    target: int = 50
    # The last club evening's choices, offered again by the next evening's
    # setup (which checks each against what it offers; empty: its default).
    club_format: str = ""
    club_game: str = ""
    club_race: int = 3
    club_target: int = 50
    club_games: int = 5  # an Express series' games
    club_handicap: bool = False
    club_seeding: str = ""
    # Its players, a person by name, a computer seat as "cpu:LEVEL" (the
    # setup checks each again: what it cannot take is left out).
    club_players: list[str] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Known keys of the right type are taken; anything else is ignored."""
        s = cls()
        if not isinstance(data, dict):
            return s
        for f in fields(cls):
            if f.name not in data:
                continue
            v = data[f.name]
            cur = getattr(s, f.name)
            if isinstance(cur, bool):
                if isinstance(v, bool):
                    setattr(s, f.name, v)
            elif f.name == "replay_speed":
                if v in REPLAY_SPEEDS and not isinstance(v, bool):
                    setattr(s, f.name, float(v))
            elif isinstance(cur, float):
                if isinstance(v, int | float) and not isinstance(v, bool) \
                        and abs(v) < 1e300:
                    setattr(s, f.name, max(0.0, min(1.0, float(v))))
            elif f.name == "export_dir":
                if isinstance(v, str) and len(v) < 1000 and "\x00" not in v:
                    setattr(s, f.name, v)
            elif f.name == "window":
                if isinstance(v, str) and (v == "" or window_size(v) is not None):
                    setattr(s, f.name, v)
            elif f.name == "game":
                # A game this version does not know is not offered (the
                # new-match screen checks it against the registry).
                if isinstance(v, str) and len(v) <= 40:
                    setattr(s, f.name, v)
            elif f.name == "club_players":
                if isinstance(v, list):
                    setattr(s, f.name, [x for x in v if isinstance(x, str)
                                        and len(x) <= MAX_NAME][:MAX_CLUB])
            elif f.name.startswith("club_") and isinstance(cur, str):
                if isinstance(v, str) and len(v) <= 40:
                    setattr(s, f.name, v)
            elif f.name.startswith("club_") and isinstance(cur, int):
                if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 999:
                    setattr(s, f.name, v)
            elif f.name == "target":
                if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 999:
                    setattr(s, f.name, v)
            elif f.name == "watch":
                # Skip is chosen for one match, never kept for later ones.
                if v in WATCH and v != "skip":
                    setattr(s, f.name, v)
            elif isinstance(cur, int):
                if isinstance(v, int) and not isinstance(v, bool) and -1 <= v <= 99:
                    setattr(s, f.name, v)
            elif isinstance(cur, str):
                if isinstance(v, str) and v in ("", "en", "ru"):
                    setattr(s, f.name, v)
            elif f.name == "people" and isinstance(v, list):
                # By the seat's place: anything not a name leaves its seat
                # empty rather than moving the names after it up a seat.
                setattr(s, f.name, [x[:MAX_NAME] if isinstance(x, str) else ""
                                    for x in v][:8])
            elif isinstance(cur, list) and isinstance(v, list):
                setattr(s, f.name, [_name_cut(x) for x in v
                                    if isinstance(x, str)][:8])
        s.remember_target(s._one_target(data))
        return s

    def _one_target(self, data: dict[str, Any]) -> int:
        """The one target of a file an older Kiy wrote with two: no date
        says which was chosen last, so one left at its default (or
        missing) was never chosen and the other wins; both chosen, the
        single match's."""
        default = Settings.target
        match = self.target if "target" in data else default
        club = self.club_target if self.club_target >= 1 and \
            "club_target" in data else default
        return club if match == default else match

    def remember_target(self, n: int) -> None:
        """The 14.1 target just chosen (for a match or an evening): offered
        next by both setups."""
        self.target = self.club_target = n

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, or defaults and a reason when the file is unreadable."""
    p = path or settings_path()
    if not p.exists() and not p.is_symlink():
        return Settings(), None
    try:
        data = read_json(p)
    except InputError as e:
        return Settings(), str(e)
    return Settings.from_dict(data), None


class SettingsError(ValueError):
    """Settings that would not read back as they are (never written)."""


def settings_text(s: Settings) -> str:
    """The file's text, checked as loading checks it: what is written reads
    back as the same settings, or SettingsError names the field."""
    text = json.dumps(s.to_dict(), indent=2, ensure_ascii=False)
    back = Settings.from_dict(loads_json(text, "settings"))
    for f in fields(Settings):
        if getattr(back, f.name) != getattr(s, f.name):
            raise SettingsError(f"settings: {f.name}: {getattr(s, f.name)!r:.60} "
                                "would not read back")
    return text


def write_settings(s: Settings, path: Path | None = None) -> None:
    """Save the settings atomically; OSError (TargetError for a target that
    is not a regular file) or SettingsError."""
    atomic_write_text(path or settings_path(), settings_text(s))


def save_settings(s: Settings, path: Path | None = None) -> str | None:
    """Save; a reason (one line, English) when they could not be written."""
    try:
        write_settings(s, path)
    except OSError as e:
        return why(e)
    except SettingsError as e:
        return str(e)
    return None
