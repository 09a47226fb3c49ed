"""The match in numbers, a line per player, for the end of the match.
"""

from __future__ import annotations

from simulator.app.loop.app import App
from simulator.app.match.session import Session


def stats_lines(app: App, s: Session) -> list[str]:
    """The match in numbers, a line per player."""
    t = app.t
    out = [t("stats.title")]
    points = s.match.discipline.info.scoring == "points"
    for i, st in enumerate(s.stats()):
        key = "stats.line_points" if points else "stats.line"
        out.append(t(key, name=s.name(i), games=st.games, innings=st.innings,
                     balls=st.potted, fouls=st.fouls, safeties=st.safeties,
                     run=st.high_run))
    return out
