"""The fouls a person saw that no log shows, called to the referee.
"""

from __future__ import annotations

from typing import Any

from simulator.app.dialogs.base import Dialog
from simulator.app.dialogs.referee_calls import listed_call_rules
from simulator.app.loop.app import App
from simulator.app.match.turns import callable_fouls, called_shooter, referee_action
from simulator.app.text.words import cite, code_words, home_rule


def foul_dialog(app: App) -> Dialog:
    s = app.session
    assert s is not None
    # After a computer's shot the call is on that shot, whoever is at the
    # table now: the title names whose (the fouls are that stroke's).
    offender = called_shooter(s)
    buttons: list[tuple[str, Any]] = []
    for c in callable_fouls(s)[:7]:
        buttons.append((cite(s.locale, c), _call(app, c.id, offender is not None)))
    # What no log shows: a ball touching something off the table, outside
    # interference (general rules 23, 28; in Express pyramid rules 2.10, 2.12:
    # simulator.app.dialogs.referee_calls), cited as the game rules them; in
    # a few words (the dialog it opens says what they are): the calls in
    # full took five lines in Russian beside the fouls' two or three.
    buttons.append((_other_calls(app, "fouls.referee_short"),
                    lambda: app.open("referee")))
    buttons.append((app.t("common.cancel"), lambda: None))
    # Every form of the title names the player the foul is charged to (the
    # shortest one of a low window said only "A foul the referee saw").
    at_table = s.name(s.req.shooter if s.req else 0)
    title = app.t("fouls.title", name=at_table) \
        if offender is None else app.t("fouls.title_shot", name=s.name(offender))
    body = app.t("fouls.body") if offender is None else \
        app.t("fouls.body_shot", name=s.name(offender))
    d = Dialog(app, title, body, buttons, cancel=lambda: None, kind="fouls")
    # A low window: every choice in view before any scrolls (two of six
    # showed at 800x500), the words "Foul:" each button repeats left out.
    d.fit_whole = True
    d.one_column_first = True
    d.short_body = app.t("fouls.body_short")
    d.short_labels = [*(_unprefixed(label) for label, _fn in buttons[:-2]),
                      _other_calls(app, "fouls.referee_short"), buttons[-1][0]]
    d.shortest = _book_once(app, callable_fouls(s)[:7], d.short_labels,
                            app.t("fouls.title_short", name=at_table)
                            if offender is None else
                            app.t("fouls.title_shot_short", name=s.name(offender)))
    d.briefest = _brief(app, callable_fouls(s)[:7], d.shortest)
    return d


def _brief(app: App, codes: list[Any], shortest: tuple[str, str, list[str]] | None
           ) -> tuple[str, str, list[str]] | None:
    """The fouls in a few words each, with their rule's number: at 800x500
    the five fouls of 14.1 (and Express's in Russian) still left choices
    under the wheel with every foul in its full words."""
    loc = app.session.locale if app.session is not None else None
    if shortest is None or loc is None:
        return None
    title, body, labels = shortest
    book = next((r.section for r in map(home_rule, codes) if r is not None and
                 app.t("fouls.body_book", book=app.t(f"book.{r.section}")) == body),
                None)
    out = []
    for c, label in zip(codes, labels, strict=False):
        key = "fouls.brief." + c.id.replace("foul.", "").replace(".", "_")
        r = home_rule(c)
        if not loc.has(key) or r is None:
            out.append(label)
            continue
        # (another book by its short name: "14.1 rule 7.5", not the title
        # of its rules in quotes)
        rule = app.t("fouls.rule_short", rule=r.rule) if r.section == book \
            else app.t("fouls.rule_in", book=r.section, rule=r.rule)
        out.append(f"{app.t(key)} ({rule})")
    rest = labels[len(codes):]
    return title, body, [*out, _other_calls(app, "fouls.referee_brief", book),
                         *rest[1:]]


def _book_once(app: App, codes: list[Any], labels: list[str],
               title: str) -> tuple[str, str, list[str]] | None:
    """The shortest words: the rule book of most of the fouls named once in
    the text, its fouls citing only their rule's number ("(rule 3)"), the
    title in its short form (still naming whose foul it is): at 800x500
    in Russian the full citation on every button left two of six choices
    under the wheel."""
    loc = app.session.locale if app.session is not None else None
    rules = [home_rule(c) for c in codes]
    books = [r.section for r in rules if r is not None and loc is not None
             and loc.has(f"book.{r.section}")]
    if not books or loc is None:
        return None
    book = max(set(books), key=books.count)
    out = []
    for c, r, label in zip(codes, rules, labels, strict=False):
        if r is None or r.section != book:
            out.append(label)
            continue
        words = _unprefixed(code_words(loc, c.id))
        out.append(f"{words} ({app.t('fouls.rule_short', rule=r.rule)})")
    rest = labels[len(codes):]
    out += [_other_calls(app, "fouls.referee_short", book), *rest[1:]]
    return (title,
            app.t("fouls.body_book", book=app.t(f"book.{book}")), out)


def _other_calls(app: App, key: str, book: str | None = None) -> str:
    """The button to the referee's other calls in short words, citing the
    rules the game makes them under in a list: by number alone where the
    text names their book (``book``: general rules in pool), else with it
    named once (pyramid rules 2.10, 2.12 in Express, whose fouls are its
    own rules')."""
    s = app.session
    assert s is not None
    jumped, _interference = s.match.discipline.call_rules()
    return app.t(key, rules=listed_call_rules(
        s, book_named=book is not None and jumped.section == book))


def _unprefixed(label: str) -> str:
    """"Foul: miscue (general rule 3)" as "Miscue (general rule 3)"."""
    head, sep, rest = label.partition(": ")
    return rest[:1].upper() + rest[1:] if sep and " " not in head and rest else label


def _call(app: App, code_id: str, on_shot: bool) -> Any:
    if on_shot:
        return referee_action(app, lambda s: s.call_on_shot(code_id))
    return referee_action(app, lambda s: s.call_foul(code_id))
