// The browser side of widgets.cards.GroupsView: a seat's laid groups; a target group is a button whose
// click sends {pick: key} to the kernel, which accepts it only if that group is a target at that moment.
function render({ model, el }) {
  const root = document.createElement("div");
  el.appendChild(root);
  function draw() {
    const items = model.get("items");
    if (!items.length) {
      const none = document.createElement("div");
      none.className = "p10-groups";
      none.textContent = model.get("empty");
      root.replaceChildren(none);
      return;
    }
    const list = document.createElement("ul");
    list.className = "p10-groups";
    list.style.cssText = "list-style:none;padding:0;margin:0";
    for (const item of items) {
      const li = document.createElement("li");
      li.className = "p10-laid";
      li.setAttribute("aria-label", item.label);
      const body = document.createElement(item.target ? "button" : "div");
      body.className = item.target ? "p10-group-target" : "p10-group-body";
      if (item.target) {
        body.type = "button";
        body.title = item.pick;
        // The name holds what the button shows (its key and the cards' words), then what it does: WCAG 2.5.3.
        body.setAttribute("aria-label", item.name);
        body.addEventListener("click", () => model.send({ pick: item.key }));
      }
      const name = document.createElement("span");
      name.textContent = item.key + " ";
      body.appendChild(name);
      const face = document.createElement("span");
      face.innerHTML = item.face;  // drawn and escaped by phase10kit.svg in the kernel
      body.appendChild(face);
      li.appendChild(body);
      list.appendChild(li);
    }
    root.replaceChildren(list);
  }
  model.on("change", draw);
  draw();
}
export default { render };
