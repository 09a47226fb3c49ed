"""Play-test 27: a club evening's semifinal won by I, I, Space («подсказок
взято 8»), a result counted in the ratings. The evening's setup offers
«Подсказки: запрещены / разрешены», off by default: I then says so and no
hint is looked for; with them allowed a match where one was taken is
flagged in the evening's standings and results, on the player's page and
in ``kiy records``; an evening saved before the choice reads as allowed."""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.records.club import Club
from tests.app.helpers import (
    button_labels,
    click_button,
    concede_at_turn,
    drawn_words,
    frame,
    key,
    make_app,
    run_until,
)

LANGS = ["en", "ru"]
SIZES = [(1280, 720), (800, 500)]


def begin_evening(app: App, allow_hints: bool) -> None:
    """From the menu: the evening's setup with Anna and Boris (as the last
    evening's players), 9-ball, a single knockout race to 1; the hints
    choice left as it comes (off) or clicked to allowed; begun, and its
    first match at the table."""
    app.settings.club_players = ["Anna", "Boris"]
    app.settings.club_race = 1
    app.go("menu")
    frame(app)
    click_button(app, app.t("club.menu_evening"))
    mode: Any = app.mode
    assert mode.name == "evening_setup"
    frame(app)
    off = app.t("club.hints_off")
    assert off in button_labels(app)  # the choice offered, off to begin with
    assert not [t.text for t in app.texts if t.cut]  # (whole, 800x500 too)
    if allow_hints:
        click_button(app, off)
        frame(app)
        assert app.t("club.hints_on") in button_labels(app)
    click_button(app, app.t("club.begin", n=2))
    frame(app, n=2)
    assert app.mode is not None and app.mode.name == "evening"
    click_button(app, app.t("club.play_next"))
    run_until(app, lambda: app.mode is not None
              and app.mode.name in ("aiming", "placing"), limit=600)
    frame(app, n=2)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_an_evening_begun_as_it_comes_has_no_hints(lang: str,
                                                   size: tuple[int, int]) -> None:
    """The default evening: I at the table says the hints are off this
    evening, no hint is looked for or drawn, no button offers one, and F1
    does not list I."""
    app = make_app(lang, size)
    try:
        begin_evening(app, allow_hints=False)
        s = app.session
        assert s is not None
        assert Club().current().setup.hints is False  # stored with the evening
        key(app, pygame.K_i)
        frame(app, n=5)
        assert app.toast is not None and app.toast[0] == app.t("hint.off_evening")
        assert s.hint is None and s.hint_job is None
        assert not [b for b in app.buttons if b.ident == "hint"]
        key(app, pygame.K_i)  # again: still nothing
        frame(app, n=5)
        assert s.hint is None and s.hint_job is None
        key(app, pygame.K_F1)
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == "help"
        rows = [k for _h, rs in app.mode.sections() for k, _w in rs]  # type: ignore
        taken = app.t("help.hint_taken").strip(", ")
        assert "I" not in rows and not [k for k in rows if taken in k or "I" in k.split()]
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_match_played_with_a_hint_is_flagged_where_results_are_shown(
        lang: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Hints allowed: Anna takes the hint on the break (I, I, Space), then
    concedes; the evening's results say «с подсказками» by the match and
    its standings name her with her strokes with a hint; her page says a
    match was played with hints, and so does ``kiy records``."""
    from simulator.app.match import club as club_hold
    from simulator.app.match import computer
    from simulator.records.cli import records_main
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, (800, 500))
    try:
        begin_evening(app, allow_hints=True)
        s = app.session
        assert s is not None and s.hints_allowed
        if app.mode is not None and app.mode.name == "placing":
            key(app, pygame.K_RETURN)
            frame(app, n=2)
        key(app, pygame.K_i)
        run_until(app, lambda: s.hint is not None, limit=20000)
        frame(app, n=2)
        key(app, pygame.K_i)  # take it
        frame(app, n=2)
        key(app, pygame.K_SPACE)
        run_until(app, lambda: len(s.match.rulings) > 0, limit=6000)
        concede_at_turn(app, "match")
        held = club_hold.evening_of(s)
        assert held is not None
        run_until(app, lambda: held.result is not None, limit=600)
        result = held.result
        assert sum(result.hints) == 1 and result.hints[0] == 1
        app.go("evening")
        frame(app, n=2)
        said = drawn_words(app)
        from simulator.records.words import t as rec_t
        assert rec_t(lang, "page.with_hints") in said, said
        anna = app.t("club.hints_legend", names="Anna (1)")
        assert anna in said or anna in " ".join(said.split()), said
        # The player's page.
        app.go("player", player="Anna", back="menu")
        frame(app, n=2)
        said = drawn_words(app)
        assert app.t("club.hints_note", n=1) in said, said
        assert not [t.text for t in app.texts if t.cut]
        # kiy records.
        capsys.readouterr()
        assert records_main(["--player", "Anna"]) == 0
        out = capsys.readouterr().out
        assert "(1 with hints)" in out, out
        assert not app.errors
    finally:
        pygame.display.quit()


def test_an_evening_saved_before_the_choice_reads_as_hints_allowed() -> None:
    """An evening file (and its results) from before the choice, without
    "hints": read as allowed (as every match had them), its results with
    no hints known; written again it keeps them allowed; its match at the
    table answers I."""
    from simulator.app.match import club as club_hold
    from simulator.app.match.session import Session
    from simulator.app.text.i18n import Locale
    from simulator.records.entrants import make_entrants
    from simulator.records.evening import Evening
    from simulator.records.formats import ROUND_ROBIN
    from simulator.records.plan import Setup
    ev = Evening.create(Setup(make_entrants(["Anna", "Boris", "Vera"]), ROUND_ROBIN,
                              "9-ball", race=1), evening_id="old-1")
    call = ev.next_match()
    assert call is not None
    d = ev.to_dict()
    d["results"] = [{"slot": call.slot, "seats": list(call.seats), "winner": 0,
                     "games": [1, 0], "scores": [1, 0], "races": [1, 1]}]
    d["setup"].pop("hints", None)  # (as an older Kiy wrote it)
    old = Evening.from_dict(json.loads(json.dumps(d)))
    assert old.setup.hints is True
    assert next(iter(old.results.values())).hints == ()
    assert not any(r.hints for r in old.standings())
    assert Evening.from_dict(old.to_dict()).setup.hints is True
    # The file in the profile, as Kiy wrote it then: its match allows I.
    club = Club()
    club.current_path.parent.mkdir(parents=True, exist_ok=True)
    club.current_path.write_text(json.dumps(d), encoding="utf-8")
    current = club.current()
    assert current is not None and current.setup.hints is True
    nxt = current.next_match()
    assert nxt is not None
    s = Session(nxt.new_match(), Locale("en"))
    club_hold.attach(s, club, current, nxt)
    assert s.hints_allowed
