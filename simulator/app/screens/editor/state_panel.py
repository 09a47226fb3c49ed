"""The editor's state panel: the game, who shoots, ball in hand, the groups,
and the game state one field at a time ("-" and "+", a flag toggled, an
Express status cycled). A value loading would refuse is refused here, with
the loader's reason, and the draft stays as it was."""

from __future__ import annotations

import copy
import math
from collections.abc import Iterable, Mapping
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UIDropDownMenu

from simulator.app.screens.editor.draft import (
    OPEN,
    STATE_EDITED,
    EditorBase,
    draft_spec,
    info_of,
    new_draft,
)
from simulator.app.screens.editor.rows import SMALL, Rows
from simulator.app.screens.practice.memory import state_of
from simulator.app.text import ui
from simulator.app.text.words import discipline_label


def _options(labels: Iterable[str]) -> list[str | tuple[str, str]]:
    return list(labels)


class StatePanel(EditorBase):
    """The discipline and the game state of the draft, edited in the side
    column."""

    def set_discipline(self, d: str) -> None:
        if d == self.discipline:
            return
        old = self.draft
        new = new_draft(d)
        keep = {k: v for k, v in old.get("balls", {}).items()
                if str(k).isdigit() and int(k) <= max(info_of(d).balls)}
        spec = draft_spec(new)
        r = spec.balls.radius
        for k, v in keep.items():  # still on the new bed
            keep[k] = [round(min(max(v[0], r), spec.length - r), 4),
                       round(min(max(v[1], r), spec.width - r), 4)]
        game_ball = info_of(d).game_ball
        if keep and game_ball is not None and str(game_ball) not in keep:
            # 8-ball 1, 9-ball 1: the game is won by pocketing it; put down
            # on a free spot (none free: the check says it is missing).
            L, W = spec.length, spec.width
            spots = [new["balls"][str(game_ball)],
                     [round(L * 0.75, 4), round(W * 0.75, 4)],
                     [round(L * 0.5, 4), round(W * 0.25, 4)]]
            at = next((p for p in spots
                       if all(math.dist(p, v) > 2.5 * r for v in keep.values())), None)
            if at is not None:
                keep[str(game_ball)] = at
        new["balls"] = keep or new["balls"]
        new["title"] = old.get("title", new["title"])
        new["id"] = old.get("id", new["id"])
        self.draft.clear()
        self.draft.update(new)
        state_of(self.app).discipline = d
        self.set_spec(spec)
        self.selected = self.next_free()
        self.check()
        self.rebuild()

    def set_state(self, key: str, value: Any) -> bool:
        """Set (``None``: clear) a state field, refused as :meth:`edit_state`."""
        return self.edit_state(key, value)

    def fields(self) -> tuple[str, ...]:
        # Points are 14.1's and Express's: a race game (8-ball, 9-ball)
        # counts racks won, and its position has no score to set.
        points = getattr(self.info, "scoring", "points") == "points"
        return tuple(f.name for f in self.info.position_fields()
                     if f.name not in STATE_EDITED
                     and (points or f.name != "scores")) or ("is_break",)

    def default_field(self) -> str:
        """The field the state row opens on: the break only for a full rack
        or a break already set; «Состояние: разбитие» over four balls read
        as a break (play-test 21)."""
        fields = self.fields()
        if self.full_rack() or self.state_value("is_break"):
            return fields[0]
        return next((f for f in fields if f != "is_break"), fields[0])

    def shot_kind(self) -> str:
        """What the next shot is, in words: the break or a shot in play."""
        return self.app.t("editor.next_break" if self.state_value("is_break")
                          else "editor.next_shot")

    def _defaults(self) -> Any:
        """The referee's state for an empty position of this discipline and
        number of players: what a field is when the draft does not set it."""
        from simulator.practice.scenario import ScenarioError, parse_scenario
        d = new_draft(self.discipline)
        d["players"] = self.draft.get("players", d["players"])
        try:
            return parse_scenario(d).game
        except ScenarioError:
            return parse_scenario(new_draft(self.discipline)).game

    def state_value(self, key: str) -> Any:
        """The field's value in the draft, else the game's default."""
        st = self.draft.get("state", {})
        if isinstance(st, dict) and key in st:
            return copy.deepcopy(st[key])
        v = getattr(self._defaults(), key, None)
        return list(v) if isinstance(v, tuple) else v

    def edit_state(self, key: str, value: Any) -> bool:
        """Set a state field; a value loading would refuse is refused here
        with the loader's reason, and the draft stays as it was."""
        from simulator.practice.scenario import ScenarioError, parse_scenario
        before = copy.deepcopy(self.draft)
        old_error = self.error
        st = self.draft.setdefault("state", {})
        if value is None:
            st.pop(key, None)
        else:
            st[key] = value
        try:
            parse_scenario(self.draft)
        except ScenarioError as e:
            # A draft already invalid for another reason (the balls) keeps
            # its message: only a change that adds a problem is refused.
            if self.why(e) != old_error:
                self.draft.clear()
                self.draft.update(before)
                self.refused = self.why(e)
                self.app.notify(self.app.t("editor.refused", reason=self.why(e)), 5.0)
                self.rebuild()
                return False
        self.refused = None
        self.changed()
        self.rebuild()
        return True

    def step_field(self, delta: int, key: str | None = None,
                   player: int | None = None) -> bool:
        """The "-" and "+" buttons: a number steps, a flag toggles, an Express
        status cycles."""
        k = self.field if key is None else key
        i = self.field_player if player is None else player
        cur = self.state_value(k)
        if self.per_player(k):
            n = int(self.draft.get("players", 2))
            vals = list(cur) if isinstance(cur, list) and len(cur) == n \
                else [None] * n
            if not 0 <= i < n:
                return False
            vals[i] = self._stepped(k, vals[i], delta)
            return self.edit_state(k, vals)
        return self.edit_state(k, self._stepped(k, cur, delta))

    def is_flag(self, key: str) -> bool:
        f = self.state_field(key)
        return f is not None and f.kind in ("bool", "bools")

    def _stepped(self, key: str, v: Any, delta: int) -> Any:
        """A field's next value: a flag toggles, a word cycles through the
        field's values, a number steps."""
        f = self.state_field(key)
        if f is not None and f.values and f.kind in ("str", "strs"):
            values = f.values
            j = values.index(v) if v in values else 0
            return values[(j + delta) % len(values)]
        if isinstance(v, bool) or self.is_flag(key):
            return not bool(v)
        return (v if isinstance(v, int) else 0) + delta

    def field_text(self) -> str:
        t = self.app.t
        v = self.state_value(self.field)
        if self.per_player(self.field) and isinstance(v, list) and \
                0 <= self.field_player < len(v):
            v = v[self.field_player]
        if isinstance(v, bool):
            return t("editor.yes") if v else t("editor.no")
        if isinstance(v, str):
            for key in (f"editor.{self.field}_{v}", f"value.{v}"):
                if self.app.locale.has(key):
                    return t(key)
        return str(v)

    def field_sentence(self) -> str:
        """The chosen field and its value as a sentence ("Next shot is the
        break: yes", "Player 1's score: 30")."""
        name = self.app.t("setup.player_n", n=self.field_player + 1)
        return self.app.t(f"editor.say_{self.field}", name=name,
                          value=self.field_text())

    def build_game_menu(self, rows: Rows) -> None:
        """The game the position is for."""
        from rules import registry
        app = self.app
        self.disc_labels = {discipline_label(app.locale, d): d
                            for d in registry.names()}
        self.disc_menu = UIDropDownMenu(
            _options(self.disc_labels), discipline_label(app.locale, self.discipline),
            rows.row(app.t("setup.game")), app.gui, object_id=SMALL)

    def build_state_rows(self, rows: Rows) -> None:
        """Who shoots, ball in hand, the groups, then one field of the game
        state at a time with its value as a sentence."""
        t = self.app.t
        n_players = int(self.draft.get("players", 2))
        state = self.draft.get("state", {})
        names = [t("setup.player_n", n=i + 1) for i in range(n_players)]
        self._shooter_menu(rows, state, names)
        self._hand_menu(rows, state)
        self._group_menu(rows, state)
        self._field_menus(rows, names)
        self._value_buttons(rows)

    def _shooter_menu(self, rows: Rows, state: Mapping[str, Any],
                      names: list[str]) -> None:
        shooter = state.get("shooter", 0)
        shooter = shooter if isinstance(shooter, int) and 0 <= shooter < len(names) \
            else 0
        self.shooter_menu = UIDropDownMenu(_options(names), names[shooter],
                                           rows.row(self.app.t("editor.shooter")),
                                           self.app.gui, object_id=SMALL)

    def _hand_menu(self, rows: Rows, state: Mapping[str, Any]) -> None:
        from rules import registry
        t = self.app.t
        kinds = tuple(str(k.value) for k in
                      registry.discipline_class(self.discipline).hand_values)
        self.hand_labels = {t(f"editor.hand_{k}"): k for k in kinds}
        hand = state.get("ball_in_hand", "none")
        self.hand_menu = UIDropDownMenu(
            _options(self.hand_labels),
            next((lbl for lbl, k in self.hand_labels.items() if k == hand),
                 next(iter(self.hand_labels))),
            rows.row(t("editor.ball_in_hand")), self.app.gui, object_id=SMALL)

    def _group_menu(self, rows: Rows, state: Mapping[str, Any]) -> None:
        t = self.app.t
        self.group_menu: UIDropDownMenu | None = None
        groups_of = [g.name for g in self.info.groups]
        if groups_of:
            self.group_labels = {t(f"editor.groups_{g}"): g
                                 for g in (OPEN, *groups_of)}
            groups = state.get("groups", [OPEN, OPEN])
            g0 = groups[0] if isinstance(groups, list) and groups else OPEN
            self.group_menu = UIDropDownMenu(
                _options(self.group_labels),
                next((lbl for lbl, g in self.group_labels.items() if g == g0),
                     next(iter(self.group_labels))),
                rows.row(t("editor.groups")), self.app.gui, object_id=SMALL)

    def _field_menus(self, rows: Rows, names: list[str]) -> None:
        """The game state: a field, and whose it is."""
        app = self.app
        t = app.t
        fields = self.fields()
        if self.field not in fields or not self.field_chosen:
            # Until a field is picked, the row follows the position.
            self.field = self.default_field()
        self.field_labels = {t(f"editor.field_{k}"): k for k in fields}
        self.field_menu = UIDropDownMenu(
            _options(self.field_labels), t(f"editor.field_{self.field}"),
            rows.row(t("editor.state")), app.gui, object_id=SMALL)
        self.player_menu: UIDropDownMenu | None = None
        if self.per_player(self.field):
            self.field_player = min(self.field_player, len(names) - 1)
            self.player_menu = UIDropDownMenu(
                _options(names), names[self.field_player], rows.row(t("editor.player")),
                app.gui, object_id=SMALL)

    def _value_buttons(self, rows: Rows) -> None:
        """The value as a sentence, drawn; "-" and "+" (or "change") beside it."""
        app = self.app
        r, y, bh = rows.rect, rows.y, rows.height
        flag = self.is_flag(self.field)
        bw = max(30, bh + 6)
        self.sentence_rect = pygame.Rect(r.left, y, r.width - (bw if flag else 2 * bw)
                                         - 12, bh)
        if flag:
            UIButton(pygame.Rect(r.right - bw, y, bw, bh), "±", app.gui,
                     command=app.later(lambda: self.step_field(1)))
        else:
            UIButton(pygame.Rect(r.right - 2 * bw - 4, y, bw, bh), "−", app.gui,
                     command=app.later(lambda: self.step_field(-1)))
            UIButton(pygame.Rect(r.right - bw, y, bw, bh), "+", app.gui,
                     command=app.later(lambda: self.step_field(1)))
        rows.skip(bh)

    def _menu(self, event: pygame.event.Event) -> None:
        el = event.ui_element
        if el is self.disc_menu:
            d = self.disc_labels.get(event.text)
            if d is not None:
                self.app.later(lambda: self.set_discipline(d))()
        elif el is self.shooter_menu:
            n = int(self.draft.get("players", 2))
            names = [self.app.t("setup.player_n", n=i + 1) for i in range(n)]
            if event.text in names:
                i = names.index(event.text)
                self.app.later(lambda: self.set_state("shooter", i or None))()
        elif el is self.hand_menu:
            k = self.hand_labels.get(event.text)
            if k is not None:
                self.app.later(lambda: self.set_state(
                    "ball_in_hand", None if k == "none" else k))()
        elif el is self.field_menu:
            k = self.field_labels.get(event.text)
            if k is not None:
                self.field = k
                self.field_chosen = True
                self.app.later(self.rebuild)()
        elif self.player_menu is not None and el is self.player_menu:
            n = int(self.draft.get("players", 2))
            names = [self.app.t("setup.player_n", n=i + 1) for i in range(n)]
            if event.text in names:
                self.field_player = names.index(event.text)
                self.app.later(self.rebuild)()
        elif self.group_menu is not None and el is self.group_menu:
            g = self.group_labels.get(event.text)
            if g is not None:
                names = [grp.name for grp in self.info.groups]
                other = next((n for n in names if n != g), g)
                self.app.later(lambda: self.set_state(
                    "groups", None if g == OPEN else [g, other]))()

    def draw_side(self, surface: pygame.Surface) -> None:
        super().draw_side(surface)
        rect = getattr(self, "sentence_rect", None)
        if rect is not None:
            size = max(11, min(15, rect.height - 10))
            lines = ui.wrap(self.field_sentence(), size, rect.width)
            while len(lines) * ui.line_height(size) > rect.height + 4 and size > 10:
                size -= 1
                lines = ui.wrap(self.field_sentence(), size, rect.width)
            lh = ui.line_height(size)
            y = rect.centery - len(lines) * lh // 2
            for ln in lines:
                ui.line(surface, ln, size, ui.INK, pygame.Rect(rect.left, y, rect.width,
                                                               lh))
                y += lh
