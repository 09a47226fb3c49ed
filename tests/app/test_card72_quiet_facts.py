"""The ruling card's "Last shot: …" line (the shot's facts: first contact,
cushions) sat among the ruling's bullets in the same ink, read as one more
ruling ("• Miss: the turn passes (general rule 4)", "Last shot: …",
"• The table is open (8-ball rule 6)"). It is drawn dim: the rulings and
who shoots stay in full ink."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.text import ui
from tests.app.helpers import frame, key, make_app, run_until
from tests.app.scenes import LANGS
from tests.app.test_playfix14e import _open_table_ruling


def brightest(app: App, rect: pygame.Rect) -> int:
    """The brightest red channel of the text's pixels drawn in ``rect``."""
    area = rect.clip(app.screen.get_rect())
    return max(app.screen.get_at((x, y))[0]
               for x in range(area.left, area.right)
               for y in range(area.top, area.bottom))


@pytest.mark.parametrize("lang", LANGS)
def test_the_last_shot_line_is_dim_beside_the_rulings(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Anna's miss (general rule 4) on an open table (8-ball rule 6), the
    hint asked (the card shows all its lines beside it): the card's bullets
    are drawn in ink, its "Last shot" line dim."""
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, (1280, 720))
    try:
        s = _open_table_ruling(app)
        frame(app, n=3)
        key(app, pygame.K_i)
        run_until(app, lambda: s.hint is not None, limit=6000)
        frame(app, n=6)
        banner = s.banner
        assert banner is not None and banner.quiet, "no shot's facts on the card"
        head = banner.quiet.split(":")[0]
        texts = list(app.texts)
        facts = [t for t in texts if t.shown.startswith(head)]
        bullets = [t for t in texts if t.shown.startswith("• ")]
        assert facts and bullets, " | ".join(t.shown for t in texts)
        assert all(brightest(app, t.rect) <= ui.DIM[0] + 10 for t in facts), \
            [t.shown for t in facts]
        assert all(brightest(app, t.rect) >= ui.INK[0] - 15 for t in bullets), \
            [t.shown for t in bullets]
    finally:
        pygame.display.quit()
