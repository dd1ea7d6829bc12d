"""The bot protocol: ``bot.choose(view) -> Action`` from a ``PlayerView`` alone, with a one-sentence reason.

A bot sees exactly what its player may see: ``choose`` accepts only a ``PlayerView`` (a ``Game``
is refused), so no bot can read an opponent's hand or the order of the draw pile.

>>> from phase10kit.game import Game
>>> from phase10kit.bots import GreedyBot
>>> g = Game(players=2, seed=4)
>>> bot = GreedyBot(seed=1)
>>> action = bot.choose(g.view(g.current_player))
>>> action in g.legal_actions(), bot.explain().endswith(".")
(True, True)
"""

from __future__ import annotations

import copy
import random
from functools import lru_cache
from typing import Any, Self, TypeAlias

from phase10kit.actions import Action, Discard, Lay, seat_notation
from phase10kit.cards import DECK_COUNTS, WILD_INDEX, Card, Color
from phase10kit.errors import Phase10Error, Reason
from phase10kit.game import PlayerView
from phase10kit.groups import Group, GroupValue
from phase10kit.i18n import check_lang
from phase10kit.phases import Phase
from phase10kit.solver_queries import holds_key, missing_key, solved_key

__all__ = [
    "Because",
    "Bot",
    "Explanation",
    "NotAViewError",
    "Reading",
    "best_phase",
    "fewest_wilds",
    "fits_opponents_reach",
    "fits_table",
    "held_lays",
    "holds_open_phase",
    "key_of",
    "leader",
    "missing_of",
    "nearest_phase",
    "needs_live",
    "open_phases",
    "skip_discards",
    "unseen_counts",
    "without",
]


class NotAViewError(Phase10Error, TypeError):
    """A bot was handed something other than a ``PlayerView`` (e.g. the whole ``Game``)."""


class Because:
    """A bot's reason, a translated template and its fields, put into words only when ``explain()`` asks.

    Bots playing each other never ask, and filling a template costs more than the rest of most decisions.

    >>> str(Because("Drew from the pile: the discarded {card} does not help me.", card="R7"))
    'Drew from the pile: the discarded R7 does not help me.'
    """

    __slots__ = ("fields", "template")

    def __init__(self, template: str, /, **fields: object) -> None:
        self.template = template  # from the translator: its ``format`` fills in Korean particles
        self.fields = fields

    def __str__(self) -> str:
        return self.template.format(**self.fields)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


Explanation: TypeAlias = "str | Because"
"""What ``_decide`` returns with its action: a sentence, or one to be put into words on demand."""


class Reading:
    """What one decision reads off its view several times, read once: the hand's sorted card indices and
    the open phases (the same view asks for them in its lay-down, hit and discard steps)."""

    __slots__ = ("key", "natural_required", "phases", "view")

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        # The view's own sorted indices on the player's turn (its lay-downs are generated from the same tuple).
        self.key = view.turn.key if view.turn is not None else key_of(view.hand)
        self.phases = view.open_phase_list()
        self.natural_required = view.rules.natural_required


class Bot:
    """Base of the kit's bots: seeded, picklable, choosing from a ``PlayerView`` only.

    Subclasses implement ``_decide(view) -> (action, explanation)``; ``choose`` checks the view,
    remembers the explanation for ``explain()`` and returns the action.
    """

    def __init__(self, seed: int = 0, *, lang: str = "en") -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise Phase10Error(f"a bot's seed is an integer, not {seed!r:.60}", reason=Reason.BAD_SEED)
        self.seed = seed
        self.lang = check_lang(lang)
        self.rng = random.Random(seed)
        self._explanation: Explanation = ""
        self._reading: Reading | None = None

    @property
    def name(self) -> str:
        """The bot's class name, e.g. ``"GreedyBot"``."""
        return type(self).__name__

    def __repr__(self) -> str:
        return f"{self.name}(seed={self.seed})"

    def spawn(self, key: str) -> Self:
        """A fresh copy for one game: same settings, its generator seeded from ``seed`` and ``key``.

        Games played with spawned copies are reproducible and never consume the original's generator.

        >>> from phase10kit.bots import RandomBot
        >>> a, b = RandomBot(seed=3).spawn("g1"), RandomBot(seed=3).spawn("g1")
        >>> a.rng.random() == b.rng.random()
        True
        """
        clone = copy.copy(self)
        clone.rng = random.Random(f"{self.seed}/{key}")
        clone._explanation = ""
        clone._reading = None
        return clone

    def __getstate__(self) -> dict[str, Any]:
        # A bot sent to a worker process leaves its last view behind (it is only a memo).
        state = dict(self.__dict__)
        state["_reading"] = None
        return state

    def reading(self, view: PlayerView) -> Reading:
        """The ``Reading`` of this view, kept while the bot decides from it (``choose`` lets it go)."""
        reading = self._reading
        if reading is None or reading.view is not view:
            reading = self._reading = Reading(view)
        return reading

    def choose(self, view: PlayerView) -> Action:
        """A legal action for the player whose view this is (it must be their turn).

        Raises ``NotAViewError`` (a ``TypeError`` and ``Phase10Error``) for anything but a ``PlayerView``.
        """
        if not isinstance(view, PlayerView):
            raise NotAViewError(
                f"a bot chooses from a player's view (game.view(player)), not from {type(view).__name__}: "
                "it must never see other players' cards",
                reason=Reason.NOT_A_VIEW,
            )
        if not view.my_turn or view.turn is None:
            raise Phase10Error(
                f"{seat_notation(view.player)} has no action to choose: "
                f"it is {seat_notation(view.current_player)}'s turn" + (" and the game is over" if view.over else ""),
                reason=Reason.NOT_YOUR_TURN,
            )
        action, why = self._decide(view)
        self._explanation = why
        self._reading = None  # the view is not kept past its decision (a longer life only costs the collector)
        return action

    def explain(self) -> str:
        """One sentence saying why the last choice was made (in the bot's ``lang``)."""
        if not self._explanation:
            raise Phase10Error(f"{self.name} has not chosen anything yet", reason=Reason.NO_CHOICE)
        if isinstance(self._explanation, Because):
            self._explanation = str(self._explanation)
        return self._explanation

    def _decide(self, view: PlayerView) -> tuple[Action, Explanation]:
        raise NotImplementedError


# ---------------------------------------------------------------------------------------------
# What a view says about the table, and cached solver calls shared by the bots.


def open_phases(view: PlayerView) -> list[Phase]:
    """The phases the player may still lay this round, as the engine says (several only under ``any_order``)."""
    return view.open_phase_list()


def key_of(cards: tuple[Card, ...] | list[Card]) -> tuple[int, ...]:
    return tuple(sorted([card.index for card in cards]))  # a list: sorting a generator is slower


# The bot caches are small on purpose: hands repeat only within a turn or two, and a big cache of
# live objects makes every full garbage collection slower (it cost a third of a GreedyBot game).
@lru_cache(maxsize=1024)
def missing_of(key: tuple[int, ...], phase: Phase, natural_required: bool) -> int:
    """``missing`` of the hand with these sorted card indices (cached: a turn asks for the same hands often).

    Solved through the solver core's cache of recent hands, which the bot's plan questions then reuse.
    """
    return missing_key(key, phase, natural_required)


def held_lays(reading: Reading) -> tuple[Lay, ...]:
    """The legal lay-downs, asked of the view only when the solver says the hand holds an open phase.

    Most play decisions come with no phase held: the solve is then all they cost, and it is the one
    the discard's plan reads next (the solver core keeps recent hands).
    """
    if not holds_open_phase(reading):
        return ()
    return reading.view.lays()


def holds_open_phase(reading: Reading) -> bool:
    """Whether the hand holds one of its open phases (the solver, exact; the view may still offer no
    lay-down, when laying would leave no card to discard)."""
    phases = reading.phases
    if len(phases) == 1:  # the commonest case, without a generator
        return holds_key(reading.key, phases[0], reading.natural_required)
    return bool(phases) and holds_any(reading.key, phases, reading.natural_required)


def fewest_wilds(reading: Reading) -> int:
    """The fewest Wilds a lay-down of an open phase the hand holds can use (the solver's best plan).

    A lay-down of exactly the phase's size with fewer Wilds would be a plan with more natural cards,
    which the solver's best plan would have found; a bot looking for the fewest stops at the first
    lay-down with this many (0 when the hand holds no open phase: then there is no lay-down at all).
    """
    nr = reading.natural_required
    held = [solved_key(reading.key, p, nr)[1][1] for p in reading.phases if holds_key(reading.key, p, nr)]
    return min(held, default=0)


def holds_any(key: tuple[int, ...], phases: list[Phase], natural_required: bool) -> bool:
    """Whether the hand with these card indices holds one of the phases (the solver, exact).

    A lay-down lays a phase the hand holds, so when this is False the view has no lay-down to offer
    and a bot need not ask it for them; when True, the solve is kept for the bot's plan.
    """
    return any(holds_key(key, phase, natural_required) for phase in phases)


def nearest_phase(key: tuple[int, ...], phases: list[Phase], natural_required: bool) -> Phase:
    """The open phase the hand with these sorted card indices is nearest to (no solver call for one phase)."""
    return phases[0] if len(phases) == 1 else best_phase(key, phases, natural_required)[0]


def best_phase(key: tuple[int, ...], phases: list[Phase], natural_required: bool) -> tuple[Phase, int]:
    """The open phase the hand with these sorted card indices is nearest to, with its ``missing`` count."""
    scored = [(missing_of(key, p, natural_required), i) for i, p in enumerate(phases)]
    count, index = min(scored)
    return phases[index], count


def without(hand: list[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest


def unseen_counts(view: PlayerView) -> list[int]:
    """Copies of each card the player has not seen (not in their hand, the discard pile or on the table)."""
    counts = list(DECK_COUNTS)
    seen = [*view.hand, *view.discard_pile, *(card for groups in view.melds for g in groups for card in g.cards)]
    for card in seen:
        counts[card.index] -= 1
    return [max(n, 0) for n in counts]


def fits_table(card: Card, view: PlayerView) -> bool:
    """Whether the card could be added to some group on the table."""
    return any(group.fits(card) for groups in view.melds for group in groups)


def fits_opponents_reach(card: Card, view: PlayerView) -> bool:
    """Whether an opponent who has laid down could take this card and hit it somewhere."""
    if not any(view.laid[seat] is not None for seat in view.active if seat != view.player):
        return False
    return card.is_wild or fits_table(card, view)


def needs_live(plan: list[tuple[bool, tuple[GroupValue, ...]]], unseen: list[int]) -> int:
    """How many unseen cards would fill an open slot of the plan (Wilds included): its live outs.

    ``plan`` gives each group's (started, needs), as ``needs_key`` does.
    """
    total = unseen[WILD_INDEX]
    counted: set[object] = set()
    for _, needs in plan:
        for need in needs:
            if need in counted:
                continue
            counted.add(need)
            if isinstance(need, Color):
                total += sum(unseen[(n - 1) * 4 + need.index] for n in range(1, 13))
            else:
                total += sum(unseen[(need - 1) * 4 + c] for c in range(4))
    return total


def leader(view: PlayerView, seats: list[int]) -> int:
    """The seat closest to winning: most phases made (counting one laid this hand), fewest cards, lowest score."""

    def closeness(seat: int) -> tuple[int, int, int, int]:
        made = len(view.done[seat]) + (view.laid[seat] is not None)
        return (-made, view.hand_sizes[seat], view.scores[seat], seat)

    return min(seats, key=closeness)


def skip_discards(view: PlayerView) -> list[Discard]:
    return [a for a in view.discards() if a.card.is_skip]


def group_label(view: PlayerView, seat: int, index: int) -> str:
    group: Group = view.melds[seat][index]
    return str(group)
