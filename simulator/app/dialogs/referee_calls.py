"""What the referee calls that the shot's log cannot show, from the window
(the foul dialog, F, or J at the table):

- general rule 23: a ball of the last shot touched something that is not part
  of the table (chalk on the rail, a lamp) and counts as jumped, though it
  rolled back onto the bed by itself; the last shot is judged again;
- general rule 28: outside interference, the position restored (play on, no
  penalty) or not (the rack replayed by the same breaker; in 14.1 a new rack,
  the scores standing, and the break decided anew: the lag screen, where
  the players may also agree who breaks, general rule 6).

The ruling is shown as any other, on the ruling card beside the table.
"""

from __future__ import annotations

from typing import Any

from simulator.app.dialogs.base import Dialog
from simulator.app.loop.app import App
from simulator.app.match.turns import referee_action


def jumped_candidates(app: App) -> list[int]:
    """The balls the referee may call jumped: those of the last step's shot
    that left the bed (rose, or went onto the rail or the floor), wherever
    they ended; one that never left the bed touched nothing above it. The
    referee decides which ones it takes (``rules.game.with_jumped``)."""
    s = app.session
    if s is None or s.over or not s.match.history or \
            s.match.history[-1].get("type") != "shot" or not s.shots:
        return []
    shot = s.shots[-1][0]
    from rules.game import left_bed_event
    return [b.ball for b in shot.final.balls
            if left_bed_event(shot, b.ball) is not None]


def _not_restorable(app: App) -> Any:
    """The referee's ruling on a position an outsider disturbed that cannot
    be restored, asked with nothing changed; None when the game takes no
    such call (the pyramid rules always restore it, digest §2.12)."""
    from rules.codes import Note
    from rules.ruling import RulesError
    s = app.session
    if s is None:
        return None
    try:
        ruling, _state = s.match.discipline.call_foul(
            s.match.state, Note.INTERFERENCE_NOT_RESTORABLE)
    except (RulesError, ValueError, KeyError, AttributeError):
        return None
    return ruling


def new_rack(app: App) -> bool:
    """Whether this game answers a position that cannot be restored with a
    new rack and the break decided anew (14.1), rather than the rack
    replayed by its breaker."""
    from rules.codes import Note
    ruling = _not_restorable(app)
    return ruling is not None and any(
        n.code is Note.INTERFERENCE_NEW_RACK for n in ruling.notes)


def referee_dialog(app: App) -> Dialog:
    t = app.t
    buttons: list[tuple[str, Any]] = []
    # Rule 23 is always in the list (the text explains it); greyed, with the
    # reason said, when no ball of the last shot left the bed.
    can_jump = bool(jumped_candidates(app))
    buttons.append((t("referee.jumped"), lambda: app.open("jumped")))
    buttons.append((t("referee.restored"), lambda: interference(app, True)))
    # Offered only where the referee takes it (not in Express: the pyramid
    # rules restore every disturbed position).
    if _not_restorable(app) is not None:
        buttons.append((t("referee.new_rack" if new_rack(app)
                          else "referee.not_restored"),
                        lambda: interference(app, False)))
    buttons.append((t("common.cancel"), lambda: None))
    d = Dialog(app, t("referee.title"), t("referee.body"), buttons,
               cancel=lambda: None, kind="referee")
    if not can_jump:
        # Greyed, and why right under its words, on the button itself: seen
        # with the button, never scrolled away below the text.
        d.buttons[0].action = None
        d.buttons[0].label += "\n" + t("evening.no_jump")
    return d


def jumped_dialog(app: App) -> Dialog:
    """Which ball touched something off the table (general rule 23)."""
    s = app.session
    assert s is not None
    t = app.t
    cue = s.spec.balls.cue_ball
    buttons: list[tuple[str, Any]] = [
        (t("referee.cue_ball") if b == cue else t("referee.ball", ball=b),
         _jumped(app, b)) for b in jumped_candidates(app)[:8]]
    buttons.append((t("common.cancel"), lambda: None))
    return Dialog(app, t("referee.jumped_title"), t("referee.jumped_body"), buttons,
                  cancel=lambda: None, kind="jumped")


def _jumped(app: App, ball: int) -> Any:
    return referee_action(app, lambda s: s.call_jumped(ball))


def interference(app: App, restorable: bool) -> None:
    """General rule 28, as the referee rules it."""
    from rules.codes import Note
    code = Note.OUTSIDE_INTERFERENCE if restorable else \
        Note.INTERFERENCE_NOT_RESTORABLE
    referee_action(app, lambda s: s.call_foul(code.id))()


def agree_dialog(app: App) -> Dialog:
    """General rule 6: instead of the lag, the players agree who breaks."""
    from rules.ruling import Choice
    s = app.session
    assert s is not None
    t = app.t
    buttons: list[tuple[str, Any]] = [
        (t("referee.breaks", name=s.name(i)), _agree(app, Choice.BREAK, i))
        for i in range(min(len(s.names), 8))]
    buttons.append((t("referee.lag_instead"), lambda: None))
    return Dialog(app, t("referee.agree_title"), t("referee.agree_body"), buttons,
                  cancel=lambda: None, kind="agree")


def _agree(app: App, choice: Any, player: int) -> Any:
    return referee_action(app, lambda s: s.choose(choice, player))
