// schreiber serve: keeps the page in step with the ledger without reloading it.
// The server sends "change" with the ledger's change counter when the stream opens and whenever
// it moves; if it differs from the counter the page was made at, the content is fetched again
// and swapped in place (open breakdowns stay open). After a restart of the server the browser
// reconnects by itself; a stream the browser gave up on is opened again.
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
        main.innerHTML = html;
        open.forEach(function (id) { var d = id && document.getElementById(id); if (d) d.open = true; });
        main.setAttribute("data-version", version);
        shown = version;
      });
    }).catch(function () { state(false, "reconnecting…"); }).then(function () {
      fetching = null;
      if (again) { again = false; sync(); }
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
  connect();
})();
