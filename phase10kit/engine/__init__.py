"""The parts of the game engine, each readable alone; ``phase10kit.game.Game`` composes them and is the entry point.

From the bottom up: ``chance`` (where cards come from), ``state`` (the plain ``GameState`` and the
questions asked of it), ``layouts`` (every distinct layout of a phase) and ``moves`` (shared action
values, the count bound), ``turn`` (``TurnFacts`` and the legal moves), ``legality`` (the one
``why_not``), ``undo`` (the undo log), ``play`` (apply, undo, take-back), ``saves`` and ``record``
(history and JSON), ``view`` (what one player may see).
"""

__all__: list[str] = []
