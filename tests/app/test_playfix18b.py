"""What a play-test against the computer found: the card of the person's
own foul waited for a key with no word of why (the computer's cards count
down by themselves); a computer's choice named it twice («Борис выбирает:
принять позицию, бьёт Борис»)."""

from __future__ import annotations

import pygame
import pytest

from rules.ruling import Choice
from simulator.app.screens.computer_turn import ComputerMode
from simulator.app.screens.help import HelpMode
from simulator.players.player import ChoiceDecision
from tests.app.helpers import (
    button_labels,
    click_button,
    computers_choice_after_a_soft_break,
    frame,
    key,
    make_app,
    move,
    run_until,
    scenario_match,
)
from tests.app.scenes import LANGS, SIZES
from tests.app.test_playfix10_flow import _Frames
from tests.app.test_playfix17e import flat, in_column
from tests.app.test_playfix_match4 import side_texts

WHY = {"en": "Your foul", "ru": "Ваш фол"}


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_card_of_the_persons_foul_says_why_it_waits(
        lang: str, size: tuple[int, int]) -> None:
    """14.1 rule 6: Anna breaks too softly against the computer; while the
    computer waits for her to read the ruling the column says it is her
    foul, that the computer waits, and that Space goes on, every word drawn
    whole (no «…»)."""
    app = make_app(lang, size)
    try:
        s = computers_choice_after_a_soft_break(app)
        frame(app, n=3)
        mode = app.mode
        assert isinstance(mode, ComputerMode) and mode.phase == "waiting"
        cpu = s.name(1)
        said = app.t("evening.waits_foul", name=cpu)
        assert said.startswith(WHY[lang]) and cpu in said
        assert in_column(app, said), flat(" ".join(r.text for r in side_texts(app)))
        assert in_column(app, app.t("evening.read_ruling"))
        cut = [r.text for r in side_texts(app) if r.text and r.shown != r.text]
        assert not cut, cut
    finally:
        pygame.display.quit()


def _cpu_accepts_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer's choice, made in a few frames: it takes the table as it
    lies and shoots (general rule 30) over Anna breaking again."""
    from simulator.app.match import computer
    d = ChoiceDecision(Choice.ACCEPT_TABLE, None,
                       {Choice.ACCEPT_TABLE: 0.6, Choice.RERACK_OFFENDER_BREAKS: 0.4})
    monkeypatch.setattr(computer, "think_choice", lambda m, p: _Frames(d, 2))


@pytest.mark.parametrize("lang", LANGS)
def test_the_computers_choice_names_it_once(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """After Anna's soft break (14.1 rule 6) the computer takes the table
    (general rule 30, the offended player's option): the card says what it
    chose with its name once, and so do the options it weighed and the
    options listed before it chose."""
    monkeypatch.setattr("simulator.app.match.computer.THINK_SLICE", 0.0)
    _cpu_accepts_the_table(monkeypatch)
    app = make_app(lang)
    try:
        s = computers_choice_after_a_soft_break(app)
        frame(app, n=3)
        cpu = s.name(1)
        assert s.banner is not None
        listed = [ln for ln in s.banner.next if ln != app.t("banner.chooses", name=cpu)]
        assert listed and not any(cpu in ln for ln in listed), listed
        assert in_column(app, listed[0])
        frame(app, n=30)
        key(app, pygame.K_SPACE)  # Anna has read her foul: the computer chooses
        run_until(app, lambda: s.match.history[-1].get("type") == "choice",
                  limit=3000)
        frame(app, n=3)
        card = s.banner
        assert card is not None
        want = {"en": f"{cpu} chooses: accept the table and shoot",
                "ru": f"{cpu} выбирает: принять позицию и бить"}[lang]
        assert card.title.startswith(want), card.title
        assert card.title.count(cpu) == 1, card.title
        assert in_column(app, want)
        weighed = [ln for ln in card.lines if ln.startswith(("» ", "· "))]
        assert len(weighed) == 2 and not any(cpu in ln for ln in weighed), weighed
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("game", ["8-ball", "14.1"])
@pytest.mark.parametrize("lang", LANGS)
def test_a_key_declares_the_safety_as_its_button_does(lang: str, game: str) -> None:
    """The safety button shows its key (every other button did) and O does
    what a click does: declared, the stroke plays with no call (8-ball 2,
    14.1 rule 1: a safety declared); F1 and the key line say the key, which
    no other key of the aiming screen takes."""
    from tests.app.test_calls import CUE, THREE, aim_at, decl_of_next_shot
    app = make_app(lang, (800, 500))
    try:
        scenario_match(app, game, {0: CUE, 3: THREE, 12: (0.5, 1.0), 5: (0.4, 0.3)})
        aim_at(app, THREE)
        s = app.session
        assert s is not None
        safety = next(b for b in app.buttons if b.ident == "safety")
        assert safety.key == "O" and safety.label == app.t("panel.safety")
        assert "(O)" in app.t("hint.call") and "O:" in app.t("hint.call_short")
        if game == "14.1":  # every shot called: the key line asks for a call
            drawn = flat(" ".join(r.text for r in app.texts))
            assert flat(app.t("hint.call")) in drawn or \
                flat(app.t("hint.call_short")) in drawn, drawn
        key(app, pygame.K_o)
        frame(app)
        declared = app.t("panel.declared", what=app.t("panel.safety"))
        assert s.decl.get("safety") and declared in button_labels(app)
        key(app, pygame.K_o)  # again: taken back, as a second click does
        frame(app)
        assert not s.decl.get("safety") and app.t("panel.safety") in button_labels(app)
        click_button(app, app.t("panel.safety"))
        frame(app)
        clicked = dict(s.decl)
        key(app, pygame.K_o)
        key(app, pygame.K_o)
        assert dict(s.decl) == clicked
        key(app, pygame.K_F1)  # F1 says the key, taken by nothing else here
        help_mode = app.mode
        assert isinstance(help_mode, HelpMode)
        heads = {app.t(f"help.head_{k}"): k
                 for k in ("aiming", "calls", "placing", "match")}
        taken = [(heads[head], what) for head, rows in help_mode.sections()
                 if head in heads for k, what in rows if k == "O"]
        assert len(taken) == 1 and taken[0][0] == "calls", taken
        assert app.t("panel.safety").lower()[:5] in taken[0][1].lower(), taken
        key(app, pygame.K_ESCAPE)
        assert app.mode is not None and app.mode.name == "aiming"
        assert dict(s.decl) == clicked
        key(app, pygame.K_SPACE)
        d = decl_of_next_shot(app)
        assert d.safety and d.called_ball is None and d.called_pocket is None
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("how", ["mouse", "keys"])
@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("ru", (800, 500))])
def test_the_aim_line_is_whole_again_once_the_player_aims_past_the_hint(
        lang: str, size: tuple[int, int], how: str) -> None:
    """The player's aim line is drawn in full before a hint, not at all
    while the hint is shown over the aim it found, and in full again once
    the player, leaving the hint, aims elsewhere by the mouse or the
    fine-aim keys (it stayed grey until the shot)."""
    from tests.app.test_playfix17i import BRIGHT, aim_line_pixels, hint_over_own_aim
    app = make_app(lang, size)
    try:
        mode = hint_over_own_aim(app)  # (before the hint: in full)
        s = app.session
        assert s is not None
        view = mode.scene.view
        assert aim_line_pixels(app, BRIGHT) == 0, "with the hint: hidden"
        if how == "mouse":
            move(app, view.to_screen(1.0, 1.1))
        else:
            for _ in range(5):
                key(app, pygame.K_LEFT)
        frame(app, n=2)
        assert app.mode is mode and s.hint is not None and not mode.hint_aim_held()
        assert aim_line_pixels(app, BRIGHT) > 10, "aimed elsewhere: in full again"
    finally:
        pygame.display.quit()
