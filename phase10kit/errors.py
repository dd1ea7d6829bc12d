"""The kit's exceptions: every refusal is a ``Phase10Error`` and also a ``ValueError``."""

from __future__ import annotations


class Phase10Error(ValueError):
    """Base of every error the kit raises on bad input or a refused action.

    ``reason`` is a short machine-readable code (``"bad-token"``, ``"not-your-turn"``, ...) that
    widgets turn into a sentence; the message itself quotes the offending input.

    >>> try:
    ...     raise Phase10Error("something is off", reason="example")
    ... except ValueError as error:
    ...     error.reason
    'example'
    """

    def __init__(self, message: str, *, reason: str = "invalid") -> None:
        super().__init__(message)
        self.reason = reason


class NotationError(Phase10Error):
    """Text in the kit's notation (cards, groups, phases, actions, saved games) that does not parse."""


class IllegalActionError(Phase10Error):
    """An action the rules refuse in the current position; the game is left exactly as it was."""
