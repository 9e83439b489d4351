// schreiber serve --entry: one hand at a time from a phone. The page shows only the inputs the
// chosen hand type takes (the table of options the command line uses), posts the hand as JSON to
// /entry/hands and shows the payout and the running totals. Everything typed is put into the page
// as text (textContent), never as markup.
"use strict";
(function () {
  const STATE = JSON.parse(document.getElementById("state").textContent);
  const L = JSON.parse(document.getElementById("labels").textContent);
  const TOKEN = document.querySelector('meta[name="schreiber-token"]').content;
  const KEY = new URLSearchParams(location.search).get("key") || "";
  const q = (s) => encodeURIComponent(s);

  // The facts of a hand as rules/declared.py declares them, in the order a player says them: how
  // each is entered follows from its kind. The flags are chips together at the end.
  const FACTS = JSON.parse(document.getElementById("facts").textContent);
  const FACT = Object.fromEntries(FACTS.map((f) => [f.name, f]));
  const BY_KEY = Object.fromEntries(FACTS.map((f) => [f.key, f]));
  const FLAGS = FACTS.filter((f) => f.kind === "flag" && !f.choices).map((f) => f.name);
  const ORDER = [...FACTS.filter((f) => !FLAGS.includes(f.name)).map((f) => f.name), "flags"];

  let state = STATE;
  let type = null;
  let sel = {};
  let expect = state.next_number;
  let requestKey = newKey();
  let keyBody = null;  // the body last sent under requestKey

  function newKey() {
    const a = new Uint8Array(12);
    crypto.getRandomValues(a);
    return Array.from(a, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  function fmt(text, values) {
    return text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
  }
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children) node.append(c);
    return node;
  }
  // A hand type as players say it ("Farbsolo Tout"), as the server named it for this page.
  function typeName(t) {
    const known = STATE.types.find((x) => x.type === t) || state.types.find((x) => x.type === t);
    return known ? known.name : t;
  }
  function signed(n) {
    return n > 0 ? "+" + n : n < 0 ? "−" + -n : "0";
  }
  function tone(n) {
    return n > 0 ? "up" : n < 0 ? "down" : "even";
  }

  // -- the hand being entered ----------------------------------------------------------------
  function chip(label, on, click, extra) {
    return el("button", Object.assign({ type: "button", class: "chip" + (on ? " on" : ""), "aria-pressed": on ? "true" : "false", onclick: click }, extra || {}), label);
  }
  function row(name, ...content) {
    const apart = FACT[name] && FACT[name].apart;
    return el("fieldset", { class: "field " + (apart ? "extra " : "") + name, "data-option": name }, el("legend", {}, FACT[name].label), ...content);
  }
  // What the rule set says the chosen type's form shows (its EntryForm): buttons for a fact's values,
  // and facts hidden or shown by the flags on now.
  function form() {
    const chosen = type && state.types.find((t) => t.type === type);
    return (chosen && chosen.form) || {};
  }
  function shows(name) {
    const f = form();
    const hiddenBy = (f.hidden_if || {})[name];
    if (hiddenBy && hiddenBy.some((flag) => sel[flag])) return false;
    const shownBy = (f.shown_if || {})[name];
    return !shownBy || shownBy.some((flag) => sel[flag]);
  }
  // The Augen typed for each player so far, against what all the cards hold (a Ramsch adds up to 120).
  function augenSum() {
    const box = document.getElementById("augen-sum");
    if (!box) return;
    const given = Object.values(sel.augen_by || {}).map(Number).filter((n) => !Number.isNaN(n));
    const sum = given.reduce((a, b) => a + b, 0);
    box.textContent = fmt(L.augen_sum, { sum: sum, total: state.augen_total });
    box.className = "sum " + (sum === state.augen_total ? "up" : sum > state.augen_total ? "down" : "even");
  }
  function seated() {
    return state.seated.filter((p) => !state.sitting_out.includes(p));
  }
  function chips(name, values) {
    return row(name, el("div", { class: "chips" }, ...values.map(([value, label]) =>
      chip(label, sel[name] === value, () => { sel[name] = sel[name] === value ? undefined : value; draw(); }, { "data-value": value }))));
  }
  function field(name, takes) {
    const fact = FACT[name];
    if (name === "flags") {
      const flags = FLAGS.filter((f) => takes.includes(f) && shows(f));
      if (!flags.length) return null;
      return el("fieldset", { class: "field", "data-option": "flags" }, el("legend", {}, L.flags),
        el("div", { class: "chips" }, ...flags.map((f) => chip(FACT[f].label, !!sel[f], () => { sel[f] = !sel[f]; draw(); }, { "data-flag": f }))));
    }
    if (!fact) return null;
    if (fact.kind === "name") {
      return row(name, el("div", { class: "chips" }, ...seated().map((p) =>
        chip(p, sel[name] === p, () => { sel[name] = sel[name] === p ? undefined : p; draw(); }, { "data-name": p }))));
    }
    if (fact.kind === "names") {
      const have = sel[name] || [];
      return row(name, el("div", { class: "chips" }, ...seated().map((p) =>
        chip(p, have.includes(p), () => {
          sel[name] = have.includes(p) ? have.filter((x) => x !== p) : have.concat([p]);
          draw();
        }, { "data-name": p }))));
    }
    if (name === "augen") {  // the card points of the declarer's party: a field, and the usual counts as one tap
      const input = el("input", { name: "augen", type: "number", inputmode: "numeric", min: 0, max: state.augen_total,
        value: sel.augen === undefined ? "" : sel.augen, placeholder: "0–" + state.augen_total,
        oninput: (e) => { sel.augen = e.target.value === "" ? undefined : e.target.value; } });
      const quick = state.quick.map((n) => chip(String(n), String(sel.augen) === String(n), () => { sel.augen = String(n); draw(); }, { "data-value": n }));
      return row(name, input, el("div", { class: "chips quick" }, ...quick));
    }
    if (fact.kind === "number" && fact.most !== null) {
      const counts = [];
      for (let n = 0; n <= fact.most; n++) {
        counts.push(chip(String(n), sel[name] === n || (n === 0 && sel[name] === undefined), () => { sel[name] = n || undefined; draw(); }, { "data-value": n }));
      }
      return row(name, el("div", { class: "chips" }, ...counts));
    }
    if (fact.kind === "number") {
      const values = (form().choices || {})[name];  // the numbers the rule set says this type can have
      if (values) return chips(name, values.map((n) => [n, String(n)]));
      return row(name, el("input", { name: name, type: "number", inputmode: "numeric", min: 0,
        value: sel[name] === undefined ? "" : sel[name],
        oninput: (e) => { sel[name] = e.target.value === "" ? undefined : Number(e.target.value); } }));
    }
    if (fact.choices) return chips(name, fact.choices);
    if (fact.among) return chips(name, state[fact.among].map((s) => [s, s]));
    if (fact.kind === "NAME=N") {
      const key = fact.key;
      sel[key] = sel[key] || {};
      const inputs = el("div", { class: "per" }, ...seated().map((p) => el("label", { class: "each" },
        el("span", {}, p),
        el("input", { type: "number", inputmode: "numeric", min: 0, "data-name": p, value: sel[key][p] === undefined ? "" : sel[key][p],
          oninput: (e) => { if (e.target.value === "") delete sel[key][p]; else sel[key][p] = e.target.value; augenSum(); } }))));
      if (key !== "augen_by") return row(name, inputs);
      // The Augen of each player, against what all the cards hold (a Ramsch adds up to 120).
      return row(name, inputs, el("p", { id: "augen-sum", class: "sum", "aria-live": "polite" }));
    }
    return null;
  }

  function draw() {
    for (const b of document.querySelectorAll("#types .type")) {
      b.classList.toggle("on", b.dataset.type === type);
      b.setAttribute("aria-pressed", b.dataset.type === type ? "true" : "false");
      // Once chosen, the other types step aside: the hand's inputs come up under the thumb.
      b.hidden = !!type && b.dataset.type !== type;
    }
    document.getElementById("other").hidden = !type;
    const chosen = type && state.types.find((t) => t.type === type);
    document.getElementById("what").textContent = chosen ? chosen.label : "";
    const form = document.getElementById("hand");
    // A table that has played its series takes no hand: no type to choose, no form to post.
    document.getElementById("choose").hidden = !!state.ended;
    form.hidden = !type || !!state.ended;
    const fields = document.getElementById("fields");
    const focused = document.activeElement && document.activeElement.name === "augen";
    fields.replaceChildren();
    if (!type) return;
    const takes = state.types.find((t) => t.type === type).options;
    for (const name of ORDER) {
      if (name !== "flags" && (!takes.includes(name) || !shows(name))) continue;
      const f = field(name, takes);
      if (f) fields.append(f);
    }
    if (focused) {
      const input = fields.querySelector('input[name="augen"]');
      if (input) input.focus();
    }
    augenSum();
    document.getElementById("record").textContent = fmt(L.record, { number: expect });
  }

  function body() {
    const out = { type: type, expect_number: expect };
    for (const [k, v] of Object.entries(sel)) {
      if (v === undefined || v === false || !shows(k)) continue;  // a fact the flags now hide is not sent
      const fact = BY_KEY[k];
      if (fact && fact.kind === "NAME=N") {
        if (Object.keys(v).length) out[k] = Object.fromEntries(Object.entries(v).map(([n, x]) => [n, Number(x)]));
      } else if (fact && fact.kind === "flag" && fact.choices) out[k] = v === "true";
      else if (fact && fact.kind === "number") out[k] = Number(v);
      else out[k] = v;
    }
    const note = document.querySelector('input[name="note"]').value.trim();
    if (note) out.note = note;
    return out;
  }

  // -- talking to the table's computer ----------------------------------------------------------
  async function post(path, payload, idempotency) {
    const headers = { "Content-Type": "application/json", "X-Schreiber-Token": TOKEN };
    if (idempotency) headers["Idempotency-Key"] = idempotency;
    const r = await fetch(path + "?key=" + q(KEY), { method: "POST", headers, body: JSON.stringify(payload), credentials: "same-origin" });
    let answer = {};
    try { answer = await r.json(); } catch (e) { answer = { error: L.offline }; }
    return [r.status, answer];
  }
  function refuse(sentence) {
    const p = document.getElementById("refusal");
    p.textContent = sentence || "";
    p.hidden = !sentence;
  }

  async function record(event) {
    event.preventDefault();
    refuse("");
    document.getElementById("moved").hidden = true;
    const button = document.getElementById("record");
    button.disabled = true;
    let status, answer;
    try {
      // A key belongs to one hand: changed after a lost answer, the hand goes under a new key (the
      // number it expects still keeps it from being recorded twice).
      const payload = body();
      if (keyBody !== null && keyBody !== JSON.stringify(payload)) requestKey = newKey();
      keyBody = JSON.stringify(payload);
      [status, answer] = await post("/entry/hands", payload, requestKey);
    } catch (e) {
      button.disabled = false;
      refuse(L.offline);  // the same request key goes again: never recorded twice
      return;
    }
    button.disabled = false;
    if (status === 201) {
      requestKey = newKey();
      keyBody = null;
      state = answer.state;
      drawTable();
      showResult(answer.hand, answer.said || []);
      type = null;
      sel = {};
      document.querySelector('input[name="note"]').value = "";
      expect = state.next_number;
      draw();
      window.scrollTo(0, 0);
    } else if (status === 409 && answer.next_number) {
      const moved = document.getElementById("moved");
      moved.replaceChildren(
        el("p", {}, answer.error),
        el("button", { type: "button", class: "record", id: "again", onclick: () => {
          expect = answer.next_number;
          requestKey = newKey();
          keyBody = null;
          moved.hidden = true;
          document.getElementById("record").click();
        } }, fmt(L.again, { number: answer.next_number })));
      moved.hidden = false;
      refresh();
    } else {
      refuse(answer.error || L.offline);
    }
  }

  function showResult(h, said) {
    const box = document.getElementById("result");
    const who = h.facts.player ? " " + h.facts.player + (h.facts.partner ? "+" + h.facts.partner : "") : "";
    // One row per player (name, the hand, the total): it fits a phone's width for any number of names.
    const grid = el("table", { class: "grid payout" },
      el("thead", {}, el("tr", {}, el("th", {}), el("th", { class: "num" }, L.hand), el("th", { class: "num" }, L.total))),
      el("tbody", {}, ...state.players.map((p) => el("tr", {},
        el("th", { class: "name", scope: "row" }, p),
        el("td", { class: "num " + tone(h.payouts[p] || 0) }, h.sitting_out.includes(p) ? "–" : signed(h.payouts[p] || 0)),
        el("td", { class: "num big " + tone(h.totals[p] || 0) }, signed(h.totals[p] || 0))))));
    box.replaceChildren(
      el("p", { class: "headline" }, fmt(L.recorded, { number: h.number, hand: typeName(h.type) + who, formula: h.formula })),
      ...(h.split ? [el("p", { class: "sub" }, h.split)] : []),
      grid,
      ...said.map((line) => el("p", { class: "said" }, line)),
      el("p", { class: "sub" }, state.ended || fmt(L.next_dealer, { name: state.dealer })));
    box.hidden = false;
  }

  // -- the table around the hand ----------------------------------------------------------------
  function drawTable() {
    const next = document.getElementById("next");
    const parts = [el("strong", {}, fmt(L.hand_number, { number: state.next_number })), " · " + fmt(L.deals, { name: state.dealer })];
    if (state.sitting_out.length) {
      parts.push(" · " + fmt(state.sitting_out.length > 1 ? L.sit_out : L.sits_out, { names: state.sitting_out.join(", ") }));
    }
    next.replaceChildren(...(state.ended ? [el("strong", {}, state.ended)] : parts));
    // Read again after the last hand of the series (or an undo that reopens it): the form goes, or comes back.
    document.getElementById("choose").hidden = !!state.ended;
    document.getElementById("hand").hidden = !type || !!state.ended;
    document.getElementById("carried").textContent = state.status.join(" · ");
    const totals = document.getElementById("totals");
    const ranked = state.players.slice().sort((a, b) => (state.totals[b] || 0) - (state.totals[a] || 0));
    totals.replaceChildren(el("table", { class: "grid" }, el("tbody", {}, ...ranked.map((p) =>
      el("tr", {}, el("td", { class: "name" }, p), el("td", { class: "num big " + tone(state.totals[p] || 0) }, signed(state.totals[p] || 0)))))));
    const recent = document.getElementById("recent");
    recent.replaceChildren(...state.hands.map((h) => el("li", {},
      el("span", {}, h.number + " · " + h.description + " — " + h.formula),
      el("button", { type: "button", class: "quiet small", "data-void": h.number, onclick: () => ask(fmt(L.confirm_void, { number: h.number }), "/entry/void", { number: h.number }) }, L.void))));
    const restorable = document.getElementById("restorable");
    restorable.replaceChildren(...state.restorable.map((n) => el("li", {},
      el("span", {}, fmt(L.void_hand, { number: n })),
      el("button", { type: "button", class: "quiet small", "data-restore": n, onclick: () => ask(fmt(L.confirm_restore, { number: n }), "/entry/restore", { number: n }) }, L.restore))));
    document.getElementById("undo").hidden = !state.hands.length;
  }

  function ask(question, path, payload) {
    const box = document.getElementById("confirm");
    box.replaceChildren(
      el("p", {}, question),
      el("button", { type: "button", class: "record", id: "yes", onclick: async () => {
        box.hidden = true;
        const [status, answer] = await post(path, payload);
        if (status === 200) {
          await refresh();
          const box2 = document.getElementById("result");
          box2.replaceChildren(el("p", { class: "headline" },
            answer.restored ? fmt(L.restored, { number: answer.restored }) : fmt(L.voided, { number: answer.voided })));
          box2.hidden = false;
          if (!type) { expect = state.next_number; draw(); }
        } else refuse(answer.error || L.offline);
      } }, L.yes),
      el("button", { type: "button", class: "quiet", onclick: () => { box.hidden = true; } }, L.no));
    box.hidden = false;
    box.scrollIntoView({ block: "center" });
  }

  async function refresh() {
    try {
      const r = await fetch("/entry/state?key=" + q(KEY), { credentials: "same-origin" });
      if (r.ok) {
        state = await r.json();
        drawTable();
        if (!type) { expect = state.next_number; draw(); }
      }
    } catch (e) { /* the event stream says when the table's computer is back */ }
  }

  document.getElementById("types").addEventListener("click", (e) => {
    const b = e.target.closest(".type");
    if (!b) return;
    if (type !== b.dataset.type) { type = b.dataset.type; sel = {}; }
    refuse("");
    draw();
  });
  document.getElementById("other").addEventListener("click", () => { type = null; sel = {}; refuse(""); draw(); });
  document.getElementById("hand").addEventListener("submit", record);
  document.getElementById("undo").addEventListener("click", () => {
    const last = state.hands[0];
    if (last) ask(fmt(L.confirm_undo, { number: last.number, hand: last.description }), "/entry/undo", {});
  });

  // Another phone or a terminal recorded something: the table is read again (the hand being entered stays).
  if (window.EventSource) {
    const live = document.getElementById("live");
    let first = true;
    const listen = () => {
      const source = new EventSource("/events");
      source.addEventListener("change", () => { live.classList.remove("off"); if (!first) refresh(); first = false; });
      source.onerror = () => {
        live.classList.add("off");
        // Refused (a 503 when the server has all the streams it takes): the browser gives up, so ask again later.
        if (source.readyState === EventSource.CLOSED) { source.close(); setTimeout(listen, 2000); }
      };
    };
    listen();
  }
  for (const b of document.querySelectorAll("#types .type")) {
    const t = state.types.find((x) => x.type === b.dataset.type);
    if (t) b.title = t.label;
  }
  drawTable();
  draw();
})();
