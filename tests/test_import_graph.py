"""The import graph has no circle and no upward import, so `pytest` alone fails on one (as `lint-imports` does).

The contracts live in pyproject.toml's ``[tool.importlinter]``: the layers of phase10kit from top to bottom,
and what phase10kit and the widgets must never import. A module imported lazily inside a function counts like
any other: hiding an import in a function does not take it out of the graph.
"""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import grimp
from importlinter import configuration
from importlinter.application.use_cases import lint_imports

ROOT = Path(__file__).resolve().parent.parent
CONFIG: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
LAYERED: dict[str, Any] = next(contract for contract in CONFIG["contracts"] if contract["type"] == "layers")


def _ignored_edges() -> set[tuple[str, str]]:
    """The imports the layers contract ignores, as (importer, imported) pairs."""
    pairs = (entry.split("->") for entry in LAYERED.get("ignore_imports", []))
    return {(importer.strip(), imported.strip()) for importer, imported in pairs}


def _internal_graph() -> dict[str, set[str]]:
    """Each module of the project's packages and the project modules it imports (lazy imports too)."""
    packages = CONFIG["root_packages"]
    graph = grimp.build_graph(*packages)
    ignored = _ignored_edges()
    return {
        module: {
            imported
            for imported in graph.find_modules_directly_imported_by(module)
            if imported.split(".")[0] in packages and (module, imported) not in ignored
        }
        for module in graph.modules
        if module.split(".")[0] in packages
    }


def circles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module: each is a circle of imports (Tarjan).

    >>> circles({"a": ["b"], "b": ["a"], "c": ["a"]})
    [['a', 'b']]
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in graph.get(module, ()):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(graph) + 100))
    try:
        for module in sorted(graph):
            if module not in index:
                visit(module)
    finally:
        sys.setrecursionlimit(limit)
    return sorted(found)


def test_the_import_contracts_hold() -> None:
    configuration.configure()  # what the `lint-imports` command does first: its readers of the config
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), cache_dir=None, no_logo=True)


def test_no_module_imports_itself_back_through_others() -> None:
    # Inside one layer (the engine's modules, the course's, the widgets) the layers contract says nothing.
    assert circles(_internal_graph()) == []


def test_every_module_of_phase10kit_stands_on_a_layer() -> None:
    # A module on no layer could import anything: add it to the layer it belongs to in pyproject.toml.
    (container,) = LAYERED["containers"]
    layers = {f"{container}.{name.strip()}" for line in LAYERED["layers"] for name in line.split("|")}
    modules = [module for module in _internal_graph() if module.startswith(f"{container}.")]
    outside = [module for module in modules if not any(module == x or module.startswith(f"{x}.") for x in layers)]
    assert outside == []


def test_the_check_sees_a_circle() -> None:
    assert circles({"a": ["b"], "b": ["c"], "c": ["a"], "d": []}) == [["a", "b", "c"]]
