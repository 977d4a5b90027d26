// The table's words and numbers as the server writes them, for what the phone draws itself:
// the page's own translated words (kept on the banner's data, templates/table/_taps.html), an
// end's name, a player by the club's name, numbers with a real minus sign and the language's
// decimal mark (i18n.py `number`, `signed`), French's "de" elided before a name (`elided`), and
// what an end button says a tile would do there.

import { endOutcome } from "./foresee.mjs";

const MINUS = "\u2212";
const language = document.documentElement.lang || "en";
const decimals = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });

export const say = (name, values = {}) =>
  (document.getElementById("taps").dataset[name] || "").replace(/\{(\w+)\}/g, (_, key) => values[key] ?? "");
export const endName = (end) => say(`end${end[0].toUpperCase()}${end.slice(1)}`);
export const number = (n) => decimals.format(n).replace("-", MINUS);
export const signed = (n) => (n >= 0 ? `+${number(n)}` : number(n));

// French elides "de" before a name with a vowel sound, as i18n.elided does on the server.
const VOWELS = "AEIOUÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆaeiouàâäéèêëîïôöùûüœæ";
const ELIDED = new RegExp(`\\b([Dd])e (?=(?:<bdi>)?(?:[${VOWELS}]|[Yy][^${VOWELS}yY\\W]))`, "g");
export const elided = (text) => (language.startsWith("fr") ? text.replace(ELIDED, "$1’") : text);

// A side's names, each in its own <bdi> (pages.py `isolated`, the template's `bdi` filter):
// "Ann + Cy". `sideIn` puts them in a sentence said with `SIDE` in the side's place.
export const SIDE = "\u0000";
export function isolated(side) {
  const parts = [];
  side.split(" + ").forEach((name, i) => {
    if (i) parts.push(" + ");
    parts.push(Object.assign(document.createElement("bdi"), { textContent: name }));
  });
  return parts;
}
export function sideIn(sentence, side) {
  const [before, after = ""] = sentence.split(SIDE);
  return [before, ...isolated(side), after];
}

// A player by the name the table shows (the club's name now), from the list of tiles held.
export function shown(player) {
  const held = document.querySelector(`#table .held li[data-player="${CSS.escape(player)}"] .name`);
  return held ? held.textContent : player;
}

// The open ends of `hand` and their count, as templates/table/_open_ends.html writes its items.
export function openEndItems(hand) {
  const pill = (words, value, extra) => {
    const item = document.createElement("li");
    const number = document.createElement("b");
    number.textContent = value;
    item.append(`${words} `, number);
    if (extra) {
      const note = document.createElement("small");
      note.textContent = extra;
      item.append(" ", note);
    }
    return item;
  };
  const items = hand.openEnds().map((end) => {
    const item = pill(endName(end.name), end.value, end.double ? say("double") : "");
    item.dataset.end = end.name;
    return item;
  });
  const count = pill(say("countWord"), hand.count);
  count.className = "count";
  return [...items, count];
}

// What an end button says a tile would do on `choice`'s end (templates/table/_ends.html): its
// count and points; at Fives and Threes also the point for going out, or that it would bust.
export function outcomeWords(match, choice) {
  const bold = (text) => Object.assign(document.createElement("b"), { textContent: text });
  const words = [say("count", { n: choice.count })];
  const scored = match.rules.count_scoring === "fives_and_threes" ? endOutcome(match, choice) : choice;
  if (scored.points) words.push(" · ", bold(signed(scored.points)));
  if (scored.bonus) words.push(" · ", bold(say("forGoingOut", { points: signed(scored.bonus) })));
  if (scored.bust) words.push(" · ", bold(say("bust")));
  return words;
}
