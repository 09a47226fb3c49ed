"""Keys at the table say what they do: PgUp replays the last shot and goes
back through the match's shots, PgDn says there is no later shot."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.launch import break_shot
from tests.app.helpers import after_the_break, drawn_words, frame, key, make_app


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_page_up_at_the_table_opens_the_last_shots_replay(lang: str) -> None:
    app = make_app(lang)
    s = after_the_break(app, ["Anna", "Boris"], "14.1", {"target": 50}, seed=3)
    break_shot(app)  # a second shot: there is an earlier one to go back to
    app.go("match")
    frame(app)
    assert app.mode is not None and app.mode.name in ("aiming", "placing")
    table_screen = app.mode.name
    n = len(s.shots)
    assert n >= 2
    key(app, pygame.K_PAGEDOWN)  # nothing later than the table now: said so
    assert app.mode.name == table_screen
    assert app.toast is not None and app.toast[0] == app.t("replay.no_later")
    frame(app)
    assert app.t("replay.no_later")[:30] in drawn_words(app)
    key(app, pygame.K_PAGEUP)  # the last shot's replay
    rp = app.mode
    assert rp is not None and rp.name == "replay"
    assert rp.shot_number() == n - 1  # type: ignore[attr-defined]
    frame(app)
    assert app.t("replay.which", k=n, n=n) in drawn_words(app)
    key(app, pygame.K_PAGEUP)  # and on back, as inside a replay
    assert rp.shot_number() == n - 2  # type: ignore[attr-defined]
    key(app, pygame.K_PAGEDOWN)
    assert rp.shot_number() == n - 1  # type: ignore[attr-defined]
    # F1 lists it.
    key(app, pygame.K_ESCAPE)
    frame(app, n=2)
    assert app.mode is not None and app.mode.name == table_screen
    key(app, pygame.K_F1)
    (line,) = [ln for ln in app.t("help.match").split("\n") if ln.startswith("PgUp")]
    frame(app)
    assert line.split(" — ")[1][:25] in drawn_words(app)
    pygame.display.quit()


def strip_text(app) -> str:  # type: ignore[no-untyped-def]
    """The words of the key line under the table."""
    frame(app)
    strip = app.layout.strip
    return " ".join(t.text for t in app.texts if strip.contains(t.rect))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_key_line_under_the_foul_list_names_its_keys(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer's turn, F: the foul list takes 1-6, so the key line
    says so, never "1/2/3/4: watch at 1x" (keys the list swallows)."""
    from simulator.app.match import computer
    from tests.app.test_playfix12_called_on_computer import after_computer_shot
    # One search step a frame: its next decision is still being thought
    # when F comes (a quick one, shown at once, had ended its turn first).
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app, _s = after_computer_shot(lang, "8-ball", "cpu:club", (1280, 720))
    try:
        assert app.mode is not None and app.mode.name.startswith("computer")
        watch = app.t("hint.computer")[:12]
        assert watch in strip_text(app) or \
            app.t("hint.computer_playing")[:12] in strip_text(app)
        key(app, pygame.K_f)
        d = app.dialogs[-1]
        assert d.kind == "fouls"  # type: ignore[attr-defined]
        line = strip_text(app)
        assert watch not in line, line
        keys = d.keys_words()  # type: ignore[attr-defined]
        assert keys.startswith("1–") and app.t("hint.dialog", keys=keys)[:20] in line
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_match_end_card_undoes_by_u_and_takes_no_late_number(lang: str) -> None:
    """The match's end card: Undo is U (1-4 were the watching speeds a
    moment before: a late "4 = skip" undid the last step), and a number
    pressed as the card comes up does nothing."""
    from simulator.app.dialogs.game_over import KEY_GUARD
    from tests.app.helpers import DT, against_gordon, concede_at_turn, run_until
    app = make_app(lang)
    try:
        s = against_gordon(app, race_to=2)
        concede_at_turn(app, "match")
        run_until(app, lambda: bool(app.dialogs), limit=300)
        card = app.dialogs[-1]
        assert card.kind == "gameover"  # type: ignore[attr-defined]
        steps = len(s.match.history)
        undo = next(b for b in card.buttons  # type: ignore[attr-defined]
                    if b.label == app.t("panel.undo"))
        assert undo.key == "U"
        assert not [b for b in card.buttons  # type: ignore[attr-defined]
                    if b.key == "4"]
        for k in (pygame.K_4, pygame.K_1, pygame.K_2, pygame.K_3):
            key(app, k)  # meant for the computer's turn: nothing happens
        frame(app, n=2)
        assert app.dialogs and app.dialogs[-1] is card
        assert app.mode is not None and app.mode.name == "view"
        assert len(s.match.history) == steps
        keys = card.keys_words()  # type: ignore[attr-defined]
        # (numbered from 1 without a gap, as every menu)
        assert keys[:1] == "1" and keys[1:2] == "–" and keys.endswith("/U"), keys
        # The end card's own line: its numbers, U: undo, where Esc leads.
        nums = card.number_keys()  # type: ignore[attr-defined]
        line = strip_text(app)
        assert app.t("hint.end_menu_short", keys=nums, undo="")[:12] in line
        # (U takes back the concession, said so: no shot of Anna's to undo)
        assert app.t("hint.end_undo_short") in line or \
            app.t("hint.end_undo_concede") in line, line
        frame(app, n=round(KEY_GUARD / DT) + 1)
        key(app, pygame.K_4)  # no button of that number
        frame(app, n=2)
        assert app.dialogs and app.dialogs[-1] is card
        key(app, pygame.K_u)  # Undo, by its letter
        frame(app, n=3)
        assert len(s.match.history) == steps - 1 and not s.over
    finally:
        pygame.display.quit()
