"""The replay's slow-motion speeds, apart from the playback: the settings read
them at start-up, before the window says it is loading (the playback brings
the table's events and state)."""

from __future__ import annotations

SPEEDS = (0.25, 0.5, 1.0)
