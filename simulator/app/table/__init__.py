"""The table drawn and what sits around it: the cloth, cushions and pockets
(render), the balls (balls3d), the aim and its guide (aim), the view's scale
and layout (view); the scoreboard, the aim controls, the event strip and the
ruling card (scoreboard, aim_controls, strip, ruling_card)."""
