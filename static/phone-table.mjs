// The table while taps wait on the phone (slow Wi-Fi, or none): the phone's own rules engine
// works out the table as it will be once they are recorded (foresee.mjs) and paints it at once
// — whose turn, the tiles held, the scores, which tiles fit, what the last tap counted and
// scored — and asks where a tile goes itself, so a tap made behind others is never blind.
// With nothing waiting and the network up the server answers every tap, as before; its answer
// (the table as recorded) always replaces what was foreseen.

import { endsFor, foresee } from "./foresee.mjs";

const banner = document.getElementById("taps");
const table = () => document.getElementById("table");
const say = (name, values = {}) =>
  (banner.dataset[name] || "").replace(/\{(\w+)\}/g, (_, key) => values[key] ?? "");
const signed = (points) => (points > 0 ? `+${points}` : String(points));

function record() {
  const kept = document.getElementById("table-record");
  return kept ? JSON.parse(kept.textContent) : null;
}

// A player by the name the table shows (the club's name now), from the list of tiles held.
function shown(player) {
  const held = table().querySelector(`.held li[data-player="${CSS.escape(player)}"] .name`);
  return held ? held.textContent : player;
}

// The table as it will be, or null when the phone does not foresee it (nothing waits and the
// network is up; a waiting correction or pips left; a tap the rules refuse).
function ahead() {
  const taps = window.tableTaps;
  const kept = record();
  if (!taps || !kept) return null;
  const waiting = taps.waiting();
  if (!waiting.length && navigator.onLine) return null;
  const seen = foresee(kept, waiting);
  return seen.unknown || seen.refused ? null : seen;
}

function play(tile, end) {
  const picker = table().querySelector("form.picker");
  const fields = [...new FormData(picker)].filter(([name]) => name !== "version" && name !== "tile");
  fields.push(["tile", tile]);
  if (end) fields.push(["end", end]);
  const label = end ? `${tile} ${say(`end${end[0].toUpperCase()}${end.slice(1)}`)}` : tile;
  window.tableTaps.tap(picker.action, fields, label);
}

// "Where does 3-2 go?", asked in the picker's place, each end saying what it would count and
// score; answered, the tile waits with its end like any tap.
function askEnd(tile, ends) {
  const picker = table().querySelector("form.picker");
  const asked = document.createElement("section");
  asked.className = "end-choice foreseen";
  asked.setAttribute("role", "dialog");
  asked.setAttribute("aria-labelledby", "foreseen-question");
  const question = document.createElement("p");
  question.id = "foreseen-question";
  question.textContent = say("where", { tile });
  const buttons = document.createElement("div");
  buttons.className = "end-buttons";
  for (const choice of ends) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "big end";
    button.dataset.end = choice.end;
    button.append(say(`end${choice.end[0].toUpperCase()}${choice.end.slice(1)}`), " ");
    const value = document.createElement("span");
    value.className = "end-value";
    value.setAttribute("aria-hidden", "true");
    value.textContent = choice.value;
    const outcome = document.createElement("small");
    outcome.className = "end-outcome";
    outcome.setAttribute("aria-hidden", "true");
    outcome.textContent = say("count", { n: choice.count }) + (choice.points ? ` · ${signed(choice.points)}` : "");
    button.append(value, outcome);
    button.addEventListener("click", () => {
      asked.remove();
      picker.hidden = false;
      play(tile, choice.end);
    });
    buttons.append(button);
  }
  const another = document.createElement("button");
  another.type = "button";
  another.className = "secondary outline wide another";
  another.textContent = say("another");
  another.addEventListener("click", () => {
    asked.remove();
    picker.hidden = false;
  });
  asked.append(question, buttons, another);
  picker.hidden = true;
  picker.before(asked);
  buttons.querySelector("button").focus();
}

// A tile tapped while taps wait (or with no network) is judged here, on the table as it will be.
document.addEventListener(
  "click",
  (event) => {
    const button = event.target.closest("form.picker button.tile");
    if (!button || !table() || !table().contains(button)) return;
    const seen = ahead();
    if (!seen || seen.match.turn() === null) return;
    event.preventDefault();
    event.stopPropagation();
    const tile = button.value;
    const ends = endsFor(seen.match, tile);
    if (!ends.length) return window.tableTaps.note(say("unfit", { tile }));
    if (ends.length > 1) return askEnd(tile, ends);
    play(tile, null);
  },
  true,
);

// Paints the table as it will be: turn, tiles held, boneyard, scores, which tiles fit, and the
// last waiting tap's count and points.
function paint() {
  const seen = table() && ahead();
  const foreseen = banner.querySelector(".taps-foreseen");
  if (foreseen) foreseen.textContent = "";
  if (!seen) return;
  const { match, played } = seen;
  const hand = match.hand;
  const turn = match.turn();
  const whose = table().querySelector(".turn .whose");
  if (whose && turn) whose.textContent = say("toPlay", { player: shown(turn) });
  for (const item of table().querySelectorAll(".held li[data-player]")) {
    const player = item.dataset.player;
    item.querySelector("b").textContent = hand.held.get(player) ?? 0;
    item.classList.toggle("current", player === turn);
  }
  const boneyard = table().querySelector(".held .boneyard b");
  if (boneyard) boneyard.textContent = hand.boneyard;
  const target = match.rules.target;
  table().querySelectorAll(".scoreboard .side").forEach((side, i) => {
    side.querySelector(".score").textContent = match.scores[i];
    side.querySelector(".to-go").textContent = say("toGo", { n: Math.max(target - match.scores[i], 0) });
  });
  const playing = match.phase === "play" || match.phase === "lead";
  for (const button of table().querySelectorAll("form.picker button.tile")) {
    if (button.classList.contains("pending")) continue; // marked as a tap waiting to be sent
    const fits = playing && turn !== null && endsFor(match, button.value).length > 0;
    const gone = match.phase === "play" && hand.played.has(button.value);
    button.disabled = !fits;
    button.classList.toggle("fits", fits);
    button.classList.toggle("played", !fits && gone);
    button.classList.toggle("unfit", !fits && !gone);
  }
  for (const action of table().querySelectorAll("[data-action=draw], [data-action=pass]")) {
    const allowed = action.dataset.action === "draw" ? hand.canDraw : hand.canPass;
    action.disabled = !(playing && allowed);
  }
  if (!foreseen) return;
  if (played) {
    const tap = say("tap", { tile: played.tile, player: shown(played.player) });
    const points = played.points ? ` → ${signed(played.points)}` : "";
    foreseen.textContent = `${tap}: ${say("count", { n: played.count })}${points}`;
  }
  if (!playing) foreseen.textContent += ` ${say("handOver")}`;
}

document.addEventListener("taps:changed", paint);
paint();
