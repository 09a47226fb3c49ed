"""Settings kept in the user's config directory, and the atomic file write.

A crash while writing never leaves half a file: we write a temporary file in the
same directory and rename it over the old one (``os.replace`` is atomic).
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any


def config_dir() -> Path:
    """Where Kiy keeps its settings (XDG on Linux, the usual places elsewhere)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "kiy"


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old or the new file only."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


@dataclass
class Settings:
    lang: str = ""  # empty: follow the system locale
    aids: bool = True  # guide line and ghost ball
    sound: bool = True
    volume: float = 0.8
    allow_undo: bool = True
    players: list[str] = field(default_factory=list)  # last names entered

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
            elif isinstance(cur, float):
                if isinstance(v, int | float) and not isinstance(v, bool):
                    setattr(s, f.name, max(0.0, min(1.0, float(v))))
            elif isinstance(cur, str):
                if isinstance(v, str) and v in ("", "en", "ru"):
                    setattr(s, f.name, v)
            elif isinstance(cur, list) and isinstance(v, list):
                setattr(s, f.name, [str(x)[:24] for x in v if isinstance(x, str)][:8])
        return s

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, or defaults and a reason when the file is unreadable."""
    p = path or settings_path()
    if not p.exists():
        return Settings(), None
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError) as e:
        return Settings(), f"{p}: {e}"
    return Settings.from_dict(data), None


def save_settings(s: Settings, path: Path | None = None) -> str | None:
    """Save; a reason string when the directory cannot be written."""
    try:
        atomic_write_text(path or settings_path(), json.dumps(s.to_dict(), indent=2))
    except OSError as e:
        return str(e)
    return None
