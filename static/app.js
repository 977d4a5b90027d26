// Tells the player when a tap was not saved, so they tap again instead of losing it.
document.addEventListener("htmx:sendError", () => {
  document.getElementById("offline").hidden = false;
});
document.addEventListener("htmx:afterRequest", (event) => {
  if (event.detail.successful || event.detail.xhr.status) {
    document.getElementById("offline").hidden = true;
  }
  if (event.detail.successful) {
    document.getElementById("problem").hidden = true;
  }
});

// A request the server refused (an expired form, a match deleted meanwhile, a crash) changes
// nothing on the screen: say why, in the player's language, from the error page's message.
document.addEventListener("htmx:responseError", (event) => {
  const banner = document.getElementById("problem");
  const page = new DOMParser().parseFromString(event.detail.xhr.responseText || "", "text/html");
  const said = page.querySelector("[data-error-message]");
  const text = said && said.textContent.trim();
  banner.querySelector(".problem-text").textContent = text || banner.dataset.fallback;
  banner.hidden = false;
});
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-dismiss]")) {
    document.getElementById("problem").hidden = true;
  }
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

// New match: a number the player typed (a target, say, right after tapping a preset) stays as
// typed whenever the options are drawn again, whichever answer arrives last.
const typedNumbers = {};
document.addEventListener("input", (event) => {
  if (event.target.matches("#match-options input[type=number]")) {
    typedNumbers[event.target.name] = event.target.value;
  }
});
document.addEventListener("htmx:afterSwap", () => {
  const options = document.getElementById("match-options");
  if (!options) return;
  for (const [name, value] of Object.entries(typedNumbers)) {
    const input = options.querySelector(`input[type=number][name="${name}"]`);
    if (input) input.value = value;
  }
});
