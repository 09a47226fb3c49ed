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
from simulator.app.match.calls import call_card, call_rules, next_words
from simulator.app.match.turns import next_step, referee_action


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


def short_call_rules(s: Any) -> tuple[dict[str, str], dict[str, str]]:
    """The calls' rules in fewer words, for a low window: in the short body
    the book named once ("general rule 23", then "rule 28"), on the short
    buttons only the numbers ("rule 23"), the body above naming the book."""
    from simulator.app.text.words import DIGEST, ref_text
    refs = s.match.discipline.call_rules()

    def number(ref: Any) -> str:
        rule = ref.section if ref.file == DIGEST else ref.rule
        return str(s.locale.t("fouls.rule_short", rule=rule))

    jumped, interference = refs
    same_book = (jumped.file, jumped.section if jumped.file != DIGEST else "") == \
        (interference.file, interference.section
         if interference.file != DIGEST else "")
    body = {"jumped": ref_text(s.locale, jumped),
            "interference": number(interference) if same_book
            else ref_text(s.locale, interference)}
    labels = {"jumped": number(jumped), "interference": number(interference)}
    return body, labels


def listed_call_rules(s: Any, book_named: bool) -> str:
    """Both calls' rules in the list form a rule book takes: "general rules
    23, 28" («общие правила, пп. 23, 28»), "rules 23, 28" where the text
    names the book (``book_named``); each rule whole if their books differ
    ("pyramid rules 2.10, rule 2.12" read as two kinds of numbering)."""
    from simulator.app.text.words import DIGEST, ref_text

    def book(ref: Any) -> str:
        return "pyramid" if ref.file == DIGEST else str(ref.section)

    def number(ref: Any) -> str:
        return str(ref.section if ref.file == DIGEST else ref.rule)

    jumped, interference = s.match.discipline.call_rules()
    key = "ref_list.numbers" if book_named else f"ref_list.{book(jumped)}"
    if book(jumped) != book(interference) or not s.locale.has(key):
        return f"{ref_text(s.locale, jumped)}, {ref_text(s.locale, interference)}"
    return str(s.locale.t(key, rules=f"{number(jumped)}, {number(interference)}"))


def call_words(app: App, key: str) -> str:
    """A call's words with the rule the game makes it under."""
    return app.t(key, **call_rules(app.session))


def referee_dialog(app: App) -> Dialog:
    t = app.t
    buttons: list[tuple[str, Any]] = []
    # Rule 23 is always in the list (the text explains it); greyed, with the
    # reason said, when no ball of the last shot left the bed.
    can_jump = bool(jumped_candidates(app))
    # Greyed when no ball left the bed, and why right under its words, on
    # the button itself: seen with the button, never scrolled away.
    why = "" if can_jump else "\n" + call_words(app, "evening.no_jump")
    buttons.append((_opens(call_words(app, "referee.jumped"), can_jump) + why,
                    lambda: app.open("jumped")))
    buttons.append((call_words(app, "referee.restored"),
                    lambda: interference(app, True)))
    keys = ["jumped", "restored"]  # their short labels for a low window
    # Offered only where the referee takes it (not in Express: the pyramid
    # rules restore every disturbed position, and the body promises no
    # replayed rack there).
    replays = _not_restorable(app) is not None
    if replays:
        keys.append("new_rack" if new_rack(app) else "not_restored")
        buttons.append((call_words(app, f"referee.{keys[-1]}"),
                        lambda: interference(app, False)))
    buttons.append((t("common.cancel"), lambda: None))
    keys.append("cancel")
    body = call_words(app, "referee.body" if replays else "referee.body_restore")
    d = Dialog(app, t("referee.title"), body, buttons, cancel=lambda: None,
               kind="referee")
    if not can_jump:
        d.buttons[0].action = None
    d.fit_whole = True
    # Short words name the book once, in the body; the buttons the numbers.
    body_rules, label_rules = short_call_rules(app.session)
    d.short_labels = [t(f"play.{k}_short", **label_rules) for k in keys]
    if not can_jump:
        d.short_labels[0] = _opens(d.short_labels[0], False) + "\n" + \
            t("evening.no_jump", jumped=label_rules["jumped"])
    d.short_body = t("play.referee_short", **body_rules)
    return d


def _opens(label: str, enabled: bool) -> str:
    """A label whose "…" says it opens a further choice; greyed, it opens
    nothing, and its "…" read as words cut off (at 800x500 in Russian)."""
    from simulator.app.text.ui import ELLIPSIS
    return label if enabled else label.removesuffix(ELLIPSIS).rstrip()


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
    return Dialog(app, t("referee.jumped_title"),
                  call_words(app, "referee.jumped_body"), buttons,
                  cancel=lambda: None, kind="jumped")


def _jumped(app: App, ball: int) -> Any:
    return referee_call(app, lambda s: s.call_jumped(ball), jumped=ball)


def interference(app: App, restorable: bool) -> None:
    """General rule 28, as the referee rules it."""
    from rules.codes import Note
    code = Note.OUTSIDE_INTERFERENCE if restorable else \
        Note.INTERFERENCE_NOT_RESTORABLE
    referee_call(app, lambda s: s.call_foul(code.id))()


def referee_call(app: App, ask: Any, jumped: int | None = None) -> Any:
    """A button's action that puts a referee's call (general rules 23, 28)
    to the referee: taken, its ruling card says what the call changed and
    under which rule; refused, the card says why. Either card is held until
    a person has read it (a computer to play waits for Continue)."""
    def fn() -> None:
        from rules.ruling import RulesError
        from simulator.app.table.ruling_card import Banner
        from simulator.app.text.words import reason_text
        s = app.session
        if s is None:
            return
        t = app.t
        try:
            ruling = ask(s)
        except RulesError as e:
            s.banner = Banner(t("play.call_refused"),
                              (reason_text(s.locale, e, s.names),), False,
                              next_words(s))
        else:
            s.banner = call_card(s, ruling, jumped)
        s.to_acknowledge = s.has_person()
        next_step(app)
    return fn


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
