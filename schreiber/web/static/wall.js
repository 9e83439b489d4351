// The wall screen (?wall) of the tournament and of the season pages through its long tables by itself: every
// table marked data-wall-pages shows as many rows as the screen holds below its top (the rows measured, not
// guessed: a row of many tied names is taller), and the next ones every few seconds. The page turns every
// 12 s, sooner when a table has so many pages that a full cycle would take over a minute (never under 5 s),
// so that 100 players pass in 60 s; ?page=SECONDS sets the time. What it chose stays readable on the page:
// <html data-page-seconds>, and each table's data-pages and data-rows (the rows of its first page).
(function () {
  "use strict";
  var root = document.documentElement;
  if (!root.classList.contains("wall")) return;
  var main = document.getElementById("content");
  if (!main) return;
  var CYCLE = 60, LONGEST = 12, SHORTEST = 5;
  var asked = Number(new URLSearchParams(location.search).get("page")) || 0;
  var step = 0, seconds = 0, timer = null;

  // The table's pages as [first row, row after the last], from the rows' heights and the room below its head.
  function pagesOf(table, rows) {
    rows.forEach(function (r) { r.classList.remove("paged"); });
    // a row's height is from its top to the next row's (a table's border-spacing belongs to the row above it)
    var tops = rows.map(function (r) { return r.getBoundingClientRect().top; });
    var end = table.getBoundingClientRect().bottom;
    var heights = tops.map(function (top, i) { return Math.max(1, (i + 1 < tops.length ? tops[i + 1] : end) - top); });
    var line = Math.min.apply(null, heights);
    // the room below the table's head, less a line and a half for the counter below the table and its margin
    var room = window.innerHeight - table.tBodies[0].getBoundingClientRect().top - window.scrollY - 1.5 * line;
    var pages = [], start = 0, used = 0;
    heights.forEach(function (h, i) {
      if (i > start && used + h > room) { pages.push([start, i]); start = i; used = 0; }
      used += h;
    });
    pages.push([start, rows.length]);
    return pages;
  }

  function page() {
    var most = 1;
    Array.prototype.forEach.call(main.querySelectorAll("table[data-wall-pages]"), function (table) {
      var body = table.tBodies[0];
      if (!body || !body.rows.length) return;
      var rows = Array.prototype.slice.call(body.rows);
      var pages = pagesOf(table, rows);
      var counter = table.nextElementSibling && table.nextElementSibling.classList.contains("pages") ? table.nextElementSibling : null;
      table.setAttribute("data-pages", pages.length);
      table.setAttribute("data-rows", pages[0][1] - pages[0][0]);
      most = Math.max(most, pages.length);
      if (pages.length <= 1) {
        if (counter) counter.remove();
        return;
      }
      var at = pages[step % pages.length];
      rows.forEach(function (r, i) { r.classList.toggle("paged", i < at[0] || i >= at[1]); });
      if (!counter) {
        counter = document.createElement("p");
        counter.className = "pages";
        table.after(counter);
      }
      counter.textContent = (at[0] + 1) + "–" + at[1] + " / " + rows.length;
    });
    var wanted = asked || Math.max(SHORTEST, Math.min(LONGEST, Math.floor(CYCLE / most)));
    if (wanted !== seconds) {
      seconds = wanted;
      root.setAttribute("data-page-seconds", seconds);
      if (timer) clearInterval(timer);
      timer = setInterval(function () { step += 1; page(); }, seconds * 1000);
    }
  }
  new MutationObserver(function () { page(); }).observe(main, { childList: true });
  window.addEventListener("resize", page);
  page();
})();
