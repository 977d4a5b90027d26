"""The games a club plays, told apart. All Fives, Muggins and pagat are one game, All Fives,
with different rule sets: a match scores the count in fives. Fives and Threes (RULES.md §7)
scores it in threes and fives (`count_scoring: fives_and_threes`), to an exact 61: another
game, whose ratings, league tables and statistics are never mixed with All Fives'.

A match's game follows from its rules alone: the one place that decides it is `game_of`."""

from assistant.engine import RecordError, Rules, rules_for
from assistant.engine.errors import N_

ALL_FIVES = "all-fives"
FIVES_AND_THREES = "fives-and-threes"
GAMES = (ALL_FIVES, FIVES_AND_THREES)

NAMES = {
    ALL_FIVES: N_("All Fives"),
    FIVES_AND_THREES: N_("Fives and Threes"),
}


def game_of(rules: object) -> str:
    """The game of a match's rules (a replayed match's `Rules`, or a record's `rules`: a preset
    name, or an object of options over a preset), as the engine reads them: Fives and Threes
    when the count scores in threes and fives. Rules the engine refuses (a record that no
    longer replays) are read by their preset and `count_scoring` alone."""
    try:
        read = rules if isinstance(rules, Rules) else rules_for(rules, 2)
        counting = read.count_scoring
    except RecordError:
        counting = rules.get("count_scoring") if isinstance(rules, dict) else None
        if counting is None:
            preset = rules.get("preset") if isinstance(rules, dict) else rules
            counting = "fives_and_threes" if preset == FIVES_AND_THREES else "fives"
    return FIVES_AND_THREES if counting == "fives_and_threes" else ALL_FIVES
