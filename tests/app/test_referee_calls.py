"""The referee's calls that no log shows, made in the window (issue 14, item
6): a ball of the last shot called jumped (general rule 23), outside
interference with the position restored or not (general rule 28); in 14.1 the
position that cannot be restored means a new rack, the scores standing, and
the break decided anew by a lag or by the players' choice (general rule 6)."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.dialogs.referee_calls import call_words, listed_call_rules
from simulator.app.loop.app import App
from simulator.app.loop.launch import break_shot
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.app.text.words import cite
from tests.app.helpers import DT, button_labels, click_button, frame, key, make_app


def start(game: str, lang: str = "en") -> App:
    app = make_app(lang)
    app.session = Session.new(["Anna", "Boris"], game, {}, app.locale, seed=5)
    next_step(app)
    app.frame([], DT)
    return app


def jump_shot_played(lang: str = "en") -> App:
    """The foul gallery's jump (9-ball): the cue ball leaves the bed and
    lands back on it; the shot played in a match at that position."""
    from rules.referee import Match
    from simulator.physics import simulate
    from simulator.practice.gallery import entries
    sc = next(e for e in entries() if e.id == "gallery-illegal-jump").scenario
    app = make_app(lang)
    m = Match.from_state(["Anna", "Boris"], sc.discipline, sc.game, {}, seed=1)
    s = Session(m, app.locale)
    app.session = s
    assert sc.stroke is not None
    s.apply(simulate(m.table(), sc.stroke), sc.declarations)
    next_step(app)
    frame(app)
    return app


def test_a_ball_called_jumped_is_judged_off_the_table_rule_23() -> None:
    """9-ball: the cue ball jumped and landed back on the bed; the referee
    saw it touch the lamp: general rule 23 makes it a ball off the table, a
    foul; the incoming player has ball in hand and the ruling card says so
    with the rule."""
    from rules.codes import Note
    app = jump_shot_played()
    s = app.session
    assert s is not None
    shooter = s.last_ruling.shooter if s.last_ruling else 0
    key(app, pygame.K_j)
    assert app.dialogs[-1].kind == "referee"
    click_button(app, call_words(app, "referee.jumped"))
    assert app.dialogs[-1].kind == "jumped"
    assert "The cue ball" in button_labels(app)
    click_button(app, "The cue ball")
    frame(app)
    r = s.last_ruling
    assert r is not None and r.fouls
    assert any(n.code is Note.JUMPED_CALLED for n in r.notes)
    assert r.next_shooter != shooter
    assert s.req is not None and s.req.ball_in_hand.value == "anywhere"
    assert s.banner is not None
    text = " ".join(s.banner.lines)
    assert cite(s.locale, Note.JUMPED_CALLED) in text and "rule 23" in text
    # The shot list holds the new ruling (the replay shows it).
    assert s.shots[-1][1] is r
    assert s.match.history[-1].get("jumped") == [0]
    # Undo takes the shot back, redo brings it back with the call.
    assert s.undo() and s.redo()
    assert s.match.history[-1].get("jumped") == [0]
    assert s.last_ruling is not None and s.last_ruling.fouls
    assert not app.errors
    pygame.display.quit()


def test_interference_restored_plays_on_without_penalty_rule_28() -> None:
    from rules.codes import Note
    app = start("8-ball", "ru")
    s = app.session
    assert s is not None
    break_shot(app)
    next_step(app)
    frame(app)
    before = s.req
    table = s.match.table()
    key(app, pygame.K_f)
    click_button(app, app.t("fouls.referee_short",
                            rules=listed_call_rules(s, book_named=False)))
    click_button(app, call_words(app, "referee.restored"))
    frame(app)
    r = s.last_ruling
    assert r is not None and not r.fouls
    assert [n.code for n in r.notes] == [Note.OUTSIDE_INTERFERENCE]
    assert s.req is not None and before is not None
    assert s.req.shooter == before.shooter and s.match.table() == table
    assert s.banner is not None and "п.\u00a028" in " ".join(s.banner.lines)
    assert not app.errors
    pygame.display.quit()


def test_in_14_1_interference_not_restorable_asks_for_the_lag_or_a_choice() -> None:
    """14.1 (general rule 28): the rack is abandoned, a new one racked, the
    scores stand; the break is not given to the previous breaker but
    decided anew: the lag screen opens, and the players may agree instead
    (general rule 6): Boris breaks."""
    from rules.codes import Note
    from simulator.app.screens.lag import LagMode
    app = start("14.1")
    s = app.session
    assert s is not None
    breaker = s.req.shooter if s.req is not None else 0
    break_shot(app)
    next_step(app)
    frame(app)
    scores = tuple(s.match.state.scores)
    key(app, pygame.K_j)
    click_button(app, call_words(app, "referee.new_rack"))
    frame(app)
    r = s.last_ruling
    assert r is not None
    assert Note.INTERFERENCE_NEW_RACK in [n.code for n in r.notes]
    assert isinstance(app.mode, LagMode)
    assert s.req is not None and s.req.is_lag
    assert tuple(s.match.state.scores) == scores  # the scores stand
    assert s.banner is not None and "14.1" in " ".join(s.banner.lines)
    click_button(app, app.t("referee.agree"))
    assert app.dialogs[-1].kind == "agree"
    other = 1 - breaker
    click_button(app, app.t("referee.breaks", name=s.name(other)))
    frame(app)
    assert s.req is not None and not s.req.is_lag
    assert s.req.is_break and s.req.shooter == other
    assert not app.errors
    pygame.display.quit()


def test_express_offers_only_the_restored_position() -> None:
    """The pyramid rules restore a position an outsider disturbed and the
    shot is replayed (digest §2.12); Express has no "cannot be restored"
    (the referee refuses that call), so the dialog does not offer it, while
    8-ball does (general rule 28)."""
    app = make_app("ru")
    app.session = Session.new(["Аня", "Борис", "Вера"], "express", {}, app.locale,
                              seed=5)
    next_step(app)
    app.frame([], DT)
    key(app, pygame.K_j)
    labels = button_labels(app)
    assert call_words(app, "referee.restored") in labels
    assert call_words(app, "referee.not_restored") not in labels
    assert call_words(app, "referee.new_rack") not in labels
    click_button(app, call_words(app, "referee.restored"))
    frame(app)
    assert not app.errors
    assert app.toast is None or "code:" not in app.toast[0]
    pygame.display.quit()
    app = start("8-ball")
    key(app, pygame.K_j)
    assert call_words(app, "referee.not_restored") in button_labels(app)
    pygame.display.quit()


def test_the_lag_after_a_14_1_new_rack_shows_the_scores_that_stand() -> None:
    """14.1, general rule 28: a foul has cost a point, then the position
    cannot be restored; the new rack's lag screen shows the scores that
    stand (−1 to 0), not 0 to 0."""
    from simulator.app.screens.lag import LagMode
    app = start("14.1")
    s = app.session
    assert s is not None
    break_shot(app)
    next_step(app)
    frame(app)
    s.call_foul("foul.touched_ball")  # general rule 19: a point off
    next_step(app)
    frame(app)
    scores = list(s.match.state.scores)
    assert sorted(scores) == [-1, 0]
    key(app, pygame.K_j)
    click_button(app, call_words(app, "referee.new_rack"))
    frame(app)
    assert isinstance(app.mode, LagMode)
    cards, _centre = app.mode.board()
    assert [c.score for c in cards] == [str(p).replace("-", "−") for p in scores]
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_express_calls_cite_the_pyramid_rules_their_rulings_cite(lang: str) -> None:
    """Express: J offers outside interference under the pyramid rules'
    2.12 and the ball off the table under 2.10 (what its rulings cite), not
    general rules 28 and 23; the ruling then cites the same rule."""
    from rules.codes import DIGEST, SeedRef, g
    from simulator.app.text.words import ref_text
    app = make_app(lang)
    app.session = Session.new(["Аня", "Борис", "Вера"], "express", {}, app.locale,
                              seed=5)
    next_step(app)
    app.frame([], DT)
    key(app, pygame.K_j)
    pyramid = {r: ref_text(app.locale, SeedRef(DIGEST, r, ""))
               for r in ("2.10", "2.12")}
    general = [ref_text(app.locale, g(r)) for r in ("23", "28")]
    shown = " ".join([*button_labels(app), app.dialogs[-1].body])  # type: ignore[attr-defined]
    assert pyramid["2.10"] in shown and pyramid["2.12"] in shown, shown
    assert not any(r in shown for r in general), shown
    click_button(app, call_words(app, "referee.restored"))
    frame(app)
    s = app.session
    assert s is not None and s.banner is not None
    assert s.banner.title == app.t("play.call_title", rule=pyramid["2.12"])
    # One story on the card: the position restored and the shot played
    # again (digest §2.12), not "nothing changed" above "replayed".
    card = " ".join(s.banner.all_lines).lower()
    assert ("nothing" not in card) and ("изменений нет" not in card), card
    assert app.t("play.changed_restored", name=s.name(s.match.state.shooter)) in \
        s.banner.all_lines
    pygame.display.quit()


def test_a_cue_ball_that_jumped_off_the_table_can_be_called_rule_23() -> None:
    """9-ball: the cue ball flew over the foot rail onto the floor (a foul
    the log shows, general rule 23). J offers the rule 23 call, not greyed
    and without "no ball left the bed", and the referee takes it on the cue
    ball: the foul stands, the call is named, ball in hand."""
    from rules.codes import FoulCode, Note
    from rules.ruling import Declarations
    from tests.rules.logs import Log
    app = start("9-ball")
    s = app.session
    assert s is not None
    s.apply(Log(s.match.table()).stroke().hit(0, 1).off(0).shot(), Declarations())
    next_step(app)
    frame(app)
    assert s.last_ruling is not None
    assert FoulCode.CUE_OFF_TABLE in [f.code for f in s.last_ruling.fouls]
    key(app, pygame.K_j)
    d = app.dialogs[-1]
    assert d.kind == "referee" and d.buttons[0].action is not None
    assert call_words(app, "evening.no_jump") not in d.body
    click_button(app, call_words(app, "referee.jumped"))
    assert app.dialogs[-1].kind == "jumped"
    click_button(app, "The cue ball")
    frame(app)
    r = s.last_ruling
    assert r is not None and FoulCode.CUE_OFF_TABLE in [f.code for f in r.fouls]
    assert any(n.code is Note.JUMPED_CALLED for n in r.notes)
    assert s.match.history[-1].get("jumped") == [0]
    assert s.req is not None and s.req.ball_in_hand.value == "anywhere"
    assert not app.errors
    pygame.display.quit()


def test_a_ball_called_jumped_is_no_longer_drawn_where_it_landed_rule_23() -> None:
    """9-ball: the 6 leaves the bed and lands back on it; the incoming
    player has ball in hand before the call and after it. Called jumped
    (general rule 23, 9-ball rule 10: an object ball off the table stays
    off), the 6 is no longer on the table the window draws, at once."""
    import tomllib

    from rules.referee import Match
    from simulator.files.resources import scenarios_dir
    from simulator.physics import simulate
    from simulator.practice.scenario import parse_scenario
    path = scenarios_dir() / "8ball-ball-off-table-spotted.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data["discipline"] = "9-ball"
    data.pop("state")
    # The 6 flies over the 1's line and comes back down onto the cloth.
    data["balls"] = {"0": [2.1, 0.6], "1": [1.0, 0.3], "9": [1.2, 1.0],
                     "6": [2.3, 0.6]}
    data["stroke"].update(speed=3.0, elevation=20.0)
    sc = parse_scenario(data)
    app = make_app("ru")
    m = Match.from_state(["Anna", "Boris"], sc.discipline, sc.game, {}, seed=1)
    s = Session(m, app.locale)
    app.session = s
    assert sc.stroke is not None
    s.apply(simulate(m.table(), sc.stroke), sc.declarations)
    next_step(app)
    frame(app)
    assert app.mode is not None and app.mode.name == "placing"
    drawn = app.mode.ball_positions()  # type: ignore[attr-defined]
    landed = drawn.get(6)
    assert landed is not None  # on the cloth, where it came down
    key(app, pygame.K_j)
    click_button(app, call_words(app, "referee.jumped"))
    click_button(app, "Шар 6")
    frame(app)
    assert app.mode is not None and app.mode.name == "placing"
    assert 6 not in app.mode.ball_positions()  # type: ignore[attr-defined]
    assert 6 not in s.table.on_table()
    assert not app.errors
    pygame.display.quit()
