"""Express: a player written down to zero may sign back in (SEED-E 2.5).
"""

from __future__ import annotations

from typing import Any

from simulator.app.dialogs.base import Dialog
from simulator.app.loop.app import App
from simulator.app.match.turns import next_step, refusal, undo_redo_key
from simulator.app.text.words import ref_text


def sign_dialog(app: App) -> Dialog:
    """Express: a player written down to zero may sign back in (SEED-E 2.5)."""
    from rules.ruling import CHOICE_REFS, Choice
    s = app.session
    assert s is not None and s.req is not None
    buttons: list[tuple[str, Any]] = []
    for p in getattr(s.req, "may_sign", ()):
        buttons.append((app.t("sign.yes", name=s.name(p)), _sign(app, Choice.SIGN, p)))
        buttons.append((app.t("sign.no", name=s.name(p)),
                        _sign(app, Choice.DECLINE_SIGN, p)))
    buttons.append((app.t("sign.later"), lambda: None))
    ref = CHOICE_REFS.get(Choice.SIGN)
    body = app.t("sign.body") + (f" ({ref_text(s.locale, ref)})" if ref else "")
    d = Dialog(app, app.t("sign.title"), body, buttons, cancel=lambda: None,
               kind="sign")
    d.screen_keys = lambda event: undo_redo_key(app, event)
    return d


def _sign(app: App, choice: Any, player: int) -> Any:
    def fn() -> None:
        s = app.session
        if s is None:
            return
        from rules.ruling import RulesError
        try:
            s.choose(choice, player)
        except RulesError as e:
            app.notify(refusal(app, s, e, player))
        s.sign_asked = len(s.match.history)
        next_step(app)
    return fn
