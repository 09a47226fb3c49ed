"""The club night: an evening's setup, the standings and the bracket between
its matches, the players' records and a player's page with the chart of
their rating (over ``simulator.records``; the parts they share in
``draw.py``).
"""
from __future__ import annotations
