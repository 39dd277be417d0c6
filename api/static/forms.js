// Hermes: small helps for the forms of the lobby, sign-up and preferences. Served by the
// server itself (/static/forms.js); no library, no other host. Every form works without
// it: this copies a join link, shows the options of the kind chosen, and offers the
// browser's own time zone.
"use strict";
(function () {
  // The page's words in its reader's language (`data-words` on the body).
  function w(key, values) {
    var words = {};
    try { words = JSON.parse(document.body.getAttribute("data-words") || "{}"); } catch (e) { words = {}; }
    var text = words[key] || key;
    Object.keys(values || {}).forEach(function (k) { text = text.split("%" + k).join(String(values[k])); });
    return text;
  }

  // A join link's "Copy" button: shown only where the browser can copy.
  function copyButtons() {
    var buttons = document.querySelectorAll("button.copy[data-copy]");
    Array.prototype.forEach.call(buttons, function (b) {
      var field = document.getElementById(b.dataset.copy);
      if (!field) { return; }
      b.hidden = false;
      b.addEventListener("click", function () {
        var done = function () {
          var before = b.textContent;
          b.textContent = w("copied");
          b.dataset.copied = "true";
          setTimeout(function () { b.textContent = before; }, 2000);
        };
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(field.value).then(done, function () {
            field.select();
            if (document.execCommand("copy")) { done(); }
          });
        } else {
          field.select();
          if (document.execCommand("copy")) { done(); }
        }
      });
      field.addEventListener("focus", function () { field.select(); });
    });
  }

  // The new-game form: the options of the kind chosen only, and a seat count that the
  // kind allows (its radio button says how many may play it).
  function kindSwitch() {
    var form = document.getElementById("new-game");
    if (!form) { return; }
    var seats = form.querySelector("#seats");
    function update(changed) {
      var chosen = form.querySelector("input[name=kind]:checked");
      if (!chosen) { return; }
      var sets = form.querySelectorAll("fieldset.kind-options");
      Array.prototype.forEach.call(sets, function (f) {
        var mine = f.dataset.kind === chosen.value;
        f.hidden = !mine;
        f.disabled = !mine;
      });
      if (seats) {
        var min = parseInt(chosen.dataset.min, 10), max = parseInt(chosen.dataset.max, 10);
        seats.min = String(min);
        seats.max = String(max);
        var n = parseInt(seats.value, 10);
        if (changed && (isNaN(n) || n < min)) { seats.value = String(min); }
        if (changed && n > max) { seats.value = String(max); }
      }
    }
    Array.prototype.forEach.call(form.querySelectorAll("input[name=kind]"), function (r) {
      r.addEventListener("change", function () { update(true); });
    });
    update(false);
  }

  // Sign-up: the zone the browser runs in, chosen in the zone picker when the page comes
  // with none chosen yet.
  function browserZone() {
    var select = document.querySelector("select[data-browser-zone]");
    if (!select || !window.Intl || !Intl.DateTimeFormat) { return; }
    var zone;
    try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch (e) { return; }
    if (!zone || select.dataset.browserZone !== "offer") { return; }
    for (var i = 0; i < select.options.length; i++) {
      if (select.options[i].value === zone) {
        select.value = zone;
        // The page came with this zone: a live update need not ask to keep it.
        select.options[i].defaultSelected = true;
        var note = document.getElementById("zone-note");
        if (note) { note.textContent = w("zone-chosen", { zone: zone }); }
        return;
      }
    }
  }

  function boot() {
    copyButtons();
    kindSwitch();
    browserZone();
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", boot);
  } else {
    boot();
  }
  // A live page put a fresh copy of itself in place (play.js): its forms are new.
  document.addEventListener("hermes:swapped", boot);
})();
