"""Regenerate the golden playthroughs: ``python tests/golden/regenerate.py`` (``--check`` only compares).

Each file is the full history of one seeded game played by a fixed simple policy: lay down the
first lay-down offered, else hit with the first hit offered, else draw, else discard the
highest-scoring card. Any change in the engine's behaviour shows up as a diff of these files.
"""

from __future__ import annotations

import sys
from pathlib import Path

from phase10kit.actions import Action, Discard, Draw, Hit, Lay
from phase10kit.game import Game
from phase10kit.rules import Rules, phase_list

HERE = Path(__file__).parent
CASES: dict[str, tuple[int, int, Rules]] = {
    "default_3p_seed7": (3, 7, Rules(phases=phase_list("first:3"))),
    "article_2p_seed1": (2, 1, Rules.preset("article", phases=phase_list("first:2"))),
    "twist_4p_seed3": (4, 3, Rules.preset("twist", phases=phase_list("s2,r3"))),
    "any_order_2p_seed5": (2, 5, Rules(progression="any_order", phases=phase_list("r3,c4"))),
}


def policy(legal: list[Action]) -> Action:
    for kind in (Lay, Hit, Draw):
        for action in legal:
            if isinstance(action, kind):
                return action
    discards = [a for a in legal if isinstance(a, Discard)]
    return max(discards, key=lambda a: (a.card.points, a.card.index, -1 if a.target is None else -a.target))


def playthrough(players: int, seed: int, rules: Rules) -> str:
    g = Game(players=players, rules=rules, seed=seed)
    while not g.is_over() and len(g.history) < 20000:
        g.apply(policy(list(g.legal_actions())))
    return "\n".join(g.history) + "\n"


def main(check: bool) -> int:
    stale = []
    for name, (players, seed, rules) in CASES.items():
        path = HERE / f"{name}.txt"
        text = playthrough(players, seed, rules)
        if check:
            if not path.exists() or path.read_text() != text:
                stale.append(name)
        else:
            path.write_text(text)
    for name in stale:
        print(f"golden playthrough {name} differs: run python tests/golden/regenerate.py and review the diff")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main("--check" in sys.argv))
