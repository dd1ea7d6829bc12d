"""Server-side pieces for running the Phase 10 table for a class (imported by the Voila server, not by kernels).

``ClassroomKernelManager`` stops a page's kernel a few seconds after the page's last websocket closes: Voila
0.5.13's own "stop my kernel" request on page unload is refused (it lacks the ``_xsrf`` cookie Voila never
sets), so without this every closed tab would keep its kernel. It also caps the kernels pages hold (per server
and per client address) and stops kernels no page ever connected to. ``ClassroomIdentityProvider`` accepts a
token in the URL only for reads and keeps the token out of the server's log. See ``docs/classroom.md``.
"""

from phase10kit_server.auth import ClassroomIdentityProvider
from phase10kit_server.kernels import ClassroomKernelManager

__all__ = ["ClassroomIdentityProvider", "ClassroomKernelManager"]
