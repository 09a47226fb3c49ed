"""The foul gallery: each entry's scripted stroke played by the physics in slow
motion (1/4 speed), paused at the event the referee names for the foul, with
the balls, cushions and pocket involved highlighted and the rule text in the
player's language (simulator.practice.gallery)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UISelectionList

from simulator.app.loop.app import TOAST_MIN_SIZE, App, Mode
from simulator.app.replay.export import FOUL_HOLD
from simulator.app.replay.shotmarks import Mark
from simulator.app.replay.timeline import SAME_TIME, mark_label
from simulator.app.screens.backdrop import backdrop
from simulator.app.screens.practice.memory import state_of
from simulator.app.screens.practice.practice_screen import Action, PracticeScreen
from simulator.app.screens.practice.scenario_list import to_practice_list
from simulator.app.screens.practice.session import practice_session
from simulator.app.screens.practice.shot_player import ShotPlayer
from simulator.app.table import scoreboard
from simulator.app.text import fonts, ui, widgets
from simulator.app.text.words import discipline_label, explain, foul_cite
from simulator.table.specs import table_by_name

SLOW = 0.25
# Stretches with nothing happening (balls rolling slowly to the next event)
# play QUIET_RATE times faster, said on screen: "No rail" crept 10 s at 1/4
# before its foul. A stretch is quiet from QUIET_AFTER seconds of the shot
# after one event till QUIET_BEFORE before the next, so every event (the
# foul too) is seen at the chosen speed.
QUIET_RATE = 4.0
QUIET_AFTER = 0.1
QUIET_BEFORE = 0.25
WHEEL_ROWS = 3  # list rows a notch of the mouse wheel scrolls


def _entries() -> tuple[object, ...]:
    from simulator.practice.gallery import entries
    return entries()


def _never() -> bool:
    return False


class GalleryListMode(Mode):
    name = "gallery"

    def __init__(self, app: App, selected: int = 0, back: str = "menu",
                 clip: str | None = None) -> None:
        super().__init__(app)
        self.selected = selected  # the entry shown selected (Enter plays it)
        # Esc goes back where the gallery was opened from (from Practice it
        # left for the main menu).
        self.back = back
        self.clip = clip  # the entry to select by its id (Practice's situation)

    def enter(self) -> None:
        from simulator.practice.gallery import GalleryError
        try:
            self.entries = _entries()
        except GalleryError as e:
            self.entries = ()
            self.app.notify(str(e), 8.0)
        ids = [getattr(e, "id", None) for e in self.entries]
        if self.clip in ids:
            self.selected = ids.index(self.clip)
        self.build()

    def resize(self) -> None:
        widgets.clear(self.app.gui)
        self.build()

    def build(self) -> None:
        from simulator.practice.gallery import GalleryEntry
        app = self.app
        w, h = app.size
        bh = max(30, h // 20)
        lw = min(w - 80, 820)
        top = int(h * 0.25)
        rect = pygame.Rect(w // 2 - lw // 2, top, lw, h - top - bh - 40)
        self.items: list[str] = []
        for i, e in enumerate(self.entries):
            assert isinstance(e, GalleryEntry)
            game = discipline_label(app.locale, e.scenario.discipline)
            self.items.append(f"{i + 1}. {game} · "
                              f"{e.scenario.title.get(app.locale.lang)}")
        # The selection shown from the start: Enter plays what is marked.
        chosen = self.items[self.selected % len(self.items)] if self.items else None
        self.list = UISelectionList(rect, [it for it in self.items], app.gui,
                                    default_selection=chosen)
        bar = self.list.scroll_bar
        if bar is not None and self.items:
            bar.set_scroll_from_start_percentage(
                max(0.0, (self.selected % len(self.items) - 2) / len(self.items)))
        y = rect.bottom + 10
        bw = (lw - 12) // 3
        for i, (label, fn) in enumerate([
                (app.t("gallery.play"), self.play_selected),
                (app.t("menu.practice"), self.to_practice),
                (app.t("common.back"), self.leave)]):
            UIButton(pygame.Rect(rect.left + i * (bw + 6), y, bw, bh), label,
                     app.gui, command=app.later(fn))
        self.rest = widgets.Resting(app.mouse)

    def update(self, dt: float) -> None:
        # A row under the pointer resting where it stood at opening showed a
        # second, paler mark beside the selected one: no hover until it moves
        # (rows appear as the list scrolls: each frame, before the widgets').
        for item in self.list.item_list:
            button = item["button_element"]
            if button is None:
                continue
            if not self.rest.moved:
                button.can_hover = _never
            elif "can_hover" in vars(button):
                del button.can_hover

    def marked(self) -> int:
        """The entry marked in the list (the one last marked when none is)."""
        sel = self.list.get_single_selection()
        return self.items.index(sel) if sel in self.items else \
            self.selected % max(1, len(self.items))

    def keep_marked(self, event: pygame.event.Event) -> None:
        """The row clicked stays marked: pygame_gui drops the mark of a row
        clicked again (the row back from its clip, picked once more), and Play
        then played the first clip."""
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and \
                event.text in self.items:
            self.selected = self.items.index(event.text)
        elif event.type == pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION and \
                event.text in self.items and self.list.get_single_selection() is None:
            self.selected = self.items.index(event.text)
            item = self.list.item_list[self.selected]
            item["selected"] = True
            if item["button_element"] is not None:
                widgets.select(item["button_element"])

    def play_selected(self) -> None:
        self.play(self.marked())

    def to_practice(self) -> None:
        """Practice with the marked clip's situation selected there, on its
        game's tab (it opened at the top of the first game's list, and the
        foul shown to a class had to be looked for); a clip without one says
        so, or which situation nearest to it is selected."""
        from simulator.practice.gallery import GalleryEntry, practice_twins
        app = self.app
        if not self.entries:
            to_practice_list(app)
            return
        entry = self.entries[self.marked()]
        assert isinstance(entry, GalleryEntry)
        twin = practice_twins().get(entry.id)
        st = state_of(app)
        st.discipline = entry.scenario.discipline
        st.selected = twin.id if twin is not None else None
        to_practice_list(app)
        lang = app.locale.lang
        clip = entry.scenario.title.get(lang)
        if twin is None:
            app.inform(app.t("gallery.practice_none", clip=clip, game=discipline_label(
                app.locale, entry.scenario.discipline)), 6.0)
        elif not twin.exact:
            app.inform(app.t("gallery.practice_nearest", clip=clip,
                             title=twin.title.get(lang)), 6.0)

    def play(self, i: int) -> None:
        if not self.entries:
            return
        self.app.show_now(self.app.t("gallery.preparing"))
        self.app.switch(GalleryPlayMode(self.app, i % len(self.entries), self.back))

    def leave(self) -> None:
        self.app.go(self.back)

    def scroll_list(self, event: pygame.event.Event) -> bool:
        """The wheel over the list: WHEEL_ROWS rows a notch (pygame_gui's own
        scrolls a fraction of a row)."""
        bar = self.list.scroll_bar
        if event.type != pygame.MOUSEWHEEL or bar is None or \
                self.app.mouse is None or \
                not self.list.rect.collidepoint(self.app.mouse):
            return False
        bar.scroll_wheel_moved = False  # instead of the widget's own scroll
        bar.set_scroll_from_start_percentage(
            bar.start_percentage - event.y * WHEEL_ROWS / max(1, len(self.items)))
        return True

    def handle(self, event: pygame.event.Event) -> None:
        self.rest.motion(event)
        if self.scroll_list(event):
            return
        if getattr(event, "ui_element", None) is self.list:
            self.keep_marked(event)
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and \
                event.ui_element is self.list:
            self.app.later(self.play_selected)()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.leave()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.app.later(self.play_selected)()
            elif event.key in (pygame.K_DOWN, pygame.K_UP):
                self.step_selection(1 if event.key == pygame.K_DOWN else -1)

    def step_selection(self, step: int) -> None:
        """Down/Up move the list's mark, kept in view (Enter plays what is
        marked): the arrows moved nothing, and Down Down Enter played the
        first clip."""
        if not self.items:
            return
        sel = self.list.get_single_selection()
        at = self.items.index(sel) if sel in self.items else self.selected
        self.selected = (at + step) % len(self.items)
        for i, item in enumerate(self.list.item_list):
            item["selected"] = i == self.selected
            button = item["button_element"]
            if button is not None:
                (widgets.select if i == self.selected else widgets.unselect)(button)
        bar = self.list.scroll_bar
        if bar is not None:
            n = len(self.items)
            shown = bar.visible_percentage * n  # rows in view
            first = bar.start_percentage * n
            if self.selected < first:
                bar.set_scroll_from_start_percentage(self.selected / n)
            elif self.selected + 1 > first + shown:
                bar.set_scroll_from_start_percentage((self.selected + 1 - shown) / n)

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, self.app.t("gallery.title"), self.app.t("gallery.subtitle"))


class GalleryPlayMode(PracticeScreen):
    """One entry in slow motion, paused at its foul's event."""

    name = "gallery_play"
    # "Saved <file>" in the band at the top (message_area): kept above the
    # side text, it pushed the explanation's end out until the next key.
    message_in_side = False
    caps_in_pairs = True
    always_pairs = True
    head_string = False  # (the clip's marks draw it where its rules name it)

    def __init__(self, app: App, index: int, back: str = "menu") -> None:
        from simulator.practice.gallery import GalleryEntry, demonstrate
        self.all = _entries()
        self.index = index
        self.back = back  # where the list goes back to
        entry = self.all[index]
        assert isinstance(entry, GalleryEntry)
        self.entry = entry
        sc = entry.scenario
        super().__init__(app, table_by_name(sc.table), practice_session(app, sc))
        self.demo = demonstrate(entry)
        self.player = ShotPlayer(self.demo.shot,
                                 [(self.demo.pause_index, self.demo.balls)], SLOW)
        from simulator.app.replay.shotshow import scenario_show
        self.show = scenario_show(app.locale, sc, self.demo.shot,
                                  self.player.playback, self.demo.ruling)
        self.held = 0.0  # seconds stood at the foul (the play-on option)
        self.held_by_player = False  # paused with Space: never resumed for them
        self._layout_key: tuple[int, int, str] | None = None
        self._layout_need = 0

    @property
    def at_foul(self) -> bool:
        return self.player.current is not None

    def build(self) -> None:
        app = self.app
        t = app.t
        # Named, so a button whose words change under the resting cursor
        # (Pause/Continue, Export/Export again) is still the one the person
        # knows there and takes the press (the guard of ui.FRESH).
        items: list[tuple[str, Action | None, str, str]] = [
            (t(self.toggle_words()), self.toggle, t("gallery.key_space"), "pause"),
            (t("replay.restart"), self.restart, "Home", "restart"),
            (t("shots.trails"), self.toggle_trails, "T", "trails"),
            (t("gallery.play_on" if self.app.settings.play_on
               else "gallery.stop_at_foul"), self.toggle_play_on, "O", "play_on"),
            (t("gallery.export_again" if self.own_export()
               else "shots.export"), self.export, "X", "export"),
            (t("gallery.next"), lambda: self.go(1), "N", "next"),
            (t("gallery.previous"), lambda: self.go(-1), "P", "previous"),
            (t("common.back"), self.leave, "Esc", "back"),
        ]
        self.wide_first = self.player.playback.at_end
        if self.wide_first:
            # The first button says "Replay" there: a "Restart" beside it did
            # the same (Home still does; F1 says so).
            items.pop(1)
        buttons = [ui.Button(label, fn, key=k, ident=i) for label, fn, k, i in items]
        self.side_btns = buttons
        next(b for b in buttons if b.ident == "trails").selected = self.show.trails
        self.pause_button = buttons[0]
        self.side_text(self.entry.scenario.title.get(app.locale.lang), self.body())
        self._shown = self.shown_state()
        self._export_shown = self.app.kept.get("export.last")

    def toggle_words(self) -> str:
        """The first button's key: what Space does now (it said "Pause"
        with the clip stopped at its end)."""
        pb = self.player.playback
        if pb.at_end:
            return "gallery.replay"
        if not pb.paused:
            return "replay.pause"
        return "gallery.play" if pb.times and pb.time <= pb.times[0] + 1e-9 \
            else "gallery.continue"

    @property
    def playing(self) -> bool:
        pb = self.player.playback
        return not pb.paused and not pb.at_end

    def moment(self) -> Mark | None:
        """The event the replay shows: the one stepped or clicked to where
        the clock stands on it (of two at one time, the one reached), else
        the last one at or before its time."""
        show = self.show
        return self.said_as(show.selected if show.at_selected()
                            else show.current_mark())

    def said_as(self, m: Mark | None) -> Mark | None:
        """A mark as the side text says it: the foul's own where the foul
        shares its time (the Express push-through's stroke and foul, both
        at 0.000 s)."""
        if m is None or m.foul:
            return m
        return next((f for f in self.show.marks.marks if f.foul and
                     0.0 <= m.time - f.time < SAME_TIME), m)

    def shown_state(self) -> tuple[object, ...]:
        """What the side text and the first button say changes with: the
        foul reached, the pause, the event shown (while it is said: paused,
        or after the foul; a flight's highest point shares its take-off's
        event). While it plays the text is said afresh each frame."""
        pb = self.player.playback
        m = self.moment() if (self.at_foul or pb.paused) else None
        return (self.at_foul, pb.paused, self.toggle_words(),
                None if m is None else (m.event_index, m.peak, m.tip_end))

    def foul_time(self) -> str:
        cur = self.player.current
        return self.show.time_text(cur[0] if cur is not None else 0.0)

    def moment_words(self, m: Mark) -> str:
        """An event as the timeline says it, with its time; the foul's
        event as the ruling words it."""
        if m.foul:
            said = self.show.fouls.get(m.event_index)
            return said[0] if said else foul_cite(
                self.app.locale, self.demo.foul, self.entry.scenario.discipline)
        return (f"{self.show.time_text(m.time)} · "
                f"{mark_label(self.app.locale, self.show.spec, m)}")

    def now_words(self, now: float, m: Mark) -> str:
        """While it plays: the clock's time, the picture's, and the last
        event before it with its own (the event's time alone lagged the
        picture by seconds of rolling)."""
        said = self.moment_words(m)
        event = said if m.foul else mark_label(self.app.locale, self.show.spec, m)
        return self.app.t("gallery.now", t=self.show.time_text(now),
                          at=self.show.time_text(m.time), event=event)

    def body(self) -> str:
        pb = self.player.playback
        if self.playing:
            return self.body_at(self.at_foul, self.said_as(self.show.current_mark()),
                                now=pb.time, quiet=self.quiet_rate() > 1.0)
        return self.body_at(self.at_foul, self.moment() if pb.paused or self.at_foul
                            else None)

    def body_at(self, at_foul: bool, m: Mark | None, now: float | None = None,
                quiet: bool = False) -> str:
        """The side text with the foul reached or not, at the moment ``m``
        (None: playing, or not yet at the first event); ``now``: playing, the
        clock there, ``m`` the last event before it; ``quiet``: playing
        faster (QUIET_RATE), said under the speed."""
        t = self.app.t
        lang = self.app.locale.lang
        sc = self.entry.scenario
        loss = self.entry.loses_game
        if at_foul:
            loc = self.app.locale
            foul = self.demo.foul
            # The code's words already say "Foul:" (or "Loss:"): one line,
            # not "Here is the foul:" over "Foul: ...". The first line says
            # the place in the gallery and the speed, not "a foul" or "loss
            # of the game" again: that took a line from the explanation at
            # 800x500.
            words = foul_cite(loc, foul, sc.discipline)
            # "At this moment" is the moment shown: stepped on past the foul
            # (or back to it), the event there; the foul, once it has
            # happened, stays said with its time.
            here = [t("gallery.at_foul", foul=words)] if m is None or m.foul else [
                t("gallery.at_foul", foul=self.moment_words(m)),
                t("gallery.foul_was", t=self.foul_time(), foul=words)]
            if m is not None and now is not None:
                here[0] = self.now_words(now, m)
            lines = [t("gallery.entry_at_foul", n=self.index + 1, of=len(self.all)),
                     "", *here,
                     *explain(loc, foul.code, foul.ref), "", sc.explanation.get(lang)]
        else:
            # The quiet stretch's ×4 under the speed it is faster than, in
            # the blank line's place (as high as a line: see row_height).
            lines = [t("gallery.entry_loss" if loss else "gallery.entry",
                       n=self.index + 1, of=len(self.all)),
                     t("gallery.quiet_now", rate=f"{QUIET_RATE:g}") if quiet else ""]
            # Stepped (or clicked) to a moment before the foul: what is
            # shown there, not "Watch: the replay will stop..." over it
            # (that is said while it plays, or before it starts).
            watch = t("gallery.watch_loss" if loss else "gallery.watch")
            if now is not None:
                lines += [watch, *([self.now_words(now, m)] if m else [])]
            else:
                lines.append(t("gallery.at_foul", foul=self.moment_words(m))
                             if m is not None else watch)
        return "\n".join(lines)

    def row_height(self, line: str, lh: int) -> int:
        # Before the foul the text's one blank line is where "Now ×4" comes
        # and goes: a whole line high, or the text under it moved by half a
        # line at every change of speed.
        return lh if not self.at_foul else super().row_height(line, lh)

    def layout_lines(self, size: int, width: int) -> int:
        """The longest side text of the clip (the foul said, stepped to any
        of its events): the buttons laid out for it stay one way for the
        whole clip (a column before the foul, pairs at it, jumped)."""
        key = (size, width, self.app.locale.lang)
        if self._layout_key != key:
            stop = self.player.stops[0][0] if self.player.stops else None
            texts = [self.body_at(False, None)]
            end = self.player.playback.end_time  # (the widest clock said)
            for m in self.show.marks.marks:
                shown = self.said_as(m)
                at = stop is not None and m.time >= stop - 1e-6
                texts += [self.body_at(at, shown),
                          self.body_at(at, shown, now=end, quiet=not at)]
            if stop is not None:
                texts.append(self.body_at(True, None))
            self._layout_key = key
            self._layout_need = max(len(ui.wrap(x, size, width)) for x in texts)
        return self._layout_need

    def toggle(self) -> None:
        pb = self.player.playback
        self.held_by_player = not pb.paused
        if pb.at_end:
            self.restart()
        else:
            pb.paused = not pb.paused
        self.rebuild()

    def restart(self) -> None:
        self.player.restart()
        self.held = 0.0
        self.held_by_player = False
        self.rebuild()

    def toggle_trails(self) -> None:
        self.show.trails = not self.show.trails
        self.rebuild()

    def toggle_play_on(self) -> None:
        """After the foul: stop there (the default, as an exported clip ends
        there) or hold FOUL_HOLD seconds and play on; a setting."""
        self.app.settings.play_on = not self.app.settings.play_on
        self.app.save_settings()
        self.rebuild()

    def export(self) -> None:
        from simulator.app.replay.export import ShotExport
        job = ShotExport.from_scenario(self.entry.scenario, self.demo.shot,
                                       self.demo.ruling, self.demo.foul,
                                       self.app.settings.play_on)
        self.app.open("export", job=job)

    def own_export(self) -> str:
        """The last export's file where it is of this entry: another
        entry's file offered "Export again" here and was named as if this
        one's."""
        kept = self.app.kept
        return kept.get("export.last", "") if kept.get("export.of") == self.entry.id \
            else ""

    def go(self, step: int) -> None:
        self.app.show_now(self.app.t("gallery.preparing"))
        self.app.switch(GalleryPlayMode(self.app, (self.index + step) % len(self.all),
                                        self.back))

    def leave(self) -> None:
        self.app.switch(GalleryListMode(self.app, self.index, self.back))

    def update(self, dt: float) -> None:
        pb = self.player.playback
        if self.app.settings.play_on and self.at_foul and pb.paused and \
                not self.held_by_player:
            self.held += self.app.real_dt  # as a clip holds (by the clock), then on
            if self.held >= FOUL_HOLD:
                pb.paused = False
        self.player.update(dt * self.quiet_rate())
        if self.shown_state() != self._shown or \
                self.app.kept.get("export.last") != self._export_shown:
            self.rebuild()
        elif self.playing:
            # The clock moves each frame: the text follows the picture (a
            # rebuild would scroll the text back to its top each frame).
            self.side_body = self.body()

    def quiet_rate(self) -> float:
        """QUIET_RATE while nothing happens (no event of the timeline within
        QUIET_AFTER behind or QUIET_BEFORE ahead, the foul not yet reached),
        else 1."""
        pb = self.player.playback
        if pb.paused or self.at_foul:
            return 1.0
        t = pb.time
        times = [m.time for m in self.show.marks.marks]
        times += [s[0] for s in self.player.stops]
        ahead = min((x for x in times if x > t), default=None)
        behind = max((x for x in times if x <= t), default=None)
        if ahead is None or behind is None or t - behind < QUIET_AFTER or \
                ahead - t < QUIET_BEFORE:
            return 1.0
        return QUIET_RATE

    def handle(self, event: pygame.event.Event) -> None:
        if self.show.mouse(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_t:
            self.toggle_trails()
            return
        if self.scroll_body(event) or self.common_key(event) or \
                self.show.key(event) or event.type != pygame.KEYDOWN:
            return
        k = event.key
        if self.app.repeat(event) and k in (pygame.K_n, pygame.K_p, pygame.K_PAGEDOWN,
                                            pygame.K_PAGEUP, pygame.K_ESCAPE):
            # A press is one foul: while the next one loads (seconds, the
            # stroke simulated) the keyboard's repeat of the held key
            # piled up and moved two or three.
            return
        if k == pygame.K_ESCAPE:
            self.leave()
        elif k == pygame.K_x:
            self.export()
        elif k == pygame.K_o:
            self.toggle_play_on()
        elif k == pygame.K_SPACE:
            self.toggle()
        elif k == pygame.K_HOME:
            self.restart()
        elif k == pygame.K_RIGHT:
            self.player.playback.step(1)
        elif k == pygame.K_LEFT:
            self.player.playback.step(-1)
        elif k in (pygame.K_n, pygame.K_PAGEDOWN):
            self.go(1)
        elif k in (pygame.K_p, pygame.K_PAGEUP):
            self.go(-1)

    def header(self) -> tuple[list[scoreboard.PlayerCard], list[str]]:
        # A foul shown to a class: where it is in the list, the game and the
        # situation's title as the list reads them; the scene's two players,
        # their score and the race ("Player 1 / Player 2, race to 5") are
        # no one's.
        return [], [self.band_words(self.short_band())]

    def band_words(self, short: bool) -> str:
        """The band's words; ``short``: without the title (the side
        column's heading says it)."""
        loc = self.app.locale
        sc = self.entry.scenario
        return loc.t("gallery.band_short" if short else "gallery.band",
                     n=self.index + 1, of=len(self.all),
                     game=discipline_label(loc, sc.discipline),
                     title=sc.title.get(loc.lang))

    def band_room(self, words: str) -> pygame.Rect:
        """The band at the top right of ``words`` written in it."""
        top = self.layout.top
        size = max(14, top.height // 3)  # as draw_table writes the band
        used = min(fonts.font(size, True).size(words)[0], top.width - 32)
        left = top.left + 16 + used + 16
        return pygame.Rect(left, top.top, top.right - 6 - left, top.height - 2)

    def fits_band(self, words: str) -> bool:
        room = self.band_room(words)
        return self.app.toast_height(room.width, TOAST_MIN_SIZE) <= room.height

    def short_band(self) -> bool:
        """Whether the band gives up the title, said in the side column's
        heading, while a message needs the room (the longest Russian
        title left "Saved <file>" none, at 800x500)."""
        return self.app.toast is not None and not self.fits_band(
            self.band_words(False)) and self.fits_band(self.band_words(True))

    def ball_positions(self) -> Mapping[int, tuple[float, float, float]]:
        return self.player.positions()

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.show.draw_under(surface, self.view, self.player.positions())

    def draw_top(self, surface: pygame.Surface) -> None:
        self.show.draw_over(surface, self.view)

    def draw_strip(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        hint = self.short_hint()
        if self.quiet_rate() > 1.0:
            # The strip's words while it plays: the ×4 first.
            hint = f"{self.app.t('gallery.quiet', rate=f'{QUIET_RATE:g}')} · {hint}"
        self.show.draw_timeline(surface, rect, hint)

    def inset_height(self, width: int) -> int:
        return self.show.inset_height(width)

    def draw_inset(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.show.draw_inset(surface, rect)

    def highlight(self) -> Iterable[int]:
        return self.player.highlight()

    def cushions(self) -> Iterable[str]:
        if not self.at_foul:
            return ()
        return tuple(dict.fromkeys((*self.demo.cushions, *self.player.cushions())))

    def pocket(self) -> str | None:
        return self.player.pocket()

    def message_area(self) -> pygame.Rect | None:
        """The band at the top right of the situation's name, a place of the
        message's own ("Saved <file>": above the table it covered the top
        rail and pockets, in the strip the timeline, in the side column it
        pushed the explanation's end out). A longer one (an export's failure
        with its reason) where it is read whole: above the table's rails, or
        the strip."""
        name = self.header()[1][0]
        if self.fits_band(name):
            return self.band_room(name)
        lay = self.layout
        above = pygame.Rect(lay.table.left, lay.table.top, lay.table.width,
                            self.view.outer_rect().top - lay.table.top)
        fits = self.app.toast_height(above.width, TOAST_MIN_SIZE) <= above.height
        return above if fits else lay.strip

    def draw(self, surface: pygame.Surface) -> None:
        self.shorten_saved()  # (before the band makes room for it)
        super().draw(surface)

    def draw_side(self, surface: pygame.Surface) -> None:
        super().draw_side(surface)
        last = self.own_export()
        export = next((b for b in self.side_btns if b.action == self.export), None)
        if last and export is not None:
            # The whole path where the mouse rests on the export button (the
            # message and the side column name the file alone).
            ui.FRAME.tips.append((export.rect.copy(),
                                  self.app.t("export.last", file=last)))

    def shorten_saved(self) -> None:
        """"Saved <file>" by the file's name: its whole folder made it two
        or three lines wide of the window (the path is the export button's
        tooltip)."""
        last = self.app.kept.get("export.last")
        toast = self.app.toast
        if not last or toast is None:
            return
        # (a clip's goes on with its pictures and frames)
        if toast[0].startswith(self.app.t("export.done", file=last)):
            self.app.toast = (toast[0].replace(last, Path(last).name, 1), toast[1])

    def side_foot(self) -> str:
        # The last export's file, where the explanation leaves room for it
        # (above the explanation it pushed the end out at 800x500).
        last = self.own_export()
        return self.app.t("export.last", file=Path(last).name) if last else ""

    def hint(self) -> str:
        # The strip's one row of keys (F1 lists every key of the gallery;
        # a longer list here was built and never drawn).
        return self.short_hint()

    def short_hint(self) -> str:
        """The keys that matter, Space by what it does now ("pause" at a
        clip's end, where Space replays it, misled)."""
        t = self.app.t
        does = self.toggle_words().rpartition(".")[2]
        return t("gallery.hint_short", space=t("gallery.key_space"),
                 does=t(f"gallery.space_does.{does}"))
