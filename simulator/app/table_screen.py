"""The game screen's shared drawing: table, balls, scoreboard, panel, strip,
banner. The aiming, placing, playing and replay modes are built on it."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from simulator.app import hud
from simulator.app.aim import Aim
from simulator.app.app import App, Mode
from simulator.app.render import BallSprites, TableRenderer
from simulator.app.session import Session
from simulator.app.view import TableView
from simulator.state import Where


class Scene:
    """The static pictures for the current table and window size, cached."""

    def __init__(self, app: App, session: Session) -> None:
        self.key: tuple[object, ...] = ()
        self.app = app
        self.session = session
        self.refresh()

    def refresh(self) -> None:
        spec = self.session.spec
        key = (spec.name, self.app.size)
        if key == self.key:
            return
        self.key = key
        lay = self.app.layout
        self.view = TableView(spec, lay.table)
        self.table = TableRenderer(spec, self.view, self.app.size)
        self.balls = BallSprites(spec, self.view.ball_px)
        self.panel = hud.PanelRects.inside(lay.panel)


def scene_for(app: App, session: Session) -> Scene:
    sc = app.scene if isinstance(app.scene, Scene) else None
    if sc is None or sc.session is not session:
        sc = Scene(app, session)
        app.scene = sc
    sc.refresh()
    return sc


class TableMode(Mode):
    """Base of the modes that show the table."""

    panel_active = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        assert app.session is not None
        self.session: Session = app.session
        self.scene = scene_for(app, self.session)
        self.banner_rect: pygame.Rect | None = None

    @property
    def aim(self) -> Aim:
        return self.session.aim

    def resize(self) -> None:
        self.scene = scene_for(self.app, self.session)

    # -- what to draw -------------------------------------------------------
    def ball_positions(self) -> dict[int, tuple[float, float, float]]:
        r = self.session.spec.balls.radius
        return {b.ball: (b.x, b.y, r) for b in self.session.table.balls
                if b.where is Where.TABLE}

    def board(self) -> tuple[list[hud.PlayerCard], list[str]]:
        """The scoreboard's player cards and centre lines."""
        return self.session.scoreboard(self.app)

    def highlight(self) -> Iterable[int]:
        return ()

    def hint(self) -> str:
        return ""

    def chips(self) -> list[str]:
        return self.session.event_chips(self.app)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn between the table and the balls (regions, guide lines)."""

    def draw_top(self, surface: pygame.Surface) -> None:
        """Drawn over the balls (cue stick, markers)."""

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.scene
        surface.blit(sc.table.surface, (0, 0))
        self.draw_overlay(surface)
        sc.balls.draw(surface, sc.view, self.ball_positions(), self.highlight())
        self.draw_top(surface)
        lay = self.app.layout
        cards, centre = self.board()
        hud.draw_scoreboard(surface, lay.top, cards, centre, self.session.spec.name)
        t = self.app.t
        hud.draw_panel(surface, lay.panel, sc.panel, self.aim,
                       self.session.spec.physics.miscue_offset, t("panel.power"),
                       t("panel.tip"), t("panel.elevation"), self.panel_active,
                       t("panel.speed"))
        hud.draw_strip(surface, lay.strip, self.chips(), self.hint())
        banner = self.session.banner
        if banner is not None and self.show_banner():
            self.banner_rect = hud.draw_banner(surface, lay.table, banner)
        else:
            self.banner_rect = None

    def show_banner(self) -> bool:
        return True
