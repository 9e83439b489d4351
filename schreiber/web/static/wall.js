// The wall screen (?wall) of the tournament and of the season pages through its long tables by itself: every
// table marked data-wall-pages shows as many rows as the screen holds below its top (the rows measured, not
// guessed: a row of many tied names is taller), and the next ones every few seconds. The page turns every
// 12 s, sooner when a table has so many pages that a full cycle would take over a minute (never under 5 s),
// so that 100 players pass in 60 s; ?page=SECONDS sets the time. What it chose stays readable on the page:
// <html data-page-seconds>, and each table's data-pages and data-rows (the rows of its first page).
// Rankings side by side in turn (the individual one, then each team competition's, marked data-wall-turn) take the
// wall one at a time: all pages of the first, then of the next; <html data-turn> says which one shows.
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

  // The turns: the sections shown one at a time, or none when the page has fewer than two.
  function turns() {
    var found = Array.prototype.slice.call(main.querySelectorAll("[data-wall-turn]"));
    return found.length > 1 ? found : [];
  }

  // Pages every table of `scope`, showing page `at` of each; the largest count of pages of one table.
  function pageTables(scope, at) {
    var most = 1;
    Array.prototype.forEach.call(scope.querySelectorAll("table[data-wall-pages]"), function (table) {
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
      var shown = pages[at % pages.length];
      rows.forEach(function (r, i) { r.classList.toggle("paged", i < shown[0] || i >= shown[1]); });
      if (!counter) {
        counter = document.createElement("p");
        counter.className = "pages";
        table.after(counter);
      }
      counter.textContent = (shown[0] + 1) + "–" + shown[1] + " / " + rows.length;
    });
    return most;
  }

  var turn = 0, turnStep = 0;

  function page() {
    var sections = turns(), most;
    if (!sections.length) {
      root.removeAttribute("data-turn");
      most = pageTables(main, step);
    } else {
      // Each turn measured while it shows (a hidden table has no height); the longest turn sets the pace.
      most = 1;
      turn = turn % sections.length;
      var counts = sections.map(function (section, i) {
        sections.forEach(function (other, j) { other.classList.toggle("turned", j !== i); });
        var n = pageTables(section, 0);
        most = Math.max(most, n);
        return n;
      });
      if (turnStep >= counts[turn]) { turn = (turn + 1) % sections.length; turnStep = 0; }
      sections.forEach(function (other, j) { other.classList.toggle("turned", j !== turn); });
      pageTables(sections[turn], turnStep);
      root.setAttribute("data-turn", turn);
    }
    var wanted = asked || Math.max(SHORTEST, Math.min(LONGEST, Math.floor(CYCLE / most)));
    if (wanted !== seconds) {
      seconds = wanted;
      root.setAttribute("data-page-seconds", seconds);
      if (timer) clearInterval(timer);
      timer = setInterval(function () { step += 1; turnStep += 1; page(); }, seconds * 1000);
    }
  }
  new MutationObserver(function () { page(); }).observe(main, { childList: true });
  window.addEventListener("resize", page);
  page();
})();
