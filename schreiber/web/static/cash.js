// The organiser's Startgeld list (web/cash.py): the first tap on "paid" asks, the second records it
// (POST /cash/pay with the page's own query, which carries the organiser's key); "No" takes the
// question back. The live script swaps in the fresh list once the ledger has changed.
(function () {
  "use strict";
  if (window.schreiberCash) return;
  window.schreiberCash = true;
  var armed = null;  // the start number asked about: a live swap of the list must not drop the question
  function arm(button) {
    armed = button.getAttribute("data-number");
    button.setAttribute("data-armed", "");
    button.textContent = button.getAttribute("data-ask");
    button.nextElementSibling.hidden = false;
  }
  function reset(button) {
    armed = null;
    button.removeAttribute("data-armed");
    button.textContent = button.getAttribute("data-label");
    button.nextElementSibling.hidden = true;
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest(".cash button");
    if (!button) return;
    if (button.classList.contains("no")) {
      reset(button.previousElementSibling);
      return;
    }
    if (!button.hasAttribute("data-armed")) {
      Array.prototype.forEach.call(document.querySelectorAll(".cash .pay[data-armed]"), reset);
      arm(button);
      return;
    }
    armed = null;
    button.disabled = true;
    var error = document.querySelector(".cash .error");
    fetch("/cash/pay" + location.search, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ number: Number(button.getAttribute("data-number")) }),
    }).then(function (r) {
      return r.json().then(function (body) {
        if (!r.ok) throw new Error(body.error || r.statusText);
        button.closest("li").classList.add("paid");
        button.textContent = "✓";
      });
    }).catch(function (e) {
      button.disabled = false;
      reset(button);
      if (error) { error.textContent = e.message; error.hidden = false; }
    });
  });
  document.addEventListener("schreiber:swapped", function () {
    var again = armed && document.querySelector('.cash .pay[data-number="' + armed + '"]');
    if (again) arm(again); else armed = null;  // paid meanwhile (another device): nothing left to ask
  });
})();
