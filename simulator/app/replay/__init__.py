"""Showing a shot again: playback, what a shot shows beside its balls (trails,
contacts, timeline marks, the side view) and the export of clips and diagrams."""
