"""Settling a hand: the pips left in hands, rounded, and who gains or pays (RULES.md §3)."""

from dataclasses import dataclass

from .rules import Rules


def rounded(pips: int, rounding: str) -> int:
    """Pips rounded to the nearest 5 (1–2 down, 3–4 up), down to a 5, or left as they are."""
    if rounding == "nearest":
        return (pips + 2) // 5 * 5
    if rounding == "down":
        return pips // 5 * 5
    return pips


def in_units(points: int | float, rules: Rules) -> int | float:
    """Points as scored: in fives under `score_unit: fives`."""
    return exact(points / 5) if rules.score_unit == "fives" else points


def exact(number: float) -> int | float:
    """A whole number as an int; a half (the 3-player split) as a float such as 7.5."""
    return int(number) if number == int(number) else number


@dataclass(frozen=True)
class Settlement:
    """What the end of a hand changes for each side, and how it was reached."""

    changes: list  # per side, in score units
    pips: dict[str, int]  # raw pips left per player used
    winners: list[int]  # the sides that gained (winner_takes), empty otherwise


def settle(
    rules: Rules,
    sides: list[list[str]],
    side_of: dict[str, int],
    ended: str,
    went_out: str | None,
    pips: dict[str, int],
) -> Settlement:
    """The settlement of a hand that ended by `domino` or `blocked`, given the pips needed."""
    changes: list = [0] * len(sides)
    winners: list[int] = []

    def side_total(i: int) -> int:
        return sum(pips.get(p, 0) for p in sides[i])

    if rules.hand_end == "penalty_own":
        for player, held in pips.items():
            changes[side_of[player]] -= rounded(held, rules.rounding)
    elif ended == "domino":
        winner = side_of[went_out]
        opponents = [p for p in pips if side_of[p] != winner]
        if rules.domino_rounding == "per_player":
            changes[winner] = sum(rounded(pips[p], rules.rounding) for p in opponents)
        else:
            changes[winner] = rounded(sum(pips[p] for p in opponents), rules.rounding)
        winners = [winner]
    else:
        totals = [side_total(i) for i in range(len(sides))]
        fewest = min(totals)
        tied = [i for i, t in enumerate(totals) if t == fewest]
        others = [i for i, t in enumerate(totals) if t != fewest]
        if len(tied) == 1 or rules.block_tie == "split":
            gain = _block_gain(rules, totals, fewest, others)
            for i in tied:
                changes[i] = exact(gain / len(tied)) if others else 0
            winners = tied if others else []
    if rules.score_unit == "fives":
        changes = [in_units(c, rules) for c in changes]
    return Settlement(changes, pips, winners)


def _block_gain(rules: Rules, totals: list[int], own: int, others: list[int]) -> int:
    """What the side with the fewest pips scores from the other sides after a block."""
    if rules.block_scoring == "sides_minus_own":
        return sum(rounded(totals[i], rules.rounding) for i in others) - rounded(
            own, rules.rounding
        )
    return rounded(sum(totals[i] for i in others), rules.rounding)


def needed_pips(
    rules: Rules, sides: list[list[str]], ended: str, went_out: str | None, held: dict[str, int]
) -> list[str]:
    """Whose pips the settlement needs: every player holding tiles, except under `winner_takes`
    after a domino, where only the opponents of the player who went out count."""
    if rules.hand_end == "winner_takes" and ended == "domino":
        partners = next(side for side in sides if went_out in side)
        return [p for side in sides if side is not partners for p in side if held[p]]
    return [p for side in sides for p in side if held[p]]
