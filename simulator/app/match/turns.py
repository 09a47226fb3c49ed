"""What comes next in a match, as the window holds it: the screen the
referee's requirements call for (a choice, ball in hand, an ordinary shot,
the end of the match), the computers' signatures, undo and redo, a foul a
person calls, and conceding. Screens are reached by name, so this module
needs no screen.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from typing import Any

import pygame

from simulator.app.loop.app import App, Mode
from simulator.app.match.session import Session, choice_card
from simulator.app.text.words import (
    choice_rule,
    chooses_words,
    chosen_label,
    reason_text,
    ref_text,
)

CONCEDE = "loss.conceded"
UNDO_SECONDS = 4.0  # the toast naming what an undo took back: time to read it


def match_screen(app: App) -> Mode:
    """The mode the referee's requirements call for."""
    mode = requirements_screen(app)
    s = app.session
    if s is not None and mode.name != "computer":
        # Loaded elsewhere than a computer's turn (a game's end card, a
        # person's turn): the person acts first, and no computer waits later.
        s.loaded_step = None
    return mode


def requirements_screen(app: App) -> Mode:
    """The screen for where the match stands, by the referee's requirements."""
    s = app.session
    if s is None:
        return app.make("menu")
    from simulator.app.match import club
    club.settle(app, s)  # a decided match recorded once, an undone one taken back
    if s.over or club.decided(s):
        return app.make("view", dialog="gameover")
    if s.ended_table() is not None:
        return app.make("game_end")  # read before the next rack is set
    req = s.req
    assert req is not None
    from simulator.app.match import computer
    who = computer.turn(s.match)
    if who is not None and s.computer_failed == len(s.match.history):
        who = None  # its search failed here: a person plays this turn
    if who is not None and who.kind == "sign":
        computer_signs(app, s)
        return match_screen(app)
    if who is not None:
        left = resumed_turn(s, who.kind, who.player)
        return left or app.make("computer", kind=who.kind, player=who.player)
    if req.is_lag:
        return app.make("lag")
    if req.pending:
        return app.make("view", dialog="choice")
    waiting = tuple(getattr(req, "may_sign", ()))
    step = len(s.match.history)
    ask_sign = bool(waiting) and s.sign_asked != step
    if ask_sign:
        s.sign_asked = step
    if req.ball_in_hand.value != "none" and not s.placed_by_player:
        return app.make("placing", ask_sign=ask_sign)
    return app.make("aiming", ask_sign=ask_sign)


def resumed_turn(s: Session, kind: str, player: int) -> Mode | None:
    """The computer's turn left for help or the replay, when the match
    stands where it did: it goes on where it was (its countdown neither
    restarted nor skipped). Taken once; any other step forgets it."""
    left, s.computer_left = s.computer_left, None
    if left is not None and left.kind == kind and left.player == player and \
            left.stands(s):
        return left  # type: ignore[no-any-return]
    return None


def next_step(app: App) -> None:
    """Go where the referee says the match stands."""
    app.go("match")


def computer_signs(app: App, s: Session) -> None:
    """Express (SEED-E 2.5): each computer written down to zero signs back in
    or declines at once; the window says which."""
    from rules.ruling import CHOICE_REFS, Choice
    from simulator.app.match import computer
    req = s.req
    players = computer.computers(s.match)
    before = s.banner
    said: list[str] = []
    for p in tuple(getattr(req, "may_sign", ())):
        cp = players[p]
        if cp is None:
            continue
        d = cp.sign(s.match.discipline, s.match.state, p)
        s.choose(d.choice, p)
        ref = CHOICE_REFS.get(Choice.SIGN)
        said.append(app.t("cpu.signs" if d.sign else "cpu.declines", name=s.name(p),
                          rule=ref_text(s.locale, ref) if ref else ""))
    if said:
        choice_card(s, " · ".join(said), before)


def referee_action(app: App, ask: Callable[[Session], object]) -> Callable[[], None]:
    """A button's action that puts something to the referee through the
    session: a refusal is said on screen, and the table moves on either way."""
    def fn() -> None:
        s = app.session
        if s is None:
            return
        from rules.ruling import RulesError
        try:
            ask(s)
        except RulesError as e:
            app.notify(refusal(app, s, e))
        next_step(app)
    return fn


def refusal(app: App, s: Session, error: BaseException,
            player: int | None = None) -> str:
    """A referee's refusal in words naming the player it concerns (``player``,
    else the one choosing or at the table), as a person reads it."""
    text = reason_text(app.locale, error, s.names)
    req = s.req
    if player is None and req is not None:
        player = req.chooser if req.pending and req.chooser is not None \
            else req.shooter
    if player is None or s.name(player) in text:
        return text
    return app.t("banner.refused_by", name=s.name(player), reason=text)


def choose_action(app: App, choice: Any) -> Any:
    """The button action that makes the incoming player's choice, said on
    the card that follows it (the side column was left empty)."""
    def ask(s: Session) -> None:
        req = s.req
        before = s.banner
        chooser = None if req is None else \
            req.chooser if req.chooser is not None else req.shooter
        ref = choice_rule(s.discipline, choice, s.last_ruling)
        s.choose(choice)
        if chooser is not None:
            choice_card(s, chooses_words(s.locale, choice, s.name(chooser), ref),
                        before)
    return referee_action(app, ask)


def called_shooter(s: Session) -> int | None:
    """The computer seat whose shot a person's call of a foul concerns: its
    shot is the last step (nothing but such calls since), whoever is at the
    table now, so the foul is charged to the player who committed it. None:
    the call is on the player at the table (a foul between strokes)."""
    at = s.match.called_shot()
    if at is None or not s.has_person():
        return None
    ruling = s.match.rulings[at]
    if ruling is None or not s.is_computer(ruling.shooter):
        return None
    return ruling.shooter


def no_call_words(s: Session, player: int) -> str:
    """Why there is no shot of computer ``player``'s to call a foul on
    (``called_shooter`` found none): it has not played, the last shot was
    another player's, or the match has moved on since its own."""
    last = next((r for a, r in zip(reversed(s.match.history),
                                   reversed(s.match.rulings), strict=True)
                 if a.get("type") == "shot" and r is not None), None)
    if last is None:
        return s.locale.t("fouls.no_shot", name=s.name(player))
    if last.shooter != player:
        return s.locale.t("fouls.not_theirs", name=s.name(player),
                          person=s.name(last.shooter))
    return s.locale.t("fouls.moved_on", name=s.name(player))


def callable_fouls(s: Session) -> list[Any]:
    """The fouls a person may call now: codes only a person can see, that the
    referee's discipline accepts for the current state, or for the stroke of
    a computer's last shot (``called_shooter``) those not called on it yet."""
    from rules.codes import all_codes
    from rules.ruling import RulesError
    out = []
    at = s.match.called_shot() if called_shooter(s) is not None else None
    done = set() if at is None else \
        {a.get("code") for a in s.match.history[at + 1:]}
    info = s.match.discipline.info
    home = info.ref
    for c in all_codes():
        if not c.referee_called or c.kind.value not in ("foul", "loss"):
            continue
        if c.id == CONCEDE:
            continue  # conceding is in the menu, not a foul the referee saw
        # Offer the codes written for this game (and the general rules of its
        # own rule book: a pool game's).
        if c.ref.file != home.file or c.ref.section not in info.rule_sections:
            continue
        try:
            if at is None:
                s.match.discipline.call_foul(s.match.state, c)
            else:
                s.match.discipline.stroke_called(s.match.state_before(at), c)
        except (RulesError, ValueError, KeyError, AttributeError):
            continue
        if c.id not in done:
            out.append(c)
    return out


def leaving(s: Session) -> bool:
    """Whether conceding is leaving: of three or more still in play (Express
    R21) the player at the table leaves and the others play on; with two
    left, as between two, conceding ends the match."""
    return len(s.names) > 2 and len(s.match.discipline.in_play(s.match.state)) > 2


def conceder(s: Session) -> int | None:
    """Who concedes from the menu: the person at the table, or with two in
    play against the computer the person at the window even at the
    computer's turn (a person never concedes for a computer seat); of three
    or more in play (Express R21) the player at the table leaves. None if no
    person plays."""
    req = s.req
    if req is None:
        return None
    if not s.is_computer(req.shooter):
        return req.shooter
    in_play = s.match.discipline.in_play(s.match.state)
    if len(in_play) != 2:
        return None
    other = next(p for p in in_play if p != req.shooter)
    return None if s.is_computer(other) else other


def can_concede(s: Session) -> bool:
    """Whether the referee takes a conceded game in this match now."""
    from rules.codes import code_by_id
    from rules.ruling import RulesError
    if s.over or s.req is None or s.req.is_lag or conceder(s) is None:
        return False
    try:
        s.match.discipline.call_foul(s.match.state, code_by_id(CONCEDE))
    except (RulesError, ValueError, KeyError, AttributeError):
        return False
    return True


def unbroken_game(s: Session) -> int | None:
    """The number of the game in play when it is not broken yet and a game
    of the match has already ended: giving it up gives up a game nobody has
    played, which the player must be told (after winning game 1, "Concede
    the game" gave the computer game 2 unplayed, unsaid); None otherwise."""
    n = s.match.game_number
    return n if n > 1 and s.match.state.shots == 0 else None


def last_step(s: Session) -> tuple[str, str, str]:
    """The match's last step: its kind ("shot", "foul" for a foul shot,
    "choice", "called", "concede", "lag"), who made it and, of a choice,
    what was chosen, said of its chooser."""
    act = s.match.history[-1]
    by = (act.get("record") or {}).get("by")
    name = s.name(s.names.index(by)) if by in s.names else "?"
    kind = str(act.get("type"))
    if kind == "shot":
        ruling = s.match.rulings[-1]
        return ("foul" if ruling is not None and ruling.fouls else "shot"), name, ""
    if kind == "choice":
        return kind, name, chosen_label(s.locale, str(act.get("choice")), name)
    if kind in ("foul", "concede") and leaving_step(s, act):
        return "leave", name, ""
    if kind == "foul":  # called by a person, not seen in a shot
        return "called", name, ""
    return (kind if kind == "concede" else "lag"), name, ""


def leaving_step(s: Session, act: Mapping[str, Any]) -> bool:
    """Whether a step is a player leaving the match: of three or more
    (Express R21) a concession, as the last two's or the one at the table's
    "loss.conceded" while three play on; no one opponent is conceded to."""
    if len(s.names) <= 2:
        return False
    return act.get("type") == "concede" or act.get("code") == CONCEDE


def undone_words(s: Session, steps: list[tuple[str, str, str]],
                 heading: str = "undo.said.done") -> str:
    """What an undo took back (or a redo made again, ``heading``), in
    order, as a sentence, and who plays now: "Taken back: a foul by Anna
    and 4 shots by Computer (club player). Anna to shoot." A player's shots
    in a row are counted, their fouls among them said (the list of steps,
    «удар с фолом — Anna · удар без фола — Компьютер ×4», read as
    cryptic)."""
    t = s.locale.t
    said: list[str] = []
    for name, run in itertools.groupby(steps, key=lambda st: st[1] if st[0] in (
            "shot", "foul") else None):
        run_steps = list(run)
        if name is None:  # a choice, a call, a concession, the lag: each said
            said += [step_said(s, st) for st in run_steps]
            continue
        n = len(run_steps)
        fouls = sum(st[0] == "foul" for st in run_steps)
        if n == 1:
            said.append(t(f"undo.said.{run_steps[0][0]}", name=name))
            continue
        words = t("undo.said.fouls" if fouls == n else "undo.said.shots",
                  n=n, name=name)
        if 0 < fouls < n:
            words = t("undo.said.some_fouls", shots=words, n=fouls)
        said.append(words)
    what = said[0] if len(said) == 1 else \
        t("undo.said.sep").join(said[:-1]) + t("undo.said.and") + said[-1]
    return " ".join(w for w in (t(heading, steps=what), now_words(s)) if w)


def now_words(s: Session) -> str:
    """Where an undo or a redo leaves the match: who plays now; at a game's
    end (its card up, the next rack waiting) that it is over and who breaks
    next ("Computer to shoot" read as if the game went on); the match over."""
    t = s.locale.t
    turn = to_play(s)
    if s.over:
        return t("undo.said.match_over")
    if s.ended_table() is not None:
        return t("undo.said.next_break", name=s.name(turn[1])) \
            if turn is not None and turn[0] == "shoot" else t("undo.said.game_over")
    if turn is not None:
        return t(f"undo.said.next_{turn[0]}", name=s.name(turn[1]))
    return ""


def step_said(s: Session, step: tuple[str, str, str]) -> str:
    """A step other than a shot inside the undo's sentence."""
    kind, name, choice = step
    if kind == "choice" and choice.startswith(f"{name} "):
        return choice  # "Boris hands the shot back": the name said once
    return s.locale.t(f"undo.said.{kind}", name=name, choice=choice)


def to_play(s: Session) -> tuple[str, int] | None:
    """Who plays now and how: ("shoot", seat) or ("choose", seat); None
    at the lag or with the match over."""
    req = s.req
    if s.over or req is None or req.is_lag:
        return None
    from simulator.app.match import computer
    who = computer.turn(s.match)
    if who is not None:
        return ("shoot" if who.kind == "shot" else "choose"), who.player
    if req.pending:
        return "choose", req.chooser if req.chooser is not None else req.shooter
    return "shoot", req.shooter


def undo_key(event: pygame.event.Event) -> bool:
    """Whether the key is undo's: U alone or Ctrl+Z, as the help lists them.
    Ctrl+U, Alt+U and Ctrl+Alt+Z (AltGr+Z on some keyboards) undid too,
    listed nowhere: steps went back on a key the player did not know was
    undo's."""
    k = event.key
    mods = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_SHIFT | pygame.KMOD_ALT
                        | pygame.KMOD_GUI)
    return (k == pygame.K_u and not mods) or (
        k == pygame.K_z and bool(mods & pygame.KMOD_CTRL)
        and not mods & ~pygame.KMOD_CTRL)


def redo_key(event: pygame.event.Event) -> bool:
    """Whether the key is redo's: Y, Shift+U or Ctrl+Shift+Z."""
    k = event.key
    ctrl = bool(event.mod & pygame.KMOD_CTRL)
    shift = bool(event.mod & pygame.KMOD_SHIFT)
    return k == pygame.K_y or (k == pygame.K_z and ctrl and shift) or \
        (k == pygame.K_u and shift)


def undo_redo_key(app: App, event: pygame.event.Event) -> bool:
    """U (Ctrl+Z) undoes, Y redoes, as at the table: on a card that waits
    for a decision too (the choice after a foul took U for nothing, undo
    only through Esc's menu); True when the key was one of them."""
    if event.type != pygame.KEYDOWN:
        return False
    if undo_key(event):
        undo(app)
    elif redo_key(event):
        redo(app)
    else:
        return False
    return True


def undo(app: App) -> None:
    """Take back the last step, and the computers' steps before it back to a
    person's turn; the toast says in a sentence what was taken back and
    who plays now."""
    s = app.session
    if s is None:
        return
    if not app.settings.allow_undo:
        app.notify(app.t("undo.off"))
        return
    if not s.can_undo():
        app.notify(app.t("undo.nothing"))
        return
    # Back to a person's turn: at its own turn a computer would only make
    # the same move again (its decisions follow from the match's seed). A
    # person's call on a computer's shot is their own step: undone alone,
    # the shot stands as it was judged.
    from simulator.app.match import computer
    called = s.match.history[-1].get("on") == "shot"
    undone: list[tuple[str, str, str]] = []
    while not undone or (not called and s.has_person() and s.can_undo() and
                         computer.turn(s.match) is not None):
        undone.append(last_step(s))
        s.undo()
    app.inform(undone_words(s, undone[::-1]), UNDO_SECONDS, until_stroke=True)
    next_step(app)


def redo(app: App) -> None:
    s = app.session
    if s is None:
        return
    if not app.settings.allow_undo:
        app.notify(app.t("undo.off"))
        return
    from rules.ruling import RulesError
    try:
        done = s.redo()
    except RulesError as e:
        app.notify(reason_text(app.locale, e, s.names))
        return
    if not done:
        app.notify(app.t("redo.nothing"))
        return
    redone = [last_step(s)]
    from simulator.app.match import computer
    while s.has_person() and s.can_redo() and computer.turn(s.match) is not None:
        try:
            s.redo()
        except RulesError:
            break
        redone.append(last_step(s))
    app.inform(undone_words(s, redone, "redo.said"), UNDO_SECONDS,
               until_stroke=True)
    next_step(app)


def concede(app: App, whole_match: bool, by: int | None = None) -> None:
    """The person who concedes (``conceder``, or ``by``: the other of two
    people) loses the game, or the match: every game still to play goes to
    the opponent and the match ends. Of three or more in play the one at the
    table leaves (Express R21)."""
    s = app.session
    if s is None or not can_concede(s):
        return
    if app.mode is not None:
        game = s.match.game_number
        app.mode.conclude()  # a stroke rolling is played out and judged first
        s = app.session
        if s is None:
            return
        if s.over or s.match.game_number != game:
            # That stroke ended the game: conceding now would give up the
            # next one, racked unseen under the game's end card.
            decided_by_stroke(app, s)
            return
        if not can_concede(s):
            return
    from rules.ruling import RulesError
    who = conceder(s) if by is None else by
    assert who is not None
    try:
        if leaving(s):
            s.call_foul(CONCEDE)
        else:
            s.concede(who, whole_match)
    except RulesError as e:
        app.notify(reason_text(app.locale, e, s.names))
    next_step(app)


def decided_by_stroke(app: App, s: Session) -> None:
    """The stroke rolling when a person conceded ended the game: said, and
    nothing conceded; the match concession is offered again while the
    match goes on (its end card shows the table that stroke left)."""
    r = s.last_ruling
    winner = s.name(r.winner if r is not None else None)
    if s.over:
        app.inform(app.t("concede.stroke_won_match", name=winner), 6.0)
        return
    app.open("concede_decided", winner=winner)
