"""Play-test 23 on the club evening and the match in numbers: a stopped
evening's unplayed matches said so; one 14.1 target remembered for a match
and an evening; a knockout's spans that do not overlap; winner stays' end
on its setup; the statistics' names each over its own column."""

from __future__ import annotations

import itertools
from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.records.export import slot_code
from tests.app.helpers import (
    asked_to_concede_match,
    click_button,
    concede_match,
    drawn_words,
    frame,
    make_app,
)

LOW = (800, 500)
SIZES = [(1280, 720), LOW]
LANGS = ["en", "ru"]


# -- 5. the statistics' header: a name over its own column ---------------------------
def _header_overlaps(app: App) -> list[str]:
    """What of the match-in-numbers header a person could not read: two
    names on one line running together, or a name on a line with another
    reaching back over the labels' column (read as one long name)."""
    d: Any = app.dialogs[-1]
    head, *body = d.table
    names = set(head[1:])
    labels = {r[0] for r in body}
    label_end = max((t.rect.right for t in app.texts if t.text in labels),
                    default=0)
    drawn = [t for t in _in_card(app) if t.text in names]
    problems = []
    for t in drawn:
        same = sorted((u for u in drawn if u.rect.top == t.rect.top),
                      key=lambda u: u.rect.left)
        if len(same) < 2:
            continue
        for a, b in itertools.pairwise(same):
            if b.rect.left < a.rect.right + 6:
                problems.append(f"{a.text!r} runs into {b.text!r}")
        if same[0].rect.left < label_end + 4:
            problems.append(f"{same[0].text!r} beside {same[1].text!r} over the labels")
    return problems


def _in_card(app: App) -> list[Any]:
    """The lines drawn in the topmost card in the table's header type (not
    the scoreboard's names, nor the title's)."""
    d: Any = app.dialogs[-1]
    return [t for t in app.texts if d.rect.contains(t.rect) and
            t.size == d._head_size]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("names", [["Александра Константинопольская", "Борис"],
                                   ["Борис Годунов", "Александра Константинопольская"],
                                   ["Anna", "Boris"]])
def test_the_statistics_names_each_read_over_their_column(
        lang: str, size: tuple[int, int], names: list[str]) -> None:
    """A conceded match's card: «Александра К.» and «Борис» were set on one
    header line at 1280x720, the first name running back over the labels
    beside the second; now names share a line only where each fits its
    column, else one a line over its column (the full name in the title)."""
    app = make_app(lang, size)
    try:
        asked_to_concede_match(app, names, "9-ball", {"race_to": 3})
        concede_match(app, asked=True)
        from tests.app.stats_card import stats_card_problems
        assert not stats_card_problems(app), stats_card_problems(app)
        if app.dialogs[-1]._legend:  # type: ignore[attr-defined]
            return  # a row per player: no names side by side
        heads = [t for t in _in_card(app) if t.text in app.dialogs[-1].table[0][1:]]
        assert len(heads) == 2, [t.text for t in app.texts]
        assert not [t.text for t in heads if t.cut], heads
        assert not _header_overlaps(app), _header_overlaps(app)
    finally:
        pygame.display.quit()


# -- 1. a stopped evening: its unplayed matches and its places -----------------------
def evening_on_screen(lang: str, size: tuple[int, int], fmt: str, names: list[str],
                      played: int) -> App:
    """An evening of ``fmt`` (begun if need be) with ``played`` matches
    decided, each by its first seat; its screen opened from the menu."""
    from tests.records.helpers import club_evening, people
    club_evening(people(*names), fmt, played)
    app = make_app(lang, size)
    app.go("menu")
    frame(app)
    click_button(app, app.t("club.menu_continue"))
    frame(app, n=2)
    assert app.mode is not None and app.mode.name == "evening"
    return app


def stop_the_evening(app: App) -> None:
    click_button(app, app.t("club.abandon"))
    click_button(app, app.t("club.abandon_yes"))
    frame(app, n=2)
    assert app.mode is not None and app.mode.name == "evening"


def bracket_lines(app: App) -> list[str]:
    """The matches' card as read: each drawn line's words, left to right."""
    from tests.app.helpers import card_rows
    return [" ".join(r) for r in card_rows(app, 1)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("fmt", ["round-robin", "single-elimination", "winner-stays"])
def test_a_stopped_evening_says_which_matches_were_not_played(
        lang: str, size: tuple[int, int], fmt: str) -> None:
    """«Прервать вечер» after one match: every match not played is said so
    («не сыгран» / "not played") in the matches' card (they were drawn as
    still to come, the next one bright), the played one not; the table's
    title and its legend say the evening was stopped."""
    app = evening_on_screen(lang, size, fmt, ["Анна", "Борис", "Вера", "Глеб"], 1)
    try:
        word = app.t("club.not_played")
        assert not [ln for ln in bracket_lines(app) if word in ln]
        stop_the_evening(app)
        lines = bracket_lines(app)
        ev: Any = app.mode
        unplayed = [m for r in ev.evening.bracket() for m in r.matches
                    if m.status not in ("played", "walkover", "skipped")]
        assert unplayed
        single = fmt == "single-elimination"  # (its codes take no bracket letter)
        codes = tuple(slot_code(lang, m.slot, single) for r in ev.evening.bracket()
                      for m in r.matches)  # («Т1-1» in Russian: the screen's own)
        marked = [ln for ln in lines if ln.startswith(codes) and word in ln]
        assert len(marked) == len(unplayed), lines
        played = [slot_code(lang, m.slot, single) for r in ev.evening.bracket()
                  for m in r.matches if m.status == "played"]
        assert len(played) == 1 and not [ln for ln in lines if ln.startswith(played[0])
                                         and word in ln], lines
        title = app.t("club.standings_stopped")
        drawn = [t for t in app.texts if t.text in (title, word + "  ", word)]
        assert any(t.text == title for t in drawn), [t.text for t in app.texts]
        assert not [t.text for t in drawn if t.cut], drawn
        legend = " ".join(t.shown for t in app.texts)
        said = app.t("club.stopped_legend") if fmt != "single-elimination" else \
            {"en": "the evening was stopped", "ru": "вечер прерван"}[lang]
        assert said in legend, legend
    finally:
        pygame.display.quit()


# -- 4. winner stays: its end on its setup ----------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_winner_stays_says_when_it_ends_on_its_setup(
        lang: str, size: tuple[int, int]) -> None:
    """The evening's setup stepped to winner stays: how many matches it
    lasts (twice the players: the evening's own count) said there, whole,
    and following the players added (it was said only once it had begun)."""
    from tests.app.test_club import label
    app = make_app(lang, size)
    try:
        app.go("menu")
        frame(app)
        click_button(app, app.t("club.menu_evening"))
        assert app.mode is not None and app.mode.name == "evening_setup"
        for lv in ("beginner", "club"):
            click_button(app, app.t("club.add_cpu", level=app.t(f"cpu.level.{lv}")))
        mode: Any = app.mode
        start = app.t("club.format", value="")
        for _ in range(8):  # the format's button, clicked until winner stays
            if mode.choices.format == "winner-stays":
                break
            assert app.t("club.stays_end", n=4) not in drawn_words(app)
            click_button(app, label(app, start))
        assert mode.choices.format == "winner-stays"
        frame(app)
        drawn = " ".join(t.text for t in app.texts)
        assert app.t("club.stays_end", n=4) in drawn_words(app), drawn
        click_button(app, app.t("club.add_cpu", level=app.t("cpu.level.club")))
        frame(app)
        assert app.t("club.stays_end", n=6) in drawn_words(app)
        assert not [t.text for t in app.texts if t.cut], [t.shown for t in app.texts]
    finally:
        pygame.display.quit()


# -- 2. one 14.1 target for a match and an evening -----------------------------------
def _evening_target_offered(app: App) -> str:
    """The evening's setup opened from the menu, its game stepped to 14.1:
    the target its button offers."""
    from tests.app.helpers import button_labels
    from tests.app.test_club import label
    click_button(app, app.t("club.menu_evening"))
    frame(app)
    mode: Any = app.mode
    assert mode.name == "evening_setup"
    for _ in range(6):
        if mode.choices.game == "14.1":
            break
        click_button(app, label(app, app.t("club.game", value="")))
        frame(app)
    assert mode.choices.game == "14.1"
    (target,) = [b for b in button_labels(app)
                 if b.startswith(app.t("club.target", n=0).split("0")[0])]
    return target


@pytest.mark.parametrize("lang", LANGS)
def test_the_target_chosen_for_a_match_is_the_evenings_next(
        lang: str, tmp_path: Any) -> None:
    """75 chosen for a 14.1 match: the evening's 14.1 setup offers 75, in
    the same run and after a restart (it offered its own last, 50)."""
    from tests.app.test_playfix17_setup_words import pick
    from tests.app.test_playfix18a_setups import restarted, start_from_setup
    path = tmp_path / "settings.json"
    app = make_app(lang)
    app.settings_path = path
    try:
        app.go("setup", game="14.1", names=["Anna", "Boris"])
        frame(app, n=2)
        setup: Any = app.mode
        pick(app, setup.menus["target"], "75")
        start_from_setup(app)
        app.session = None
        app.go("menu")
        frame(app)
        assert _evening_target_offered(app) == app.t("club.target", n=75)
    finally:
        pygame.display.quit()
    app = restarted(lang, path)
    try:
        assert _evening_target_offered(app) == app.t("club.target", n=75)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_target_chosen_for_an_evening_is_the_matchs_next(
        lang: str, tmp_path: Any) -> None:
    """An evening of 14.1 to 30 begun: the next single 14.1 match's setup
    offers 30 (it offered the last match's 50)."""
    from tests.app.test_playfix18a_setups import restarted
    path = tmp_path / "settings.json"
    app = make_app(lang)
    app.settings_path = path
    try:
        app.go("menu")
        frame(app)
        _evening_target_offered(app)
        mode: Any = app.mode
        for _ in range(12):
            if mode.choices.target == 30:
                break
            click_button(app, app.t("club.target", n=mode.choices.target))
        for lv in ("beginner", "club"):
            click_button(app, app.t("club.add_cpu", level=app.t(f"cpu.level.{lv}")))
        click_button(app, app.t("club.begin", n=2))
        frame(app)
        assert app.mode is not None and app.mode.name == "evening"
    finally:
        pygame.display.quit()
    app = restarted(lang, path)
    try:
        app.go("setup", game="14.1", names=["Anna", "Boris"])
        frame(app, n=2)
        setup: Any = app.mode
        assert setup.target == 30
        assert setup.menus["target"].selected_option[0] == "30"
    finally:
        pygame.display.quit()


def test_two_targets_an_older_kiy_stored_read_as_one() -> None:
    """A file of an older Kiy with both keys: the one still at its default
    was never chosen, the other wins; both chosen, the single match's."""
    from simulator.app.loop.settings import Settings
    cases = [({"target": 75, "club_target": 50}, 75),
             ({"target": 50, "club_target": 30}, 30),
             ({"club_target": 100}, 100),
             ({"target": 75, "club_target": 30}, 75),
             ({"target": 75, "club_target": 0}, 75)]
    for stored, one in cases:
        s = Settings.from_dict(stored)
        assert (s.target, s.club_target) == (one, one), stored
