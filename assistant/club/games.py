"""The games a club plays, told apart. All Fives, Muggins and pagat are one game, All Fives,
with different rule sets: a match scores the count in fives. Fives and Threes (RULES.md §7)
scores it in threes and fives (`count_scoring: fives_and_threes`), to an exact 61: another
game, whose ratings, league tables and statistics are never mixed with All Fives'.

A match's game follows from its rules alone: the one place that decides it is `game_of`."""

from assistant.engine import RecordError, rules_for
from assistant.engine.errors import N_

ALL_FIVES = "all-fives"
FIVES_AND_THREES = "fives-and-threes"
GAMES = (ALL_FIVES, FIVES_AND_THREES)

NAMES = {
    ALL_FIVES: N_("All Fives"),
    FIVES_AND_THREES: N_("Fives and Threes"),
}


def game_of(record_rules: object) -> str:
    """The game of a record's `rules` (a preset name, or an object of options over a preset),
    as the engine reads them: Fives and Threes when the count scores in threes and fives.
    Rules the engine refuses (a record that no longer replays) are read by their preset and
    `count_scoring` alone."""
    try:
        counting = rules_for(record_rules, 2).count_scoring
    except RecordError:
        counting = record_rules.get("count_scoring") if isinstance(record_rules, dict) else None
        if counting is None:
            preset = record_rules.get("preset") if isinstance(record_rules, dict) else record_rules
            counting = "fives_and_threes" if preset == FIVES_AND_THREES else "fives"
    return FIVES_AND_THREES if counting == "fives_and_threes" else ALL_FIVES
