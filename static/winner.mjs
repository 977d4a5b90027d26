// The winner's screen (templates/table/_winner.html) drawn on the phone when the taps waiting on
// it win the match — the winning tile, or the pips and Confirm that settle it past the target —
// in the server's words and structure: who wins, how (view.py `winning`), a winning lead's ends
// and Turn the lead, the hand's settlement (settled.mjs), Undo's note, Final, Rematch, the
// scorepad and Home. The table in play under it goes (app.css `.won-ahead`), as on the server's
// screen; Undo stays and takes the winning tap back. Final and Turn the lead wait like any tap
// (static/app.js); once Final waits the screen says the match is final, as the server will.
// Rematch and the links need the network, and say so (app.js).

import { turnable } from "./foresee.mjs";
import { settlementLines } from "./last-play.mjs";
import { explain } from "./settled.mjs";
import { SIDE, openEndItems, sideIn, signed } from "./table-words.mjs";

// Paints `table` for `seen`, the table foreseen (foresee.mjs; null when nothing is foreseen);
// `unchanged` while the taps waiting leave the record as the server drew it. `words`: the page's
// words (`say`) and a player by the club's name (`shown`).
export function paintWinner(table, seen, unchanged, words) {
  const served = table.querySelector(".winner-screen:not(.foreseen)");
  const drawn = table.querySelector(".winner-screen.foreseen");
  const match = seen && seen.match;
  const over = Boolean(match) && match.phase === "over";
  // On the server's own screen an Undo waiting brings back the hand it drew hidden beside it
  // (_winner.html, `data-taken-back`): its turn, tiles and Draw, painted as the table will be;
  // the pips asked there when it takes back the Confirm that won.
  const back = Boolean(served) && Boolean(match) && !over;
  for (const part of table.querySelectorAll("[data-taken-back]")) {
    part.hidden = !back || (match.phase === "settle" && part.matches("form"));
  }
  // The server's own screen stays while it says what the phone foresees.
  const final = served && served.querySelector("form[action$='/final']");
  const servedSays = over && served && unchanged && !(seen.closed && final);
  const wanted = over && !servedSays;
  table.classList.toggle("won-ahead", wanted);
  if (served) served.hidden = wanted || back;
  if (!wanted) return drawn && drawn.remove();
  // Drawn again only when what it says changes (the winning lead turned round too): a button
  // tapped on it keeps its mark.
  const lead = match.hand.plays.length === 1 ? match.hand.plays[0].tile : null;
  const key = JSON.stringify([match.hands.length, match.winner, match.scores, Boolean(seen.closed), lead]);
  if (drawn && drawn.dataset.key === key) return;
  const screen = winnerScreen(table, match, seen.closed, words);
  screen.dataset.key = key;
  if (drawn) drawn.replaceWith(screen);
  else table.querySelector(".table-play").prepend(screen);
}

function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

// The section as _winner.html draws it.
function winnerScreen(table, match, closed, { say, shown }) {
  const screen = element("section", "winner-screen foreseen");
  const side = match.sides[match.winner];
  const heading = element("h1");
  heading.append(...sideIn(say(side.length === 1 ? "winsOne" : "winsMany", { side: SIDE }), side.map(shown).join(" + ")));
  screen.append(heading);
  const last = match.hands[match.hands.length - 1];
  const winning = winningLine(match, last, { say, shown });
  if (winning) screen.append(element("p", "winning", winning));
  if (turnable(match, closed)) screen.append(turnLead(table, last, say));
  const explained = explain(match, last, { say, shown });
  if (explained) screen.append(settlement(explained));
  if (closed) screen.append(element("p", "closed-note", say("finalNote")));
  else {
    screen.append(element("p", "closed-note", say("undoNote")));
    screen.append(form(table, say("finalUrl"), say("final"), "big wide secondary"));
  }
  screen.append(form(table, say("rematchUrl"), say("rematch"), "big wide"));
  const links = element("div", "winner-links");
  for (const [url, name] of [
    ["scorepadUrl", "scorepad"],
    ["homeUrl", "home"],
  ]) {
    const link = element("a", "secondary outline", say(name));
    link.href = say(url);
    link.setAttribute("role", "button");
    links.append(link);
  }
  screen.append(links);
  return screen;
}

// How the match was won (view.py `winning`): the winning play, or the settlement that took a
// side over (scored on paper, when no settlement was counted at the table).
function winningLine(match, last, { say, shown }) {
  if (match.winner === null || !last) return "";
  const chipped = last.ended === "domino" && match.rules.hand_end === "chip_out";
  if (last.ended === "win" || chipped) {
    const play = last.plays[last.plays.length - 1];
    const values = { tile: play.tile, player: shown(play.player), count: play.count, points: signed(play.points) };
    return say("wonWith", values);
  }
  const change = last.settlement ? last.settlement.changes[match.winner] : 0;
  return say(last.scored ? "wonOnPaper" : "wonSettled", { n: last.number, points: signed(change) });
}

// A winning lead alone on the table may still be turned round, as in play (_winner.html): its
// open ends, and Turn the lead, which waits like any tap (foresee.mjs turns it on the phone).
function turnLead(table, hand, say) {
  const row = element("div", "ends-row");
  const ends = element("ul", "open-ends");
  ends.setAttribute("aria-label", say("openEnds"));
  ends.append(...openEndItems(hand));
  row.append(ends, form(table, say("turnLeadUrl"), `⇄ ${say("turnLead")}`, "secondary outline turn-lead"));
  return row;
}

// The hand's settlement (_winner.html's line and _settlement.html): how it ended and the rule,
// the pips counted and the arithmetic, the notes, what each side was credited.
function settlement(explained) {
  const line = element("div", "last-play");
  line.append(element("p", "", `${explained.ended} ${explained.rule}`), ...settlementLines(explained));
  return line;
}

// A form of the screen (Final, Rematch) with the table's CSRF token, as the server draws it.
function form(table, action, label, className) {
  const made = element("form");
  made.method = "post";
  made.action = action;
  const token = table.querySelector("input[name=csrf_token]");
  if (token) made.append(token.cloneNode());
  const button = element("button", className, label);
  button.type = "submit";
  made.append(button);
  return made;
}
