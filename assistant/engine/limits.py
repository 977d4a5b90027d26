"""The limits of a match record (MATCH-RECORD.md, "Limits"): what one record may hold, so that
no record can swamp a club's server. Every entry point (the replay command, the screens, the API,
the import) goes through the engine, so these hold everywhere; the club's registry of players
takes the same names. What a web request may be is in `assistant/web/base/bounds.py`."""

import unicodedata

MAX_NAME = 40  # characters in a player's name
MAX_TARGET = 10_000  # points
MAX_TARGET_FIVES = 2_000  # under score_unit: fives
MAX_HANDS = 200  # hands in one match
MAX_TOLD = 10_000  # points either way for one player in a hand scored as told


def unprintable(name: str) -> bool:
    """A name no screen can show nor any file hold: it has a control character or a lone
    surrogate."""
    return any(unicodedata.category(c) in ("Cc", "Cs") for c in name)
