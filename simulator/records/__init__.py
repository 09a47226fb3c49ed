"""Club nights and players' records (no pygame).

- :mod:`~simulator.records.evening`: an evening as data and logic (who
  plays next, results, standings, the bracket), on the pairings of
  :mod:`~simulator.records.formats`, the setup, calls and results of
  :mod:`~simulator.records.plan` and the tables of
  :mod:`~simulator.records.standings`;
- :mod:`~simulator.records.club`: the evening and the records in the
  profile's data folder, written after every result;
- :mod:`~simulator.records.database`: the players' records in SQLite
  (:mod:`~simulator.records.schema`: its migration steps), and
  :mod:`~simulator.records.pages`: what a player's page shows;
- :mod:`~simulator.records.rating`: the FargoRate scale, the fit, handicaps;
  :mod:`~simulator.records.levels`: the computer levels' measured ratings;
- :mod:`~simulator.records.stats`: a match in numbers (for the window too);
- :mod:`~simulator.records.export`, :mod:`~simulator.records.transfer`: the
  evening as CSV and a printable page, the records as one file;
- :mod:`~simulator.records.cli`: ``kiy evening`` and ``kiy records``
  (``python -m simulator.records``).

docs/records.md describes the formats, the schema, the rating and the API.
"""
