// The table's shell for a phone with no network (its rules engine among them, so the table
// still knows the game; phone-fix-screens.mjs and corrections.mjs, which the page loads when
// Fix is first drawn on the phone, and pips.mjs, which it does not load yet, for what the
// phone may do with them offline): the assets are kept when the worker installs and
// answered from here at once (then fetched again to be kept fresh); a page is asked of the
// server first, and with no answer the copy the table keeps of itself (static/app.js) is shown,
// with its waiting taps. Not htmx, the club pages' styles nor the home screen's icon: no table
// shows them, and the worker installs over the club's Wi-Fi on a table's first visit.
const CACHE = "allfives";
const SHELL = [
  "/static/vendor/pico-2.1.1-app.min.css",
  "/static/app.css",
  "/static/app.js",
  "/static/phone-table.mjs",
  "/static/phone-fix.mjs",
  "/static/phone-layout.mjs",
  "/static/phone-fix-screens.mjs",
  "/static/foresee.mjs",
  "/static/layout-drawing.mjs",
  "/static/last-play.mjs",
  "/static/scoreboard.mjs",
  "/static/settled.mjs",
  "/static/table-words.mjs",
  "/static/table-ahead.mjs",
  "/static/winner.mjs",
  "/static/engine/corrections.mjs",
  "/static/engine/entries.mjs",
  "/static/engine/errors.mjs",
  "/static/engine/hand.mjs",
  "/static/engine/index.mjs",
  "/static/engine/layout.mjs",
  "/static/engine/limits.mjs",
  "/static/engine/match.mjs",
  "/static/engine/moves.mjs",
  "/static/engine/names.mjs",
  "/static/engine/pips.mjs",
  "/static/engine/pydate.mjs",
  "/static/engine/record.mjs",
  "/static/engine/rules.mjs",
  "/static/engine/settlement.mjs",
  "/static/engine/setup.mjs",
  "/static/engine/tiles.mjs",
  "/static/engine/values.mjs",
  "/static/favicon.svg",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
  self.skipWaiting();
});
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  if (request.mode === "navigate") {
    const kept = () => caches.match(url.pathname).then((page) => page || Response.error());
    event.respondWith(fetch(request).catch(kept));
  } else if (SHELL.includes(url.pathname)) {
    const fresh = fetch(request).then((answer) => {
      if (answer.ok) {
        const copy = answer.clone();
        caches.open(CACHE).then((cache) => cache.put(url.pathname, copy));
      }
      return answer;
    });
    event.respondWith(caches.match(url.pathname).then((kept) => kept || fresh));
  }
});
