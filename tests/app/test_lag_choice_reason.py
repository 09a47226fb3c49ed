"""The computer's choice after winning the lag (general rule 6) says why in
words with the game's rule (14.1 rule 6: the opening break is a safety that
gives the breaker nothing; 9-ball rule 4, 8-ball rule 2: a ball potted on a
legal break keeps the breaker at the table), its values only after it; and
a choice card of a saved match comes back with the options it weighed."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from rules.ruling import Choice
from simulator.app.loop.app import App
from simulator.app.loop.flow import open_saved
from simulator.app.match.session import Session, autosave_path
from simulator.app.match.turns import next_step
from simulator.players.player import ChoiceDecision
from tests.app.helpers import drawn_lines, frame, make_app, run_until
from tests.app.scenes import LANGS
from tests.app.test_playfix10_flow import _Frames

# The game, the choice the computer makes and the rule its reason names.
CASES = {"14.1": (Choice.GIVE_BREAK, {"en": "14.1 rule 6",
                                      "ru": "«14.1 с продолжением», п.\u00a06"}),
         "9-ball": (Choice.BREAK, {"en": "9-ball rule 4",
                                   "ru": "«Девятка», п.\u00a04"})}
WHY = {"en": "Why (", "ru": "Почему ("}
# Words of the reason itself, not of the values: the safety break gives
# nothing; a pot on the break keeps the table.
WORDS = {("14.1", "en"): "safety", ("14.1", "ru"): "отыгрыш",
         ("9-ball", "en"): "keeps the breaker at the table",
         ("9-ball", "ru"): "оставляет разбивающего у стола"}


def _computer_wins_the_lag(monkeypatch: pytest.MonkeyPatch, app: App,
                           game: str) -> Session:
    """Two computers lag at ``game``; the winner's choice (break or give
    the break, made in two frames with the values given) is made and its
    card drawn."""
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    choice = CASES[game][0]
    other = Choice.BREAK if choice is Choice.GIVE_BREAK else Choice.GIVE_BREAK
    d = ChoiceDecision(choice, None, {choice: 0.31, other: -0.31})
    monkeypatch.setattr(computer, "think_choice", lambda m, p: _Frames(d, 2))
    app.session = s = Session.new(["cpu:club", "cpu:beginner"], game,
                                  {"lag": True, "race_to": 2}, app.locale, seed=5)
    next_step(app)
    frame(app)
    run_until(app, lambda: bool(s.match.history) and
              s.match.history[-1]["type"] == "choice", limit=8000)
    frame(app)
    return s


@pytest.mark.parametrize("game", list(CASES))
@pytest.mark.parametrize("lang", LANGS)
def test_the_computers_lag_choice_says_why_with_the_rule(
        monkeypatch: pytest.MonkeyPatch, lang: str, game: str) -> None:
    """The card says in a sentence why the computer breaks or gives the
    break away, naming the game's rule, before the values it weighed."""
    app = make_app(lang)
    try:
        s = _computer_wins_the_lag(monkeypatch, app, game)
        card = s.banner
        assert card is not None
        lines = list(card.lines)
        why = [ln for ln in lines if ln.startswith(WHY[lang])]
        assert len(why) == 1, lines
        assert CASES[game][1][lang] in why[0] and WORDS[game, lang] in why[0], why
        by = list(s.match.players).index(s.match.history[-1]["record"]["by"])
        heading = app.t("cpu.weighed", name=s.name(by))
        assert heading in lines and lines.index(why[0]) < lines.index(heading), lines
        assert any(ln.startswith("» ") for ln in lines), lines  # the values stay
        drawn = " ".join(drawn_lines(app, "side"))
        assert WHY[lang] in drawn, drawn
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("how", ["save", "continue"])
def test_a_loaded_choice_card_shows_the_options_weighed(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, how: str) -> None:
    """Saved just after the computer's lag choice (a save file, or the
    autosave that Continue opens): loaded, its card is the one made, its
    reason and the options it weighed with their values included."""
    app = make_app()
    try:
        s = _computer_wins_the_lag(monkeypatch, app, "14.1")
        made = s.banner
        assert made is not None and any(ln.startswith("» ") for ln in made.lines)
        path = s.save(tmp_path / "lag.json") if how == "save" else autosave_path()
        assert path.exists()
        app.session = None
        app.go("menu")
        frame(app)
        assert open_saved(app, path)
        loaded = app.session
        assert loaded is not None and loaded is not s
        card = loaded.banner
        assert card is not None and card.title == made.title
        assert card.lines == made.lines, (card.lines, made.lines)
    finally:
        pygame.display.quit()


def test_the_weighed_values_are_kept_with_the_step_and_checked() -> None:
    """The values ride with the choice step through a save (not in its
    record, which ``kiy verify`` compares with the referee's); a save whose
    values are no option's name and number is refused."""
    from rules.referee import Match
    from rules.ruling import Declarations, RulesError
    from simulator.physics import simulate
    from simulator.table.events import Stroke
    # A seat's choice after Anna's illegal 14.1 break (14.1 rule 6).
    s = Match(["Anna", "Boris"], "14.1", {}, seed=1)
    shot = simulate(s.table(), Stroke(direction=0.0, speed=0.3))
    s.apply(shot, Declarations())
    pending = s.requirements().pending
    assert pending
    s.choose(pending[0], None, {c.value: 0.5 - i for i, c in enumerate(pending)})
    saved = s.to_dict()
    step = saved["actions"][-1]
    assert step["weighed"] == {c.value: 0.5 - i for i, c in enumerate(pending)}
    assert "weighed" not in step["record"]
    assert Match.from_dict(saved).history[-1]["weighed"] == step["weighed"]
    for bad in ({"no_such_option": 1.0}, {pending[0].value: "high"}, [1.0]):
        saved["actions"][-1] = {**step, "weighed": bad}
        with pytest.raises(RulesError, match="weighed"):
            Match.from_dict(saved)
