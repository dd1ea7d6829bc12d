"""ipywidgets card tables and explorers for the Phase 10 teaching kit, built on ``phase10kit``.

Every widget is a thin controller: the rules package decides, the widget shows. Each takes
``lang``; each callback reports refusals in its ``status`` line and unexpected errors in its
``errors`` area (see ``widgets/README.md`` for the DOM contract).

The names below are imported on first use (``widgets.Table`` or ``from widgets import Table`` both work):
the play page imports only the table, so its kernel never loads the course's exercise registry or the odds
explorer, and with them pandas and numpy, which would cost a table kernel about 50 MB and a second of start-up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from phase10kit.lazy_names import lazy_names

if TYPE_CHECKING:
    from widgets._safety import ErrorArea, Feedback, StatusLine, describe_error
    from widgets.cards import CardView, FaceDownView, GroupView, HandView, card_label
    from widgets.course import ProgressView, ask, check
    from widgets.discard_trainer import DiscardTrainer
    from widgets.group_builder import GroupBuilder
    from widgets.language import set_language
    from widgets.odds_explorer import OddsExplorer
    from widgets.phase_checker import Check, PhaseChecker
    from widgets.skip_demo import SkipDemo
    from widgets.table import Table
    from widgets.wild_playground import WildPlayground

__all__ = [
    "CardView",
    "Check",
    "DiscardTrainer",
    "ErrorArea",
    "FaceDownView",
    "Feedback",
    "GroupBuilder",
    "GroupView",
    "HandView",
    "OddsExplorer",
    "PhaseChecker",
    "ProgressView",
    "SkipDemo",
    "StatusLine",
    "Table",
    "WildPlayground",
    "ask",
    "card_label",
    "check",
    "describe_error",
    "set_language",
]

_HOMES = {
    "ErrorArea": "widgets._safety",
    "Feedback": "widgets._safety",
    "StatusLine": "widgets._safety",
    "describe_error": "widgets._safety",
    "CardView": "widgets.cards",
    "FaceDownView": "widgets.cards",
    "GroupView": "widgets.cards",
    "HandView": "widgets.cards",
    "card_label": "widgets.cards",
    "ProgressView": "widgets.course",
    "ask": "widgets.course",
    "check": "widgets.course",
    "DiscardTrainer": "widgets.discard_trainer",
    "GroupBuilder": "widgets.group_builder",
    "set_language": "widgets.language",
    "OddsExplorer": "widgets.odds_explorer",
    "Check": "widgets.phase_checker",
    "PhaseChecker": "widgets.phase_checker",
    "SkipDemo": "widgets.skip_demo",
    "Table": "widgets.table",
    "WildPlayground": "widgets.wild_playground",
}
"""The module that defines each public name."""


__getattr__, __dir__ = lazy_names(__name__, _HOMES, globals(), __all__)
