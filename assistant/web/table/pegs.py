"""Fives and Threes at the table (RULES.md §7): a count in threes and fives in words, why a play
scored nothing (a bust past an exact target, no winning on the lead), and the cribbage board
the players read the scores from, drawn as a small SVG."""

from dataclasses import dataclass

from flask_babel import gettext as _
from flask_babel import ngettext
from markupsafe import Markup, escape

from assistant.web.base.i18n import number
from assistant.web.base.pages import side_name

# The board's geometry, in the SVG's units. As on a cribbage board, a side's track runs up a row
# of 30 holes in groups of five and back down the next (61: once round the board, 121: twice),
# then into the game hole; the side's name on the left of its lane, in its peg's colour.
LABEL = 40  # room for a side's name
STEP = 5  # from one hole to the next
GROUP_GAP = 3  # between two groups of five
ROW = 30
ROW_HEIGHT = 7
LANE_GAP = 5
PEG_COLOURS = ("#c0392b", "#1f6fb2", "#23744a", "#8e44ad")
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
    """What laying `tile` on `choice`'s end would score for the player whose turn it is, with the
    point for going out when it is their side's last tile (`Match.play_points`)."""
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
    """The x of hole `index` (0 to 29) of a row running left to right."""
    return LABEL + 6 + index * STEP + (index // 5) * GROUP_GAP


def _hole(score: int) -> tuple[float, int]:
    """Where hole `score` (1 to the target − 1) is: (x, row); odd rows run back."""
    row, index = divmod(score - 1, ROW)
    return _hole_x(ROW - 1 - index if row % 2 else index), row


def _game_hole(rows: int) -> float:
    """The game hole's x, past the end of the last row (on the left after an even row)."""
    return LABEL + 1.5 if rows % 2 == 0 else _hole_x(ROW - 1) + STEP + 1


def _rects(rows: int, holes: int, top: float) -> str:
    """A lane's holes, for a target other than 61 or 121 (its last row cut short): rects filled
    with the pattern of one row's group of five."""
    full, left = divmod(holes, ROW)
    rects = []
    if full:
        rects.append((_hole_x(0) - 1, 0, _hole_x(ROW - 1) + 1, full))
    if left:
        xs = [_hole(full * ROW + n + 1)[0] for n in range(left)]
        rects.append((min(xs) - 1, full, max(xs) + 1, 1))
    return "".join(
        f'<rect x="{x0:g}" y="{top + row * ROW_HEIGHT:g}" width="{x1 - x0:g}" '
        f'height="{n * ROW_HEIGHT}" fill="url(#holes)"/>'
        for x0, row, x1, n in rects
    )


def board(match) -> Markup:
    """The cribbage board: per side a lane of the target's holes, the side's peg in the hole of
    its score (before the first hole at 0, in the game hole once it has won). A picture of the
    scores the scoreboard above says in words, so screen readers skip it. The holes are a
    pattern, a group of five in each row of a lane, filling one rect for all the lanes: the
    table screen's download stays small."""
    target = match.rules.target
    rows = max(1, -(-(target - 1) // ROW))
    whole = (target - 1) % ROW == 0  # 61, 121: every row full
    sides = len(match.sides)
    lane = rows * ROW_HEIGHT + LANE_GAP
    width = _hole_x(ROW - 1) + STEP + 4
    height = sides * lane - LANE_GAP + 1
    names = [side_name(match, i) for i in range(sides)]
    # Five holes: a line of zero-length dashes with round ends (a little past the fifth, which a
    # dash exactly at the line's end would not draw); each row's line starts the dashes anew.
    pattern_rows = rows if whole else 1
    holes = "".join(
        f"M1 {row * ROW_HEIGHT + ROW_HEIGHT / 2:g}h{4 * STEP + 0.1:g}"
        for row in range(pattern_rows)
    )
    first = _hole_x(0) - 1
    parts = [
        f'<svg class="board" viewBox="0 0 {width:g} {height:g}" font-size="7" font-weight="bold" '
        f'aria-hidden="true"><defs><pattern id="holes" '
        f'width="{5 * STEP + GROUP_GAP}" height="{lane if whole else ROW_HEIGHT}" x="{first:g}" '
        f'patternUnits="userSpaceOnUse"><path d="{holes}" stroke="#8a8a8a" stroke-width="2" '
        f'stroke-linecap="round" stroke-dasharray="0 {STEP}"/></pattern></defs>'
    ]
    if whole:
        parts.append(
            f'<rect x="{first:g}" width="{_hole_x(ROW - 1) + 1 - first:g}" '
            f'height="{sides * lane}" fill="url(#holes)"/>'
        )
    game = _game_hole(rows)
    last_row = (rows - 1) * ROW_HEIGHT + ROW_HEIGHT / 2
    for side in range(sides):
        top = side * lane
        colour = PEG_COLOURS[side % len(PEG_COLOURS)]
        short = names[side] if len(names[side]) <= 9 else names[side][:8] + "…"
        score = match.scores[side]
        if score >= target:
            x, y = game, last_row
        elif score <= 0:
            x, y = LABEL + 1.5, ROW_HEIGHT / 2
        else:
            x, row = _hole(int(score))
            y = row * ROW_HEIGHT + ROW_HEIGHT / 2
        parts.append(
            f'<text y="{top + 5.8:g}" fill="{colour}">{escape(short)}</text>'
            + ("" if whole else _rects(rows, target - 1, top))
            + f'<circle cx="{x:g}" cy="{top + y:g}" r="2.7" fill="{colour}"/>'
        )
    # The game holes, larger and darker than the others: one dotted line through them all.
    parts.append(
        f'<path d="M{game:g} {last_row:g}V{(sides - 1) * lane + last_row + 0.1:g}" '
        f'stroke="currentColor" stroke-width="3" stroke-linecap="round" '
        f'stroke-dasharray="0 {lane}"/>'
    )
    parts.append("</svg>")
    return Markup("".join(parts))
