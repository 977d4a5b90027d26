// Tells the player when a form was not sent (the table's taps wait on the phone instead, below;
// the watch page and the board say they are reconnecting, static/live.js).
const shown = (id, on) => {
  const element = document.getElementById(id);
  if (element) element.hidden = !on;
};
document.addEventListener("htmx:sendError", () => {
  if (!document.querySelector("#table, #reconnecting")) shown("offline", true);
});
document.addEventListener("htmx:afterRequest", (event) => {
  if (event.detail.successful || event.detail.xhr.status) shown("offline", false);
  if (event.detail.successful) shown("problem", false);
});

// A request the server refused (an expired form, a match deleted meanwhile, a crash) changes
// nothing on the screen: say why, in the player's language, from the error page's message.
function problem(html) {
  const banner = document.getElementById("problem");
  const page = new DOMParser().parseFromString(html || "", "text/html");
  const said = page.querySelector("[data-error-message]");
  const text = said && said.textContent.trim();
  banner.querySelector(".problem-text").textContent = text || banner.dataset.fallback;
  banner.hidden = false;
}
document.addEventListener("htmx:responseError", (event) => problem(event.detail.xhr.responseText));
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-dismiss]")) shown("problem", false);
});

// The settlement: pips typed over a worked-out total are the player's own from now on; ticking
// tiles shows their total in the player's field at once.
document.addEventListener("input", (event) => {
  const field = event.target.closest(".pips-field");
  if (field && event.target.matches("[data-derived]")) {
    event.target.removeAttribute("data-derived");
    field.classList.remove("derived");
    field.querySelectorAll("input[name=derived], .derived-mark").forEach((mark) => mark.remove());
  }
}, true);
document.addEventListener("change", (event) => {
  const box = event.target.closest(".tile-check input");
  if (!box) return;
  const row = box.closest(".left-hand");
  const ticked = [...row.querySelectorAll(".tile-check input:checked")];
  const total = row.querySelector(".pips-field input[type=number]");
  total.value = ticked.length ? ticked.reduce((sum, t) => sum + Number(t.dataset.pips), 0) : "";
  total.dispatchEvent(new Event("input", { bubbles: true }));
}, true);
// Pips the player typed are never replaced by an answer to an earlier check (sent before they
// were typed), nor the field they are in: only empty fields and worked-out ones are.
document.addEventListener("htmx:oobBeforeSwap", (event) => {
  const field = event.detail.target;
  const input = field && field.querySelector && field.querySelector("input[type=number]");
  const typed = input && input.value && !input.hasAttribute("data-derived");
  if (typed || (field && field.contains && field.contains(document.activeElement))) {
    event.preventDefault();
  }
});

// New match: what the player typed or chose (a target right after tapping a preset, a second
// preset tapped before the first one's answer, who leads) stays as they left it whenever the
// options are drawn again, whichever answer arrives last.
const chosen = {};
const remember = (event) => {
  const field = event.target;
  if (!field.name || !field.closest("#match-options")) return;
  if (field.type === "radio" && !field.checked) return;
  chosen[field.name] = field.type === "checkbox" ? field.checked : field.value;
};
document.addEventListener("input", remember);
document.addEventListener("change", remember);
// The number field in use stays itself, caret and selection too, in place of the one drawn
// again, so the next keys go on into it; untouched, it takes the new default, selected to be
// typed over.
let inUse = null;
document.addEventListener("htmx:beforeSwap", () => {
  const active = document.activeElement;
  const number = active && active.id && active.type === "number";
  inUse = number && active.closest("#match-options") ? active : null;
});
document.addEventListener("htmx:afterSwap", () => {
  const options = document.getElementById("match-options");
  if (!options) return;
  for (const [name, value] of Object.entries(chosen)) {
    for (const field of options.querySelectorAll(`[name="${name}"]`)) {
      if (field.type === "radio") field.checked = field.value === value;
      else if (field.type === "checkbox") field.checked = value;
      else if (field.tagName !== "SELECT" || [...field.options].some((o) => o.value === value)) {
        field.value = value;
      }
    }
  }
  const drawn = inUse && !inUse.isConnected && document.getElementById(inUse.id);
  if (drawn && options.contains(drawn)) {
    drawn.replaceWith(inUse);
    inUse.focus();
    if (!(inUse.name in chosen) && inUse.value !== drawn.value) {
      inUse.value = drawn.value;
      inUse.select();
    }
  }
  inUse = null;
});

// The table's taps. Each write (a tile, Draw, Undo, …) gets an id and waits its turn in a queue
// kept in localStorage: sent one at a time, each with the version the table will have once the
// taps before it are recorded, sent again with the same id when no answer came (the server answers
// a tap it already has as done). The server judges: a refused tap is named in the table it
// sends, and the taps made after it are dropped and named too. Meanwhile the table follows the
// other phones by a poll (304 while nothing changed), never while a tap or typing is under way.
(() => {
  const WRITES = /\/(play|draw|pass|undo|correct|insert|remove|turn|leader|left)$/;
  const TIMEOUT = 8000;
  const POLL = 2000;
  const key = `taps:${location.pathname}`;
  const table = () => document.getElementById("table");
  let queue = JSON.parse(localStorage.getItem(key) || "[]");
  let sending = false;
  let failures = 0;
  let why = "";
  let note = "";
  let typing = false;
  let last = { at: 0 };
  let updated = new Date();
  const clock = (date) => date.toLocaleTimeString(document.documentElement.lang);
  if (!table()) return;
  // The version a table was drawn from (0: it shows none, as the list of entries to fix).
  const versionOf = (html) => Number((/name="version" value="(\d+)"/.exec(html) || [0, 0])[1]);
  const older = (html) => versionOf(html) && versionOf(html) < known;
  let known = versionOf(table().outerHTML); // the latest version this phone has seen

  const target = (form, button) => (button && button.getAttribute("formaction") ? button.formAction : form.action);
  const save = () => localStorage.setItem(key, JSON.stringify(queue));
  const words = (name, value) => {
    const said = document.getElementById("taps").dataset[name] || "";
    return value ? said.replace(/\{\w+\}/, value) : said;
  };
  const newId = () =>
    Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");

  function show() {
    const count = queue.length;
    const banner = document.getElementById("taps");
    banner.querySelector(".taps-count").textContent = count
      ? `${words(count === 1 ? "one" : "many", String(count))}: ${queue.map((t) => t.label).join(", ")}`
      : note;
    banner.querySelector(".taps-why").textContent = why;
    banner.hidden = !(count || note || why);
    for (const element of table().querySelectorAll("button, [hx-get]")) {
      const asks = element.getAttribute("hx-get");
      const url = asks ? new URL(asks, location).href : element.form && target(element.form, element);
      const waiting = queue.some((t) => t.url === url && (asks || (t.name === element.name && t.value === element.value)));
      element.classList.toggle("pending", waiting);
    }
    document.dispatchEvent(new Event("taps:changed"));
  }

  // The phone's own view of the table while taps wait (static/phone-table.mjs) reads the queue
  // and adds the taps it judged itself (a tile with the end it asked).
  window.tableTaps = {
    waiting: () => queue.filter((t) => !t.get),
    tap(url, fields, label) {
      const version = known + queue.filter((t) => !t.get).length;
      const tile = (fields.find(([field]) => field === "tile") || [])[1] || "";
      const match = table().dataset.match;
      queue.push({ id: newId(), url, name: "tile", value: tile, fields, label, version, match });
      note = "";
      save();
      show();
      send();
    },
    note(text) {
      note = text;
      show();
    },
  };

  function swap(html) {
    if (older(html)) return show(); // an answer overtaken by a newer one
    known = Math.max(known, versionOf(html));
    last = { at: 0 }; // a tap on the new table is never the double of one on the old
    table().outerHTML = html;
    htmx.process(table());
    typing = false;
    updated = new Date();
    show();
    snapshot();
  }

  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      const button = event.submitter;
      const url = target(form, button);
      if (!table().contains(form) || !WRITES.test(new URL(url).pathname)) return;
      event.preventDefault();
      event.stopPropagation();
      const name = (button && button.name) || "";
      const value = (button && button.value) || "";
      const same = url + name + value;
      const now = Date.now();
      const double = last.same === same && now - last.at < 400;
      last = { same, at: now };
      if (double || (name === "tile" && queue.some((t) => t.url === url && t.value === value))) return;
      const fields = [...new FormData(form)].filter(([field]) => field !== "version");
      if (name) fields.push([name, value]);
      const label = (button && (button.getAttribute("aria-label") || button.textContent.trim())) || "";
      // Made on the table as it will be once the taps before it are recorded: that version, and
      // none other, takes it (a tap left waiting while others played is refused, not misplaced).
      const version = known + queue.filter((t) => !t.get).length;
      // Made on this match and no other: a tap that waits while the match is deleted is refused,
      // never put in another match that the address may name later.
      const match = table().dataset.match;
      queue.push({ id: newId(), url, name, value, fields, label, version, match });
      note = "";
      save();
      show();
      send();
    },
    true,
  );

  // A question asked of the table (where a tile goes, Fix) while taps wait is asked after them.
  document.addEventListener("htmx:beforeRequest", (event) => {
    const { elt, requestConfig } = event.detail;
    if (!(sending || queue.length) || requestConfig.verb !== "get" || !table().contains(elt)) return;
    event.preventDefault();
    const label = elt.getAttribute("aria-label") || elt.textContent.trim();
    queue.push({ id: newId(), url: new URL(requestConfig.path, location).href, get: true, label });
    save();
    show();
  });
  document.addEventListener("htmx:beforeSwap", (event) => {
    const html = event.detail.xhr.responseText || "";
    if (event.detail.target !== table()) return;
    if (older(html)) event.detail.shouldSwap = false;
    else known = Math.max(known, versionOf(html));
  });

  async function send() {
    if (sending || !queue.length) return;
    const tap = queue[0];
    if (!tap.sent) {
      tap.sent = true;
      tap.turn = table().dataset.turn; // whose turn it is once the taps before it are recorded
      save();
    }
    const body = new URLSearchParams(tap.fields);
    body.set("version", tap.version);
    body.set("tap", tap.id);
    if (tap.match) body.set("match", tap.match);
    if (tap.turn) body.set("turn", tap.turn);
    const asked = tap.get ? {} : { method: "POST", body };
    sending = true;
    why = words(!navigator.onLine ? "offline" : failures ? "slow" : "sending");
    show();
    const stop = new AbortController();
    const slow = setTimeout(() => stop.abort(), TIMEOUT);
    let answer = null;
    let html = "";
    try {
      answer = await fetch(tap.url, { ...asked, headers: { "HX-Request": "true" }, signal: stop.signal });
      html = await answer.text();
    } catch {
      answer = null;
    }
    clearTimeout(slow);
    sending = false;
    if (!answer || [502, 503, 504].includes(answer.status)) {
      failures += 1;
      why = words(navigator.onLine ? "slow" : "offline");
      show();
      setTimeout(send, Math.min(500 * 2 ** failures, 5000));
      return;
    }
    failures = 0;
    why = "";
    const moved = answer.headers.get("HX-Redirect");
    // Another phone may have entered the very taps waiting here: those are done, and the rest
    // go on after them (static/phone-table.mjs compares, with the phone's own engine).
    const entered = answer.status === 409 && window.tableForesight
      ? window.tableForesight.entered(queue.filter((t) => !t.get), html)
      : [];
    if (entered.length) {
      queue = queue.filter((t) => t.get).concat(queue.filter((t) => !t.get).slice(entered.length));
      known = Math.max(known, versionOf(html));
      queue.filter((t) => !t.get).forEach((t, i) => { t.version = known + i; t.sent = false; });
      note = words("entered", entered.join(", "));
      save();
      swap(html);
      send();
      return;
    }
    queue.shift();
    if (!answer.ok && queue.length) {
      note = words("also", queue.map((t) => t.label).join(", "));
      queue = [];
    }
    save();
    if (moved) {
      location.href = moved;
    } else if (answer.ok || answer.status === 409 || answer.status === 422) {
      swap(html);
      window.scrollTo(0, 0);
    } else {
      show();
      problem(html);
    }
    send();
  }

  async function follow() {
    const busy = sending || queue.length || typing || document.hidden;
    const asking = table().matches(".fixing") || table().querySelector(".end-choice");
    if (busy || asking || document.querySelector(".htmx-request")) return;
    let html;
    try {
      const headers = { "HX-Request": "true", "X-Match": table().dataset.match };
      const answer = await fetch(table().dataset.live, { headers });
      if (answer.status === 404) return problem(await answer.text()); // the match was deleted
      if (!answer.ok) return;
      html = await answer.text();
    } catch {
      why = words("reconnecting", clock(updated));
      return show();
    }
    updated = new Date();
    if (why && !queue.length) why = "";
    if (versionOf(html) > known && !sending && !queue.length && !typing) swap(html);
    else show();
  }

  // The page as it is now, for the service worker to show after a reload with no network.
  function snapshot() {
    if (!window.caches) return;
    const page = `<!doctype html>\n${document.documentElement.outerHTML}`;
    const headers = { "Content-Type": "text/html; charset=utf-8" };
    caches.open("allfives").then((cache) => cache.put(location.pathname, new Response(page, { headers })));
  }

  document.addEventListener("input", (event) => {
    if (table().contains(event.target)) typing = true;
  });
  document.addEventListener("htmx:sendError", () => {
    why = words("reconnecting", clock(updated));
    show();
  });
  document.addEventListener("htmx:afterSwap", (event) => {
    if (event.detail.target.id !== "table") return; // the settlement's preview: still typing
    last = { at: 0 };
    typing = false;
    show();
  });
  window.addEventListener("online", send);
  setInterval(follow, POLL);
  show();
  snapshot();
  send();
  if (navigator.serviceWorker) navigator.serviceWorker.register("/sw.js");
})();
