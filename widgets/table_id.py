"""The one thing the browser keeps about a table: its random id, in the browser's ``localStorage``.

``BrowserTableId`` is an invisible anywidget. When the page shows it, it sends the id the browser
remembered (``stored_id``, any text: the kernel checks it with ``widgets.store.is_table_id`` before
use). It writes ``table_id`` into ``localStorage`` once the student has clicked in this page's table
(so merely opening a page, while its bots make the first moves, never makes the browser forget the
game it was offered), or at once when ``remember`` is set (after "Resume game"); it removes the id when
``forget`` grows (a new player at a shared computer). It also tells the kernel when the page is on
screen (``on_shown``). The id is the only thing stored: never a card, never the game.

>>> ids = BrowserTableId()
>>> ids.set_state({"stored_id": "x" * 500, "table_id": "forged"})  # what a browser may send
>>> len(ids.stored_id), ids.table_id
(64, '')
>>> ids.set_state({"stored_id": {"not": "text"}})
>>> ids.stored_id
''
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from widgets._safety import BrowserLocked

__all__ = ["MAX_STORED_CHARS", "STORAGE_KEY", "BrowserTableId"]

STORAGE_KEY = "phase10kit.table"
"""The ``localStorage`` key holding the id (one per site: every tab of a browser shares it)."""

MAX_STORED_CHARS = 64
"""Text the browser sends is cut to this length before anything else looks at it."""

_ESM = """
function read(key) {
  try { return window.localStorage.getItem(key) || ""; } catch (error) { return ""; }
}
function write(key, value) {
  try { window.localStorage.setItem(key, value); } catch (error) { /* storage off: nothing to keep */ }
}
export default {
  render({ model, el }) {
    el.classList.add("p10-table-id");
    el.style.display = "none";
    const key = model.get("storage_key");
    let touched = false;
    const remember = () => {
      const id = model.get("table_id");
      if (id && (touched || model.get("remember"))) write(key, id);
    };
    const stored = read(key);
    if (stored) { model.set("stored_id", stored.slice(0, 64)); model.save_changes(); }
    model.on("change:table_id", remember);
    model.on("change:remember", remember);
    model.on("change:forget", () => {  // a new player: this browser forgets the game
      try { window.localStorage.removeItem(key); } catch (error) { /* storage off: nothing kept */ }
      touched = false;
    });
    const clicked = (event) => {
      const target = event.target;
      if (target && target.closest && target.closest(".p10-table")) { touched = true; remember(); }
    };
    document.addEventListener("click", clicked, true);
    remember();
    model.send({ event: "shown" });  // the page is on screen: the kernel may let its bots move
    return () => document.removeEventListener("click", clicked, true);
  },
};
"""


class BrowserTableId(BrowserLocked, anywidget.AnyWidget):
    """Reads the remembered table id from the browser and writes the page's own id back (see the module)."""

    _esm = _ESM
    browser_writable = frozenset({"stored_id"})

    stored_id = traitlets.Any("").tag(sync=True)
    """The id the browser had remembered, as sent (unchecked text, at most ``MAX_STORED_CHARS``)."""
    table_id = traitlets.Unicode("").tag(sync=True)
    """The id of this page's table, for the browser to remember."""
    remember = traitlets.Bool(False).tag(sync=True)
    """Write ``table_id`` now, without waiting for a click in the table (set after resuming)."""
    storage_key = traitlets.Unicode(STORAGE_KEY).tag(sync=True)
    forget = traitlets.Int(0).tag(sync=True)
    """Grows each time the browser must forget the id it keeps (the page's "New player")."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown: list[Callable[[], None]] = []
        self.on_msg(self._message)

    def on_shown(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` each time a page shows this widget (its first render, a reload of the view)."""
        self._shown.append(callback)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        # Anything else a browser may send is ignored: only this one exact message means something.
        if content == {"event": "shown"}:
            for callback in list(self._shown):
                callback()

    def set_state(self, sync_data: dict[str, Any]) -> None:
        # Cut before ipywidgets echoes the update back: a huge text must not travel back whole.
        if isinstance(sync_data.get("stored_id"), str):
            sync_data = {**sync_data, "stored_id": sync_data["stored_id"][:MAX_STORED_CHARS]}
        elif "stored_id" in sync_data:
            sync_data = {**sync_data, "stored_id": ""}
        super().set_state(sync_data)

    @traitlets.validate("stored_id")
    def _cut(self, proposal: dict[str, Any]) -> str:
        # Any shape may come from a browser: only text passes, cut short.
        value = proposal["value"]
        return value[:MAX_STORED_CHARS] if isinstance(value, str) else ""
