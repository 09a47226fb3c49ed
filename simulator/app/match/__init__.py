"""The match as the window holds it: the session over the referee's match
(shots for replay, the autosave, the scoreboard's words), what comes next
after a shot with undo, redo and conceding (turns), saving from the window
(saving), the statistics' lines (stats) and the computer seats (computer)."""
