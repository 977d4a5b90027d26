// Fix with no network, or while taps wait, is drawn by the phone: Fix tapped then opens the
// screens of static/phone-fix-screens.mjs (with the engine's corrections), loaded only then, or
// when a correction waits, so that the table as it will be is foreseen past it. The service
// worker keeps them for a phone with no network (sw.js). Online with nothing waiting, Fix is
// asked of the server as before (static/app.js), as is every screen of a fix the server drew
// while the network stays up and nothing waits; once it goes (or taps wait), the phone takes
// that screen over.

import { entryOf } from "./foresee.mjs";
import { fixable } from "./table-ahead.mjs";

const table = () => document.getElementById("table");

// The phone draws Fix when the network (or the server) is away or taps wait.
const phoneDraws = () => window.tableTaps.unreachable() || window.tableTaps.waiting().length > 0;
// A screen of Fix the server drew (its list, an entry, an end asked): null when none is open.
const served = () => table() && table().querySelector(".table-play > section.fix:not(.foreseen)");

let screens = null;
let loaded = false;
function load() {
  screens = screens || import("./phone-fix-screens.mjs").then((module) => ((loaded = true), module));
  return screens;
}
const preload = () => load().catch(() => (screens = null));

// The phone's screens used once loaded; not loaded (no service worker kept them, the network
// gone), the tap `element` is left to do what it did before: asked of the server once the
// network is back, or waiting like a tap.
function withScreens(element, use) {
  load().then(use, () => {
    screens = null;
    element.dataset.asked = "1";
    element.click();
    delete element.dataset.asked;
  });
}

document.addEventListener(
  "click",
  (event) => {
    const fix = event.target.closest("a.fix-link");
    if (!fix || !table() || !table().contains(fix) || fix.dataset.asked || !window.tableTaps) return;
    // Asked of the server: the phone's screens are loaded meanwhile, to take its screen over.
    if (!phoneDraws()) return preload();
    if (!fixable() || !table().querySelector("form.picker")) return;
    event.preventDefault();
    event.stopPropagation();
    withScreens(fix, (module) => module.openList());
  },
  true,
);

// While a screen of Fix the server drew is open, the phone's screens are loaded (the network is
// up: the server drew it), so that what is tapped on it once the network goes, or while taps
// wait, is taken by the phone, service worker or not: a link opens the phone's screen for the
// same place, a choice is made as on the phone's screen for that entry, with the table the
// server drew hidden beside its screen shown in its place (phone-fix-screens.mjs `takeOver`).
function ready() {
  if (served() && window.tableTaps) preload();
}
document.addEventListener("taps:changed", ready);
ready();

document.addEventListener(
  "click",
  (event) => {
    const screen = served();
    if (!screen || !screen.contains(event.target) || !window.tableTaps) return;
    const element = event.target.closest("a[data-get], button");
    if (!element || element.disabled || element.dataset.asked || !phoneDraws()) return;
    const twice = again(element);
    if (!twice && !fixable()) return;
    event.preventDefault();
    event.stopPropagation();
    if (twice) return;
    withScreens(element, (module) => module.takeOver(element));
  },
  true,
);

// The choice tapped on the server's screen waiting still (its answer not come yet), tapped
// again: one tap, as a double tap on the table is.
function again(element) {
  const form = element.form;
  if (!form || element.hasAttribute("data-get")) return false;
  const fields = [...new FormData(form)].filter(([name]) => name !== "version");
  if (element.name) fields.push([element.name, element.value]);
  const waiting = window.tableTaps.waiting();
  const last = waiting[waiting.length - 1];
  const url = new URL(form.getAttribute("action"), location).href;
  return Boolean(last) && last.url === url && JSON.stringify(last.fields) === JSON.stringify(fields);
}

// Turn the lead is a correction too: while it is there to tap with the phone drawing, the
// engine's corrections are loaded, so that the table is foreseen past it as soon as it waits.
function turning() {
  if (table() && table().querySelector(".turn-lead") && window.tableTaps && phoneDraws()) preload();
}
document.addEventListener("taps:changed", turning);
turning();

// A correction waiting (tapped on a screen of the server's, or kept across a reload): the
// engine's corrections are loaded, and the table is painted again, foreseen past it.
function corrected() {
  if (loaded || !window.tableTaps) return;
  if (!window.tableTaps.waiting().some((tap) => (entryOf(tap) || {}).fix)) return;
  load().then(
    () => document.dispatchEvent(new Event("taps:changed")),
    () => (screens = null),
  );
}
document.addEventListener("taps:changed", corrected);
corrected();

// Before the lead, and on the winner's screen, the server draws Fix hidden: shown while the taps
// waiting have started the hand, or an Undo waiting has taken the winning entry back.
function offer() {
  const fix = table() && table().querySelector("a.fix-link[data-fix-foreseen]");
  if (fix) fix.hidden = !(window.tableTaps && phoneDraws() && fixable());
}
document.addEventListener("taps:changed", offer);
offer();
