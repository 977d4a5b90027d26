"""The games a club plays, told apart. All Fives, Muggins and pagat are one game, All Fives,
with different rule sets: a match scores the count in fives. Fives and Threes (RULES.md §7)
scores it in threes and fives, to an exact 61: another game, whose ratings, league tables and
statistics are never mixed with All Fives'.

A match's game follows from its rules alone: the one place that decides it is `game_of`."""

from assistant.engine.errors import N_

ALL_FIVES = "all-fives"
FIVES_AND_THREES = "fives-and-threes"
GAMES = (ALL_FIVES, FIVES_AND_THREES)

NAMES = {
    ALL_FIVES: N_("All Fives"),
    FIVES_AND_THREES: N_("Fives and Threes"),
}


def game_of(record_rules: object) -> str:
    """The game of a record's `rules` (a preset name, or an object of options over a preset):
    Fives and Threes when the preset is `fives-and-threes` and the counting is not changed back
    to fives, or when the options count in threes and fives; else All Fives."""
    if isinstance(record_rules, dict):
        counting = record_rules.get("count_scoring")
        if counting is not None:
            return FIVES_AND_THREES if counting == "fives_and_threes" else ALL_FIVES
        record_rules = record_rules.get("preset")
    return FIVES_AND_THREES if record_rules == FIVES_AND_THREES else ALL_FIVES


def pegs(count: int) -> int:
    """What a count scores in Fives and Threes: count ÷ 3 for a multiple of 3, plus count ÷ 5
    for a multiple of 5 (15 → 8); 0 scores nothing."""
    if count <= 0:
        return 0
    return (count // 3 if count % 3 == 0 else 0) + (count // 5 if count % 5 == 0 else 0)
