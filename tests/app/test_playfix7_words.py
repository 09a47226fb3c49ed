"""Words cut where a reader loses them, found in play: the ruling card's
last row ending mid-sentence ("cushions:" with its number hidden, "(general"
with the rule's number hidden) and a file path split with a hyphen that is
not part of it ("export-s/gallery...")."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from tests.app.helpers import card_notes, drawn_words, frame, more_below
from tests.app.scenes import LANGS
from tests.app.test_playfix6_words import CARD_CASES, _card_rows, _foul_played

DANGLING = ("(", ":", ",", "·", "-")


def _ends_whole(shown: str, after: str | None, lines: tuple[str, ...]) -> bool:
    """A row reads whole when it ends with an ellipsis, ends one of the
    ruling's lines, or goes on in the row drawn under it."""
    if shown.endswith("…"):
        return True
    # A heading line that opens a list («На выбор:» over
    # «1 — …», «2 — …») is whole when its first item is drawn under it.
    if shown.rstrip().endswith(":") and shown.rstrip() in lines and \
            after is not None and any(ln.startswith(after.rstrip("…"))
                                      for ln in lines if ln != shown):
        return True
    if any(ln.rstrip().endswith(shown.rstrip()) for ln in lines):
        return not shown.rstrip().endswith(DANGLING[:2])
    return after is not None and any(f"{shown} {after.rstrip('…')}" in ln
                                     for ln in lines)


@pytest.mark.parametrize("size", ((800, 500), (1280, 720)), ids=("800x500", "1280x720"))
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", list(CARD_CASES))
def test_no_row_of_the_ruling_card_stops_mid_sentence(
        case: str, lang: str, size: tuple[int, int]) -> None:
    """After a real foul (general rule 18, a shot of two fouls, an Express
    foul at the computer's choice) every row the card draws either ends one
    of the ruling's lines, goes on in the row under it, or ends at a whole
    word with an ellipsis: a row that stopped at "cushions:" or "(general"
    with the rest below the card said nothing or lost the rule's number."""
    game, names, wanted = CARD_CASES[case]
    app = _foul_played(lang, size, game, names, wanted)
    try:
        banner = app.session.banner
        card = app.mode.banner_rect
        assert banner is not None and card is not None
        hint = card_notes(app, "ruling.more", app.mode.banner_hidden)
        lines = banner.all_lines
        rows = sorted((r for r in _card_rows(app, card)
                       if r.text not in hint and r.text not in banner.title
                       # (the card's words, not its Fold button)
                       and any(r.shown.rstrip("…") in ln for ln in lines)),
                      key=lambda r: (r.rect.top, r.rect.left))
        assert rows
        for k, row in enumerate(rows):
            after = rows[k + 1].shown if k + 1 < len(rows) else None
            assert _ends_whole(row.shown, after, lines), (row.shown, after, lines)
    finally:
        pygame.display.quit()


PATHS = ("/tmp/tmp.iMb9chnhqq/data/exports/gallery-miscue-on-jump-ru-clip.gif",
         "/root/.local/share/kiy/scenarios/kick-at-the-1.toml",
         "C:\\Users\\anna\\kiy\\exports\\gallery-scratch-en-clip.gif")


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("width", (120, 180, 260))
def test_a_wrapped_path_breaks_only_after_a_separator(path: str, width: int) -> None:
    """A path too long for its line ("Saved /tmp/.../exports/gallery...")
    wraps after a "/" (or "\\", "-", "_", ".") and never gains a hyphen:
    "export-s/gallery" and "scenari-os/" named folders that do not exist;
    its rows joined give the path back, as a copy of it would."""
    from simulator.app.text import ui
    pygame.init()
    text = f"Saved {path}"
    rows = ui.wrap(text, 15, width)
    assert len(rows) > 1
    assert "".join(rows[1:]) == path or " ".join(rows[:1]) + " " + "".join(
        rows[1:]) == text, rows
    rest = rows[1:] if rows[0] == "Saved" else rows
    for a in rest[:-1]:
        assert a[-1] in "/\\-_.", rows
    joined = "".join(rest) if rows[0] == "Saved" else "".join(rows)[len("Saved "):]
    assert joined == path, rows


def test_an_ordinary_long_word_still_takes_a_hyphen() -> None:
    """A word that is not a path keeps its hyphen where it is cut."""
    from simulator.app.text import ui
    pygame.init()
    rows = ui.wrap("Oberhauserwittgensteinmaximilian", 15, 90)
    assert len(rows) > 1 and all(r.endswith("-") for r in rows[:-1])


# -- the hint in a low window ------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_a_hint_asked_for_in_a_low_window_is_shown(lang: str) -> None:
    """800x500, the ruling card open after a scratch (general rule 18): I
    asks for a hint; once found, its words (which ball, which pocket) are
    in the side column without folding the card by hand (they stayed
    hidden under the open card); H still folds or opens the card. Boris
    reads the ruling first (no hint while it waits to be read)."""
    from tests.app.helpers import key, read_ruling, run_until
    app = _foul_played(lang, (800, 500), "8-ball", ["Anna", "Boris"], _scratch_foul)
    try:
        s = app.session
        read_ruling(app)
        assert s.banner is not None and not s.banner_folded
        key(app, pygame.K_i)
        run_until(app, lambda: s.hint is not None, limit=20000)
        frame(app, n=3)
        lines = app.mode.hint_lines()
        assert lines
        side = drawn_words(app, "side", shown=True)
        assert lines[0] in side, (lines[0], side)  # which ball, which pocket
        folded = s.banner_folded
        key(app, pygame.K_h)
        frame(app, n=2)
        assert s.banner_folded is not folded
    finally:
        pygame.display.quit()


def _scratch_foul(r: Any) -> bool:
    from tests.app.test_playfix6_words import _scratch
    return _scratch(r)


@pytest.mark.parametrize("lang", LANGS)
def test_h_unfolds_the_ruling_while_the_computer_waits(lang: str) -> None:
    """The computer waits for the person to read the ruling: H folds and
    unfolds the card as its button (whose key cap says H) does; H did
    nothing there while a click on the button worked."""
    game, names, wanted = CARD_CASES["Express, the computer chooses"]
    app = _foul_played(lang, (800, 500), game, names, wanted)
    try:
        s = app.session
        from tests.app.helpers import key, run_until
        run_until(app, lambda: app.mode.name == "computer" and
                  app.mode.phase == "waiting", limit=3000)
        assert s.banner is not None
        was = s.banner_folded
        key(app, pygame.K_h)
        frame(app, n=2)
        assert s.banner_folded is not was
        assert app.mode.phase == "waiting"  # (H is not "go on")
        key(app, pygame.K_h)
        frame(app, n=2)
        assert s.banner_folded is was
    finally:
        pygame.display.quit()


# (Russian at 800x500 still shows four of its six choices and scrolls the rest)
@pytest.mark.parametrize("lang, size", (("en", (800, 500)), ("en", (1280, 720)),
                                        ("ru", (1280, 720))),
                         ids=("en-800x500", "en-1280x720", "ru-1280x720"))
def test_every_choice_of_the_foul_call_is_in_view(lang: str,
                                                  size: tuple[int, int]) -> None:
    """F (a foul the referee saw) after a scratch: every choice, each foul
    with its rule, is drawn whole in the window at once, in type of 13 px
    or more (at 800x500 in Russian two of its choices showed, the rest
    under "4 more: mouse wheel")."""
    from tests.app.helpers import key
    app = _foul_played(lang, size, "8-ball", ["Anna", "Boris"], _scratch_foul)
    try:
        key(app, pygame.K_f)
        frame(app, n=2)
        d = app.dialogs[-1]
        assert d.kind == "fouls"
        screen = pygame.Rect((0, 0), size)
        for b in d.buttons:
            assert d.rect.contains(b.rect) and screen.contains(b.rect), (
                b.label, b.rect)
            shown = " ".join(t.shown for t in app.texts if b.rect.contains(t.rect))
            for word in b.label.split():
                assert word in shown, (word, shown)
            assert "(" not in b.label or b.label.rstrip("…").endswith(")"), b.label
        caps = {b.key for b in d.buttons}
        for t in app.texts:
            if d.rect.contains(t.rect) and t.text not in caps:
                assert t.size >= 13 and not t.cut, t
        assert d.scroll == 0
        assert not more_below(app)
    finally:
        pygame.display.quit()
