"""What a fourth play-test of a match found (issue 22): a person's own
ruling read before the computer plays, at every watching speed; the replay's
column showing each shot's ruling; R at the computer's wait; the computer's
choice said as one choice; refusals naming the player."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from simulator.app.dialogs.referee_calls import call_words, short_call_rules
from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from tests.app.helpers import (
    DT,
    concede_match,
    frame,
    key,
    make_app,
    run_until,
    too_soft_a_break,
)


def start(app: App, names: list[str], game: str, opts: dict[str, object],
          seed: int = 5) -> Session:
    app.session = Session.new(names, game, dict(opts), app.locale, seed=seed)
    next_step(app)
    app.frame([], DT)
    return app.session


def side_texts(app: App) -> list[Any]:
    """The side column's drawn texts of the last frame (words and where)."""
    side = app.layout.side
    return [r for r in app.texts if side.colliderect(r.rect)]


def side_words(app: App) -> str:
    return " ".join(r.text for r in side_texts(app))


def top_of(app: App, words: str) -> int:
    """The top of the first drawn line that starts ``words`` (wrapped text
    is matched by its first line)."""
    for r in side_texts(app):
        t = r.text.strip() if r.text else ""
        if t and (words.startswith(t) or t.startswith(words)):
            return int(r.rect.top)
    raise AssertionError(f"{words!r} not in the column: {side_words(app)}")


def _to_persons_turn(app: App, s: Session) -> None:
    run_until(app, lambda: app.mode is not None and app.mode.name in
              ("aiming", "placing") and s.req is not None and s.req.shooter == 0,
              limit=8000)
    if app.mode is not None and app.mode.name == "placing":
        # (after the computer's turn a key puts the ball down only after an
        # action of hers)
        frame(app, n=30)
        key(app, pygame.K_LSHIFT)
        key(app, pygame.K_RETURN)
    # She sees her turn before she strikes: a Space in its first moment is
    # taken as meant for the computer's turn, not as her stroke.
    frame(app, n=30)
    # and takes it (a key of her own): after a computer's turn the first
    # stroke waits for an action of hers, so a Space mashed to hurry the
    # computer never strikes.
    key(app, pygame.K_LSHIFT)


def _stroke_where(app: App, wanted: Any) -> Any:
    """An aim at a legal ball whose ruling (the referee's ``judge``, which
    changes nothing) satisfies ``wanted``."""
    from rules.ruling import Declarations
    from simulator.app.table.aim import Aim, angle_to
    from simulator.physics import simulate
    from simulator.physics.shaft import stick_rests_on
    s = app.session
    assert s is not None and s.req is not None
    st = s.table
    cue = st.position(0)
    assert cue is not None
    targets = [st.position(b) for b in (s.req.legal_first_contacts or st.on_table())
               if b]
    targets += [pk.mouth_centre for pk in s.spec.pockets]
    others = {b: q for b in st.on_table() if b and (q := st.position(b)) is not None}
    for p in sorted((p for p in targets if p is not None),
                    key=lambda p: math.dist(cue, p)):
        for power in (0.35, 0.5, 0.65):
            for off in (0.0, 1.5, -1.5, 3.0, -3.0):
                aim = Aim(angle_to(cue, p) + off, power)
                if stick_rests_on(cue, aim.angle, 0.0, 0.0, s.spec.balls.radius,
                                  others):
                    continue  # (played with the cue raised over a ball)
                if wanted(s.match.judge(simulate(st, aim.stroke()), Declarations())):
                    return aim
    raise AssertionError("no such stroke found")


def _shoot(app: App, s: Session, wanted: Any) -> None:
    assert app.mode is not None and app.mode.name == "aiming"
    s.aim = _stroke_where(app, wanted)
    app.mode.key_lock = pygame.mouse.get_pos()  # type: ignore[attr-defined]
    steps = len(s.match.history)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: len(s.match.history) > steps, limit=6000)


def _legal_miss(r: Any) -> bool:
    return not r.fouls and not r.scored and not r.game_over and \
        r.next_shooter != r.shooter


def _two_fouls(r: Any) -> bool:
    return len(r.fouls) >= 2 and not r.game_over


@pytest.mark.parametrize("lang,watch", [("en", "1"), ("ru", "4"), ("en", "skip")])
def test_a_persons_ruling_stays_on_show_while_the_computer_thinks(
        lang: str, watch: str) -> None:
    """Anna's shot passes the turn without a foul (general rule 4): at every
    watching speed her ruling card (what happened, who plays next) stays in
    the side column while the computer's thinking is said (the column's
    heading, who is at the table), at least 3 s (Space goes on sooner) and
    until the computer's stroke starts."""
    app = make_app(lang)
    s = start(app, ["Anna", "cpu:club"], "9-ball", {"race_to": 3, "first_breaker": 1},
              seed=3)
    s.watch = watch
    _to_persons_turn(app, s)
    _shoot(app, s, _legal_miss)
    assert s.last_ruling is not None and _legal_miss(s.last_ruling)
    title = app.t("banner.legal", name="Anna")
    thinking = app.t("cpu.thinking", name=s.name(1))
    frames = 0
    saw_thinking = False
    while app.mode is not None and app.mode.name == "computer" and frames < 600:
        frame(app)
        frames += 1
        if app.mode.name != "computer":
            break
        words = side_words(app)
        assert title in words, (frames, words)
        assert app.t("banner.next", name=s.name(1)) in words
        saw_thinking = saw_thinking or thinking in words
    assert saw_thinking
    assert frames >= 170, frames  # about 3 s at 60 frames a second


def test_the_replay_at_the_computers_wait_shows_every_foul_main_first() -> None:
    """Anna's cue ball misses every ball and drops (general rules 8 and
    14... two fouls): the computer waits for her to read the ruling; R
    replays her shot (F1 lists it) and its column shows the shot's ruling,
    both fouls, the main one first; closing it the computer still waits.
    PgUp shows the shot before with its own ruling."""
    from rules.main_foul import fouls_main_first
    from simulator.app.text.words import cite
    app = make_app("en")
    s = start(app, ["Anna", "cpu:club"], "9-ball", {"race_to": 3, "first_breaker": 1},
              seed=3)
    s.watch = "skip"
    _to_persons_turn(app, s)
    _shoot(app, s, _two_fouls)
    r = s.last_ruling
    assert r is not None and len(r.fouls) >= 2
    frame(app, n=3)
    assert app.mode is not None and app.mode.name == "computer"
    assert app.mode.phase == "waiting"  # type: ignore[attr-defined]
    key(app, pygame.K_r)
    frame(app, n=2)
    assert app.mode.name == "replay"
    words = side_words(app)
    assert app.t("banner.foul", name="Anna") in words, words
    cites = [cite(s.locale, f.code, f.ref, s.discipline) for f in fouls_main_first(r)]
    tops = [top_of(app, "• " + c) for c in cites]
    assert tops == sorted(tops) and len(set(tops)) == len(tops)
    key(app, pygame.K_PAGEUP)
    frame(app)
    before = s.shots[-2][1]
    assert app.t("banner.foul" if before.fouls else "banner.legal",
                 name=s.name(before.shooter)) in side_words(app)
    key(app, pygame.K_ESCAPE)
    frame(app, n=3)
    assert app.mode.name == "computer"
    assert app.mode.phase == "waiting"  # type: ignore[attr-defined]
    assert len(s.match.history) and s.last_ruling is r


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_computers_choice_after_a_foul_says_the_one_option_then_those_weighed(
        lang: str) -> None:
    """14.1 at 800x500: Alice's break fouls (14.1 rule 6); her ruling card
    says the computer will choose one of the options ("A or B", never read
    as both); the computer's choice card then names the one option chosen,
    first, and after it the options it weighed."""
    app = make_app(lang, (800, 500))
    s = too_soft_a_break(app)
    frame(app, n=2)
    r = s.last_ruling
    assert r is not None and r.fouls and len(r.options) == 2
    from simulator.app.text.words import chosen_label
    labels = [chosen_label(s.locale, c, s.name(1)) for c in r.options]
    assert s.banner is not None
    # Options with commas of their own, each kept apart, one a line: "accept
    # the table, Boris shoots or re-rack, Boris breaks" read as one tangled
    # list, and "A; B" as both happening. The computer chooses: no numbers
    # (its turn's 1-4 are the watching speeds).
    listed = [s.locale.t("banner.option_listed", option=label) for label in labels]
    assert all(x in s.banner.next for x in listed), s.banner.next
    said = next(x for x in s.banner.next if labels[0] in x)
    assert " or " not in said and " или " not in said and labels[1] not in said, said
    frame(app, n=30)  # (no key dismisses a new ruling in its first moment)
    key(app, pygame.K_SPACE)  # read: the computer chooses
    run_until(app, lambda: app.mode is not None and app.mode.name != "computer",
              limit=3000)
    frame(app)
    card = s.banner
    assert card is not None and s.last_ruling is not None
    chosen = s.match.history[-1]["choice"]
    others = [c for c in r.options if c.value != chosen]
    assert chosen_label(s.locale, chosen, s.name(1)) in card.title
    assert not any(chosen_label(s.locale, c, s.name(1)) in card.title
                   for c in others)
    assert card.lines[0] == app.t("cpu.weighed", name=s.name(1))
    if lang == "en":  # the computer by its name ("it" said of a player)
        assert s.name(1) in card.lines[0], card.lines[0]
    weighed = card.lines[1:3]
    assert weighed[0].startswith("» ") and \
        chosen_label(s.locale, chosen, s.name(1)) in weighed[0]
    assert weighed[1].startswith("· ") and \
        chosen_label(s.locale, others[0], s.name(1)) in weighed[1]
    assert top_of(app, card.title) < app.layout.side.centery  # said first, in view


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_refused_placement_names_the_player_and_a_valid_one_clears_it(
        lang: str) -> None:
    """Anna has the cue ball in hand behind the head string (general rule
    7): a click on a ball there is refused in words naming her (the pointer
    past the line only takes the ball to the line's near side); a click
    clear of it puts it down and the refusal is gone from the window."""
    from tests.app.helpers import click, in_hand
    app = make_app(lang)
    mode = in_hand(app, "kitchen", {0: (0.3, 0.3), 1: (0.4, 0.6), 9: (1.9, 0.6)},
                   game="9-ball")
    view = mode.scene.view
    click(app, view.to_screen(0.4, 0.6))
    assert app.mode is not None and app.mode.name == "placing"
    assert app.toast is not None and "Anna" in app.toast[0]
    assert app.toast[0].startswith(app.t("place.refused", name="Anna", reason="")[:12])
    click(app, view.to_screen(0.4, 0.9))
    frame(app)
    assert app.mode.name == "aiming"
    assert app.toast is None or "Anna" not in app.toast[0]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_the_greyed_rule_23_call_says_why_right_under_it(
        lang: str, size: tuple[int, int]) -> None:
    """Before any shot no ball has left the bed: the referee's call (J)
    greys general rule 23; why is said on the greyed button, right under
    its words, drawn inside the window with no scrolling."""
    app = make_app(lang, size)
    start(app, ["Anna", "Boris"], "9-ball", {"race_to": 3, "first_breaker": 0})
    key(app, pygame.K_RETURN)  # the cue ball down for the break
    assert app.mode is not None and app.mode.name == "aiming"
    key(app, pygame.K_j)
    frame(app)
    d = app.dialogs[-1]
    assert d.title == app.t("referee.title")  # type: ignore[attr-defined]
    grey = d.buttons[0]  # type: ignore[attr-defined]
    assert grey.action is None
    # Whole, or where the window is low citing the rule by its number.
    _body, short = short_call_rules(app.session)
    whys = (call_words(app, "evening.no_jump"),
            app.t("evening.no_jump", jumped=short["jumped"]))
    window = pygame.Rect((0, 0), app.size)
    assert window.contains(grey.rect), (grey.rect, app.size)
    rows = [r for r in app.texts if r.text and
            any(why.startswith(r.text.strip()) for why in whys)]
    assert rows, [r.text for r in app.texts]
    first = rows[0]
    assert grey.rect.contains(first.rect)
    # The button's words: whole, or short where the window is low.
    labels = (call_words(app, "referee.jumped"), app.t("play.jumped_short", **short))
    words = [r for r in app.texts if r.text and
             any(label.startswith(r.text.strip()) for label in labels)]
    assert words and words[0].rect.top < first.rect.top


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_pocket_in_the_last_shot_line_is_never_cut_to_one_word(lang: str) -> None:
    """The ruling card's "last shot" line names the pocket whole: wrapped at
    any width of the side column, "bottom side" / «нижняя средняя» is
    never split over two rows (a card cut after the first would say only
    "bottom")."""
    from simulator.app.match.session import shot_chips
    from simulator.app.text import ui
    app = make_app(lang)
    s = start(app, ["Anna", "Boris"], "8-ball", {"race_to": 2, "first_breaker": 0},
              seed=3)
    key(app, pygame.K_RETURN)
    s.aim = s.aim.with_power(1.0)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: bool(s.shots) and app.mode is not None and
              app.mode.name != "playing", limit=6000)
    shot = s.shots[0][0]
    pockets = {e.pocket for e in shot.events if e.pocket}
    assert pockets
    line = app.t("banner.last_shot", chips=" · ".join(shot_chips(s.locale, shot)))
    for width in range(120, 420, 7):
        rows = ui.wrap(line, 14, width)
        for p in pockets:
            name = app.t(f"pocket.{p}")
            first = name.split(" ")[0]
            for row in rows:
                if row.rstrip().endswith(first) and " " in name:
                    raise AssertionError((width, rows))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_hint_being_looked_for_shows_its_progress_space_waits_esc_stops(
        lang: str) -> None:
    """I asks for a hint: while it is looked for the column says how much of
    the search is done (a share that grows) and that Esc stops it; Space
    does not shoot the old aim (a line says why); Esc stops the search and
    the player aims on."""
    import re
    app = make_app(lang)
    s = start(app, ["Anna", "Boris"], "8-ball", {"race_to": 2, "first_breaker": 0},
              seed=3)
    key(app, pygame.K_RETURN)
    assert app.mode is not None and app.mode.name == "aiming"
    key(app, pygame.K_i)
    assert s.hint_job is not None
    head = app.t("hint.progress", p=0, n=0).split("0")[0].strip()

    def share() -> int:
        words = side_words(app)
        assert head in words, words
        m = re.search(re.escape(head) + r"\D*(\d+)", words)
        assert m is not None
        return int(m.group(1))

    frame(app)
    first = share()
    steps = len(s.match.history)
    key(app, pygame.K_SPACE)
    assert app.mode.name == "aiming" and len(s.match.history) == steps
    assert app.toast is not None and app.toast[0] == app.t("hint.space_waits")
    frame(app, n=12)
    if s.hint_job is not None:
        assert share() > first
        key(app, pygame.K_ESCAPE)
        assert s.hint_job is None and s.hint is None and not app.dialogs
        assert app.mode.name == "aiming"


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_the_saves_lists_row_buttons_keep_their_words_whole(
        size: tuple[int, int]) -> None:
    """In Russian the saves list's "Переименовать" is drawn whole on its
    row button, never broken inside ("Переименова-ть")."""
    from simulator.app.match.session import saves_dir
    from tests.app.helpers import click_button
    app = make_app("ru", size)
    s = Session.new(["Анна", "cpu:club"], "8-ball", {"race_to": 1}, app.locale, seed=5)
    p = s.save(saves_dir() / "Вечер Анны.json")
    try:
        app.go("menu")
        frame(app)
        click_button(app, app.t("menu.load"))
        frame(app, n=4)
        b = next(b for b in app.buttons if b.ident == f"rename:{p}")
        inside = [r.text for r in app.texts if b.rect.contains(r.rect)]
        assert app.t("evening.rename") in inside, inside
    finally:
        p.unlink(missing_ok=True)


def test_the_match_statistics_keep_a_computers_name_whole() -> None:
    """At 1280x720 in Russian the match's numbers at its end head a column
    with the computer's seat whole on one line («Компьютер (клубный)», or
    short, «Клубный»), never «Компью-тер (любите-ль)»."""
    app = make_app("ru")
    app.session = Session.new(["Анна", "cpu:club"], "8-ball",
                              {"race_to": 3, "first_breaker": 1}, app.locale, seed=4)
    app.go("match")
    frame(app)
    concede_match(app)
    assert app.t("stats.title") in " ".join(r.text for r in app.texts)
    broken = [r.text for r in app.texts if r.text.endswith("-")]
    assert not broken, broken
    assert any(r.text.strip() in ("Компьютер (клубный)", "Клубный")
               for r in app.texts)


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_the_player_records_rows_hold_their_names(size: tuple[int, int]) -> None:
    """The players' records list a name on a row button as high as its
    words: «Компьютер (клубный)» and «Анна» drawn inside their buttons."""
    app = make_app("ru", size)
    app.session = Session.new(["Анна", "cpu:club"], "8-ball",
                              {"race_to": 3, "first_breaker": 1}, app.locale, seed=4)
    app.go("match")
    frame(app)
    concede_match(app)
    app.dialogs.clear()
    app.go("records")
    frame(app, n=4)
    rows = [b for b in app.buttons if b.ident.startswith("player:")]
    assert len(rows) == 2
    for b in rows:
        inside = [r for r in app.texts if r.text and b.label.startswith(r.text.strip())
                  and b.rect.colliderect(r.rect)]
        assert inside and all(b.rect.contains(r.rect) for r in inside), \
            (b.rect, [r.rect for r in inside])
