"""Opening the practice screens from the command line: ``--scenario FILE``
and the ``--screen`` names of the practice screens (for ``--screenshot``)."""

from __future__ import annotations

from simulator.app.loop.app import App

SCREENS = ("practice", "scenario", "ruling", "quiz", "quiz_answer", "quiz_done",
           "editor", "gallery", "gallery_play")
# The situation shown when a practice screen is asked for without a file.
DEFAULT_SCENARIO = "8ball-eight-first-with-group"
DT = 1 / 60


def start(app: App, path: str | None, screen: str | None) -> None:
    from simulator.app.screens.practice.scenario import ScenarioMode, open_scenario_file
    if path:
        if not open_scenario_file(app, path):
            return
        if screen == "ruling" and isinstance(app.mode, ScenarioMode):
            app.mode.watch()
            app.mode._skip()
        return
    if screen is not None:
        scene(app, screen)


def _default(app: App) -> object:
    from simulator.practice.library import library, load
    lib = library()
    ids = lib.ids()
    return load(DEFAULT_SCENARIO if DEFAULT_SCENARIO in ids else ids[0])


def scene(app: App, screen: str) -> None:
    """Set up one practice screen in a state worth a picture."""
    from simulator.app.screens.practice.memory import state_of
    from simulator.app.screens.practice.scenario import ScenarioMode
    from simulator.app.screens.practice.scenario_list import PracticeListMode
    from simulator.practice.scenario import Scenario
    if screen == "practice":
        app.switch(PracticeListMode(app))
    elif screen in ("scenario", "ruling"):
        sc = _default(app)
        assert isinstance(sc, Scenario)
        mode = ScenarioMode(app, sc)
        app.switch(mode)
        if screen == "ruling":
            mode.watch()
            mode._skip()
    elif screen.startswith("quiz"):
        from simulator.app.screens.quiz import QuizMode, quiz_ids
        ids = quiz_ids(None)
        sc = _default(app)
        assert isinstance(sc, Scenario)
        q = QuizMode(app, ids, ids.index(sc.id) if sc.id in ids else 0)
        app.switch(q)
        q._ask()
        if screen in ("quiz_answer", "quiz_done"):
            while q.phase != "done":
                if q.phase == "asking":
                    q.answer([sorted(q.question.correct)[0]] if q.k % 2 == 0
                             else [q.question.choices[-1]])
                elif q.phase == "answered":
                    if screen == "quiz_answer":
                        break
                    q.next_question()
    elif screen == "editor":
        sc = _default(app)
        assert isinstance(sc, Scenario)
        state_of(app).editor = sc.to_dict()
        app.go("editor")
    elif screen == "gallery":
        app.go("gallery")
    elif screen == "gallery_play":
        from simulator.app.screens.gallery import GalleryPlayMode
        g = GalleryPlayMode(app, 0)
        app.switch(g)
        for _ in range(60 * 60):
            if g.at_foul:
                break
            app.frame([], DT)
