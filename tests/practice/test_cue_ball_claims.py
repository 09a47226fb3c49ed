"""What a situation's words say the cue ball does after the contact (it
stops, follows, is drawn back) is what its stroke does in the physics: the
practice library's and the gallery's "Two millimetres from the 3" said the
cue ball stops against the 3 while its replay showed it follow a third of
the table. Every title and explanation, in both languages, is read for such
a statement and checked against the simulated stroke."""

from __future__ import annotations

import math
from functools import cache

import pytest

from rules.questions import first_contact
from simulator.practice.gallery import entries
from simulator.practice.library import library, load
from simulator.practice.scenario import Scenario, play_scenario
from simulator.table.events import EventKind

# The words of each statement, lower case, in each language.
CLAIMS = {
    # (not "where the cue ball stopped": a push-out's, with no contact)
    "stops": {"en": ("cue ball stops", "stops against"),
              "ru": ("биток останавливается у", "остановившегося у")},
    "follows": {"en": ("cue ball follows", "cue ball followed"),
                "ru": ("биток идёт за", "биток ушёл следом", "биток ушёл в лузу следом",
                       "биток уходит в лузу вслед")},
    "draws": {"en": ("with draw", "cue ball drawn back"),
              "ru": ("с оттяжкой",)},
}
# Metres along the stroke from the first contact: "stops" within a ball's
# width, "follows" and "draws" clearly on (or into a pocket, for follows).
STOP = 0.06
MOVED = 0.10


def scenarios() -> list[Scenario]:
    lib = [load(e.id) for e in library().entries]
    return lib + [e.scenario for e in entries()]


def texts(sc: Scenario, lang: str) -> str:
    return " ".join(t.get(lang) for t in (sc.title, sc.explanation)).lower()


def claims(sc: Scenario, lang: str) -> set[str]:
    said = texts(sc, lang)
    return {k for k, words in CLAIMS.items() if any(w in said for w in words[lang])}


@cache
def after_contact(sid: str) -> tuple[float, bool]:
    """How far the cue ball ended along the stroke from where it first met
    a ball (negative: back), and whether it went into a pocket."""
    sc = next(s for s in scenarios() if s.id == sid)
    shot = play_scenario(sc).shot
    cue = shot.initial.spec.balls.cue_ball
    hit = first_contact(shot.events, cue)
    assert hit is not None, sid
    snap = shot.events[hit.index].snapshot(cue)
    assert snap is not None
    potted = any(e.kind is EventKind.POCKETED and cue in e.balls for e in shot.events)
    end = shot.final.position(cue)
    if end is None:
        return math.inf, potted
    a = math.radians(shot.stroke.direction)
    along = (end[0] - snap.x) * math.cos(a) + (end[1] - snap.y) * math.sin(a)
    return along, potted


def holds(kind: str, sid: str) -> bool:
    along, potted = after_contact(sid)
    if kind == "stops":
        return not potted and abs(along) <= STOP
    if kind == "follows":
        return potted or along >= MOVED
    return not potted and along <= -MOVED


def test_the_statements_are_found() -> None:
    """The reading finds the situations that say what the cue ball does
    (else the test below checks nothing)."""
    found = {sc.id for sc in scenarios() for lang in ("en", "ru") if claims(sc, lang)}
    assert {"8ball-double-hit", "gallery-double-hit", "8ball-frozen-shot-through",
            "8ball-frozen-cushion-legal", "8ball-scratch-after-pot"} <= found


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_what_the_words_say_the_cue_ball_does_it_does(lang: str) -> None:
    wrong = [(sc.id, kind, after_contact(sc.id)) for sc in scenarios()
             for kind in sorted(claims(sc, lang)) if not holds(kind, sc.id)]
    assert not wrong, wrong


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_both_languages_say_the_same(lang: str) -> None:
    """A statement in one language is made in the other too."""
    other = "ru" if lang == "en" else "en"
    differ = [sc.id for sc in scenarios() if claims(sc, lang) - claims(sc, other)]
    assert not differ, differ
