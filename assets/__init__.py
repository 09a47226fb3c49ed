"""Kiy's data files (texts, scenarios), installed as the package ``kiy_assets``
(pyproject maps this folder) and found through importlib.resources."""
