"""Settling a hand: the pips left in hands, rounded, and who gains or pays (RULES.md §3).

A settlement keeps its arithmetic (which rule applied, the pips, their rounding, a deduction, a
split), so the screens can show exactly how the points were reached, before and after."""

from dataclasses import dataclass

from .rules import Rules
from .values import EMPTY, FrozenMap

# Which rule of RULES.md §3 settled the hand.
PENALTY_OWN = "penalty_own"  # every player pays their own rounded pips
DOMINO_PER_PLAYER = "domino_per_player"  # the side that went out scores each opponent rounded
DOMINO_TOTAL = "domino_total"  # ... the opponents' total rounded once
BLOCK_SIDES_MINUS_OWN = "block_sides_minus_own"  # fewest pips: others' rounded minus own
BLOCK_OPPONENTS_TOTAL = "block_opponents_total"  # fewest pips: the opponents' total rounded
BLOCK_SPLIT = "block_split"  # two of three sides tied for fewest split the third's rounded pips
BLOCK_TIE = "block_tie"  # any other tie for fewest: nobody scores
SCORED = "scored"  # a hand scored as told: each side's points as the players told them
CHIP_OUT = "chip_out"  # the side that went out scored the bonus with its last play
CHIP_OUT_BLOCKED = "chip_out_blocked"  # a blocked hand under chip_out: nobody scores


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


@dataclass(frozen=True, slots=True)
class Settlement:
    """What the end of a hand changes for each side, and how it was reached: a value (lists
    given are kept as tuples, dicts as FrozenMaps)."""

    changes: tuple  # per side, in score units: what is credited
    pips: FrozenMap  # raw pips left per player used
    winners: tuple[int, ...]  # the sides that gained (winner_takes), empty otherwise
    rule: str  # one of the rule names above
    rounded: FrozenMap = EMPTY  # per player, where the rule rounds so
    side_pips: tuple = ()  # after a block, per side: raw pips, partners added
    side_rounded: tuple = ()  # after a block, per side: rounded once
    gain: int = 0  # the points the winner(s) take, in points, before a split or units
    deducted: int = 0  # block_sides_minus_own: the winner's own rounded total, taken off
    tied: tuple[int, ...] = ()  # sides tied for fewest after a block
    refused: tuple[int, ...] = ()  # sides whose gain exact_target refused

    def __post_init__(self):
        for name in ("changes", "winners", "side_pips", "side_rounded", "tied", "refused"):
            given = getattr(self, name)
            if type(given) is not tuple:
                object.__setattr__(self, name, tuple(given))
        for name in ("pips", "rounded"):
            given = getattr(self, name)
            if type(given) is not FrozenMap:
                object.__setattr__(self, name, FrozenMap(given))


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
    if rules.hand_end == "penalty_own":
        each = {player: rounded(held, rules.rounding) for player, held in pips.items()}
        for player in pips:
            changes[side_of[player]] -= each[player]
        return Settlement(_units(changes, rules), pips, [], PENALTY_OWN, rounded=each)
    elif ended == "domino":
        winner = side_of[went_out]
        opponents = [p for p in pips if side_of[p] != winner]
        if rules.domino_rounding == "per_player":
            each = {player: rounded(pips[player], rules.rounding) for player in opponents}
            gain = sum(each.values())
            changes[winner] = gain
            return Settlement(
                _units(changes, rules), pips, [winner], DOMINO_PER_PLAYER, rounded=each, gain=gain
            )
        gain = rounded(sum(pips[p] for p in opponents), rules.rounding)
        changes[winner] = gain
        return Settlement(_units(changes, rules), pips, [winner], DOMINO_TOTAL, gain=gain)
    return _blocked(rules, sides, changes, pips)


def _units(changes: list, rules: Rules) -> list:
    """Each side's change as scored: in fives under `score_unit: fives`."""
    return [in_units(c, rules) for c in changes] if rules.score_unit == "fives" else changes


def _blocked(rules: Rules, sides: list[list[str]], changes: list, pips: dict) -> Settlement:
    """A blocked hand: the side with the fewest pips (raw, partners added) wins it."""
    totals = [sum(pips.get(p, 0) for p in side) for side in sides]
    totals_rounded = [rounded(total, rules.rounding) for total in totals]
    fewest = min(totals)
    tied = [i for i, total in enumerate(totals) if total == fewest]
    others = [i for i, total in enumerate(totals) if total != fewest]
    gain, deducted, winners = 0, 0, tied
    if len(tied) == 1:
        (winner,) = tied
        if rules.block_scoring == "sides_minus_own":
            rule, deducted = BLOCK_SIDES_MINUS_OWN, totals_rounded[winner]
            gain = sum(totals_rounded[i] for i in others) - deducted
        else:
            rule = BLOCK_OPPONENTS_TOTAL
            gain = rounded(sum(totals[i] for i in others), rules.rounding)
        changes[winner] = gain
    elif rules.block_tie == "split" and len(tied) == 2 and len(others) == 1:
        rule, gain = BLOCK_SPLIT, totals_rounded[others[0]]
        for i in tied:
            changes[i] = exact(gain / 2)
    else:
        rule, winners = BLOCK_TIE, []
    return Settlement(
        _units(changes, rules),
        pips,
        winners,
        rule,
        side_pips=totals,
        side_rounded=totals_rounded,
        gain=gain,
        deducted=deducted,
        tied=tied if len(tied) > 1 else [],
    )


def chipped_out(
    sides: list[list[str]], side_of: dict[str, int], went_out: str | None, scored
) -> Settlement:
    """The settlement under `hand_end: chip_out`: no pips are counted; the side that went out
    scored the bonus with its last play (already credited), unless an exact target or
    `lead_can_win: false` refused it; a blocked hand scores nothing."""
    changes: list = [0] * len(sides)
    if went_out is None:
        return Settlement(changes, {}, [], CHIP_OUT_BLOCKED)
    side = side_of[went_out]
    changes[side] = scored.bonus
    refused = [side] if scored.bonus_refused else []
    return Settlement(changes, {}, [side], CHIP_OUT, gain=scored.bonus, refused=refused)


def needed_pips(
    rules: Rules, sides: list[list[str]], ended: str, went_out: str | None, held: dict[str, int]
) -> list[str]:
    """Whose pips the settlement needs: every player holding tiles, except under `winner_takes`
    after a domino, where only the opponents of the player who went out count."""
    if rules.hand_end == "winner_takes" and ended == "domino":
        partners = next(side for side in sides if went_out in side)
        return [p for side in sides if side is not partners for p in side if held[p]]
    return [p for side in sides for p in side if held[p]]
