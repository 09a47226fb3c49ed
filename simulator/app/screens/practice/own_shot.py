"""The player's own stroke from a practice position: the match's aiming,
placing and playing screens, back to the situation with the practice
ruling.
"""

from __future__ import annotations

from simulator.app.loop.app import App
from simulator.app.screens.aiming import AimMode
from simulator.app.screens.placing import PlaceMode
from simulator.app.screens.playing import PlayMode
from simulator.app.screens.practice.session import Played, PracticeSession, judge_result
from simulator.app.text import ui
from simulator.table.events import Shot


class PracticeAimMode(AimMode):
    place_screen = "practice_placing"
    play_screen = "practice_playing"

    def enter(self) -> None:
        super().enter()
        s = self.session
        if isinstance(s, PracticeSession) and not s.call_given:
            # The situation's own call or safety, once: the player may clear
            # it (C) and call their own.
            s.call_given = True
            d = s.scenario.declarations
            if d.called_ball is not None and d.called_pocket is not None and \
                    self.calling():
                self.call_ball, self.call_pocket = d.called_ball, d.called_pocket
            req = s.req
            if d.safety and req is not None and "safety" in req.allowed_declarations:
                s.decl = {**s.decl, "safety": True}

    def call_line(self) -> str | None:
        """The situation's call said as the situation's, not the player's."""
        s = self.session
        if isinstance(s, PracticeSession) and self.calling():
            d = s.scenario.declarations
            t = self.app.t
            if d.safety and s.decl.get("safety"):
                return t("practice.situation_safety")
            call = (self.call_ball, self.call_pocket)
            if d.called_ball is not None and call == (d.called_ball, d.called_pocket):
                return t("practice.situation_call", ball=d.called_ball,
                         pocket=t(f"pocket_into.{d.called_pocket}"))
        return super().call_line()

    def side_buttons(self) -> list[ui.Button]:
        return [*super().side_buttons(),
                ui.Button(self.app.t("practice.back_to_situation"), self.back,
                          ident="back")]

    def back(self) -> None:
        s = self.session
        if isinstance(s, PracticeSession):
            self.app.go("scenario", sc=s.scenario, back=s.back)


class PracticePlaceMode(PlaceMode):
    aim_screen = "practice_aiming"


class PracticePlayMode(PlayMode):
    """The player's stroke, played while computed; then the practice ruling."""

    referee_rolls_out = False
    esc_menu = False  # (no match menu in practice: Esc skips to the end)

    def abandon(self, message: str) -> None:
        self.app.notify(message, 6.0)
        self.finished = True
        self.app.later(lambda: self.app.switch(PracticeAimMode(self.app)))()

    def finish(self, shot: Shot) -> None:
        self.finished = True
        s = self.session
        if not isinstance(s, PracticeSession):
            super().finish(shot)
            return
        try:
            res = judge_result(s.scenario, shot, self.decl)
        except Exception as e:  # a fault inside the referee: keep the window
            self.app.notify(self.app.t("error.referee", reason=repr(e)), 6.0)
            self.app.go("scenario", sc=s.scenario, back=s.back)
            return
        played = Played(shot, res.ruling, own=True, after=res.after)
        self.app.go("scenario", sc=s.scenario, played=played, back=s.back)


def play_position(app: App, s: PracticeSession) -> None:
    """The player's own stroke from a practice position (ball in hand first
    when the referee gives it)."""
    app.session = s
    req = s.req
    if req is not None and req.ball_in_hand.value != "none":
        app.switch(PracticePlaceMode(app))
    else:
        app.switch(PracticeAimMode(app))
