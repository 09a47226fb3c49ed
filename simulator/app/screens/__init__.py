"""One file per screen of the window, each registered by name in
``simulator.app.loop.registry``; a folder where a screen has parts (practice,
editor). The match's table screens build on table_screen (the table, the
scoreboard, the side column, the strip) and aiming and placing on shot_input.
"""
