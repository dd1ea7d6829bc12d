"""The course in six languages: English notebooks -> one gettext catalog per notebook and language -> translations.

    python tools/translate_notebooks.py           # update templates and catalogs, write every translated notebook
    python tools/translate_notebooks.py --check   # exit 1 naming every stale catalog, untranslated entry, broken
                                                  # placeholder or out-of-date translated notebook (the tests run it)
    python tools/translate_notebooks.py --stats   # entries and words per notebook and language

The English notebooks are the source: the teacher's edition of every lesson (``teacher/NN_name.ipynb``) and the
play page (``notebooks/play.ipynb``). The classroom deck is not here: every slide already holds all six languages
and the deck switches between them live (``notebooks/classroom.ipynb?lang=uk``).

What is translated, one catalog entry each (``translations/<lang>/<notebook>.po``, template in
``translations/templates/<notebook>.pot``):

- Markdown: every heading, paragraph, list item and table cell holding words (code spans, link targets and
  ``{placeholders}`` must come back unchanged: the check compares them);
- code: comments (a run of full-line comments is one entry, wrapped again after translation), docstrings, and
  string literals that read as prose (two words or more, once ``{...}`` fields and HTML tags are set aside).
  Identifiers, card notation, exercise ids and nbgrader's markers stay as they are.

Each notebook sets its language once, in its first cells: ``set_language("en")``, which a translation turns into
``set_language("uk")``; every widget, check and explanation of the kernel then speaks that language.

Written from the catalogs: ``teacher/<lang>/NN_name.ipynb`` (the teacher's edition), ``notebooks/<lang>/NN_name.ipynb``
(its student edition, by ``tools/release.py``'s nbgrader preprocessors) and ``notebooks/<lang>/play.ipynb``. An
entry not yet translated is written in English (so the notebook still runs) and ``--check`` fails until it is.
New or changed English text arrives in every catalog untranslated, or fuzzy with the old translation as a guide.
"""

from __future__ import annotations

import argparse
import ast
import copy
import io
import re
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import nbformat
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from nbformat.notebooknode import NotebookNode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

# Scripts beside this one, as `python tools/...` finds them.
from notebook_text import WIDTH, Translate, invariants, rewrite_code, rewrite_markdown  # noqa: E402
from release import render, student_edition  # noqa: E402

TEACHER = ROOT / "teacher"
STUDENT = ROOT / "notebooks"
CATALOGS = ROOT / "translations"
TEMPLATES = CATALOGS / "templates"
STAMP = datetime(2026, 12, 1, tzinfo=UTC)
"""A fixed date for the catalogs' headers, so that writing them twice gives the same files."""
LANGUAGE_LINE = re.compile(r'set_language\("en"\)')
"""The one line of every source notebook that names its language."""

# ---------------------------------------------------------------------------------------------------------------
# Notebooks and catalogs


@dataclass(frozen=True)
class Source:
    """An English notebook of the course and where its translations go."""

    path: Path
    teacher: bool
    """Whether it is a teacher's lesson (its translation is released into a student edition too)."""

    @property
    def name(self) -> str:
        return self.path.stem

    def translated(self, lang: str) -> Path:
        return (TEACHER if self.teacher else STUDENT) / lang / self.path.name

    def student(self, lang: str) -> Path | None:
        return STUDENT / lang / self.path.name if self.teacher else None


def sources() -> list[Source]:
    """Every English notebook translated: the teacher's lessons, in order, then the play page."""
    lessons = sorted(TEACHER.glob("[0-9][0-9]_*.ipynb"))
    return [*(Source(path, teacher=True) for path in lessons), Source(STUDENT / "play.ipynb", teacher=False)]


def languages() -> list[str]:
    """Every language of the kit but English, the source."""
    from phase10kit.i18n import LANGUAGES

    return [lang for lang in LANGUAGES if lang != "en"]


def read(path: Path) -> NotebookNode:
    notebook: NotebookNode = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    return notebook


def rewrite_cell(cell: NotebookNode, translate: Translate) -> str:
    """The cell's source with its texts passed through ``translate`` (raw cells are kept as they are)."""
    if cell.cell_type == "markdown":
        return rewrite_markdown(cell.source, translate)
    if cell.cell_type == "code":
        return rewrite_code(cell.source, translate)
    return str(cell.source)


def rewrite_notebook(notebook: NotebookNode, translate: Translate) -> NotebookNode:
    """A copy of the notebook with every cell's text passed through ``translate`` (outputs cleared)."""
    result = copy.deepcopy(notebook)
    for cell in result.cells:
        cell.source = rewrite_cell(cell, translate)
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    return result


def new_catalog(source: Source, lang: str | None = None) -> Catalog:
    """An empty catalog for the notebook (a template when ``lang`` is None), with a header saying what it is."""
    where = source.path.relative_to(ROOT).as_posix()
    header = (
        f"# The texts of {where}, the phase10kit course, {'in ' + lang if lang else 'in English (the template)'}.\n"
        "# Written by tools/translate_notebooks.py; translate the msgstr lines (docs/translating.md)."
    )
    return Catalog(
        locale=lang,
        header_comment=header,
        project="phase10kit course",
        version="0.1",
        msgid_bugs_address="",
        language_team=lang or "",
        creation_date=STAMP,
        revision_date=STAMP,
        fuzzy=False,
    )


def template(source: Source) -> Catalog:
    """The notebook's English texts as a template catalog, each with the cell it comes from and what it is."""
    catalog = new_catalog(source)
    notebook = read(source.path)
    where = source.path.relative_to(ROOT).as_posix()
    for number, cell in enumerate(notebook.cells, start=1):

        def collect(text: str, kind: str, number: int = number) -> str:
            entry = catalog.get(text)
            if entry is None:
                catalog.add(text, "", locations=[(where, number)], auto_comments=[kind])
            elif (where, number) not in entry.locations:
                entry.locations.append((where, number))
            return text

        rewrite_cell(cell, collect)
    return catalog


def po_text(catalog: Catalog) -> str:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH, ignore_obsolete=True, include_previous=True)
    return buffer.getvalue().decode("utf-8")


def template_path(source: Source) -> Path:
    return TEMPLATES / f"{source.name}.pot"


def catalog_path(source: Source, lang: str) -> Path:
    return CATALOGS / lang / f"{source.name}.po"


def load(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def updated(source: Source, lang: str, fresh: Catalog) -> Catalog:
    """The language's catalog brought up to date with the template (new texts untranslated, changed ones fuzzy)."""
    path = catalog_path(source, lang)
    catalog = load(path, lang) if path.exists() else new_catalog(source, lang)
    catalog.update(fresh, update_creation_date=False)
    catalog.obsolete.clear()
    catalog.revision_date = STAMP
    catalog.creation_date = STAMP
    return catalog


def translation(catalog: Catalog) -> Translate:
    """Look texts up in a catalog: a translated, not fuzzy entry gives its translation, anything else the English."""

    def translate(text: str, kind: str) -> str:
        entry = catalog.get(text)
        if entry is None or not entry.string or entry.fuzzy:
            return text
        return str(entry.string)

    return translate


def translated_notebook(source: Source, lang: str, catalog: Catalog) -> NotebookNode:
    """The source notebook in ``lang``: its texts from the catalog, its language line set to ``lang``."""
    notebook = rewrite_notebook(read(source.path), translation(catalog))
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.source = LANGUAGE_LINE.sub(f'set_language("{lang}")', cell.source)
    notebook.metadata["phase10kit"] = {"language": lang, "source": source.path.relative_to(ROOT).as_posix()}
    return notebook


def outputs(source: Source, lang: str, catalog: Catalog) -> dict[Path, str]:
    """Every file the source notebook's translation into ``lang`` writes, with its text."""
    teacher = translated_notebook(source, lang, catalog)
    files = {source.translated(lang): render(teacher)}
    student = source.student(lang)
    if student is not None:
        files[student] = render(student_edition(teacher, lang))
    return files


# ---------------------------------------------------------------------------------------------------------------
# Checks


def problems_in_sources() -> list[str]:
    """Every source notebook must name its language exactly once, in a code cell."""
    found = []
    for source in sources():
        lines = sum(
            len(LANGUAGE_LINE.findall(cell.source)) for cell in read(source.path).cells if cell.cell_type == "code"
        )
        if lines != 1:
            found.append(f'{source.path.relative_to(ROOT)}: set_language("en") appears {lines} times (must be once)')
    return found


def problems_in_catalog(source: Source, lang: str, fresh: Catalog) -> list[str]:
    """Untranslated, fuzzy, stale or broken entries of one catalog."""
    path = catalog_path(source, lang)
    name = path.relative_to(ROOT)
    if not path.exists():
        return [f"{name} is missing"]
    catalog = load(path, lang)
    wanted = {entry.id for entry in fresh if entry.id}
    held = {entry.id for entry in catalog if entry.id}
    found = []
    if wanted != held:
        found.append(
            f"{name} is stale ({len(wanted - held)} new, {len(held - wanted)} gone): run tools/translate_notebooks.py"
        )
    for entry in catalog:
        if not entry.id or entry.id not in wanted:
            continue
        where = f"{name}:{entry.lineno}"
        if not entry.string:
            found.append(f"{where}: untranslated: {str(entry.id)[:60]!r}")
        elif entry.fuzzy:
            found.append(f"{where}: fuzzy (check the translation, then remove the fuzzy flag): {str(entry.id)[:60]!r}")
        elif invariants(str(entry.id)) != invariants(str(entry.string)):
            found.append(f"{where}: code spans, links or {{fields}} differ from the English: {str(entry.id)[:60]!r}")
    return found


def problems_in_code(source: Source, lang: str, notebook: NotebookNode) -> list[str]:
    """A translated code cell must still be Python (a quote inside a translated string would end it early)."""
    found = []
    for number, cell in enumerate(notebook.cells, start=1):
        if cell.cell_type != "code":
            continue
        try:
            ast.parse(cell.source.replace("\n%", "\n#%"))
        except SyntaxError as error:
            found.append(
                f"{source.translated(lang).relative_to(ROOT)} cell {number}: not Python after translation ({error.msg})"
            )
    return found


def check(langs: list[str] | None = None) -> list[str]:
    """Everything wrong with the translations into ``langs`` (all by default): empty when complete and written."""
    found = problems_in_sources()
    for source in sources():
        fresh = template(source)
        if not template_path(source).exists() or template_path(source).read_text(encoding="utf-8") != po_text(fresh):
            found.append(f"{template_path(source).relative_to(ROOT)} is out of date: run tools/translate_notebooks.py")
        for lang in langs or languages():
            found += problems_in_catalog(source, lang, fresh)
            if not catalog_path(source, lang).exists():
                continue
            catalog = load(catalog_path(source, lang), lang)
            found += problems_in_code(source, lang, translated_notebook(source, lang, catalog))
            for path, text in outputs(source, lang, catalog).items():
                if not path.exists() or path.read_text(encoding="utf-8") != text:
                    found.append(f"{path.relative_to(ROOT)} is out of date: run tools/translate_notebooks.py")
    return found


def write(langs: list[str] | None = None) -> None:
    """Update every template and the catalogs of ``langs`` (all by default), then write their notebooks."""
    for source in sources():
        fresh = template(source)
        TEMPLATES.mkdir(parents=True, exist_ok=True)
        if not template_path(source).exists() or template_path(source).read_text(encoding="utf-8") != po_text(fresh):
            template_path(source).write_text(po_text(fresh), encoding="utf-8")
        for lang in langs or languages():
            catalog = updated(source, lang, fresh)
            catalog_path(source, lang).parent.mkdir(parents=True, exist_ok=True)
            catalog_path(source, lang).write_text(po_text(catalog), encoding="utf-8")
            catalog = load(catalog_path(source, lang), lang)
            for path, text in outputs(source, lang, catalog).items():
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")


def stats(langs: list[str] | None = None) -> list[str]:
    """A Markdown table: per notebook, its entries and English words, and how many each language has translated."""
    langs = langs or languages()
    rows = ["| notebook | entries | words | " + " | ".join(langs) + " |", "|---|---:|---:|" + "---:|" * len(langs)]
    for source in sources():
        fresh = template(source)
        entries = [entry for entry in fresh if entry.id]
        counts = []
        for lang in langs:
            path = catalog_path(source, lang)
            catalog = load(path, lang) if path.exists() else Catalog()
            counts.append(sum(1 for entry in catalog if entry.id and entry.string and not entry.fuzzy))
        total = sum(len(str(entry.id).split()) for entry in entries)
        rows.append(f"| {source.name} | {len(entries)} | {total} | " + " | ".join(map(str, counts)) + " |")
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="report problems and exit 1 if there are any")
    parser.add_argument("--stats", action="store_true", help="print entries and words per notebook and language")
    parser.add_argument("--lang", action="append", choices=languages(), help="only this language (repeatable)")
    args = parser.parse_args(argv)
    if args.stats:
        print("\n".join(stats(args.lang)))
        return 0
    if args.check:
        found = check(args.lang)
        print("\n".join(found) if found else "the translated notebooks are complete and up to date")
        return 1 if found else 0
    write(args.lang)
    print("\n".join(stats(args.lang)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
