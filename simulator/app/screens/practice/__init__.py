"""Practice: the scenario list, one situation watched or played and
explained, the player's own stroke from it; and the parts the practice
screens share (their layout, the practice session, the shot player, what
they remember).
"""
from __future__ import annotations



