"""A room's join code and link at the top of its page, and the page's address made the room's own.

``RoomAddress`` is an anywidget: it shows the code (class ``p10-room-code``, large, for the projector and
for typing) and a link (class ``p10-room-link``) to ``?room=CODE`` on the same page of the same server,
written out in full by the browser, which alone knows the address it was served from. When the room
was just made (``?room=new``), it replaces the page's address by the room's (``history.replaceState``):
a reload then comes back to the same room instead of opening another, and the address bar shows what to
share. It takes nothing from the browser; its texts come from the catalogs.

>>> address = RoomAddress(code="ABC234", label="Join code", link_text="Link to join")
>>> address.set_state({"code": "forged"})  # what a browser may send
>>> address.code
'ABC234'
"""

from __future__ import annotations

import anywidget
import traitlets

from widgets._safety import BrowserLocked

__all__ = ["RoomAddress"]

_ESM = """
export default {
  render({ model, el }) {
    el.classList.add("p10-room-address");
    const label = document.createElement("span");
    const code = document.createElement("strong");
    code.className = "p10-room-code";
    const link = document.createElement("a");
    link.className = "p10-room-link";
    link.target = "_blank";
    link.rel = "noopener";
    el.append(label, " ", code, " ", link);
    const draw = () => {
      const room = model.get("code");
      const address = new URL(window.location.href);
      address.search = "";
      address.hash = "";
      address.searchParams.set("room", room);
      label.textContent = model.get("label");
      code.textContent = room;
      code.setAttribute("aria-label", model.get("label") + " " + room.split("").join(" "));
      link.href = address.toString();
      link.textContent = model.get("link_text");
      link.title = address.toString();
      el.hidden = !room;
      const own = model.get("own_query");
      if (room && own && window.location.search !== "?" + own) {
        try { window.history.replaceState(window.history.state, "", "?" + own); } catch (error) { /* kept */ }
      }
    };
    draw();
    model.on("change", draw);
  },
};
"""

_CSS = """
.p10-room-address { font-size: 18px; margin: 4px 0 8px 0; display: flex; gap: 8px; align-items: baseline;
  flex-wrap: wrap; }
.p10-room-code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 30px; letter-spacing: 4px;
  padding: 2px 10px; border: 2px solid #1f5e2e; border-radius: 6px; background: #f4fbf6; color: #1b1b1b; }
.p10-room-link { color: #0b4f8a; }
"""


class RoomAddress(BrowserLocked, anywidget.AnyWidget):
    """The join code and link (see the module); ``own_query`` is the page's address once the room is made."""

    _esm = _ESM
    _css = _CSS

    code = traitlets.Unicode("").tag(sync=True)
    """The room's join code (``widgets.room_store.CODE_LETTERS``)."""
    label = traitlets.Unicode("").tag(sync=True)
    """The words before the code, in the page's language."""
    link_text = traitlets.Unicode("").tag(sync=True)
    """The link's words, in the page's language."""
    own_query = traitlets.Unicode("").tag(sync=True)
    """The query string the page's address is given (``room=CODE``, with ``lang`` if it had one); empty: kept."""
