// The page of `cagec explain --html` (templates/explain.html): select a cage
// (click, or Tab then Enter/Space, arrows to move), light up the cells a name
// is about (the #cells table: name -> row-major cell indices), filter the
// listing by family. Plain DOM, no network. Listeners sit on the document, so
// the live page (web/site), which swaps in a new picture and model as the
// puzzle is edited, calls cagecExplain.wire() again and nothing doubles.
"use strict";
(function () {
  var body = document.body;
  var n, cellsOf, picture, cages, status, owner, boxes, rows, sections, shown;

  function wire(selected) {
    n = Number(body.dataset.n);
    cellsOf = JSON.parse(document.getElementById("cells").textContent);
    picture = document.getElementById("picture");
    cages = Array.prototype.slice.call(picture.querySelectorAll(".cage"));
    status = document.getElementById("status");
    owner = [];
    cages.forEach(function (g) {
      g.querySelectorAll(".cell").forEach(function (rect) {
        var rc = rect.id.split("_");
        owner[(rc[1] - 1) * n + (rc[2] - 1)] = g;
      });
    });
    boxes = Array.prototype.slice.call(document.querySelectorAll("input.fam"));
    var listing = document.getElementById("listing");
    rows = Array.prototype.slice.call(listing.querySelectorAll(".row"));
    sections = Array.prototype.slice.call(listing.querySelectorAll(".sec"));
    shown = document.getElementById("shown");
    boxes.forEach(function (b) { b.disabled = false; });
    body.classList.add("js");
    filter();
    select(document.getElementById("cage-" + selected) || linked() ||
      document.getElementById("cage-" + body.dataset.selected) || cages[0]);
  }

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
    document.dispatchEvent(new CustomEvent("cagec-select", { detail: Number(g.dataset.cage) }));
  }

  function cageAt(target) {
    var g = target && target.closest ? target.closest(".cage") : null;
    return g && picture && picture.contains(g) ? g : null;
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
  document.addEventListener("click", function (e) {
    var g = cageAt(e.target);
    if (g) select(g);
  });
  document.addEventListener("keydown", function (e) {
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
  document.addEventListener("focusin", function (e) {
    var g = cageAt(e.target);
    if (g) outline(g).classList.add("focus");
  });
  document.addEventListener("focusout", function (e) {
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
    if (cellsOf) light(e.target.closest ? e.target.closest("var") : null);
  });

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
  document.addEventListener("change", function (e) {
    if (e.target.matches && e.target.matches("input.fam")) filter();
  });

  // The cage named by #select-C in the address, if any.
  function linked() {
    var asked = /^#select-(\d+)$/.exec(location.hash);
    return asked ? document.getElementById("cage-" + asked[1]) : null;
  }
  window.addEventListener("hashchange", function () {
    var g = linked();
    if (g && cages) select(g);
  });
  window.cagecExplain = { wire: wire };
  if (document.getElementById("cells")) wire();
})();
