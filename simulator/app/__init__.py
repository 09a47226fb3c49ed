"""The game window: the only package that imports pygame."""
