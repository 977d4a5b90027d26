"""Pips left that follow from what is known at the end of a hand, so nobody has to count them.

Once the boneyard is empty every tile not played is in someone's hand: the pips of the one
player not yet counted are what the unplayed tiles hold less everyone else's. A player whose
tiles can only weigh one total (they hold every tile left, or none) needs no counting either."""

from .hand import CANONICAL, PIPS_OF, Hand
from .tiles import TOTAL_PIPS


def derived_pips(hand: Hand, known: dict) -> dict[str, int]:
    """The pips of the players `hand` still needs (`needs_left`) that follow from `known`
    (player → a pip total, or the list of their tiles), each a total the engine would accept.
    A total that does not make sense (not a number, a tile unknown) is left to the engine's
    check: nothing is derived from it."""
    totals: dict[str, int] = {}
    for player, given in known.items():
        pips = _pips(given)
        if pips is None or player not in hand.held:
            return {}
        totals[player] = pips
    derived: dict[str, int] = {}
    unknown = [player for player in hand.players if player not in totals]
    for player in list(unknown):
        low, high = hand.pip_bounds(player)
        if low == high:
            derived[player] = totals[player] = low
            unknown.remove(player)
    if hand.boneyard == 0 and len(unknown) == 1:
        player = unknown[0]
        rest = TOTAL_PIPS - hand.played_pips - sum(totals.values())
        low, high = hand.pip_bounds(player)
        if low <= rest <= high:
            derived[player] = rest
    return {player: pips for player, pips in derived.items() if player in hand.needs_left}


def _pips(given: object) -> int | None:
    if type(given) is int:
        return given
    if type(given) is list and all(type(t) is str and t in CANONICAL for t in given):
        return sum(PIPS_OF[t] for t in given)
    return None
