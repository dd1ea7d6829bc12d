"""Record the hashes of seeded games played by the kit's bots and by random legal play.

``tests/test_play_hashes.py`` replays every case and compares: a speed-up of the engine, the solver
or the bots must not change a single legal action (or its order), bot decision or explanation.
Each hash covers, at every step, the legal actions offered (in order), the chosen action, the
bot's explanation, and at the end the game's full history.

Regenerate only after a deliberate change of behaviour, and review why it changed:
``.venv/bin/python tests/golden/play_hashes.py`` (``--check`` only compares).
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

from phase10kit.bots import Bot, GreedyBot, RandomBot, SmartBot
from phase10kit.game import Game
from phase10kit.rules import Rules, phase_list

HERE = Path(__file__).parent
RECORD = HERE / "play_hashes.txt"
RANDOM_ACTIONS = 500

BOTS: dict[str, type[Bot]] = {"greedy": GreedyBot, "smart": SmartBot, "random": RandomBot}
RULES: dict[str, Rules] = {
    "default": Rules(),
    "any_order": Rules(progression="any_order", phases=phase_list("first:4")),
    "variants": Rules(
        skip_target="next",
        hit_others="same_turn",
        go_out="discard",
        extra_cards=False,
        natural_required=False,
        first_skip="cover",
        skip_from_discard=True,
        phases=phase_list("odd"),
    ),
    "all_advance": Rules(progression="all_advance", phases=phase_list("s2,r3,4s2,c4,r4+c4")),
}
# (bot, players, rules, seeds): bot games are played to the end; "play" is random legal play.
CASES: tuple[tuple[str, int, str, range], ...] = (
    ("greedy", 4, "default", range(16)),
    ("smart", 4, "default", range(6)),
    ("greedy", 2, "default", range(4)),
    ("smart", 3, "any_order", range(4)),
    ("greedy", 6, "variants", range(4)),
    ("smart", 2, "variants", range(3)),
    ("random", 3, "default", range(3)),
    ("greedy", 4, "all_advance", range(3)),
    ("play", 4, "default", range(12)),
    ("play", 3, "any_order", range(6)),
    ("play", 5, "variants", range(6)),
    ("play", 2, "all_advance", range(6)),
)


def bot_game(bot: str, players: int, rules: Rules, seed: int) -> str:
    """The hash of one seeded game between bots of one kind (seats seeded 0..players-1)."""
    game = Game(players=players, rules=rules, seed=seed)
    bots = [BOTS[bot](seed=seat) for seat in range(players)]
    digest = hashlib.sha256()
    while not game.is_over():
        seat = game.current_player
        view = game.view(seat)
        digest.update(repr(view.legal).encode())
        action = bots[seat].choose(view)
        digest.update(f"{action}|{bots[seat].explain()}".encode())
        game.apply(action)
    digest.update("\n".join(game.history).encode())
    return digest.hexdigest()[:20]


def random_play(players: int, rules: Rules, seed: int) -> str:
    """The hash of random legal play (``list(legal_actions())`` then ``apply``), at most 500 actions."""
    game = Game(players=players, rules=rules, seed=seed)
    rng = random.Random(seed)
    digest = hashlib.sha256()
    for _ in range(RANDOM_ACTIONS):
        if game.is_over():
            break
        legal = list(game.legal_actions())
        digest.update(repr(legal).encode())
        game.apply(rng.choice(legal))
    digest.update("\n".join(game.history).encode())
    return digest.hexdigest()[:20]


def cases() -> list[tuple[str, str, int, str, int]]:
    """Every case as (name, bot or "play", players, rules name, seed), in order."""
    return [
        (f"{bot} {players}p {rules} seed {seed}", bot, players, rules, seed)
        for bot, players, rules, seeds in CASES
        for seed in seeds
    ]


def case_hash(bot: str, players: int, rules_name: str, seed: int) -> str:
    """The hash of one case."""
    rules = RULES[rules_name]
    return random_play(players, rules, seed) if bot == "play" else bot_game(bot, players, rules, seed)


def read_record() -> dict[str, str]:
    """The recorded hashes by case name."""
    pairs = [line.rsplit(" ", 1) for line in RECORD.read_text().splitlines() if line and not line.startswith("#")]
    return {name: value for name, value in pairs}


def main(check: bool) -> int:
    lines = [(name, case_hash(bot, players, rules, seed)) for name, bot, players, rules, seed in cases()]
    if check:
        recorded = read_record()
        stale = [name for name, value in lines if recorded.get(name) != value]
        for name in stale:
            print(f"{name}: differs from {RECORD.name}")
        return 1 if stale else 0
    header = "# name hash: written by tests/golden/play_hashes.py (review any change of behaviour first)\n"
    RECORD.write_text(header + "".join(f"{name} {value}\n" for name, value in lines))
    return 0


if __name__ == "__main__":
    sys.exit(main("--check" in sys.argv))
