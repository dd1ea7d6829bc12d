"""Every rule clause of docs/rules.md is checked by at least one test that carries its id.

Rule tests name the clauses they check with ``@pytest.mark.clause("wild.pinned", ...)``, so a
reader can go from a clause to its tests and a clause without a test fails here.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from phase10kit import Game, parse_action
from phase10kit.actions import Draw, Lay
from phase10kit.phases import phase

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"


def clause_ids() -> list[str]:
    """The ids of the "Clause ids" table of docs/rules.md, in order."""
    section = RULES.read_text(encoding="utf-8").split("## Clause ids", 1)[1]
    return re.findall(r"^\| `([a-z_]+\.[a-z_]+)` \|", section, flags=re.MULTILINE)


def carried_ids() -> dict[str, list[str]]:
    """Clause id -> the tests whose ``pytest.mark.clause`` decorator names it."""
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for decorator in node.decorator_list:
                if isinstance(decorator, ast.Call) and ast.unparse(decorator.func) == "pytest.mark.clause":
                    for arg in decorator.args:
                        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                            found.setdefault(arg.value, []).append(f"{path.name}::{node.name}")
    return found


def test_the_rules_name_55_clauses() -> None:
    ids = clause_ids()
    assert len(ids) == 55 and len(set(ids)) == 55


def test_every_clause_is_carried_by_a_test() -> None:
    carried = carried_ids()
    missing = [clause for clause in clause_ids() if clause not in carried]
    assert not missing, f"clauses without a test: {missing}"


def test_tests_name_only_clauses_the_rules_have() -> None:
    unknown = sorted(set(carried_ids()) - set(clause_ids()))
    assert not unknown, f"unknown clause ids on tests: {unknown}"


@pytest.mark.clause("phase.in_order")
def test_phases_are_made_in_order() -> None:
    # p1 holds Phase 2 (a set of 3 and a run of 4) but not Phase 1: Phase 2 cannot be laid first.
    g = Game.from_deal(["R7 B7 G7 R2 B3 G4 Y5 R9 B11 G12", "R1 R3 R4 R6 B8 B9 B10 Y11 Y12 G1"], draws="Y1")
    g.apply(Draw(0))
    assert g.open_phases(0) == (1,) and g.current_phase(0) == phase(1)
    assert not any(isinstance(a, Lay) for a in g.legal_actions())
    error = g.why_not(parse_action("p1 lay s[R7 B7 G7] r[R2 B3 G4 Y5]"))
    assert error is not None and error.reason == "wrong-groups"
