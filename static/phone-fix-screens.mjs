// Fix's screens drawn on the phone (loaded by static/phone-fix.mjs when Fix is first drawn on
// the phone, or a correction waits): the hand's entries and what may replace the one tapped,
// worked out by the phone's own engine on the table as it will be and drawn in the table's place
// in the words and names of the server's screen (templates/table/_fix.html). The fix chosen waits
// like any tap, as the correction's form posts it (the correct, insert and remove routes), and
// the table is painted corrected at once (phone-table.mjs); one a later entry no longer fits is
// refused here, in the server's sentence, and nothing waits.

import * as corrections from "./engine/corrections.mjs";
import { EndList } from "./engine/layout.mjs";
import { replay } from "./engine/record.mjs";
import { tileName } from "./engine/tiles.mjs";
import { learnCorrections } from "./foresee.mjs";
import { view } from "./layout-drawing.mjs";
import { fixable, foreseen } from "./table-ahead.mjs";
import { elided, endName, outcomeWords, say as said, signed, shown } from "./table-words.mjs";

learnCorrections(corrections);

const banner = document.getElementById("taps");
const table = () => document.getElementById("table");
const language = document.documentElement.lang || "en";
const listed = (parts) => new Intl.ListFormat(language, { type: "conjunction" }).format(parts);

// -- the hand's entries ------------------------------------------------------------------------

// The events of the hand being played, as the correction list shows them (view.hand_entries).
function entries(seen) {
  const { record, match } = seen;
  const plays = match.hands[match.hands.length - 1].plays[Symbol.iterator]();
  const knocks = match.rules.boneyard === "sleeping";
  return record.hands[record.hands.length - 1].events.map((event, i) => {
    const entry = { position: i + 1, player: event.player, knock: knocks };
    if (event.play !== undefined) Object.assign(entry, { kind: "play" }, plays.next().value);
    else if (event.draw !== undefined) Object.assign(entry, { kind: "draw", tiles: event.draw });
    else entry.kind = "pass";
    return entry;
  });
}

// "5-3 by Bo", "Bo's draw", "Bo's pass": what a player would call it.
function words(entry) {
  const player = shown(entry.player);
  if (entry.kind === "play") return said("tap", { tile: entry.tile, player });
  const kind = entry.kind === "draw" ? "fixDrawOf" : entry.knock ? "fixKnockOf" : "fixPassOf";
  return elided(said(kind, { player }));
}

// What it did: "on the left · count 15 · +15", "1 tile"; nothing more for a pass.
function detail(entry) {
  if (entry.kind === "play") {
    const parts = [entry.end === null ? said("fixLead") : said("fixOn", { end: endName(entry.end) })];
    parts.push(said("count", { n: entry.count }));
    if (entry.points) parts.push(signed(entry.points));
    return parts.join(" · ");
  }
  if (entry.kind === "draw") return said(entry.tiles === 1 ? "fixTile" : "fixTiles", { n: entry.tiles });
  return "";
}

// The match as it stood just before entry `position` of the hand: what may replace it is what
// the rules allowed then (view.Table.before_fixed).
function before(seen, position) {
  const hands = seen.record.hands;
  const kept = hands.slice(0, -1);
  if (position > 1) kept.push({ events: hands[hands.length - 1].events.slice(0, position - 1) });
  return replay({ ...seen.record, hands: kept }, false, seen.match);
}

// -- the engine's refusal in the player's words (messages.explain) ------------------------------

const PLAYER_PARAMS = ["player", "leader", "expected", "first", "second"];

function explain(error) {
  // The engine's own sentence where the page gave none in its language (English).
  const template = JSON.parse(banner.dataset.fixRefusals || "{}")[error.template] || error.template;
  const value = (name, given) => {
    if (given instanceof EndList) {
      const parts = given.ends.map(([end, n]) => `${endName(end)} ${n}`);
      return given.joiner.trim() === "and" ? listed(parts) : parts.join(", ");
    }
    if (given && Array.isArray(given.names)) {
      const parts = given.names.map((n) => (typeof n === "string" ? shown(n) : value(name, n)));
      return given.joiner === "+" ? parts.join(" + ") : listed(parts);
    }
    if (given && given.template !== undefined) return explain(given);
    if (name === "end" && ["left", "right", "up", "down"].includes(given)) return endName(given);
    if (PLAYER_PARAMS.includes(name) && typeof given === "string") return shown(given);
    return String(given);
  };
  return elided(template.replace(/\{(\w+)\}/g, (_, name) => value(name, error.params[name])));
}

// -- the screens -------------------------------------------------------------------------------

// Which screen is open: null, the list ({at: 0}), an entry ({at: N}), a missed one before it
// ({at: N, insert: true}), a tile's end ({…, tile}), a later tile's end ({later, url, fields}).
let open = null;

const make = (tag, attributes = {}, ...children) => {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
};
const hidden = (name, value) => make("input", { type: "hidden", name, value });
const csrf = () => table().querySelector("input[name=csrf_token]").cloneNode();
// The match's own addresses, from the picker's (/matches/N/play).
const address = (action) => table().querySelector("form.picker").action.replace(/\/play$/, `/${action}`);
const link = (text, to, className = "secondary outline wide") =>
  make("a", { role: "button", class: className, href: address("").slice(0, -1), "data-fix-to": to }, text);

function draw(state) {
  const seen = fixable();
  close(!seen);
  if (!seen) return;
  open = state;
  const section = make("section", { class: "fix foreseen", "aria-labelledby": "fix-title" });
  if (state.message) {
    // Where the server says a refusal: above the scores, the older sentence it replaces hidden.
    table().querySelectorAll(".table-screen > .message").forEach((older) => (older.hidden = true));
    const message = make("p", { class: "message foreseen", role: "alert" }, state.message);
    table().querySelector(".table-screen").prepend(message);
  }
  const list = entries(seen);
  const entry = list[state.at - 1];
  if (state.later) section.className = "fix end-choice foreseen";
  if (state.later) laterEnd(section, state);
  else if (!entry) chooseEntry(section, seen, list);
  else chooseFix(section, seen, entry, state);
  const play = table().querySelector(".table-play");
  play.prepend(section);
  table().classList.add("fixing", "fixing-foreseen");
  window.scrollTo(0, 0);
}

function close(forget = true) {
  if (forget) open = null;
  if (!table()) return;
  table().querySelectorAll(".fix.foreseen, .message.foreseen").forEach((drawn) => drawn.remove());
  table().classList.remove("fixing", "fixing-foreseen");
}

// The hand's entries, newest first.
function chooseEntry(section, seen, list) {
  const heading = make("h2", { id: "fix-title" }, said("fixList", { n: seen.match.hand.number }));
  const items = [...list].reverse().map((entry) => {
    const what =
      entry.kind === "play"
        ? make("b", { class: "tile-name" }, entry.tile)
        : make("b", {}, said(entry.kind === "draw" ? "fixDrew" : entry.knock ? "fixKnocked" : "fixPassed"));
    const chosen = make(
      "a",
      { class: "entry-link", href: `${address("").slice(0, -1)}?fix=${entry.position}`, "data-fix-to": entry.position },
      make("span", { class: "entry-number" }, String(entry.position)),
      " ",
      make("span", { class: "entry-who" }, make("bdi", {}, shown(entry.player))),
      " ",
      what,
      " ",
      make("small", {}, detail(entry)),
    );
    return make("li", {}, chosen);
  });
  section.append(heading, make("p", { class: "fix-hint" }, said("fixHint")), make("ol", { class: "entries" }, ...items));
  section.append(link(said("fixBackTable"), "table"));
}

// What may replace the entry (or be put in before it): the tiles that fitted then, Drew a tile
// and Passed (or Knocked), a tile's end when its ends made different games.
function chooseFix(section, seen, entry, state) {
  const then = before(seen, entry.position);
  const turn = then.turn(entry.player);
  const action = address(state.insert ? "insert" : "correct");
  const title = state.insert ? said("fixMissed", { entry: words(entry) }) : said("fixEntry", { entry: words(entry) });
  const who = state.insert ? said("fixNotEntered", { player: shown(turn) }) : said("fixInstead", { player: shown(entry.player) });
  const marks = [hidden("position", entry.position), hidden("fix", entry.position)];
  if (state.insert) marks.push(hidden("insert", "1"));
  section.append(make("h2", { id: "fix-title" }, title), make("p", { class: "fix-hint" }, who));
  section.dataset.title = title;
  if (state.tile) {
    section.append(askEnd(then, state.tile, action, marks, state));
  } else {
    section.append(picker(then, turn, action, marks, state.insert ? null : entry));
    const knocks = seen.match.rules.boneyard === "sleeping";
    const button = (name, text, can) => {
      const made = make("button", { type: "submit", name, value: "1", class: "secondary" }, text);
      made.disabled = !can;
      return made;
    };
    const buttons = knocks
      ? [button("pass", said("fixKnock"), then.hand.canPass)]
      : [button("draw", said("fixDrewTile"), then.hand.canDraw), button("pass", said("fixPass"), then.hand.canPass)];
    const marked = marks.map((mark) => mark.cloneNode());
    section.append(make("form", { method: "post", action, class: "fix-buttons" }, csrf(), ...marked, ...buttons));
    if (!state.insert) {
      const others = make("div", { class: "fix-buttons" });
      if (entry.position > 1) others.append(link(said("fixMissedOne"), "insert", "secondary outline"));
      const remove = make("button", { type: "submit", class: "secondary outline remove" }, said("fixRemove"));
      others.append(make("form", { method: "post", action: address("remove") }, csrf(), hidden("position", entry.position), remove));
      section.append(others);
    }
  }
  section.append(state.insert ? link(said("fixBack"), "entry") : link(said("fixBackList"), "list"));
}

// The 28 tiles as the table's picker draws them, each as it stood just before the entry: fits,
// played (an outline) or unfit; the tile the correction replaces ringed.
function picker(then, turn, action, marks, replaced) {
  const drawn = table().querySelector("form.picker").cloneNode(true);
  drawn.removeAttribute("hidden");
  drawn.setAttribute("action", action);
  drawn.querySelectorAll("input[type=hidden]:not([name=csrf_token])").forEach((input) => input.remove());
  drawn.prepend(...marks);
  const hand = then.hand;
  for (const button of drawn.querySelectorAll("button.tile")) {
    for (const name of ["formmethod", "formaction", "data-get", "disabled"]) button.removeAttribute(name);
    const tile = button.value;
    const played = hand.played.has(tile);
    const fits = turn !== null && !played && hand.distinctEnds(tile).length > 0;
    const ringed = replaced && replaced.kind === "play" && tileName(replaced.tile) === tile;
    button.className = `tile ${fits ? "fits" : played ? "played" : "unfit"}${ringed ? " replacing" : ""}`;
    button.disabled = !fits;
  }
  return drawn;
}

// "Where does 5-4 go?" for the tile that replaces the entry, each end with its count and points.
function askEnd(then, tile, action, marks, state) {
  const asked = make("section", { class: "end-choice", role: "dialog", "aria-labelledby": "end-question" });
  asked.append(make("p", { id: "end-question" }, said("where", { tile })));
  asked.append(endButtons(then, then.endChoices(tile), action, [...marks, hidden("tile", tile)], "end", "outcome"));
  asked.append(link(said("another"), state.insert ? "insert" : "entry", "secondary outline wide another"));
  return asked;
}

function endButtons(match, choices, action, fields, name, describedBy) {
  const form = make("form", { method: "post", action, class: "end-buttons" }, csrf(), ...fields);
  for (const choice of choices) {
    const button = make(
      "button",
      { type: "submit", name, value: choice.end, class: "big end", "data-end": choice.end, "aria-describedby": `${describedBy}-${choice.end}` },
      `${endName(choice.end)} `,
      make("span", { class: "end-value", "aria-hidden": "true" }, String(choice.value)),
      make("small", { class: "end-outcome", id: `${describedBy}-${choice.end}`, "aria-hidden": "true" }, ...outcomeWords(match, choice)),
    );
    form.append(button);
  }
  return form;
}

// A change made a later tile fit ends that make different games: which end it went on. Each
// button sends the same change again with that tile's end (`end:N`).
function laterEnd(section, state) {
  const asked = state.later;
  section.setAttribute("role", "dialog");
  section.setAttribute("aria-labelledby", "later-question");
  const question = said("fixWhereNow", { player: shown(asked.player), tile: asked.tile });
  section.append(make("p", { id: "later-question" }, elided(question)));
  section.append(make("p", { class: "fix-hint" }, said("fixFitsMore", { tile: asked.tile })));
  const fields = state.fields.filter(([name]) => name !== "csrf_token").map(([name, value]) => hidden(name, value));
  section.append(endButtons(asked.match, asked.match.endChoices(asked.tile), state.url, fields, `end:${asked.position}`, "later"));
  const hand = asked.match.hand;
  const drawing = view(hand.layoutTiles(), hand.openEnds());
  const tiles = drawing.tiles.map(
    (t) =>
      `<g class="laid${t.spinner ? " spinner" : ""}" transform="translate(${t.x} ${t.y})">` +
      `${window.laid(`${t.first}-${t.second}${t.w > t.h ? "h" : "v"}`)}</g>`,
  );
  const layout = make("div", { class: "layout later-layout" });
  layout.innerHTML = `<svg viewBox="${drawing.box.join(" ")}" role="img">${tiles.join("")}</svg>`;
  layout.firstChild.setAttribute("aria-label", said("tilesOnTable"));
  section.append(layout, link(said("fixBackList"), "list", "secondary outline wide another"));
  section.dataset.title = state.title;
}

// -- the taps ------------------------------------------------------------------------------------

// A fix chosen: judged on the table as it will be with the taps waiting; refused, said here;
// a later tile's end asked; else it waits like any tap and the table is painted corrected.
function choose(form, button) {
  const fields = [...new FormData(form)].filter(([name]) => name !== "version");
  if (button.name) fields.push([button.name, button.value]);
  const url = new URL(form.getAttribute("action"), location).href;
  const state = open;
  const title = table().querySelector(".fix.foreseen").dataset.title;
  const label = `${title}: ${state.label || button.getAttribute("aria-label") || button.firstChild.textContent.trim()}`;
  const tap = { url, fields };
  const seen = foreseen([tap]);
  if (seen.refused && seen.refused.tap === tap) {
    const error = seen.refused.error;
    // As the server answers: a later tile's end asked, else the entry's screen saying why.
    const back = { at: state.at, insert: state.insert };
    if (error instanceof corrections.EndAsked) {
      return draw({ ...back, later: error, url, fields, title, label: label.slice(title.length + 2) });
    }
    const refused = explain(error);
    return draw({ ...back, message: refused[0].toUpperCase() + refused.slice(1) });
  }
  close();
  window.tableTaps.tap(url, fields, label);
}

document.addEventListener(
  "click",
  (event) => {
    const drawn = table();
    if (!drawn || !window.tableTaps) return;
    const mine = event.target.closest(".fix.foreseen");
    if (!mine || !open) return;
    const to = event.target.closest("[data-fix-to]");
    const button = event.target.closest("button[type=submit]");
    if (!to && !button) return;
    event.preventDefault();
    event.stopPropagation();
    if (to) {
      const where = to.dataset.fixTo;
      if (where === "table") return close();
      if (where === "list") return draw({ at: 0 });
      if (where === "entry") return draw({ at: open.at });
      if (where === "insert") return draw({ at: open.at, insert: true });
      return draw({ at: Number(where) });
    }
    if (button.disabled) return;
    const tile = button.classList.contains("tile") ? button.value : null;
    const seen = tile && !open.tile && fixable();
    if (seen) {
      const then = before(seen, open.at);
      if (then.phase === "play" && then.hand.distinctEnds(tile).length > 1) return draw({ ...open, tile });
    }
    choose(button.form, button);
  },
  true,
);

// The screen stays open while the table changes under it (an answer, a tap sent): drawn again
// on the table as it will be; closed when there is nothing left to fix.
document.addEventListener("taps:changed", () => {
  if (open && table() && !table().querySelector(".fix.foreseen")) draw(open.later ? { at: 0 } : open);
});

/** The hand's entries, drawn in the table's place. */
export const openList = () => draw({ at: 0 });

// -- a screen the server drew, taken over ------------------------------------------------------

// The table the server drew hidden beside its screen of Fix (templates/table/_beside_fix.html),
// shown in that screen's place: the phone's screens are drawn on it as on the table.
function restore() {
  const drawn = table();
  drawn.querySelectorAll(".table-play > section.fix:not(.foreseen)").forEach((screen) => screen.remove());
  drawn.querySelectorAll("[data-beside-fix]").forEach((part) => part.replaceWith(...part.childNodes));
  drawn.classList.remove("fixing");
  // What the server said on its screen (a fix it refused) goes with it, as its next screen
  // would not say it again.
  drawn.querySelectorAll(".table-screen > .message").forEach((said) => (said.hidden = true));
  drawn.removeAttribute("data-hold-buttons"); // the server's screen's, while it asked the next
  // A reload with no network shows the table, not the screen it took the place of; being no
  // drawing of the server's, it names none to have the next answer's steps applied to.
  delete drawn.dataset.drawing;
  window.tableTaps.keep();
}

// What a change sent again with a later tile's end says it was (the label of the tap that made
// it): the tile, Drew a tile, Passed (Knocked), Remove it.
function madeOf(form, knocks) {
  const fields = new FormData(form);
  if (/\/remove$/.test(form.action)) return said("fixRemove");
  if (fields.has("draw")) return said("fixDrewTile");
  if (fields.has("pass")) return said(knocks ? "fixKnock" : "fixPass");
  return fields.get("tile");
}

/** What was tapped on a screen of Fix the server drew (`element`), taken as on the phone's own
 * screens: a link opens the phone's screen for the same place (the list, an entry, a missed one
 * before it, a tile's end; without `fix`, the table), a button makes the same choice on the
 * phone's screen for that entry (a tile, Drew a tile, Passed, Remove it, an end). */
export function takeOver(element) {
  const seen = fixable();
  if (!seen || !document.contains(element) || !table().querySelector("[data-beside-fix]")) return;
  const form = element.form;
  const asks = element.getAttribute("data-get");
  restore();
  if (asks) {
    const place = new URL(asks, location).searchParams;
    if (!place.has("fix")) {
      close();
      return document.dispatchEvent(new Event("taps:changed")); // the table, painted as it will be
    }
    const state = { at: Number(place.get("fix")), insert: place.get("insert") === "1" };
    if (place.get("tile")) state.tile = place.get("tile");
    return draw(state);
  }
  const fields = new FormData(form);
  const state = { at: Number(fields.get("position")), insert: /\/insert$/.test(form.action) };
  const later = element.name.startsWith("end:");
  if (!later && form.closest(".end-choice")) state.tile = fields.get("tile");
  draw(state);
  if (later) open.label = madeOf(form, seen.match.rules.boneyard === "sleeping");
  choose(form, element);
}
