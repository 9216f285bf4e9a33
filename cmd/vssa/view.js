// Highlights for vssa view: a value (rN) or block (bN) clicked is
// highlighted wherever it appears, in every column and in the graph,
// each in the next of six colours; clicked again, it is cleared. A
// source line number marks the instructions from that line.
"use strict";
const colours = 6;
const lit = new Map(); // name -> colour
let nextColour = 0;
let index = null; // name -> its <v> and <k> elements, made at the first click

// occurrences returns the elements that show a value or block: its
// tokens in the columns (<v>rN</v>, <k>bN</k>, found by their text: the
// page carries no class per token, to stay small) and its nodes in the
// graph (classed by name).
function occurrences(name) {
  if (!index) {
    index = new Map();
    for (const e of document.querySelectorAll("v, k")) {
      const n = e.textContent;
      if (!index.has(n)) index.set(n, []);
      index.get(n).push(e);
    }
  }
  return (index.get(name) || []).concat(Array.from(document.querySelectorAll("#son ." + name)));
}

function toggle(name) {
  if (lit.has(name)) {
    const c = lit.get(name);
    lit.delete(name);
    for (const e of occurrences(name)) e.classList.remove("hl", "hl" + c);
    return;
  }
  const c = nextColour++ % colours;
  lit.set(name, c);
  for (const e of occurrences(name)) e.classList.add("hl", "hl" + c);
}

// nameOf is the value or block an element shows.
function nameOf(el) {
  if (el.localName === "v" || el.localName === "k") return el.textContent;
  for (const c of el.classList) if (/^[rb][0-9]+$/.test(c)) return c;
  return null;
}

document.addEventListener("click", ev => {
  const n = ev.target.closest("n");
  if (n) {
    for (const e of document.getElementsByClassName("l" + n.textContent)) e.classList.toggle("lmark");
    n.parentElement.classList.toggle("lmark");
    return;
  }
  const el = ev.target.closest("v, k, g.node");
  const name = el && nameOf(el);
  if (name) toggle(name);
});

// The graph (the SVG text of the script element son-t) is drawn when
// its section is scrolled into: a graph of
// thousands of nodes would otherwise double the time the page takes to
// open, for a picture below the columns.
const graphTemplate = document.getElementById("son-t");
if (graphTemplate) {
  const obs = new IntersectionObserver(entries => {
    if (!entries.some(e => e.isIntersecting)) return;
    obs.disconnect();
    const holder = document.createElement("div");
    holder.innerHTML = graphTemplate.textContent;
    graphTemplate.replaceWith(holder.firstElementChild);
    for (const [name, c] of lit)
      for (const e of document.querySelectorAll("#son ." + name)) e.classList.add("hl", "hl" + c);
  }, {rootMargin: "0px 0px -20px 0px"}); // once scrolled into, not when touching the screen's edge
  obs.observe(document.getElementById("graph"));
}
