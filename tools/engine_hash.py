"""A hash of the engine's behaviour, to compare two checkouts: the same value means the same legal moves, results
and refusals.

Seeded random games (2 to 6 players) under the default rules and every preset: at each position it hashes the
legal moves in order, the view's legal moves, and the answer to probes (an action of the position before, a
copy of a legal action read back from its notation, a discard of each card kind by the player to move and by
the next player, a hit and a lay-down taken from elsewhere), each refusal by its reason, message and details;
then every game's history, and undo back to the deal. Run it in each checkout::

    .venv/bin/python tools/engine_hash.py [GAMES]                    # this checkout
    PYTHONPATH=/tmp/other .venv/bin/python tools/engine_hash.py      # another (e.g. git worktree add /tmp/other main)
"""

from __future__ import annotations

import hashlib
import random
import sys

from phase10kit.actions import Action, Discard, parse_action
from phase10kit.cards import CARDS_BY_INDEX
from phase10kit.errors import IllegalActionError
from phase10kit.game import Game
from phase10kit.rules import PRESETS, Rules

STEPS = 400


def _probe(game: Game, action: object, digest: hashlib._Hash) -> None:
    """Try ``action``: hash the refusal, or apply it, hash the position and take it back."""
    try:
        game.apply(action)  # type: ignore[arg-type]
    except IllegalActionError as error:
        digest.update(f"refused {error.reason} {error} {sorted(error.details.items())!r}".encode())
        return
    digest.update(f"applied {action} {game.current_player} {game.stage}".encode())
    game.undo()


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    digest = hashlib.sha256()
    positions = 0
    rule_sets: list[Rules | None] = [None, *(Rules.preset(name) for name in PRESETS)]
    for r, rules in enumerate(rule_sets):
        rng = random.Random(r)
        for seed in range(games):
            players = 2 + seed % 5
            game = Game(players=players, seed=seed * 7 + r) if rules is None else Game(players, rules, seed * 7 + r)
            before: list[Action] = []
            steps = 0
            while steps < STEPS and not game.is_over():
                legal = list(game.legal_actions())
                digest.update("|".join(map(str, legal)).encode())
                view = game.view(game.current_player)
                digest.update("|".join(map(str, view.legal)).encode())
                if before:
                    _probe(game, rng.choice(before), digest)  # listed for the position before
                _probe(game, parse_action(str(rng.choice(legal))), digest)  # equal, not the same object
                if steps % 7 == 0:
                    for seat in {game.current_player, (game.current_player + 1) % players}:
                        for card in CARDS_BY_INDEX:
                            _probe(game, Discard(seat, card), digest)
                list(game.legal_actions())  # listed again: the probes above must not have changed it
                choice = rng.choice(legal)
                game.apply(choice)
                before = legal
                steps += 1
                positions += 1
            digest.update("\n".join(game.history).encode())
            while game.can_undo():
                game.undo()
            digest.update("\n".join(game.history).encode())
    print(positions, digest.hexdigest()[:16])


if __name__ == "__main__":
    main()
