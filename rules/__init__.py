"""The referee: pool (general rules, 8-ball, 9-ball, 14.1) and Express.

Start at rules.referee.Match; docs/rules-api.md says how the pieces fit.
"""
