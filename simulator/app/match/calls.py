"""The ruling card of a referee's call made from the window (general rules
23 and 28: a ball off the table, outside interference): made when the call
is made, and again for a match loaded just after one (it came back as the
plain ruling of the step, its heading and the line of what changed lost).
"""

from __future__ import annotations

from typing import Any


def call_rules(s: Any) -> dict[str, str]:
    """The rules of the calls in words, as the game cites them: a ball off
    the table (general rule 23) and outside interference (28); in Express
    the pyramid rules' 2.10 and 2.12, as its rulings say."""
    from simulator.app.text.words import ref_text
    jumped, interference = s.match.discipline.call_rules()
    return {"jumped": ref_text(s.locale, jumped),
            "interference": ref_text(s.locale, interference)}


def next_words(s: Any) -> tuple[str, ...]:
    """Who is to play now, or the lag that decides the break anew."""
    req = s.req
    if req is None or s.over:
        return ()
    if req.is_lag:
        return (s.locale.t("play.next_lag"),)
    return (s.locale.t("banner.next", name=s.name(req.shooter)),)


def call_card(s: Any, ruling: Any, jumped: int | None) -> Any:
    """The ruling card of a referee's call: the rule in the title, what the
    call changed first, then the referee's own lines."""
    from rules.codes import Note
    from simulator.app.table.ruling_card import Banner
    from simulator.app.text.words import ball_label, ref_text
    t = s.locale.t
    card = s.banner
    ids = {n.code.id for n in ruling.notes}
    if jumped is not None:
        changed = t("play.changed_jumped", ball=ball_label(s.locale, jumped))
        rule_words = call_rules(s)["jumped"]
    else:
        rule = next((n.ref for n in ruling.notes if n.code.referee_called), None)
        if Note.INTERFERENCE_NEW_RACK.id in ids:
            changed = t("play.changed_new_rack")
        elif ruling.game_over:
            changed = t("play.changed_replayed", name=s.name(
                s.req.shooter if s.req is not None else ruling.next_shooter))
        else:
            changed = t("play.changed_restored", name=s.name(ruling.next_shooter))
        rule_words = ref_text(s.locale, rule) if rule is not None else \
            call_rules(s)["interference"]
    lines = (changed, *(card.lines if card is not None else ()))
    if ruling.game_over and jumped is None:
        # The line of what changed names the call: its own line below
        # said it again (the rack replayed, the same player breaking).
        from simulator.app.text.words import cite
        said = {f"• {cite(s.locale, n.code, n.ref, s.discipline)}" for n in ruling.notes
                if n.code is Note.INTERFERENCE_NOT_RESTORABLE}
        lines = tuple(line for line in lines if line not in said)
    lag = s.req is not None and s.req.is_lag
    nexts = card.next if card is not None and not lag else next_words(s)
    return Banner(t("play.call_title", rule=rule_words), lines,
                  bool(ruling.fouls), nexts)


def last_call(s: Any) -> tuple[bool, int | None]:
    """Whether the match's last step is a referee's call (rule 28's, or a
    shot judged again with a ball called jumped, rule 23), and the ball so
    called."""
    from rules.codes import Note
    if not s.match.history:
        return False, None
    last = s.match.history[-1]
    if last.get("type") == "shot":
        jumped = tuple(last.get("jumped", ()))
        return bool(jumped), jumped[-1] if jumped else None
    interference = (Note.OUTSIDE_INTERFERENCE.id, Note.INTERFERENCE_NOT_RESTORABLE.id)
    return last.get("type") == "foul" and last.get("code") in interference, None
