"""The position editor: the draft and its checks (draft), placing balls with
the mouse (balls), the game state in the side column (state_panel), the
titles and the scenario file (files), composed into one screen (screen)."""
