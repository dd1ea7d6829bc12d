"""A page that lost its kernel says so: the "Connection lost" banner of the play page.

``ConnectionBanner`` is an anywidget that shows nothing while the page is connected. Its browser side
watches the page's kernel connection (the widget manager's ``kernel``, a JupyterLab ``KernelConnection``,
which Voila's widget manager and JupyterLab's both hold) and, once the connection is lost for good,
shows ``text`` in a banner (``role="alert"``, class ``p10-connection-lost``) at the top of the window and
disables every control of the page around it (``scope``, the closest element matching it): buttons,
cards, menus, inputs; the rest of the page is made ``inert`` and greyed, but stays readable.

Lost means: the kernel's status became ``dead``, ``restarting``, ``autorestarting`` or ``terminating``
(a crash: the server restarts a kernel that no longer holds the table, so only a reload gets it back),
or the connection became ``disconnected`` (it gave up reconnecting) or stayed ``connecting`` for more
than ``grace_ms``, or the kernel left the banner's ping unanswered for ``silence_ms``: while the page is
in view it pings the kernel (a comm message) every ``ping_ms``, because a kernel deleted through the
server's API leaves the page's socket open and silent, and no status change ever arrives. A shorter drop
(a wifi hiccup) shows nothing; when the kernel answers again after a drop or a silence, the banner goes
and the controls come back (never after a dead or restarted kernel).

The sentence comes from the catalogs in the page's language (``set_lang``); the browser only shows it.
The widget holds no game state and takes nothing from the browser.

>>> banner = ConnectionBanner("hr")
>>> banner.text
'Veza je prekinuta: ponovno učitaj stranicu da nastaviš igru.'
>>> banner.set_state({"text": "forged"})  # what a browser may send
>>> banner.text.startswith("Veza")
True
>>> ConnectionBanner("en", resumable=False).text
'Connection lost: reload the page to start a new game.'
"""

from __future__ import annotations

import anywidget
import traitlets

from phase10kit.i18n import N_, translator
from widgets._safety import BrowserLocked
from widgets.language import notebook_lang

__all__ = ["GRACE_MS", "LOST", "LOST_NOT_SAVED", "PING_MS", "SILENCE_MS", "ConnectionBanner"]

LOST = N_("Connection lost: reload to resume your game.")
"""The banner's sentence when the page's games are saved (a reload offers "Resume game")."""
LOST_NOT_SAVED = N_("Connection lost: reload the page to start a new game.")
"""The banner's sentence when this server cannot save games (a reload deals a new one)."""

GRACE_MS = 4000
"""How long (ms) the connection may stay "connecting" before the banner shows: a hiccup stays silent."""
PING_MS = 4000
"""How often (ms) the page asks the kernel whether it is there (a comm message; the kernel answers at once)."""
SILENCE_MS = 9000
"""How long (ms) an unanswered ping may wait before the kernel counts as gone (a busy kernel answers late)."""

_ESM = """
const LOST_KERNEL = new Set(["dead", "restarting", "autorestarting", "terminating"]);
const CONTROLS = "button, select, input, textarea, [tabindex]";

export default {
  render({ model, el }) {
    el.classList.add("p10-connection");
    const banner = document.createElement("div");
    banner.className = "p10-connection-lost";
    banner.setAttribute("role", "alert");
    banner.hidden = true;
    // In the body, not in the page: Voila's page scrolls inside a box with "contain: strict", which would make
    // a fixed banner scroll away with the page. Its place at the top of the page is kept in the widget itself.
    document.body.appendChild(banner);
    const write = () => { banner.textContent = model.get("text"); };
    write();
    model.on("change:text", write);

    // The page's kernel connection, when the widget manager shows it (Voila's and JupyterLab's do).
    const manager = model.widget_manager;
    const kernel = manager && manager.kernel && manager.kernel.statusChanged ? manager.kernel : null;
    // Lost: the banner shows and the page's controls are disabled. For good: nothing brings it back.
    let lost = false, forGood = false, grace = null, asked = null;
    const parts = () => {
      const root = el.closest(model.get("scope"));
      return root ? [...root.children].filter((part) => !part.contains(el)) : [];
    };
    const disable = () => {
      for (const part of parts()) {
        part.classList.add("p10-offline");
        part.inert = true;
        for (const control of part.querySelectorAll(CONTROLS)) {
          if ("disabled" in control && !control.disabled) {
            control.disabled = true;
            control.dataset.p10Offline = "disabled";
          }
          control.setAttribute("aria-disabled", "true");
        }
      }
    };
    const enable = () => {
      for (const part of parts()) {
        part.classList.remove("p10-offline");
        part.inert = false;
        for (const control of part.querySelectorAll(CONTROLS)) {
          if (control.dataset.p10Offline === "disabled") {
            control.disabled = false;
            delete control.dataset.p10Offline;
          }
          control.removeAttribute("aria-disabled");
        }
      }
    };
    const show = (why) => {
      el.dataset.lost = why;
      if (lost) return;
      lost = true;
      el.classList.add("p10-connection-shown");
      banner.hidden = false;
      // The banner stays at the top of the window however far the page is scrolled; at the top of the page
      // its place is kept free, so it covers nothing there.
      el.style.minHeight = banner.offsetHeight + "px";
      disable();
    };
    const hide = () => {
      if (!lost || forGood) return;
      lost = false;
      delete el.dataset.lost;
      el.classList.remove("p10-connection-shown");
      banner.hidden = true;
      el.style.minHeight = "";
      enable();
    };
    const stopGrace = () => { if (grace !== null) { clearTimeout(grace); grace = null; } };
    const lose = (why) => { forGood = true; stopGrace(); show(why); };

    // The kernel answers a ping (a comm message) every ping_ms while the page is in view: a kernel that stays
    // silent for silence_ms is gone, however its socket looks (a deleted kernel's socket stays open, silent).
    let pinged = 0;
    const ping = () => {
      pinged = Date.now();
      if (asked === null) asked = pinged;
      try { model.send({ ping: 1 }); } catch (error) { show("silent"); }
    };
    const tick = () => {
      if (forGood || document.hidden) return;  // a tab in the background asks nothing: its kernel may idle
      const now = Date.now();
      if (asked !== null && now - asked > model.get("silence_ms")) show("silent");
      if (now - pinged >= model.get("ping_ms")) ping();
    };
    const answered = (message) => {
      if (!message || message.pong !== 1) return;
      asked = null;
      if (!kernel || kernel.connectionStatus === "connected") hide();
    };
    const shown = () => { if (!document.hidden && !forGood) { asked = null; ping(); } };
    model.on("msg:custom", answered);
    document.addEventListener("visibilitychange", shown);
    const every = setInterval(tick, 1000);
    ping();

    // The kernel connection's own signals: a dead or restarted kernel is lost for good at once; a socket
    // reconnecting for longer than grace_ms shows the banner until the kernel answers again.
    const onStatus = (_sender, status) => {
      el.dataset.kernel = status;
      if (LOST_KERNEL.has(status)) lose("kernel " + status);
    };
    const onConnection = (_sender, status) => {
      el.dataset.connection = status;
      if (status === "connected") {
        stopGrace();
        ping();  // back: the kernel's answer hides the banner
      } else if (status === "disconnected") {
        lose("disconnected");
      } else if (grace === null && !lost) {
        grace = setTimeout(() => { grace = null; show("reconnecting"); }, model.get("grace_ms"));
      }
    };
    const onDisposed = () => lose("disposed");
    if (kernel) {
      el.dataset.watching = "kernel";
      kernel.statusChanged.connect(onStatus);
      kernel.connectionStatusChanged.connect(onConnection);
      if (kernel.disposed) kernel.disposed.connect(onDisposed);
      if (LOST_KERNEL.has(kernel.status)) lose("kernel " + kernel.status);
      else if (kernel.connectionStatus !== "connected") onConnection(kernel, kernel.connectionStatus);
    }
    return () => {
      banner.remove();
      document.removeEventListener("visibilitychange", shown);
      clearInterval(every);
      stopGrace();
      if (kernel) {
        kernel.statusChanged.disconnect(onStatus);
        kernel.connectionStatusChanged.disconnect(onConnection);
        if (kernel.disposed) kernel.disposed.disconnect(onDisposed);
      }
    };
  },
};
"""

_CSS = """
.p10-connection-lost { position: fixed; top: 8px; left: 8px; right: 8px; z-index: 1000;
  background: #8b0000; color: #fff; font-size: 20px; font-weight: bold; line-height: 1.3;
  padding: 10px 16px; border: 3px solid #000; border-radius: 8px; box-shadow: 0 2px 8px rgba(0, 0, 0, 0.45); }
.p10-connection-lost[hidden] { display: none; }
.p10-connection-lost::before { content: "\\26A0\\FE0F  "; }
.p10-offline { opacity: 0.6; filter: grayscale(0.7); cursor: not-allowed; }
.p10-play-page.jupyter-widgets-disconnected::before,
.p10-play-page .jupyter-widgets-disconnected::before { content: none; display: none; }
"""


class ConnectionBanner(BrowserLocked, anywidget.AnyWidget):
    """The play page's "Connection lost" banner (see the module): hidden until the kernel is lost for good.

    ``lang`` the page's language; ``resumable`` whether a reload can resume the game (the server saves games).
    """

    _esm = _ESM
    _css = _CSS

    text = traitlets.Unicode("").tag(sync=True)
    """The sentence shown, already in the page's language."""
    grace_ms = traitlets.Int(GRACE_MS).tag(sync=True)
    """How long the connection may stay "connecting" before the banner shows."""
    ping_ms = traitlets.Int(PING_MS).tag(sync=True)
    """How often the page pings the kernel."""
    silence_ms = traitlets.Int(SILENCE_MS).tag(sync=True)
    """How long a ping may go unanswered before the banner shows."""
    scope = traitlets.Unicode(".p10-play-page").tag(sync=True)
    """A CSS selector: the closest element around the banner matching it holds the controls to disable."""

    def __init__(self, lang: str | None = None, *, resumable: bool = True) -> None:
        super().__init__()
        self.resumable = resumable
        self.lang = notebook_lang(lang)
        self.set_lang(self.lang)
        self.on_msg(self._answer)

    def _answer(self, _widget: object, content: object, _buffers: object) -> None:
        # The page's ping: answer it, and only it (whatever else a browser sends is ignored).
        if isinstance(content, dict) and content.get("ping") == 1:
            self.send({"pong": 1})

    def set_lang(self, lang: str | None = None, *, resumable: bool | None = None) -> None:
        """Write the sentence in ``lang`` (and for ``resumable``, when given)."""
        self.lang = notebook_lang(lang)
        if resumable is not None:
            self.resumable = resumable
        self.text = translator(self.lang).gettext(LOST if self.resumable else LOST_NOT_SAVED)
