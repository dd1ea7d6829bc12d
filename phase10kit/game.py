"""The game engine: a ``Game`` of 2 to 6 players under some ``Rules``, played by applying actions.

Players are numbered from 0 in Python and written ``p1`` .. ``pN`` in the notation.
A turn has two stages: ``"draw"`` (draw or take) and ``"play"`` (lay down, hit any number of
times, then discard); ``"over"`` once the game has ended. Lay-downs offered by ``legal_actions``
are every distinct layout of the exact phase; longer groups (``extra_cards``) are accepted by
``apply`` and can also be built by hitting one's own groups in the same turn.

The engine is built by idea in ``phase10kit.engine``: ``state`` (the table and turn order),
``legality`` (the one ``why_not`` and the legal moves), ``play`` (apply, undo and the player's
take-back, with the undo log from ``undo``), ``chance`` (a shuffled deck or a replayed
history, one interface) and ``record`` (history and JSON).

The history is one notation line per action plus chance lines, so a game replays without its RNG:

==========================  ==========================================================
line                        meaning
==========================  ==========================================================
``players 3``               header: the number of players
``rules key=value ...``     header: the ``Rules`` (``Rules.notation``)
``hand 2 dealer p1``        a round starts (``tiebreak p1 p3 dealer p2`` for a tie-break round)
``deal p2 R7 B7 ...``       the ten cards dealt to a player
``flip R5``                 the cards flipped to start the discard pile (several under ``cover``)
``pile G3 ... Y9``          the draw pile, bottom to top
``drawn R9``                the card a ``draw`` drew
``reshuffle G3 ...``        the empty draw pile refilled from the discard pile, bottom to top
==========================  ==========================================================

>>> g = Game(players=3, seed=7)
>>> g.current_player, g.stage, len(g.hands[0]), g.deck_size
(0, 'draw', 10, 77)
>>> a = next(iter(g.legal_actions())); str(a)
'p1 draw'
>>> g.apply(a); g.stage
'play'
>>> g.undo(); g.stage
'draw'
>>> Game.from_json(g.to_json()).to_json() == g.to_json()
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from phase10kit.actions import Action
from phase10kit.cards import KIND_COUNT
from phase10kit.engine.moves import layouts as layouts  # re-exported
from phase10kit.engine.record import Recorded
from phase10kit.engine.state import TIEBREAK_PHASE as TIEBREAK_PHASE  # re-exported
from phase10kit.engine.view import PlayerView as PlayerView  # re-exported: bots and widgets import it here
from phase10kit.errors import Phase10Error, Reason, quote
from phase10kit.phases import Phase
from phase10kit.rules import Rules, check_players

OpenPhases = tuple[tuple[int, Phase], ...]
"""A player's open phases with their numbers, as ``TurnFacts.open_phases`` holds them."""

_DEFAULT_RULES = Rules()
"""The rules of a game made without any: shared, since ``Rules`` is immutable (``Rules()`` parses its phases anew)."""


class LegalActions:
    """The legal actions of the position, generated lazily; ``action in legal`` asks ``can_apply``."""

    __slots__ = ("_game",)

    def __init__(self, game: Game) -> None:
        self._game = game

    def __iter__(self) -> Iterator[Action]:
        return iter(self._game.legal_moves())

    def __contains__(self, action: object) -> bool:
        return self._game.can_apply(action)

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __repr__(self) -> str:
        return f"<LegalActions: {', '.join(str(a) for a in self)}>"


class Game(Recorded):
    """A game of Phase 10, dealt and ready for the first turn.

    ``seed`` is an int or a ``random.Random`` (None: a fresh generator seeded by the OS).
    Players are numbered from 0 here and written p1..pN in the notation. State (read only; change
    it through ``apply``/``undo``): ``current_player``, ``stage`` (``"draw"``, ``"play"``, ``"over"``),
    ``hands``, ``melds`` (each player's laid groups), ``discard_pile`` and ``draw_pile`` (top last),
    ``deck_size``, ``phases``, ``done`` (phase numbers made), ``laid`` (phase laid this round),
    ``scores``, ``skipped`` (loses their next turn), ``round`` (round number), ``dealer``, ``active``
    (seats in the round; the tied players in a tie-break), ``tiebreak``, ``winner``, ``history``.
    """

    def __init__(self, players: int = 2, rules: Rules | None = None, seed: int | random.Random | None = None) -> None:
        check_players(players)
        rules = _DEFAULT_RULES if rules is None else rules
        if not isinstance(rules, Rules):
            raise Phase10Error(f"rules must be a Rules value, not {quote(rules, 60)}", reason=Reason.BAD_RULES)
        if (
            seed is not None
            and not isinstance(seed, random.Random)
            and (isinstance(seed, bool) or not isinstance(seed, int))
        ):
            raise Phase10Error(
                f"a seed is an integer, a random.Random or None, not {quote(seed, 40)}", reason=Reason.BAD_SEED
            )
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self._setup(players, rules, rng)
        self._start_play()

    _phase_memo: (
        tuple[
            tuple[object, ...],
            tuple[int, ...],
            tuple[Phase | None, ...],
            tuple[tuple[int, ...], ...],
            tuple[OpenPhases, ...],
        ]
        | None
    ) = None

    def legal_actions(self) -> LegalActions:
        """The legal actions now, lazily and without repeats; ``a in g.legal_actions()`` is cheap."""
        return LegalActions(self)

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see (their hand, the table, counts); on their turn it generates their legal actions.

        A view holds no reference to the game and changes nothing in it.
        """
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            raise Phase10Error(
                f"there is no player {quote(player, 40)} in a {self.players}-player game", reason=Reason.BAD_PLAYER
            )
        hand = tuple(self.hands[player])
        melds = tuple([tuple(groups) for groups in self.melds])
        laid, done = tuple(self.laid), tuple(self.done)
        phases, current, open_phases, open_pairs = self._phase_table(laid, done)
        options = open_phases[player]
        facts = self.turn_facts(hand, melds, open_pairs[player]) if player == self.current_player else None
        return PlayerView.of_fields(
            {
                "player": player,
                "rules": self.rules,
                "hand": hand,
                "melds": melds,
                "discard_pile": tuple(self.discard_pile),
                "hand_sizes": tuple(map(len, self.hands)),
                "deck_size": len(self.draw_pile),
                "phases": phases,
                "current_phases": current,
                "open_phases": options,
                "done": done,
                "laid": laid,
                "scores": tuple(self.scores),
                "skipped": tuple(self.skipped),
                "active": self.active,
                "round": self.round,
                "dealer": self.dealer,
                "current_player": self.current_player,
                "stage": self.stage,
                "tiebreak": self.tiebreak,
                "over": self.over,
                "winner": self.winner,
                "turn": facts,
            }
        )

    def _phase_table(
        self, laid: tuple[int | None, ...], done: tuple[tuple[int, ...], ...]
    ) -> tuple[tuple[int, ...], tuple[Phase | None, ...], tuple[tuple[int, ...], ...], tuple[OpenPhases, ...]]:
        """``phases``, every player's ``current_phase`` and ``open_phases``, and the open phases with their
        numbers (as ``TurnFacts`` holds them), remembered while what they depend on is unchanged.

        A cache, not state: it is keyed by everything they depend on besides the rules (``laid`` and
        ``done`` are the game's, as tuples), so a view never sees a stale one.
        """
        key = (self.round, self.tiebreak, self.active, laid, done)
        memo = self._phase_memo
        if memo is None or memo[0] != key:
            seats = range(self.players)
            current = tuple(self.current_phase(p) for p in seats)
            numbers = tuple(self.open_phases(p) for p in seats)
            pairs = tuple(tuple((n, self.phase_for(n)) for n in options) for options in numbers)
            memo = self._phase_memo = (key, self.phases, current, numbers, pairs)
        return memo[1], memo[2], memo[3], memo[4]

    def _repr_svg_(self) -> str:
        from phase10kit.table_svg import table_svg

        return table_svg(self.view(self.viewer), lang=self.lang)

    def _repr_html_(self) -> str:
        return f'<div class="p10-game">{self._repr_svg_()}</div>'

    def __repr__(self) -> str:
        return f"<Game {self.players} players, {self.position()}, scores {self.scores}>"


def count_cards(game: Game) -> list[int]:
    """How many of each card index the table holds (hands, groups, both piles): the deck's counts."""
    counts = [0] * KIND_COUNT
    for hand in game.hands:
        for card in hand:
            counts[card.index] += 1
    for groups in game.melds:
        for group in groups:
            for card in group.cards:
                counts[card.index] += 1
    for card in game.discard_pile + game.draw_pile:
        counts[card.index] += 1
    return counts
