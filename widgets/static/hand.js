// The browser side of widgets.cards.HandView: the hand as <button class="p10-card"> elements and a sort toolbar.
// The kernel sends the faces (SVG drawn and escaped by phase10kit.svg); the browser may change only
// "selected" and "sort_by", which the kernel checks again.
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "p10-hand-cards";
  el.appendChild(root);
  function draw() {
    // Redrawing replaces the buttons: remember which one had the focus so keyboard users keep their place.
    const focused = root.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    const cards = model.get("cards"), faces = model.get("faces"), labels = model.get("labels");
    const texts = model.get("texts"), selected = new Set(model.get("selected"));
    const selectable = model.get("selectable");
    const toolbar = document.createElement("div");
    toolbar.className = "p10-sort";
    toolbar.setAttribute("role", "group");
    toolbar.setAttribute("aria-label", texts.sort);
    for (const order of ["dealt", "number", "colour"]) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "p10-sort-" + order;
      b.dataset.key = "sort-" + order;
      b.textContent = texts[order];
      b.setAttribute("aria-pressed", String(model.get("sort_by") === order));
      b.addEventListener("click", () => { model.set("sort_by", order); model.save_changes(); });
      toolbar.appendChild(b);
    }
    const row = document.createElement("div");
    row.className = "p10-hand-row";
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", texts.hand);
    cards.forEach((card, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "p10-card" + (selected.has(i) ? " p10-selected" : "");
      b.dataset.card = card;
      b.dataset.key = "card-" + i;
      b.title = labels[i];
      b.setAttribute("aria-label", labels[i]);
      b.setAttribute("aria-pressed", String(selected.has(i)));
      b.disabled = !selectable;
      b.innerHTML = faces[i];  // drawn and escaped by phase10kit.svg in the kernel
      b.addEventListener("click", () => {
        const now = new Set(model.get("selected"));
        if (now.has(i)) { now.delete(i); } else { now.add(i); }
        model.set("selected", [...now].sort((a, b) => a - b));
        model.save_changes();
      });
      // The "selected" mark stands under the button, not inside it: the button's text is then only what the
      // card shows, all of it in its name (WCAG 2.5.3); screen readers hear aria-pressed instead of the mark.
      const mark = document.createElement("span");
      mark.className = "p10-mark";
      mark.setAttribute("aria-hidden", "true");
      mark.textContent = selected.has(i) ? "\u2713 " + texts.selected : "";
      const slot = document.createElement("div");
      slot.className = "p10-card-slot";
      slot.append(b, mark);
      row.appendChild(slot);
    });
    root.replaceChildren(toolbar, row);
    if (focused) {
      const again = root.querySelector(`[data-key="${focused}"]`);
      if (again) { again.focus(); }
    }
  }
  model.on("change", draw);
  draw();
}
export default { render };
