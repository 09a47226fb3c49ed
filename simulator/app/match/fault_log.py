"""A stroke the physics could not settle, written down so it can be played
again: the table before the stroke, the stroke, the balls struck with it and
the fault, as JSON in the profile's ``faults`` folder (nothing written in a
scripted run with a read-only profile; it is printed either way).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from simulator.files import profile
from simulator.files.atomic import atomic_write
from simulator.table.events import Stroke
from simulator.table.state import TableState


def faults_dir() -> Path:
    return profile.data_dir() / "faults"


def stroke_record(state: TableState, stroke: Stroke,
                  also: tuple[tuple[int, Stroke], ...], fault: BaseException) -> str:
    """The stroke to reproduce, as JSON text."""
    return json.dumps({
        "fault": f"{type(fault).__name__}: {fault}",
        "table": state.to_dict(),
        "stroke": stroke.to_dict(),
        "also": [[ball, s.to_dict()] for ball, s in also],
    }, ensure_ascii=False, indent=1)


def log_failed_stroke(state: TableState, stroke: Stroke,
                      also: tuple[tuple[int, Stroke], ...],
                      fault: BaseException) -> Path | None:
    """Write the stroke down (and print it); the file, or None when it could
    not be written."""
    text = stroke_record(state, stroke, also, fault)
    print(f"kiy: a stroke the physics could not settle:\n{text}", file=sys.stderr)
    if profile.read_only():
        return None
    path = faults_dir() / time.strftime("stroke-%Y%m%d-%H%M%S.json")
    n = 2
    while path.exists():
        path = path.with_name(f"{path.stem.split(' ')[0]} ({n}).json")
        n += 1
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, text)
    except (OSError, ValueError):
        return None
    return path
