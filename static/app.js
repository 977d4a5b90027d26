// Tells the player when a tap was not saved, so they tap again instead of losing it.
document.addEventListener("htmx:sendError", () => {
  document.getElementById("offline").hidden = false;
});
document.addEventListener("htmx:afterRequest", (event) => {
  if (event.detail.successful || event.detail.xhr.status) {
    document.getElementById("offline").hidden = true;
  }
});
