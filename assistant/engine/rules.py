"""The options of RULES.md and the four presets (RULES.md §6, §7).

A record's `rules` is a preset name or `{"preset": NAME, OPTION: VALUE, ...}`; `rules_for` turns it
into one `Rules` value for the match's player count.
"""

from dataclasses import dataclass, replace
from typing import Literal

from .errors import N_, RecordError
from .limits import MAX_TARGET, MAX_TARGET_FIVES

Layout = Literal["two_ends", "spinner"]
SpinnerCount = Literal["all_fives", "sniff_exposed"]
HandEnd = Literal["penalty_own", "winner_takes", "chip_out"]
DominoRounding = Literal["per_player", "total"]
BlockScoring = Literal["sides_minus_own", "opponents_total"]
BlockTie = Literal["no_score", "split"]
Rounding = Literal["nearest", "down", "none"]
WinCheck = Literal["immediate", "end_of_hand"]
ScoreUnit = Literal["points", "fives"]
FirstLead = Literal["lot", "highest_double"]
CountScoring = Literal["fives", "fives_and_threes"]
Boneyard = Literal["draw", "sleeping"]
GoOut = Literal["player", "side"]
NextLead = Literal["went_out", "rotate"]


@dataclass(frozen=True, slots=True)
class Rules:
    preset: str
    layout: Layout
    spinner_count: SpinnerCount
    hand_size: int
    hand_end: HandEnd
    domino_rounding: DominoRounding
    block_scoring: BlockScoring
    block_tie: BlockTie
    rounding: Rounding
    target: int
    win_check: WinCheck
    score_unit: ScoreUnit
    boneyard_reserve: int
    exact_target: bool
    count_scoring: CountScoring
    boneyard: Boneyard
    go_bonus: int
    go_out: GoOut
    next_lead: NextLead
    lead_can_win: bool
    first_lead: FirstLead  # who leads the first hand and after a block (not an option of records)


# What each option may be set to in a record. Whole numbers are checked in `_check_numbers`.
CHOICES: dict[str, tuple] = {
    "layout": ("two_ends", "spinner"),
    "spinner_count": ("all_fives", "sniff_exposed"),
    "hand_end": ("penalty_own", "winner_takes", "chip_out"),
    "domino_rounding": ("per_player", "total"),
    "block_scoring": ("sides_minus_own", "opponents_total"),
    "block_tie": ("no_score", "split"),
    "rounding": ("nearest", "down", "none"),
    "win_check": ("immediate", "end_of_hand"),
    "score_unit": ("points", "fives"),
    "exact_target": (False, True),
    "count_scoring": ("fives", "fives_and_threes"),
    "boneyard": ("draw", "sleeping"),
    "go_out": ("player", "side"),
    "next_lead": ("went_out", "rotate"),
    "lead_can_win": (True, False),
}
WHOLE_NUMBERS = ("hand_size", "target", "boneyard_reserve", "go_bonus")
MAX_GO_BONUS = 100
OPTIONS = tuple(CHOICES) + WHOLE_NUMBERS

DESCRIPTIONS = {
    "all-fives": N_("Spinner; every player pays for the pips left in their own hand."),
    "muggins": N_("Two ends; the winner of a hand collects the opponents' pips."),
    "pagat": N_("Spinner; the winner collects the opponents' pips (pagat.com)."),
    "fives-and-threes": N_(
        "Two ends; multiples of 3 and of 5 score, no drawing, 1 for going out, exactly 61."
    ),
}

# What All Fives does with the options Fives and Threes added (RULES.md §7).
ALL_FIVES_WAY = {
    "count_scoring": "fives",
    "boneyard": "draw",
    "go_bonus": 0,
    "go_out": "player",
    "next_lead": "went_out",
    "lead_can_win": True,
}


def preset(name: str, players: int, partnership: bool = False) -> Rules:
    """The preset's rules for a table of `players` (RULES.md §6)."""
    two = players == 2
    if name == "all-fives":
        return Rules(
            preset=name,
            layout="spinner",
            spinner_count="all_fives",
            hand_size=9 if two else 7 if players == 3 else 5,
            hand_end="penalty_own",
            domino_rounding="per_player",
            block_scoring="sides_minus_own",
            block_tie="no_score",
            rounding="nearest",
            target=250 if two else 200,
            win_check="immediate",
            score_unit="points",
            boneyard_reserve=0,
            exact_target=False,
            **ALL_FIVES_WAY,
            first_lead="lot",
        )
    if name == "muggins":
        return Rules(
            preset=name,
            layout="two_ends",
            spinner_count="all_fives",
            hand_size=7 if two else 5,
            hand_end="winner_takes",
            domino_rounding="per_player",
            block_scoring="sides_minus_own",
            block_tie="no_score",
            rounding="nearest",
            target=250 if two or partnership else 200,
            win_check="immediate",
            score_unit="points",
            boneyard_reserve=0,
            exact_target=False,
            **ALL_FIVES_WAY,
            first_lead="highest_double",
        )
    if name == "pagat":
        return Rules(
            preset=name,
            layout="spinner",
            spinner_count="all_fives",
            hand_size=9 if two else 7 if players == 3 else 5,
            hand_end="winner_takes",
            domino_rounding="total",
            block_scoring="opponents_total",
            block_tie="split" if players == 3 else "no_score",
            rounding="nearest",
            target=250 if two else 200,
            win_check="immediate",
            score_unit="points",
            boneyard_reserve=0,
            exact_target=False,
            **ALL_FIVES_WAY,
            first_lead="lot",
        )
    if name == "fives-and-threes":
        return Rules(
            preset=name,
            layout="two_ends",
            spinner_count="all_fives",
            hand_size=7 if two else 5,
            hand_end="chip_out",
            domino_rounding="per_player",
            block_scoring="sides_minus_own",
            block_tie="no_score",
            rounding="nearest",
            target=61,
            win_check="immediate",
            score_unit="points",
            boneyard_reserve=0,
            exact_target=True,
            count_scoring="fives_and_threes",
            boneyard="sleeping",
            go_bonus=1,
            go_out="side",
            next_lead="rotate",
            lead_can_win=True,
            first_lead="lot",
        )
    raise RecordError(
        N_("{name} is not a preset: use all-fives, muggins, pagat or fives-and-threes"),
        name=repr(name),
    )


PRESETS = tuple(DESCRIPTIONS)


def rules_for(spec: object, players: int, partnership: bool = False) -> Rules:
    """The rules a record's `rules` field asks for, every override checked."""
    if isinstance(spec, str):
        return preset(spec, players, partnership)
    if not isinstance(spec, dict):
        raise RecordError(N_("rules must be a preset name or an object with a preset"))
    if "preset" not in spec:
        raise RecordError(
            N_("rules must name a preset (all-fives, muggins, pagat or fives-and-threes)")
        )
    rules = preset(spec["preset"], players, partnership)
    overrides = {}
    for option, value in spec.items():
        if option == "preset":
            continue
        if option not in OPTIONS:
            raise RecordError(N_("{option} is not a rules option"), option=repr(option))
        if option in CHOICES and (
            type(value) is not type(CHOICES[option][0]) or value not in CHOICES[option]
        ):
            raise RecordError(
                N_("{option} cannot be {value}: use {choices}"),
                option=option,
                value=_json(value),
                choices=", ".join(_json(c) for c in CHOICES[option]),
            )
        if option in WHOLE_NUMBERS and (type(value) is not int or value < 0):
            raise RecordError(
                N_("{option} must be a whole number, not {value}"),
                option=option,
                value=_json(value),
            )
        overrides[option] = value
    rules = replace(rules, **overrides)
    _check_numbers(rules, players)
    _check_combinations(rules)
    return rules


def _check_numbers(rules: Rules, players: int) -> None:
    if rules.hand_size < 1 or players * rules.hand_size + rules.boneyard_reserve > 28:
        raise RecordError(
            N_(
                "{players} hands of {hand_size} tiles and a reserve of {reserve} need more than "
                "28 tiles"
            ),
            players=players,
            hand_size=rules.hand_size,
            reserve=rules.boneyard_reserve,
        )
    most = MAX_TARGET_FIVES if rules.score_unit == "fives" else MAX_TARGET
    if not 1 <= rules.target <= most:
        if rules.score_unit == "fives":
            raise RecordError(
                N_("the target must be from 1 to {most} when scores are kept in fives"), most=most
            )
        raise RecordError(N_("the target must be from 1 to {most} points"), most=most)
    if rules.score_unit == "fives" and rules.rounding == "none":
        raise RecordError(
            N_("these rules score in fives, so the pips left must be rounded: "
               "round to the nearest five or down to a five")
        )  # fmt: skip


def _check_combinations(rules: Rules) -> None:
    """The four combinations RULES.md §6 refuses."""
    if rules.go_bonus > MAX_GO_BONUS:
        raise RecordError(
            N_("the bonus for going out can be at most {most}, not {bonus}"),
            most=MAX_GO_BONUS,
            bonus=rules.go_bonus,
        )
    if rules.count_scoring == "fives_and_threes" and rules.score_unit == "fives":
        raise RecordError(
            N_("fives and threes scores pegs, not fives: "
               "count_scoring fives_and_threes cannot have score_unit fives")
        )  # fmt: skip
    if rules.boneyard == "sleeping" and rules.boneyard_reserve:
        raise RecordError(
            N_("with no drawing there is no boneyard to keep tiles back from: "
               "boneyard sleeping cannot have a boneyard_reserve")
        )  # fmt: skip
    if rules.hand_end == "chip_out" and rules.exact_target and rules.win_check == "end_of_hand":
        raise RecordError(
            N_("chip_out with an exact target must check the target at once "
               "(win_check immediate): two sides could sit on the target for ever")
        )  # fmt: skip


def _json(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)
