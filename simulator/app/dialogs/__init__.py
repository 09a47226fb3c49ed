"""The dialogs drawn over a screen, one a file, each opened by name
(``app.open("pause")``): the card every dialog is (base), the match's (pause,
save, concede, choice, sign, fouls, game_over, quit, with confirm's Yes and
No), the referee's calls a person makes (referee_calls) and the export.
"""
