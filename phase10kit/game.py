"""The game engine: a ``Game`` of 2 to 6 players under some ``Rules``, played by applying actions.

Players are numbered from 0 in Python and written ``p1`` .. ``pN`` in the notation.
A turn has two stages: ``"draw"`` (draw or take) and ``"play"`` (lay down, hit any number of
times, then discard); ``"over"`` once the game has ended. Lay-downs offered by ``legal_actions``
are every distinct layout of the exact phase; longer groups (``extra_cards``) are accepted by
``apply`` and can also be built by hitting one's own groups in the same turn.

The engine is built of parts in ``phase10kit.engine``, each readable alone: ``state`` (a plain
``GameState``: the table, the score sheet and the turn, and the questions asked of them),
``legality`` (the one ``why_not``, a function of the state and the action), ``turn`` (the legal
moves, from ``TurnFacts``) over ``moves`` (the layout search), ``play`` (apply, undo and the
player's take-back, functions of the state and its undo log from ``undo``), ``chance`` (a
shuffled deck or a replayed history, one interface), ``record`` (history and JSON) and ``view``
(what one player may see). ``Game`` holds a state and its undo log and is the one public face:
it adds nothing to the rules, only names them.

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
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Self

from phase10kit.actions import Action
from phase10kit.cards import KIND_COUNT, Card
from phase10kit.engine import legality, play, record
from phase10kit.engine.chance import Chance
from phase10kit.engine.layouts import layouts as layouts  # re-exported
from phase10kit.engine.state import TIEBREAK_PHASE as TIEBREAK_PHASE  # re-exported
from phase10kit.engine.state import GameState, OpenPhases
from phase10kit.engine.turn import TurnFacts, legal_moves, turn_facts
from phase10kit.engine.undo import UndoLog
from phase10kit.engine.view import PlayerView as PlayerView  # re-exported: bots and widgets import it here
from phase10kit.engine.view import player_view
from phase10kit.errors import IllegalActionError, Phase10Error, Reason, quote
from phase10kit.groups import Group
from phase10kit.phases import Phase
from phase10kit.rules import STANDARD_RULES, Rules, check_players
from phase10kit.table_svg import table_svg

__all__ = ["TIEBREAK_PHASE", "Game", "LegalActions", "PlayerView", "count_cards", "layouts"]


class LegalActions:
    """The legal actions of the position, generated lazily; ``action in legal`` asks ``can_apply``."""

    __slots__ = ("_state",)

    def __init__(self, state: GameState) -> None:
        self._state = state

    def __iter__(self) -> Iterator[Action]:
        return iter(legal_moves(self._state))

    def __contains__(self, action: object) -> bool:
        return legality.why_not(self._state, action) is None

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __repr__(self) -> str:
        return f"<LegalActions: {', '.join(str(a) for a in self)}>"


class Game:
    """A game of Phase 10, dealt and ready for the first turn.

    ``seed`` is an int or a ``random.Random`` (None: a fresh generator seeded by the OS).
    Players are numbered from 0 here and written p1..pN in the notation. State (read only; change
    it through ``apply``/``undo``): ``current_player``, ``stage`` (``"draw"``, ``"play"``, ``"over"``),
    ``hands``, ``melds`` (each player's laid groups), ``discard_pile`` and ``draw_pile`` (top last),
    ``deck_size``, ``phases``, ``done`` (phase numbers made), ``laid`` (phase laid this round),
    ``scores``, ``skipped`` (loses their next turn), ``round`` (round number), ``dealer``, ``active``
    (seats in the round; the tied players in a tie-break), ``tiebreak``, ``winner``, ``history``.
    Each reads the ``GameState`` the game holds (``state``); ``viewer`` and ``lang`` choose whose cards a
    notebook display shows and in which language (display only, not game state).
    """

    def __init__(self, players: int = 2, rules: Rules | None = None, seed: int | random.Random | None = None) -> None:
        check_players(players)
        rules = STANDARD_RULES if rules is None else rules
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
        state = GameState(players, rules, rng)
        self._hold(state, play.start_game(state))

    def _hold(self, state: GameState, log: UndoLog) -> None:
        """Take ``state`` and its undo log as this game's (every constructor ends here)."""
        self.state = state
        self._log = log
        self.viewer = 0  # whose cards the notebook display shows
        self.lang = "en"  # the display's language

    @classmethod
    def _of(cls, parts: tuple[GameState, UndoLog]) -> Self:
        game = cls.__new__(cls)
        game._hold(*parts)
        return game

    # ------------------------------------------------------------------ the state, read only

    @property
    def players(self) -> int:
        return self.state.players

    @property
    def rules(self) -> Rules:
        return self.state.rules

    @property
    def rng(self) -> random.Random:
        return self.state.rng

    @property
    def chance(self) -> Chance:
        """Where dealt and drawn cards come from (a shuffled deck; a replay while a history is read)."""
        return self.state.chance

    @chance.setter
    def chance(self, chance: Chance) -> None:
        self.state.chance = chance

    @property
    def round(self) -> int:
        return self.state.round

    @property
    def dealer(self) -> int:
        return self.state.dealer

    @property
    def active(self) -> tuple[int, ...]:
        return self.state.active

    @property
    def tiebreak(self) -> bool:
        return self.state.tiebreak

    @property
    def hands(self) -> list[list[Card]]:
        return self.state.hands

    @property
    def melds(self) -> list[list[Group]]:
        return self.state.melds

    @property
    def discard_pile(self) -> list[Card]:
        return self.state.discard_pile

    @property
    def draw_pile(self) -> list[Card]:
        return self.state.draw_pile

    @property
    def scores(self) -> list[int]:
        return self.state.scores

    @property
    def done(self) -> list[tuple[int, ...]]:
        return self.state.done

    @property
    def laid(self) -> list[int | None]:
        return self.state.laid

    @property
    def laid_turn(self) -> list[int]:
        return self.state.laid_turn

    @property
    def skipped(self) -> list[bool]:
        return self.state.skipped

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def current_player(self) -> int:
        return self.state.current_player

    @property
    def stage(self) -> str:
        return self.state.stage

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def winner(self) -> int | None:
        return self.state.winner

    @property
    def history(self) -> list[str]:
        return self.state.history

    @property
    def deck_size(self) -> int:
        """Cards in the draw pile."""
        return len(self.state.draw_pile)

    @property
    def phases(self) -> tuple[int, ...]:
        """The phase number each player is on (``GameState.phases``)."""
        return self.state.phases

    def is_over(self) -> bool:
        """Whether the game has ended (``winner`` is then set)."""
        return self.state.over

    def open_phases(self, player: int) -> tuple[int, ...]:
        """The phase numbers ``player`` may lay down this round (``GameState.open_phases``)."""
        return self.state.open_phases(player)

    def phase_for(self, number: int) -> Phase:
        """The phase of that number (0 = the tie-break phase)."""
        return self.state.phase_for(number)

    def current_phase(self, player: int) -> Phase | None:
        """The phase ``player`` is to lay this round (``GameState.current_phase``)."""
        return self.state.current_phase(player)

    def order_from(self, seat: int) -> tuple[int, ...]:
        """Active seats clockwise (to the left) starting after ``seat``."""
        return self.state.order_from(seat)

    def can_draw(self) -> bool:
        """Whether the draw pile gives a card (refilled from the discard pile when empty)."""
        return self.state.can_draw()

    def can_take(self) -> bool:
        """Whether the top discard may be taken."""
        return self.state.can_take()

    def skip_targets(self, player: int) -> list[int | None]:
        """Whom a Skip discarded by ``player`` may name (``[None]``: it names nobody)."""
        return self.state.skip_targets(player)

    def keeps_card(self, player: int, used: int) -> bool:
        """Whether using ``used`` cards leaves one to discard when the rules say a round ends with a discard."""
        return self.state.keeps_card(player, used)

    def may_hit_others(self, player: int) -> bool:
        """Whether ``player`` may hit other players' groups now."""
        return self.state.may_hit_others(player)

    def position(self) -> str:
        """Where the game is, for messages: ``hand 1, turn 3: p2 to play``."""
        return self.state.position()

    # ------------------------------------------------------------------ legality and moves

    def why_not(self, action: object) -> IllegalActionError | None:
        """None when ``action`` is legal now, otherwise the error ``apply`` would raise (not raised).

        >>> from phase10kit.actions import Draw
        >>> Game(players=2, seed=1).why_not(Draw(1)).reason
        <Reason.NOT_YOUR_TURN: 'not-your-turn'>
        """
        return legality.why_not(self.state, action)

    def can_apply(self, action: object) -> bool:
        """Whether ``action`` is legal now."""
        return legality.why_not(self.state, action) is None

    def verify_apply(self, action: object) -> None:
        """Raise the ``IllegalActionError`` that ``apply`` would raise, or do nothing."""
        legality.verify_apply(self.state, action)

    def legal_actions(self) -> LegalActions:
        """The legal actions now, lazily and without repeats; ``a in g.legal_actions()`` is cheap."""
        return LegalActions(self.state)

    def legal_moves(self) -> Sequence[Action]:
        """Every legal action now, in ``TurnFacts.actions``' order: draws, lay-downs, hits, discards."""
        return legal_moves(self.state)

    def generate(self) -> Iterator[Action]:
        """Every legal action now, without repeats (``legal_moves``, as an iterator)."""
        return iter(legal_moves(self.state))

    def turn_facts(
        self,
        hand: tuple[Card, ...] | None = None,
        melds: tuple[tuple[Group, ...], ...] | None = None,
        options: OpenPhases | None = None,
    ) -> TurnFacts | None:
        """The facts that decide the legal moves of the player to move (None once the game is over)."""
        return turn_facts(self.state, hand, melds, options)

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see (their hand, the table, counts); on their turn it generates their legal actions.

        A view holds no reference to the game and changes nothing in it.
        """
        return player_view(self.state, player)

    # ------------------------------------------------------------------ playing and taking back

    def apply(self, action: Action) -> None:
        """Play ``action``; raise ``IllegalActionError`` (state unchanged) when the rules refuse it."""
        play.apply(self.state, self._log, action)

    def undo(self) -> None:
        """Take back the last action (any number of times, back to the deal): for analysis, not for players."""
        play.undo(self.state, self._log)

    def can_undo(self) -> bool:
        """Whether there is an action to undo."""
        return bool(self._log)

    def why_not_take_back(self, player: int) -> IllegalActionError | None:
        """None when ``player`` may take back their last action, otherwise why not (not raised).

        A player takes back only their own actions of the turn they are playing, and never a draw
        from the draw pile (they have seen the card): undoing reveals nothing hidden.

        >>> from phase10kit.actions import Draw
        >>> g = Game(players=2, seed=1); g.apply(Draw(0))
        >>> g.why_not_take_back(0).reason
        <Reason.TAKE_BACK_DRAW: 'take-back-draw'>
        """
        return play.why_not_take_back(self.state, self._log, player)

    def take_back(self, player: int) -> Action:
        """Take back ``player``'s last action when ``why_not_take_back`` allows it; returns that action."""
        return play.take_back(self.state, self._log, player)

    # ------------------------------------------------------------------ the record

    def actions(self) -> list[Action]:
        """The actions applied so far, in order (parsed back from the history)."""
        return record.applied_actions(self.state)

    def _state(self) -> dict[str, Any]:
        """The state a save holds beside its history (``record.state_fields``)."""
        return record.state_fields(self.state)

    def to_json(self) -> str:
        """The whole game as JSON (history, state and generator state); ``from_json`` reads it back exactly."""
        return record.to_json(self.state)

    @classmethod
    def from_history(cls, lines: Iterable[str] | str, seed: int | random.Random | None = None) -> Self:
        """Rebuild a game from its history lines alone (no generator needed); ``seed`` drives what follows.

        >>> g = Game(players=2, seed=1); g.apply(next(iter(g.legal_actions())))
        >>> Game.from_history(g.history).history == g.history
        True
        """
        return cls._of(record.replay(lines, seed))

    @classmethod
    def from_deal(
        cls,
        hands: Sequence[str],
        *,
        rules: Rules | None = None,
        flip: str = "R5",
        draws: str = "",
        seed: int | random.Random | None = None,
    ) -> Self:
        """A game whose first deal is chosen: ``hands`` for p1, p2, ... (ten cards each), the flipped
        card(s), and the cards the draw pile gives first (``draws``, in drawing order); the rest of the
        deck lies below them in card order. For lessons, puzzles and tests.

        >>> from phase10kit.actions import Draw
        >>> g = Game.from_deal(["R7 B7 G7 Y2 B2 W R1 R3 G5 Y9", "R2 R3 R4 R6 B8 B9 B10 Y11 Y12 G1"], draws="Y7")
        >>> g.apply(Draw(0)); g.hands[0][-1]
        Card('Y7')
        """
        return cls.from_history(record.deal_history(hands, rules=rules, flip=flip, draws=draws), seed=seed)

    @classmethod
    def from_json(cls, text: object) -> Self:
        """Load a game saved by ``to_json``; anything malformed or inconsistent raises ``NotationError``."""
        return cls._of(record.load(text))

    # ------------------------------------------------------------------ display

    def _repr_svg_(self) -> str:
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
