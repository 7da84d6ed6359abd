// gecmetric annotate: the page of the post-edit annotation procedure
// (seed 004). Every sentence comes from untrusted files, so text reaches the
// page only through textContent and option labels, never as HTML.
//
// Each output is shown once: the box the rater edits, and under it the
// changes made so far. Keys: a label's number on its scale (shown before
// it: 4 Perfect ... 1 Incomprehensible, 0 Other) in a focused rating
// chooses it and moves to the next rating; Ctrl+Enter (or Cmd+Enter) presses Save, then
// Confirm; Alt+Left / Alt+Right go to the previous / next example. A value
// the page filled in (a default, or a confirmed judgement shown again) is
// marked "pre-filled" until the rater changes it.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
  let session = null; // scales and progress from /api/session
  let item = null;    // the item on screen
  let saved = false;  // Save pressed: reference shown, meaning enabled
  // busy: a request that changes the page is in flight (Save, Confirm, or
  // moving to an example). One at a time: a key pressed or a button
  // clicked meanwhile does nothing, so a second Ctrl+Enter on Confirm can
  // neither confirm again nor skip an example unseen; the next example is
  // shown only after the server acknowledged the Confirm.
  let busy = false;

  // exclusive runs f unless another request is in flight, with the
  // buttons disabled meanwhile.
  async function exclusive(f) {
    if (busy) return;
    busy = true;
    const buttons = ["save", "confirm", "prev", "next", "quit"].map($);
    buttons.forEach((b) => { b.disabled = true; });
    try {
      await f();
    } finally {
      busy = false;
      buttons.forEach((b) => {
        if (b.id === "prev") b.disabled = !item || item.pos === 0;
        else if (b.id === "next") b.disabled = !item || item.pos === item.total - 1;
        else b.disabled = false;
      });
    }
  }

  // api calls the JSON API with the annotator's token.
  async function api(method, path, body) {
    const opts = { method, headers: { "Authorization": "Bearer " + token } };
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    const res = await fetch(path, opts);
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    if (!res.ok) {
      throw new Error((data && data.error) || res.status + " " + res.statusText);
    }
    return data;
  }

  // tokens splits a sentence on white space, as the task files are tokenised.
  function tokens(s) {
    return s.split(/\s+/).filter((t) => t !== "");
  }

  // tokenDiff aligns two token lists by a longest common subsequence and
  // marks the tokens of a that were removed and those of b that were added.
  function tokenDiff(a, b) {
    const n = a.length, m = b.length;
    const L = [];
    for (let i = 0; i <= n; i++) L.push(new Int32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        L[i][j] = a[i] === b[j] ? L[i + 1][j + 1] + 1 : Math.max(L[i + 1][j], L[i][j + 1]);
      }
    }
    const keptA = new Array(n).fill(false), keptB = new Array(m).fill(false);
    let i = 0, j = 0;
    while (i < n && j < m) {
      if (a[i] === b[j]) { keptA[i] = keptB[j] = true; i++; j++; }
      else if (L[i + 1][j] >= L[i][j + 1]) i++;
      else j++;
    }
    return { keptA, keptB };
  }

  function status(text, kind) {
    const el = $("status");
    el.textContent = text;
    el.className = kind || "";
  }

  function showMessage(title, text) {
    $("main").hidden = true;
    $("bar").hidden = true;
    $("message").hidden = false;
    $("message-title").textContent = title;
    $("message-text").textContent = text;
  }

  function progress() {
    $("progress").textContent = "Example " + (item.pos + 1) + " of " + item.total +
      " \u00b7 " + item.confirmed + " confirmed" + (item.done ? " \u00b7 this one confirmed before" : "");
  }

  function unchanged(card) {
    const a = tokens(card.dataset.output), b = tokens(card.querySelector(".edit").value);
    return a.length === b.length && a.every((t, k) => t === b[k]);
  }

  // renderChanges fills el with one line of the changes from a to b: the
  // removed tokens struck through, the added ones highlighted, each run of
  // kept tokens in between as it is.
  function renderChanges(el, a, b, d) {
    el.textContent = "";
    const add = (t, cls) => {
      if (el.childNodes.length > 0) el.appendChild(document.createTextNode(" "));
      if (!cls) { el.appendChild(document.createTextNode(t)); return; }
      const span = document.createElement(cls === "del" ? "del" : "ins");
      span.className = cls;
      span.textContent = t;
      el.appendChild(span);
    };
    let i = 0, j = 0;
    while (i < a.length || j < b.length) {
      if (i < a.length && !d.keptA[i]) { add(a[i++], "del"); continue; }
      if (j < b.length && !d.keptB[j]) { add(b[j++], "ins"); continue; }
      add(b[j], ""); i++; j++;
    }
  }

  // updateDiff shows the changes of one output's post-edit under its box
  // ("no changes" while there are none), and keeps the "Identical" default
  // of meaning in step with it (seed 004, step 5).
  function updateDiff(card) {
    const a = tokens(card.dataset.output), b = tokens(card.querySelector(".edit").value);
    const d = tokenDiff(a, b);
    const el = card.querySelector(".diff");
    if (d.keptA.every((k) => k) && d.keptB.every((k) => k)) {
      el.textContent = "no changes";
      el.classList.add("none");
    } else {
      el.classList.remove("none");
      renderChanges(el, a, b, d);
    }
    applyUnchangedDefault(card);
  }

  // prefill marks a field the page filled in, until the rater changes it.
  function prefill(sel, on) {
    sel.classList.toggle("prefilled", on);
    const tag = sel.parentElement.querySelector(".prefilled-tag");
    if (tag) tag.hidden = !on;
  }

  function applyUnchangedDefault(card) {
    if (!saved) return;
    session.scales.forEach((sc) => {
      if (!sc.unchanged) return;
      const sel = card.querySelector('select[data-scale="' + sc.name + '"]');
      if (unchanged(card)) {
        if (sel.value === "") { sel.value = sc.unchanged; sel.dataset.auto = "1"; prefill(sel, true); }
      } else if (sel.dataset.auto === "1") {
        sel.value = ""; delete sel.dataset.auto; prefill(sel, false);
      }
    });
  }

  function buildCard(o, k) {
    const card = document.createElement("div");
    card.className = "output";
    card.dataset.key = String(o.key);
    card.dataset.output = o.output;
    const h = document.createElement("h3");
    h.textContent = "Output " + (k + 1);
    card.appendChild(h);
    // The output once: the box to edit (or, without post-editing, the
    // text), and under it the changes made to it.
    const edit = document.createElement("textarea");
    edit.className = "edit";
    edit.rows = 2;
    edit.spellcheck = false;
    edit.value = o.postEdit;
    edit.setAttribute("aria-label", "output " + (k + 1) + ": edit it into your correction");
    edit.addEventListener("input", () => updateDiff(card));
    if (!session.postEdit) {
      edit.hidden = true;
      const text = document.createElement("p");
      text.className = "sentence text";
      text.textContent = o.output;
      card.appendChild(text);
    }
    card.appendChild(edit);
    const diff = document.createElement("p");
    diff.className = "sentence diff";
    diff.setAttribute("aria-label", "your changes to output " + (k + 1));
    if (!session.postEdit) diff.hidden = true;
    card.appendChild(diff);
    const ratings = document.createElement("div");
    ratings.className = "ratings";
    session.scales.forEach((sc) => {
      const lab = document.createElement("label");
      const title = document.createElement("span");
      title.textContent = sc.title;
      lab.appendChild(title);
      const sel = document.createElement("select");
      sel.dataset.scale = sc.name;
      sel.dataset.after = sc.afterReference ? "1" : "";
      sel.appendChild(new Option("\u2014 choose \u2014", ""));
      sc.labels.forEach((l, n) => {
        const key = (sc.keys || [])[n] || "";
        const opt = new Option(key ? key + " \u00b7 " + l : l, l);
        opt.dataset.key = key;
        sel.appendChild(opt);
      });
      sel.value = o.ratings[sc.name] || "";
      sel.disabled = sc.afterReference && !saved;
      sel.addEventListener("change", () => { delete sel.dataset.auto; prefill(sel, false); });
      sel.addEventListener("keydown", (ev) => labelKey(ev, sel));
      const row = document.createElement("span");
      row.className = "choice";
      row.appendChild(sel);
      const tag = document.createElement("span");
      tag.className = "prefilled-tag";
      tag.textContent = "pre-filled";
      tag.title = "filled in for you: change it if it is wrong";
      tag.hidden = true;
      row.appendChild(tag);
      lab.appendChild(row);
      const hint = document.createElement("span");
      hint.className = "hint";
      hint.textContent = sc.question;
      lab.appendChild(hint);
      ratings.appendChild(lab);
    });
    card.appendChild(ratings);
    updateDiff(card);
    if (item.done) {
      // A confirmed judgement shown again: every value is pre-filled.
      card.querySelectorAll("select").forEach((sel) => { if (sel.value !== "") prefill(sel, true); });
    }
    return card;
  }

  // labelKey: a label's key (its number on the scale, shown before it)
  // in a focused rating chooses the label and moves the focus to the next
  // rating that can be chosen.
  function labelKey(ev, sel) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || !/^[0-9]$/.test(ev.key)) return;
    const opt = Array.from(sel.options).find((o) => o.dataset.key === ev.key);
    if (!opt) return;
    ev.preventDefault();
    sel.value = opt.value;
    sel.dispatchEvent(new Event("change", { bubbles: true }));
    // The focus moves when the key is released, so that nothing of this
    // key press (a menu's type-ahead) reaches the next rating.
    sel.addEventListener("keyup", function moveOn(up) {
      if (up.key !== ev.key) return;
      sel.removeEventListener("keyup", moveOn);
      const all = Array.from(document.querySelectorAll("#outputs select")).filter((s) => !s.disabled);
      const next = all[all.indexOf(sel) + 1];
      if (next) next.focus();
    });
  }

  // pageKey handles the page's shortcuts: Ctrl+Enter presses Save or
  // Confirm, whichever is shown; Alt+Left / Alt+Right go back and on.
  function pageKey(ev) {
    if (!item || $("main").hidden) return;
    if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey)) {
      ev.preventDefault();
      // Not Enter for a focused menu, which would open it.
      if (document.activeElement && document.activeElement.tagName === "SELECT") document.activeElement.blur();
      if (busy) return;
      if (!$("save").hidden) exclusive(save);
      else if (!$("confirm").hidden) exclusive(confirm);
    } else if (ev.altKey && ev.key === "ArrowLeft" && !$("prev").disabled) {
      ev.preventDefault();
      exclusive(() => load(item.pos - 1));
    } else if (ev.altKey && ev.key === "ArrowRight" && !$("next").disabled) {
      ev.preventDefault();
      exclusive(() => load(item.pos + 1));
    }
  }

  async function load(pos) {
    status("");
    try {
      item = await api("GET", "/api/item?pos=" + encodeURIComponent(pos));
    } catch (e) {
      status(e.message, "error");
      return;
    }
    saved = false;
    $("source-box").hidden = !session.showSource;
    $("source").textContent = item.source;
    const ref = $("reference");
    ref.textContent = item.hasReference ? "(hidden until you press Save)" : "(this task has no reference)";
    ref.className = "sentence hidden-ref";
    const box = $("outputs");
    box.textContent = "";
    item.outputs.forEach((o, k) => box.appendChild(buildCard(o, k)));
    const first = box.querySelector(session.postEdit ? "textarea" : "select");
    if (first) first.focus({ preventScroll: true });
    $("save").hidden = false;
    $("confirm").hidden = true;
    $("prev").disabled = item.pos === 0;
    $("next").disabled = item.pos === item.total - 1;
    progress();
    window.scrollTo(0, 0);
  }

  function collect() {
    return {
      pos: item.pos,
      outputs: Array.from(document.querySelectorAll(".output")).map((card) => {
        const ratings = {};
        card.querySelectorAll("select").forEach((sel) => {
          if (sel.value !== "") ratings[sel.dataset.scale] = sel.value;
        });
        return { key: Number(card.dataset.key), postEdit: card.querySelector(".edit").value, ratings };
      }),
    };
  }

  function missing(afterToo) {
    for (const sel of document.querySelectorAll(".output select")) {
      if ((afterToo || sel.dataset.after !== "1") && sel.value === "") return sel;
    }
    return null;
  }

  async function save() {
    const m = missing(false);
    if (m) { status("Rate every output on every scale first.", "error"); m.focus(); return; }
    let res;
    try { res = await api("POST", "/api/save", collect()); } catch (e) { status(e.message, "error"); return; }
    saved = true;
    const ref = $("reference");
    ref.className = "sentence";
    ref.textContent = res.reference || "(this task has no reference)";
    document.querySelectorAll('select[data-after="1"]').forEach((sel) => { sel.disabled = false; });
    document.querySelectorAll(".output").forEach(applyUnchangedDefault);
    $("save").hidden = true;
    $("confirm").hidden = false;
    // On to the ratings that waited for the reference.
    const next = Array.from(document.querySelectorAll('select[data-after="1"]')).find((s) => s.value === "");
    if (next) next.focus({ preventScroll: true });
    status("Check your corrections against the reference, rate the rest, then Confirm.");
  }

  async function confirm() {
    const m = missing(true);
    if (m) { status("Rate every output on every scale first.", "error"); m.focus(); return; }
    const current = item; // the example confirmed, whatever happens meanwhile
    status("Storing\u2026");
    let res;
    try { res = await api("POST", "/api/confirm", collect()); } catch (e) { status(e.message, "error"); return; }
    current.confirmed = res.confirmed;
    current.done = true;
    if (current.pos < current.total - 1) {
      await load(current.pos + 1);
      if (item !== current) status("Confirmed and stored; here is the next example.", "ok");
      return;
    }
    progress();
    status("Confirmed and stored. That was the last example: <<< goes back, Quit ends.", "ok");
  }

  async function start() {
    if (!token) {
      showMessage("No token", "Open the link you were given: it ends in #token=\u2026");
      return;
    }
    try {
      session = await api("GET", "/api/session");
    } catch (e) {
      showMessage("Cannot start", e.message);
      return;
    }
    $("who").textContent = session.annotator;
    $("instructions").textContent = session.postEdit
      ? "Edit each white box into a grammatical, natural sentence with as few changes as possible; rate the outputs, then Save to see the reference."
      : "Rate each output, then Save and Confirm.";
    $("main").hidden = false;
    $("bar").hidden = false;
    document.addEventListener("keydown", pageKey);
    $("save").addEventListener("click", () => exclusive(save));
    $("confirm").addEventListener("click", () => exclusive(confirm));
    $("prev").addEventListener("click", () => exclusive(() => load(item.pos - 1)));
    $("next").addEventListener("click", () => exclusive(() => load(item.pos + 1)));
    $("quit").addEventListener("click", () => {
      if (busy) return;
      item = null;
      showMessage("Goodbye", "Your confirmed examples are stored; unconfirmed changes were discarded. Open your link again to resume.");
    });
    await exclusive(() => load(session.next));
  }

  start();
})();
