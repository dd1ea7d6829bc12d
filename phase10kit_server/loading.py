"""The note a page shows while Voila runs its notebook, in every language of the kit (a Jinja filter).

Voila's own loading screen says "Running play.ipynb..." and "Executing 1 of 1" in English and turns a spinner
at sixty frames a second until the page's scripts have run: about 0.06 CPU seconds per second for each page
(measured with eight pages in Chromium), which a class arriving at once pays on the same processor as the
scripts it is waiting for (and a school's old laptops on theirs). The kit's page template
(``share/jupyter/voila/templates/phase10kit-table``) shows this still note instead, in the page's language:
the address's ``lang=`` when the kit has it, else the notebook's own language (a translated lesson's metadata),
else English, as the table itself chooses. ``voila.json`` registers the filter
(``VoilaExporter.filters``); without it the template keeps Voila's screen.
"""

from __future__ import annotations

from phase10kit.i18n import LANGUAGES, N_, translator

__all__ = ["LOADING_NOTES", "STEP_NOTE", "WAIT_NOTE", "loading_notes"]

LOADING_NOTES = {
    "table": N_("Setting up the table…"),
    "page": N_("Loading the page…"),
}
"""What is being loaded, by the notebook's ``{"voila": {"loading_note": ...}}`` metadata (``page`` if none)."""

WAIT_NOTE = N_("When the whole class arrives at once, this can take up to a minute.")
STEP_NOTE = N_("Step {index} of {count}")
"""How far a page of several parts (a lesson) has run; the page fills in the numbers."""


def loading_notes(kind: object) -> dict[str, list[str]]:
    """The note for ``kind``, the wait note and the step note, in every language of the kit (the page picks one).

    >>> notes = loading_notes("table")
    >>> notes["en"][0], notes["en"][2]
    ('Setting up the table…', 'Step {index} of {count}')
    >>> notes["hr"][0], loading_notes("anything else")["es"][0]
    ('Pripremamo stol…', 'Cargando la página…')
    """
    note = LOADING_NOTES.get(kind if isinstance(kind, str) else "", LOADING_NOTES["page"])
    return {lang: [translator(lang).gettext(text) for text in (note, WAIT_NOTE, STEP_NOTE)] for lang in LANGUAGES}
