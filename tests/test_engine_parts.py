"""The engine of parts: each part reads alone, the imports run one way, and ``Game`` only composes them.

``GameState`` is plain data set up in one place; legality, the legal moves, apply/undo and the
record are functions of it (and of its undo log), and give the same answers as the ``Game`` that
holds it. The parts of ``phase10kit.engine`` import each other bottom-up only, with no
function-local import anywhere in the engine, ``game`` or ``table_svg``.
"""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from phase10kit.actions import Action, Draw
from phase10kit.engine import legality, play, record
from phase10kit.engine.state import GameState
from phase10kit.engine.turn import legal_moves, turn_facts
from phase10kit.engine.view import player_view
from phase10kit.game import Game
from phase10kit.rules import Rules

ROOT = Path(__file__).resolve().parents[1] / "phase10kit"
LAYERS = [
    "chance",
    "state",
    "layouts",
    "moves",
    "turn",
    "legality",
    "undo",
    "play",
    "saves",
    "record",
    "view",
]
"""The engine's parts from the bottom up: each may import only the parts before it."""


def _imports(path: Path) -> tuple[set[str], list[str]]:
    """The ``phase10kit`` modules a file imports at its top level, and any import inside a function or class."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            top.add(node.module)
            top.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            top.update(alias.name for alias in node.names)
    nested = [
        ast.unparse(inner)
        for outer in ast.walk(tree)
        if isinstance(outer, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        for inner in ast.walk(outer)
        if isinstance(inner, ast.Import | ast.ImportFrom)
    ]
    return {name for name in top if name.startswith("phase10kit")}, nested


@pytest.mark.parametrize("part", LAYERS)
def test_each_part_of_the_engine_imports_only_the_parts_below_it(part: str) -> None:
    imported, nested = _imports(ROOT / "engine" / f"{part}.py")
    above = {f"phase10kit.engine.{other}" for other in LAYERS[LAYERS.index(part) :]}
    assert not imported & above, f"engine/{part}.py imports a part at or above it: {sorted(imported & above)}"
    assert "phase10kit.game" not in imported, f"engine/{part}.py imports the Game that composes it"
    assert not nested, f"engine/{part}.py imports inside a function: {nested}"


def test_every_engine_module_is_a_listed_part() -> None:
    modules = {path.stem for path in (ROOT / "engine").glob("*.py")} - {"__init__"}
    assert modules == set(LAYERS)


@pytest.mark.parametrize("module", ["game.py", "table_svg.py"])
def test_game_and_the_table_picture_import_at_the_top_only(module: str) -> None:
    imported, nested = _imports(ROOT / module)
    assert not nested, f"{module} imports inside a function: {nested}"
    if module == "table_svg.py":  # below the view that draws itself with it
        assert not {name for name in imported if name.startswith(("phase10kit.engine", "phase10kit.game"))}


def test_a_fresh_state_has_every_field_set_in_its_constructor() -> None:
    state = GameState(3, Rules(), random.Random(1))
    missing = [name for name in GameState.__slots__ if not hasattr(state, name)]
    assert missing == []
    with pytest.raises(AttributeError):
        state.surprise = 1  # type: ignore[attr-defined]  # no field is ever added later


def test_a_game_holds_its_state_and_is_not_one() -> None:
    game = Game(players=2, seed=3)
    assert not isinstance(game, GameState) and isinstance(game.state, GameState)
    assert game.hands is game.state.hands and game.history is game.state.history


def _fingerprint(state: GameState) -> str:
    return json.dumps([record.state_fields(state), state.history, state.rng.getstate()[1][:4]])


@pytest.mark.parametrize("seed", range(6))
def test_the_parts_alone_play_the_same_game_as_the_game_that_composes_them(seed: int) -> None:
    """A state driven through the functions and a ``Game`` driven through its methods stay identical,
    and every function answers as the method does; undo over the log puts the state back exactly."""
    rules = Rules(progression="any_order") if seed % 2 else Rules()
    game = Game(players=2 + seed % 3, rules=rules, seed=seed)
    state = GameState(2 + seed % 3, rules, random.Random(seed))
    log = play.start_game(state)
    chooser = random.Random(seed)
    for step in range(400):
        if state.over:
            break
        moves = list(legal_moves(state))
        assert moves == list(game.legal_actions())
        facts = turn_facts(state)
        assert facts is not None and list(facts.actions()) == moves
        assert player_view(state, state.current_player) == game.view(game.current_player)
        wrong: Action = Draw((state.current_player + 1) % state.players)
        assert str(legality.why_not(state, wrong)) == str(game.why_not(wrong))
        action = chooser.choice(moves)
        assert legality.can_apply(state, action)
        before = _fingerprint(state)
        play.apply(state, log, action)
        game.apply(action)
        if step % 5 == 0:
            play.undo(state, log)
            assert _fingerprint(state) == before
            play.apply(state, log, action)
        assert _fingerprint(state) == _fingerprint(game.state)
    assert record.to_json(state) == game.to_json()
    loaded, _ = record.load(game.to_json())
    assert _fingerprint(loaded) == _fingerprint(state)
