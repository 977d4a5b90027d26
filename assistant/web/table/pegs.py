"""Fives and Threes at the table (RULES.md §7): a count in threes and fives in words, why a play
scored nothing (a bust past an exact target, no winning on the lead), and the cribbage board
the players read the scores from, drawn as a small SVG."""

from dataclasses import dataclass

from flask_babel import gettext as _
from flask_babel import ngettext
from markupsafe import Markup, escape

from assistant.web.base.i18n import number
from assistant.web.base.pages import side_name

# The board's geometry, in the SVG's units: a row of 60 holes in groups of five, as a cribbage
# board has them, then the game hole; a side's name on the left of its lane.
LABEL = 34  # room for a side's name
STEP = 5  # from one hole to the next
GROUP_GAP = 3  # between two groups of five
ROW = 60  # holes in a row: 61 is once round, 121 twice
ROW_HEIGHT = 8
LANE_GAP = 4
PEG_COLOURS = ("#c0392b", "#1f6fb2", "#2e8b57")
NEAR = 20  # within this of an exact target a side is told what it needs


def pegs_rules(match) -> bool:
    """Whether the match counts in threes and fives (its counts are explained so)."""
    return match.rules.count_scoring == "fives_and_threes"


def why(count: int) -> str:
    """What a Fives and Threes count is made of: 15 → "5 threes and 3 fives"; "" for none."""
    threes = count // 3 if count and not count % 3 else 0
    fives = count // 5 if count and not count % 5 else 0
    three_words = ngettext("%(num)s three", "%(num)s threes", threes) if threes else ""
    five_words = ngettext("%(num)s five", "%(num)s fives", fives) if fives else ""
    if three_words and five_words:
        return _("%(threes)s and %(fives)s", threes=three_words, fives=five_words)
    return three_words or five_words


@dataclass
class Refusal:
    """Why a play scored less than its count: `bust` (it would pass an exact target), `lead`
    (no winning on the lead) or `lead_bonus` (the point for going out refused on the lead)."""

    reason: str
    would: int  # the score the play would have made


def refusal(match, before: int, count: int, lead: bool, chips_out: bool) -> Refusal | None:
    """What `Match.play_points` refused for a play made on `before`, if anything: its rule
    worked again from the score the side had before the play (the engine answers only for the
    scores as they are now)."""
    rules = match.rules
    points = match.count_points(count)
    bonus = rules.go_bonus if chips_out else 0
    if lead and not rules.lead_can_win and points and before + points >= rules.target:
        return Refusal("lead", before + points)
    if rules.exact_target and (points or bonus) and before + points + bonus > rules.target:
        return Refusal("bust", before + points + bonus)
    if bonus and lead and not rules.lead_can_win and before + points + bonus >= rules.target:
        return Refusal("lead_bonus", before + points + bonus)
    return None


def refusal_words(match, refused: Refusal, side: str, stays: int) -> str:
    """The refusal in the players' words: "63 would pass 61: nothing scored, Ann stays on 59"."""
    target = match.rules.target
    if refused.reason == "bust":
        return _(
            "%(score)s would pass %(target)s: nothing scored, %(side)s stays on %(stays)s.",
            score=number(refused.would),
            target=number(target),
            side=side,
            stays=number(stays),
        )
    if refused.reason == "lead":
        return _(
            "No winning on the lead: the lead would make %(score)s, so nothing is scored; "
            "%(side)s stays on %(stays)s.",
            score=number(refused.would),
            side=side,
            stays=number(stays),
        )
    return _("No winning on the lead: the point for going out is not scored.")


@dataclass
class EndOutcome:
    """An end a tile may go on (the engine's `EndChoice`), with what a Fives and Threes player
    also wants to know: the point for going out it would score, or that it would bust."""

    end: str
    value: int
    count: int
    points: int
    bonus: int
    bust: bool


def end_outcome(match, tile: str, choice) -> EndOutcome:
    hand = match.hands[-1]
    player = hand.turn
    side = match.side_of[player]
    partners_out = all(hand.held[p] == 0 for p in match.sides[side] if p != player)
    last = hand.held[player] == 1 and (match.rules.go_out == "player" or partners_out)
    chips_out = last and match.rules.hand_end == "chip_out"
    scored = match.play_points(side, choice.count, False, chips_out)
    bust = scored.points + scored.bonus == 0 and (
        match.count_points(choice.count) > 0 or scored.bonus_refused
    )
    return EndOutcome(choice.end, choice.value, choice.count, scored.points, scored.bonus, bust)


def needs(match, side: int) -> int | None:
    """What a side needs to land exactly on the target, once it is near it."""
    rules = match.rules
    to_go = rules.target - match.scores[side]
    if rules.exact_target and 0 < to_go <= NEAR:
        return to_go
    return None


def _hole_x(index: int) -> float:
    """The x of hole `index` (0 to 59) of a row."""
    return LABEL + 3 + index * STEP + (index // 5) * GROUP_GAP


def _peg_at(score: int, target: int, rows: int) -> tuple[float, int]:
    """Where a side's peg stands: (x, row). 0 is off the board, at the start."""
    if score <= 0:
        return LABEL, 0
    if score >= target:
        return _hole_x(ROW - 1) + STEP + GROUP_GAP, rows - 1
    hole = int(score) - 1
    return _hole_x(hole % ROW), hole // ROW


def board(match) -> Markup:
    """The cribbage board: per side a lane of the target's holes (61: one row of 60 and the
    game hole; 121: twice round), the side's peg in the hole of its score."""
    target = match.rules.target
    rows = max(1, -(-(target - 1) // ROW))
    sides = len(match.sides)
    lane = rows * ROW_HEIGHT + LANE_GAP
    width = _hole_x(ROW - 1) + STEP + GROUP_GAP + 4
    height = sides * lane + 2
    names = [side_name(match, i) for i in range(sides)]
    said = ", ".join(f"{name} {number(match.scores[i])}" for i, name in enumerate(names))
    label = _("The board: %(scores)s; %(target)s wins.", scores=said, target=number(target))
    parts = [
        f'<svg class="board" viewBox="0 0 {width:g} {height}" role="img" '
        f'aria-label="{escape(label)}">'
    ]
    # Five dots, then a wider gap: one dashed line draws a group of holes.
    dashes = " ".join([f"0 {STEP}"] * 4 + [f"0 {STEP + GROUP_GAP}"])
    for side in range(sides):
        top = side * lane + 2
        short = names[side] if len(names[side]) <= 8 else names[side][:7] + "…"
        parts.append(
            f'<text x="0" y="{top + 4.5:g}" font-size="6" fill="currentColor">'
            f"{escape(short)}</text>"
        )
        for row in range(rows):
            y = top + row * ROW_HEIGHT + 3
            holes = min(ROW, target - 1 - row * ROW)
            end = _hole_x(holes - 1)
            parts.append(
                f'<path d="M{_hole_x(0):g} {y}H{end:g}" stroke="currentColor" opacity=".45" '
                f'stroke-width="1.8" stroke-linecap="round" stroke-dasharray="{dashes}"/>'
            )
        game_x = _hole_x(ROW - 1) + STEP + GROUP_GAP
        game_y = top + (rows - 1) * ROW_HEIGHT + 3
        parts.append(
            f'<circle cx="{game_x:g}" cy="{game_y}" r="1.6" fill="none" stroke="currentColor"/>'
        )
        x, row = _peg_at(match.scores[side], target, rows)
        colour = PEG_COLOURS[side % len(PEG_COLOURS)]
        parts.append(
            f'<circle class="peg" cx="{x:g}" cy="{top + row * ROW_HEIGHT + 3}" r="2.6" '
            f'fill="{colour}"/>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))
