// The round's clock on the wall and the organiser's page: the time left until data-ends (the server's start of
// the round plus its minutes) in mm:ss, counted down every second; at 0 the page says the time is up (data-over,
// in the page's language). The server's Date header says how far this screen's clock is from the server's.
(function () {
  "use strict";
  var offset = 0;
  function tick() {
    Array.prototype.forEach.call(document.querySelectorAll(".clock[data-ends]"), function (el) {
      var out = el.querySelector(".left");
      var left = Math.ceil((Date.parse(el.getAttribute("data-ends")) - Date.now() - offset) / 1000);
      el.classList.toggle("over", left <= 0);
      if (left <= 0) { out.textContent = el.getAttribute("data-over"); return; }
      var s = left % 60;
      out.textContent = Math.floor(left / 60) + ":" + (s < 10 ? "0" : "") + s;
    });
  }
  fetch("/", { method: "HEAD", cache: "no-store" }).then(function (r) {
    var server = Date.parse(r.headers.get("Date"));
    if (!isNaN(server)) { offset = server - Date.now(); tick(); }
  }).catch(function () {});
  var main = document.getElementById("content");
  if (main) new MutationObserver(tick).observe(main, { childList: true });
  setInterval(tick, 1000);
  tick();
})();
