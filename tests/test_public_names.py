"""Every public module of the kit says which names it defines for others, in ``__all__``.

A module is public when no part of its dotted name starts with ``_`` (``phase10kit.cards``, not
``phase10kit._pictures``). The API reference's build warns about the same (``REQUIRE_ALL`` in docs/api/conf.py);
this reads the sources instead of importing them, so it runs in a fraction of a second.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("phase10kit", "widgets", "phase10kit_server")


def public_modules(root: Path, packages: Iterable[str]) -> list[Path]:
    """The source files of the public modules (and packages' ``__init__.py``) under ``root``'s ``packages``."""
    found = []
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            if not any(part.startswith("_") for part in parts):
                found.append(path)
    return found


def bound_names(tree: ast.Module) -> set[str]:
    """The names a module binds at its top level (definitions, assignments, imports, also under ``if`` and ``try``)."""
    names: set[str] = set()
    pending: list[ast.stmt] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(n.id for target in targets for n in ast.walk(target) if isinstance(n, ast.Name))
        elif isinstance(node, ast.If | ast.Try):
            pending += node.body + node.orelse
            if isinstance(node, ast.Try):
                pending += [statement for handler in node.handlers for statement in handler.body] + node.finalbody
    return names


def declared_all(tree: ast.Module) -> list[str] | None:
    """The names of the module's top-level ``__all__``, or None without one.

    Raises ``ValueError`` when ``__all__`` is not a literal list or tuple of strings (tools read it unimported).
    """
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        if any(isinstance(target, ast.Name) and target.id == "__all__" for target in targets):
            try:
                names = ast.literal_eval(value)
            except ValueError:
                names = None
            if not isinstance(names, list | tuple) or not all(isinstance(name, str) for name in names):
                raise ValueError("__all__ is not a literal list of strings")
            return list(names)
    return None


def problems(root: Path, packages: Iterable[str]) -> list[str]:
    """One line for each public module without ``__all__``, and for each name its ``__all__`` repeats or lacks."""
    found = []
    for path in public_modules(root, packages):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(root).as_posix()
        try:
            names = declared_all(tree)
        except ValueError as error:
            found.append(f"{where}: {error}")
            continue
        if names is None:
            found.append(f"{where}: no __all__")
            continue
        repeated = sorted({name for name in names if names.count(name) > 1})
        unbound = sorted(set(names) - bound_names(tree))
        found += [f"{where}: {name} twice in __all__" for name in repeated]
        found += [f"{where}: __all__ names {name}, which it does not define or import" for name in unbound]
    return found


def test_every_public_module_lists_its_public_names() -> None:
    assert problems(ROOT, PACKAGES) == []


def test_the_check_sees_a_module_without_all_and_a_wrong_name(tmp_path: Path) -> None:
    package = tmp_path / "kit"
    (package / "_private").mkdir(parents=True)
    (package / "__init__.py").write_text('from kit.shown import shown\n\n__all__ = ["shown"]\n')
    (package / "shown.py").write_text('__all__ = ["shown", "gone", "shown"]\n\n\ndef shown() -> None: ...\n')
    (package / "bare.py").write_text("def bare() -> None: ...\n")
    (package / "computed.py").write_text('__all__ = [name for name in ("a",)]\na = 1\n')
    (package / "_helpers.py").write_text("def helper() -> None: ...\n")  # private: no __all__ needed
    (package / "_private" / "inside.py").write_text("X = 1\n")  # inside a private package: likewise
    assert problems(tmp_path, ["kit"]) == [
        "kit/bare.py: no __all__",
        "kit/computed.py: __all__ is not a literal list of strings",
        "kit/shown.py: shown twice in __all__",
        "kit/shown.py: __all__ names gone, which it does not define or import",
    ]


def test_no_lazily_imported_name_is_also_a_submodules_name() -> None:
    """A package's name imported on first use (``_HOMES`` in its ``__init__.py``) must not be a submodule's name:
    importing that submodule, from anywhere, would bind the module over the name for good."""
    clashes = []
    for init in sorted(ROOT.glob("*/**/__init__.py")):
        tree = ast.parse(init.read_text(encoding="utf-8"))
        for node in tree.body:
            target = node.target if isinstance(node, ast.AnnAssign) else None
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
            if isinstance(target, ast.Name) and target.id == "_HOMES" and isinstance(node.value, ast.Dict):
                names = {key.value for key in node.value.keys if isinstance(key, ast.Constant)}
                submodules = {path.stem for path in init.parent.glob("*.py")} | {
                    path.parent.name for path in init.parent.glob("*/__init__.py")
                }
                clashes += [f"{init.parent.name}.{name}" for name in sorted(names & submodules)]
    assert not clashes, clashes
