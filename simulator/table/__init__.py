"""The table as data: the specs of every table, the cushion and jaw geometry,
where a ball may rest, the TableState, and the event vocabulary with the Stroke
and Shot records. No physics, no rules, no window."""
