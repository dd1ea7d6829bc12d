"""A package's public names, each imported from its module on first use: a kernel that never asks for a name
never loads its module (the table's kernel stays without pandas and numpy)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, MutableMapping, Sequence

__all__ = ["lazy_names"]


def lazy_names(
    package: str, homes: Mapping[str, str], namespace: MutableMapping[str, object], public: Sequence[str]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``, whose ``namespace`` (its ``globals()``) lacks the names
    of ``homes``, a map from each public name to the module that defines it.

    No such name may also be a submodule's: importing that submodule would bind the module over the name
    (``tests/test_public_names.py`` checks it).

    >>> space: dict[str, object] = {}
    >>> get, names = lazy_names("demo", {"sqrt": "math"}, space, ["sqrt"])
    >>> get("sqrt")(9.0), "sqrt" in space, names()
    (3.0, True, ['sqrt'])
    >>> get("cube")
    Traceback (most recent call last):
    AttributeError: module 'demo' has no attribute 'cube'
    """

    def find(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(home), name)
        namespace[name] = value  # looked up once: the next access is a plain attribute
        return value

    def listing() -> list[str]:
        return sorted(set(namespace) | set(public))

    return find, listing
