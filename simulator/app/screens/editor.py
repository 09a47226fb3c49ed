"""The position editor: place, move and remove balls with the mouse, choose
the discipline and the game state (the break, scores, consecutive fouls,
warnings, the push-out, Express statuses and signatures), test a stroke from
the position, and save or load scenario files with a title in each language.

The draft is plain scenario data (docs/formats.md); every change is checked
with ``parse_scenario``, the same validation as loading, and the reason shown.
Saving goes through ``save_scenario`` (validated, atomic).
"""

from __future__ import annotations

import copy
import functools
import math
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine

from simulator.app.loop.app import App
from simulator.app.screens.practice.memory import state_of
from simulator.app.screens.practice.own_shot import play_position
from simulator.app.screens.practice.practice_screen import PracticeScreen
from simulator.app.screens.practice.scenario_list import to_practice_list
from simulator.app.screens.practice.session import practice_session
from simulator.app.table import scoreboard
from simulator.app.text import fonts, ui
from simulator.app.text.words import discipline_label, file_reason_text, reason_text
from simulator.files import profile
from simulator.table.specs import TableSpec, table_by_name

# Keys of a scenario that belong to a recorded situation: a changed position
# or discipline no longer matches them, so the editor drops them.
SITUATION_KEYS = ("stroke", "declarations", "question", "expect", "choice", "gallery")
# Position fields with widgets of their own; the rest are edited one at a time
# with "-" and "+" (the registry says which fields a game's position has).
STATE_EDITED = ("shooter", "breaker", "ball_in_hand", "groups")
OPEN = "open"  # no group chosen yet (8-ball)
LANGS = ("en", "ru")


def info_of(discipline: str) -> Any:
    """A game's facts from the referee's registry."""
    from rules import registry
    return registry.info(discipline)


def first_game() -> str:
    from rules import registry
    return registry.names()[0]


def scenarios_dir() -> Path:
    return profile.scenarios_dir()


def new_draft(discipline: str = "") -> dict[str, Any]:
    discipline = discipline or first_game()
    info = info_of(discipline)
    spec = table_by_name(info.default_table)
    L, W = spec.length, spec.width
    return {
        "format": "kiy-scenario", "version": 1, "id": "my-position",
        "discipline": discipline,
        "players": info.min_players,
        "title": {"en": "My position", "ru": "Моя позиция"},
        "balls": {"0": [round(L * 0.25, 4), round(W * 0.5, 4)],
                  "1": [round(L * 0.75, 4), round(W * 0.5, 4)]},
        "state": {},
    }


def draft_spec(d: Mapping[str, Any]) -> TableSpec:
    if isinstance(d.get("table"), str):
        try:
            return table_by_name(d["table"])
        except ValueError:
            pass
    try:
        return table_by_name(info_of(str(d.get("discipline", ""))).default_table)
    except Exception:  # an unknown game: the draft's check says so
        return table_by_name(info_of(first_game()).default_table)


def _options(labels: Iterable[str]) -> list[str | tuple[str, str]]:
    return list(labels)


def slug(text: str) -> str:
    s = re.sub(r"[^a-z0-9_-]+", "-", text.lower()).strip("-")
    return (s or "my-position")[:64]


class EditorMode(PracticeScreen):
    name = "editor"
    title_en: UITextEntryLine  # the title in each language (built with the panel)
    title_ru: UITextEntryLine

    def __init__(self, app: App) -> None:
        st = state_of(app)
        if st.editor is None:
            st.editor = new_draft(st.discipline)
        self.draft: dict[str, Any] = st.editor
        self.draft.setdefault("state", {})
        super().__init__(app, draft_spec(self.draft))
        self.selected = 1  # the ball a click on the cloth puts down
        self.drag: int | None = None
        self.hover: tuple[float, float] | None = None
        self.error: str | None = None
        self.refused: str | None = None  # why the last state change was refused
        self.field = self.fields()[0]
        self.field_player = 0
        self.check()
        self.selected = self.next_free()

    # -- the draft -----------------------------------------------------------------
    @property
    def discipline(self) -> str:
        return str(self.draft.get("discipline", "") or first_game())

    @property
    def info(self) -> Any:
        try:
            return info_of(self.discipline)
        except Exception:
            return info_of(first_game())

    def state_field(self, key: str) -> Any:
        return next((f for f in self.info.position_fields() if f.name == key), None)

    def per_player(self, key: str) -> bool:
        f = self.state_field(key)
        return bool(f is not None and f.per_player)

    def balls(self) -> dict[int, tuple[float, float]]:
        out: dict[int, tuple[float, float]] = {}
        for k, v in self.draft.get("balls", {}).items():
            if str(k).isdigit() and isinstance(v, list) and len(v) == 2:
                out[int(k)] = (float(v[0]), float(v[1]))
        return out

    def set_ball(self, b: int, p: tuple[float, float] | None) -> None:
        balls = self.draft.setdefault("balls", {})
        if p is None:
            balls.pop(str(b), None)
        else:
            balls[str(b)] = [round(p[0], 4), round(p[1], 4)]
        self.changed()

    def changed(self) -> None:
        """A change to the position or the state: drop the recorded situation
        that no longer fits and validate again."""
        for k in SITUATION_KEYS:
            self.draft.pop(k, None)
        self.check()

    def check(self) -> bool:
        from simulator.practice.scenario import ScenarioError, parse_scenario
        try:
            parse_scenario(self.draft)
        except ScenarioError as e:
            self.error = self.why(e)
            return False
        self.error = None
        return True

    def why(self, error: BaseException) -> str:
        """The loader's reason for refusing, in the player's language."""
        return reason_text(self.app.locale, error)

    def max_ball(self) -> int:
        return int(max(self.info.balls))

    def ball_at(self, p: tuple[float, float]) -> int | None:
        r = self.spec.balls.radius
        best = None
        for b, q in self.balls().items():
            d = math.dist(p, q)
            if d < r * 1.2 and (best is None or d < best[0]):
                best = (d, b)
        return best[1] if best is not None else None

    def clamp(self, p: tuple[float, float]) -> tuple[float, float]:
        r = self.spec.balls.radius
        return (min(max(p[0], r), self.spec.length - r),
                min(max(p[1], r), self.spec.width - r))

    def next_free(self) -> int:
        have = self.balls()
        for b in range(0, self.max_ball() + 1):
            if b not in have:
                return b
        return self.selected

    # -- actions -----------------------------------------------------------------------
    def place(self, p: tuple[float, float], ball: int | None = None) -> None:
        b = self.selected if ball is None else ball
        self.set_ball(b, self.clamp(p))
        if ball is None and b == self.selected:
            self.selected = self.next_free()
        self.rebuild()

    def remove(self, b: int) -> None:
        self.set_ball(b, None)
        self.selected = b
        self.rebuild()

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

    # -- the game state, one field at a time ---------------------------------------
    def fields(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.info.position_fields()
                     if f.name not in STATE_EDITED) or ("is_break",)

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

    def titles(self) -> dict[str, str]:
        """The title in both languages: what is typed, else what the draft
        had; one language left empty takes the other's text."""
        old = self.draft.get("title", {})
        out: dict[str, str] = {}
        for lang in LANGS:
            entry = getattr(self, f"title_{lang}", None)
            text = entry.get_text().strip() if entry is not None else ""
            if not text and isinstance(old, dict):
                text = str(old.get(lang, "")).strip()
            out[lang] = text
        for a, b in (("en", "ru"), ("ru", "en")):
            if not out[a]:
                out[a] = out[b]
        return out

    def sync_titles(self) -> None:
        t = self.titles()
        if all(t.values()):
            self.draft["title"] = t

    def rebuild(self) -> None:
        self.sync_titles()  # typed titles survive the panel being rebuilt
        super().rebuild()

    def test_stroke(self) -> None:
        from simulator.practice.scenario import ScenarioError, parse_scenario
        try:
            sc = parse_scenario(self.draft)
        except ScenarioError as e:
            self.error = self.why(e)
            self.app.notify(self.why(e), 5.0)
            return
        app = self.app

        def back() -> None:
            app.go("editor")
        play_position(app, practice_session(app, sc, back))

    def path(self) -> Path:
        text = self.path_entry.get_text().strip() if hasattr(self, "path_entry") \
            else state_of(self.app).editor_path
        if not text:
            text = str(scenarios_dir() / f"{slug(str(self.draft.get('id', '')))}.toml")
        p = Path(text).expanduser()
        if p.suffix.lower() != ".toml":
            p = p.with_suffix(".toml")
        return p

    def save(self) -> Path | None:
        from simulator.practice.scenario import ScenarioError, save_scenario
        p = self.path()
        self.draft["id"] = slug(p.stem)
        self.sync_titles()
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            save_scenario(self.draft, p)
        except ScenarioError as e:
            self.error = self.why(e)
            self.app.notify(self.app.t("editor.not_saved", reason=self.why(e)), 6.0)
            return None
        except OSError as e:
            self.app.notify(self.app.t("editor.not_saved", reason=self.why(e)), 6.0)
            return None
        state_of(self.app).editor_path = str(p)
        self.app.notify(self.app.t("editor.saved", file=str(p)), 3.0)
        return p

    def load(self) -> bool:
        from simulator.practice.scenario import ScenarioError, load_scenario
        p = self.path()
        try:
            sc = load_scenario(p)
        except ScenarioError as e:
            self.app.notify(self.app.t("editor.not_loaded", reason=file_reason_text(
                self.app.locale, e, p.name)), 6.0)
            return False
        data = sc.to_dict()
        data.setdefault("state", {})
        self.draft.clear()
        self.draft.update(data)
        st = state_of(self.app)
        st.editor_path = str(p)
        st.discipline = sc.discipline
        self.refused = None
        title = self.draft.get("title", {})
        for lang in LANGS:  # the file's titles replace what was typed
            entry = getattr(self, f"title_{lang}", None)
            if entry is not None and isinstance(title, dict):
                entry.set_text(str(title.get(lang, "")))
        self.set_spec(draft_spec(self.draft))
        self.selected = self.next_free()
        self.check()
        self.rebuild()
        self.app.notify(self.app.t("editor.loaded", file=str(p)), 3.0)
        return True

    def clear(self) -> None:
        cue = self.balls().get(0)
        self.draft["balls"] = {} if cue is None else {"0": list(cue)}
        self.changed()
        self.selected = self.next_free()
        self.rebuild()

    def leave(self) -> None:
        to_practice_list(self.app)

    def message_area(self) -> pygame.Rect | None:
        return self.layout.strip

    # -- widgets ---------------------------------------------------------------
    def build(self) -> None:
        app = self.app
        t = app.t
        r, _bh = self.side_layout()
        n_players = int(self.draft.get("players", 2))
        rows = 14 + bool(self.info.groups) + self.per_player(self.field)
        gap = 4
        bh = max(22, min(34, (r.height - rows * gap) // rows))
        lab_w = int(r.width * 0.36)
        ctl = pygame.Rect(r.left + lab_w + 6, 0, r.width - lab_w - 6, bh)
        y = r.top
        small = "#small"  # the side column is narrow: the smaller type

        def row(label: str) -> pygame.Rect:
            nonlocal y
            UILabel(pygame.Rect(r.left, y, lab_w, bh), label, app.gui,
                    object_id=small)
            rect = ctl.move(0, y)
            y += bh + gap
            return rect

        from rules import registry
        self.disc_labels = {discipline_label(app.locale, d): d
                            for d in registry.names()}
        self.disc_menu = UIDropDownMenu(
            _options(self.disc_labels), discipline_label(app.locale, self.discipline),
            row(t("setup.game")), app.gui, object_id=small)
        # The ball a click puts down: "<" and ">" step through the set.
        rb = row(t("editor.ball"))
        half = rb.width // 3
        UIButton(pygame.Rect(rb.left, rb.top, half, bh), "<", app.gui,
                 command=app.later(lambda: self.step_ball(-1)))
        UILabel(pygame.Rect(rb.left + half, rb.top, half, bh),
                t("editor.cue") if self.selected == 0 else str(self.selected), app.gui,
                object_id=small)
        UIButton(pygame.Rect(rb.left + 2 * half, rb.top, rb.width - 2 * half, bh), ">",
                 app.gui, command=app.later(lambda: self.step_ball(1)))
        state = self.draft.get("state", {})
        names = [t("setup.player_n", n=i + 1) for i in range(n_players)]
        shooter = state.get("shooter", 0)
        shooter = shooter if isinstance(shooter, int) and 0 <= shooter < n_players \
            else 0
        self.shooter_menu = UIDropDownMenu(_options(names), names[shooter],
                                           row(t("editor.shooter")), app.gui,
                                           object_id=small)
        from rules import registry
        kinds = tuple(str(k.value) for k in
                      registry.discipline_class(self.discipline).hand_values)
        self.hand_labels = {t(f"editor.hand_{k}"): k for k in kinds}
        hand = state.get("ball_in_hand", "none")
        self.hand_menu = UIDropDownMenu(
            _options(self.hand_labels),
            next((lbl for lbl, k in self.hand_labels.items() if k == hand),
                 next(iter(self.hand_labels))),
            row(t("editor.ball_in_hand")), app.gui, object_id=small)
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
                row(t("editor.groups")), app.gui, object_id=small)
        # The game state: a field, whose it is, and "-" value "+".
        fields = self.fields()
        if self.field not in fields:
            self.field = fields[0]
        self.field_labels = {t(f"editor.field_{k}"): k for k in fields}
        self.field_menu = UIDropDownMenu(
            _options(self.field_labels), t(f"editor.field_{self.field}"),
            row(t("editor.state")), app.gui, object_id=small)
        self.player_menu: UIDropDownMenu | None = None
        if self.per_player(self.field):
            self.field_player = min(self.field_player, n_players - 1)
            self.player_menu = UIDropDownMenu(
                _options(names), names[self.field_player], row(t("editor.player")),
                app.gui, object_id=small)
        # The value as a sentence, drawn; "-" and "+" (or "change") beside it.
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
        y += bh + gap
        title = self.draft.get("title", {})
        texts = {lang: str(title.get(lang, "")) if isinstance(title, dict) else ""
                 for lang in LANGS}
        self.title_en = UITextEntryLine(row(t("editor.title_en")), app.gui,
                                        initial_text=texts["en"])
        self.title_ru = UITextEntryLine(row(t("editor.title_ru")), app.gui,
                                        initial_text=texts["ru"])
        self.path_entry = UITextEntryLine(
            row(t("editor.file")), app.gui,
            initial_text=state_of(app).editor_path or str(self.path()))
        y += 2
        half_w = (r.width - 6) // 2
        pairs = [
            ((t("editor.save"), self.save), (t("editor.load"), self.load)),
            ((t("editor.test"), self.test_stroke), (t("editor.clear"), self.clear)),
        ]
        for (la, fa), (lb, fb) in pairs:
            UIButton(pygame.Rect(r.left, y, half_w, bh), la, app.gui,
                     command=app.later(fa), object_id=small)
            UIButton(pygame.Rect(r.left + half_w + 6, y, half_w, bh), lb, app.gui,
                     command=app.later(fb), object_id=small)
            y += bh + gap
        UIButton(pygame.Rect(r.left, r.bottom - bh, r.width, bh), t("common.back"),
                 app.gui, command=app.later(self.leave))

    def step_ball(self, d: int) -> None:
        self.selected = (self.selected + d) % (self.max_ball() + 1)
        self.rebuild()

    # -- input -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._menu(event)
            return
        table = self.areas.table
        if event.type == pygame.MOUSEBUTTONDOWN and table.collidepoint(event.pos):
            p = self.view.to_table(*event.pos)
            b = self.ball_at(p)
            if event.button == 1:
                if b is not None:
                    self.drag = b
                elif self.spec.on_bed(*p, margin=0.0):
                    self.app.later(lambda: self.place(p))()
            elif event.button == 3 and b is not None:
                self.app.later(functools.partial(self.remove, b))()
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.view.to_table(*event.pos) \
                if table.collidepoint(event.pos) else None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
                self.drag is not None:
            b = self.drag
            self.drag = None
            if table.collidepoint(event.pos):
                p = self.view.to_table(*event.pos)
                self.app.later(lambda: self.place(p, ball=b))()
        elif event.type == pygame.KEYDOWN:
            focused = any(e.is_focused for e in (getattr(self, "path_entry", None),
                                                 getattr(self, "title_en", None),
                                                 getattr(self, "title_ru", None))
                          if e is not None)
            if focused:
                return
            if event.key == pygame.K_ESCAPE:
                self.leave()
            elif event.key in (pygame.K_DELETE, pygame.K_BACKSPACE) and \
                    self.hover is not None:
                b = self.ball_at(self.hover)
                if b is not None:
                    self.app.later(functools.partial(self.remove, b))()

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

    # -- drawing ---------------------------------------------------------------
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

    def ball_positions(self) -> Mapping[int, tuple[float, float, float]]:
        r = self.spec.balls.radius
        out = {b: (x, y, r) for b, (x, y) in self.balls().items()}
        if self.drag is not None and self.hover is not None:
            x, y = self.clamp(self.hover)
            out[self.drag] = (x, y, r)
        return out

    def highlight(self) -> Iterable[int]:
        return (self.drag,) if self.drag is not None else ()

    def draw_top(self, surface: pygame.Surface) -> None:
        if self.hover is not None and self.drag is None and \
                self.ball_at(self.hover) is None:
            c = self.view.to_screen(*self.clamp(self.hover))
            pygame.draw.circle(surface, (230, 230, 210), c, self.view.ball_px, 1)
            lab = self.app.t("editor.cue") if self.selected == 0 else str(self.selected)
            img = fonts.text(lab, max(11, int(self.view.ball_px)), (230, 230, 210))
            surface.blit(img, img.get_rect(midbottom=(c[0], c[1] - self.view.ball_px)))

    def header(self) -> tuple[list[scoreboard.PlayerCard], list[str]]:
        title = self.app.t("editor.heading",
                           game=discipline_label(self.app.locale, self.discipline))
        return [], [title]

    def chips(self) -> list[str]:
        t = self.app.t
        if self.error is None:
            return [t("editor.valid"), t("editor.count", n=len(self.balls()))]
        return [t("editor.invalid")]

    def hint(self) -> str:
        if self.error is not None:
            return self.error
        if self.refused is not None:
            return self.app.t("editor.refused", reason=self.refused)
        return self.app.t("editor.hint")

    def short_hint(self) -> str:
        if self.error is not None or self.refused is not None:
            return ""
        return self.app.t("editor.hint_short")


def draft_copy(d: Mapping[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(dict(d))
