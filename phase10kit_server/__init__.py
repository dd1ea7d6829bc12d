"""Server-side pieces for running the Phase 10 table for a class (imported by the Voila server, not by kernels).

``ClassroomKernelManager`` stops a page's kernel a few seconds after the page's last websocket closes: Voila
0.5.13's own "stop my kernel" request on page unload is refused (it lacks the ``_xsrf`` cookie Voila never
sets), so without this every closed tab would keep its kernel. See ``docs/classroom.md``.
"""

from phase10kit_server.kernels import ClassroomKernelManager

__all__ = ["ClassroomKernelManager"]
