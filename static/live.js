// A read-only screen (the watch page, the board) that lost the server keeps polling, and says
// so and since when it shows what it shows: it has nothing to tap again.
(() => {
  const banner = document.getElementById("reconnecting");
  const clock = () => new Date().toLocaleTimeString(document.documentElement.lang);
  let updated = clock();
  document.addEventListener("htmx:sendError", () => {
    banner.textContent = banner.dataset.words.replace("{time}", updated);
    banner.hidden = false;
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    if (!event.detail.successful) return;
    updated = clock();
    banner.hidden = true;
  });
})();
