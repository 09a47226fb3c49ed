"""The window's loop and start-up: the App and its modes, the screen registry,
the command line's first screen, the settings and the sounds."""
