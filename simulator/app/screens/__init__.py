"""One file per screen of the window, each registered by name in
``simulator.app.loop.registry``."""
