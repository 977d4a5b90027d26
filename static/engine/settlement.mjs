// Settling a hand: the pips left in hands, rounded, and who gains or pays (settlement.py,
// RULES.md §3). A settlement keeps its arithmetic so a screen can show how it was reached.

// Which rule of RULES.md §3 settled the hand.
export const PENALTY_OWN = "penalty_own";
export const DOMINO_PER_PLAYER = "domino_per_player";
export const DOMINO_TOTAL = "domino_total";
export const BLOCK_SIDES_MINUS_OWN = "block_sides_minus_own";
export const BLOCK_OPPONENTS_TOTAL = "block_opponents_total";
export const BLOCK_SPLIT = "block_split";
export const BLOCK_TIE = "block_tie";
export const SCORED = "scored";
export const CHIP_OUT = "chip_out"; // the side that went out scored the bonus with its last play
export const CHIP_OUT_BLOCKED = "chip_out_blocked"; // a blocked hand under chip_out: no score

/** Pips rounded to the nearest 5 (1–2 down, 3–4 up), down to a 5, or left as they are. */
export function rounded(pips, rounding) {
  if (rounding === "nearest") return Math.floor((pips + 2) / 5) * 5;
  if (rounding === "down") return Math.floor(pips / 5) * 5;
  return pips;
}

/** Points as scored: in fives under `score_unit: fives`. */
export function inUnits(points, rules) {
  return rules.score_unit === "fives" ? exact(points / 5) : points;
}

/** A whole number, or a half (the 3-player split) such as 7.5: JavaScript has one kind. */
export const exact = (number) => number;

/**
 * What the end of a hand changes for each side, and how it was reached: a value, its arrays and
 * its `pips` and `rounded` (plain objects, player → pips) frozen with it.
 */
export class Settlement {
  constructor(changes, pips, winners, rule, extra = {}) {
    this.changes = changes; // per side, in score units: what is credited
    this.pips = pips; // raw pips left per player used
    this.winners = winners; // the sides that gained (winner_takes), empty otherwise
    this.rule = rule;
    this.rounded = extra.rounded ?? {}; // per player, where the rule rounds so
    this.side_pips = extra.side_pips ?? []; // after a block, per side: raw pips
    this.side_rounded = extra.side_rounded ?? []; // after a block, per side: rounded once
    this.gain = extra.gain ?? 0; // what the winner(s) take, in points, before a split or units
    this.deducted = extra.deducted ?? 0; // sides_minus_own: the winner's own rounded total
    this.tied = extra.tied ?? []; // sides tied for fewest after a block
    this.refused = extra.refused ?? []; // sides whose gain exact_target refused
    for (const field of Object.values(this)) Object.freeze(field);
    Object.freeze(this);
  }
}

/** The settlement of a hand that ended by `domino` or `blocked`, given the pips needed. */
export function settle(rules, sides, sideOf, ended, wentOut, pips) {
  const changes = sides.map(() => 0);
  if (rules.hand_end === "penalty_own") {
    const each = Object.fromEntries(
      Object.entries(pips).map(([player, held]) => [player, rounded(held, rules.rounding)]),
    );
    for (const player of Object.keys(pips)) changes[sideOf.get(player)] -= each[player];
    return new Settlement(units(changes, rules), pips, [], PENALTY_OWN, { rounded: each });
  }
  if (ended === "domino") {
    const winner = sideOf.get(wentOut);
    const opponents = Object.keys(pips).filter((p) => sideOf.get(p) !== winner);
    if (rules.domino_rounding === "per_player") {
      const each = Object.fromEntries(opponents.map((p) => [p, rounded(pips[p], rules.rounding)]));
      const gain = Object.values(each).reduce((s, v) => s + v, 0);
      changes[winner] = gain;
      return new Settlement(units(changes, rules), pips, [winner], DOMINO_PER_PLAYER, { rounded: each, gain });
    }
    const gain = rounded(opponents.reduce((s, p) => s + pips[p], 0), rules.rounding);
    changes[winner] = gain;
    return new Settlement(units(changes, rules), pips, [winner], DOMINO_TOTAL, { gain });
  }
  return blocked(rules, sides, changes, pips);
}

/** Each side's change as scored: in fives under `score_unit: fives`. */
const units = (changes, rules) =>
  rules.score_unit === "fives" ? changes.map((c) => inUnits(c, rules)) : changes;

/** A blocked hand: the side with the fewest pips (raw, partners added) wins it. */
function blocked(rules, sides, changes, pips) {
  const totals = sides.map((side) => side.reduce((s, p) => s + (Object.hasOwn(pips, p) ? pips[p] : 0), 0));
  const totalsRounded = totals.map((total) => rounded(total, rules.rounding));
  const fewest = Math.min(...totals);
  const tied = [];
  const others = [];
  totals.forEach((total, i) => (total === fewest ? tied : others).push(i));
  let gain = 0;
  let deducted = 0;
  let winners = tied;
  let rule;
  if (tied.length === 1) {
    const winner = tied[0];
    if (rules.block_scoring === "sides_minus_own") {
      rule = BLOCK_SIDES_MINUS_OWN;
      deducted = totalsRounded[winner];
      gain = others.reduce((s, i) => s + totalsRounded[i], 0) - deducted;
    } else {
      rule = BLOCK_OPPONENTS_TOTAL;
      gain = rounded(others.reduce((s, i) => s + totals[i], 0), rules.rounding);
    }
    changes[winner] = gain;
  } else if (rules.block_tie === "split" && tied.length === 2 && others.length === 1) {
    rule = BLOCK_SPLIT;
    gain = totalsRounded[others[0]];
    for (const i of tied) changes[i] = exact(gain / 2);
  } else {
    rule = BLOCK_TIE;
    winners = [];
  }
  return new Settlement(units(changes, rules), pips, winners, rule, {
    side_pips: totals,
    side_rounded: totalsRounded,
    gain,
    deducted,
    tied: tied.length > 1 ? tied : [],
  });
}

/**
 * The settlement under `hand_end: chip_out`: no pips are counted; the side that went out scored
 * the bonus with its last play (already credited), unless an exact target or `lead_can_win:
 * false` refused it; a blocked hand scores nothing. `scored`: that play's ScoredPlay.
 */
export function chippedOut(sides, sideOf, wentOut, scored) {
  const changes = sides.map(() => 0);
  if (wentOut === null) return new Settlement(changes, {}, [], CHIP_OUT_BLOCKED);
  const side = sideOf.get(wentOut);
  changes[side] = scored.bonus;
  const refused = scored.bonusRefused ? [side] : [];
  return new Settlement(changes, {}, [side], CHIP_OUT, { gain: scored.bonus, refused });
}

/**
 * Whose pips the settlement needs: every player holding tiles, except under `winner_takes`
 * after a domino, where only the opponents of the player who went out count.
 */
export function neededPips(rules, sides, ended, wentOut, held) {
  if (rules.hand_end === "winner_takes" && ended === "domino") {
    const partners = sides.find((side) => side.includes(wentOut));
    return sides.filter((side) => side !== partners).flat().filter((p) => held.get(p));
  }
  return sides.flat().filter((p) => held.get(p));
}
