// A settled hand in the player's words, as the server says it (assistant/web/table/settled.py,
// line for line): the pips counted, how the rule that applied turned them into points, the notes
// and what each side was credited — so the line foreseen between hands is the server's own.
// `say(name, values)` gives the page's words (templates/table/_taps.html), `shown(player)` a
// player by the club's name.

import * as rule from "./engine/settlement.mjs";
import { elided, number, signed } from "./table-words.mjs";

const ARROW = " → ";

// What was credited: "Ann + Cy +15 · Bo + Di 0", or that nobody scored; "" when the hand's end
// already said it (a chip-out). Explained.outcome.
function outcome(changes, say) {
  if (!changes.length) return "";
  if (!changes.some((c) => c.change)) return say("nobodyScores");
  return changes.map((c) => `${c.side} ${signed(c.change)}`).join(" · ");
}

const explained = (ended, text, counted, working, changes, notes, say) => ({
  ended,
  rule: text,
  counted, // [{name, pips}]: a player, or a side after a block
  working,
  changes,
  notes,
  outcome: outcome(changes, say),
});

const rounded = (pips, to, rounding) => (rounding === "none" ? number(pips) : `${number(pips)}${ARROW}${number(to)}`);

// "7 + 7 = 14", or "7" alone.
function sum(parts, total) {
  if (parts.length === 1) return number(parts[0]);
  return `${parts.map(number).join(" + ")} = ${number(total)}`;
}

const added = (values) => values.reduce((s, v) => s + v, 0);

// The words for `hand`'s settlement; null while it is not settled, or when it was scored as told.
export function explain(match, hand, { say, shown }) {
  const settled = hand.settlement;
  if (!settled || settled.rule === rule.SCORED) return null;
  if (settled.rule === rule.CHIP_OUT || settled.rule === rule.CHIP_OUT_BLOCKED) {
    return chippedOut(match, hand, settled, { say, shown });
  }
  const rounding = match.rules.rounding;
  const sides = match.sides.map((players) => players.map(shown).join(" + "));
  const changes = settled.changes.map((change, i) => ({ side: sides[i], change }));
  const which = settled.rule;
  let counted, text, working;
  if (which === rule.PENALTY_OWN || which === rule.DOMINO_PER_PLAYER) {
    counted = Object.keys(settled.rounded).map((p) => ({
      name: shown(p),
      pips: rounded(settled.pips[p], settled.rounded[p], rounding),
    }));
    if (which === rule.PENALTY_OWN) {
      text = say("ruleOwnPips");
      working = "";
    } else {
      text = say("rulePerPlayer");
      working = sum(Object.values(settled.rounded), settled.gain);
    }
  } else if (which === rule.DOMINO_TOTAL) {
    counted = Object.entries(settled.pips).map(([p, pips]) => ({ name: shown(p), pips: number(pips) }));
    text = say("ruleTotal");
    const total = added(Object.values(settled.pips));
    working = sum(Object.values(settled.pips), total);
    if (rounding !== "none") working += `${ARROW}${number(settled.gain)}`;
  } else [counted, text, working] = blocked(match, settled, sides, rounding, say);
  const notes = settled.refused.map((side) => say("wouldPassTarget", { side: sides[side] }));
  if (match.rules.score_unit === "fives") notes.push(say("keptInFives"));
  const ended = hand.ended === "domino" ? say("wentOutHand", { player: shown(hand.wentOut) }) : say("blockedHand");
  return explained(ended, text, counted, working, changes, notes, say);
}

// After a block: each side's pips (partners added), the fewest, and what they score.
function blocked(match, settled, sides, rounding, say) {
  const counted = match.sides.map((side, i) => {
    const parts = side.map((p) => (Object.hasOwn(settled.pips, p) ? settled.pips[p] : 0));
    let pips = sum(parts, settled.side_pips[i]);
    if (rounding !== "none") pips += `${ARROW}${number(settled.side_rounded[i])}`;
    return { name: sides[i], pips };
  });
  const which = settled.rule;
  const fewest = number(Math.min(...settled.side_pips));
  if (which === rule.BLOCK_TIE) return [counted, say("blockTie", { pips: fewest }), ""];
  if (which === rule.BLOCK_SPLIT) {
    const [first, second] = settled.tied.map((i) => sides[i]);
    const other = sides.find((_, i) => !settled.tied.includes(i));
    const text = elided(say("blockSplit", { first, second, other, pips: fewest }));
    return [counted, text, `${number(settled.gain)} × ½ = ${number(settled.gain / 2)}`];
  }
  const [winner] = settled.winners;
  const others = sides.map((_, i) => i).filter((i) => i !== winner);
  if (which === rule.BLOCK_SIDES_MINUS_OWN) {
    const text = say("fewestMinusOwn", { side: sides[winner], pips: fewest });
    let working = others.map((i) => number(settled.side_rounded[i])).join(" + ");
    working += ` − ${number(settled.deducted)} = ${number(settled.gain)}`;
    return [counted, text, working];
  }
  const text = say("fewestTotal", { side: sides[winner], pips: fewest });
  const parts = others.map((i) => settled.side_pips[i]);
  let working = sum(parts, added(parts));
  if (rounding !== "none") working += `${ARROW}${number(settled.gain)}`;
  return [counted, text, working];
}

// Fives and Threes (`hand_end: chip_out`): no pips are counted. The side that went out scored
// the point for going out with its last play ("Ann chips out: +1"), unless the play could not
// score it; a blocked hand scores nothing.
function chippedOut(match, hand, settled, { say, shown }) {
  if (settled.rule === rule.CHIP_OUT_BLOCKED) {
    return explained(say("blockedHand"), say("noPips"), [], "", [], [], say);
  }
  const player = shown(hand.wentOut);
  const side = match.sideOf.get(hand.wentOut);
  let ended;
  if (settled.refused.length) ended = say("chipsOutRefused", { player });
  else if (match.sides[side].length > 1) {
    const named = match.sides[side].map(shown).join(" + ");
    ended = say("chipsOutSide", { player, side: named, points: signed(settled.gain) });
  } else ended = say("chipsOut", { player, points: signed(settled.gain) });
  return explained(ended, "", [], "", [], [], say);
}
