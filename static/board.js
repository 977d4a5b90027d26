// The club board on a TV: when more tables are in play than fit (8), it shows them a page at a
// time and turns the page every few seconds. The page shown is kept on .board-frame, which the
// board's polls never replace, and club.css hides the tables of the other pages; a screen too
// narrow to page (a phone) simply scrolls.
(() => {
  const PER_PAGE = 8;
  const TURN_MS = 10000;
  const frame = document.querySelector(".board-frame");
  if (!frame) return;

  function pages() {
    return Math.max(1, Math.ceil(frame.querySelectorAll(".board-table").length / PER_PAGE));
  }

  function show(page) {
    const count = pages();
    const shown = page % count;
    frame.dataset.show = String(shown);
    frame.querySelector(".board-pager").textContent = count > 1 ? `${shown + 1} / ${count}` : "";
  }

  show(0);
  setInterval(() => show(Number(frame.dataset.show) + 1), TURN_MS);
  // A poll brought new tables: the page stays, unless it no longer exists.
  document.body.addEventListener("htmx:afterSettle", () => show(Number(frame.dataset.show)));
})();
