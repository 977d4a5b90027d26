"""The club: the matches' store (every write), the player registry, the derived statistics
cache, ratings, seasons, nights and draws, exports and imports. No Flask: the screens over it are
in assistant/web/."""
