"""Showing a shot again: playback, what a shot shows beside its balls
(shotmarks), those marks drawn on the table (table_marks), the timeline, the
side view, a replay screen's shot (shotshow) and the export of clips and
diagrams (export)."""
