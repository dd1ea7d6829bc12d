"""ipywidgets card tables and explorers for the Phase 10 teaching kit, built on ``phase10kit``.

Every widget is a thin controller: the rules package decides, the widget shows. Each takes
``lang``; each callback reports refusals in its ``status`` line and unexpected errors in its
``errors`` area (see ``widgets/README.md`` for the DOM contract).
"""

from widgets._safety import ErrorArea, Feedback, StatusLine, describe_error
from widgets.cards import CardView, FaceDownView, GroupView, HandView, card_label
from widgets.course import ProgressView, ask, check, set_language
from widgets.discard_trainer import DiscardTrainer
from widgets.group_builder import GroupBuilder
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
