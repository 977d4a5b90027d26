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
// A field the player is typing in is never replaced by one worked out meanwhile.
document.addEventListener("htmx:oobBeforeSwap", (event) => {
  const target = event.detail.target;
  if (target && target.contains(document.activeElement) && document.activeElement.value) {
    event.preventDefault();
  }
});
