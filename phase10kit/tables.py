"""The kit's tables as a student reads them: headings and words in the student's language, numbers as it writes them.

The tables the kit makes (``completion_curve``, ``best_draws``, ``exact_deal_odds``, ``tournament`` ...) keep their
code-level column names, ``"probability"``, ``"method"``, ``"win_rate"``: code selects and sorts by them. What a
student sees is ``shown(table, lang)``, a copy for the screen: every heading and index name the kit knows
(``HEADINGS``) and every word in a cell (``VALUES``: ``"exact"``, ``"simulated"``, True and False) translated,
decimals with the language's decimal mark and whole numbers grouped as it groups them (Babel's locale data,
``phase10kit.i18n``). In a notebook ``widgets.set_language`` makes IPython show every table this way.

>>> import pandas as pd
>>> curve = pd.DataFrame({"draws": [1, 2], "probability": [0.1649, 0.30125], "method": ["exact", "simulated"]})
>>> print(shown(curve, "hr").to_string(index=False))
izvlačenja vjerojatnost        metoda
         1      0,16490 točan izračun
         2      0,30125    simulacija
"""

from __future__ import annotations

import math
import re
from typing import Any

from phase10kit.i18n import decimal, grouped, translator

__all__ = ["HEADINGS", "VALUES", "heading", "shown", "value_word"]


def NP_(context: str, message: str) -> str:
    """Mark a msgid with its context for extraction (``tools/i18n.py``) without translating it."""
    return message


HEADINGS: dict[str, str] = {
    # probability: completion_curve, best_draws, exact_deal_odds, simulate_deal_odds, optimum_table
    "draws": NP_("table heading", "draws"),
    "probability": NP_("table heading", "probability"),
    "method": NP_("table heading", "method"),
    "low": NP_("table heading", "low"),
    "high": NP_("table heading", "high"),
    "card": NP_("table heading", "card"),
    "left": NP_("table heading", "left"),
    "chance": NP_("table heading", "chance"),
    "completes": NP_("table heading", "completes"),
    "odds": NP_("table heading", "odds"),
    "number": NP_("table heading", "number"),
    "phase": NP_("table heading", "phase"),
    "hands": NP_("table heading", "hands"),
    "difficulty": NP_("table heading", "difficulty"),
    "exact": NP_("table heading", "exact"),
    "inside": NP_("table heading", "inside"),
    "notation": NP_("table heading", "notation"),
    "expected_turns": NP_("table heading", "expected turns"),
    "states": NP_("table heading", "states"),
    # bots: tournament, greedy_vs_random, bots_table, bots_summary
    "entry": NP_("table heading", "entry"),
    "bot": NP_("table heading", "bot"),
    "seed": NP_("table heading", "seed"),
    "games": NP_("table heading", "games"),
    "wins": NP_("table heading", "wins"),
    "win_rate": NP_("table heading", "win rate"),
    "win_low": NP_("table heading", "win rate, low"),
    "win_high": NP_("table heading", "win rate, high"),
    "mean_score": NP_("table heading", "mean score"),
    "mean_phases": NP_("table heading", "mean phases"),
    "hands_per_game": NP_("table heading", "rounds per game"),
    "policy": NP_("table heading", "player"),
    "optimum": NP_("table heading", "perfect play"),
    "mean_turns": NP_("table heading", "mean turns"),
    "extra": NP_("table heading", "extra turns"),
    "n": NP_("table heading", "deals"),
    "unfinished": NP_("table heading", "unfinished"),
    # lesson 12's tiny game
    "hand": NP_("table heading", "hand"),
    "numbers": NP_("table heading", "numbers"),
    "chance_done_next_draw": NP_("table heading", "chance to be done after the next draw"),
    "deals": NP_("table heading", "deals"),
}
"""Every heading (column or index name) of the kit's tables and of the lessons' own, by its code-level name."""

WITHIN = re.compile(r"within_(\d+)")
"""``within_3``: the chance to be done within 3 turns (``optimum_table``), said with the number's plural form."""

VALUES: dict[str, str] = {
    "exact": NP_("table value", "exact"),
    "simulated": NP_("table value", "simulated"),
    "optimum": NP_("table value", "perfect play"),
}
"""The words the kit writes in its tables' cells, by their code-level value."""
BOOLEANS = {True: NP_("table value", "yes"), False: NP_("table value", "no")}


def heading(name: object, lang: str = "en") -> object:
    """A table's heading as the student reads it (a name the kit does not know is shown as it is).

    >>> heading("win_rate", "es"), heading("within_3", "uk"), heading("RandomBot", "ko"), heading(3, "cs")
    ('tasa de victorias', 'за 3 ходи', 'RandomBot', 3)
    """
    if not isinstance(name, str):
        return name
    t = translator(lang)
    within = WITHIN.fullmatch(name)
    if within is not None:
        count = int(within.group(1))
        return t.ngettext("within {count} turn", "within {count} turns", count).format(count=count)
    msgid = HEADINGS.get(name)
    return t.pgettext("table heading", msgid) if msgid is not None else name


def value_word(value: object, lang: str = "en") -> object:
    """A cell's word as the student reads it: ``"exact"``, ``"simulated"``, True and False translated.

    >>> value_word("simulated", "ko"), value_word(True, "cs"), value_word("R7", "hr"), value_word(0.5, "hr")
    ('시뮬레이션', 'ano', 'R7', 0.5)
    """
    t = translator(lang)
    if isinstance(value, bool) or type(value).__name__ == "bool_":  # numpy's bool as well
        return t.pgettext("table value", BOOLEANS[bool(value)])
    if isinstance(value, str) and value in VALUES:
        return t.pgettext("table value", VALUES[value])
    return value


def _decimals(values: list[float], most: int) -> int:
    """How many decimals a column of floats needs, as pandas shows it: up to ``most``, trailing zeros dropped."""
    needed = 0
    for value in values:
        if math.isfinite(value):
            text = f"{value:.{most}f}".rstrip("0")
            needed = max(needed, len(text) - text.index(".") - 1)
    return needed


def _number(value: object, decimals: int, lang: str) -> object:
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return value_word(value, lang)
    if isinstance(value, int) or type(value).__name__.startswith("int"):
        return grouped(int(value), lang)  # type: ignore[call-overload]
    if isinstance(value, float) or type(value).__name__.startswith("float"):
        number = float(value)  # type: ignore[arg-type]
        return decimal(number, decimals, lang) if math.isfinite(number) else "–"
    return value_word(value, lang)


def _column(values: list[Any], lang: str, most: int) -> list[Any]:
    floats = [float(v) for v in values if isinstance(v, float) or type(v).__name__.startswith("float")]
    decimals = _decimals(floats, most) if floats else 0
    return [_number(value, decimals, lang) for value in values]


def shown(table: Any, lang: str = "en", *, precision: int = 6) -> Any:
    """A copy of a pandas ``DataFrame`` or ``Series`` for the screen in ``lang``: headings, index names and cell
    words translated, numbers written as the language writes them (at most ``precision`` decimals, as pandas
    shows them). The table itself is left as it is; English gets the table back unchanged."""
    import pandas as pd

    if lang == "en":
        return table
    if isinstance(table, pd.Series):
        frame = table.to_frame(name=table.name if table.name is not None else "")
        return shown(frame, lang, precision=precision)
    frame = pd.DataFrame(
        {i: _column(table.iloc[:, i].tolist(), lang, precision) for i in range(table.shape[1])},
        index=_labels(table.index, lang, precision),
    )
    frame.columns = _labels(table.columns, lang, precision, headings=True)
    return frame


def _labels(index: Any, lang: str, precision: int, *, headings: bool = False) -> Any:
    """An index (or the columns) with its names and string labels translated; numbers written in ``lang``."""
    import pandas as pd

    if isinstance(index, pd.MultiIndex):
        levels = [_labels(index.get_level_values(i), lang, precision, headings=headings) for i in range(index.nlevels)]
        return pd.MultiIndex.from_arrays(levels, names=[heading(name, lang) for name in index.names])
    labels = [heading(label, lang) if isinstance(label, str) else label for label in index.tolist()]
    if not headings:
        labels = _column(labels, lang, precision)
    return pd.Index(labels, name=heading(index.name, lang), dtype=object)
