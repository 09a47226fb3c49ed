"""The files a player keeps and hands in: atomic writes, the guarded readers of
every input, errors that say why, the profile folder, the package's data, saved
matches with the autosave journal, and ``kiy verify``."""
