"""The parts of the game engine; ``phase10kit.game.Game`` is the entry point."""
