"""Write the course notebooks from the cell texts below, without outputs.

Run ``python tools/make_notebooks.py`` after editing; the tests check the notebooks carry no outputs.
"""

from __future__ import annotations

from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent.parent / "notebooks"

WELCOME = [
    (
        "md",
        """# Welcome to phase10kit

This kit teaches the card game **Phase 10** with live Python: every rule is checked by the same
exact rules package, so what you see here is never a guess.

**Vocabulary.** A *card* is written `R7` (red 7), `B12`, `Y1`, `G5`; `W` is a Wild and `S` a Skip.
A *hand* is cards separated by spaces. A *group* is a set (same number), a run (numbers in a row)
or a colour group (same colour). A *phase* is the groups you must lay down, written `s3+r4`
(a set of 3 and a run of 4) or `2s3` (two sets of 3).

**How to use it.** Run each cell with Shift+Enter, from top to bottom. Change the cards in the
cells and run them again: that is the best way to learn.""",
    ),
    ("code", "from phase10kit import parse_cards, phase, Phase, can_complete, find_layout, missing, outs, explain"),
    (
        "md",
        "## Cards\n\nA hand is typed in the notation; a bare value shows itself as cards.",
    ),
    ("code", 'hand = parse_cards("R7 B7 G7 Y2 B2 W S")\nhand'),
    (
        "md",
        "## The ten phases\n\nEach phase has a number, a notation and a name. Phase 1 is two sets of three.",
    ),
    (
        "code",
        "for n in range(1, 11):\n    print(n, phase(n), '-', phase(n).name)",
    ),
    (
        "md",
        "## Does a hand hold a phase?\n\nThe solver answers exactly and shows how to lay the phase down, "
        "with each Wild's value fixed.",
    ),
    ("code", "print(can_complete(hand, phase(1)))\nprint(find_layout(hand, phase(1)))"),
    ("code", "find_layout(hand, phase(1))"),
    (
        "md",
        "## What is missing?\n\nWhen a hand is not there yet, the kit says how many cards are missing, "
        "which single cards would finish it (the *outs*), and explains it in words.",
    ),
    (
        "code",
        'almost = parse_cards("R1 R2 R3 R4 R5 R6 G1")\n'
        "print(missing(almost, phase(4)))\nprint(' '.join(str(card) for card in outs(almost, phase(4))))\n"
        "print(explain(almost, phase(4)))",
    ),
    (
        "md",
        """## Exercise

Make a hand of 8 cards that holds Phase 2 (a set of 3 and a run of 4) using exactly one Wild.
Replace the cards below and run the cell: it checks your answer.""",
    ),
    (
        "code",
        'my_hand = parse_cards("R4 B4 G4 Y4 R5 R6 W S")\n'
        "layout = find_layout(my_hand, phase(2))\n"
        "if layout is not None and layout.wilds == 1 and len(my_hand) == 8:\n"
        "    print('Well done:', layout)\n"
        "else:\n"
        "    print('Not yet:', explain(my_hand, phase(2)))",
    ),
]


def write(name: str, cells: list[tuple[str, str]]) -> None:
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    notebook.metadata["language_info"] = {"name": "python"}
    for number, (kind, text) in enumerate(cells, start=1):
        cell = nbformat.v4.new_markdown_cell(text) if kind == "md" else nbformat.v4.new_code_cell(text)
        cell.id = f"{Path(name).stem}-{number}"  # stable ids keep diffs small
        notebook.cells.append(cell)
    HERE.mkdir(exist_ok=True)
    nbformat.write(notebook, HERE / name)


if __name__ == "__main__":
    write("00_welcome.ipynb", WELCOME)
