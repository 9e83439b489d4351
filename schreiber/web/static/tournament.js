// The tournament page: "where do I sit?" — the rows of the seat plan and the standings are
// narrowed to a name (any part of it) or a start number (#7 or 7) as it is typed; the filter
// stays applied when the live script swaps in fresh content.
(function () {
  "use strict";
  var input = document.getElementById("find");
  var main = document.getElementById("content");
  if (!input || !main) return;
  function apply() {
    // Folded as the server folds the names (schreiber.ledger.names.fold): "Ozlem" finds Özlem.
    var q = input.value.trim().replace(/ß/g, "ss").normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
    var number = /^#?\d+$/.test(q) ? "#" + q.replace("#", "") + " " : null;
    var any = false;
    Array.prototype.forEach.call(main.querySelectorAll("tr[data-find]"), function (row) {
      var text = row.getAttribute("data-find") + " ";
      var hit = !q || (number ? text.indexOf(number) >= 0 : text.indexOf(q) >= 0);
      row.classList.toggle("hide", !hit);
      row.classList.toggle("found", !!q && hit);
      if (hit && row.closest(".seatplan")) any = true;
    });
    var none = main.querySelector(".none");
    if (none) none.hidden = !q || any;
  }
  input.addEventListener("input", apply);
  // Enter in the search box narrows the rows; it never sends the form anywhere.
  input.form.addEventListener("submit", function (e) { e.preventDefault(); });
  new MutationObserver(apply).observe(main, { childList: true });
})();
// The wall screen pages through the standings and the seat plan by itself: each table shows the rows
// the screen holds below its top, and the next ones every few seconds (?page=SECONDS, 12 by default),
// so everyone in a long tournament finds their line on the wall without touching it. The season's wall
// pages its standings the same way (a table marked data-wall-pages).
(function () {
  "use strict";
  if (!document.documentElement.classList.contains("wall")) return;
  var main = document.getElementById("content");
  if (!main) return;
  var seconds = Number(new URLSearchParams(location.search).get("page")) || 12;
  var step = 0;
  function page() {
    Array.prototype.forEach.call(main.querySelectorAll("table.grid, table[data-wall-pages]"), function (table) {
      var body = table.tBodies[0];
      if (!body || !body.rows.length) return;
      var rows = Array.prototype.slice.call(body.rows);
      rows.forEach(function (r) { r.classList.remove("paged"); });
      var counter = table.nextElementSibling && table.nextElementSibling.classList.contains("pages") ? table.nextElementSibling : null;
      var heights = rows.map(function (r) { return r.getBoundingClientRect().height || 1; });
      var line = Math.min.apply(null, heights);
      // the room below the table's head, less a line's height for the counter and the foot of the page
      var room = window.innerHeight - body.getBoundingClientRect().top - window.scrollY - 1.5 * line;
      // as many rows to a page as fit, whatever each row's height (a row of many tied names is taller)
      var pages = [];
      var start = 0;
      var used = 0;
      heights.forEach(function (h, i) {
        if (i > start && used + h > room) { pages.push([start, i]); start = i; used = 0; }
        used += h;
      });
      pages.push([start, rows.length]);
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
  }
  setInterval(function () { step += 1; page(); }, seconds * 1000);
  new MutationObserver(function () { page(); }).observe(main, { childList: true });
  window.addEventListener("resize", page);
  page();
})();
