"""Who plays a match, in which sides, under which rules: what every hand of it is played by."""

from typing import NamedTuple

from .rules import Rules
from .values import FrozenMap


class Setup(NamedTuple):
    players: tuple[str, ...]  # in seating order: the turn passes from each to the next
    partnership: bool
    rules: Rules
    explain: bool  # keep each play's count term by term (Hand.play_terms)
    seat: FrozenMap  # player → their place in `players`
    sides: tuple[tuple[str, ...], ...]  # partners together (one player a side otherwise)
    side_of: FrozenMap  # player → their side's place in `sides`

    @staticmethod
    def of(players, partnership: bool, rules: Rules, explain: bool = False) -> "Setup":
        players = tuple(players)
        sides = (
            ((players[0], players[2]), (players[1], players[3]))
            if partnership
            else tuple((p,) for p in players)
        )
        return Setup(
            players,
            partnership,
            rules,
            explain,
            FrozenMap({p: i for i, p in enumerate(players)}),
            sides,
            FrozenMap({p: i for i, side in enumerate(sides) for p in side}),
        )
