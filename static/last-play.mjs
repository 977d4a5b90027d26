// The table's last-play line (templates/table/_lastplay.html) as it will be once the taps
// waiting on this phone are recorded, in the server's words (assistant/web/table/view.py
// `last_play` and `since_last_play`, pegs.py): the last tile laid and its count's sum, what it
// scored and for whom, in Fives and Threes what the count is made of and why it scored nothing;
// the draws and passes since; between hands, how the hand was settled (settled.mjs) and a tie at
// the top. Once the match will be won there is none: the winner's screen says how (winner.mjs).
// And first, when the last tap is an Undo, what it took back (routes.py `_undone`). So the line
// says what the scores above it show, never the play before the taps waiting.

import { Draw, Left, Pass, Play, ScoredHand } from "./engine/moves.mjs";
import { explain } from "./settled.mjs";
import { pips } from "./engine/tiles.mjs";
import { SIDE, elided, isolated, number, sideIn } from "./table-words.mjs";

// Paints the line of `table` for `seen`, the table foreseen (foresee.mjs); `unchanged` while it
// holds what the server drew (nothing waits, or nothing that changes the record): then the
// server's own line is shown, its notice and its hand's arithmetic with it. The words come from
// the banner's data (the page's language): `say(name, values)`; a player by the club's name,
// `shown(player)`; an end's name, `endName(end)`.
const served = new WeakMap(); // a table the server drew → its own line (null: none)
export function paintLastPlay(table, seen, unchanged, words) {
  // The line under the scores (the winner's screen has one of its own, about the hand).
  const under = () => table.querySelector(".table-screen > .last-play");
  if (!served.has(table)) served.set(table, under());
  const own = served.get(table);
  const line = under();
  if (unchanged) return put(table, line, own);
  const said = lastPlay(seen.match, seen.record, words);
  const taken = seen.undone && undoneWords(seen.undone, seen.match, words);
  if (taken && said) said.lines.unshift(paragraph("notice", taken));
  // Where the server draws one: not on a screen of its own (Fix, the layout, Stop, the winner).
  const place = table.querySelector(
    ".table-play > section.turn, .table-play > [data-next-hand], .table-play > [data-taken-back]",
  );
  if (!said || (!line && !place)) return put(table, line, null);
  const drawn = line && line !== own ? line : document.createElement("div");
  drawn.className = "last-play foreseen";
  drawn.setAttribute("aria-live", "polite");
  drawn.replaceChildren(...said.lines);
  drawn.classList.toggle("scored", said.scored);
  put(table, line, drawn);
}

// `wanted` in the place of `line`, under the scores.
function put(table, line, wanted) {
  if (line === wanted) return;
  if (line && wanted) line.replaceWith(wanted);
  else if (line) line.remove();
  else table.querySelector(".scoreboard").after(wanted);
}

// The paragraphs of the line and whether it is the scored colour; null for no line (the server
// draws none while the pips are counted, nor on the winner's screen).
function lastPlay(match, record, words) {
  let hand = match.hand;
  let previous = null;
  if (match.phase === "lead") {
    if (!match.hands.length) return null;
    previous = match.hands[match.hands.length - 1];
    const chipOut = match.rules.hand_end === "chip_out";
    hand = chipOut && previous.ended === "domino" ? previous : null;
  } else if (match.phase !== "play") return null;
  const play = hand && hand.plays.length ? hand.plays[hand.plays.length - 1] : null;
  const since = match.phase === "play" ? sinceLastPlay(match, record, words) : null;
  const lines = play ? played(match, hand, play, words) : [];
  if (since) lines.push(paragraph("since", since));
  if (previous) lines.push(...handOver(match, previous, words));
  if (!lines.length) return null;
  return { lines, scored: Boolean(play && play.points && !since) };
}

// What an Undo took back, as the server says it (routes.py `_undone`): a tile and its player, a
// draw, a pass (a knock where nothing is ever drawn), the pips told, a hand scored on paper.
export function undoneWords({ entry, record }, match, { say, shown }) {
  if (entry instanceof Left) {
    const pipsOf = (held) => (typeof held === "number" ? held : held.reduce((sum, tile) => sum + pips(tile), 0));
    const told = record.players.filter((player) => entry.pipsOf(player) != null);
    const counted = told.map((player) => `${shown(player)} ${pipsOf(entry.pipsOf(player))}`).join(" · ");
    return say("undoneLeft", { n: record.hands.length, pips: counted });
  }
  if (entry instanceof ScoredHand) return say("undoneTold");
  if (entry instanceof Play) return say("undonePlay", { tile: entry.tile, player: shown(entry.player) });
  if (entry instanceof Draw) return elided(say("undoneDraw", { player: shown(entry.player) }));
  if (!(entry instanceof Pass)) return "";
  const knocks = match.rules.boneyard === "sleeping";
  return elided(say(knocks ? "undoneKnock" : "undonePass", { player: shown(entry.player) }));
}

function paragraph(className, text) {
  const p = document.createElement("p");
  p.className = className;
  p.textContent = text;
  return p;
}

// "6-5 5 + 5 = 10 → Ann +10", "6-3 count 6 + 3 = 9", with the terms under it where a double or
// the spinner counts beside other ends; in Fives and Threes "15: 5 threes and 3 fives".
function played(match, hand, play, { say, shown, endName }) {
  const terms = hand.terms(); // only plays change the layout: its count now is the last play's
  const parts = terms.map((t) => (t.tile.includes("-") ? `${t.value} (${t.tile})` : String(t.value)));
  let sum = parts.join(" + ");
  if (parts.length !== 1) sum += ` = ${play.count}`;
  const index = match.sideOf.get(play.player);
  const side = match.sides[index].map(shown).join(" + ");
  const pegs = match.rules.count_scoring === "fives_and_threes";
  const why = pegs ? countMadeOf(play.count, say) : "";
  const refused = pegs ? refusal(match, hand, play, index) : null;
  const line = document.createElement("p");
  const tile = document.createElement("span");
  tile.className = "tile-name";
  tile.textContent = play.tile;
  line.append(tile, " ");
  if (refused || play.points) {
    const points = document.createElement("b");
    if (refused && !play.points) points.textContent = say("bust");
    else {
      points.append(...sideIn(say("sidePoints", { side: SIDE, points: number(play.points) }), side));
    }
    line.append(`${sum}${why ? `: ${why}` : ""} → `, points);
  } else line.append(say("countSum", { sum }));
  const doubles = terms.length > 1 && terms.some((t) => t.tile.includes("-"));
  if (doubles) {
    const small = document.createElement("small");
    small.className = "terms";
    small.textContent = terms.map((t) => termText(t, say, endName)).join(" · ");
    line.append(" ", small);
  }
  if (!refused) return [line];
  const bust = document.createElement("p");
  bust.className = "bust";
  const before = refused.before;
  const values = { score: number(refused.would), target: number(match.rules.target), side, stays: number(before) };
  bust.textContent = say({ bust: "bustWhy", lead: "noLeadWin", lead_bonus: "noLeadBonus" }[refused.reason], values);
  return [line, bust];
}

// The engine's Term in the player's words: "6-6 at right = 12", "left 3", "5-5 = 10".
function termText(term, say, endName) {
  if (term.end && !term.tile.includes("-")) return `${endName(term.end)} ${term.value}`;
  if (term.end) return say("termAt", { tile: term.tile, end: endName(term.end), value: term.value });
  return say("termIs", { tile: term.tile, value: term.value });
}

// What a Fives and Threes count is made of: 15 → "5 threes and 3 fives"; "" for none.
function countMadeOf(count, say) {
  const threes = count && !(count % 3) ? count / 3 : 0;
  const fives = count && !(count % 5) ? count / 5 : 0;
  const three = threes ? say(threes === 1 ? "three" : "threes", { n: threes }) : "";
  const five = fives ? say(fives === 1 ? "five" : "fives", { n: fives }) : "";
  if (three && five) return say("threesAndFives", { threes: three, fives: five });
  return three || five;
}

// What the rules refused the last play (pegs.py `refusal`): worked again from the side's score
// before it, as the engine answers only for the scores as they are now.
function refusal(match, hand, play, side) {
  const rules = match.rules;
  const out = hand.ended === "domino" && hand.wentOut === play.player;
  const chipsOut = out && rules.hand_end === "chip_out";
  const bonus = chipsOut && hand.settlement ? hand.settlement.changes[side] : 0;
  const before = match.scores[side] - play.points - bonus;
  const lead = hand.plays.length === 1;
  const points = match.countPoints(play.count);
  const goBonus = chipsOut ? rules.go_bonus : 0;
  const target = rules.target;
  if (lead && !rules.lead_can_win && points && before + points >= target) {
    return { reason: "lead", would: before + points, before };
  }
  if (rules.exact_target && (points || goBonus) && before + points + goBonus > target) {
    return { reason: "bust", would: before + points + goBonus, before };
  }
  if (goBonus && lead && !rules.lead_can_win && before + points + goBonus >= target) {
    return { reason: "lead_bonus", would: before + points + goBonus, before };
  }
  return null;
}

// The draws and passes since the last tile was laid: "Bo drew 2 tiles — boneyard 8 · Cy passed"
// (a run of draws by one player said once), from the hand's events in the record foreseen.
function sinceLastPlay(match, record, { say, shown }) {
  const events = (record.hands[record.hands.length - 1] || {}).events || [];
  const later = [];
  for (let i = events.length - 1; i >= 0 && events[i].play === undefined; i -= 1) later.unshift(events[i]);
  if (!later.length) return null;
  const runs = [];
  for (const event of later) {
    const last = runs[runs.length - 1];
    const drew = event.draw === undefined ? 0 : Number(event.draw) || 1;
    if (drew && last && last.drew && last.player === event.player) last.drew += drew;
    else runs.push({ player: event.player, drew });
  }
  const knocks = match.rules.boneyard === "sleeping";
  const said = runs.map(({ player, drew }) => {
    if (drew) return say(drew === 1 ? "drewOne" : "drewMany", { player: shown(player), n: drew });
    return say(knocks ? "knocked" : "passed", { player: shown(player) });
  });
  let text = said.join(" · ");
  if (later[later.length - 1].draw !== undefined) text += ` — ${say("boneyardLeft", { n: match.hand.boneyard })}`;
  return text;
}

// Between hands, the hand just ended (_lastplay.html and _settlement.html, from settled.py's
// words): "Hand 1: Ann went out." and the rule as a sentence, the pips counted and the
// arithmetic, the notes, what each side was credited, and a tie at the top.
function handOver(match, hand, words) {
  const said = explain(match, hand, words);
  if (!said || !["domino", "blocked"].includes(hand.ended)) return [];
  const over = document.createElement("p");
  over.className = "hand-over";
  const label = document.createElement("b");
  label.textContent = words.say("handLabel", { n: hand.number });
  over.append(label, ` ${said.ended} ${said.rule}`.trimEnd());
  const lines = [over, ...settlementLines(said)];
  const tied = tiedAtTop(match, words.say);
  if (tied) lines.push(paragraph("tied", tied));
  return lines;
}

// templates/table/_settlement.html, from settled.mjs's words: the pips counted and the
// arithmetic, the notes, what each side was credited. The winner's screen draws it too.
export function settlementLines(said) {
  const lines = [];
  if (said.counted.length) {
    const counted = document.createElement("p");
    counted.className = "counted";
    said.counted.forEach(({ name, pips }, i) => {
      const span = document.createElement("span");
      span.className = "pips";
      span.append(...isolated(name), ` ${pips}`);
      counted.append(...(i ? [" · ", span] : [span]));
    });
    if (said.working) {
      const working = document.createElement("b");
      working.className = "working";
      working.textContent = said.working;
      counted.append(" · ", working);
    }
    lines.push(counted);
  }
  lines.push(...said.notes.map((note) => paragraph("settle-note", note)));
  if (said.outcome) {
    const outcome = document.createElement("p");
    outcome.className = "outcome";
    const bold = document.createElement("b");
    bold.textContent = said.outcome;
    outcome.append(bold);
    lines.push(outcome);
  }
  return lines;
}

// Two sides level at or over the target after a settlement (view.py `tied_at_top`): "Tied at
// 250: another hand." (the highest score alone wins).
function tiedAtTop(match, say) {
  const best = Math.max(...match.scores);
  const level = match.scores.filter((score) => score === best).length > 1;
  if (match.winner === null && best >= match.rules.target && level) return say("tiedAtTop", { score: number(best) });
  return null;
}
