"""Helpers the tests share: card tokens in text, every widget's synced state, a table played through its buttons,
what a seat has seen, and loading a script of ``tools/`` as a module.

One home for each, so that two tests asking the same question ask it the same way (the browser tests' page
helpers are in ``tests/browser/pages.py``).
"""

from __future__ import annotations

import importlib.util
import json
import random
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

import ipywidgets

from phase10kit.actions import Action, Discard, Draw, Hit, Lay, Take, parse_action, seat_notation
from phase10kit.bots import SmartBot
from phase10kit.cards import Card, parse_cards
from widgets.table import Table

ROOT = Path(__file__).resolve().parent.parent
Found = TypeVar("Found")

# ---------------------------------------------------------------------------------------------- card tokens

# ---------------------------------------------------------------------------------------------- synced state

_MODEL_REFERENCE = re.compile(r"IPY_MODEL_([0-9a-f]+)")


def all_widgets(root: ipywidgets.Widget) -> Iterator[ipywidgets.Widget]:
    """The widget and every widget its synced state refers to (children, layouts, styles), once each."""
    seen: set[str] = set()
    todo = [root]
    while todo:
        widget = todo.pop()
        if widget.model_id in seen:
            continue
        seen.add(widget.model_id)
        yield widget
        text = json.dumps(widget.get_state(), default=str)
        todo.extend(ipywidgets.widgets.widget._instances[m] for m in _MODEL_REFERENCE.findall(text))


def synced_text(root: ipywidgets.Widget, *, without: tuple[str, ...] = (), model_ids: bool = False) -> str:
    """Every synced state below ``root`` as JSON (what the browser receives), but for widgets of classes ``without``.

    Non-ASCII text stays as it is, so a card token next to a letter of any script reads as in the page. Model
    ids are written as ``IPY_MODEL`` (two equal pages built apart read the same) unless ``model_ids``.
    """
    states = [w.get_state() for w in all_widgets(root)]
    kept = [s for s in states if not set(without) & set(s.get("_dom_classes", ()))]
    text = "\n".join(json.dumps(s, sort_keys=True, default=str, ensure_ascii=False) for s in kept)
    return text if model_ids else re.sub(r"IPY_MODEL_[0-9a-f]+", "IPY_MODEL", text)


# ---------------------------------------------------------------------------------------------- the table


def select(table: Table, cards: list[Card]) -> None:
    """Select these cards (a multiset) in the human's hand, as clicks in the browser would."""
    wanted = Counter(cards)
    picked = []
    for i, card in enumerate(table.hand.hand):
        if wanted[card]:
            wanted[card] -= 1
            picked.append(i)
    assert not +wanted, f"{cards} not all in {table.hand.hand}"
    table.hand.selected = picked


def play_with_buttons(table: Table, action: Action) -> None:
    """Perform the human's action through the widgets only: selections, menus and a button click."""
    if isinstance(action, Draw):
        table.buttons["draw"].click()
    elif isinstance(action, Take):
        table.buttons["take"].click()
    elif isinstance(action, Lay):
        select(table, action.cards)
        assert action in [value for _, value in table.layout_choice.options], "the menu offers every legal lay-down"
        table.layout_choice.value = action
        table.buttons["lay"].click()
    elif isinstance(action, Hit):
        select(table, [action.card])
        table.hit_target.value = (action.target, action.group)
        table.hit_end.value = action.end
        table.buttons["hit"].click()
    else:
        assert isinstance(action, Discard)
        select(table, [action.card])
        if action.target is not None:
            table.skip_target.value = action.target
        table.buttons["discard"].click()


def instant_table(players: int = 3, seed: int = 0, **kwargs: Any) -> Table:
    """A table whose bots move at once (``speed=0``), whatever event loop an earlier test left running."""
    return Table(players=players, seed=seed, speed=0, **kwargs)


def autopilot(table: Table, seed: int, *, until: Any = None, limit: int = 3000) -> list[Action]:
    """A bot plays the human's seat through the buttons until ``until(table, action)``, the end or ``limit`` moves.

    A finished hand's summary waits for Next round: the autopilot presses it.
    """
    bot = SmartBot(seed=seed)
    done: list[Action] = []
    for _ in range(limit):
        game = table.game
        if game.is_over():
            return done
        if table.session.state == "summary":
            table.next_button.click()
            continue
        assert game.current_player == table.human, "bots play until the human's turn"
        action = bot.choose(game.view(table.human))
        if until is not None and until(table, action):
            return done
        play_with_buttons(table, action)
        assert table.errors.text == "", table.errors.text
        assert table.status.tone != "problem", table.status.text
        done.append(action)
    return done


def known_to(table: Table, seat: int | None) -> set[Card]:
    """Card kinds ``seat`` has seen (None: what anyone at the screen has seen): deals, draws, what is public."""
    me = None if seat is None else seat_notation(seat)
    # A finished hand's summary shows every hand's cards left.
    known = {card for summary in table.session.sheet for result in summary.results for card in result.left}
    mine = False
    for line in table.game.history:
        words = line.split()
        if words[0] == "deal" and words[1] == me:
            known |= set(parse_cards(" ".join(words[2:])))
        elif words[0] == "flip":
            known |= set(parse_cards(" ".join(words[1:])))
        elif words[0] == "drawn" and mine:
            known.add(Card.parse(words[1]))
        elif re.match(r"p[1-6] ", line):
            mine = me is not None and line.startswith(me + " ")
            action = parse_action(line)
            if isinstance(action, Lay):
                known |= set(action.cards)
            elif isinstance(action, Hit | Discard):
                known.add(action.card)
    return known


def redeal_unseen(table: Table, rng: random.Random, seat: int | None) -> None:
    """Deal the hands ``seat`` does not hold and the draw pile anew among themselves (what that seat sees stays)."""
    g = table.game
    seats = [other for other in range(g.players) if other != seat]
    pool = [card for other in seats for card in g.hands[other]] + list(g.draw_pile)
    rng.shuffle(pool)
    for other in seats:
        size = len(g.hands[other])
        g.hands[other][:], pool = pool[:size], pool[size:]
    g.draw_pile[:] = pool


def first_seed(find: Callable[[int], Found | None], below: int, what: str) -> tuple[int, Found]:
    """The first seed under ``below`` for which ``find(seed)`` answers (is not None), and that answer.

    Tests that need a deal with some property search the seeds in order, so the same seed is found every run;
    ``what`` names the property in the failure ("no seed below 200 <what>").
    """
    for seed in range(below):
        found = find(seed)
        if found is not None:
            return seed, found
    raise AssertionError(f"no seed below {below} {what}")


# ---------------------------------------------------------------------------------------------- tools/


def load_tool(name: str, script: str) -> ModuleType:
    """The script ``tools/<script>`` imported as the module ``name`` (the tools are scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


HOLDER = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print("held", flush=True)
sys.stdin.readline()  # held until the test says so
db.execute("ROLLBACK")
"""


class HeldLock:
    """Another process holding the store's write lock (as a stuck kernel or a backup tool would)."""

    def __init__(self, path: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert self.process.stdout is not None and self.process.stdout.readline().strip() == "held"

    def release(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("go\n")
        self.process.stdin.flush()
        self.process.wait(timeout=20)
