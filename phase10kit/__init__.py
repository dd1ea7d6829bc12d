"""phase10kit: the exact rules of Phase 10 for teaching, playing and computing odds.

>>> from phase10kit import parse_cards, phase, can_complete, find_layout
>>> hand = parse_cards("R7 B7 G7 Y2 B2 W S")
>>> can_complete(hand, phase(1)), str(find_layout(hand, phase(1)))
(True, 's[R7 B7 G7] s[Y2 B2 W]')
"""

from phase10kit import svg  # noqa: F401  (draws every value's picture in Jupyter: see phase10kit._pictures)
from phase10kit.actions import Action, Discard, Draw, Hit, Lay, Take, parse_action
from phase10kit.cards import (
    COLORS,
    SKIP,
    WILD,
    Card,
    Color,
    Kind,
    format_cards,
    parse_cards,
    shuffled_deck,
    standard_deck,
)
from phase10kit.errors import IllegalActionError, NotationError, Phase10Error
from phase10kit.explain import explain
from phase10kit.game import TIEBREAK_PHASE, Game, PlayerView
from phase10kit.groups import Group, InvalidGroupError, arrange
from phase10kit.phases import GroupKind, GroupSpec, Phase, phase
from phase10kit.rules import PRESETS, Rules, phase_list
from phase10kit.solver import Layout, can_complete, find_layout, missing, outs

# The same version as pyproject.toml's (tests/test_import_isolation.py compares them): a literal, not the
# installed metadata, so that a source checkout imports without being installed and never reports a stale install.
__version__ = "0.2.0"

__all__ = [
    "COLORS",
    "PRESETS",
    "SKIP",
    "TIEBREAK_PHASE",
    "WILD",
    "Action",
    "Card",
    "Color",
    "Discard",
    "Draw",
    "Game",
    "Group",
    "GroupKind",
    "GroupSpec",
    "Hit",
    "IllegalActionError",
    "InvalidGroupError",
    "Kind",
    "Lay",
    "Layout",
    "NotationError",
    "Phase",
    "Phase10Error",
    "PlayerView",
    "Rules",
    "Take",
    "arrange",
    "can_complete",
    "explain",
    "find_layout",
    "format_cards",
    "missing",
    "outs",
    "parse_action",
    "parse_cards",
    "phase",
    "phase_list",
    "shuffled_deck",
    "standard_deck",
]
