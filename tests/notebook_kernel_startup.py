"""An IPython startup file for the kernels nbval starts (``conftest.py`` copies it into a test ``IPYTHONDIR``).

When ``P10_WIDGET_TEXT`` names a file, every text the notebook's widgets hold after each cell (values, labels,
placeholders, tooltips, the options of menus) is appended to it, one JSON string a line, each text once:
nbval's own record of a cell's outputs has no widget state, and ``tests/english_on_screen.py`` reads both.
"""

from __future__ import annotations

import json
import os
from typing import Any

TEXTS = ("value", "description", "placeholder", "tooltip", "_options_labels")


def _record(path: str, seen: set[str]) -> Any:
    def after_cell(result: Any = None) -> None:
        try:
            from ipywidgets.widgets import widget
        except ImportError:
            return
        new = []
        for item in list(getattr(widget, "_instances", {}).values()):
            for name in TEXTS:
                value = getattr(item, name, None)
                for text in value if isinstance(value, tuple | list) else [value]:
                    if isinstance(text, str) and text.strip() and text not in seen:
                        seen.add(text)
                        new.append(text)
        if new:
            with open(path, "a", encoding="utf-8") as file:
                file.writelines(json.dumps(text) + "\n" for text in new)

    return after_cell


def _start() -> None:
    from IPython import get_ipython

    path = os.environ.get("P10_WIDGET_TEXT")
    shell = get_ipython()
    if path and shell is not None:
        shell.events.register("post_run_cell", _record(path, set()))


_start()
