"""The editor's files: the title in each language, the scenario file's path,
saving (through ``save_scenario``: validated, atomic) and loading, and trying
a stroke from the position."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pygame_gui.elements import UITextEntryLine

from simulator.app.screens.editor.draft import (
    DEFAULT_TITLE,
    LANGS,
    EditorBase,
    draft_spec,
    scenarios_dir,
    slug,
)
from simulator.app.screens.editor.rows import Rows
from simulator.app.screens.practice.memory import state_of
from simulator.app.screens.practice.own_shot import play_position
from simulator.app.screens.practice.session import practice_session
from simulator.app.text.words import file_reason_text

if TYPE_CHECKING:
    from simulator.practice.scenario import Scenario


class EditorFiles(EditorBase):
    """The draft's titles and its file."""

    title_en: UITextEntryLine  # the title in each language (built with the panel)
    title_ru: UITextEntryLine
    path_entry: UITextEntryLine
    auto_path = ""  # what the file row shows when the player has chosen no file

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
            untouched = out[a] == DEFAULT_TITLE[a] and out[b] != DEFAULT_TITLE[b]
            if not out[a] or untouched:
                out[a] = out[b]
        return out

    def sync_titles(self) -> None:
        t = self.titles()
        if all(t.values()):
            self.draft["title"] = t

    def rebuild(self) -> None:
        self.sync_titles()  # typed titles survive the panel being rebuilt
        super().rebuild()

    def build_file_rows(self, rows: Rows) -> None:
        """The title in each language and the file's path."""
        app = self.app
        t = app.t
        title = self.draft.get("title", {})
        texts = {lang: str(title.get(lang, "")) if isinstance(title, dict) else ""
                 for lang in LANGS}
        self.title_en = UITextEntryLine(rows.row(t("editor.title_en")), app.gui,
                                        initial_text=texts["en"])
        self.title_ru = UITextEntryLine(rows.row(t("editor.title_ru")), app.gui,
                                        initial_text=texts["ru"])
        chosen = state_of(app).editor_path
        self.auto_path = "" if chosen else self.named_path()
        self.path_entry = UITextEntryLine(rows.row(t("editor.file")), app.gui,
                                          initial_text=chosen or self.auto_path)

    def follow_titles(self) -> None:
        """While no file is chosen, the file row shows the name the titles
        give the file (it showed my-position.toml while the save went under
        the title's name)."""
        if self.auto_path and self.path_entry.get_text().strip() == self.auto_path:
            self.auto_path = self.named_path()
            self.path_entry.set_text(self.auto_path)

    def typing(self) -> bool:
        """Whether a title or the path has the keyboard."""
        return any(e.is_focused for e in (getattr(self, "path_entry", None),
                                          getattr(self, "title_en", None),
                                          getattr(self, "title_ru", None))
                   if e is not None)

    def stop_typing(self) -> None:
        for e in (getattr(self, "path_entry", None), getattr(self, "title_en", None),
                  getattr(self, "title_ru", None)):
            if e is not None and e.is_focused:
                e.unfocus()

    # The trial asked for and said, opened once the saying is on the window:
    # the table screen takes a while to build on a busy machine, and a click
    # that showed nothing for seconds was clicked again (play-test 21).
    trial: Scenario | None = None
    trial_said = False

    def test_stroke(self) -> None:
        from simulator.practice.scenario import ScenarioError, parse_scenario, playable
        if self.trial is not None:
            return  # (a second click while it opens)
        try:
            sc = playable(parse_scenario(self.draft))
        except ScenarioError as e:
            self.error = self.why(e)
            self.app.notify(self.why(e), 5.0)
            return
        self.trial = sc
        self.trial_said = False
        self.app.inform(self.app.t("editor.trial_opening"), 10.0)

    def open_trial(self) -> None:
        """The trial stroke asked for, once its message has been drawn."""
        sc, self.trial = self.trial, None
        if sc is None or not self.trial_said:
            self.trial = sc
            return
        app = self.app

        def back() -> None:
            app.go("editor")
        app.toast = None  # said; the table is there now
        play_position(app, practice_session(app, sc, back))

    def working(self) -> bool:
        return self.trial is not None  # (the loop draws the message at once)

    def path(self) -> Path:
        text = self.path_entry.get_text().strip() if hasattr(self, "path_entry") \
            else state_of(self.app).editor_path
        if not text or text == self.auto_path:
            text = self.named_path()  # not chosen by the player
        p = Path(text).expanduser()
        if p.suffix.lower() != ".toml":
            p = p.with_suffix(".toml")
        return p

    def named_path(self) -> str:
        """The path the file row offers before a file is chosen: named after
        the title."""
        return str(scenarios_dir() / f"{self.title_slug()}.toml")

    def title_slug(self) -> str:
        """The file's name from the title in the window's language (Russian in
        Latin letters), else the other one."""
        t = self.titles()
        lang = self.app.locale.lang
        other = "ru" if lang == "en" else "en"
        return slug(t.get(lang) or t.get(other) or str(self.draft.get("id", "")))

    def save(self) -> Path | None:
        from simulator.practice.scenario import (
            ScenarioError,
            parse_scenario,
            playable,
            save_scenario,
        )
        p = self.path()
        self.draft["id"] = slug(p.stem)
        self.sync_titles()
        try:
            # Saved as a playable position: what loading accepts, and a game
            # that can go on from it (the 9 of 9-ball on the table).
            playable(parse_scenario(self.draft))
            p.parent.mkdir(parents=True, exist_ok=True)
            save_scenario(self.draft, p)
        except ScenarioError as e:
            self.error = self.why(e)
            self.app.notify(self.app.t("editor.not_saved", reason=self.why(e)), 6.0)
            return None
        except OSError as e:
            from simulator.app.text.file_words import file_problem
            self.app.notify(self.app.t("editor.not_saved", reason=file_problem(
                self.app.locale, e)), 6.0)
            return None
        state_of(self.app).editor_path = str(p)
        self.auto_path = ""
        if p.parent.resolve() == scenarios_dir().resolve():
            # Practice opens on it, selected: a position just saved is looked
            # for there, and a list that opens on its first row hides a heading.
            from simulator.app.screens.practice.scenario_list import OWN
            state_of(self.app).selected = OWN + str(scenarios_dir() / p.name)
        if hasattr(self, "path_entry"):
            self.path_entry.set_text(str(p))
        # Said until the person goes on: leaving for Practice, it no longer
        # lay over Practice's title.
        self.app.inform(self.saved_words(p), 60.0, until_action=True)
        return p

    def saved_words(self, p: Path) -> str:
        """Where the saved position went: under Practice's own positions of its
        game, or (a file kept elsewhere) the file, which Practice does not list."""
        from simulator.app.text.words import discipline_label
        t = self.app.t
        title = self.titles().get(self.app.locale.lang) or p.stem
        if p.parent.resolve() == scenarios_dir().resolve():
            return t("editor.saved_practice", title=title, file=str(p),
                     game=discipline_label(self.app.locale, self.discipline))
        return t("editor.saved_elsewhere", title=title, file=str(p))

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
        self.app.inform(self.app.t("editor.loaded", file=str(p)), 3.0)
        return True
