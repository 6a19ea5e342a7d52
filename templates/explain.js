// The page of `cagec explain --html` (templates/explain.html): select a cage
// (click, or Tab then Enter/Space, arrows to move), light up the cells a name
// is about (the #cells table: name -> row-major cell indices), filter the
// listing by family. Plain DOM, no network.
"use strict";
(function () {
  var body = document.body;
  var n = Number(body.dataset.n);
  var cellsOf = JSON.parse(document.getElementById("cells").textContent);
  var picture = document.getElementById("picture");
  var cages = Array.prototype.slice.call(picture.querySelectorAll(".cage"));
  var status = document.getElementById("status");
  var owner = [];
  cages.forEach(function (g) {
    g.querySelectorAll(".cell").forEach(function (rect) {
      var rc = rect.id.split("_");
      owner[(rc[1] - 1) * n + (rc[2] - 1)] = g;
    });
  });
  body.classList.add("js");

  function outline(g) {
    return document.getElementById("outline-" + g.dataset.cage);
  }

  function select(g) {
    cages.forEach(function (other) {
      var on = other === g;
      other.classList.toggle("sel", on);
      other.setAttribute("aria-pressed", String(on));
      outline(other).classList.toggle("sel", on);
      document.getElementById("explain-" + other.dataset.cage).hidden = !on;
    });
    status.textContent = "Selected: " + g.getAttribute("aria-label");
    // A link to the page with #select-C opens with cage C selected; no
    // element has that id, so the browser never scrolls to it.
    try {
      history.replaceState(null, "", "#select-" + g.dataset.cage);
    } catch (e) {
      // Some browsers refuse history on file:// pages; the hash is a nicety.
    }
  }

  function cageAt(target) {
    return target && target.closest ? target.closest(".cage") : null;
  }

  // From the cage's first cell, step until the next cage.
  function neighbour(g, dr, dc) {
    var rc = g.querySelector(".cell").id.split("_");
    var r = rc[1] - 1, c = rc[2] - 1;
    while (r >= 0 && r < n && c >= 0 && c < n) {
      if (owner[r * n + c] !== g) return owner[r * n + c];
      r += dr;
      c += dc;
    }
    return null;
  }

  var steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  picture.addEventListener("click", function (e) {
    var g = cageAt(e.target);
    if (g) select(g);
  });
  picture.addEventListener("keydown", function (e) {
    var g = cageAt(e.target);
    if (!g) return;
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      select(g);
    } else if (steps[e.key]) {
      e.preventDefault();
      var next = neighbour(g, steps[e.key][0], steps[e.key][1]);
      if (next) next.focus();
    }
  });
  picture.addEventListener("focusin", function (e) {
    var g = cageAt(e.target);
    if (g) outline(g).classList.add("focus");
  });
  picture.addEventListener("focusout", function (e) {
    var g = cageAt(e.target);
    if (g) outline(g).classList.remove("focus");
  });

  var lit = [];
  function light(v) {
    lit.forEach(function (el) { el.classList.remove("hl"); });
    lit = [];
    if (!v) return;
    lit.push(v);
    (cellsOf[v.textContent] || []).forEach(function (k) {
      var id = "cell_" + (Math.floor(k / n) + 1) + "_" + ((k % n) + 1);
      var rect = document.getElementById(id);
      if (rect) lit.push(rect);
    });
    lit.forEach(function (el) { el.classList.add("hl"); });
  }
  document.addEventListener("mouseover", function (e) {
    light(e.target.closest ? e.target.closest("var") : null);
  });

  var boxes = Array.prototype.slice.call(document.querySelectorAll("input.fam"));
  var listing = document.getElementById("listing");
  var rows = Array.prototype.slice.call(listing.querySelectorAll(".row"));
  var sections = Array.prototype.slice.call(listing.querySelectorAll(".sec"));
  var shown = document.getElementById("shown");
  function filter() {
    var on = {};
    boxes.forEach(function (b) { on[b.value] = b.checked; });
    var count = 0;
    rows.forEach(function (r) {
      r.hidden = !on[r.dataset.eq];
      if (!r.hidden) count += 1;
    });
    sections.forEach(function (s) {
      s.hidden = s.querySelector(".row") !== null && s.querySelector(".row:not([hidden])") === null;
    });
    shown.textContent = "Showing " + count + " of " + rows.length + " rows.";
  }
  boxes.forEach(function (b) {
    b.disabled = false;
    b.addEventListener("change", filter);
  });
  filter();

  // The cage named by #select-C in the address, if any.
  function linked() {
    var asked = /^#select-(\d+)$/.exec(location.hash);
    return asked ? document.getElementById("cage-" + asked[1]) : null;
  }
  window.addEventListener("hashchange", function () {
    var g = linked();
    if (g) select(g);
  });
  select(linked() || document.getElementById("cage-" + body.dataset.selected) || cages[0]);
})();
