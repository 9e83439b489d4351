// The organiser's sheet form (web/sheet_form.py): the points in seat order, checked by the server as they are
// typed (POST /sheet/check, nothing stored), sent once (POST /sheet with a request key, so a resend of the same
// form is answered again and never stored twice); a table with its sheet asks "replace?" first.
(function () {
  "use strict";
  var form = document.getElementById("sheet");
  var pick = document.getElementById("pick-round");
  if (pick) pick.addEventListener("change", function () {
    var table = document.getElementById("pick-table");
    if (table) table.disabled = true;  // another round's tables: the page lists them
    pick.form.submit();
  });
  var queue = document.getElementById("queue");
  function recount() {
    // "N sheets are not confirmed" as the server counts it now (the page read again, that line taken over)
    fetch("/sheet", { headers: { Accept: "text/html" } }).then(function (r) { return r.text(); }).then(function (html) {
      var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("unconfirmed");
      var line = document.getElementById("unconfirmed");
      if (line && fresh) line.textContent = fresh.textContent;
      else if (line) line.remove();
    }).catch(function () {});
  }
  if (queue) queue.addEventListener("click", function (event) {
    // double entry: the organiser decides a sheet of the queue for the entry chosen (POST /sheet/choose)
    var button = event.target.closest("button.choose");
    if (!button) return;
    var item = button.closest("li"), told = item.querySelector(".said");
    var qwords = JSON.parse(queue.getAttribute("data-words"));
    var buttons = item.querySelectorAll("button.choose");
    Array.prototype.forEach.call(buttons, function (b) { b.disabled = true; });
    told.textContent = qwords.choosing;
    fetch("/sheet/choose", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Schreiber-Token": queue.getAttribute("data-token") },
      body: JSON.stringify({
        round: Number(item.getAttribute("data-round")), table: Number(item.getAttribute("data-table")),
        entry: Number(button.getAttribute("data-entry")),
      }),
    }).then(function (r) { return r.json(); }).then(function (data) {
      told.textContent = data.message || data.error;
      told.className = "said " + (data.stored ? "good" : "bad");
      if (data.stored) {
        item.classList.add("decided");
        item.querySelector("span.choose").remove();
        recount();
      }
      else Array.prototype.forEach.call(buttons, function (b) { b.disabled = false; });
    }).catch(function () {
      told.textContent = qwords.away;
      Array.prototype.forEach.call(buttons, function (b) { b.disabled = false; });
    });
  });
  if (!form) return;
  var words = JSON.parse(form.getAttribute("data-words"));
  var check = document.getElementById("check");
  var said = document.getElementById("said");
  var send = document.getElementById("send");
  var replace = document.getElementById("replace");
  var timer = null, asked = 0, request = null;

  function say(text, values) {
    return text.replace(/\{(\w+)\}/g, function (m, k) { return values && k in values ? values[k] : m; });
  }
  function numbers(name) {
    return Array.prototype.map.call(form.querySelectorAll("input[name=" + name + "]"), function (input) {
      var text = input.value.trim().replace(/^\u2212/, "-");
      return text === "" ? (name === "points" ? null : 0) : (/^[-+]?\d+$/.test(text) ? Number(text) : NaN);
    });
  }
  function sheet() {
    var body = { round: Number(form.getAttribute("data-round")), table: Number(form.getAttribute("data-table")) };
    body.points = numbers("points");
    ["soli", "won", "lost"].forEach(function (key) {
      if (form.querySelector("input[name=" + key + "]")) body[key] = numbers(key);
    });
    var thrown = numbers("thrown");
    if (thrown.length) body.thrown = thrown[0];
    return body;
  }
  function post(path, body) {
    return fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Schreiber-Token": form.getAttribute("data-token") },
      body: JSON.stringify(body),
    }).then(function (r) { return r.json().then(function (data) { data.status = r.status; return data; }); });
  }
  function show(ok, text) {
    check.className = "check " + (ok ? "good" : "bad");
    check.textContent = text;
  }
  function checkNow() {
    var body = sheet();
    var typed = body.points.filter(function (v) { return v !== null; });
    document.getElementById("sum").textContent = typed.length && typed.every(isFinite)
      ? say(words.sum, { sum: typed.reduce(function (a, b) { return a + b; }, 0) }) : "";
    if (typed.length < body.points.length) { check.textContent = ""; check.className = "check"; return; }
    var mine = ++asked;
    post("/sheet/check", body).then(function (data) {
      if (mine !== asked) return;  // an older answer: the sheet has changed since
      show(!data.error, data.error || words.fits);
    }).catch(function () { if (mine === asked) show(false, words.away); });
  }
  form.addEventListener("input", function () {
    request = null;  // another sheet: another request
    replace.hidden = true;
    said.textContent = "";
    clearTimeout(timer);
    timer = setTimeout(checkNow, 250);
  });
  function store(replacing) {
    var body = sheet();
    if (request === null) request = Date.now().toString(36) + Math.random().toString(36).slice(2);
    body.request = request + (replacing ? ".r" : "");
    if (replacing) body.replace = true;
    send.disabled = replace.disabled = true;
    said.textContent = words.sending;
    post("/sheet", body).then(function (data) {
      send.disabled = replace.disabled = false;
      if (data.stored) {
        said.textContent = data.message || say(data.replaced ? words.replaced : words.stored, data);
        replace.hidden = true;
        if (!data.waiting) form.setAttribute("data-has", "1");  // double entry: a sheet typed once does not count yet
        show(true, words.fits);
      } else {
        said.textContent = "";
        show(false, data.error);
        replace.hidden = !data.replace;
      }
    }).catch(function () {
      send.disabled = replace.disabled = false;
      said.textContent = words.away;  // the same request key is sent again: stored once
    });
  }
  form.addEventListener("submit", function (event) { event.preventDefault(); store(false); });
  replace.addEventListener("click", function () { store(true); });
  replace.textContent = words.replace;
  if (form.querySelector("input[name=points]").value !== "") checkNow();
  form.querySelector("input[name=points]").focus();
})();
