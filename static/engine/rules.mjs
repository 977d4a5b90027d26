// The options of RULES.md and the four presets (rules.py, RULES.md §6, §7). A record's `rules` is a
// preset name or {"preset": NAME, OPTION: VALUE, ...}; `rulesFor` turns it into one frozen
// rules value for the match's player count.

import { N_, RecordError, isDict, pyRepr } from "./errors.mjs";
import { MAX_TARGET, MAX_TARGET_FIVES } from "./limits.mjs";

/** What each option may be set to in a record. Whole numbers are checked in checkNumbers. */
export const CHOICES = Object.freeze({
  layout: ["two_ends", "spinner"],
  spinner_count: ["all_fives", "sniff_exposed"],
  hand_end: ["penalty_own", "winner_takes", "chip_out"],
  domino_rounding: ["per_player", "total"],
  block_scoring: ["sides_minus_own", "opponents_total"],
  block_tie: ["no_score", "split"],
  rounding: ["nearest", "down", "none"],
  win_check: ["immediate", "end_of_hand"],
  score_unit: ["points", "fives"],
  exact_target: [false, true],
  count_scoring: ["fives", "fives_and_threes"],
  boneyard: ["draw", "sleeping"],
  go_out: ["player", "side"],
  next_lead: ["went_out", "rotate"],
  lead_can_win: [true, false],
});
export const WHOLE_NUMBERS = Object.freeze(["hand_size", "target", "boneyard_reserve", "go_bonus"]);
export const MAX_GO_BONUS = 100;
export const OPTIONS = Object.freeze([...Object.keys(CHOICES), ...WHOLE_NUMBERS]);

export const DESCRIPTIONS = Object.freeze({
  "all-fives": N_("Spinner; every player pays for the pips left in their own hand."),
  muggins: N_("Two ends; the winner of a hand collects the opponents' pips."),
  pagat: N_("Spinner; the winner collects the opponents' pips (pagat.com)."),
  "fives-and-threes": N_(
    "Two ends; multiples of 3 and of 5 score, no drawing, 1 for going out, exactly 61.",
  ),
});

/** What All Fives does with the options Fives and Threes added (RULES.md §7). */
const ALL_FIVES_WAY = {
  count_scoring: "fives",
  boneyard: "draw",
  go_bonus: 0,
  go_out: "player",
  next_lead: "went_out",
  lead_can_win: true,
};

export const PRESETS = Object.freeze(Object.keys(DESCRIPTIONS));

/** The preset's rules for a table of `players` (RULES.md §6). */
export function preset(name, players, partnership = false) {
  const two = players === 2;
  if (name === "all-fives") {
    return Object.freeze({
      preset: name,
      layout: "spinner",
      spinner_count: "all_fives",
      hand_size: two ? 9 : players === 3 ? 7 : 5,
      hand_end: "penalty_own",
      domino_rounding: "per_player",
      block_scoring: "sides_minus_own",
      block_tie: "no_score",
      rounding: "nearest",
      target: two ? 250 : 200,
      win_check: "immediate",
      score_unit: "points",
      boneyard_reserve: 0,
      exact_target: false,
      ...ALL_FIVES_WAY,
      first_lead: "lot",
    });
  }
  if (name === "muggins") {
    return Object.freeze({
      preset: name,
      layout: "two_ends",
      spinner_count: "all_fives",
      hand_size: two ? 7 : 5,
      hand_end: "winner_takes",
      domino_rounding: "per_player",
      block_scoring: "sides_minus_own",
      block_tie: "no_score",
      rounding: "nearest",
      target: two || partnership ? 250 : 200,
      win_check: "immediate",
      score_unit: "points",
      boneyard_reserve: 0,
      exact_target: false,
      ...ALL_FIVES_WAY,
      first_lead: "highest_double",
    });
  }
  if (name === "pagat") {
    return Object.freeze({
      preset: name,
      layout: "spinner",
      spinner_count: "all_fives",
      hand_size: two ? 9 : players === 3 ? 7 : 5,
      hand_end: "winner_takes",
      domino_rounding: "total",
      block_scoring: "opponents_total",
      block_tie: players === 3 ? "split" : "no_score",
      rounding: "nearest",
      target: two ? 250 : 200,
      win_check: "immediate",
      score_unit: "points",
      boneyard_reserve: 0,
      exact_target: false,
      ...ALL_FIVES_WAY,
      first_lead: "lot",
    });
  }
  if (name === "fives-and-threes") {
    return Object.freeze({
      preset: name,
      layout: "two_ends",
      spinner_count: "all_fives",
      hand_size: two ? 7 : 5,
      hand_end: "chip_out",
      domino_rounding: "per_player",
      block_scoring: "sides_minus_own",
      block_tie: "no_score",
      rounding: "nearest",
      target: 61,
      win_check: "immediate",
      score_unit: "points",
      boneyard_reserve: 0,
      exact_target: true,
      count_scoring: "fives_and_threes",
      boneyard: "sleeping",
      go_bonus: 1,
      go_out: "side",
      next_lead: "rotate",
      lead_can_win: true,
      first_lead: "lot",
    });
  }
  throw new RecordError(N_("{name} is not a preset: use all-fives, muggins, pagat or fives-and-threes"), {
    name: pyRepr(name),
  });
}

/** The rules a record's `rules` field asks for, every override checked. */
export function rulesFor(spec, players, partnership = false) {
  if (typeof spec === "string") return preset(spec, players, partnership);
  if (isDict(spec)) spec = new Map(Object.entries(spec));
  if (!(spec instanceof Map)) {
    throw new RecordError(N_("rules must be a preset name or an object with a preset"));
  }
  if (!spec.has("preset")) {
    throw new RecordError(
      N_("rules must name a preset (all-fives, muggins, pagat or fives-and-threes)"),
    );
  }
  const base = preset(spec.get("preset"), players, partnership);
  const overrides = {};
  for (const [option, value] of spec) {
    if (option === "preset") continue;
    if (!OPTIONS.includes(option)) {
      throw new RecordError(N_("{option} is not a rules option"), { option: pyRepr(option) });
    }
    const choices = CHOICES[option];
    if (choices && (typeof value !== typeof choices[0] || !choices.includes(value))) {
      throw new RecordError(N_("{option} cannot be {value}: use {choices}"), {
        option,
        value: json(value),
        choices: choices.map(json).join(", "),
      });
    }
    if (WHOLE_NUMBERS.includes(option) && (!Number.isInteger(value) || value < 0)) {
      throw new RecordError(N_("{option} must be a whole number, not {value}"), {
        option,
        value: json(value),
      });
    }
    overrides[option] = value;
  }
  const rules = Object.freeze({ ...base, ...overrides });
  checkNumbers(rules, players);
  checkCombinations(rules);
  return rules;
}

function checkNumbers(rules, players) {
  if (rules.hand_size < 1 || players * rules.hand_size + rules.boneyard_reserve > 28) {
    throw new RecordError(
      N_(
        "{players} hands of {hand_size} tiles and a reserve of {reserve} need more than " +
          "28 tiles",
      ),
      { players, hand_size: rules.hand_size, reserve: rules.boneyard_reserve },
    );
  }
  const most = rules.score_unit === "fives" ? MAX_TARGET_FIVES : MAX_TARGET;
  if (!(1 <= rules.target && rules.target <= most)) {
    if (rules.score_unit === "fives") {
      throw new RecordError(
        N_("the target must be from 1 to {most} when scores are kept in fives"),
        { most },
      );
    }
    throw new RecordError(N_("the target must be from 1 to {most} points"), { most });
  }
  if (rules.score_unit === "fives" && rules.rounding === "none") {
    throw new RecordError(
      N_(
        "these rules score in fives, so the pips left must be rounded: " +
          "round to the nearest five or down to a five",
      ),
    );
  }
}

/** The four combinations RULES.md §6 refuses. */
function checkCombinations(rules) {
  if (rules.go_bonus > MAX_GO_BONUS) {
    throw new RecordError(N_("the bonus for going out can be at most {most}, not {bonus}"), {
      most: MAX_GO_BONUS,
      bonus: rules.go_bonus,
    });
  }
  if (rules.count_scoring === "fives_and_threes" && rules.score_unit === "fives") {
    throw new RecordError(
      N_(
        "fives and threes scores pegs, not fives: " +
          "count_scoring fives_and_threes cannot have score_unit fives",
      ),
    );
  }
  if (rules.boneyard === "sleeping" && rules.boneyard_reserve) {
    throw new RecordError(
      N_(
        "with no drawing there is no boneyard to keep tiles back from: " +
          "boneyard sleeping cannot have a boneyard_reserve",
      ),
    );
  }
  if (rules.hand_end === "chip_out" && rules.exact_target && rules.win_check === "end_of_hand") {
    throw new RecordError(
      N_(
        "chip_out with an exact target must check the target at once " +
          "(win_check immediate): two sides could sit on the target for ever",
      ),
    );
  }
}

function json(value) {
  if (typeof value === "boolean") return value ? "true" : "false";
  return pyRepr(value);
}
