"""What the practice screens remember during one run of the app: the game
chosen, the situation selected, the quiz under way, the editor's draft.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from simulator.app.loop.app import App

if TYPE_CHECKING:
    from simulator.practice.quiz import QuizSession


@dataclass
class PracticeState:
    discipline: str = field(default_factory=lambda: _first_game())
    selected: str | None = None  # scenario id chosen in the list
    quiz: QuizSession | None = None
    editor: dict[str, Any] | None = None  # the editor's draft (scenario data)
    editor_path: str = ""
    # The list's titles hidden, numbered only: a class shown the list before
    # a quiz read its answers in them ("Two millimetres from the 3: a
    # double hit" above the question which rule it broke).
    titles_hidden: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


_STATES: weakref.WeakKeyDictionary[App, PracticeState] = weakref.WeakKeyDictionary()


def state_of(app: App) -> PracticeState:
    st = _STATES.get(app)
    if st is None:
        st = PracticeState()
        _STATES[app] = st
    return st


def _first_game() -> str:
    from rules import registry
    return registry.names()[0]
