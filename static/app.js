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
