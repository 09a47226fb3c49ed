"""The match as the window holds it: the session over the referee's match
(shots for replay, the autosave, the scoreboard's words) and the computer seats."""
