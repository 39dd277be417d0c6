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
  // The page's words in its reader's language (`data-words` on the body, written by the
  // server from its catalogue); `%n`, `%name` in them are filled in here.
  var WORDS = null;
  function w(key, values) {
    if (WORDS === null) {
      try { WORDS = JSON.parse(document.body.getAttribute("data-words") || "{}"); } catch (e) { WORDS = {}; }
    }
    var text = WORDS[key] || key;
    Object.keys(values || {}).forEach(function (k) { text = text.split("%" + k).join(String(values[k])); });
    return text;
  }
  function problem(body) {
    return (body && (body.detail || body.title)) || w("no-answer");
  }


  // ---------------------------------------------------------------- Zoom and pan
  // The board in a frame of its own: the SVG's viewBox is the window onto it, moved by
  // the buttons, a pinch or a drag (a finger when zoomed in, a mouse always), and by the
  // page itself to bring lit hexes (or the focused one) into sight.
  function zoomable(wrap, svg, unit) {
    var vb = svg.viewBox.baseVal;
    var base = { x: vb.x, y: vb.y, w: vb.width, h: vb.height };
    var view = null;
    // The points the page last brought into sight (`show`), while nobody has moved the
    // window since: shown again when the frame changes size (the step bar grew).
    var shown = null;
    wrap.classList.add("zoomable");
    function size() { return { w: wrap.clientWidth || 1, h: wrap.clientHeight || 1 }; }
    function fitView() {
      var s = size(), a = s.w / s.h;
      var w = Math.max(base.w, base.h * a), h = w / a;
      return { x: base.x + base.w / 2 - w / 2, y: base.y + base.h / 2 - h / 2, w: w, h: h };
    }
    // The frame is as tall as the whole board at its width, up to what the style allows.
    // When even the whole board's hexes are too small to touch, the frame takes all the
    // height it may have (the style caps it): the board is zoomed in such a frame.
    function frameHeight() {
      var w = wrap.clientWidth;
      var small = unit && w / base.w * unit < 44;
      var want = Math.round(small ? Math.max(w * base.h / base.w, 4 * w) : w * base.h / base.w) + "px";
      if (wrap.style.height !== want) { wrap.style.height = want; }
    }
    // Show the window `v` (SVG units), kept to a sensible size and, unless `free` (a window
    // the page chose to show given points, which lie on the board), over the board.
    function apply(v, free) {
      shown = null;
      var s = size(), a = s.w / s.h, fit = fitView();
      var w = Math.min(Math.max(v.w, fit.w / 8), free ? 2 * fit.w : fit.w), h = w / a;
      var cx = v.x + v.w / 2, cy = v.y + v.h / 2;
      if (!free) {
        // The centre stays over the board.
        cx = Math.min(Math.max(cx, Math.min(base.x + w / 2, fit.x + fit.w / 2)), Math.max(base.x + base.w - w / 2, fit.x + fit.w / 2));
        cy = Math.min(Math.max(cy, Math.min(base.y + h / 2, fit.y + fit.h / 2)), Math.max(base.y + base.h - h / 2, fit.y + fit.h / 2));
      }
      view = { x: cx - w / 2, y: cy - h / 2, w: w, h: h, free: !!free };
      svg.setAttribute("viewBox", [view.x, view.y, view.w, view.h].join(" "));
      var zoomed = w < fit.w * 0.999;
      var whole = !zoomed && Math.abs(w - fit.w) <= fit.w * 0.001 &&
        Math.abs(cx - fit.x - fit.w / 2) <= 1 && Math.abs(cy - fit.y - fit.h / 2) <= 1;
      wrap.classList.toggle("zoomed", zoomed);
      if (out) { out.disabled = !zoomed; fitButton.disabled = whole; }
      wrap.dispatchEvent(new Event("hermes:zoomed"));
    }
    function zoomBy(f, cx, cy) {
      var v = view || fitView();
      if (cx === undefined) { cx = v.x + v.w / 2; cy = v.y + v.h / 2; }
      var w = v.w / f, h = v.h / f;
      apply({ x: cx - (cx - v.x) / f, y: cy - (cy - v.y) / f, w: w, h: h });
    }
    function toUnits(clientX, clientY) {
      var r = svg.getBoundingClientRect(), v = view || fitView();
      return { x: v.x + (clientX - r.left) / r.width * v.w, y: v.y + (clientY - r.top) / r.height * v.h };
    }
    function pxPerUnit() { var v = view || fitView(); return size().w / v.w; }
    // Show every one of the points (SVG units, each a hex of circumradius r) in the part
    // of the frame the reader sees (`seen`: its top and bottom in px from the frame's
    // top; the whole frame without it): as close as minPx a hex when they all fit so,
    // else as close as they all fit (the hexes may then be too small to touch: see
    // `zoomAt`). A window that already shows them all at minPx or more is kept.
    function show(pts, minPx, seen, again) {
      if (!pts.length) { return; }
      var s = size(), a = s.w / s.h, fit = fitView();
      var part = seen && seen();
      var top = part ? Math.max(0, part.top) : 0, bottom = part ? Math.min(s.h, part.bottom) : s.h;
      if (bottom - top < 40) { top = 0; bottom = s.h; }
      var share = (bottom - top) / s.h;
      var r = pts[0].r, x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      pts.forEach(function (p) {
        x0 = Math.min(x0, p.x - p.r); y0 = Math.min(y0, p.y - p.r);
        x1 = Math.max(x1, p.x + p.r); y1 = Math.max(y1, p.y + p.r);
      });
      // A little room around them, so that no lit edge touches the frame's.
      var pad = r * 0.12;
      x0 -= pad; y0 -= pad; x1 += pad; y1 += pad;
      var v = view || fitView();
      var vy0 = v.y + top / s.h * v.h, vy1 = v.y + bottom / s.h * v.h;
      if (!again && v.w <= Math.sqrt(3) * r * s.w / minPx * 1.0001 &&
          x0 >= v.x && x1 <= v.x + v.w && y0 >= vy0 && y1 <= vy1) {
        shown = { pts: pts, minPx: minPx, seen: seen };
        return;
      }
      // The narrowest window that holds them all, and the widest at which a hex is
      // minPx wide: the nearer of the two that holds them.
      var need = Math.max(x1 - x0, (y1 - y0) * a / share);
      var w = Math.max(need, Math.min(Math.sqrt(3) * r * s.w / minPx, fit.w));
      var h = w / a;
      // Centred in the part that is seen.
      var cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
      var vy = cy - ((top + bottom) / 2) / s.h * h;
      apply({ x: cx - w / 2, y: vy, w: w, h: h }, true);
      shown = { pts: pts, minPx: minPx, seen: seen };
    }
    var bar = el("div", { "class": "zoom-bar" });
    var zin = el("button", { type: "button", id: "zoom-in" }, w("zoom-in"));
    var out = el("button", { type: "button", id: "zoom-out" }, w("zoom-out"));
    var fitButton = el("button", { type: "button", id: "zoom-fit" }, w("zoom-fit"));
    zin.addEventListener("click", function () { zoomBy(1.5); });
    out.addEventListener("click", function () { zoomBy(1 / 1.5); });
    fitButton.addEventListener("click", function () { apply(fitView()); });
    [zin, out, fitButton].forEach(function (b) { bar.appendChild(b); });
    wrap.parentNode.insertBefore(bar, wrap);

    // A drag pans; a pinch zooms around the fingers. A drag is not a tap: the click that
    // ends it is swallowed.
    var drag = null, moved = false, pinch = null;
    wrap.addEventListener("mousedown", function (ev) {
      if (ev.button !== 0 || ev.target.closest("button")) { return; }
      drag = { x: ev.clientX, y: ev.clientY, v: view || fitView() };
      moved = false;
    });
    window.addEventListener("mousemove", function (ev) {
      if (!drag) { return; }
      var dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
      if (!moved && Math.abs(dx) + Math.abs(dy) < 6) { return; }
      moved = true;
      var k = 1 / pxPerUnit();
      apply({ x: drag.v.x - dx * k, y: drag.v.y - dy * k, w: drag.v.w, h: drag.v.h });
    });
    window.addEventListener("mouseup", function () { drag = null; });
    function touches(ev) {
      return Array.prototype.map.call(ev.touches, function (t) { return { x: t.clientX, y: t.clientY }; });
    }
    wrap.addEventListener("touchstart", function (ev) {
      if (ev.target.closest("button")) { return; }
      var t = touches(ev);
      if (t.length === 2) {
        ev.preventDefault();
        var mid = { x: (t[0].x + t[1].x) / 2, y: (t[0].y + t[1].y) / 2 };
        pinch = { d: Math.hypot(t[0].x - t[1].x, t[0].y - t[1].y), at: toUnits(mid.x, mid.y), v: view || fitView() };
        drag = null;
      } else if (t.length === 1 && wrap.classList.contains("zoomed")) {
        drag = { x: t[0].x, y: t[0].y, v: view || fitView() };
        moved = false;
      }
    }, { passive: false });
    wrap.addEventListener("touchmove", function (ev) {
      var t = touches(ev);
      if (pinch && t.length === 2) {
        ev.preventDefault();
        var f = Math.hypot(t[0].x - t[1].x, t[0].y - t[1].y) / (pinch.d || 1);
        var v = pinch.v, w = v.w / f, h = v.h / f;
        apply({ x: pinch.at.x - (pinch.at.x - v.x) / f, y: pinch.at.y - (pinch.at.y - v.y) / f, w: w, h: h });
        moved = true;
      } else if (drag && t.length === 1) {
        var dx = t[0].x - drag.x, dy = t[0].y - drag.y;
        if (!moved && Math.abs(dx) + Math.abs(dy) < 8) { return; }
        ev.preventDefault();
        moved = true;
        var k = 1 / pxPerUnit();
        apply({ x: drag.v.x - dx * k, y: drag.v.y - dy * k, w: drag.v.w, h: drag.v.h });
      }
    }, { passive: false });
    wrap.addEventListener("touchend", function (ev) {
      if (ev.touches.length < 2) { pinch = null; }
      if (ev.touches.length === 0) { drag = null; }
    });
    wrap.addEventListener("click", function (ev) {
      if (moved) { moved = false; ev.stopPropagation(); ev.preventDefault(); }
    }, true);
    if (window.ResizeObserver) {
      new ResizeObserver(function () {
        frameHeight();
        if (shown) { show(shown.pts, shown.minPx, shown.seen, true); } else { apply(view || fitView(), view && view.free); }
      }).observe(wrap);
    }
    frameHeight();
    apply(fitView());
    return {
      // The board grew (a hex reachable only during this turn): the frame takes it in.
      grow: function (x0, y0, x1, y1) {
        var bx1 = Math.max(base.x + base.w, x1), by1 = Math.max(base.y + base.h, y1);
        base.x = Math.min(base.x, x0);
        base.y = Math.min(base.y, y0);
        base.w = bx1 - base.x;
        base.h = by1 - base.y;
        frameHeight();
        apply(view || fitView());
      },
      base: function () { return base; },
      // How wide a hex of circumradius r is drawn now, in CSS pixels.
      hexPx: function (r) { return Math.sqrt(3) * r * pxPerUnit(); },
      show: show,
      // A tap at (clientX, clientY) on a board whose hexes are too small to touch: zoom in
      // around it until a hex is minPx wide, the point staying under the finger (moved only
      // as far as its hex needs to be wholly in the seen part of the frame).
      zoomAt: function (clientX, clientY, r, minPx, seen) {
        var s = size(), a = s.w / s.h, rect = svg.getBoundingClientRect();
        var p = toUnits(clientX, clientY);
        var w = Math.sqrt(3) * r * s.w / minPx, h = w / a, k = w / s.w;
        var fx = clientX - rect.left, fy = clientY - rect.top;
        var part = seen && seen();
        var top = part ? Math.max(0, part.top) : 0, bottom = part ? Math.min(s.h, part.bottom) : s.h;
        var room = r * 1.1 / k; // a hex's half height, and a little, in px
        fx = Math.min(Math.max(fx, room), s.w - room);
        fy = Math.min(Math.max(fy, top + room), bottom - room);
        apply({ x: p.x - fx * k, y: p.y - fy * k, w: w, h: h }, true);
      },
      // Bring one point (a focused hex) into sight, moving as little as possible.
      reach: function (p) {
        var v = view || fitView();
        if (p.x - p.r >= v.x && p.x + p.r <= v.x + v.w && p.y - p.r >= v.y && p.y + p.r <= v.y + v.h) { return; }
        apply({ x: p.x - v.w / 2, y: p.y - v.h / 2, w: v.w, h: v.h });
      }
    };
  }

  // Where a hex's centre is, in the picture's own units.
  function centreOf(svg, g, r) {
    var m = svg.getScreenCTM(), n = g.getScreenCTM();
    if (!m || !n) { return null; }
    var t = m.inverse().multiply(n);
    return { x: t.e, y: t.f, r: r, g: g };
  }

  // Arrow keys between the hexes: the nearest one in the arrow's direction.
  var ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  function nextHex(from, list, dir) {
    var best = null, bestScore = Infinity;
    list.forEach(function (p) {
      if (p.g === from.g) { return; }
      var dx = p.x - from.x, dy = p.y - from.y;
      var along = dx * dir[0] + dy * dir[1];
      if (along <= 1) { return; }
      var across = Math.abs(dx * dir[1] - dy * dir[0]);
      var score = along + 2 * across;
      if (score < bestScore) { bestScore = score; best = p; }
    });
    return best;
  }

  // What the focused element is, to find its like again after a redraw.
  function focusKey(node) {
    if (!node || node === document.body) { return null; }
    if (node.id) { return "#" + CSS.escape(node.id); }
    var attrs = ["data-hex", "data-source", "data-do", "data-victim", "data-image", "name"];
    for (var i = 0; i < attrs.length; i++) {
      var v = node.getAttribute && node.getAttribute(attrs[i]);
      if (v !== null && v !== undefined) {
        return node.tagName.toLowerCase() + "[" + attrs[i] + '="' + CSS.escape(v) + '"]';
      }
    }
    return null;
  }

  // ---------------------------------------------------------------- Gods
  var SVGNS = "http://www.w3.org/2000/svg";
  var FIELDS = {
    place_tribe: ["at"], place_desert: ["at"], place_temple: ["at"],
    whirlwind: ["from", "to"], move_desert: ["from", "to"], place_decay: ["at", "victim"]
  };
  var HEX_FIELDS = { at: true, from: true, to: true };
  // The least a finger's target may be, each way, in CSS pixels.
  var TOUCH_PX = 44;

  // The Gods board of a game page: a frame to zoom and pan, and hexes a keyboard reaches.
  function boardUI() {
    var board = document.querySelector("#board #hermes-board");
    var svg = board && board.ownerSVGElement;
    var wrap = $("board");
    if (!board || !svg || !wrap) { return null; }
    var size = parseFloat(board.getAttribute("data-hex-size") || "36");
    var zoom = zoomable(wrap, svg, size * 0.88 * Math.sqrt(3));
    function hexes() { return Array.prototype.slice.call(board.querySelectorAll("g[data-hex]")); }
    function points(list) {
      return list.map(function (g) { return centreOf(svg, g, size * 0.88); }).filter(Boolean);
    }
    // Every hex is a button a keyboard reaches (one at a time: Tab comes to the board
    // once, the arrow keys go on from there); only the lit ones do something.
    function keyboardHexes() {
      var all = hexes(), lit = all.filter(function (g) { return g.classList.contains("legal"); });
      var current = all.filter(function (g) { return g.getAttribute("tabindex") === "0"; })[0];
      if (lit.length && (!current || !current.classList.contains("legal"))) { current = lit[0]; }
      if (!current) { current = all[0]; }
      all.forEach(function (g) {
        g.setAttribute("role", "button");
        g.setAttribute("tabindex", g === current ? "0" : "-1");
        g.setAttribute("aria-disabled", g.classList.contains("legal") ? "false" : "true");
      });
    }
    function focusHex(g) {
      hexes().forEach(function (h) { h.setAttribute("tabindex", h === g ? "0" : "-1"); });
      var p = centreOf(svg, g, size * 0.88);
      if (p) { zoom.reach(p); }
      g.focus({ preventScroll: true });
    }
    svg.addEventListener("keydown", function (ev) {
      var g = ev.target.closest && ev.target.closest("g[data-hex]");
      if (!g) { return; }
      if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        if (g.classList.contains("legal")) { g.dispatchEvent(new MouseEvent("click", { bubbles: true })); }
        return;
      }
      var dir = ARROWS[ev.key];
      if (!dir) { return; }
      ev.preventDefault();
      var all = hexes(), lit = all.filter(function (h) { return h.classList.contains("legal"); });
      var from = centreOf(svg, g, size * 0.88);
      var to = from && (nextHex(from, points(lit.length ? lit : all), dir) || nextHex(from, points(all), dir));
      if (to) { focusHex(to.g); }
    });
    keyboardHexes();
    return { board: board, svg: svg, wrap: wrap, size: size, zoom: zoom, hexes: hexes,
      points: points, keyboardHexes: keyboardHexes, focusHex: focusHex };
  }

  function gods(builder, ui) {
    var form = $("turn-form");
    var text = $("notation");
    if (!ui || !form || !text) { return; }
    var board = ui.board, svg = ui.svg, wrap = ui.wrap, size = ui.size, zoom = ui.zoom;
    var hexes = ui.hexes, points = ui.points, keyboardHexes = ui.keyboardHexes, focusHex = ui.focusHex;
    var display0 = JSON.parse(builder.dataset.display || "[]");
    var names = JSON.parse(builder.dataset.names || "[]");
    var litBefore = "";
    var handOn = false; // a hex was just chosen: the focus goes on to the next step
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
      zoom.grow(box.x + ox - 8, box.y + oy - 8, box.x + ox + box.width + 8, box.y + oy + box.height + 8);
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
    // The step bar at the bottom of a phone's screen: the page leaves room for it.
    function barHeight() {
      var fixed = window.getComputedStyle(builder).position === "fixed" && !builder.hidden;
      document.body.classList.toggle("has-bar", fixed);
      document.documentElement.style.setProperty("--bar-h", (fixed ? builder.offsetHeight : 0) + "px");
    }
    // The part of the board's frame on the screen and not under the step bar, in px from
    // the frame's top.
    function seen() {
      var r = wrap.getBoundingClientRect();
      var barTop = document.body.classList.contains("has-bar") ? builder.getBoundingClientRect().top : window.innerHeight;
      return { top: Math.max(0, -r.top), bottom: Math.min(r.bottom, barTop, window.innerHeight) - r.top };
    }
    // After a tile is chosen: all its lit hexes in sight, above the bar, as big as they
    // may be while all are (if that is too small to touch, a tap first zooms in: below).
    function showLit(lit) {
      var r = wrap.getBoundingClientRect();
      var barTop = document.body.classList.contains("has-bar") ? builder.getBoundingClientRect().top : window.innerHeight;
      var bar = wrap.previousElementSibling;
      var top = bar && bar.classList.contains("zoom-bar") ? bar.getBoundingClientRect().top : r.top;
      if (top < 0 || r.bottom > barTop + 1) { window.scrollBy(0, top - 4); }
      zoom.show(points(lit), TOUCH_PX + 2, seen);
    }
    // While the lit hexes are too small for a finger, the help says what a tap does.
    function hint() {
      var help = $("b-help"), note = $("b-zoom-hint");
      var coarse = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
      var want = coarse && !!board.querySelector("g.legal") && zoom.hexPx(size * 0.88) < TOUCH_PX;
      if (want && !note && help) {
        help.appendChild(el("span", { id: "b-zoom-hint" }, " They are small: a first tap on the board zooms in there."));
        return true;
      }
      if (!want && note) {
        note.remove();
        return true;
      }
      return false;
    }
    wrap.addEventListener("hermes:zoomed", function () { if (hint()) { barHeight(); } });
    // A finger's tap on the board while its lit hexes are drawn too small to touch chooses
    // nothing: it zooms in around the finger until they are big enough (the mouse and the
    // keyboard choose at any size).
    var lastDown = { type: "", at: 0 };
    wrap.addEventListener("pointerdown", function (ev) { lastDown = { type: ev.pointerType, at: Date.now() }; }, true);
    wrap.addEventListener("click", function (ev) {
      var type = ev.pointerType || (ev.isTrusted && Date.now() - lastDown.at < 1500 ? lastDown.type : "");
      if (type !== "touch" && type !== "pen") { return; }
      if (!board.querySelector("g.legal") || zoom.hexPx(size * 0.88) >= TOUCH_PX) { return; }
      ev.stopPropagation();
      ev.preventDefault();
      // Big enough to touch, and enough bigger that the tap is seen to have done something.
      var px = Math.max(TOUCH_PX + 2, Math.min(zoom.hexPx(size * 0.88) * 1.6, 60));
      zoom.zoomAt(ev.clientX, ev.clientY, size * 0.88, px, seen);
    }, true);
    function render() {
      var sources = $("b-sources"), choices = $("b-choices"), help = $("b-help");
      var active = document.activeElement;
      var ours = !active || active === document.body || builder.contains(active) || wrap.contains(active);
      var was = ours ? focusKey(active) : null;
      var fromSources = !!active && sources.contains(active);
      renderSteps(sources, choices, help);
      barHeight();
      var lit = hexes().filter(function (g) { return g.classList.contains("legal"); });
      var litNow = lit.map(function (g) { return g.getAttribute("data-hex"); }).join(" ");
      keyboardHexes();
      var barWas = builder.offsetHeight;
      if (lit.length && litNow !== litBefore) { showLit(lit); }
      if (hint()) { barHeight(); }
      // The hint may have made the step bar taller: the lit hexes again above it.
      if (lit.length && litNow !== litBefore && builder.offsetHeight !== barWas) { showLit(lit); }
      var fresh = litNow !== litBefore;
      litBefore = litNow;
      if (!ours) { return; }
      // Focus stays where it was, or goes where the next step is taken.
      var again = was && (builder.querySelector(was) || board.querySelector(was));
      var target = null;
      if (lit.length && (fromSources || fresh) && !(again && again.classList && again.classList.contains("legal"))) {
        target = board.querySelector('g[tabindex="0"]');
      } else if (handOn && !lit.length && !legal) {
        // Waiting for the server's answer: the focus stays on the hex chosen.
        target = null;
      } else if (again && !again.disabled && !(handOn && again.getAttribute("data-hex") && !lit.length)) {
        // (A hex just chosen hands the focus on to the next step's controls.)
        target = again;
      } else {
        target = choices.querySelector("button") ||
          ($("b-send").disabled ? null : $("b-send")) || sources.querySelector("button:enabled");
      }
      if (target && !target.getAttribute("data-hex")) { handOn = false; }
      if (target && target !== document.activeElement && (active !== document.body || was)) {
        if (target.getAttribute("data-hex")) { focusHex(target); } else { target.focus({ preventScroll: true }); }
      }
    }
    function renderSteps(sources, choices, help) {
      sources.textContent = "";
      choices.textContent = "";
      clearMarks();
      markPlaced();
      var shown = ending === "end" ? "end" : ending === "continue" ? "continue" : notation;
      $("b-text").textContent = shown || w("nothing-yet");
      // Read by the live update: a turn begun here is not thrown away.
      builder.dataset.building = steps.length > 0 || ending || pick ? "true" : "false";
      $("b-undo").disabled = steps.length === 0 && !ending;
      $("b-reset").disabled = steps.length === 0 && !ending && !pick;
      if (!legal) { return; }
      if (legal.may_declare_end) {
        help.textContent = w("may-end");
        choices.appendChild(button(w("end-game"), function () { ending = "end"; render(); },
          { "aria-pressed": String(ending === "end") }));
        choices.appendChild(button(w("play-on"), function () { ending = "continue"; render(); },
          { "aria-pressed": String(ending === "continue") }));
        $("b-send").disabled = !ending;
        return;
      }
      var owed = legal.owed;
      help.textContent = owed > 0
        ? w(owed === 1 ? "owe-one" : "owe", { n: owed })
        : w("complete");
      if (legal.can_finish && owed > 0 && steps.length > 0) {
        help.textContent = w("no-action-left");
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
      [["place_temple", w("place-temple")], ["move_desert", w("move-desert")],
       ["play_extra_action", w("play-extra")]].forEach(function (o) {
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
        add(done[0]);
        return;
      }
      done.forEach(function (s) {
        var label = s.do === "discard" ? w("discard-it")
          : s.do === "take_extra_action" ? w("keep-it")
          : s.do === "play_extra_action" ? w("play-it-now")
          // Never an identifier on a button: `some_step` reads "Some step".
          : s.do.charAt(0).toUpperCase() + s.do.slice(1).replace(/_/g, " ");
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
          choices.appendChild(button(w("take-crystal", { name: names[s.victim] || w("god-n", { n: s.victim }) }),
            function () { pick.values.victim = String(s.victim); render(); }, { "data-victim": s.victim }));
        });
      } else if (next) {
        open.forEach(function (s) {
          if (s[next]) { hexGroup(key(s[next])).classList.add("legal"); }
        });
        var n = board.querySelectorAll("g.legal").length;
        help.textContent = next === "from" ? w("choose-desert") :
          next === "to" ? w("choose-where") :
          n > 1 ? w("choose-lit-n", { n: n }) : w("choose-lit");
      }
    }
    function choose(src) {
      setError("");
      pick = { source: src, values: {} };
      var only = candidates();
      if (src === "play_extra_action" && only.length === 1) { return add(only[0]); }
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
      }, function () { setError(w("unreachable")); });
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
      handOn = true;
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

  // An image of the table, tapped (or Enter on it): shown the full width of the screen,
  // with the guess it stands for one tap away.
  function guesses() {
    var svg = document.querySelector("#board > svg");
    if (!svg) { return; }
    Array.prototype.forEach.call(svg.querySelectorAll("g[data-image]"), function (g) {
      var n = g.getAttribute("data-image");
      var title = g.querySelector("title");
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "0");
      g.setAttribute("aria-label", w("image", { n: n }) + (title && title.textContent ? ": " + title.textContent : "") + ". " + w("show-large"));
      g.style.cursor = "zoom-in";
      function open() { showImage(svg, g, n); }
      g.addEventListener("click", open);
      g.addEventListener("keydown", function (ev) {
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); open(); }
      });
    });
  }

  function showImage(svg, g, n) {
    var old = $("image-view");
    if (old) { old.remove(); }
    var box = g.getBBox(), m = svg.getScreenCTM().inverse().multiply(g.getScreenCTM());
    var big = svg.cloneNode(true);
    big.removeAttribute("id");
    big.setAttribute("viewBox", [m.e + box.x, m.f + box.y, box.width, box.height].join(" "));
    big.removeAttribute("width");
    big.removeAttribute("height");
    big.setAttribute("role", "img");
    big.setAttribute("aria-label", w("image-large", { n: n }));
    Array.prototype.forEach.call(big.querySelectorAll("[id]"), function (e) {
      if (e.tagName.toLowerCase() !== "pattern" && e.tagName.toLowerCase() !== "clippath" && e.tagName.toLowerCase() !== "lineargradient" && e.tagName.toLowerCase() !== "radialgradient") { e.removeAttribute("id"); }
    });
    Array.prototype.forEach.call(big.querySelectorAll("[tabindex],[role=button]"), function (e) {
      e.removeAttribute("tabindex");
      e.removeAttribute("role");
    });
    var d = el("dialog", { id: "image-view", "class": "image-view", "aria-label": w("image", { n: n }) });
    d.appendChild(big);
    var p = el("p", {});
    var radio = $("guess_image-" + n);
    if (radio) {
      var pickIt = el("button", { type: "button", id: "image-choose" }, w("guess-image", { n: n }));
      pickIt.addEventListener("click", function () { radio.checked = true; d.close(); radio.focus(); });
      p.appendChild(pickIt);
    }
    var close = el("button", { type: "button", id: "image-close" }, w("close"));
    close.addEventListener("click", function () { d.close(); });
    p.appendChild(close);
    d.appendChild(p);
    d.addEventListener("close", function () { d.remove(); g.focus(); });
    document.body.appendChild(d);
    d.showModal();
    close.focus();
  }

  // On a narrow screen the table of Dreams is stacked: the four images, then the
  // firmament below them at the full width, then the key, so that each is big enough to
  // point at (side by side, the firmament was a sixth of a phone's screen).
  function dreamsNarrow() {
    var svg = document.querySelector("#board > svg");
    var sky = svg && svg.querySelector("#hermes-firmament");
    if (!sky || !window.matchMedia || !window.matchMedia("(max-width: 760px)").matches) { return; }
    if (svg.dataset.stacked) { return; }
    svg.dataset.stacked = "true";
    var NS = "http://www.w3.org/2000/svg";
    var kids = Array.prototype.slice.call(svg.children);
    var after = kids.slice(kids.indexOf(sky) + 1);
    var x1 = 0, y1 = 0;
    Array.prototype.forEach.call(svg.querySelectorAll("g[data-image]"), function (g) {
      var b = g.getBBox();
      x1 = Math.max(x1, b.x + b.width);
      y1 = Math.max(y1, b.y + b.height);
    });
    var sb = sky.getBBox();
    var w = Math.max(x1 + 10, sb.width + 8);
    sky.setAttribute("transform", "translate(" + ((w - sb.width) / 2 - sb.x) + "," + (y1 + 36 - sb.y) + ")");
    var bottom = y1 + 36 + sb.height;
    if (after.length) {
      var key = document.createElementNS(NS, "g");
      svg.insertBefore(key, after[0]);
      after.forEach(function (e) { key.appendChild(e); });
      var kb = key.getBBox();
      var k = Math.min(1, (w - 30) / (kb.width || 1));
      key.setAttribute("transform", "translate(" + (15 - kb.x * k) + "," + (bottom + 24 - kb.y * k) + ") scale(" + k + ")");
      bottom += 24 + kb.height * k;
    }
    var h = bottom + 16;
    svg.setAttribute("viewBox", "0 0 " + w + " " + h);
    svg.setAttribute("width", String(w));
    svg.setAttribute("height", String(h));
    var paper = svg.querySelector(":scope > rect");
    if (paper) { paper.setAttribute("width", String(w)); paper.setAttribute("height", String(h)); }
  }

  // The replay steps with the arrow keys (and Home, End), as its links do.
  function replayKeys() {
    if (!$("replay-at") || replayKeys.done) { return; }
    replayKeys.done = true;
    document.addEventListener("keydown", function (ev) {
      var t = ev.target;
      if (ev.altKey || ev.ctrlKey || ev.metaKey || (t && /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) { return; }
      var to = { ArrowLeft: "replay-prev", ArrowRight: "replay-next", Home: "replay-first", End: "replay-last" }[ev.key];
      var a = to && $(to);
      if (a && a.href) { ev.preventDefault(); location.href = a.href; }
    });
  }

  function start() {
    dreamsNarrow();
    guesses();
    replayKeys();
    var ui = boardUI();
    var builder = $("builder");
    if (builder) { gods(builder, ui); }
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
    "resigned", "forfeited", "game_deleted", "stand_in_started", "stand_in_ended",
    "rematch_proposed", "rematch_accepted", "rematch_started"];

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
        bar.appendChild(document.createTextNode(w("moved-on") + " "));
        var b = el("button", { type: "button", id: "live-update" }, w("show-it"));
        bar.appendChild(b);
        bar.appendChild(el("span", { "class": "muted" }, " " + w("will-be-lost")));
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

    var said = null;
    function say(text) {
      if (!said) {
        said = el("p", { id: "live-said", "aria-live": "polite",
          style: "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap" });
        document.body.appendChild(said);
      }
      said.textContent = text.replace(/\s+/g, " ").trim();
    }
    function swap(fresh) {
      var talk = $("talk-body");
      var draft = talk ? talk.value : "", focused = talk && document.activeElement === talk;
      var was = main.contains(document.activeElement) ? focusKey(document.activeElement) : null;
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
      // The reader's place on the page is kept: the same hex, button or field.
      var again = was && main.querySelector(was);
      if (again && !focused) { again.focus({ preventScroll: true }); }
      // What changed, said to a screen reader (the new page is not read out by itself).
      var news = main.querySelector(".since ol li:last-child") || main.querySelector(".last-move");
      if (news) { say(news.textContent); }
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
    var b = el("button", { type: "button", id: "live-notify" }, w("notify"));
    p.appendChild(b);
    header.appendChild(p);
    b.addEventListener("click", function () {
      Notification.requestPermission().then(function (answer) {
        p.textContent = answer === "granted"
          ? w("notify-yes")
          : w("notify-no");
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
