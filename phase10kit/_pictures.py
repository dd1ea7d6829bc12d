"""How a value shows its picture in Jupyter without importing the pictures: the one place that joins them.

Cards, groups, layouts and phases sit on the ground floors of the package; their SVG drawings
(``phase10kit.svg``) sit above them, because a drawing names colours and groups in a language. So the
values never import ``svg``: each value's ``_repr_svg_`` asks :func:`picture`, and ``svg`` registers a
drawing for each type with :func:`draws` when it is imported. ``phase10kit/__init__.py`` imports
``svg``, and Python runs a package's ``__init__`` before any of its modules, so every value that exists
can already be drawn.

>>> class Square:
...     pass
>>> draws(Square, lambda square: "<svg/>")
>>> picture(Square())
'<svg/>'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["draws", "picture"]

Value = TypeVar("Value")

_DRAWINGS: dict[type, Callable[[Any], str]] = {}
"""The drawing of each type of value, filled by ``phase10kit.svg``."""


def draws(kind: type[Value], drawing: Callable[[Value], str]) -> None:
    """Register ``drawing`` as the picture of every ``kind`` value (a later registration replaces it)."""
    _DRAWINGS[kind] = drawing


def picture(value: object) -> str:
    """The SVG document of ``value``, drawn by the drawing registered for its type.

    A ``LookupError`` names a type with no drawing: a value the package forgot to register, never a
    student's input.
    """
    drawing = _DRAWINGS.get(type(value))
    if drawing is None:
        raise LookupError(f"no picture is registered for {type(value).__name__}")
    return drawing(value)
