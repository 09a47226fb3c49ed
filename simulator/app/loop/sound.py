"""Table sounds synthesised with numpy at start: no sound files to ship.

Driven by the shot's events: the stroke, ball-ball clicks, cushions and
pockets, each as loud as the impact was fast. Without an audio device the
bank stays silent.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import pygame

from simulator.table.events import Event, EventKind

RATE = 22050


def _env(n: int, decay: float) -> np.ndarray:
    t = np.arange(n) / RATE
    return np.exp(-t * decay)


def _tone(freqs: Iterable[float], ms: float, decay: float, noise: float,
          seed: int) -> np.ndarray:
    n = int(RATE * ms / 1000)
    t = np.arange(n) / RATE
    wave = np.zeros(n)
    for i, f in enumerate(freqs):
        wave += np.sin(2 * np.pi * f * t) / (i + 1)
    rng = np.random.default_rng(seed)  # fixed seed: the same sound every run
    wave += noise * rng.normal(0.0, 1.0, n)
    wave *= _env(n, decay)
    attack = min(n, int(RATE * 0.001))
    wave[:attack] *= np.linspace(0.0, 1.0, attack)
    peak = np.max(np.abs(wave)) or 1.0
    return wave / peak


def synthesise() -> dict[str, np.ndarray]:
    return {
        "strike": _tone((1250.0, 2900.0), 45, 140.0, 0.35, 1),
        "click": _tone((3400.0, 5100.0, 7300.0), 40, 160.0, 0.15, 2),
        "cushion": _tone((140.0, 310.0), 90, 55.0, 0.4, 3),
        "pocket": np.concatenate([_tone((95.0, 190.0), 140, 30.0, 0.5, 4),
                                  0.5 * _tone((700.0, 1300.0), 120, 45.0, 0.6, 5)]),
    }


class SoundBank:
    def __init__(self, enabled: bool = True, volume: float = 0.8) -> None:
        self.enabled = enabled
        self.volume = volume
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
            got = pygame.mixer.get_init()
            if got is None:
                return
            freq, _size, chans = got
            for name, wave in synthesise().items():
                data = (wave * 32000).astype(np.int16)
                if freq != RATE:
                    idx = np.linspace(0, len(data) - 1, int(len(data) * freq / RATE))
                    data = data[idx.astype(int)]
                if chans > 1:
                    data = np.repeat(data[:, None], chans, axis=1)
                self.sounds[name] = pygame.sndarray.make_sound(
                    np.ascontiguousarray(data))
            pygame.mixer.set_num_channels(16)
            self.available = True
        except (pygame.error, ValueError, TypeError, OSError):
            self.available = False

    def play(self, name: str, loudness: float) -> None:
        if not (self.enabled and self.available):
            return
        snd = self.sounds.get(name)
        if snd is None:
            return
        ch = pygame.mixer.find_channel()
        if ch is None:
            return
        ch.set_volume(max(0.0, min(1.0, loudness)) * self.volume)
        ch.play(snd)

    def play_events(self, events: Iterable[Event]) -> None:
        played = 0
        for e in events:
            if played >= 6:  # a break's burst of clicks: a few are enough
                break
            speed = e.speed or 0.0
            if e.kind is EventKind.STROKE:
                self.play("strike", 0.3 + speed / 8)
            elif e.kind is EventKind.BALL_BALL:
                self.play("click", 0.1 + speed / 3)
            elif e.kind is EventKind.BALL_CUSHION:
                self.play("cushion", 0.1 + speed / 3)
            elif e.kind is EventKind.POCKETED:
                self.play("pocket", 0.8)
            else:
                continue
            played += 1
