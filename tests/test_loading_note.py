"""The note a page shows while Voila runs its notebook: every language has it, translated, its numbers kept."""

from __future__ import annotations

import json
from pathlib import Path

from phase10kit.i18n import LANGUAGES
from phase10kit_server.loading import LOADING_NOTES, loading_notes

ROOT = Path(__file__).resolve().parent.parent


def test_every_language_has_the_note_the_wait_and_the_step_translated() -> None:
    for kind in LOADING_NOTES:
        notes = loading_notes(kind)
        assert set(notes) == set(LANGUAGES)
        for lang, texts in notes.items():
            assert len(texts) == 3 and all(texts)
            assert "{index}" in texts[2] and "{count}" in texts[2]
            if lang != "en":
                assert not set(texts) & set(notes["en"]), (lang, texts)


def test_an_unknown_kind_is_a_page_never_an_error() -> None:
    assert loading_notes(None) == loading_notes("page") == loading_notes({"x": 1})


def test_voila_json_registers_the_filter_and_the_table_asks_for_its_note() -> None:
    config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    assert config["VoilaExporter"]["filters"]["p10_loading_notes"] == "phase10kit_server.loading.loading_notes"
    play = json.loads((ROOT / "notebooks" / "play.ipynb").read_text(encoding="utf-8"))
    assert play["metadata"]["voila"]["loading_note"] == "table"
