"""The export dialog of the replay screens (the game's replay, the foul
gallery, a practice situation): a clip or a diagram of the shot, captions in
either language, into the folder the player chose (the profile's exports
folder until then); then the export made a few pictures a frame, with its
progress, so the window never stalls."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from simulator.app.dialogs.base import Dialog, NameDialog
from simulator.app.loop.app import App
from simulator.app.replay.export import (
    SPEEDS,
    STAGE_SHARES,
    ExportError,
    ExportJob,
    ShotExport,
    check_folder,
    os_error,
    speed_label,
)

FORMAT_KEYS = ("gif", "webp", "apng", "png", "svg")
FRAME_BUDGET = 0.03  # seconds of drawing a frame while exporting
EXPORT_TOLD = 20.0  # seconds "Saved <file>" stays when nothing is pressed
# The time left is guessed once there is a pace to read (a tenth of the
# work and two seconds), from the recent pace: the first pictures, drawn
# while the window and the machine warm up, are slow (a guess from them
# said "105 s" of an export done in under a minute).
ESTIMATE_AFTER_SHARE = 0.10
ESTIMATE_AFTER_SECONDS = 2.0
# The time left is the stage under way's share left at its own pace, the
# stages after it at the pace of those done (the stages' shares follow their
# time), counted from WARM_SHARE of the work (the first pictures, drawn
# while the machine warms up, are slow), said in steps ("about 20 s",
# "about 1.5 min"). A step said changes only
# once the guess has stayed in another for HOLD seconds: a guess that
# never rose stuck at "a few seconds" from 26 % to 63 % of a slow export;
# one that followed every pace jumped about.
HOLD = 3.0
WARM_SHARE = 0.05
# "A few seconds" only once this much of the work is done.
FEW_AFTER_SHARE = 0.85
# A stage's own pace is read from STAGE_WARM of it on, once STAGE_READ of
# it is done.
STAGE_WARM = 0.1
STAGE_READ = 0.25


def reason(app: App, e: ExportError) -> str:
    """Why an export cannot be made, in the window's language where Kiy
    words it (a folder's problem), else as the command line says it."""
    return app.t(f"export.why_{e.key}", **e.params) if e.key else str(e)


def export_folder(app: App) -> Path:
    from simulator.files import profile
    chosen = app.settings.export_dir.strip()
    return Path(chosen).expanduser() if chosen else profile.exports_dir()


def export_dialog(app: App, job: ShotExport, lang: str | None = None) -> Dialog:
    """The dialog; opened afresh from a screen (``lang`` None) it offers the
    language and speed chosen last in this session (the window's language
    at first), and marks the format used last."""
    t = app.t
    kept = app.kept
    if lang is None:
        lang = str(kept.get("export.lang", app.locale.lang))
        if "export.speed" in kept:
            job = replace(job, speed=float(kept["export.speed"]))
    kept["export.lang"] = lang
    other = "ru" if lang == "en" else "en"
    folder = export_folder(app)
    # A foul at the stroke: the clip cannot end there (it would show nothing
    # of the shot), so the dialog says what the clip does instead.
    at_stroke = job.foul_at_stroke()
    body = t("export.body_at_stroke" if at_stroke else "export.body",
             speed=speed_label(job.speed),
             lang=t(f"export.lang_{lang}"), folder=str(folder))
    last = kept.get("export.format")
    buttons: list[tuple[str, Any]] = [
        (t(f"export.{fmt}"), _start(app, job, fmt, lang)) for fmt in FORMAT_KEYS]
    faster = SPEEDS[(SPEEDS.index(job.speed) + 1) % len(SPEEDS)] \
        if job.speed in SPEEDS else SPEEDS[0]
    buttons += [
        (t("export.speed", speed=speed_label(job.speed), next=speed_label(faster)),
         lambda: _change_speed(app, job, faster, lang)),
        (t("export.language", lang=t(f"export.lang_{other}")),
         lambda: app.open("export", job=job, lang=other)),
        (t("export.play_on" if job.play_on else
           "export.at_stroke" if at_stroke else "export.stop_at_foul"),
         lambda: _toggle_play_on(app, job, lang)),
        (t("export.folder"), lambda: app.push_dialog(folder_dialog(app, job, lang))),
        (t("common.cancel"), lambda: None),
    ]
    dialog = Dialog(app, t("export.title"), body, buttons, cancel=lambda: None,
                    kind="export")
    # In a low window (800x500) the speed, the language and the folder went
    # below the fold: shorter words before anything scrolls.
    dialog.fit_whole = True
    dialog.short_body = t("export.body_short", speed=speed_label(job.speed),
                          lang=t(f"export.lang_{lang}"))
    dialog.short_labels = [
        *(t(f"export.{fmt}_short") for fmt in FORMAT_KEYS),
        t("export.speed_short", speed=speed_label(job.speed), next=speed_label(faster)),
        t("export.language_short", lang=t(f"export.lang_{other}")),
        t("export.play_on_short" if job.play_on else
          "export.at_stroke_short" if at_stroke else "export.stop_at_foul_short"),
        t("export.folder_short"), t("common.cancel")]
    if last in FORMAT_KEYS:
        dialog.buttons[FORMAT_KEYS.index(last)].selected = True
    return dialog


def _change_speed(app: App, job: ShotExport, speed: float, lang: str) -> None:
    app.kept["export.speed"] = speed
    app.open("export", job=replace(job, speed=speed), lang=lang)


def _toggle_play_on(app: App, job: ShotExport, lang: str) -> None:
    """A clip ends at the foul, or plays on after it: the gallery's setting."""
    app.settings.play_on = not job.play_on
    app.save_settings()
    app.open("export", job=replace(job, play_on=not job.play_on), lang=lang)


def folder_dialog(app: App, job: ShotExport, lang: str) -> Dialog:
    """Type the folder the exports go to (empty: the profile's)."""
    def done() -> None:
        typed = dialog.text().strip()
        if typed:
            try:
                check_folder(Path(typed).expanduser())
            except ExportError as e:
                # The dialog stays, with what was typed, to be corrected.
                app.notify(app.t("export.bad_folder", reason=reason(app, e)), 6.0)
                app.push_dialog(dialog)
                return
        app.settings.export_dir = typed
        app.save_settings()
        app.open("export", job=job, lang=lang)

    dialog = FolderDialog(app, app.t("export.folder_title"),
                          app.t("export.folder_body"), str(export_folder(app)),
                          [(app.t("common.ok"), done),
                           (app.t("common.cancel"),
                            lambda: app.open("export", job=job, lang=lang))],
                          kind="export_folder")
    return dialog


class FolderDialog(NameDialog):
    """The folder typed in full: a path is longer than a player's name."""

    def enter(self) -> None:
        super().enter()
        if self.entry is not None:
            self.entry.set_text_length_limit(500)


def _start(app: App, job: ShotExport, fmt: str, lang: str) -> Any:
    def fn() -> None:
        app.kept["export.format"] = fmt
        try:
            work = ExportJob(job, export_folder(app), fmt, lang)
        except ExportError as e:
            app.notify(app.t("export.failed", reason=reason(app, e)))
            return
        app.push_dialog(ExportProgress(app, work))
    return fn


class ExportProgress(Dialog):
    """The export under way: drawn a few pictures a frame; Esc stops it."""

    def __init__(self, app: App, job: ExportJob) -> None:
        super().__init__(app, app.t("export.working"), "", [
            (app.t("common.cancel"), lambda: None)], cancel=lambda: None,
            kind="export_progress")
        self.job = job
        # From this share on the work holds the window (the file compressed
        # and written at one go): no frames drawn meanwhile.
        self.pace = Pace(STAGE_SHARES[job.fmt][1] if job.fmt in STAGE_SHARES
                         else 0.0)
        self.work = 0.0  # seconds of the export's own work, by the clock
        self.said = ""  # the stage the card said last

    # The wall clock the estimate reads (a test gives its own).
    clock = staticmethod(time.perf_counter)

    def working(self) -> bool:
        return True  # a few pictures drawn each frame

    def update(self, dt: float) -> None:
        if self not in self.app.dialogs:
            return
        if not self.pace.marks:
            self.pace.mark(self.clock(), self.job.progress, self.job.stage_span(),
                           self.work)
        # A new stage begun between frames is said before its work: the
        # file's writing, begun in the frame after, held the window on the
        # encoding's last words and time left.
        if self.job.stage[0] == self.said and not self._advance():
            return
        self.said = self.job.stage[0]
        self.pace.mark(self.clock(), self.job.progress, self.job.stage_span(),
                       self.work)
        self.body = progress_words(self.app, self.job, self.pace.seconds_left())
        if self.job.done:
            self.app.pop_dialog(self)
            if self.job.path is not None:  # (written when done)
                tell_saved(self.app, self.job.path, of=self.job.exp.name,
                           pictures=self.job.pictures, frames=self.job.frames)

    def _advance(self) -> bool:
        """A few more pictures, their time counted as the export's own
        work; False (the card gone, the failure said) where the export
        failed."""
        began = self.clock()
        try:
            self.job.advance(FRAME_BUDGET)
            self.work += self.clock() - began
        except OSError as e:
            self.app.pop_dialog(self)
            self.app.notify(self.app.t("export.failed", reason=reason(
                self.app, os_error(e, self.job.folder))), 8.0)
            return False
        except ExportError as e:
            self.app.pop_dialog(self)
            self.app.notify(self.app.t("export.failed", reason=reason(self.app, e)),
                            8.0)
            return False
        return True

    def think(self) -> bool:
        """The export goes on between frames, the card drawn every
        THINK_STEP (simulator.app.loop.app), as a computer thinks: drawn
        each frame, the screen under the card (the gallery's table at its
        foul) took 93 % of the time of a GIF of the double hit at 1/4, the
        pictures 7 %. A new stage (the file written at one go) is drawn
        first, and the end."""
        if self.app.top is not self or self.job.done:
            return False
        kind = self.job.stage[0]
        if not self._advance():
            return False
        return not self.job.done and self.job.stage[0] == kind


class Pace:
    """The share of the export done against its own working time (the
    clock around the job's steps): the time left as the stage under way's
    share left at its own pace (by the wall clock, its frames in), and the
    stages after it at the working pace of those done (the shares follow
    their time), the work between the window's frames times the wall's
    time per working second so far (the frames drawn meanwhile), the work
    at one go (the file written) at its own; said in steps that change
    only after the guess has stayed in another step HOLD seconds. Read off
    the wall clock alone, the window's frames (over 90 % of it on a loaded
    machine) were counted into the file's writing, which holds the window:
    "8 min" said through the last three minutes. Read as the whole's pace
    alone, the encoding's first pictures (after the palette is made) raised
    "about a minute" back to "1.5 min": a stage's guess rises only once its
    own pace is read."""

    def __init__(self, held: float = 1.0) -> None:
        self.held = held  # the share from which the work holds the window
        self.start: float | None = None  # (wall clock, working time)
        self.start_work = 0.0
        self.marks: list[tuple[float, float]] = []  # (wall clock, share done)
        self.work = 0.0  # the working time at the last mark
        self.warm: tuple[float, float] | None = None  # (working time, share)
        self.warm_wall: tuple[float, float] | None = None  # (wall, working time)
        self.window = 1.0  # wall seconds per working second between frames
        self.shown: float | None = None  # the step said (seconds)
        self.away: float | None = None  # since when the guess is in another step
        self.span = (0.0, 1.0)  # the stage under way's shares, from and to
        self.stage_from: tuple[float, float] | None = None  # its pace read from
        # (the wall clock: the stage's own frames counted as they come)
        self.before: tuple[float, float] | None = None  # the last mark before it

    def mark(self, t: float, share: float,
             span: tuple[float, float] = (0.0, 1.0), work: float | None = None
             ) -> None:
        """The wall clock ``t``, the share done, the stage's span and the
        working time so far (None: the wall clock's, nothing else drawn)."""
        w = t if work is None else work
        if self.start is None:
            self.start, self.start_work = t, w
        if span != self.span and self.marks:
            self.before = (self.work, self.marks[-1][1])
        self.marks = [(t, share)]  # (only the last is read)
        self.work = w
        if self.warm is None and share >= WARM_SHARE:
            self.warm, self.warm_wall = (w, share), (t, w)
        if self.warm_wall is not None and share <= self.held:
            t0, w0 = self.warm_wall
            if w > w0:
                self.window = max(1.0, (t - t0) / (w - w0))
        if span != self.span:
            self.span, self.stage_from = span, None
        lo, hi = span
        # Its pace read from a tenth of it on (past the stage's first
        # pictures, slow as the machine warms up or the palette is made).
        if self.stage_from is None and share >= lo + STAGE_WARM * (hi - lo) \
                and share > lo:
            self.stage_from = (t, share)

    def stage_pace(self) -> float | None:
        """The stage under way's wall seconds per share of the whole (its
        frames in), once a quarter of it is done, a second after its pace is
        read from."""
        if self.stage_from is None or not self.marks:
            return None
        (t0, s0), (now, share) = self.stage_from, self.marks[-1]
        lo, hi = self.span
        if share < lo + STAGE_READ * (hi - lo) or share <= s0 or now - t0 < 1.0:
            return None
        return (now - t0) / (share - s0)

    def wall(self, a: float, b: float, pace: float) -> float:
        """The wall's seconds of the shares from a to b at ``pace`` working
        seconds a share: the window's frames drawn between the steps before
        the held share, none after it."""
        between = max(0.0, min(b, self.held) - a)
        return pace * (between * self.window + (b - a - between))

    def seconds_left(self) -> float | None:
        """The step of the time left said (see left_step); None before there
        is a pace to read."""
        if self.start is None or not self.marks:
            return None
        now, share = self.marks[-1]
        if share < ESTIMATE_AFTER_SHARE or share >= 1.0 \
                or now - self.start < ESTIMATE_AFTER_SECONDS:
            return None
        w0, s0 = self.warm or (self.start_work, 0.0)
        if share <= s0:
            return None
        whole = (self.work - w0) / (share - s0)  # working seconds a share
        # The stages to come at the pace of those done (a slow encoding
        # says nothing of the compression after it), else the whole's.
        b = self.before
        done = (b[0] - w0) / (b[1] - s0) if b is not None and b[1] > s0 + 0.01 \
            else whole
        own = self.stage_pace()
        hi = max(self.span[1], share)
        guess = (self.wall(share, hi, done) if own is None
                 else own * (hi - share)) + self.wall(hi, 1.0, done)
        step = left_step(guess, share)
        if own is None and self.shown is not None and step > self.shown:
            step = self.shown  # (no rise before the stage's own pace is read)
        if share >= self.held:
            # The work at one go: no frame is drawn before it ends, so the
            # guess is said at once (held back, the encoding's stood).
            self.shown, self.away = step, None
        if self.shown is None or step == self.shown:
            self.shown, self.away = step, None
        elif self.away is None:
            self.away = now
        elif now - self.away >= HOLD:
            self.shown, self.away = step, None
        return self.shown


def left_step(seconds: float, share: float = 1.0) -> float:
    """The time left as said: 0 for "a few seconds" (only once FEW_AFTER_SHARE
    of the work is done), 10 to 50 s, 60 for a minute, 90 for one and a
    half, then whole minutes."""
    if seconds < 5.0 and share >= FEW_AFTER_SHARE:
        return 0.0
    if seconds < 55.0:
        return float(max(10, 10 * round(seconds / 10)))
    if seconds < 75.0:
        return 60.0
    if seconds < 105.0:
        return 90.0
    return 60.0 * round(seconds / 60)


def progress_words(app: App, job: ExportJob, left: float | None = None) -> str:
    """What is being done (the pictures drawn, encoded, of how many; the
    file written), then the whole export's percentage, said as the whole's:
    "35 % · drawing the pictures: 311 of 353" read as a sum gone wrong;
    then, once the pace can be read, about how long is left (a clip took a
    minute and more on a busy machine with nothing saying how long)."""
    kind, n, of = job.stage
    fmt = job.fmt.upper() if job.fmt != "apng" else "PNG"
    # The pictures drawn and the frames the file keeps of them, where fewer.
    key = "stage_write_frames" if kind == "write" and 0 < of < n else f"stage_{kind}"
    said = app.t(f"export.{key}", n=str(n), of=str(of), frames=str(of), fmt=fmt)
    words = f"{said} · {app.t('export.whole', p=round(job.progress * 100))}"
    if left is not None:
        words += " · " + time_left_words(app, left)
    return words


def time_left_words(app: App, seconds: float) -> str:
    """The time left said roughly, as a guess is: "a few seconds", "about
    40 s" (to ten seconds), "about a minute", "about 1.5 min", "about 3 min"
    (a count ticking every second read as a promise)."""
    step = left_step(seconds)
    if step == 0.0:
        return app.t("export.left_few")
    if step < 60.0:
        return app.t("export.left_s", s=str(round(step)))
    if step == 60.0:
        return app.t("export.left_minute")
    if step == 90.0:
        return app.t("export.left_min_half")
    return app.t("export.left_min", m=str(round(step / 60)))


def tell_saved(app: App, path: Path, of: str = "", pictures: int = 0,
               frames: int = 0) -> None:
    """"Saved <file>", said until the person goes on (or 20 s); the file kept
    until the next export (the replay's side column names it, the gallery's
    button offers to export again), with the name of the shot it is of. A
    clip whose file keeps fewer frames than the pictures drawn says both,
    and why."""
    app.kept["export.last"] = str(path)
    app.kept["export.of"] = of
    said = app.t("export.done_frames", file=str(path), n=str(pictures),
                 frames=str(frames)) if 0 < frames < pictures else \
        app.t("export.done", file=str(path))
    app.inform(said, EXPORT_TOLD, until_action=True)
