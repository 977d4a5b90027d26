// A read-only screen (the watch page, the board) that lost the server keeps polling, and says
// so and since when it shows what it shows: it has nothing to tap again.
// A poll whose answer the Wi-Fi lost is given up after as long as a table gives a tap's sending
// (htmx would wait for it for ever, and send no other meanwhile): the screen says so, and the
// next poll goes out.
(() => {
  const PATIENCE = 8000;
  const banner = document.getElementById("reconnecting");
  const clock = () => new Date().toLocaleTimeString(document.documentElement.lang);
  let updated = clock();
  const lost = () => {
    banner.textContent = banner.dataset.words.replace("{time}", updated);
    banner.hidden = false;
  };
  document.addEventListener("htmx:sendError", lost);
  document.addEventListener("htmx:sendAbort", lost);
  document.addEventListener("htmx:beforeSend", (event) => {
    if (!event.detail.elt.matches("#watch, #board")) return;
    const xhr = event.detail.xhr;
    const giveUp = setTimeout(() => xhr.abort(), PATIENCE);
    xhr.addEventListener("loadend", () => clearTimeout(giveUp));
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    if (!event.detail.successful) return;
    updated = clock();
    banner.hidden = true;
  });
})();

// The watch page and the board follow the tables by steps too: each poll says which drawing the
// page holds and the ETag of its answer, and gets a 304 or only what changed, applied here and
// swapped in by htmx as the whole piece would be.
(() => {
  const live = () => document.querySelector("#watch[data-drawing], #board[data-drawing]");
  if (!live()) return;
  let kept = live().cloneNode(true); // patched(): static/app.js
  let tag = "";
  const ours = (event) => event.detail.elt && event.detail.elt.id === kept.id;
  document.addEventListener("htmx:configRequest", (event) => {
    if (!ours(event) || !kept.dataset.drawing) return;
    event.detail.headers["X-Drawing"] = kept.dataset.drawing;
    if (tag) event.detail.headers["If-None-Match"] = tag;
  });
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (!ours(event)) return;
    const xhr = event.detail.xhr;
    if (xhr.status === 304) {
      event.detail.shouldSwap = false;
      return;
    }
    if (!event.detail.shouldSwap) return;
    const steps = (xhr.getResponseHeader("Content-Type") || "").startsWith("application/json");
    const drawn = steps ? patched(kept, JSON.parse(xhr.responseText)) : null;
    if (steps && !drawn) {
      event.detail.shouldSwap = false;
      tag = "";
      delete kept.dataset.drawing; // the next poll brings the whole piece
      return;
    }
    if (drawn) event.detail.serverResponse = drawn.outerHTML;
    const parsed = document.createElement("template");
    parsed.innerHTML = event.detail.serverResponse;
    const piece = parsed.content.getElementById(kept.id);
    if (piece) kept = document.importNode(piece, true);
    tag = xhr.getResponseHeader("ETag") || "";
  });
})();
