"""Start Kiy: ``python run_game.py [--lang ru|en] [--game 9-ball] ...``."""

from __future__ import annotations

import sys

from simulator.app.main import main

if __name__ == "__main__":
    sys.exit(main())
