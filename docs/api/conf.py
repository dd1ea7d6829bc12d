"""Sphinx configuration of the API reference: ``sphinx-build -W --keep-going -b html docs/api build/api``.

The pages are made from the docstrings (autodoc, with napoleon for Google-style sections). Code moves between
modules often, so a package's page names the package, not its modules: ``.. automodules:: phase10kit.engine``
documents the package and every module in it that exists when the docs are built (a new module needs no new
line). Every object is documented once, in the module that defines it; a package's face lists the names it
re-exports with links to their homes, so no object is described twice. A module of ``phase10kit``, ``widgets``
or ``phase10kit_server`` that no page covers is a warning, so ``-W`` keeps the reference complete.

Nothing here runs a notebook or a doctest: the sources are these ``.rst`` files only, read by importing the kit.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.ext import napoleon
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

# Document the checkout these pages sit in, not an installed copy of the kit.
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

project = "phase10kit"
author = "the phase10kit authors"
copyright = "2026, the phase10kit authors"
# The version the package is built with (pyproject.toml's), the one the CHANGELOG's release names.
release = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]

extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon"]
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_static_path: list[str] = []

# Signatures stay short: the types are listed with the parameters, where the long ones read better.
autodoc_typehints = "description"
autodoc_typehints_description_target = "all"
autodoc_member_order = "bysource"
autodoc_default_options = {
    "members": True,
    "show-inheritance": True,
    # Only what a module defines: its re-exports are documented where they are defined.
    "ignore-module-all": True,
}
# Every reference must resolve (the docstrings' :func: and :class: roles, and the types autodoc lists) except
# those into the standard library and the third-party packages (no intersphinx: the build reads nothing from the
# network), into private modules (``widgets._controls.Exercise``, a base class of the course widgets), and the
# undotted names autodoc cannot resolve in a postponed annotation (a type alias such as ``CountArray``, or a name
# imported only for type checking such as ``Executor``). If this ever gets in the way, ``nitpicky = False``.
nitpicky = True
nitpick_ignore_regex = [
    # Any dotted name outside the kit's own packages: the standard library and the third-party packages.
    ("py:.*", r"~?(?!(?:phase10kit|widgets|phase10kit_server)\.)\w+\..*"),
    ("py:.*", r".*\._\w+\..*"),
    ("py:class", r"~?\w+"),
]
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

PACKAGES = ("phase10kit", "widgets", "phase10kit_server")
"""The packages whose every module must appear on some page."""

REQUIRE_ALL = True
"""When True, a public module without ``__all__`` is a warning too: every public module has one (issue 23), and
this keeps a new module from going without (tests/test_public_names.py checks the same without building)."""

LOG = logging.getLogger(__name__)


def submodules(package: str) -> list[str]:
    """The modules and packages directly inside ``package`` (none for a plain module), sorted by name."""
    module = importlib.import_module(package)
    paths = getattr(module, "__path__", None)
    if paths is None:
        return []
    return sorted(f"{package}.{info.name}" for info in pkgutil.iter_modules(paths))


def home_of(value: object) -> str | None:
    """The dotted path where ``value`` is documented: a class's, function's or module's own, in the kit.

    None for plain data (a value does not tell where it was defined), for what a function made at run time
    (``<locals>`` in its name: autodoc documents it nowhere) and for what comes from outside the kit.
    """
    if isinstance(value, ModuleType):
        module, qualname = value.__name__, None
    else:
        module, qualname = getattr(value, "__module__", None), getattr(value, "__qualname__", None)
        if not isinstance(module, str) or not isinstance(qualname, str) or "<locals>" in qualname:
            return None
    if module.split(".", 1)[0] not in PACKAGES:
        return None
    return module if qualname is None else f"{module}.{qualname}"


def reexports(module: ModuleType) -> list[str]:
    """One reST line listing the names of ``module.__all__`` that it imports, each linked to its home."""
    names = [name for name in getattr(module, "__all__", ()) if hasattr(module, name)]
    links = []
    for name in names:
        home = home_of(getattr(module, name))
        if home is None or home == f"{module.__name__}.{name}":
            links.append(f"``{name}``")  # no page to link to, or documented right below
        else:
            links.append(f":py:obj:`{name} <{home}>`")
    if not links:
        return []
    return [f"**Public names** (``{module.__name__}.__all__``): " + ", ".join(links) + ".", ""]


def is_package(name: str) -> bool:
    """Whether the module ``name`` is a package (a folder with ``__init__.py``)."""
    return hasattr(importlib.import_module(name), "__path__")


def homes_of_face(package: str) -> set[str]:
    """The modules that define the names ``package.__all__`` re-exports."""
    module = importlib.import_module(package)
    return {getattr(getattr(module, name), "__module__", "") for name in getattr(module, "__all__", ())}


class AutoModules(SphinxDirective):
    """``.. automodules:: package``: the package, then each plain module in it that exists now, a section each.

    A subpackage is left to a page of its own (``.. automodules:: package.sub``). A private module (``_name``)
    is documented only when it is the home of a name the package re-exports (``widgets._safety``'s
    ``Feedback``, say), so that the link from the package's list of public names has somewhere to go.
    """

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        package = self.arguments[0]
        lines = [f".. automodule:: {package}", ""]
        lines += reexports(importlib.import_module(package))
        homes = homes_of_face(package)
        for name in submodules(package):
            private = name.rsplit(".", 1)[1].startswith("_")
            if is_package(name) or (private and name not in homes):
                continue
            title = f"``{name}``"
            lines += [title, "-" * len(title), "", f".. automodule:: {name}", ""]
            lines += reexports(importlib.import_module(name))
        content = StringList(lines, source=self.get_source_info()[0])
        section = nodes.section()
        section.document = self.state.document
        nested_parse_with_titles(self.state, content, section)
        return list(section.children)


def check_coverage(app: Sphinx, env: BuildEnvironment) -> None:
    """Warn for each module of ``PACKAGES`` (private ones aside) that no page documents (or, with
    ``REQUIRE_ALL``, that has no ``__all__``)."""
    documented = set(env.domaindata["py"]["modules"])
    for package in PACKAGES:
        pending = [package]
        while pending:
            name = pending.pop()
            pending += submodules(name)
            short = name.rsplit(".", 1)[-1]
            if short.startswith("_"):
                continue
            if REQUIRE_ALL and not hasattr(importlib.import_module(name), "__all__"):
                LOG.warning("module %s has no __all__: list its public names in it", name)
            if name in documented:
                continue
            if is_package(name):
                advice = f"a page with `.. automodules:: {name}` in docs/api/ and its toctree"
            else:
                advice = f"`.. automodules:: {name.rsplit('.', 1)[0]}` on a page (it documents the package's modules)"
            LOG.warning("the API reference has no page for module %s: add %s", name, advice)


def every_page(app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]) -> list[str]:
    """Read every page again on each build: a page's modules are found when it is read, and a module added
    since the last build changes no page (the pages are few, so this costs a few seconds)."""
    return sorted(env.found_docs)


SLIPS: list[tuple[str, str]] = []
"""Docstring slips that break reST, mended as the docstrings are read until their source is fixed (a docs
change may not edit the Python files): ``(as written, as read)``, matched in any docstring, so a moved function
keeps its mend. A slip no docstring has any more does nothing, so the build stays clean when the source is
fixed; the entry can then be deleted."""


def mend_slips(app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]) -> None:
    """Apply ``SLIPS`` to a docstring (in place, as autodoc expects)."""
    for written, read in SLIPS:
        lines[:] = [line.replace(written, read) for line in lines]


NOT_NAPOLEON = {"data", "attribute", "property"}
"""What napoleon leaves alone. Its reading of a value's docstring takes the words before the first colon for the
value's type ("The lesson's small deck: ..." would show "The lesson's small deck" as the type of ``SMALL_DECK``),
and the kit's constants and properties are documented in exactly that shape of prose."""


def napoleon_except_values(app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]) -> None:
    """Napoleon's Google sections for modules, classes and functions; values' docstrings as they are written."""
    if what not in NOT_NAPOLEON:
        napoleon._process_docstring(app, what, name, obj, options, lines)


def replace_napoleon(app: Sphinx) -> None:
    """Put ``napoleon_except_values`` in place of napoleon's own handler of every docstring."""
    listeners = app.events.listeners.get("autodoc-process-docstring", [])
    found = [listener.id for listener in listeners if listener.handler is napoleon._process_docstring]
    if not found:
        LOG.warning("sphinx.ext.napoleon's docstring handler is not where conf.py expects it (a new Sphinx?)")
    for listener_id in found:
        app.disconnect(listener_id)
    app.connect("autodoc-process-docstring", napoleon_except_values)


LONGEST_VALUE = 120
"""A constant's value is shown after its name only up to this many characters: the course's exercise tables
and the like are read through their docstrings, not as a page of ``repr``."""


def shorten_values(app: Sphinx, doctree: nodes.document) -> None:
    """Replace each long ``= value`` of a documented constant or attribute by ``= …``."""
    for annotation in doctree.findall(addnodes.desc_annotation):
        text = annotation.astext().strip()
        if text.startswith("=") and len(text) > LONGEST_VALUE:
            annotation.children = []
            annotation += nodes.Text(" = …")


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the ``automodules`` directive, the fresh reading of every page and the coverage check."""
    app.connect("autodoc-process-docstring", mend_slips, priority=100)  # before napoleon reads the lines
    replace_napoleon(app)
    app.add_directive("automodules", AutoModules)
    app.connect("doctree-read", shorten_values)
    app.connect("env-get-outdated", every_page)
    app.connect("env-check-consistency", check_coverage)
    return {"parallel_read_safe": True}
