// The scoreboard as it will be once the taps waiting are recorded, drawn as the server draws it
// (templates/table/_scoreboard.html, assistant/web/table/pegs.py): each side's score, what it
// has to go or, near an exact target, what it needs; whose side's turn it is, the side that
// won; on a cribbage board, each side's peg in the hole of its score.

import { number } from "./table-words.mjs";

const NEAR = 20; // within this of an exact target a side is told what it needs
// The board's geometry (pegs.py): room for a side's name, from one hole to the next, between
// two groups of five, holes a row, a row's height, between two lanes.
const LABEL = 40;
const STEP = 5;
const GROUP_GAP = 3;
const ROW = 30;
const ROW_HEIGHT = 7;
const LANE_GAP = 5;

// `say(name, values)`: the page's words; `turn`: whose turn it will be (null: nobody's).
export function paintScoreboard(table, match, turn, say) {
  const target = match.rules.target;
  const current = turn === null ? null : match.sideOf.get(turn);
  table.querySelectorAll(".scoreboard .side").forEach((side, i) => {
    const toGo = Math.max(target - match.scores[i], 0);
    const near = match.rules.exact_target && toGo > 0 && toGo <= NEAR;
    side.querySelector(".score").textContent = number(match.scores[i]);
    const words = side.querySelector(".to-go");
    words.textContent = say(near ? "needs" : "toGo", { n: number(toGo) });
    words.classList.toggle("needs", near);
    side.classList.toggle("current", i === current);
    side.classList.toggle("winner", i === match.winner);
  });
  const pegs = table.querySelectorAll(".scoreboard svg.board circle");
  pegs.forEach((peg, side) => {
    const [x, y] = pegAt(match.scores[side], target);
    peg.setAttribute("cx", String(x));
    peg.setAttribute("cy", String(side * lane(target) + y));
  });
}

const rowsOf = (target) => Math.max(1, Math.ceil((target - 1) / ROW));
const lane = (target) => rowsOf(target) * ROW_HEIGHT + LANE_GAP;
const holeX = (index) => LABEL + 6 + index * STEP + Math.floor(index / 5) * GROUP_GAP;

// Where a side's peg stands in its lane: before the first hole at 0, in the game hole once it
// has won, else in the hole of its score (odd rows run back).
function pegAt(score, target) {
  const rows = rowsOf(target);
  if (score >= target) {
    const game = rows % 2 === 0 ? LABEL + 1.5 : holeX(ROW - 1) + STEP + 1;
    return [game, (rows - 1) * ROW_HEIGHT + ROW_HEIGHT / 2];
  }
  if (score <= 0) return [LABEL + 1.5, ROW_HEIGHT / 2];
  const row = Math.floor((Math.trunc(score) - 1) / ROW);
  const index = (Math.trunc(score) - 1) % ROW;
  return [holeX(row % 2 ? ROW - 1 - index : index), row * ROW_HEIGHT + ROW_HEIGHT / 2];
}
