"""The check that no English is left on a translated lesson's screen can fail, and lets the notation and code be.

The check itself runs inside nbval's run of every translated notebook (``conftest.py``); these tests show that it
catches what issue 25 found (a table's English headings and values, "<97 unseen cards>", True in a table) and
that the kernel's recorder hands it the widgets' text.
"""

from __future__ import annotations

import json
import os
import runpy
from pathlib import Path

import ipywidgets
import pytest

from tests.english_on_screen import english_words, output_texts

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("lang", "text", "english"),
    [
        (
            "ko",
            '<table class="dataframe"><tr><th>draws</th><th>probability</th><td>exact</td></tr></table>',
            ["draws", "probability", "exact"],
        ),
        (
            "uk",
            '<table class="dataframe"><tr><th>карта</th><td>True</td><td>win_rate</td></tr></table>',
            ["True", "win", "rate"],
        ),  # in a table, code names and Python's words are English too
        ("hr", "chance_next(R1 R2, r7, &lt;97 unseen cards&gt;) trebao bi biti 16/97", ["cards"]),
        ("cs", "Vyber karty z ruky: the numbers", ["the", "numbers"]),
        ("es", "<p>Tu mano: draw a card</p>", ["draw", "card"]),
    ],
)
def test_english_on_screen_is_found(lang: str, text: str, english: list[str]) -> None:
    assert english_words(text, lang) == english


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("ko", "p2: S를 버리고 p3 건너뛰기 <code>p2 discard S>p3</code>"),
        ("ko", "p2 take; p2 discard G1"),
        ("uk", "Точно: правила відхиляють p1 hit p1.2 W&gt;low. W не підходить до r[W B2 R3 G4]."),
        ("ko", "chance_next(hand, phase, unseen)를 작성하세요. unseen에는 보이지 않는 카드가 모두 있어요."),
        ("uk", "skip_target=next hit_others=next_turn extra_cards=yes phases=2s3,s3+r4"),
        ("ko", "(True, 'p2', [45, 35, 155])"),
        ("hr", "Igrači su p1 i p3; RandomBot i GreedyBot igraju. Vrati Fraction(3, 8)."),
        ("cs", "hand 2 dealer p1 · tiebreak p1 p3 dealer p2 · first:3"),
        ("ko", '<svg aria-label="7 빨강 (R7)"><text>7</text></svg>'),
    ],
)
def test_notation_and_code_may_stay(lang: str, text: str) -> None:
    assert english_words(text, lang) == []


def test_a_cells_outputs_are_read_as_a_reader_sees_them() -> None:
    outputs = [
        {"output_type": "stream", "name": "stdout", "text": "<97 unseen cards>\n"},
        {"output_type": "display_data", "data": {"text/plain": "Table()", "text/html": "<b>mesa</b>"}},
        {"output_type": "display_data", "data": {"application/vnd.jupyter.widget-view+json": {}, "text/plain": "VBox"}},
        {"output_type": "execute_result", "data": {"text/plain": "'two words'"}},
    ]
    assert list(output_texts(outputs)) == [
        ("<97 unseen cards>\n", False),
        ("<b>mesa</b>", True),
        ("'two words'", False),
    ]


def test_the_kernels_recorder_writes_each_widget_text_once(tmp_path: Path) -> None:
    from IPython.core.interactiveshell import InteractiveShell

    record = tmp_path / "lesson.widgets"
    shell = InteractiveShell.instance()
    os.environ["P10_WIDGET_TEXT"] = str(record)
    try:
        runpy.run_path(str(ROOT / "tests" / "notebook_kernel_startup.py"))
        button = ipywidgets.Button(description="뽑기", tooltip="p1 draw")
        menu = ipywidgets.Dropdown(options=[("빠르게", 1), ("천천히", 2)])
        shell.events.trigger("post_run_cell", None)
        button.description = "버리기"
        shell.events.trigger("post_run_cell", None)
        texts = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
        assert {"뽑기", "p1 draw", "빠르게", "천천히", "버리기"} <= set(texts) and len(texts) == len(set(texts))
        button.close()
        menu.close()
    finally:
        del os.environ["P10_WIDGET_TEXT"]
        InteractiveShell.clear_instance()
