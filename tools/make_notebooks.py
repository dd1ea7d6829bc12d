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

PLAY = [
    (
        "code",
        "# The playable table for Voila: ?seed=5&players=2&bots=greedy&lang=en in the page URL sets it up.\n"
        "# Import first: with preheated kernels (voila.json) this runs before a student opens the page,\n"
        "# and request_query() waits here for the page's URL.\n"
        "from widgets.play import play_page, request_query\n"
        "\n"
        "play_page(request_query())",
    ),
]
"""The Voila play page (``notebooks/play.ipynb``): only the table, set up from the page's URL."""


def write_play() -> None:
    """Write ``notebooks/play.ipynb``, the page ``make play`` and Binder's Voila link open."""
    write("play.ipynb", PLAY)


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


# ---------------------------------------------------------------- the course (tutorial notebooks 01..)
# Each lesson: vocabulary first, one idea at a time with a widget, exact answers, a checked exercise.
# Exercise cells never raise: a wrong or unreadable answer prints a hint.

CARDS_AND_DECK = [
    (
        "md",
        """# 01 · Cards and the deck

**Vocabulary**

- *number card*: a card with a number from 1 to 12 and one of four colours, written `R7` (red 7),
  `B12` (blue 12), `G5` (green 5), `Y1` (yellow 1).
- *Wild* (`W`): stands for any number or colour inside a group.
- *Skip* (`S`): makes another player lose a turn; it never goes into a group.
- *deck*: all 108 cards. A *hand* is the ten cards a player is dealt.
- *points*: what a card left in your hand costs you at the end of a hand.""",
    ),
    (
        "code",
        "import random\nfrom collections import Counter\n"
        "from phase10kit import parse_cards, standard_deck, shuffled_deck",
    ),
    (
        "md",
        "## The deck\n\nThe kit builds the deck exactly as printed. Count it, and count each kind of card.",
    ),
    (
        "code",
        "deck = standard_deck()\n"
        "print(len(deck), 'cards')\n"
        "kinds = Counter('Wild' if c.is_wild else 'Skip' if c.is_skip else 'number' for c in deck)\n"
        "print(kinds)\n"
        "print('copies of R7:', deck.count(parse_cards('R7')[0]))",
    ),
    (
        "md",
        "So there are 12 numbers × 4 colours × 2 copies = 96 number cards, 8 Wilds and 4 Skips.\n\n"
        "## A hand\n\nShuffling takes a seed, so everyone who runs this cell gets the same hand. "
        "Click the cards and try the sort buttons.",
    ),
    (
        "code",
        "from widgets import HandView\n\nhand = shuffled_deck(random.Random(1))[:10]\nHandView(hand)",
    ),
    ("md", "You can also type a hand in the notation. A bare hand shows itself as cards."),
    ("code", 'parse_cards("R7 B12 G5 Y1 W S")'),
    (
        "md",
        "## Points\n\nCards still in your hand when someone goes out cost points: "
        "1–9 cost 5, 10–12 cost 10, a Skip 15 and a Wild 25. Fewer points is better.",
    ),
    (
        "code",
        'for card in parse_cards("R1 R9 B10 G12 S W"):\n    print(card, card.points)\n'
        'print("this hand costs", sum(card.points for card in hand), "points:", " ".join(map(str, hand)))',
    ),
    (
        "md",
        "## Exercise\n\nHow many points does the hand `R3 B11 W S Y9` cost? Replace `None` with your number "
        "and run the cell.",
    ),
    (
        "code",
        "answer = None  # your number here\n\n"
        'right = sum(card.points for card in parse_cards("R3 B11 W S Y9"))\n'
        "if answer == right:\n"
        "    print('Well done!', right, 'points.')\n"
        "else:\n"
        "    print('Not yet. Hint: add 5 for each 1-9, 10 for each 10-12, 15 for a Skip and 25 for a Wild.')",
    ),
]

SETS = [
    (
        "md",
        """# 02 · Sets

**Vocabulary**

- *set*: cards of the **same number**, colours do not matter: `s[R7 B7 G7]` is a set of 3.
- *group*: a set, a run or a colour group laid on the table. Groups are written `s[...]`, `r[...]`, `c[...]`.
- *phase*: the groups you must lay down, e.g. `2s3` is two sets of 3 (Phase 1).""",
    ),
    (
        "code",
        "from phase10kit import Group, GroupKind, InvalidGroupError, parse_cards, phase, find_layout\n"
        "from widgets import GroupBuilder",
    ),
    ("md", "## Making a set\n\n`Group.make` checks cards as a group and says why when they are not one."),
    (
        "code",
        'print(Group.make(GroupKind.SET, parse_cards("R7 B7 G7")))\n'
        "try:\n"
        '    Group.make(GroupKind.SET, parse_cards("R7 B7 G8"))\n'
        "except InvalidGroupError as error:\n"
        "    print('Not a set:', error)",
    ),
    (
        "md",
        "## Try it\n\nPick cards in the hand below to build a set; the line under it says at once "
        "whether they make one. *Deal* gives a new hand.",
    ),
    ("code", 'GroupBuilder("R7 B7 G7 Y7 R2 B3 W S", kind="set", seed=1)'),
    (
        "md",
        "## Sets in phases\n\nPhase 1 is two sets of 3, Phase 7 two sets of 4, Phase 9 a set of 5 and a set of 2, "
        "Phase 10 a set of 5 and a set of 3. The solver finds a layout when the hand holds the phase.",
    ),
    (
        "code",
        "for n in (1, 7, 9, 10):\n    print(n, phase(n), '-', phase(n).name)\n"
        'print(find_layout(parse_cards("R4 B4 G4 Y9 B9 R9 G1 S"), phase(1)))',
    ),
    (
        "md",
        "## Exercise\n\nWrite a set of 4 nines, in the notation, that uses no Wild. Then run the cell.",
    ),
    (
        "code",
        'my_set = ""  # e.g. "R9 ..."\n\n'
        "try:\n"
        "    group = Group.make(GroupKind.SET, parse_cards(my_set))\n"
        "    ok = len(group.cards) == 4 and group.value == 9 and not group.wild_values()\n"
        "except ValueError as error:\n"
        "    ok = False\n    print('Those cards are not a set yet:', error)\n"
        "print('Well done!' if ok else 'Hint: four cards, all with the number 9, any colours (e.g. R9 B9 ...).')",
    ),
]

RUNS = [
    (
        "md",
        """# 03 · Runs

**Vocabulary**

- *run*: cards with numbers **in a row**, colours do not matter: `r[R3 G4 B5 Y6]` is a run of 4.
- A run never wraps around: 12 is the top, so `11 12 1` is not a run.
- Phase 4 is a run of 7 (`r7`), Phase 5 a run of 8, Phase 6 a run of 9; Phases 2 and 3 mix a set and a run.""",
    ),
    (
        "code",
        "from phase10kit import Group, GroupKind, InvalidGroupError, arrange, parse_cards\n"
        "from phase10kit import phase, find_layout, explain\n"
        "from widgets import GroupBuilder",
    ),
    (
        "md",
        "## Making a run\n\n`arrange` puts cards in run order for you; `Group.make` checks cards already in order.",
    ),
    (
        "code",
        'print(arrange(GroupKind.RUN, parse_cards("Y6 R3 B5 G4")))\n'
        'for text in ("R3 G4 G6 Y7", "R11 R12 R1"):\n'
        "    try:\n"
        "        Group.make(GroupKind.RUN, parse_cards(text))\n"
        "    except InvalidGroupError as error:\n"
        "        print(text, '->', error)",
    ),
    (
        "md",
        "## Try it\n\nBuild a run from this hand. Click cards in any order: the kit puts them in run order.",
    ),
    ("code", 'GroupBuilder("R3 G4 B5 Y6 R8 B9 G9 S", kind="run", seed=2)'),
    (
        "md",
        "## Runs in phases\n\nThe solver explains what a hand still needs for a run phase.",
    ),
    (
        "code",
        'hand = parse_cards("R1 B2 G3 Y4 R5 B6 Y9 G9 S")\n'
        "print(phase(4), '-', phase(4).name)\n"
        "print('layout:', find_layout(hand, phase(4)))\n"
        "print(explain(hand, phase(4)))",
    ),
    (
        "md",
        "## Exercise\n\nWhich single number card would finish Phase 4 for the hand above? "
        'Write one card, like `"R5"`, and run the cell.',
    ),
    (
        "code",
        'my_card = ""  # one card, e.g. "R5"\n\n'
        "try:\n"
        "    ok = len(parse_cards(my_card)) == 1 and find_layout(hand + parse_cards(my_card), phase(4)) is not None\n"
        "except ValueError as error:\n"
        "    ok = False\n    print('That is not a card:', error)\n"
        "print('Well done!' if ok else 'Hint: the run 1 to 6 needs one more number at its top end.')",
    ),
]

COLOUR_GROUPS = [
    (
        "md",
        """# 04 · Colour groups

**Vocabulary**

- *colour group*: cards of the **same colour**, numbers do not matter: `c[B1 B4 B9]`.
- Phase 8 is a colour group of 7 (`c7`).
- The colours are red `R`, blue `B`, green `G` and yellow `Y`.""",
    ),
    (
        "code",
        "from phase10kit import Group, GroupKind, InvalidGroupError, parse_cards, phase, find_layout, missing, outs\n"
        "from widgets import GroupBuilder, PhaseChecker",
    ),
    ("md", "## Making a colour group"),
    (
        "code",
        'print(Group.make(GroupKind.COLOR, parse_cards("B1 B4 B9 B12")))\n'
        "try:\n"
        '    Group.make(GroupKind.COLOR, parse_cards("B1 B4 R9"))\n'
        "except InvalidGroupError as error:\n"
        "    print('Not a colour group:', error)",
    ),
    ("md", "## Try it\n\nBuild a colour group from this hand."),
    ("code", 'GroupBuilder("B1 B4 B9 B12 R4 G4 W S", kind="color", seed=3)'),
    (
        "md",
        "## Phase 8\n\nThe phase checker below shows the layout, what is missing and the *outs*: the single cards "
        "that would finish the phase. Type another hand or press *Deal*.",
    ),
    ("code", 'PhaseChecker("G1 G3 G5 G8 G9 G12 R2 B7 Y7 S", phase=8, seed=4)'),
    (
        "code",
        'hand = parse_cards("G1 G3 G5 G8 G9 G12 R2 B7 Y7 S")\n'
        "print('missing:', missing(hand, phase(8)))\n"
        "print('outs:', ' '.join(str(card) for card in outs(hand, phase(8))))",
    ),
    (
        "md",
        "## Exercise\n\nHow many different single cards (count each kind once, the Wild too) finish Phase 8 "
        "for that hand? Replace `None`.",
    ),
    (
        "code",
        "answer = None  # a number\n\n"
        "right = len(outs(hand, phase(8)))\n"
        "if answer == right:\n"
        "    print('Well done!')\n"
        "else:\n"
        "    print('Not yet. Hint: every green card helps, even a number the hand already holds, and so does a Wild.')",
    ),
]

WILDS = [
    (
        "md",
        """# 05 · Wilds

**Vocabulary**

- *Wild* (`W`): takes the place of any number card in a group.
- Once laid, a Wild's value is **fixed**: in `r[G3 G4 W Y6]` the Wild is a 5 for the rest of the hand.
- *natural card*: a card that is not a Wild. By the default rule every group needs at least one.
- *hit*: adding a card to a group already on the table.""",
    ),
    (
        "code",
        "from phase10kit import WILD, Group, GroupKind, InvalidGroupError, parse_cards, phase, find_layout\n"
        "from widgets import WildPlayground",
    ),
    ("md", "## What a Wild stands for\n\nEach laid group knows what its Wilds are."),
    (
        "code",
        'for text in ("s[R7 B7 W]", "r[G3 G4 W Y6]", "c[B1 W B9]"):\n'
        "    group = Group.parse(text)\n"
        "    print(group, 'the Wilds stand for', group.wild_values())",
    ),
    (
        "md",
        "## Where can a card go?\n\nA run can grow at either end. `fits` says where a card may be added: "
        "a Wild fits at both ends of a run, and then keeps the value of that end.",
    ),
    (
        "code",
        'run = Group.parse("r[G3 G4 W Y6]")\n'
        "print(run.fits(WILD))\n"
        "longer = run.extend(WILD, 'low')\n"
        "print(longer, longer.wild_values())",
    ),
    ("md", "## Try it\n\nAdd cards at the low or high end and watch the Wilds' values; *Undo* takes a card back."),
    ("code", 'WildPlayground("r[G3 G4 W Y6]", card="W")'),
    (
        "md",
        "## Groups of only Wilds\n\nBy the default rule (`natural_required=True`) a group needs a natural card. "
        "Some house rules allow groups of only Wilds; then the group must say what the Wilds stand for.",
    ),
    (
        "code",
        'three_wilds = parse_cards("W W W")\n'
        "try:\n"
        "    Group.make(GroupKind.SET, three_wilds, 7)\n"
        "except InvalidGroupError as error:\n"
        "    print('Default rule:', error)\n"
        "print('House rule:', Group.make(GroupKind.SET, three_wilds, 7, natural_required=False))",
    ),
    (
        "md",
        "## Exercise\n\nWrite a run of 5 with exactly two Wilds, in run order (e.g. `r[R2 W ...]`), "
        "where the Wilds stand for 4 and 6.",
    ),
    (
        "code",
        'my_run = "r[]"  # your run\n\n'
        "try:\n"
        "    group = Group.parse(my_run, natural_required=True)\n"
        "    ok = group.kind is GroupKind.RUN and len(group.cards) == 5 and group.wild_values() == [4, 6]\n"
        "except ValueError as error:\n"
        "    ok = False\n    print('Not a run yet:', error)\n"
        "print('Well done!' if ok else 'Hint: five numbers in a row, with W in the places of 4 and 6, e.g. 3 to 7.')",
    ),
]

SKIPS = [
    (
        "md",
        """# 06 · Skips

**Vocabulary**

- *Skip* (`S`): discarding it makes a player lose their next turn.
- *skip target*: who loses the turn. By default the discarder **chooses** (`skip_target="choose"`);
  some rule sheets skip the **next** player (`skip_target="next"`).
- *circuit*: once round the table. A player can be skipped only **once per circuit**: nobody may
  skip a player who is already waiting to lose a turn.
- *first discard*: the card flipped to start the discard pile. If it is a Skip, the first player is
  skipped (`first_skip="skip_first"`) or, under the other rule, it is covered with the next card
  (`first_skip="cover"`).

Players are written `p1`, `p2`, ... and actions in a short notation: `p1 draw`, `p1 discard S>p3`.""",
    ),
    (
        "code",
        "from phase10kit.actions import Discard, parse_action\nfrom phase10kit.game import Game\n"
        "from phase10kit.rules import Rules\n"
        "from widgets import SkipDemo",
    ),
    (
        "md",
        "## A Skip in a real game\n\nHere four players get hands chosen for the lesson; p1 and p2 each hold a Skip.",
    ),
    (
        "code",
        "hands = [\n"
        '    "S R7 B7 G7 Y2 B2 W R1 R3 G5",\n'
        '    "S R2 R3 R4 R6 B8 B9 B10 Y11 G1",\n'
        '    "B1 B2 B3 G4 G6 G8 Y9 Y10 R11 R12",\n'
        '    "Y1 Y3 Y5 Y7 G9 G10 G11 G12 B12 Y12",\n'
        "]\n"
        'game = Game.from_deal(hands, draws="Y7 B5 R9 G2 Y4", seed=1)\n\n\n'
        "def play(text):\n"
        "    game.apply(parse_action(text))\n"
        "    waiting = [f'p{seat + 1}' for seat, skipped in enumerate(game.skipped) if skipped]\n"
        "    print(f'{text:<18} next: p{game.current_player + 1} to {game.stage};',\n"
        "          'waiting to lose a turn:', waiting)\n\n\n"
        'play("p1 draw")\n'
        "print('p1 may discard:', [str(a) for a in game.legal_actions() if isinstance(a, Discard)])",
    ),
    ("md", "p1 chooses to skip p3. Then p2 may not skip p3 again this circuit: look at p2's choices."),
    (
        "code",
        'play("p1 discard S>p3")\n'
        'play("p2 draw")\n'
        "print('p2 may discard a Skip against:', [str(a) for a in game.legal_actions() if a.card.is_skip])",
    ),
    ("md", "p2 discards a plain card, and p3 loses the turn: play goes straight to p4."),
    ("code", 'play("p2 discard G1")'),
    (
        "md",
        '## The next player rule\n\nUnder `skip_target="next"` a Skip always hits the next player, '
        "so it is written just `S`.",
    ),
    (
        "code",
        'game = Game.from_deal(hands, rules=Rules(skip_target="next"), draws="Y7 B5 R9 G2 Y4", seed=1)\n'
        'play("p1 draw")\n'
        'play("p1 discard S")',
    ),
    (
        "md",
        "## Try it\n\n*Next turn* plays one turn of a seeded game. Change the rule menus to replay the same "
        "deal under the other rules, including a Skip flipped as the first discard.",
    ),
    ("code", 'SkipDemo(players=4, skip_target="choose", first_skip="skip_first", seed=2)'),
    (
        "md",
        '## Exercise\n\nIn a 4-player game under `skip_target="next"`, p3 discards a Skip. '
        'Who loses a turn? Write it like `"p1"`.',
    ),
    (
        "code",
        'answer = ""  # "p1", "p2", "p3" or "p4"\n\n'
        "if answer.strip().lower() == 'p4':\n"
        "    print('Well done! The next player after p3 is p4.')\n"
        "else:\n"
        "    print('Not yet. Hint: the Skip hits the player who would play next, to the left of p3.')",
    ),
]

PHASES_AND_TURN = [
    (
        "md",
        """# 07 · The ten phases and a turn

**Vocabulary**

- *phase*: the groups to lay down, e.g. `s3+r4` (a set of 3 and a run of 4). Everyone starts on Phase 1
  and moves to the next phase after making one.
- *turn*: **draw** one card (from the draw pile, or *take* the top discard), then optionally **lay down**
  your whole phase, then **hit** (add cards to groups on the table, once you have laid down), then
  **discard** one card.
- *going out*: getting rid of your last card ends the hand.
- *extra cards*: by the default rule a group you lay down may be longer than the phase asks
  (`extra_cards=True`); the exact-size rule (`extra_cards=False`) refuses that.

Actions are written `p1 draw`, `p1 take`, `p1 lay s[R7 B7 G7] s[Y2 B2 W]`, `p1 hit p1.2 Y2`, `p1 discard R1`.""",
    ),
    (
        "code",
        "from phase10kit import phase, parse_cards\nfrom phase10kit.actions import Hit, parse_action\n"
        "from phase10kit.game import Game\nfrom phase10kit.rules import Rules\n\n"
        "for n in range(1, 11):\n    print(f'{n:>2} {str(phase(n)):<8} {phase(n).name}')",
    ),
    (
        "md",
        "## A turn, step by step\n\nTwo players get hands chosen for the lesson. p1 holds Phase 1 almost "
        "(two sets of 3) and the draw pile gives a Y7 first.",
    ),
    (
        "code",
        "hands = [\n"
        '    "R7 B7 G7 Y2 B2 W R1 R3 G5 Y9",\n'
        '    "R2 R3 R4 R6 B8 B9 B10 Y11 Y12 G1",\n'
        "]\n"
        'game = Game.from_deal(hands, draws="Y7 R8 B2", seed=1)\n\n\n'
        "def play(text):\n"
        "    game.apply(parse_action(text))\n"
        "    print(f'{text:<36} next: p{game.current_player + 1} to {game.stage}')\n\n\n"
        "print('p1 holds', ' '.join(str(card) for card in game.hands[0]))\n"
        'play("p1 draw")\n'
        "print('p1 drew', game.hands[0][-1])",
    ),
    (
        "md",
        "p1 lays down Phase 1. The set of 7s takes four cards: extra cards are allowed by the default rule.",
    ),
    ("code", 'play("p1 lay s[R7 B7 G7 Y7] s[Y2 B2 W]")\nprint(game.melds[0])'),
    (
        "md",
        "Under the exact-size rule the same lay-down is refused, with a reason, and the game is left as it was.",
    ),
    (
        "code",
        'strict = Game.from_deal(hands, rules=Rules(extra_cards=False), draws="Y7 R8 B2", seed=1)\n'
        'strict.apply(parse_action("p1 draw"))\n'
        'print(strict.why_not(parse_action("p1 lay s[R7 B7 G7 Y7] s[Y2 B2 W]")))',
    ),
    (
        "md",
        "p1 ends the turn with a discard. p2 plays a turn, then p1 draws again: see the exercise below.",
    ),
    (
        "code",
        'play("p1 discard R1")\n'
        'play("p2 draw")\n'
        'play("p2 discard G1")\n'
        'play("p1 draw")\n'
        "print('p1 drew', game.hands[0][-1])",
    ),
    (
        "md",
        "## The whole game so far\n\nThe game keeps its history in the same notation, so it can be replayed "
        "exactly. Showing `game` draws the table as p1 sees it.",
    ),
    ("code", "print('\\n'.join(game.history[-8:]))\ngame"),
    (
        "md",
        "## Exercise\n\nIt is p1's turn to play. Write the action that adds p1's drawn card to the group where it "
        'fits, in the notation (like `"p1 hit p1.1 ..."`).',
    ),
    (
        "code",
        'my_action = ""  # e.g. "p1 hit p1.1 R7"\n\n'
        "try:\n"
        "    action = parse_action(my_action)\n"
        "    problem = game.why_not(action)\n"
        "    ok = problem is None and isinstance(action, Hit)\n"
        "    if problem is not None:\n"
        "        print('The game refuses it:', problem)\n"
        "except ValueError as error:\n"
        "    ok = False\n    print('That is not an action yet:', error)\n"
        "print('Well done!' if ok else 'Hint: p1 drew a B2; the second group p1.2 is the set of 2s.')",
    ),
]

SCORING_AND_VARIANTS = [
    (
        "md",
        """# 08 · Hands, scoring, winning and variants

**Vocabulary**

- *hand*: one deal, played until someone goes out. Players who made their phase move on to the next.
- *score*: after each hand, the cards left in your hand cost points (1–9: 5, 10–12: 10, Skip: 15, Wild: 25).
  Scores add up over the game; **lower is better**.
- *winning*: the first player to make Phase 10 wins. If several make it in the same hand, the lowest
  total score wins; if they are still tied, they play a *tie-break hand* on Phase 10 (`s5+s3`), and the
  first to lay it down wins.
- *variant*: a change to the rules, made with `Rules(...)` or a named set `Rules.preset(name)`.""",
    ),
    (
        "code",
        "from phase10kit import parse_cards\nfrom phase10kit.game import TIEBREAK_PHASE, Game\n"
        "from phase10kit.rules import PRESETS, Rules, phase_list\n"
        "from phase10kit.bots import SmartBot, play_game",
    ),
    (
        "md",
        "## What a hand costs\n\nWhen someone goes out, each other player adds up the cards still in hand.",
    ),
    (
        "code",
        'left = parse_cards("R3 B11 W S")\n'
        "print(' + '.join(str(card.points) for card in left), '=', sum(card.points for card in left))",
    ),
    (
        "md",
        "## A whole game\n\nTwo bots play a seeded game to the end (notebook 11 is about bots). "
        "`game.done` lists the phases each player made, `game.scores` the totals.",
    ),
    (
        "code",
        "game = play_game([SmartBot(seed=1), SmartBot(seed=2)], seed=3)\n"
        "for seat in range(game.players):\n"
        "    print(f'p{seat + 1}: phases made {list(game.done[seat])}, score {game.scores[seat]}')\n"
        "print('hands played:', game.round, '- winner:', f'p{game.winner + 1}')",
    ),
    (
        "md",
        "## Ties\n\nIf two players make Phase 10 in the same hand with the same score, they play one more hand "
        "on this phase; the history then has a `tiebreak` line.",
    ),
    ("code", "print(TIEBREAK_PHASE, '-', TIEBREAK_PHASE.name)"),
    (
        "md",
        """## Variants

- **all advance** (`progression="all_advance"`): everyone moves on after every hand, one hand per phase;
  the lowest score wins.
- **fewer phases** (`phase_list("first:5")`, preset `short`), **even** or **odd** phases only.
- **any order** (`progression="any_order"`): lay any phase you have not made yet.
- **twenty phases** (`phase_list("twenty")`).""",
    ),
    (
        "code",
        "default = Rules().to_dict()\n"
        "for name in PRESETS:  # each named rule set, and how it differs from the default rules\n"
        "    changed = {key: value for key, value in Rules.preset(name).to_dict().items() if value != default[key]}\n"
        "    print(f'{name:<12}', changed if name != 'twenty' else 'phases: the twenty phases')",
    ),
    (
        "code",
        'for spec in ("even", "odd", "first:5", "twenty"):\n'
        "    print(f'{spec:<8}', ' '.join(str(p) for p in phase_list(spec)))",
    ),
    ("md", "The same bots, the same seed, under the all-advance rule: the game lasts exactly ten hands."),
    (
        "code",
        'game = play_game([SmartBot(seed=1), SmartBot(seed=2)], rules=Rules.preset("all-advance"), seed=3)\n'
        "print('hands played:', game.round, '- scores:', game.scores, '- winner:', f'p{game.winner + 1}')",
    ),
    (
        "md",
        "## Exercise\n\nMake the rules of a short game: only the **first 3** standard phases, and a Skip always "
        "skips the **next** player. Replace `None` with `Rules(...)`.",
    ),
    (
        "code",
        "my_rules = None  # Rules(phases=..., skip_target=...)\n\n"
        "if not isinstance(my_rules, Rules):\n"
        '    print(\'Hint: write Rules(phases=phase_list("first:3"), skip_target="next").\')\n'
        'elif my_rules.phases == phase_list("first:3") and my_rules.skip_target == "next":\n'
        "    print('Well done!', my_rules.notation())\n"
        "else:\n"
        '    print(\'Not yet. Hint: phase_list("first:3") gives the phases; skip_target is "next".\')',
    ),
]

DEAL_ODDS = [
    (
        "md",
        """# 09 · The chance of being dealt each phase

**Vocabulary**

- *probability*: how often something happens in the long run, from 0 (never) to 1 (always).
- *exact by counting*: count every possible ten-card hand, and how many of them hold the phase;
  the probability is one count divided by the other.
- *Monte Carlo*: deal many random hands and count how often the phase turns up. It is only an
  estimate, but it closes in on the exact answer as the number of deals grows.
- *difficulty*: phases ranked from the most often dealt (1) to the least (10).""",
    ),
    (
        "code",
        "import math\n"
        "from phase10kit.probability import (\n"
        "    convergence,\n    convergence_figure,\n    difficulty_figure,\n"
        "    exact_deal_odds,\n    simulate_deal_odds,\n)\n"
        "from widgets import OddsExplorer",
    ),
    (
        "md",
        "## Exact, by counting\n\nThere are this many different ten-card hands from the 108-card deck "
        "(each physical card counted on its own, so the two red 7s are different cards):",
    ),
    (
        "code",
        "print(f'{math.comb(108, 10):,} ways to deal 10 cards from 108')\nexact = exact_deal_odds(hand_size=10)\nexact",
    ),
    (
        "md",
        "`hands` counts the hands that hold the phase, `probability` is that count divided by all hands, "
        "and `difficulty` ranks the phases. Phase 2 is dealt more often than Phase 1! Check the division:",
    ),
    (
        "code",
        "print(exact.loc[1, 'hands'], '/', math.comb(108, 10), '=', exact.loc[1, 'hands'] / math.comb(108, 10))",
    ),
    (
        "md",
        "## The printed order and the difficulty order\n\nThe phases are printed 1 to 10, but that is not "
        "the order of how hard they are to be dealt. Compare the two charts.",
    ),
    ("code", "difficulty_figure(hand_size=10, order='printed')"),
    ("code", "difficulty_figure(hand_size=10, order='difficulty')"),
    (
        "md",
        "## Monte Carlo closes in on the exact answer\n\nNow deal random hands (seeded) and count. "
        "`low`..`high` is a 95% interval: the exact answer should be inside it nearly always.",
    ),
    (
        "code",
        "simulated = simulate_deal_odds(5_000, hand_size=10, seed=1)\n"
        "simulated['exact'] = exact['probability']\n"
        "simulated['inside'] = (simulated['low'] <= simulated['exact']) & (simulated['exact'] <= simulated['high'])\n"
        "simulated",
    ),
    (
        "code",
        "frame = convergence((1_000, 4_000, 16_000), phases=[1, 4], seed=2)\n"
        "print(frame[['n', 'phase', 'estimate', 'exact', 'error']].to_string(index=False))",
    ),
    ("md", "The error shrinks roughly like one over the square root of the number of deals:"),
    ("code", "convergence_figure(sizes=(1_000, 3_000, 10_000, 30_000), seed=3, phases=(1, 4, 8))"),
    (
        "md",
        "## Try it\n\nChange the hand size and the phase: the exact odds of being dealt it update at once.",
    ),
    ("code", "OddsExplorer(phase=1, hand_size=10, draws=3, seed=4)"),
    (
        "md",
        "## Exercise\n\nWhich phase is the **hardest** to be dealt in ten cards? Look at the table above and "
        "replace `None` with its number.",
    ),
    (
        "code",
        "answer = None  # a phase number\n\n"
        "hardest = int(exact['probability'].idxmin())\n"
        "if answer == hardest:\n"
        "    print('Well done! Phase', hardest, 'is', exact.loc[hardest, 'phase'])\n"
        "else:\n"
        "    print('Not yet. Hint: look for the smallest probability, or the difficulty rank 10.')",
    ),
]

DRAWING_ODDS = [
    (
        "md",
        """# 10 · Drawing toward a phase

**Vocabulary**

- *outs*: the single cards that would finish your phase if you drew one of them.
- *unseen cards*: cards you cannot see (the draw pile and the other hands). At the start of a hand, all
  108 cards but your own ten are unseen, so each is equally likely to be your next draw.
- *odds within k draws*: the chance that your hand, plus the next k cards you draw, holds the phase.
- *discard choice*: after drawing you hold 11 cards and must throw one away: keep the cards that give you
  the best odds.""",
    ),
    (
        "code",
        "from phase10kit import parse_cards, phase, missing, outs, explain\n"
        "from phase10kit.probability import best_draws, completion_curve, completion_figure, completion_odds",
    ),
    ("md", "## Outs\n\nA hand one card away from Phase 4 (a run of 7):"),
    (
        "code",
        'hand = parse_cards("R1 R2 R3 R4 R5 R6 G1 B9 Y11 S")\n'
        "print(explain(hand, phase(4)))\n"
        "print('outs:', ' '.join(str(card) for card in outs(hand, phase(4))))",
    ),
    (
        "md",
        "## The exact chance of the next draw\n\nThe outs are every 7 and every Wild. There are 8 sevens and 8 Wilds "
        "in the deck, none of them in this hand, and 98 unseen cards. So the chance is 16 in 98:",
    ),
    ("code", "print(16 / 98, completion_odds(hand, phase(4), draws=1))"),
    (
        "md",
        "## Within k draws\n\nUp to 3 draws the kit counts every possible set of draws exactly; beyond that it "
        "simulates (seeded) and gives a 95% interval.",
    ),
    ("code", "completion_curve(hand, phase(4), max_draws=5, samples=5_000, seed=1)"),
    (
        "code",
        'far = parse_cards("R1 B3 G4 Y6 R9 B9 G11 Y12 S S")\ncompletion_figure(far, phase(4), max_draws=5, seed=2)',
    ),
    (
        "md",
        "## Which card to discard?\n\nHere is an 11-card hand on Phase 2 (a set of 3 and a run of 4), just after "
        "drawing. For each card we could discard, compute the chance to hold the phase within the next two draws.",
    ),
    (
        "code",
        'eleven = parse_cards("R7 B7 G7 R2 B3 Y4 G9 Y12 B12 S R11")\n'
        "choices = {}\n"
        "for i, card in enumerate(eleven):\n"
        "    kept = eleven[:i] + eleven[i + 1 :]\n"
        "    choices[str(card)] = completion_odds(kept, phase(2), draws=2)\n"
        "for card, odds in sorted(choices.items(), key=lambda item: -item[1]):\n"
        "    print(f'discard {card:<4} -> {odds:.3f}')",
    ),
    (
        "md",
        "`best_draws` turns the question around: which card would you most like to draw next?",
    ),
    ("code", "best_draws(eleven[:-1], phase(2), draws=1).head(8)"),
    (
        "md",
        "## Exercise\n\nFrom the 11-card hand above, which card is the best to discard (one of the best, if "
        'several tie)? Write it like `"R11"`.',
    ),
    (
        "code",
        'my_discard = ""  # one card of the hand\n\n'
        "best = max(choices.values())\n"
        "if choices.get(my_discard.strip().upper()) == best:\n"
        "    print('Well done! It keeps a', round(best, 3), 'chance within two draws.')\n"
        "elif my_discard.strip().upper() in choices:\n"
        "    print('Not the best. Hint: keep the set of 7s and the cards that build a run of 4.')\n"
        "else:\n"
        "    print('Hint: write one card of the hand, e.g. \"R11\".')",
    ),
]

BOTS = [
    (
        "md",
        """# 11 · Strategy and bots

**Vocabulary**

- *bot*: a program that plays a seat. It sees only what that player may see (its *view*: its own hand,
  the table, how many cards others hold) and picks one of the legal actions.
- *tournament*: many seeded games between bots, with seats rotated, and a table of results.
- *win rate*: wins divided by games; `win_low`..`win_high` is a 95% interval, because a few games are only
  a sample.

The kit has three bots: `RandomBot` (any legal action), `GreedyBot` (lays down and hits as soon as it can,
keeps the cards closest to its phase) and `SmartBot` (also watches what the others need and uses Skips).""",
    ),
    (
        "code",
        "from phase10kit.actions import Discard, Draw, Hit, Lay\n"
        "from phase10kit.bots import Bot, GreedyBot, RandomBot, SmartBot, play_game, tournament\n"
        "from phase10kit.game import Game\nfrom phase10kit.rules import Rules\n\n"
        "COLUMNS = ['bot', 'games', 'wins', 'win_rate', 'win_low', 'win_high', 'mean_score', 'mean_phases']",
    ),
    (
        "md",
        "## A bot explains itself\n\nEach bot says why it chose its action.",
    ),
    (
        "code",
        "game = Game(players=2, seed=5)\n"
        "bots = [SmartBot(seed=1), GreedyBot(seed=2)]\n"
        "for _ in range(6):\n"
        "    bot = bots[game.current_player]\n"
        "    action = bot.choose(game.view(game.current_player))\n"
        "    game.apply(action)\n"
        "    print(f'{str(action):<20} {bot.explain()}')",
    ),
    (
        "md",
        "## A small tournament\n\nSix seeded games between the three bots. With so few games, look at the "
        "intervals before drawing conclusions.",
    ),
    (
        "code",
        "table = tournament([SmartBot(seed=1), GreedyBot(seed=2), RandomBot(seed=3)], games=6, seed=1)\ntable[COLUMNS]",
    ),
    (
        "md",
        "## Writing a bot\n\nA bot is a class with a `_decide(view)` method that returns an action from "
        "`view.legal` and a sentence saying why. This one lays down and hits whenever it can, always draws from "
        "the pile, and throws away its costliest card (never a Wild).",
    ),
    (
        "code",
        "class PlainBot(Bot):\n"
        "    def _decide(self, view):\n"
        "        steps = ((Lay, 'I lay down my phase as soon as I can.'), (Hit, 'I hit to get rid of a card.'),\n"
        "                 (Draw, 'I draw from the pile.'))\n"
        "        for kind, why in steps:\n"
        "            options = [action for action in view.legal if isinstance(action, kind)]\n"
        "            if options:\n"
        "                return options[0], why\n"
        "        discards = [action for action in view.legal if isinstance(action, Discard)]\n"
        "        costliest = max(discards, key=lambda action: -1 if action.card.is_wild else action.card.points)\n"
        "        return costliest, 'I throw away my costliest card.'\n\n\n"
        "tournament([PlainBot(seed=1), GreedyBot(seed=2)], games=6, seed=1)[COLUMNS]",
    ),
    (
        "md",
        """## Exercise

`MyBot` below never lays down its phase and never hits, so it cannot win. Change `_decide` so it lays down
and hits when it can (look at `PlainBot`), then run the cell: it enters your bot in a tournament of
6 short games (the first five phases, `Rules.preset("short")`) against `RandomBot`.
You pass when your bot wins more games than `RandomBot`.""",
    ),
    (
        "code",
        "class MyBot(Bot):\n"
        "    def _decide(self, view):\n"
        "        draws = [action for action in view.legal if isinstance(action, Draw)]\n"
        "        if draws:\n"
        "            return draws[0], 'I draw.'\n"
        "        discards = [action for action in view.legal if isinstance(action, Discard)]\n"
        "        return discards[0], 'I discard my first card.'\n\n\n"
        "try:\n"
        "    result = tournament([MyBot(seed=1), RandomBot(seed=2)], games=6, seed=1, rules=Rules.preset('short'))\n"
        "except Exception as error:  # a bot that breaks the rules stops the game: say why, kindly\n"
        "    print('Your bot stopped the game:', error)\n"
        "    print('Hint: always return one action from view.legal.')\n"
        "else:\n"
        "    print(result[COLUMNS].to_string(index=False))\n"
        "    if result.loc[0, 'wins'] > result.loc[1, 'wins']:\n"
        "        print('Well done! Your bot beats RandomBot.')\n"
        "    else:\n"
        "        print('Not yet. Hint: first return a Lay, then a Hit, when view.legal has one (like PlainBot).')",
    ),
]

COURSE = [
    ("01_cards_and_deck.ipynb", "the cards, the 108-card deck and what cards cost in points", CARDS_AND_DECK),
    ("02_sets.ipynb", "sets: cards of the same number", SETS),
    ("03_runs.ipynb", "runs: numbers in a row", RUNS),
    ("04_colour_groups.ipynb", "colour groups: cards of the same colour", COLOUR_GROUPS),
    ("05_wilds.ipynb", "Wilds: what they stand for and where they may go", WILDS),
    ("06_skips.ipynb", "Skips: choosing whom, once per circuit, a Skip as the first discard", SKIPS),
    ("07_phases_and_a_turn.ipynb", "the ten phases and a turn: draw, lay down, hit, discard", PHASES_AND_TURN),
    ("08_scoring_and_variants.ipynb", "hands, scoring, winning, ties and the rule variants", SCORING_AND_VARIANTS),
    ("09_deal_odds.ipynb", "the chance of being dealt each phase: exact counting and Monte Carlo", DEAL_ODDS),
    ("10_drawing_odds.ipynb", "drawing toward a phase: outs, odds within k draws, the best discard", DRAWING_ODDS),
    ("11_bots.ipynb", "strategy and bots: a small tournament, and writing your own bot", BOTS),
]
"""The tutorial notebooks in reading order: file name, one line saying what it teaches, cells."""


def course_list() -> str:
    """The welcome notebook's list of the course (tests/test_course_listing.py checks every lesson is in it)."""
    lines = [f"1. `{name}`: {about}" for name, about, _ in COURSE]
    return "## The course\n\nOpen the notebooks in this order:\n\n" + "\n".join(lines)


def write_course() -> None:
    welcome = WELCOME[:1] + [("md", course_list())] + WELCOME[1:]
    write("00_welcome.ipynb", welcome)
    for name, _, cells in COURSE:
        write(name, cells)


# ---------------------------------------------------------------- the classroom presentation
# Shown with Voila on a projector: Voila hides the code, so every code cell only draws large cards
# or a live widget, and the words are in the Markdown cells.

CLASSROOM = [
    (
        "md",
        """# Phase 10 in class

*Open with Voila for a projector: `make play` serves the table; for this page run*
*`.venv/bin/voila notebooks/classroom.ipynb` and open the address it prints.*

Phase 10 is a card game of ten **phases**: in each hand you try to lay down the groups of your
phase. The first player to finish Phase 10 wins.""",
    ),
    (
        "code",
        """from IPython.display import HTML, display

from phase10kit import Game, Group, parse_cards, phase
from phase10kit.svg import cards_svg, group_svg, phase_svg
from widgets import GroupBuilder, SkipDemo, Table, WildPlayground

BIG = 1.6


def show(svg: str) -> None:
    display(HTML(f'<div style="margin: 0.5em 0">{svg}</div>'))""",
    ),
    (
        "md",
        """## The cards

108 cards: the numbers 1 to 12 in four colours (red, blue, green, yellow), two of each; 8 Wilds
(`W`) and 4 Skips (`S`). Every card shows its number, its colour's name and a shape, so colour
is never the only sign.""",
    ),
    ("code", 'show(cards_svg(parse_cards("R7 B7 G7 Y7 W S"), scale=BIG))'),
    (
        "md",
        """## Three kinds of group

- A **set**: cards of the same number, any colours.
- A **run**: numbers in a row, any colours, never past 12 (12 is not followed by 1).
- A **colour group**: cards of the same colour, any numbers.

A **Wild** stands for any card in a group, and keeps that value until the hand ends. Every group
needs at least one card that is not a Wild.""",
    ),
    (
        "code",
        'for text in ("s[R7 B7 G7]", "r[G3 G4 W Y6]", "c[B1 B4 W B9]"):\n'
        "    show(group_svg(Group.parse(text), scale=BIG))",
    ),
    (
        "md",
        "## Try it: build a group\n\n"
        "Pick cards from the hand; the rules say at once whether they make the group, and why not.",
    ),
    ("code", 'GroupBuilder("R3 G4 W G6 B6 Y6 R9 S B11 W", kind="run")'),
    (
        "md",
        "## Where may a Wild go?\n\nA Wild added to a run takes a fixed place at one end; it never moves later.",
    ),
    ("code", 'WildPlayground("r[G3 G4 W Y6]")'),
    (
        "md",
        """## The ten phases

Each player works on their own phase; a player who lays theirs down in a hand moves on to the
next phase for the following hand.""",
    ),
    (
        "code",
        "for number in range(1, 11):\n"
        '    display(HTML(f"<h3>Phase {number}: {phase(number).name}</h3>"))\n'
        "    show(phase_svg(phase(number), scale=1.2))",
    ),
    (
        "md",
        """## A turn

1. **Draw** the top card of the draw pile, or take the top card of the discard pile.
2. **Lay down** your whole phase at once, if you hold it.
3. **Hit**: once your phase is down, add cards to groups on the table.
4. **Discard** one card. Whoever discards (or plays) their last card ends the hand.

## Skips

A discarded Skip makes a player lose their next turn; nobody can be skipped twice in one circuit.""",
    ),
    ("code", "SkipDemo(players=4, seed=0)"),
    (
        "md",
        """## Scoring

At the end of a hand, cards left in your hand cost points: 1–9 cost 5, 10–12 cost 10, a Skip 15,
a Wild 25. Lowest total wins among those who finish Phase 10.

## A table as a player sees it

The other players' cards stay face down.""",
    ),
    ("code", "Game(players=3, seed=7)"),
    ("md", "## Play a hand\n\nThe class plays the first seat against two bots."),
    ("code", 'Table(players=3, seed=5, bots="greedy")'),
]


def write_classroom() -> None:
    write("classroom.ipynb", CLASSROOM)


if __name__ == "__main__":
    write_course()
    write_play()
    write_classroom()
