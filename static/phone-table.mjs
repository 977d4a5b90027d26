// The table keeps the game on the phone: a tile tapped is judged by the phone's own rules engine
// on the table as it will be once the taps waiting are recorded (foresee.mjs), its end asked
// here when the ends make different games, and painted at once — whose turn, the tiles held,
// the scores, which tiles fit, what the last tap counted and scored — then sent like any tap.
// The server stays the authority: its answer (the table as recorded) replaces what was foreseen.

import { endsFor, entryOf, foresee, turnable } from "./foresee.mjs";
import { Left } from "./engine/moves.mjs";
import { paintLastPlay, undoneWords } from "./last-play.mjs";
import { paintScoreboard } from "./scoreboard.mjs";
import { ahead, ofTable, tableRecord } from "./table-ahead.mjs";
import { view } from "./layout-drawing.mjs";
import { svgOf } from "./phone-layout.mjs";
import { endName, openEndItems, outcomeWords, say, shown } from "./table-words.mjs";
import { paintWinner } from "./winner.mjs";

const table = () => document.getElementById("table");

function play(tile, end) {
  const picker = table().querySelector("form.picker");
  const fields = [...new FormData(picker)].filter(([name]) => name !== "version" && name !== "tile");
  fields.push(["tile", tile]);
  if (end) fields.push(["end", end]);
  const label = end ? `${tile} ${endName(end)}` : tile;
  window.tableTaps.tap(picker.action, fields, label);
}

// A question the phone asks in the picker's place, as the server draws its own: the section (a
// dialog named by its question), the question, and the box for its buttons.
function dialog(kind, tag, text, buttonsClass) {
  const asked = document.createElement("section");
  asked.className = `${kind} foreseen`;
  asked.setAttribute("role", "dialog");
  asked.setAttribute("aria-labelledby", `foreseen-${kind}`);
  const question = document.createElement(tag);
  question.id = `foreseen-${kind}`;
  question.textContent = text;
  const buttons = document.createElement("div");
  buttons.className = buttonsClass;
  return [asked, question, buttons];
}

// "Where does 3-2 go?", asked in the picker's place, each end saying what it would count and
// score; answered, the tile waits with its end like any tap.
function askEnd(tile, ends, match) {
  const picker = table().querySelector("form.picker");
  const [asked, question, buttons] = dialog("end-choice", "p", say("where", { tile }), "end-buttons");
  for (const choice of ends) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "big end";
    button.dataset.end = choice.end;
    button.append(endName(choice.end), " ");
    const value = document.createElement("span");
    value.className = "end-value";
    value.setAttribute("aria-hidden", "true");
    value.textContent = choice.value;
    const outcome = document.createElement("small");
    outcome.className = "end-outcome";
    outcome.setAttribute("aria-hidden", "true");
    outcome.append(...outcomeWords(match, choice));
    button.append(value, " ", outcome);
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

// A tile tapped on the table's picker (not a correction's) is judged here.
document.addEventListener(
  "click",
  (event) => {
    const button = event.target.closest("form.picker button.tile");
    if (!button || !table() || !table().contains(button)) return;
    if (!/\/play$/.test(new URL(button.form.action).pathname)) return;
    const seen = ahead();
    if (!seen || seen.match.turn(seen.leader) === null) return;
    event.preventDefault();
    event.stopPropagation();
    const tile = button.value;
    const waiting = window.tableTaps.waiting();
    const previous = waiting[waiting.length - 1];
    if (previous && previous.value === tile && /\/play$/.test(previous.url)) return; // a double tap
    const ends = endsFor(seen.match, tile);
    if (!ends.length) return window.tableTaps.note(say(waiting.length ? "unfit" : "unfitNow", { tile }));
    if (ends.length > 1) return askEnd(tile, ends, seen.match);
    play(tile, null);
  },
  true,
);

// "Pick at random" on the server's question of who leads, tapped while it would wait: the phone
// draws the lot itself, as the server would, so the tiles tapped after it are foreseen.
document.addEventListener(
  "click",
  (event) => {
    const button = event.target.closest("#table .lead-choice button[name=leader][value=lots]");
    const kept = button && tableRecord();
    if (!kept || (!window.tableTaps.unreachable() && !window.tableTaps.waiting().length)) return;
    const players = kept.players;
    button.value = players[crypto.getRandomValues(new Uint32Array(1))[0] % players.length];
  },
  true,
);

// Paints the table as it will be: turn, tiles held, boneyard, scores, which tiles fit, the last
// play and its count (last-play.mjs).
function paint() {
  // A screen of Fix the server drew shows the table as it is, its tiles as they stood before
  // the entry fixed: nothing here to paint (phone-fix.mjs takes it over when the phone draws).
  const fixing = table() && table().querySelector(".table-play > section.fix:not(.foreseen)");
  const seen = table() && !fixing && ahead(true);
  // How many waiting taps the screen shows done (app.js: a tap repeated on a screen that already
  // shows the first one done is a tap of its own, not a finger's bounce).
  if (table()) table().dataset.foreseen = seen ? String(window.tableTaps.waiting().length) : "";
  if (fixing) return;
  const turn = seen ? seen.match.turn(seen.leader) : null;
  if (table()) settle(seen && seen.match, turn, seen);
  if (table()) {
    // The server's own line while the record stays as it drew it, unless an Undo waits to be
    // said (a tap and its Undo leave the record as it was).
    const waits = seen && window.tableTaps.waiting().length;
    const unchanged = !waits || (!seen.undone && same(seen.record.hands, tableRecord().hands));
    paintLastPlay(table(), seen, unchanged, { say, shown, endName });
    paintWinner(table(), seen, unchanged, { say, shown });
  }
  if (!seen) return;
  const { match } = seen;
  const hand = match.hand;
  const whose = table().querySelector(".turn .whose");
  const leads = match.phase === "lead";
  if (whose && turn) whose.textContent = say(leads ? "leads" : "toPlay", { player: shown(turn), n: hand.number });
  if (whose) whose.hidden = match.phase === "over"; // the winner is said under the winning play
  const number = table().querySelector(".scoreboard .target");
  if (number) number.textContent = say("target", { target: match.rules.target, n: hand.number });
  for (const item of table().querySelectorAll(".held li[data-player]")) {
    const player = item.dataset.player;
    const count = hand.held.get(player) ?? 0;
    const out = !count && match.phase === "play"; // a partner out, passed over till the hand ends
    item.querySelector("b").textContent = out ? say("out") : count;
    item.classList.toggle("current", player === turn);
    item.classList.toggle("out", out && player !== turn);
  }
  const boneyard = table().querySelector(".held .boneyard b");
  if (boneyard) boneyard.textContent = hand.boneyard;
  paintEnds(match);
  // Undo has something to take back once a tile is foreseen, even the match's first lead, and
  // nothing once Final waits (a final match is the club admin's); the lead may be turned round
  // only while it is alone on the table (the winner's screen draws its own: winner.mjs).
  const undo = table().querySelector(".actions form[action$='/undo'] button");
  if (undo) undo.disabled = !seen.record.hands.length || seen.closed;
  const layoutLink = table().querySelector(".actions .show-layout"); // a hand's layout, in play
  if (layoutLink) layoutLink.hidden = !(match.phase === "play" && hand.plays.length > 0);
  const turnLead = ofTable(".ends-row .turn-lead");
  if (turnLead) turnLead.form.hidden = !(match.phase === "play" && turnable(match));
  paintLayout(match);
  paintScoreboard(table(), match, turn, say);
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
  // Draw, or Pass once nothing can be drawn: the one button the server drew turns into the other.
  for (const action of table().querySelectorAll("[data-action=draw], [data-action=pass]")) {
    const wanted = hand.canPass ? "pass" : "draw";
    if (action.dataset.action !== wanted) {
      const form = action.form;
      form.action = form.action.replace(/\/(draw|pass)$/, `/${wanted}`);
      action.dataset.action = wanted;
      action.textContent = say(wanted);
    }
    action.disabled = !(playing && turn !== null && (hand.canDraw || hand.canPass));
  }
}

// The open ends and their count as they will be, drawn as the server draws them
// (templates/table/_open_ends.html), under whose turn it is; none between hands.
function paintEnds(match) {
  const hand = match.hand;
  let ends = ofTable(".open-ends");
  const shownNow = match.phase === "play" && hand.plays.length > 0;
  if (!shownNow) {
    if (ends) ends.hidden = true;
    return;
  }
  if (!ends) {
    const turn = table().querySelector("section.turn");
    if (!turn) return;
    const row = document.createElement("div");
    row.className = "ends-row";
    ends = document.createElement("ul");
    ends.className = "open-ends";
    ends.setAttribute("aria-label", say("openEnds"));
    row.append(ends);
    turn.after(row);
  }
  ends.replaceChildren(...openEndItems(hand));
  ends.hidden = false;
}

// The layout's drawing as it will be, drawn as the server draws it (templates/_drawing.html, in
// the table's side column as table/_layout.html puts it); none between hands. Not on the screens
// that draw the layout their own way (the layout on a screen of its own, a later tile's end).
function paintLayout(match) {
  const hand = match.hand;
  const side = table().querySelector(".table-side");
  let section = side && side.querySelector("section.layout");
  if (match.phase === "lead" || !hand.plays.length) {
    if (section) section.hidden = true;
    return;
  }
  if (!section) {
    if (!side || table().querySelector(".layout-full, .fix.end-choice")) return;
    section = document.createElement("section");
    section.className = "layout";
    section.setAttribute("aria-label", say("layout"));
    side.prepend(section);
  }
  section.innerHTML = svgOf(view(hand.layoutTiles(), hand.openEnds()));
  section.hidden = false;
}

// The hand is over while taps wait: each player's pips asked here (within what they can hold),
// and Confirm waits with them like any tap. Pips an Undo took back stay typed, to be corrected
// and confirmed again, as on the server's screen.
function askPips(match, undone) {
  const taken = undone && undone.entry instanceof Left ? undone.entry : null;
  const hand = match.hand;
  const form = document.createElement("form");
  form.className = "settle foreseen";
  const head = document.createElement("div");
  head.className = "settle-head";
  const heading = document.createElement("h2");
  heading.textContent = hand.ended === "domino" ? say("wentOut", { player: shown(hand.wentOut) }) : say("blocked");
  const hint = document.createElement("p");
  hint.className = "settle-hint";
  hint.textContent = say("pipsHint");
  head.append(heading, hint);
  form.append(head);
  hand.needsLeft.forEach((player, index) => {
    const [low, high] = hand.pipBounds(player);
    const row = document.createElement("fieldset");
    row.className = "left-hand";
    const legend = document.createElement("legend");
    const name = document.createElement("bdi");
    name.textContent = shown(player);
    const held = document.createElement("small");
    const count = hand.held.get(player);
    held.textContent = say(count === 1 ? "holdsOne" : "holdsMany", { n: count });
    const range = document.createElement("small");
    range.className = "pips-range";
    range.id = `range-foreseen-${index}`;
    range.textContent = say("range", { low, high });
    legend.append(name, " ", held, " ", range);
    const field = document.createElement("input");
    field.type = "number";
    field.name = `pips:${player}`;
    field.min = low;
    field.max = high;
    field.required = true;
    field.inputMode = "numeric";
    field.setAttribute("aria-label", say("pipsOf", { player: shown(player) }));
    field.setAttribute("aria-describedby", range.id);
    if (taken && typeof taken.pipsOf(player) === "number") field.value = taken.pipsOf(player);
    const box = document.createElement("span");
    box.className = "pips-field";
    box.append(field);
    row.append(legend, box);
    form.append(row);
  });
  const confirm = document.createElement("button");
  confirm.type = "submit";
  confirm.className = "big";
  confirm.textContent = say("confirm");
  form.append(confirm);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    event.stopPropagation();
    const picker = table().querySelector("form.picker");
    const fields = [...new FormData(picker)].filter(([name]) => name !== "version" && name !== "tile");
    fields.push(...new FormData(form));
    window.tableTaps.tap(picker.action.replace(/\/play$/, "/left"), fields, say("confirm"));
  });
  return form;
}

// Who leads hand N, asked here when the rules leave it open: the answer waits like any tap, as
// the server's /leader form sends it; at random, the phone draws the lot itself (so the tiles
// after it are foreseen for the player drawn).
function askLead(match) {
  const picker = table().querySelector("form.picker");
  const number = match.hand.number;
  const [asked, heading, buttons] = dialog("lead-choice", "h2", say("whoLeads", { n: number }), "buttons");
  const hint = document.createElement("p");
  hint.textContent = say("leadHint");
  const players = match.players;
  const choose = (player) => {
    const fields = [...new FormData(picker)].filter(([name]) => name !== "version" && name !== "tile");
    fields.push(["leader", player]);
    const url = picker.action.replace(/\/play$/, "/leader");
    window.tableTaps.tap(url, fields, say("leads", { player: shown(player), n: number }));
  };
  const button = (text, pick, className = "big") => {
    const made = document.createElement("button");
    made.type = "button";
    made.className = className;
    made.textContent = text;
    made.addEventListener("click", () => choose(pick()));
    buttons.append(made);
  };
  for (const player of players) button(shown(player), () => player);
  const lot = () => players[crypto.getRandomValues(new Uint32Array(1))[0] % players.length];
  button(say("random"), lot, "big secondary");
  asked.append(heading, hint, buttons);
  return asked;
}

// Which of the screens the table holds shows the table as it will be. The server's settlement
// (or its question of who leads) stays while the phone's table is that one still; once the taps
// waiting go past it (Confirm waits), the next hand drawn hidden beside it (_next_hand.html) is
// shown instead. The pips are asked here when a hand ends past what the server drew, who leads
// when the next lead is open.
function settle(match, turn, seen) {
  const picker = table().querySelector("form.picker");
  const asked = table().querySelector("form.settle.foreseen");
  const lead = table().querySelector(".lead-choice.foreseen");
  const settling = Boolean(match) && match.phase === "settle";
  const leading = Boolean(match) && match.phase === "lead" && turn === null;
  const servedSettle = table().querySelector("section.settle");
  const served = servedSettle || table().querySelector(".lead-choice:not(.foreseen)");
  const drawn = tableRecord();
  const hands = drawn ? drawn.hands.length : 0;
  const same =
    match && match.hands.length === hands && (match.phase === "over" || (servedSettle ? settling : leading));
  const past = Boolean(served) && Boolean(match) && !same;
  if (served) served.hidden = past;
  for (const part of table().querySelectorAll("[data-next-hand]")) part.hidden = !past;
  const asking = leading && (!served || past);
  const whose = table().querySelector(".turn");
  if (whose) whose.hidden = asking || settling;
  // While the pips are counted the hand's Draw (or Pass) goes, as on the server's screen.
  for (const action of table().querySelectorAll("form:not([data-next-hand], [data-taken-back]) > [data-action]")) {
    action.form.hidden = settling;
  }
  const ending = Boolean(table().querySelector(".end-choice.foreseen"));
  if (picker) picker.hidden = settling || asking || ending;
  if (!asking && lead) lead.remove();
  else if (asking && !lead && picker) {
    picker.before(askLead(match));
    table().querySelector(".lead-choice.foreseen button").focus(); // Confirm, focused, is gone
  }
  if (!settling || (served && !past)) asked && asked.remove();
  else if (!asked && picker) picker.before(askPips(match, seen.undone));
  sayUndone(seen);
}

// What a waiting Undo took back, said at the head of the pips screen as the server says it there
// (_settle.html); the server's own notice, about an earlier tap, goes while taps wait.
function sayUndone(seen) {
  for (const said of table().querySelectorAll(".settle-head .notice.foreseen")) said.remove();
  const waits = window.tableTaps.waiting().length > 0;
  for (const own of table().querySelectorAll("section.settle .settle-head .notice")) own.hidden = waits;
  const shownNow = [...table().querySelectorAll("section.settle, form.settle.foreseen")].find((f) => !f.hidden);
  const text = waits && seen && seen.undone && undoneWords(seen.undone, seen.match, { say, shown });
  if (!shownNow || !text) return;
  const notice = document.createElement("p");
  notice.className = "notice foreseen";
  notice.setAttribute("role", "status");
  notice.textContent = text;
  const hints = shownNow.querySelectorAll(".settle-head .settle-hint:not(.last-scored)");
  if (hints.length) hints[hints.length - 1].before(notice);
  else shownNow.querySelector(".settle-head").append(notice);
}

// After a refusal for a stale version: how many of the waiting taps, from the first, another
// phone entered just the same (the server's record holds them, in order, and the same player
// chosen to lead), each named as done by the player whose tap it was. `goOn`: the record is
// exactly that, so the taps after them go on from it; otherwise another phone's entries came
// after them, and the rest keep the version they followed, to be refused and named by the
// server, each with the player whose turn it was (`turns`) when it was tapped.
function entered(waiting, html) {
  const base = tableRecord();
  const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("table");
  const none = { done: 0, names: [], goOn: false, turns: [] };
  if (!base || !fresh || !fresh.dataset.record || !waiting.length) return none;
  const now = JSON.parse(fresh.dataset.record);
  const turnNow = table().dataset.turn || null;
  const turnBefore = (i) => {
    const before = foresee(base, waiting.slice(0, i), turnNow);
    return before.unknown || before.refused ? null : before.match.turn(before.leader);
  };
  for (let done = waiting.length; done >= 1; done -= 1) {
    const seen = foresee(base, waiting.slice(0, done), turnNow);
    if (seen.unknown || seen.refused || !holds(now, seen.record)) continue;
    const leads = sameLeader(seen, now, fresh.dataset.turn || null);
    if (!leads && seen.leader !== null) continue; // this phone chose another player to lead
    const names = waiting.slice(0, done).map((tap, i) => {
      const player = tapOfPlayer(tap) ? turnBefore(i) : null;
      return player ? say("tap", { tile: tap.label, player: shown(player) }) : tap.label;
    });
    const goOn = leads && same(seen.record.hands, now.hands);
    const turns = goOn ? [] : waiting.slice(done).map((_, i) => turnBefore(done + i));
    return { done, names, goOn, turns };
  }
  return none;
}

// Whether the server's record `now` holds every entry of `record` in the same order, and maybe
// more after them.
function holds(now, record) {
  const last = record.hands.length - 1;
  if (last >= now.hands.length) return false;
  return record.hands.every((hand, i) => {
    const later = now.hands[i];
    if (i < last) return same(hand, later);
    const events = hand.events || [];
    const laterEvents = later.events || [];
    const kept = Object.keys(hand).filter((key) => key !== "events" && hand[key] != null);
    return (
      events.length <= laterEvents.length &&
      events.every((event, j) => same(event, laterEvents[j])) &&
      kept.every((key) => same(hand[key], later[key]))
    );
  });
}

// When the taps end waiting for a lead, the player who leads as they foresee it leads on the
// server too (the first of the next hand, or the table's turn while that hand has not begun).
function sameLeader(seen, now, turnNow) {
  if (seen.match.phase !== "lead") return true;
  const next = now.hands[seen.record.hands.length];
  const first = next && (next.events || [])[0];
  return seen.match.turn(seen.leader) === (first ? first.player : turnNow);
}

// A tap made for the player whose turn it is (a tile, Draw, Pass), named with that player;
// the others (Undo, Confirm, who leads) say enough by their own words.
function tapOfPlayer(tap) {
  const entry = entryOf(tap);
  return Boolean(entry && (entry.play || entry.draw || entry.pass));
}

// Two pieces of JSON alike, whatever order their keys were written in.
function same(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a).filter((key) => a[key] !== undefined && a[key] !== null);
  const other = Object.keys(b).filter((key) => b[key] !== undefined && b[key] !== null);
  return keys.length === other.length && keys.every((key) => same(a[key], b[key]));
}

window.tableForesight = { entered };
document.addEventListener("taps:changed", paint);
paint();
