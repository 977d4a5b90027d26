// Tells the player when a form was not sent (the table's taps wait on the phone instead, below;
// the watch page and the board say they are reconnecting, static/live.js).
const shown = (id, on) => {
  const element = document.getElementById(id);
  if (element) element.hidden = !on;
};
document.addEventListener("htmx:sendError", () => {
  if (!document.querySelector("#reconnecting")) shown("offline", true);
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

// A number out of its field's bounds: the page's own sentence, in its language (the browser's
// would be in the browser's language, English on a Danish page).
const numberSaid = (field) => {
  const says = document.body.dataset;
  const v = field.validity;
  const bounds = (text) => text.replace("{low}", field.min).replace("{high}", field.max);
  if (v.badInput) return says.numberBad;
  if (v.rangeUnderflow || v.rangeOverflow) {
    if (field.min !== "" && field.max !== "") return bounds(says.numberRange);
    return bounds(v.rangeUnderflow ? says.numberLow : says.numberHigh);
  }
  if (v.stepMismatch) return field.step === "0.5" ? says.numberHalf : says.numberStep;
  return "";
};
document.addEventListener(
  "invalid",
  (event) => {
    const field = event.target;
    if (field.type !== "number") return;
    field.setCustomValidity("");
    if (!field.validity.valid) field.setCustomValidity(numberSaid(field) || "");
  },
  true,
);
document.addEventListener("input", (event) => {
  if (event.target.type === "number") event.target.setCustomValidity("");
});
// A screen that follows the server (the table, the watch page, the board) is sent only what
// changed since the drawing it holds (assistant/web/table/patch.py): `base`, the drawing as the
// server drew it, once the steps of `answer` are applied; null when its checksum does not agree
// (then the whole drawing is asked for).
function patched(base, answer) {
  const root = base.cloneNode(true);
  const at = (path) => path.reduce((node, i) => node.childNodes[i], root);
  // Every version field says the answer's version (the steps leave them out).
  root.querySelectorAll("input[name=version]").forEach((field) => field.setAttribute("value", answer.v));
  for (const [kind, path, ...rest] of answer.steps) {
    const node = at(path);
    if (kind === "t") node.data = rest[0];
    else if (kind === "a") {
      for (const [name, value] of Object.entries(rest[0])) {
        if (value === null) node.removeAttribute(name);
        else if (Array.isArray(value)) {
          const was = node.getAttribute(name);
          node.setAttribute(name, was.slice(0, value[0]) + value[2] + was.slice(was.length - value[1]));
        } else node.setAttribute(name, value);
      }
    } else {
      const [start, end, html] = rest;
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, end);
      range.deleteContents();
      const added = range.createContextualFragment(html);
      for (const tile of added.querySelectorAll("g[data-laid]")) {
        tile.innerHTML = laid(tile.dataset.laid);
        tile.removeAttribute("data-laid");
      }
      range.insertNode(added);
    }
  }
  if (signature(root) !== answer.sign) return null;
  root.dataset.drawing = answer.sign.toString(16).padStart(8, "0");
  return root;
}

// A tile laid in the layout ("5-3h": 5 and 3, lying across), drawn as the server draws it
// (assistant/web/table/dominoes.py, laid_svg): its face, split line and pips.
const SPOTS = [
  [],
  [[0.5, 0.5]],
  [[0.25, 0.25], [0.75, 0.75]],
  [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
  [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  [[0.25, 0.2], [0.75, 0.2], [0.25, 0.5], [0.75, 0.5], [0.25, 0.8], [0.75, 0.8]],
];
function laid(tile) {
  const [first, second] = tile.slice(0, -1).split("-").map(Number);
  const across = tile.endsWith("h");
  const g = (n) => String(Number(n.toPrecision(6))); // as Python writes {n:g}
  const [w, h] = across ? [2, 1] : [1, 2];
  const split = across
    ? '<line x1="1" y1="0.15" x2="1" y2="0.85" class="split"/>'
    : '<line x1="0.15" y1="1" x2="0.85" y2="1" class="split"/>';
  const halves = across ? [[first, 0, 0], [second, 1, 0]] : [[first, 0, 0], [second, 0, 1]];
  const pips = halves.flatMap(([value, hx, hy]) =>
    SPOTS[value].map(([x, y]) => `<circle cx="${g(hx + x)}" cy="${g(hy + y)}" r="0.1" class="pip"/>`),
  );
  const face = `<rect x="0.04" y="0.04" width="${g(w - 0.08)}" height="${g(h - 0.08)}" rx="0.12" class="face"/>`;
  return face + split + pips.join("");
}

// The same checksum as the server's (patch.signature): each element's name and attributes in
// name order, each text and comment, in document order; CRC-32 of its UTF-8.
const CRC = Array.from({ length: 256 }, (_, n) => {
  for (let k = 0; k < 8; k += 1) n = n & 1 ? 0xedb88320 ^ (n >>> 1) : n >>> 1;
  return n >>> 0;
});
function signature(root) {
  const parts = [];
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return parts.push("T" + node.data);
    if (node.nodeType === Node.COMMENT_NODE) return parts.push("C" + node.data);
    parts.push("<" + node.localName.toLowerCase());
    const attrs = [...node.attributes].filter((a) => a.name !== "data-drawing").map((a) => [a.name.toLowerCase(), a.value]);
    attrs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    for (const [name, value] of attrs) parts.push(` ${name}=${value}`);
    parts.push(">");
    node.childNodes.forEach(walk);
    parts.push("</>");
  };
  walk(root);
  let crc = 0xffffffff;
  for (const byte of new TextEncoder().encode(parts.join(""))) crc = CRC[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

// The table's taps. Each write (a tile, Draw, Undo, …) gets an id and waits its turn in a queue
// kept in localStorage: sent one at a time, each with the version the table will have once the
// taps before it are recorded, sent again with the same id when no answer came (the server answers
// a tap it already has as done). The server judges: a refused tap is named in the table it
// sends, and the taps made after it are dropped and named too. Meanwhile the table follows the
// other phones by a poll (304 while nothing changed), never while a tap or typing is under way.
// The phone knows the game: a tile tapped on the table is judged and painted by its own rules
// engine (static/phone-table.mjs), which asks where it goes itself. Where it cannot (its engine
// not loaded, a correction waiting), where a tile goes is asked of the server: asked with nothing
// waiting, the question waits like a tap when the network is away; asked behind waiting taps it
// is refused, said on screen, since their answers decide it; and no tap is taken behind a
// question still waiting, as the phone cannot know whose it would be.
(() => {
  // Final is a write to the table too: it waits like a tap, behind the taps that won the match.
  const WRITES = /\/(play|draw|pass|undo|correct|insert|remove|turn|leader|left|final)$/;
  const TIMEOUT = 8000;
  // A phone follows the others every 2 s while the table changes; one left idle (nothing new for
  // 20 s) asks less and less often, down to twice a minute, and at once again when touched.
  const POLL = 2000;
  const IDLE_AFTER = 20000;
  const SLOWEST = 30000;
  const key = `taps:${location.pathname}`;
  const table = () => document.getElementById("table");
  let queue = JSON.parse(localStorage.getItem(key) || "[]");
  let sending = false;
  let failures = 0;
  let why = "";
  let note = "";
  let told = ""; // taps another phone entered the same, said until the rest of the queue is judged
  let held = ""; // a tile whose end could not be asked: no tap is taken until the waiting are sent
  let typing = false;
  let last = { at: 0 };
  const UNANSWERED = 400; // ms: a tap the screen does not show yet is tapped again this soon
  const BOUNCE = 120; // ms: faster than a finger taps twice on purpose
  let updated = new Date();
  // Whether the server answered the last request: the phone may be on the club's Wi-Fi (the
  // browser online) while the laptop serving the table is asleep or gone. The copy of the table
  // the service worker keeps is shown only when the server did not answer (snapshot, below).
  let reached = !document.documentElement.hasAttribute("data-kept-copy");
  document.documentElement.removeAttribute("data-kept-copy");
  const unreachable = () => !navigator.onLine || !reached;
  const clock = (date) => date.toLocaleTimeString(document.documentElement.lang);
  if (!table()) return;
  // The version a table was drawn from (its hidden input named version; 0 in a piece without one).
  const versionOf = (html) => Number((/name="version" value="(\d+)"/.exec(html) || [0, 0])[1]);
  let known = versionOf(table().outerHTML); // the latest version this phone has seen
  // The table as the server drew it last (before anything painted on it): a tap's answer and a
  // poll's are only what changed since (assistant/web/table/patch.py), applied to this copy.
  let pristine = table().cloneNode(true);
  let etag = ""; // the poll's answer for the table shown, so the next poll is a 304

  const target = (form, button) => (button && button.getAttribute("formaction") ? button.formAction : form.action);
  const save = () => localStorage.setItem(key, JSON.stringify(queue));
  const words = (name, value) => {
    const said = document.getElementById("taps").dataset[name] || "";
    return value ? said.replace(/\{(\w+)\}/g, (_, k) => value[k] || value) : said;
  };
  const newId = () =>
    Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");

  function show() {
    const count = queue.length;
    const banner = document.getElementById("taps");
    banner.querySelector(".taps-count").textContent = count
      ? words("list", { count: words(count === 1 ? "one" : "many", String(count)), taps: queue.map((t) => t.label).join(", ") })
      : note;
    banner.querySelector(".taps-why").textContent = count && note ? `${note}\n${why}` : why;
    banner.hidden = !(count || note || why);
    banner.classList.toggle("waiting", count > 0);
    banner.classList.toggle("noted", Boolean(count && note)); // its words are never cut (app.css)
    for (const element of table().querySelectorAll("button, [data-get]")) {
      const asks = element.getAttribute("data-get");
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
    // The network away, or the server not answering: the phone draws what it can itself.
    unreachable,
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
    // The page as it is now kept for a reload with no network (a screen the server drew, taken
    // over by the phone: static/phone-fix-screens.mjs).
    keep: () => snapshot(),
  };

  function swap(html, drawn = null) {
    const version = drawn ? versionIn(drawn) : versionOf(html);
    if (version && version < known) return show(); // an answer overtaken by a newer one
    known = Math.max(known, version);
    changed = Date.now();
    last = { at: 0 }; // a tap on the new table is never the double of one on the old
    if (drawn) table().replaceWith(drawn);
    else table().outerHTML = html;
    pristine = table().cloneNode(true);
    typing = false;
    updated = new Date();
    show();
    snapshot();
  }

  const versionIn = (drawn) => Number((drawn.querySelector("input[name=version]") || { value: 0 }).value);

  // An answer's table: the steps applied when it brought only those, else its HTML.
  async function drawnFrom(answer) {
    const text = await answer.text();
    if (!(answer.headers.get("Content-Type") || "").startsWith("application/json")) return { html: text };
    const drawn = patched(pristine, JSON.parse(text));
    if (!drawn) delete pristine.dataset.drawing; // the next answers bring the whole table
    return { html: "", drawn };
  }
  const asking = () => (pristine.dataset.drawing ? { "X-Drawing": pristine.dataset.drawing } : {});

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
      // The same button twice, the second before the screen could show the first done, is one
      // tap; once the phone has painted the first (the turn moved on: two players knocking
      // in a row), only a bounce faster than a deliberate tap is.
      const double = last.same === same && now - last.at < (last.painted ? BOUNCE : UNANSWERED);
      last = { same, at: now };
      // The same tile twice in a row is one tap; after another tap (an Undo) it is a tap again.
      const writes = queue.filter((t) => !t.get);
      const again = writes.length && writes[writes.length - 1];
      if (double || (name === "tile" && again && again.url === url && again.value === value)) return;
      const label = (button && (button.getAttribute("aria-label") || button.textContent.trim())) || "";
      const question = held || (queue.find((t) => t.tile) || {}).label;
      if (question) {
        note = words("after", { tap: label, tile: question });
        return show();
      }
      const fields = [...new FormData(form)].filter(([field]) => field !== "version");
      if (name) fields.push([name, value]);
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
      last.painted = table().dataset.foreseen === String(queue.filter((t) => !t.get).length);
      send();
    },
    true,
  );

  // A question asked of the table (where a tile goes, Fix) while taps wait, or with no network,
  // is asked after them, once it is back; where a tile goes, asked behind waiting taps, is not.
  // One the server did not answer is tapped again: the phone may answer it itself (Fix's screens,
  // static/phone-fix.mjs), or else it waits.
  function question(element, url, failed = false) {
    if (!(failed || sending || queue.length || unreachable())) {
      const again = () => (document.contains(element) ? element.click() : question(element, url, true));
      return asked(element, url).then((answered) => answered || again());
    }
    const label = element.getAttribute("aria-label") || element.textContent.trim();
    const tile = element.matches(".tile");
    if (tile && queue.some((t) => !t.get)) {
      held = label;
      note = words("later", label);
      return show();
    }
    queue.push({ id: newId(), url, get: true, tile, label });
    save();
    show();
    send();
  }

  // The table loads no htmx (the phone downloads less): its questions (`data-get`: where a tile
  // goes, Fix, the layout, Back…), its forms that are not taps (the points on paper, Final, Stop,
  // …) and the settlement's preview are asked here, with the headers htmx sent, so the server
  // answers with the piece of screen and not the page.
  const headers = () => ({
    "HX-Request": "true",
    "HX-Current-URL": location.href,
    ...JSON.parse(document.body.getAttribute("hx-headers") || "{}"),
  });

  // Asks `url` for `element`, marked as asked meanwhile (with, on a table that says so, its
  // buttons held: no tap on a screen about to change); false when no answer came. The answer is
  // swapped in as htmx did: the table from the top of the page; a 204, or another page (the
  // server's HX-Redirect), changes nothing here; a refusal says why in the banner.
  async function asked(element, url, init = {}, into = null) {
    const frozen = table().hasAttribute("data-hold-buttons") && !into
      ? [...table().querySelectorAll("button:not([disabled])")]
      : [];
    element.classList.add("asking");
    frozen.forEach((button) => (button.disabled = true));
    let answer = null;
    let html = "";
    // A question left unanswered (a weak Wi-Fi losing what it carries) is given up, as a tap's
    // sending is: the phone may answer it itself. A form sent is not: the server may have taken
    // it, and saying it was not sent could make it sent twice.
    const stop = new AbortController();
    const slow = init.method ? null : setTimeout(() => stop.abort(), TIMEOUT);
    try {
      answer = await fetch(url, { ...init, headers: headers(), signal: stop.signal });
      html = await answer.text();
    } catch {
      answer = null;
    }
    clearTimeout(slow);
    reached = Boolean(answer);
    element.classList.remove("asking");
    frozen.forEach((button) => (button.disabled = false));
    if (!answer) {
      why = words("reconnecting", clock(updated));
      show();
      return false;
    }
    if (why && !queue.length) why = "";
    const moved = answer.headers.get("HX-Redirect");
    const swaps = (answer.ok && answer.status !== 204) || [409, 422].includes(answer.status);
    if (moved) location.href = moved;
    else if (answer.status === 204) shown("problem", false);
    else if (!swaps) problem(html);
    else if (into) {
      shown("problem", false);
      into(html);
    } else {
      shown("problem", false);
      const address = answer.headers.get("HX-Replace-Url");
      if (address) history.replaceState(history.state, "", address);
      swap(html);
      window.scrollTo(0, 0);
      const first = table().querySelector("[autofocus]");
      if (first) first.focus();
      document.dispatchEvent(new Event("table:answered"));
    }
    show();
    return true;
  }

  document.addEventListener("click", (event) => {
    const link = event.target.closest("[data-get]");
    if (!link || event.defaultPrevented || !table() || !table().contains(link)) return;
    event.preventDefault();
    question(link, new URL(link.dataset.get, location).href);
  });
  // Taken here when the taps' queue (above) did not take it. These (the points on paper, Stop,
  // Rematch, …) do not wait on the phone like taps: one the network missed says so, plainly. One
  // made while taps wait is not sent either: it would overtake them (a rematch would close the
  // match before the tile that wins it is recorded).
  document.addEventListener("submit", async (event) => {
    const form = event.target;
    const button = event.submitter;
    if (event.defaultPrevented || !table() || !table().contains(form)) return;
    event.preventDefault();
    if (button && button.hasAttribute("data-preview")) return check(form);
    const body = new URLSearchParams(new FormData(form, button));
    note = "";
    const waits = !navigator.onLine || queue.some((t) => !t.get);
    if (!waits && (await asked(form, target(form, button), { method: "POST", body }))) return;
    note = words("network", (button && (button.getAttribute("aria-label") || button.textContent.trim())) || "");
    show();
  });
  // A link of the table to another page (the scorepad, Home, the record's download) with no
  // network, or while the server does not answer, says so, rather than leaving the player on the
  // browser's error page or nothing.
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a[href]:not([data-get])");
    if (!link || event.defaultPrevented || !table() || !table().contains(link) || !unreachable()) return;
    event.preventDefault();
    note = words("linkOffline", { page: link.getAttribute("aria-label") || link.textContent.trim() });
    show();
  });

  // The settlement's preview: asked at a tick (a change) or 300 ms after the last key, one at a
  // time, and only the latest of those asked meanwhile; a check the network missed is asked
  // again once it is back.
  let checking = false;
  let next = null;
  let pause = null;
  let missed = null;
  function check(form, delay = 0) {
    clearTimeout(pause);
    if (delay) pause = setTimeout(() => check(form), delay);
    else if (checking) next = form;
    else checkNow(form);
  }
  async function checkNow(form) {
    const fields = form.querySelector("div[data-preview]") || form;
    const url = form.querySelector("button[data-preview]").formAction;
    // The sentence a refused Confirm left above the scores ("Still needed: the pips of Bo") no
    // longer holds once the preview speaks, if the check was asked after it. A check asked before
    // Confirm (the field left for the button) may answer after the refusal: that one stays.
    const message = document.getElementById("table-message");
    checking = true;
    const body = new URLSearchParams(new FormData(form));
    const done = await asked(fields, url, { method: "POST", body }, (html) => previewed(html, message));
    checking = false;
    const again = next;
    next = null;
    if (again && document.contains(again)) check(again);
    else if (!done) missed = form;
  }
  // The preview's piece, and the fields of pips it worked out again: each replaces its field by
  // id, except a field holding pips the player typed (sent before they were typed) or the focus.
  function previewed(html, message) {
    const preview = document.getElementById("preview");
    if (!preview) return; // the table moved on meanwhile
    const piece = document.createElement("template");
    piece.innerHTML = html;
    for (const field of piece.content.querySelectorAll("[data-replaces]")) {
      field.remove();
      field.removeAttribute("data-replaces");
      const old = document.getElementById(field.id);
      const input = old && old.querySelector("input[type=number]");
      const typed = input && input.value && !input.hasAttribute("data-derived");
      if (old && !typed && !old.contains(document.activeElement)) old.replaceWith(field);
    }
    preview.replaceChildren(piece.content);
    const said = document.getElementById("table-message");
    if (said && said === message) said.remove();
  }
  document.addEventListener("input", (event) => {
    const fields = event.target.closest("div[data-preview]");
    if (fields && table().contains(fields)) check(fields.closest("form"), 300);
  });
  document.addEventListener("change", (event) => {
    const fields = event.target.closest("div[data-preview]");
    if (fields && table().contains(fields)) check(fields.closest("form"));
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
    let drawn = null;
    try {
      const headers = { "HX-Request": "true", ...asking() };
      answer = await fetch(tap.url, { ...asked, headers, signal: stop.signal });
      ({ html, drawn } = await drawnFrom(answer));
    } catch {
      answer = null;
    }
    clearTimeout(slow);
    sending = false;
    reached = Boolean(answer) && ![502, 503, 504].includes(answer.status);
    if (!reached) {
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
      : { done: 0 };
    if (entered.done) {
      queue = queue.filter((t) => t.get).concat(queue.filter((t) => !t.get).slice(entered.done));
      known = Math.max(known, versionOf(html));
      queue.filter((t) => !t.get).forEach((t, i) => {
        if (entered.goOn) Object.assign(t, { version: known + i, sent: false });
        else Object.assign(t, { turn: entered.turns[i] || "", sent: true });
      });
      note = told = words("entered", entered.names.join(", "));
      save();
      swap(html);
      send();
      return;
    }
    queue.shift();
    if (!queue.length) held = "";
    if (!answer.ok && queue.length) {
      const also = words("also", queue.map((t) => t.label).join(", "));
      note = told ? `${told}\n${also}` : also;
      queue = [];
    }
    told = "";
    save();
    if (moved) {
      location.href = moved;
    } else if (answer.ok && !html && !drawn) {
      etag = ""; // steps that did not give the table the server drew: the whole table, asked
      show();
      follow(true);
    } else if (answer.ok || answer.status === 409 || answer.status === 422) {
      swap(html, drawn);
      if (answer.ok) etag = answer.headers.get("ETag") || "";
      window.scrollTo(0, 0);
    } else {
      show();
      problem(html);
    }
    send();
  }

  let every = POLL;
  let changed = Date.now();
  let polling = null;
  function poll(delay = every) {
    clearTimeout(polling);
    polling = setTimeout(async () => {
      await follow();
      every = Date.now() - changed < IDLE_AFTER ? POLL : Math.min(every * 2, SLOWEST);
      poll();
    }, delay);
  }
  function awake() {
    changed = Date.now();
    if (every !== POLL) {
      every = POLL;
      poll(0);
    }
  }

  // `whole`: the whole table, when the steps of an answer did not give the table the server drew.
  async function follow(whole = false) {
    const busy = sending || queue.length || typing || document.hidden;
    const questioned = table().matches(".fixing") || table().querySelector(".end-choice");
    if (busy || questioned || document.querySelector("#table .asking")) return;
    let html;
    let drawn;
    let tag;
    const stop = new AbortController();
    const slow = setTimeout(() => stop.abort(), TIMEOUT);
    try {
      const headers = { "HX-Request": "true", "X-Match": table().dataset.match };
      if (!whole) Object.assign(headers, asking(), etag ? { "If-None-Match": etag } : {});
      const answer = await fetch(table().dataset.live, { headers, cache: "no-store", signal: stop.signal });
      if (answer.status === 404) return problem(await answer.text()); // the match was deleted
      if (answer.status === 304) html = "";
      else if (!answer.ok) return;
      else ({ html, drawn } = await drawnFrom(answer));
      if (answer.ok && !html && !drawn) return follow(true);
      tag = answer.headers.get("ETag") || "";
    } catch {
      reached = false;
      why = words("reconnecting", clock(updated));
      return show();
    } finally {
      clearTimeout(slow);
    }
    reached = true;
    updated = new Date();
    if (why && !queue.length) why = "";
    const version = drawn ? versionIn(drawn) : versionOf(html);
    if (version > known) changed = Date.now();
    if (version > known && !sending && !queue.length && !typing) {
      swap(html, drawn);
      etag = tag;
    } else {
      if (version === known && !html) etag = tag; // the table shown, drawn again: nothing to do
      show();
    }
  }

  // The page as it is now, for the service worker to show after a reload with no network.
  function snapshot() {
    if (!window.caches) return;
    const kept = document.documentElement.outerHTML.replace(/^<html/, "<html data-kept-copy");
    const page = `<!doctype html>\n${kept}`;
    const headers = { "Content-Type": "text/html; charset=utf-8" };
    caches.open("allfives").then((cache) => cache.put(location.pathname, new Response(page, { headers })));
  }

  document.addEventListener("input", (event) => {
    if (table().contains(event.target)) typing = true;
  });
  window.addEventListener("online", send);
  window.addEventListener("online", () => {
    if (missed && document.contains(missed)) check(missed);
    missed = null;
  });
  for (const touched of ["pointerdown", "keydown", "focus", "online"]) window.addEventListener(touched, awake);
  document.addEventListener("visibilitychange", () => document.hidden || awake());
  poll();
  show();
  snapshot();
  send();
  if (navigator.serviceWorker) navigator.serviceWorker.register("/sw.js");
})();
