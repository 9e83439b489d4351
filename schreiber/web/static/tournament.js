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
