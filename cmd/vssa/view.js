// Highlights for vssa view: a value (rN) or block (bN) clicked is
// highlighted wherever it appears, in every column and in the graph,
// each in the next of six colours; clicked again, it is cleared. A
// source line number marks the instructions from that line.
"use strict";
const colours = 6;
const lit = new Map(); // name -> colour
let nextColour = 0;

function toggle(name) {
  const els = Array.from(document.getElementsByClassName(name));
  if (lit.has(name)) {
    const c = lit.get(name);
    lit.delete(name);
    for (const e of els) e.classList.remove("hl", "hl" + c);
    return;
  }
  const c = nextColour++ % colours;
  lit.set(name, c);
  for (const e of els) e.classList.add("hl", "hl" + c);
}

// nameOf is the class naming the value or block of an element.
function nameOf(el) {
  for (const c of el.classList) if (/^[rb][0-9]+$/.test(c)) return c;
  return null;
}

document.addEventListener("click", ev => {
  const ln = ev.target.closest(".ln");
  if (ln) {
    for (const e of document.getElementsByClassName("l" + ln.dataset.line)) e.classList.toggle("lmark");
    ln.parentElement.classList.toggle("lmark");
    return;
  }
  const el = ev.target.closest(".v, .blk");
  const name = el && nameOf(el);
  if (name) toggle(name);
});
