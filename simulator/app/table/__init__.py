"""The table drawn: the cloth, cushions and pockets, the balls, the aim and its
guide, the scoreboard, the aim controls and the ruling card, and the view's
scale and layout."""
