// Records written by hand for the node tests, as tests/records.py writes them:
// hand("X 5-5", "Y 5-1 right", "X draw 2", "Y pass").

import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const EXAMPLES = fileURLToPath(new URL("../../examples/", import.meta.url));

export function event(text) {
  const [player, action, ...rest] = text.split(" ");
  if (action === "draw") return { player, draw: Number(rest[0]) };
  if (action === "pass") return { player, pass: true };
  const played = { player, play: action };
  if (rest.length) played.end = rest[0];
  return played;
}

export function hand(...events) {
  let left;
  if (typeof events[events.length - 1] === "object") left = events.pop().left;
  const data = { events: events.map(event) };
  if (left !== undefined) data.left = left;
  return data;
}

export function record(rules, players = "X Y", ...hands) {
  return { format: "allfives-match/1", rules, players: players.split(" "), partnership: false, hands };
}

/** The example records: [name, record, expected result or null, error note or null]. */
export function examples() {
  return readdirSync(EXAMPLES)
    .filter((name) => name.endsWith(".json") && !name.endsWith(".expected.json"))
    .sort()
    .map((name) => {
      const stem = name.slice(0, -5);
      const read = (file) => {
        try {
          return readFileSync(EXAMPLES + file, "utf8");
        } catch {
          return null;
        }
      };
      const expected = read(`${stem}.expected.json`);
      return [stem, JSON.parse(read(name)), expected && JSON.parse(expected), read(`${stem}.error.txt`)];
    });
}
