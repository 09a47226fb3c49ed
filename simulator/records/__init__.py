"""Club nights and players' records (no pygame)."""
