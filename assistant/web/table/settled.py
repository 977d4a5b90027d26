"""A settled hand in the player's words: the pips counted, how the rule that applied turned them
into points (each player rounded or the total rounded once, what is taken off, the split, the
tie), and what each side was credited. The preview before Confirm, the table's banner after it,
the winner's screen, the scorepad and the replay all say it the same way, from the engine's
`Settlement`, so what is shown is what was credited."""

from dataclasses import dataclass, field

from flask_babel import gettext as _

from assistant.engine import settlement as rule
from assistant.web.base.i18n import elided, number, signed
from assistant.web.base.pages import player_name, side_name

ARROW = " → "


@dataclass
class Counted:
    """One line of pips: a player, or a side after a block (partners added)."""

    name: str
    pips: str  # "7", "4 + 5 = 9" for partners, with its rounding: "7 → 5"


@dataclass
class Explained:
    ended: str  # "Ann went out." or "Blocked."
    rule: str  # the rule that applied, as a sentence
    counted: list[Counted]  # the pips it used
    working: str  # the arithmetic from those pips to the points: "7 + 7 = 14 → 15"
    changes: list[dict]  # per side: {"side", "change"}, as credited
    notes: list[str] = field(default_factory=list)  # a refused gain, points kept in fives

    @property
    def outcome(self) -> str:
        """What was credited: "Ann + Cy +15 · Bo + Di 0", or that nobody scored; nothing when
        the hand's end already said it (a chip-out)."""
        if not self.changes:
            return ""
        if not any(c["change"] for c in self.changes):
            return _("Nobody scores.")
        return " · ".join(f"{c['side']} {signed(c['change'])}" for c in self.changes)


def _rounded(pips: int, to: int, rounding: str) -> str:
    return number(pips) if rounding == "none" else f"{number(pips)}{ARROW}{number(to)}"


def _sum(parts: list, total) -> str:
    """ "7 + 7 = 14", or "7" alone."""
    if len(parts) == 1:
        return number(parts[0])
    return " + ".join(number(p) for p in parts) + f" = {number(total)}"


def explain(match, hand) -> Explained | None:
    """The words for `hand`'s settlement; None while it is not settled, or when it was scored
    as told."""
    settled = hand.settlement
    if settled is None or settled.rule == rule.SCORED:  # scored as told: no arithmetic to show
        return None
    if settled.rule in (rule.CHIP_OUT, rule.CHIP_OUT_BLOCKED):
        return _chipped_out(match, hand, settled)
    rounding = match.rules.rounding
    sides = [side_name(match, i) for i in range(len(match.sides))]
    changes = [{"side": sides[i], "change": c} for i, c in enumerate(settled.changes)]
    which = settled.rule
    if which in (rule.PENALTY_OWN, rule.DOMINO_PER_PLAYER):
        counted = [
            Counted(player_name(p), _rounded(settled.pips[p], settled.rounded[p], rounding))
            for p in settled.rounded
        ]
        if which == rule.PENALTY_OWN:
            text = _("Everyone pays the pips left in their own hand, rounded.")
            working = ""
        else:
            text = _("Scored: each opponent's pips, rounded, then added.")
            working = _sum(list(settled.rounded.values()), settled.gain)
    elif which == rule.DOMINO_TOTAL:
        counted = [Counted(player_name(p), number(pips)) for p, pips in settled.pips.items()]
        text = _("Scored: the opponents' pips, added, then rounded once.")
        total = sum(settled.pips.values())
        working = _sum(list(settled.pips.values()), total)
        if rounding != "none":
            working += f"{ARROW}{number(settled.gain)}"
    else:
        counted, text, working = _blocked(match, settled, sides, rounding)
    notes = []
    for side in settled.refused:
        notes.append(_("%(side)s would pass the exact target: no points.", side=sides[side]))
    if match.rules.score_unit == "fives":
        notes.append(_("Scores are kept in fives: 5 points count 1."))
    if hand.ended == "domino":
        ended = _("%(player)s went out.", player=player_name(hand.went_out))
    else:
        ended = _("Blocked.")
    return Explained(ended, text, counted, working, changes, notes)


def _blocked(match, settled, sides: list[str], rounding: str) -> tuple[list, str, str]:
    """After a block: each side's pips (partners added), the fewest, and what they score."""
    counted = []
    for i, side in enumerate(match.sides):
        parts = [settled.pips.get(p, 0) for p in side]
        pips = _sum(parts, settled.side_pips[i])
        if rounding != "none":
            pips += f"{ARROW}{number(settled.side_rounded[i])}"
        counted.append(Counted(sides[i], pips))
    which = settled.rule
    fewest = number(min(settled.side_pips))
    if which == rule.BLOCK_TIE:
        text = _("Tied for the fewest pips (%(pips)s): nobody scores.", pips=fewest)
        return counted, text, ""
    if which == rule.BLOCK_SPLIT:
        a, b = (sides[i] for i in settled.tied)
        (other,) = (i for i in range(len(sides)) if i not in settled.tied)
        text = elided(
            _(
                "Tied for the fewest pips (%(pips)s): %(first)s and %(second)s split the pips of "
                "%(other)s, rounded, half each.",
                first=a,
                second=b,
                other=sides[other],
                pips=fewest,
            )
        )
        working = f"{number(settled.gain)} × ½ = {number(settled.gain / 2)}"
        return counted, text, working
    (winner,) = settled.winners
    others = [i for i in range(len(sides)) if i != winner]
    if which == rule.BLOCK_SIDES_MINUS_OWN:
        text = _(
            "Fewest pips: %(side)s, %(pips)s. Scored: the others' pips, rounded, minus their own.",
            side=sides[winner],
            pips=fewest,
        )
        working = " + ".join(number(settled.side_rounded[i]) for i in others)
        working += f" − {number(settled.deducted)} = {number(settled.gain)}"
        return counted, text, working
    text = _(
        "Fewest pips: %(side)s, %(pips)s. Scored: the opponents' pips, added, then rounded once.",
        side=sides[winner],
        pips=fewest,
    )
    parts = [settled.side_pips[i] for i in others]
    working = _sum(parts, sum(parts))
    if rounding != "none":
        working += f"{ARROW}{number(settled.gain)}"
    return counted, text, working


def _chipped_out(match, hand, settled) -> Explained:
    """Fives and Threes (`hand_end: chip_out`): no pips are counted. The side that went out
    scored the point for going out with its last play ("Ann chips out: +1"), unless the play
    could not score it; a blocked hand scores nothing."""
    if settled.rule == rule.CHIP_OUT_BLOCKED:
        return Explained(_("Blocked."), _("No pips are counted: nobody scores."), [], "", [])
    player = player_name(hand.went_out)
    side = match.side_of[hand.went_out]
    if settled.refused:
        ended = _("%(player)s chips out: the point for going out is not scored.", player=player)
    elif len(match.sides[side]) > 1:
        ended = _(
            "%(player)s chips out: %(side)s %(points)s.",
            player=player,
            side=side_name(match, side),
            points=signed(settled.gain),
        )
    else:
        ended = _("%(player)s chips out: %(points)s.", player=player, points=signed(settled.gain))
    return Explained(ended, "", [], "", [])
