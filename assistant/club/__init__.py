"""The club: the player registry, the derived statistics cache, ratings, exports and imports.
Pure computations over the database; the screens are in assistant/web/club.py, history.py and
live.py."""
