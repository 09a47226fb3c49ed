"""The referee's codes and rule references in a player's words.

The catalogue (``rules.json``, ``express.json``) gives each code its words
followed by the code's home rule in brackets. A ruling cites the rule of the
game being played, which may differ from the code's home (an illegal break
in 14.1 is 14.1 rule 6, not 8-ball rule 5), so the screen shows the words
with the rule the ruling gives. Where the rules are silent and the referee
reads them (the digest's P1-P15 and G1-G19, the Express readings R1-R20), the
player is told in a sentence what the silence was read to mean; the reading's
label is never shown.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from simulator.app.text.i18n import Locale

READING_FILES = ("pyramid-and-express.md", "express-readings.md")
DIGEST = "pyramid-and-express.md"


def is_reading(ref: Any) -> bool:
    """A reading of a silent or unclear place (P1-P15, G1-G19, R1-R20)."""
    file = str(getattr(ref, "file", ""))
    rule = str(getattr(ref, "rule", ""))
    return file in READING_FILES and len(rule) > 1 and rule[0] in "PGR" and \
        rule[1:].isdigit()


def split_citation(text: str) -> tuple[str, str]:
    """A catalogue text as (words, the citation in its last brackets)."""
    t = text.rstrip()
    if t.endswith(")") and " (" in t:
        i = t.rindex(" (")
        return t[:i].rstrip(), t[i + 2:-1]
    return t, ""


def code_words(loc: Locale, code_id: str) -> str:
    """The code's words without the citation the catalogue adds."""
    text = loc.rule(code_id)
    if text:
        return split_citation(text)[0]
    if loc.has(f"code.{code_id}"):
        return loc.t(f"code.{code_id}")
    return code_id


def points_tail(text: str) -> tuple[str, str]:
    """A code's words as (words, the points they end with): Express's
    'Foul: the cue ball touched no ball; -5' is ('Foul: ...', '-5');
    (text, '') where none are said."""
    m = re.fullmatch(r"(.*\S);\s*([-−]\d+)", text.strip(), re.S)
    return (m.group(1), m.group(2)) if m else (text, "")


def ref_text(loc: Locale, ref: Any) -> str:
    """A rule in words: 'general rule 18', '14.1 rule 6', 'Express rules 2.6,
    item 1', 'pyramid rule 2.4'. A reading has no rule: its sentence is
    :func:`reading_text`."""
    if is_reading(ref):
        return ""
    beside = getattr(ref, "beside", None)
    if beside is not None:  # the game's own rule first, the general beside
        return loc.t("ref_list.and", first=ref_text(loc, replace(ref, beside=None)),
                     then=ref_text(loc, beside))
    section = str(getattr(ref, "section", ""))
    rule = str(getattr(ref, "rule", ""))
    file = str(getattr(ref, "file", ""))
    if file == DIGEST:
        return loc.t("ref.pyramid", rule=section)
    item_key = f"ref.{section}_item"  # "2.6.1": rule 2.6, item 1
    if rule.count(".") == 2 and loc.has(item_key):
        head, item = rule.rsplit(".", 1)
        return loc.t(item_key, rule=head, item=item)
    key = f"ref.{section}"
    if loc.has(key):
        return loc.t(key, rule=rule)
    return f"{section} {rule}".strip()


def reading_text(loc: Locale, ref: Any) -> str:
    """What the referee reads into a place the rules leave open, in a sentence."""
    rule = str(getattr(ref, "rule", ""))
    key = f"reading.{rule}"
    return loc.t(key) if loc.has(key) else ""


def home_rule(code: Any, ref: Any = None) -> Any:
    """The rule to cite beside a code: the ruling's own reference, or when
    that is a reading, the code's home rule (None if that is one too)."""
    r = ref if ref is not None else code.ref
    if is_reading(r):
        r = code.ref
    return None if is_reading(r) else r


def pool_games() -> tuple[str, ...]:
    """The games played under the general pool rules (the registry's)."""
    from rules import registry
    from simulator.table.specs import TableKind
    return tuple(i.name for i in registry.infos() if i.table_kind is TableKind.POOL)


def cited_rule(loc: Locale, code: Any, ref: Any = None, discipline: str = "") -> str:
    """The rule beside a code in words, '' if none. Given the game being
    played, a rule of another pool game is never shown (14.1 says nothing of
    a game given up: no rule)."""
    rule = home_rule(code, ref)
    if rule is not None and discipline and rule.section != discipline and \
            rule.section in pool_games():
        rule = None
    return ref_text(loc, rule) if rule is not None else ""


def cite(loc: Locale, code: Any, ref: Any = None, discipline: str = "") -> str:
    """'Foul: illegal break (14.1 rule 6)': the words, then the rule."""
    words = code_words(loc, code.id)
    text = cited_rule(loc, code, ref, discipline)
    return f"{words} ({text})" if text else words


def break_shortfall(loc: Locale, foul: Any) -> str:
    """How far an illegal break fell short of its rule, from the balls the
    referee found at a cushion: '2 object balls reached a rail, 4 are needed,
    none pocketed'; '' for any other foul."""
    from rules.codes import FoulCode
    from rules.general import BREAK_CUE_BALL_TOO, BREAK_RAILS_NEEDED
    from simulator.table.specs import CUE_BALL
    needed = BREAK_RAILS_NEEDED.get(str(getattr(foul.ref, "section", "")))
    if foul.code is not FoulCode.ILLEGAL_BREAK or needed is None:
        return ""
    n = sum(1 for b in foul.balls if b != CUE_BALL)
    rails = loc.t("break_short.rails", n=n) if n else loc.t("break_short.no_rails")
    if foul.ref.section in BREAK_CUE_BALL_TOO:  # or a called ball down (14.1 6)
        cue = "cue_rail" if CUE_BALL in foul.balls else "cue_short"
        return f"{rails}, {loc.t(f'break_short.{cue}')}; " + \
            loc.t("break_short.needed_cue", n=needed)
    # any ball pocketed would have made it legal (8-ball 5, 9-ball 3)
    return f"{rails}, {loc.t('break_short.needed', n=needed)}, " + \
        loc.t("break_short.none_potted")


def foul_cite(loc: Locale, foul: Any, discipline: str = "") -> str:
    """:func:`cite` for a foul the referee found, with what the shot's
    events show where the words alone do not say why (an illegal break:
    how many balls reached a rail against how many the rule needs)."""
    detail = break_shortfall(loc, foul)
    if not detail:
        return cite(loc, foul.code, foul.ref, discipline)
    words = f"{code_words(loc, foul.code.id)} — {detail}"
    text = cited_rule(loc, foul.code, foul.ref, discipline)
    return f"{words} ({text})" if text else words


def readings(code: Any, ref: Any = None) -> list[Any]:
    """The readings behind a ruling's entry: its reference if that is one,
    and the code's own."""
    out = []
    for r in (ref, *getattr(code, "readings", ())):
        if r is not None and is_reading(r) and r not in out:
            out.append(r)
    return out


def explain(loc: Locale, code: Any, ref: Any = None) -> list[str]:
    """The sentences that say how the referee read the rules for this entry.
    A loss a seed rule decides whose text leaves the cases out (8-ball 15's
    list is empty) says that rule decides and what the reading adds: "8-ball
    rule 15" over "Where the rules are silent: ..." left a reader asking
    which of the two was the ruling."""
    from rules.codes import Kind
    decides = ref_text(loc, ref if ref is not None else code.ref) \
        if getattr(code, "kind", None) is Kind.LOSS else ""
    out = []
    for r in readings(code, ref):
        text = reading_text(loc, r)
        if text and decides:
            out.append(loc.t("ruling.reading_loss", rule=decides, text=text))
        elif text:
            out.append(loc.t("ruling.reading", text=text))
    return out


def discipline_label(loc: Locale, name: str) -> str:
    key = f"game.{name}"
    return loc.t(key) if loc.has(key) else name


def choice_label(loc: Locale, choice: Any, ref: Any = None) -> str:
    """A choice's words, with the rule behind it when one is given."""
    label = loc.t(f"choice.{choice.value}")
    text = ref_text(loc, ref) if ref is not None else ""
    return f"{label} ({text})" if text else label


def chosen_label(loc: Locale, choice: Any, name: str, ref: Any = None) -> str:
    """A choice said of the player ``name`` who makes it, in the third
    person ("Pavel breaks", "re-rack and break"), for the card and lines
    that tell others what was chosen: the buttons' own words are the
    chooser's («разбиваю сам»), which under "Pavel chooses:" mixed persons.
    The name begins the words or is not in them: these follow "Pavel
    chooses:" or "choice — Pavel:", and «принять позицию, бьёт Павел»
    there named him twice."""
    value = getattr(choice, "value", choice)
    key = f"chosen.{value}"
    label = loc.t(key, name=name) if loc.has(key) else loc.t(f"choice.{value}")
    text = ref_text(loc, ref) if ref is not None else ""
    return f"{label} ({text})" if text else label


def chooses_words(loc: Locale, choice: Any, name: str, ref: Any = None) -> str:
    """What ``name`` chose, said once: "Boris hands the shot back" where the
    choice's words begin with the chooser («Борис выбирает: Борис уступает
    удар» said the name twice, as did «Gordon выбирает: бьёт Gordon»), else
    "Boris chooses: re-rack, …"."""
    words = chosen_label(loc, choice, name, ref)
    if name in words:  # («Gordon выбирает: бьёт Gordon»: «Бьёт Gordon»)
        return words[:1].upper() + words[1:]
    return loc.t("cpu.chooses", name=name, choice=words)


def lag_reason(loc: Locale, discipline: str, choice: Any) -> str:
    """'Why: ... (9-ball rule 4)': the reason for the lag winner's choice to
    break or to give the break away; empty for any other choice."""
    from rules import registry
    from rules.ruling import LAG_REASONS
    why = LAG_REASONS.get(registry.info(discipline).ref.section)
    key = f"cpu.lag_why.{why[0]}_{getattr(choice, 'value', choice)}" \
        if why is not None else ""
    if why is None or not loc.has(key):
        return ""
    return loc.t(key, rule=ref_text(loc, why[1]))


def weighed_lines(loc: Locale, discipline: str, choice: Any, name: str,
                  values: Mapping[Any, float]) -> list[str]:
    """The lines under a computer's choice: why it chose so (the lag's
    choice, in words and its rule), then the options it weighed with their
    values, the chosen one marked."""
    out = [w for w in (lag_reason(loc, discipline, choice),) if w]
    if values:
        out.append(loc.t("cpu.weighed", name=name))
    for c in sorted(values, key=lambda c: -values[c]):
        mark = "» " if c == choice else "· "  # glyphs every font has
        out.append(mark + loc.t("cpu.option_worth", choice=chosen_label(loc, c, name),
                                worth=loc.num(values[c], 2)))
    return out


def choice_rule(discipline: str, choice: Any, ruling: Any = None) -> Any:
    """The rule a choice rests on in this game, never another game's: the
    choice's own rule when it is this game's (Express 2.6 for "shoot myself",
    9-ball 5 for the push-out), else the game's rule of the foul that gave it
    (a 14.1 illegal break's options: 14.1 rule 6), else a rule of the
    sections its rule book shares (the general pool rules)."""
    from rules import registry
    from rules.ruling import CHOICE_REFS
    own = CHOICE_REFS.get(choice)
    penalty = getattr(ruling, "penalty", None)
    cause = None if penalty is None or is_reading(penalty.ref) else penalty.ref
    for section in registry.info(discipline).rule_sections:
        for ref in (own, cause):
            if ref is not None and ref.section == section:
                return ref
    return None


def ball_label(loc: Locale, ball: object, cue_ball: int = 0) -> str:
    """A ball's number, or the words for the cue ball."""
    return loc.t("strip.cue_ball") if ball == cue_ball else str(ball)


def ball_named(loc: Locale, ball: object, cue_ball: int = 0) -> str:
    """A ball as a sentence names it: «шар 12» / "the 12", or the cue ball in
    words («первое касание: 12» read as a count, not a ball)."""
    return loc.t("strip.cue_ball") if ball == cue_ball else \
        loc.t("strip.ball", ball=ball)



def pocket_chip(loc: Locale, ball: object, pocket: object,
                cue_ball: int = 0) -> str:
    """A ball that dropped, named as a ball, and its pocket: «шар 4 — в
    верхней средней лузе» («4 в лузе: верхняя средняя» read as a count of
    balls in a break's line of counts)."""
    # A pocket's name is never broken over two lines (a card cut under
    # "bottom" would leave which one unsaid).
    where = loc.t(f"pocket_in.{pocket}").replace(" ", "\u00a0")
    if ball == cue_ball:
        return loc.t("strip.pocketed_cue", pocket=where)
    return loc.t("strip.pocketed", ball=ball, pocket=where)

def reason_text(loc: Locale, error: BaseException,
                names: Sequence[str] = ()) -> str:
    """Why a position, a file or a choice was refused, in the player's
    language: the reason the error carries (simulator.files.reasons) in the
    interface's words, a player by ``names`` (in a match) or as the editor
    numbers them, a region, choice, field or placement code in words; an
    error without a known reason keeps its own (English) text, which names
    the field."""
    reason = getattr(error, "reason", None)
    params: dict[str, Any] = dict(getattr(error, "params", {}))
    if not reason or not loc.has(f"reason.{reason}"):
        return str(error)
    words: dict[str, Any] = dict(params)
    for key in ("ball", "other"):
        ball = params.get(key)
        if isinstance(ball, int):
            words[key] = loc.t("reason_words.cue_ball") if ball == 0 else \
                loc.t("reason_words.ball", n=ball)
    player = params.get("player")
    if isinstance(player, int):
        words["player"] = names[player] if 0 <= player < len(names) else \
            loc.t("setup.player_n", n=player + 1)
    choice = params.get("choice")
    if isinstance(choice, str) and loc.has(f"choice.{choice}"):
        words["choice"] = loc.t(f"choice.{choice}")
    region = params.get("region")
    if isinstance(region, str) and loc.has(f"editor.hand_{region}"):
        words["region"] = loc.t(f"editor.hand_{region}")
    code = params.get("code")
    if isinstance(code, str):
        from rules.codes import code_by_id
        try:
            words["why"] = cite(loc, code_by_id(code))
        except ValueError:
            words["why"] = code
    ref = params.get("ref")
    if ref is not None:  # the rule the reason rests on, in words
        words["rule"] = ref_text(loc, ref)
    field = params.get("field")
    if isinstance(field, str):
        what = loc.t(f"editor.field_{field}")
        words["what"] = f"{what} ({words['player']})" if "player" in words else what
    return loc.t(f"reason.{reason}", **words)


def file_reason_text(loc: Locale, error: BaseException, name: str) -> str:
    """:func:`reason_text` for a file: its name in front of the reason in
    words (the English message already names it)."""
    text = reason_text(loc, error)
    return text if text == str(error) else f"{name}: {loc.after_colon(text)}"
