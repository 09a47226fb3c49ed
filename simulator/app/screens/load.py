"""The list of saved matches, newest first (the autosaves of this match and
the two before it on top): each with its players, game, score and date, read
as opening it would; a click opens one."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UILabel

from simulator.app.loop.app import Mode
from simulator.app.screens.backdrop import backdrop
from simulator.app.text import fonts, ui, widgets


@dataclass(frozen=True)
class SaveInfo:
    """What the list says about one saved match."""

    path: Path
    name: str
    players: tuple[str, ...] = ()
    discipline: str = ""
    score: str = ""
    saved: float = 0.0  # the file's time
    problem: str = ""  # why it cannot be opened


def save_info(path: Path, loc: Any) -> SaveInfo:
    """Read a saved match the way opening it does (the referee replays it):
    its players, game and score; or the reason it cannot be opened."""
    from simulator.files import saves
    try:
        mtime = path.stat().st_mtime
    except OSError:
        mtime = 0.0
    try:
        loaded = saves.load(path)
    except saves.SaveError as e:
        return SaveInfo(path, save_name(path, loc), saved=mtime, problem=e.what)
    m = loaded.match
    points = getattr(m.discipline, "scoring", "") == "points"
    nums = m.state.scores if points else m.games_won
    score = " : ".join(str(v).replace("-", "−") for v in nums)
    return SaveInfo(path, loaded.name or save_name(path, loc), tuple(m.players),
                    m.name, score, mtime)


def save_name(path: Path, loc: Any) -> str:
    """A save's name: its file's, or for the autosaves what they hold."""
    stem = path.stem
    if path.suffix == ".kiyj":
        n = stem.rpartition("-")[2] if "-" in stem else "0"
        return str(loc.t("load.autosave" if n == "0" else "load.autosave_older",
                         n=n))
    return stem


class LoadMode(Mode):
    """The saved matches, newest first: each with its players, game, score
    and date, read as the match is opened (a row a frame, so the list shows
    at once and fills in)."""

    name = "load"

    def enter(self) -> None:
        self.paths = self.files()
        self.infos: dict[Path, SaveInfo] = {}
        self.scroll = 0
        self.build()

    def resize(self) -> None:
        widgets.clear(self.app.gui)
        self.build()

    def files(self) -> list[Path]:
        from simulator.app.match.session import autosave_paths, saves_dir
        out: list[Path] = []
        d = saves_dir()
        if d.is_dir():
            out = sorted((p for p in d.glob("*.json") if p.is_file()),
                         key=lambda p: p.stat().st_mtime, reverse=True)
        # Where Kiy 0.1 kept them (the config folder): still listed, and
        # opened like any save.
        from simulator.files import profile
        old = profile.config_dir()
        legacy = [p for p in [old / "autosave.json",
                              *sorted((old / "saves").glob("*.json"))]
                  if p.is_file()]
        # The autosaves of this match and the two before it come first.
        return [p for p in autosave_paths() if p.is_file()] + out + legacy

    def build(self) -> None:
        app = self.app
        w, h = app.size
        lw = min(720, w - 80)
        self.area = pygame.Rect((w - lw) // 2, int(h * 0.2), lw, h - int(h * 0.2) - 80)
        row = max(30, h // 20)
        self.list = None
        if not self.paths:
            UILabel(pygame.Rect(self.area.left, self.area.top, lw, row),
                    app.t("load.none"), app.gui)
        UIButton(pygame.Rect(w // 2 - 110, h - 60, 220, row), app.t("common.back"),
                 app.gui, command=app.later(lambda: app.go("menu")))

    def working(self) -> bool:
        return any(p not in self.infos for p in self.paths)

    def update(self, dt: float) -> None:
        # One save read a frame: the list shows at once and fills in.
        for p in self.paths:
            if p not in self.infos:
                self.infos[p] = save_info(p, self.app.locale)
                break

    def row_text(self, p: Path) -> str:
        """A save's row: its name, game, players, score and date, each "·"
        kept with the words after it (a row wrapped after a lone "·" read
        as cut short)."""
        return _unbroken_after_dots(self._row_words(p))

    def _row_words(self, p: Path) -> str:
        t = self.app.t
        loc = self.app.locale
        info = self.infos.get(p)
        if info is None:
            return t("load.reading", name=save_name(p, loc))
        when = time.strftime(t("load.date_format"), time.localtime(info.saved))
        if info.problem:
            return t("load.row_bad", name=info.name, when=when, reason=info.problem)
        from simulator.app.match.computer import seat_words
        from simulator.app.text.words import discipline_label
        game = discipline_label(loc, info.discipline)
        players = " – ".join(seat_words(loc, n, info.players) for n in info.players)
        score = _unbroken(str(info.score))
        if game in info.name and players in info.name:
            # The name offered when saving is made of them: said once.
            return t("load.row_named", name=info.name, score=score, when=when)
        return t("load.row", name=info.name, game=game, players=players,
                 score=score, when=when)

    # -- a named save renamed or deleted, never a file lost by mistake -----------
    def own_save(self, p: Path) -> bool:
        """A save the player named (the autosaves and old files are kept)."""
        from simulator.app.match.session import saves_dir
        return p.suffix == ".json" and p.parent == saves_dir()

    def shown_name(self, p: Path) -> str:
        """The name the list shows for it: as the player typed it."""
        info = self.infos.get(p)
        return info.name if info is not None else save_name(p, self.app.locale)

    def ask_delete(self, p: Path) -> None:
        from simulator.app.dialogs.confirm import confirm_dialog
        self.app.push_dialog(confirm_dialog(
            self.app, self.app.t("evening.delete_title", name=self.shown_name(p)),
            self.app.t("evening.delete_body"), self.app.t("evening.delete_yes"),
            lambda: self.delete(p)))

    def delete(self, p: Path) -> None:
        try:
            p.unlink()
        except OSError as e:
            from simulator.app.text.file_words import file_problem
            self.app.notify(self.app.t("evening.delete_failed", name=p.stem,
                                       reason=file_problem(self.app.locale, e)))
            return
        s = self.app.session
        if s is not None and s.save_path == p:
            s.save_path = None
        self.app.inform(self.app.t("evening.deleted", name=p.stem))
        self.enter()

    def ask_rename(self, p: Path) -> None:
        from simulator.app.dialogs.base import NameDialog
        name = self.shown_name(p)
        dialog = NameDialog(self.app, self.app.t("evening.rename_title", name=name),
                            self.app.t("save.body"), name,
                            [(self.app.t("evening.rename_yes"),
                              lambda: self.rename(p, dialog.text())),
                             (self.app.t("common.cancel"), lambda: None)],
                            cancel=lambda: None)
        self.app.push_dialog(dialog)

    def rename(self, p: Path, typed: str) -> None:
        """To the name typed, kept in the save as typed; a save already of
        that name is never replaced (a hard link is made first: it fails where
        the file name is taken), one whose name only makes the same file name
        leaves this one a file name of its own."""
        import os

        from simulator.app.match.saving import place_for, save_file_name
        from simulator.files import saves
        if not typed or typed == self.shown_name(p):
            return
        new, other = p, False
        if p.with_name(f"{save_file_name(typed)}.json") != p:
            new, other = place_for(p.parent, typed, p)
        try:
            if other:
                raise FileExistsError(str(new))
            if new != p:
                try:
                    os.link(p, new)
                except FileExistsError:
                    raise
                except OSError:  # no hard links here: the name was checked free
                    p.rename(new)
                else:
                    p.unlink()
            saves.rename_save(new, typed)
        except FileExistsError:
            self.app.notify(self.app.t("evening.rename_taken", name=typed))
            return
        except (OSError, saves.SaveError) as e:
            from simulator.app.text.file_words import file_problem
            self.app.notify(self.app.t("evening.rename_failed", name=p.stem,
                                       reason=file_problem(self.app.locale, e)))
            return
        s = self.app.session
        if s is not None and s.save_path == p:
            s.save_path = new
            s.save_name = typed
        self.app.inform(self.app.t("evening.renamed", name=typed))
        self.enter()

    def row_buttons(self, p: Path) -> list[ui.Button]:
        """Rename and Delete beside a named save."""
        return [ui.Button(self.app.t("evening.rename"), lambda: self.ask_rename(p),
                          ident=f"rename:{p}"),
                ui.Button(self.app.t("evening.delete"), lambda: self.ask_delete(p),
                          ident=f"delete:{p}")]

    def open(self, p: Path) -> None:
        from simulator.app.loop.flow import open_saved
        open_saved(self.app, p)

    def opener(self, p: Path) -> ui.Action:
        return lambda: self.open(p)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.go("menu")
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(len(self.paths) - 1, self.scroll - event.y))

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, self.app.t("load.title"))
        size = max(12, min(16, self.app.size[1] // 42))
        y = self.area.top
        shown = 0
        for p in self.paths[self.scroll:]:
            b = ui.Button(self.row_text(p), self.opener(p), ident=str(p))
            extra = self.row_buttons(p) if self.own_save(p) else []
            # Wide enough for the longest word of its label ("Переименовать"),
            # never a word broken inside, within a quarter of the row.
            side = min(max([min(120, self.area.width // 6), *(
                max(fonts.font(max(10, size - 2)).size(w)[0] for w in e.label.split())
                + 24 for e in extra)]), self.area.width // 4) if extra else 0
            width = self.area.width - len(extra) * (side + 6)
            hgt = b.measure(width, size)
            if y + hgt > self.area.bottom - ui.line_height(size):
                break
            b.place(self.area.left, y, width, size)
            b.draw(surface, self.app.mouse)
            for i, e in enumerate(extra):
                e.place(self.area.left + width + 6 + i * (side + 6), y, side,
                        max(10, size - 2))
                e.rect.height = max(e.rect.height, hgt)
                e.draw(surface, self.app.mouse)
            y += hgt + 6
            shown += 1
        hidden = len(self.paths) - self.scroll - shown
        if hidden or self.scroll:
            key = "dialog.more" if hidden else "dialog.top"
            ui.line(surface, self.app.t(key, n=hidden), max(10, size - 2), ui.DIM,
                    pygame.Rect(self.area.left, y, self.area.width,
                                ui.line_height(size)))


def _unbroken(words: str) -> str:
    """Spaces that never break a line: a score "0 : 0" kept on one line."""
    return words.replace(" ", "\u00a0")


def _unbroken_after_dots(row: str) -> str:
    """Each " · " joined to the word after it: a line may begin with the
    separator, never end with it."""
    return row.replace(" · ", " ·\u00a0")
