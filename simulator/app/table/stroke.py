"""The hand's motion during a pull back: a quick forward motion is a stroke
(the way a cue is played in Virtual Pool or Cue Club), a slow one eases the
power down.

A forward stroke played the power of where the hand was at the release:
a 196-pixel pull (7.2 m/s) struck forward broke at 0.8 m/s, and one carried
past the start was no stroke at all. A stroke now plays the power the pull
had where the forward motion began; a slow easing forward still lowers the
power to what is shown.

Pure arithmetic on (time, pixels) samples: no pygame, tested on its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# The hand's speed is measured over this much of the latest motion (s): a
# few motion events at 60 frames a second.
STROKE_WINDOW = 0.1
# Forward faster than this (full pulls a second) is a stroke: 1.2 full
# pulls is about 430 px/s at 1600x1000 (a full pull 355 px), 200 at
# 800x500 (166 px).
# A hand easing the power down moves a fifth to a half of that; a forward
# stroke of a mouse (a whole pull in a quarter second or less) four times it.
STROKE_SPEED = 1.2
# A stroke's power is the pull's furthest point this far back in time (s):
# a hand speeds up into a stroke over a few frames, and a slow start of it
# is not an easing of the power. An easing longer than this before a
# stroke is one: the stroke plays the power eased to.
STROKE_LOOKBACK = 0.2
# A frame is taken as no longer than this (s) when the hand's speed is
# measured. Events come a frame at a time with no time of their own; on a
# busy machine one frame of 0.6 s brought a whole stroke (226 px, made in
# a tenth of that), which read as 365 px/s, an easing. A hand easing the
# power down moves well under the threshold over this time too.
SLOW_FRAME = 0.25
# Samples older than this (s) are let go.
KEPT = 2.0
# Frames with no motion for longer than this (s): the hand rested (motion
# events come with every frame, 1/60 s, while it moves).
REST_GAP = 0.05
# Back again by this share of a full pull after a stroke: a new pull, whose
# length sets the power again.
BACK_AGAIN = 0.05


@dataclass
class PullTrack:
    """One pull: where the hand was (pixels back from the press, along the
    aim; negative toward the ball) and when (s, by the app's clock)."""

    full: float  # pixels of pull for full power
    start: float  # the press's time
    # A forward motion from no further back than this is no stroke: a
    # flick toward the ball or across the aim (aiming, not shooting).
    short: float = 0.0
    # (time, the start of the interval the motion came in, pixels)
    samples: list[tuple[float, float, float]] = field(default_factory=list)
    furthest: float = 0.0  # the longest the pull has been
    stroke_px: float | None = None  # a stroke under way: where it began
    low: float = 0.0  # a stroke's point nearest the ball so far

    def __post_init__(self) -> None:
        self.samples.append((self.start, self.start, 0.0))

    @property
    def stroking(self) -> bool:
        return self.stroke_px is not None

    def played_px(self, at: float) -> float:
        """The pull a release now plays: a stroke's start, else where the
        hand is (``at``)."""
        return at if self.stroke_px is None else self.stroke_px

    def moved(self, t: float, dt: float, px: float) -> None:
        """The hand at ``px`` at time ``t``, having moved within the last
        ``dt`` seconds (the frame the motion came in: events come a frame
        at a time, and a hand that was still sent none)."""
        prev_t = self.samples[-1][0]
        self.samples.append((t, max(prev_t, t - dt), px))
        self.furthest = max(self.furthest, px)
        # Only what the window and the look back can need is kept (a slow
        # frame counts as less time in the look back, see began_at).
        while len(self.samples) > 2 and self.samples[1][0] < t - KEPT:
            self.samples.pop(0)
        if self.stroke_px is not None:
            self.low = min(self.low, px)
            if px > self.low + BACK_AGAIN * self.full:
                self.stroke_px = None  # pulled back again: a new pull
            return
        if self.forward_speed(t) >= STROKE_SPEED * self.full:
            began = self.began_at()
            if began > self.short:
                self.stroke_px, self.low = began, px

    def forward_speed(self, now: float) -> float:
        """Pixels a second toward the ball over the latest STROKE_WINDOW: the
        way from where the hand was before its first motion in the window,
        over the window (or the frames the motion took, if longer, up to
        SLOW_FRAME)."""
        first = len(self.samples) - 1
        while first > 0 and self.samples[first - 1][0] > now - STROKE_WINDOW:
            first -= 1
        if first == 0 or self.samples[first][0] <= now - STROKE_WINDOW:
            return 0.0  # (no motion in the window, or none before it)
        begun = self.samples[first][1]
        way = self.samples[first - 1][2] - self.samples[-1][2]
        return way / max(STROKE_WINDOW, min(now - begun, SLOW_FRAME))

    def began_at(self) -> float:
        """The furthest point of the pull the forward motion began from:
        walking back from the latest motion, to where the hand turned from
        pulling back, or rested (the stroke began there), or STROKE_LOOKBACK
        ago (an easing longer than that was one). A frame counts as no more
        than STROKE_WINDOW of it: on a busy machine the first step of a
        stroke came alone, the rest 0.6 s later in one frame."""
        first = len(self.samples) - 1
        age = 0.0
        while first > 0:
            t, begun, px = self.samples[first]
            before, _, px_before = self.samples[first - 1]
            if px_before < px:
                break  # the hand was still pulling back: it turned here
            first -= 1
            age += min(t - before, STROKE_WINDOW)
            # (Rested: frames went by with no motion. A slow frame is no
            # rest: its events came a fifth of a second apart when the
            # machine was busy.)
            if begun - before > REST_GAP or age > STROKE_LOOKBACK:
                break
        return max(s[2] for s in self.samples[first:])
