// schreiber serve: keeps the page in step with the ledger without reloading it.
// The server sends "change" with the ledger's change counter when the stream opens and whenever
// it moves; if it differs from the counter the page was made at, the content is fetched again
// and swapped in place (open breakdowns stay open). After a restart of the server the browser
// reconnects by itself; a stream the browser gave up on is opened again. Sections marked
// data-src (a season's statistics) are fetched after the content, as they take longer to make.
(function () {
  "use strict";
  var main = document.getElementById("content");
  var live = document.getElementById("live");
  var shown = main.getAttribute("data-version");
  var fetching = null, again = false, source = null;

  function state(ok, text) {
    live.className = ok ? "live" : "live off";
    live.textContent = text;
  }

  function sync() {
    if (fetching) { again = true; return; }
    var query = location.search;
    fetching = fetch("/fragment" + query, { cache: "no-store" }).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      var version = r.headers.get("X-Schreiber-Version");
      return r.text().then(function (html) {
        var open = Array.prototype.map.call(main.querySelectorAll("details[open]"), function (d) { return d.id; });
        var before = {};
        Array.prototype.forEach.call(main.querySelectorAll("[data-src][data-filled]"), function (el) {
          before[el.id] = el.innerHTML;
        });
        main.innerHTML = html;
        open.forEach(function (id) { var d = id && document.getElementById(id); if (d) d.open = true; });
        // What was counted before stays in view until the new count arrives.
        Object.keys(before).forEach(function (id) { var el = document.getElementById(id); if (el) el.innerHTML = before[id]; });
        main.setAttribute("data-version", version);
        shown = version;
        fill();
        // A question half answered (the Startgeld's "Tap again") is asked again on the fresh content.
        document.dispatchEvent(new CustomEvent("schreiber:swapped"));
      });
    }).catch(function () { state(false, "reconnecting…"); }).then(function () {
      fetching = null;
      if (again) { again = false; sync(); }
    });
  }

  // Sections that take long to make (the statistics of a season) come on their own, after the content.
  function fill() {
    Array.prototype.forEach.call(main.querySelectorAll("[data-src]"), function (el) {
      fetch(el.getAttribute("data-src"), { cache: "no-store" }).then(function (r) {
        if (!r.ok) throw new Error(r.status);
        return r.text();
      }).then(function (html) {
        if (!el.isConnected) return;
        el.innerHTML = html;
        el.setAttribute("data-filled", "");
      }).catch(function () {});
    });
  }

  function connect() {
    source = new EventSource("/events");
    source.addEventListener("open", function () { state(true, "live"); });
    source.addEventListener("change", function (e) {
      state(true, "live");
      if (e.data !== shown) sync();
    });
    source.addEventListener("error", function () {
      state(false, "reconnecting…");
      if (source.readyState === EventSource.CLOSED) {
        source.close();
        setTimeout(connect, 2000);
      }
    });
  }
  fill();
  connect();
})();
