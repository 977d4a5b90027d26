// The layout on a screen of its own, drawn by the phone: the table as it will be once the taps
// waiting are recorded, its open ends and their count above the drawing as large as the phone
// allows (templates/table/_layout_full.html), "Back to the tiles" under it. Tapped online or
// not, it opens at once: the phone holds the table. The address follows it (`?layout=1`, the
// server's own screen when the page is loaded again there).

import { fitted } from "./layout-drawing.mjs";
import { ahead, ofTable } from "./table-ahead.mjs";
import { endName, say } from "./table-words.mjs";

const table = () => document.getElementById("table");
const FULL = [348, 440]; // the box dominoes.fitted is given for the layout's own screen
let open = false;

const escaped = (words) => words.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

// A drawing (layout-drawing.mjs `view` or `fitted`) as templates/_drawing.html writes it. Each
// tile's face is app.js's own `laid` (a classic script's function, so the page's global): the
// server's patches draw their tiles with it too, so the faces are drawn by one function.
export function svgOf(drawing) {
  const tiles = drawing.tiles.map(
    (t) =>
      `<g class="laid${t.spinner ? " spinner" : ""}" transform="translate(${t.x} ${t.y})">` +
      `${window.laid(`${t.first}-${t.second}${t.w > t.h ? "h" : "v"}`)}</g>`,
  );
  const labels = drawing.labels.map(
    (label) =>
      `<text x="${label.x}" y="${label.y}" class="end-label" text-anchor="${label.anchor}" ` +
      `dominant-baseline="middle">${escaped(`${endName(label.name)} ${label.value}`)}</text>`,
  );
  const named = escaped(say("tilesOnTable"));
  return `<svg viewBox="${drawing.box.join(" ")}" role="img" aria-label="${named}">${tiles.join("")}${labels.join("")}</svg>`;
}

// The hand in play as it will be, with tiles on the table; else null.
function laidOut() {
  const seen = table() && ahead();
  return seen && seen.match.phase === "play" && seen.match.hand.plays.length ? seen.match.hand : null;
}

function address(showing) {
  const url = new URL(location.href);
  if (showing) url.searchParams.set("layout", "1");
  else url.searchParams.delete("layout");
  history.replaceState(history.state, "", url);
}

// Draws the screen over the table the page holds: the table's own parts are hidden while it is
// up (app.css `.layout-shown`), the open ends painted as they will be stay above it.
function draw(hand) {
  table().querySelector(".layout-screen")?.remove();
  const screen = document.createElement("div");
  screen.className = "layout-screen";
  const section = document.createElement("section");
  section.className = "layout layout-full";
  section.setAttribute("aria-label", say("layout"));
  section.innerHTML = svgOf(fitted(hand.layoutTiles(), hand.openEnds(), ...FULL));
  const back = document.createElement("a");
  back.setAttribute("role", "button");
  back.className = "big wide back-to-tiles";
  back.href = location.pathname;
  back.textContent = say("backToTiles");
  screen.append(section, back);
  // Under the table's open ends, not a winner's screen's (hidden while an Undo waiting there
  // brings the hand back: winner.mjs).
  const ends = ofTable(".ends-row");
  if (ends) ends.after(screen);
  else table().querySelector(".table-play").prepend(screen);
  table().classList.add("layout-shown");
  return back;
}

function close() {
  open = false;
  table().querySelector(".layout-screen")?.remove();
  table().classList.remove("layout-shown");
  address(false);
}

document.addEventListener(
  "click",
  (event) => {
    if (!table()) return;
    const show = event.target.closest("#table .show-layout");
    const back = event.target.closest("#table .layout-screen .back-to-tiles");
    if (back) {
      event.preventDefault();
      event.stopPropagation();
      close();
      document.dispatchEvent(new Event("taps:changed")); // the table painted as it will be
      table().querySelector(".show-layout")?.focus();
      return;
    }
    const hand = show && laidOut();
    if (!hand) return; // the server's screen, asked as before
    event.preventDefault();
    event.stopPropagation();
    open = true;
    address(true);
    draw(hand).focus();
  },
  true,
);

// The table changes under the screen (a waiting tap's answer, another phone's entry, a tap
// undone): the screen is drawn again on it, or goes once the hand has no layout to show.
document.addEventListener("taps:changed", () => {
  if (!open || !table()) return;
  const hand = laidOut();
  if (hand) draw(hand);
  else close();
});
