"""One command for the kit's translations: extract the messages, update every catalog, compile them.

    python tools/i18n.py          # phase10kit.pot from the code, each <lang>.po updated, each .mo compiled
    python tools/i18n.py --check  # exit 1 naming every stale, incomplete or fuzzy catalog (CI and the tests)

Sources and their extractor are listed in ``babel.cfg``; messages are marked with ``gettext``,
``ngettext`` and ``N_``. New messages arrive in each ``.po`` untranslated (never fuzzy-guessed) and
must be translated there before ``--check`` passes; messages gone from the code are dropped.
"""

from __future__ import annotations

import gettext
import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from phase10kit.i18n import FORMS, INFLECTED, INFLECTED_PLACEHOLDERS, form_context  # noqa: E402
from phase10kit.korean import PARTICLE_SPECS  # noqa: E402

LOCALE = ROOT / "phase10kit" / "locale"
POT = LOCALE / "phase10kit.pot"
DOMAIN = "phase10kit"
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "NN_": (1, 2), "NP_": ((1, "c"), 2)}
PLURAL_FORMS = {
    "es": "nplurals=2; plural=(n != 1);",
    "hr": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "cs": "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
    "uk": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "ko": "nplurals=1; plural=0;",
}
"""The gettext plural rules of each translated language (GNU gettext's; Korean has a single form)."""
PLACEHOLDER = re.compile(r"\{(\w*)(?:![rsa])?(?::[^{}]*)?\}")
"""A {placeholder}, with an optional conversion and format spec (Korean particles: ``{card:을}``)."""


def languages() -> list[str]:
    """The translated languages: every language of ``phase10kit.i18n.LANGUAGES`` but English, the source."""
    from phase10kit.i18n import LANGUAGES

    return [lang for lang in LANGUAGES if lang != "en"]


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def extract() -> Catalog:
    """Every message the code marks, as a template catalog (msgids with the files that use them)."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config, "babel.cfg")  # type: ignore[no-untyped-call]
    template = Catalog(project=DOMAIN, copyright_holder="phase10kit authors", charset="utf-8", fuzzy=False)
    found = extract_from_dir(ROOT, method_map, options_map, keywords=KEYWORDS, strip_comment_tags=True)
    for filename, lineno, message, comments, context in found:
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    for kind, tag, msgid in inflected_forms():
        note = f"{FORMS[tag]} of this {kind}, as a sentence asks for it with {{...:{tag}}} (docs/translating.md)"
        template.add(msgid, None, [("phase10kit/i18n.py", 0)], auto_comments=[note], context=form_context(kind, tag))
    return template


def inflected_forms() -> list[tuple[str, str, str]]:
    """(kind, form tag, msgid) of every grammatical form the catalogs hold (``phase10kit.i18n.INFLECTED``)."""
    return [(kind, tag, msgid) for kind, (msgids, tags) in INFLECTED.items() for msgid in msgids for tag in tags]


def msgids(catalog: Catalog) -> set[str | tuple[str, ...]]:
    """The message ids of a catalog (a plural message as its (singular, plural) pair), header excluded."""
    return {_key(message) for message in catalog if message.id}


def _key(message: Message) -> str | tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, list | tuple) else message.id


def read(path: Path) -> Catalog:
    with open(path, "rb") as file:
        return read_po(file)


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as file:
        write_po(file, catalog, width=120, include_lineno=False, ignore_obsolete=True, sort_output=False)


def compiled(catalog: Catalog) -> bytes:
    """The ``.mo`` bytes of a catalog (fuzzy entries left out)."""
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def update(template: Catalog) -> None:
    """Write the template, bring each language's catalog in line with it and compile it."""
    _write(POT, template)
    for lang in languages():
        path = po_path(lang)
        if path.exists():
            catalog = read(path)
        else:
            catalog = Catalog(locale=lang, project=DOMAIN, charset="utf-8", fuzzy=False)
            catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[lang])]
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        _write(path, catalog)
        mo_path(lang).write_bytes(compiled(read(path)))


def plural_rule(catalog: Catalog) -> gettext.GNUTranslations:
    """The catalog as gettext reads it at run time: ``.plural(n)`` is the form used for ``n``."""
    return gettext.GNUTranslations(io.BytesIO(compiled(catalog)))


def problems(template: Catalog | None = None) -> Iterator[str]:
    """Everything that keeps the catalogs from matching the code: drift, gaps, fuzziness, placeholders, stale .mo."""
    template = template if template is not None else extract()
    wanted = msgids(template)
    if not POT.exists() or msgids(read(POT)) != wanted:
        yield f"{POT.relative_to(ROOT)} differs from the messages in the code"
    for lang in languages():
        path = po_path(lang)
        if not path.exists():
            yield f"{lang}: no catalog at {path.relative_to(ROOT)}"
            continue
        catalog = read(path)
        have = msgids(catalog)
        for missing in sorted(map(str, wanted - have)):
            yield f"{lang}: missing {missing}"
        for extra in sorted(map(str, have - wanted)):
            yield f"{lang}: not in the code any more: {extra}"
        rule = plural_rule(catalog)
        for message in catalog:
            if message.id:
                yield from (f"{lang}: {problem}" for problem in message_problems(catalog, message, rule))
        if not mo_path(lang).exists() or mo_path(lang).read_bytes() != compiled(catalog):
            yield f"{lang}: {mo_path(lang).relative_to(ROOT)} is missing or older than its .po"


def message_problems(catalog: Catalog, message: Message, rule: gettext.GNUTranslations) -> Iterator[str]:
    """A message's gaps: untranslated or fuzzy, a wrong number of plural forms, placeholders unlike the English."""
    if message.fuzzy:
        yield f"fuzzy: {message.id!r}"
    if not message.pluralizable:
        text = str(message.string or "")
        if not text:
            yield f"untranslated: {message.id!r}"
        elif _names(text) != _names(str(message.id)):
            yield f"placeholders differ: {message.id!r} -> {text!r}"
        else:
            yield from grammar_problems(str(message.id), text)
        return
    singular, plural = (str(part) for part in message.id)
    forms = list(message.string) if isinstance(message.string, list | tuple) else [message.string]
    if len(forms) != catalog.num_plurals or not all(forms):
        yield f"untranslated or missing plural forms: {singular!r}"
        return
    allowed = _names(singular) | _names(plural)
    for index, form in enumerate(forms):
        # A form used for other numbers than 1 must show all the English plural's placeholders.
        plural_of = rule.plural  # type: ignore[attr-defined]  # GNUTranslations sets it from the header
        only_one = all(plural_of(n) != index for n in (0, *range(2, 1000)))
        needed = _names(singular) if only_one else _names(plural)
        if not needed <= _names(str(form)) <= allowed:
            yield f"placeholders of form {index} differ: {plural!r} -> {form!r}"
        yield from grammar_problems(f"{singular} {plural}", str(form))


COLON_BEFORE = re.compile(r":\s*\{(\w*)[^{}]*\}")
"""A colon (and spaces) right before a placeholder."""
SPEC = re.compile(r"\{(\w*)(?:![rsa])?:([^{}]*)\}")


def grammar_problems(english: str, text: str) -> Iterator[str]:
    """What dodges or breaks the grammar of a translation: a colon before a placeholder where the English has none
    there (the usual way around a case: "protiv: {victims}"), or a format spec that is no grammatical form the
    catalogs hold for that placeholder, no Korean particle and no spec of the English.

    >>> list(grammar_problems("Laid {group}.", "Položeno: {group}."))
    ["a colon before {group} where the English has none: 'Položeno: {group}.'"]
    >>> list(grammar_problems("Pick {target}.", "Odaberi {target:akuzativ}."))
    ["{target:akuzativ} is not a form the catalogs hold: 'Odaberi {target:akuzativ}.'"]
    """
    allowed = set(COLON_BEFORE.findall(english))
    for name in COLON_BEFORE.findall(text):
        if name not in allowed:
            yield f"a colon before {{{name}}} where the English has none: {text!r}"
    english_specs = set(SPEC.findall(english))
    for name, spec in SPEC.findall(text):
        if (name, spec) in english_specs or spec in PARTICLE_SPECS:
            continue
        kind = INFLECTED_PLACEHOLDERS.get(name)
        if spec not in FORMS or kind is None or spec not in INFLECTED[kind][1]:
            yield f"{{{name}:{spec}}} is not a form the catalogs hold: {text!r}"


def _names(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def main(argv: list[str]) -> int:
    if argv[1:] == ["--check"]:
        found = list(problems())
        for problem in found:
            print(problem)
        print("catalogs are complete and up to date" if not found else f"{len(found)} problem(s)")
        return 1 if found else 0
    if argv[1:]:
        print(__doc__)
        return 2
    update(extract())
    found = list(problems())
    for problem in found[:40]:
        print(problem)
    print(f"updated {POT.relative_to(ROOT)} and {len(languages())} catalogs; {len(found)} problem(s) left")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
