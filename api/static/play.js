// Hermes: build a turn by clicking. Served by the server itself (/static/play.js); no
// library, no other host. The page works without it: this only fills the page's own
// notation form and submits it. Every step is asked of the server
// (GET <page>/play/legal?partial=…, with the page's own credential), never guessed here.
"use strict";
(function () {
  function $(id) { return document.getElementById(id); }
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function withParam(url, name, value) {
    return url + (url.indexOf("?") >= 0 ? "&" : "?") + name + "=" + encodeURIComponent(value);
  }
  function ask(url, partial) {
    return fetch(withParam(url, "partial", JSON.stringify(partial)), {
      credentials: "same-origin",
      headers: { accept: "application/json" }
    }).then(function (r) {
      return r.json().then(function (body) { return { ok: r.ok, body: body }; });
    });
  }
  function problem(body) {
    return (body && (body.detail || body.title)) || "The server did not answer.";
  }

  // ---------------------------------------------------------------- Gods
  var SVGNS = "http://www.w3.org/2000/svg";
  var FIELDS = {
    place_tribe: ["at"], place_desert: ["at"], place_temple: ["at"],
    whirlwind: ["from", "to"], move_desert: ["from", "to"], place_decay: ["at", "victim"]
  };
  var HEX_FIELDS = { at: true, from: true, to: true };

  function gods(builder) {
    var board = document.querySelector("#hermes-board");
    var svg = board && board.ownerSVGElement;
    var form = $("turn-form");
    var text = $("notation");
    if (!board || !form || !text) { return; }
    var display0 = JSON.parse(builder.dataset.display || "[]");
    var names = JSON.parse(builder.dataset.names || "[]");
    var size = parseFloat(board.getAttribute("data-hex-size") || "36");
    var steps = [];
    var legal = null;
    var notation = "";
    var pick = null; // { source, values }
    var ending = null; // "end" or "continue"

    function key(h) { return h[0] + "," + h[1]; }
    function source(s) { return s.slot ? "slot " + s.slot : s.do; }
    function fields(s) { return FIELDS[s.do] || []; }
    function display() {
      var d = display0.slice();
      steps.forEach(function (s) { if (s.slot) { d.splice(s.slot - 1, 1); } });
      return d;
    }
    function valueOf(s, f) { return HEX_FIELDS[f] ? key(s[f]) : String(s[f]); }
    function candidates() {
      if (!legal || !pick) { return []; }
      return legal.steps.filter(function (s) {
        if (source(s) !== pick.source) { return false; }
        return Object.keys(pick.values).every(function (f) {
          return s[f] !== undefined && valueOf(s, f) === pick.values[f];
        });
      });
    }
    function hexGroup(k) {
      var g = board.querySelector('g[data-hex="' + k + '"]');
      if (g) { return g; }
      // A hex that only became reachable during this turn: draw it like the others.
      var qr = k.split(",").map(Number);
      var x = size * Math.sqrt(3) * (qr[0] + qr[1] / 2), y = size * 1.5 * qr[1];
      g = document.createElementNS(SVGNS, "g");
      g.setAttribute("transform", "translate(" + x + "," + y + ")");
      g.setAttribute("data-hex", k);
      var w = size * 0.88 * Math.sqrt(3) / 2, r = size * 0.88;
      var p = document.createElementNS(SVGNS, "polygon");
      p.setAttribute("points", [[0, -r], [w, -r / 2], [w, r / 2], [0, r], [-w, r / 2], [-w, -r / 2]]
        .map(function (c) { return c[0] + "," + c[1]; }).join(" "));
      p.setAttribute("fill", "#ffffff");
      p.setAttribute("fill-opacity", "0.55");
      p.setAttribute("stroke", "#9a9a9a");
      p.setAttribute("stroke-dasharray", "4 3");
      var t = document.createElementNS(SVGNS, "text");
      t.setAttribute("text-anchor", "middle");
      t.setAttribute("font-size", String(size * 0.3));
      t.setAttribute("y", String(size * 0.1));
      t.textContent = k;
      g.appendChild(p);
      g.appendChild(t);
      board.insertBefore(g, board.firstChild);
      grow();
      return g;
    }
    function grow() {
      // Keep every hex inside the picture.
      var box = board.getBBox();
      var m = board.transform.baseVal.consolidate();
      var ox = m ? m.matrix.e : 0, oy = m ? m.matrix.f : 0;
      var vb = svg.viewBox.baseVal;
      var x0 = Math.min(vb.x, box.x + ox - 8), y0 = Math.min(vb.y, box.y + oy - 8);
      var x1 = Math.max(vb.x + vb.width, box.x + ox + box.width + 8);
      var y1 = Math.max(vb.y + vb.height, box.y + oy + box.height + 8);
      svg.setAttribute("viewBox", [x0, y0, x1 - x0, y1 - y0].join(" "));
      svg.setAttribute("width", String(x1 - x0));
      svg.setAttribute("height", String(y1 - y0));
    }
    function clearMarks() {
      Array.prototype.forEach.call(board.querySelectorAll("g.legal"), function (g) {
        g.classList.remove("legal");
      });
    }
    function markPlaced() {
      Array.prototype.forEach.call(board.querySelectorAll("g.placed"), function (g) {
        g.classList.remove("placed");
      });
      steps.forEach(function (s) {
        var h = s.at || s.to;
        if (h) { hexGroup(key(h)).classList.add("placed"); }
      });
    }
    function button(label, onclick, attrs) {
      var b = el("button", Object.assign({ type: "button" }, attrs || {}), label);
      b.addEventListener("click", onclick);
      return b;
    }
    function setError(message) {
      var e = $("b-error");
      e.textContent = message || "";
      e.hidden = !message;
    }
    function render() {
      var sources = $("b-sources"), choices = $("b-choices"), help = $("b-help");
      sources.textContent = "";
      choices.textContent = "";
      clearMarks();
      markPlaced();
      var shown = ending === "end" ? "end" : ending === "continue" ? "continue" : notation;
      $("b-text").textContent = shown || "(nothing yet)";
      // Read by the live update: a turn begun here is not thrown away.
      builder.dataset.building = steps.length > 0 || ending || pick ? "true" : "false";
      $("b-undo").disabled = steps.length === 0 && !ending;
      $("b-reset").disabled = steps.length === 0 && !ending && !pick;
      if (!legal) { return; }
      if (legal.may_declare_end) {
        help.textContent = "You may end the game now, or play on: you then gather your crystals and see the display.";
        choices.appendChild(button("End the game", function () { ending = "end"; render(); },
          { "aria-pressed": String(ending === "end") }));
        choices.appendChild(button("Play on", function () { ending = "continue"; render(); },
          { "aria-pressed": String(ending === "continue") }));
        $("b-send").disabled = !ending;
        return;
      }
      var owed = legal.owed;
      help.textContent = owed > 0
        ? "You owe " + owed + " action" + (owed === 1 ? "" : "s") + ". Pick a tile of the display, a temple or a desert to move; the hexes you may use light up."
        : "Your turn is complete: play it, or undo a step.";
      if (legal.can_finish && owed > 0 && steps.length > 0) {
        help.textContent = "No action is possible any more: play the turn as it stands.";
      }
      var bySource = {};
      legal.steps.forEach(function (s) { bySource[source(s)] = true; });
      display().forEach(function (name, i) {
        var src = "slot " + (i + 1);
        var b = button((i + 1) + ". " + name, function () { choose(src); }, {
          "data-source": src,
          "aria-pressed": String(!!pick && pick.source === src)
        });
        b.disabled = !bySource[src];
        sources.appendChild(b);
      });
      [["place_temple", "Place a temple"], ["move_desert", "Move a desert (2 crystals)"],
       ["play_extra", "Play an extra-action tile"]].forEach(function (o) {
        if (bySource[o[0]]) {
          sources.appendChild(button(o[1], function () { choose(o[0]); },
            { "data-source": o[0], "aria-pressed": String(!!pick && pick.source === o[0]) }));
        }
      });
      $("b-send").disabled = !(legal.can_finish && steps.length > 0);
      if (!pick) { return; }
      var cands = candidates();
      // A step with nothing left to choose: take it.
      var done = cands.filter(function (s) {
        return fields(s).every(function (f) { return pick.values[f] !== undefined; });
      });
      var open = cands.filter(function (s) { return done.indexOf(s) < 0; });
      if (done.length === 1 && open.length === 0 && fields(done[0]).length > 0) {
        return add(done[0]);
      }
      done.forEach(function (s) {
        var label = s.do === "discard" ? "Discard it"
          : s.do === "take_extra_action" ? "Keep it for a later turn"
          : s.do === "play_extra_action" ? "Play it now" : s.do;
        choices.appendChild(button(label, function () { add(s); }, { "data-do": s.do }));
      });
      var next = null;
      open.forEach(function (s) {
        var f = fields(s).filter(function (f) { return pick.values[f] === undefined; })[0];
        if (next === null) { next = f; }
      });
      if (next === "victim") {
        var seen = {};
        open.forEach(function (s) {
          if (seen[s.victim]) { return; }
          seen[s.victim] = true;
          choices.appendChild(button("Take a crystal from " + (names[s.victim] || "god " + s.victim),
            function () { pick.values.victim = String(s.victim); render(); }, { "data-victim": s.victim }));
        });
      } else if (next) {
        open.forEach(function (s) {
          if (s[next]) { hexGroup(key(s[next])).classList.add("legal"); }
        });
        help.textContent = next === "from" ? "Click the desert to move." :
          next === "to" ? "Click where it goes." : "Click a lit hex.";
      }
    }
    function choose(src) {
      setError("");
      pick = { source: src, values: {} };
      var only = candidates();
      if (src === "play_extra" && only.length === 1) { return add(only[0]); }
      render();
    }
    function add(step) {
      steps.push(step);
      pick = null;
      refresh();
    }
    function refresh() {
      legal = null;
      builder.dataset.ready = "false";
      render();
      return ask(builder.dataset.legal, { steps: steps }).then(function (a) {
        if (!a.ok) {
          setError(problem(a.body));
          if (steps.length > 0) { steps.pop(); return refresh(); }
          return;
        }
        legal = a.body.legal;
        notation = a.body.notation;
        builder.dataset.ready = "true";
        render();
      }, function () { setError("The server cannot be reached; use the form below."); });
    }
    board.addEventListener("click", function (ev) {
      var g = ev.target.closest && ev.target.closest("g[data-hex]");
      if (!g || !g.classList.contains("legal") || !pick) { return; }
      var open = candidates().filter(function (s) {
        return fields(s).some(function (f) { return pick.values[f] === undefined; });
      });
      var f = null;
      open.forEach(function (s) {
        var n = fields(s).filter(function (x) { return pick.values[x] === undefined; })[0];
        if (f === null) { f = n; }
      });
      if (!f || !HEX_FIELDS[f]) { return; }
      pick.values[f] = g.getAttribute("data-hex");
      render();
    });
    $("b-undo").addEventListener("click", function () {
      setError("");
      if (ending) { ending = null; render(); return; }
      steps.pop();
      pick = null;
      refresh();
    });
    $("b-reset").addEventListener("click", function () {
      setError("");
      steps = [];
      pick = null;
      ending = null;
      refresh();
    });
    $("b-send").addEventListener("click", function () {
      text.value = ending || notation;
      if (!text.value) { return; }
      $("b-send").disabled = true;
      form.submit();
    });
    builder.hidden = false;
    refresh();
  }

  // ---------------------------------------------------------------- Dreams
  function dreams(form) {
    var sky = document.querySelector("#hermes-firmament");
    var area = sky && sky.querySelector("rect");
    var x = $("x"), y = $("y"), kind = $("kind");
    if (!area || !x || !y) { return; }
    var max = parseInt(form.dataset.max || "100", 10);
    var marker = null;
    $("star-help").hidden = false;
    function setError(message) {
      var e = $("star-error");
      e.textContent = message || "";
      e.hidden = !message;
    }
    function mark(px, py) {
      if (!marker) {
        marker = document.createElementNS("http://www.w3.org/2000/svg", "circle");
        marker.setAttribute("r", "7");
        marker.setAttribute("fill", "none");
        marker.setAttribute("stroke", "#c2185b");
        marker.setAttribute("stroke-width", "3");
        marker.setAttribute("id", "star-marker");
        sky.appendChild(marker);
      }
      var w = parseFloat(area.getAttribute("width")), h = parseFloat(area.getAttribute("height"));
      marker.setAttribute("cx", String(px / max * w));
      marker.setAttribute("cy", String(py / max * h));
    }
    function check() {
      var px = parseInt(x.value, 10), py = parseInt(y.value, 10);
      if (isNaN(px) || isNaN(py)) { return; }
      mark(px, py);
      var star = { kind: kind ? kind.value.toLowerCase() : "clear", x: px, y: py };
      ask(form.dataset.legal, { star: star }).then(function (a) {
        setError(a.ok ? "" : problem(a.body));
        form.dataset.checked = a.ok ? "ok" : "refused";
      });
    }
    area.parentNode.addEventListener("click", function (ev) {
      var r = area.getBoundingClientRect();
      var px = Math.round((ev.clientX - r.left) / r.width * max);
      var py = Math.round((ev.clientY - r.top) / r.height * max);
      if (px < 0 || py < 0 || px > max || py > max) { return; }
      x.value = String(px);
      y.value = String(py);
      check();
    });
    [x, y, kind].forEach(function (i) { if (i) { i.addEventListener("change", check); } });
  }

  // A guess: a click on an image of the table, or on a player's name, ticks its choice.
  function guesses() {
    Array.prototype.forEach.call(document.querySelectorAll("#board g[data-image]"), function (g) {
      var radio = $("guess_image-" + g.getAttribute("data-image"));
      if (!radio) { return; }
      g.style.cursor = "pointer";
      g.addEventListener("click", function () { radio.checked = true; radio.focus(); });
    });
  }

  function start() {
    guesses();
    var builder = $("builder");
    if (builder) { gods(builder); }
    var star = $("star-form");
    if (star) { dreams(star); }
  }

  // ---------------------------------------------------------------- Live
  // A page marked <main data-live> follows its game (or, the lobby, its reader's games):
  // it listens to the server's event stream and, on any event, fetches itself again and
  // puts the new page in place of the old one: no reload, the tab's title says whose turn
  // it is. A turn being built (or a form being filled in) is never thrown away: the page
  // then only brings the table talk up to date and shows a bar that offers the update.
  var EVENTS = ["game_started", "your_turn", "turn", "message", "invited", "game_over",
    "resigned", "forfeited", "game_deleted"];

  function liveUrl(main) {
    if (main.dataset.liveUrl) { return main.dataset.liveUrl; }
    var m = location.pathname.match(/^(.*\/games\/[^\/]+)\/(play|replay)$/);
    if (!m) { return null; }
    var token = new URLSearchParams(location.search).get("token");
    return m[1] + "/play/events" + (token ? "?token=" + encodeURIComponent(token) : "");
  }

  // The page's own address without what said what the last form did (a flash, a step of
  // the replay that is no longer the last).
  function pageUrl() {
    var u = new URL(location.href);
    ["played", "posted", "created", "invited", "spectator", "at", "left", "deleted"].forEach(function (n) {
      u.searchParams.delete(n);
    });
    u.hash = "";
    return u.toString();
  }

  // Something the reader has begun that a new page would lose: a turn being built, a
  // field changed from what the page came with, a refusal still to read.
  function unsaved(main) {
    var builder = $("builder");
    if (builder && builder.dataset.building === "true") { return true; }
    if (main.querySelector(".problem:not([hidden])")) { return true; }
    var fields = main.querySelectorAll("input, textarea, select");
    for (var i = 0; i < fields.length; i++) {
      var f = fields[i];
      if (f.id === "talk-body" || f.type === "hidden") { continue; }
      if (f.type === "radio" || f.type === "checkbox") {
        if (f.checked !== f.defaultChecked) { return true; }
      } else if (f.tagName === "SELECT") {
        for (var j = 0; j < f.options.length; j++) {
          if (f.options[j].selected !== f.options[j].defaultSelected) { return true; }
        }
      } else if (f.value !== f.defaultValue) {
        return true;
      }
    }
    return false;
  }

  function live() {
    var main = document.querySelector("main[data-live]");
    if (!main || !window.EventSource || !window.fetch || !window.DOMParser) { return; }
    var url = liveUrl(main);
    if (!url) { return; }
    var bar = null, pending = null, busy = false, again = false, source = null;

    function notify(title) {
      if (!document.hidden || !window.Notification || Notification.permission !== "granted") { return; }
      try { new Notification(title, { icon: iconHref(), tag: "hermes-turn" }); } catch (e) { /* not here */ }
    }
    function iconHref() {
      var link = document.querySelector("link[rel=icon]");
      return link ? link.href : undefined;
    }
    function showBar(fresh) {
      if (!bar) {
        bar = el("p", { "class": "live-bar", role: "status", id: "live-bar" });
        bar.appendChild(document.createTextNode("The game has moved on. "));
        var b = el("button", { type: "button", id: "live-update" }, "Show it");
        bar.appendChild(b);
        bar.appendChild(el("span", { "class": "muted" }, " (what you have begun here will be lost)"));
        b.addEventListener("click", function () {
          if (bar.fresh) { swap(bar.fresh); }
          hideBar();
        });
        main.parentNode.insertBefore(bar, main);
      }
      bar.fresh = fresh;
      bar.hidden = false;
    }
    function hideBar() { if (bar) { bar.hidden = true; bar.fresh = null; } }

    function swap(fresh) {
      var talk = $("talk-body");
      var draft = talk ? talk.value : "", focused = talk && document.activeElement === talk;
      main.innerHTML = fresh.innerHTML;
      ["myTurn", "live"].forEach(function (k) {
        if (fresh.dataset[k] !== undefined) { main.dataset[k] = fresh.dataset[k]; }
      });
      talk = $("talk-body");
      if (talk && draft) { talk.value = draft; }
      if (talk && focused) { talk.focus(); }
      if (location.search.match(/[?&](played|posted|created|invited|spectator|at|left|deleted)=/)) {
        history.replaceState(null, "", pageUrl());
      }
      start();
      document.dispatchEvent(new Event("hermes:swapped"));
    }

    function refresh() {
      if (busy) { again = true; return; }
      busy = true;
      fetch(pageUrl(), { credentials: "same-origin", headers: { accept: "text/html" } })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (html) {
          if (html === null) { return; }
          var doc = new DOMParser().parseFromString(html, "text/html");
          var fresh = doc.querySelector("main");
          if (!fresh) { return; }
          var before = parseInt(main.dataset.myTurn || "0", 10);
          var after = parseInt(fresh.dataset.myTurn || "0", 10);
          document.title = doc.title;
          if (unsaved(main)) {
            var list = $("talk-list"), freshList = fresh.querySelector("#talk-list");
            if (list && freshList) { list.innerHTML = freshList.innerHTML; }
            showBar(fresh);
          } else {
            hideBar();
            swap(fresh);
          }
          main.dataset.myTurn = String(after);
          if (after > before) { notify(doc.title.replace(/ · Hermes$/, "")); }
        })
        .catch(function () { /* the next event tries again */ })
        .then(function () {
          busy = false;
          if (again) { again = false; soon(); }
        });
    }
    function soon() {
      if (pending) { clearTimeout(pending); }
      pending = setTimeout(function () { pending = null; refresh(); }, 80);
    }

    function open() {
      source = new EventSource(url);
      EVENTS.forEach(function (t) { source.addEventListener(t, soon); });
      source.addEventListener("open", function () { main.dataset.liveOpen = "true"; });
      source.addEventListener("error", function () {
        // Refused (signed out, the link expired): try again later, and catch up then.
        if (source.readyState === EventSource.CLOSED) {
          main.dataset.liveOpen = "false";
          setTimeout(function () { open(); soon(); }, 30000);
        }
      });
    }
    open();
    // Back to a tab that slept: what the stream said meanwhile may have been missed.
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden) { soon(); }
    });
    window.hermesLive = { refresh: refresh };
    notifyButton();
  }

  // Opt-in "your turn" notifications while a tab is open: the browser asks only after a
  // click on this button. (Nothing is pushed to a closed browser.)
  function notifyButton() {
    if (!window.Notification || Notification.permission !== "default") { return; }
    var header = document.querySelector("header");
    if (!header) { return; }
    var p = el("p", {});
    var b = el("button", { type: "button", id: "live-notify" }, "Tell me when it is my turn");
    p.appendChild(b);
    header.appendChild(p);
    b.addEventListener("click", function () {
      Notification.requestPermission().then(function (answer) {
        p.textContent = answer === "granted"
          ? "This tab will tell you when it is your turn."
          : "No notifications: the browser was told not to.";
      });
    });
  }

  function boot() {
    start();
    live();
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", boot);
  } else {
    boot();
  }
})();
