"""The ruling card says each fact once: an illegal break's count of balls at
a cushion on its foul's line and not again in the last shot's line; an
Express foul's penalty once, with whose points, how many and the rule."""

from __future__ import annotations

import re

import pygame
import pytest

from simulator.app.text.words import cited_rule
from tests.app.helpers import make_app, run_until
from tests.app.scenes import LANGS
from tests.app.test_playfix17_rulings import soft_break
from tests.app.test_playfix17a_called import express_with_gordon

# What counts balls at a cushion, in either of its forms (the foul's line:
# "2 object balls reached a rail"; the last shot's: "к бортам: 2 …").
# (what the rule asks, «довести до борта биток и …», is not a count)
CUSHION_COUNT = {"ru": r"(?<!довести )до борт|к борт",
                 "en": r"reached (a rail|a cushion)|cushions? reached by"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["8-ball", "14.1"])
def test_an_illegal_break_counts_the_balls_at_a_cushion_once(
        lang: str, game: str) -> None:
    """8-ball rule 5, 14.1 rule 6: the foul's line says how many object
    balls reached a cushion against the rule's number; «Последний удар: …
    ни один прицельный шар не дошёл до борта» said it a second time."""
    app = make_app(lang)
    try:
        s = soft_break(app, game, 0.3)
        shot, ruling = s.shots[-1]
        assert any(f.code.id.endswith("illegal_break") for f in ruling.fouls)
        card = s.ruling_banner(ruling, shot)
        text = "\n".join(card.lines)
        said = re.findall(CUSHION_COUNT[lang], text)
        assert len(said) == 1, text
        head = app.t("banner.last_shot", chips="")
        last = next(x for x in card.lines if x.startswith(head))
        assert not re.search(CUSHION_COUNT[lang], last), last
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_an_express_penalty_is_said_once_with_name_points_and_rule(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Express 2.6, item 4: Gordon's stroke touches no ball. «Штраф: биток
    не коснулся ни одного шара; −5 (…)» then «Gordon −5: штраф за нарушение
    (…)»: the points and the rule twice. One line says the foul, Gordon's
    −5 and the rule, each once."""
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang)
    try:
        s = express_with_gordon(monkeypatch, app)
        run_until(app, lambda: bool(s.match.history), limit=3000)
        ruling = s.match.rulings[0]
        assert ruling is not None
        [foul] = ruling.fouls
        assert foul.code.id == "express.foul.no_contact"
        lines = s.ruling_banner(ruling).lines
        # (the reading of rule 2.6's item 4 below the foul quotes its rule
        # and words: it is what the rule means, not the ruling said again)
        reading = s.locale.t("ruling.reading", text="")
        text = "\n".join(x for x in lines if not x.startswith(reading))
        rule = cited_rule(s.locale, foul.code, foul.ref, s.discipline)
        touched = {"ru": "биток не коснулся ни одного шара",
                   "en": "the cue ball touched no ball"}[lang]
        assert rule and text.count(rule) == 1, text
        assert text.count(touched) == 1, text
        assert len(re.findall(r"[-−]5\b", text)) == 1, text
        line = next(x for x in text.splitlines() if touched in x)
        assert "Gordon" in line and rule in line and re.search(r"[-−]5\b", line), line
        assert app.t("banner.points_penalty", name="", pts="", rule="").split(":")[1] \
            .split("(")[0].strip() not in text, text
    finally:
        pygame.display.quit()


def test_the_penalised_foul_mark_reads_as_a_whole_sentence() -> None:
    """General rule 24, one foul of several penalised: «Штраф — за этот фол»
    read oddly, a dash in place of its verb; the mark is a plain sentence."""
    for lang in LANGS:
        mark = make_app(lang).t("banner.penalised")
        pygame.display.quit()
        assert "—" not in mark and "This is the foul" not in mark, mark
        assert {"ru": "фол", "en": "foul"}[lang] in mark, mark
