"""The game engine: a ``Game`` of 2 to 6 players under some ``Rules``, played by applying actions.

Players are numbered from 0 in Python and written ``p1`` .. ``pN`` in the notation.
A turn has two stages: ``"draw"`` (draw or take) and ``"play"`` (lay down, hit any number of
times, then discard); ``"over"`` once the game has ended. Lay-downs offered by ``legal_actions``
are every distinct layout of the exact phase; longer groups (``extra_cards``) are accepted by
``apply`` and can also be built by hitting one's own groups in the same turn.

The history is one notation line per action plus chance lines, so a game replays without its RNG:

==========================  ==========================================================
line                        meaning
==========================  ==========================================================
``players 3``               header: the number of players
``rules key=value ...``     header: the ``Rules`` (``Rules.notation``)
``hand 2 dealer p1``        a hand starts (``tiebreak p1 p3 dealer p2`` for a tie-break hand)
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

import json
import random
import re
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from phase10kit.actions import Action, Discard, Draw, Hit, Lay, Take, parse_action
from phase10kit.cards import (
    CARDS_BY_INDEX,
    DECK_COUNTS,
    KIND_COUNT,
    SKIP_INDEX,
    Card,
    card_counts,
    parse_cards,
    shuffled_deck,
)
from phase10kit.engine.moves import _discard, _draw, _hit, _hits, _holds, _lay_actions, _take
from phase10kit.engine.moves import layouts as layouts  # re-exported
from phase10kit.engine.saves import FORMAT, VERSION, check_save
from phase10kit.engine.view import PlayerView as PlayerView  # re-exported: bots and widgets import it here
from phase10kit.errors import IllegalActionError, NotationError, Phase10Error
from phase10kit.groups import Group, InvalidGroupError
from phase10kit.phases import GroupKind, Phase
from phase10kit.rules import HAND_SIZE, Rules

TIEBREAK_PHASE = Phase.parse("s5+s3")
"""The phase of a tie-break hand: the first tied player to lay it down wins."""
_ACTION_TYPES = (Draw, Take, Lay, Hit, Discard)
_DRAW_TYPES = (Draw, Take)
_CARD_TEXT = tuple(str(card) for card in CARDS_BY_INDEX)
_CHANCE = ("hand", "tiebreak", "deal", "flip", "pile", "drawn", "reshuffle")


class LegalActions:
    """The legal actions of the position, generated lazily; ``action in legal`` asks ``can_apply``."""

    __slots__ = ("_game",)

    def __init__(self, game: Game) -> None:
        self._game = game

    def __iter__(self) -> Iterator[Action]:
        return self._game._generate()

    def __contains__(self, action: object) -> bool:
        return self._game.can_apply(action)

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __repr__(self) -> str:
        return f"<LegalActions: {', '.join(str(a) for a in self)}>"


_Scalars = tuple[Any, ...]


class Game:
    """A game of Phase 10, dealt and ready for the first turn.

    ``seed`` is an int or a ``random.Random`` (None: a fresh generator seeded by the OS).
    Players are numbered from 0 here and written p1..pN in the notation. State (read only; change
    it through ``apply``/``undo``): ``current_player``, ``stage`` (``"draw"``, ``"play"``, ``"over"``),
    ``hands``, ``melds`` (each player's laid groups), ``discard_pile`` and ``draw_pile`` (top last),
    ``deck_size``, ``phases``, ``done`` (phase numbers made), ``laid`` (phase laid this hand),
    ``scores``, ``skipped`` (loses their next turn), ``round`` (hand number), ``dealer``, ``active``
    (seats in the hand; the tied players in a tie-break), ``tiebreak``, ``winner``, ``history``.
    """

    def __init__(self, players: int = 2, rules: Rules | None = None, seed: int | random.Random | None = None) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
            raise Phase10Error(f"a game has 2 to 6 players, not {players!r}", reason="bad-players")
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise Phase10Error(f"rules must be a Rules value, not {rules!r:.60}", reason="bad-rules")
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self._setup(players, rules, rng, None)

    def _setup(self, players: int, rules: Rules, rng: random.Random, feed: deque[str] | None) -> None:
        self.players = players
        self.rules = rules
        self.viewer = 0  # whose cards the notebook display shows (display only, not game state)
        self.lang = "en"  # the display's language
        self._rng = rng
        self._feed = feed
        n = players
        self.round = 0
        self.dealer = n - 2  # moves left before the first deal: the last player deals, p1 starts
        self.active: tuple[int, ...] = tuple(range(n))
        self.tiebreak = False
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.melds: list[list[Group]] = [[] for _ in range(n)]
        self.discard_pile: list[Card] = []
        self.draw_pile: list[Card] = []
        self.scores: list[int] = [0] * n
        self.done: list[tuple[int, ...]] = [()] * n
        self.laid: list[int | None] = [None] * n
        self.laid_turn: list[int] = [-1] * n
        self.skipped: list[bool] = [False] * n
        self.turn = 0
        self.current_player = 0
        self.stage = "draw"
        self.over = False
        self.winner: int | None = None
        self.history: list[str] = [f"players {n}", f"rules {rules.notation()}"]
        self._undo: list[tuple[int, _Scalars, list[tuple[Any, ...]]]] = []
        self._ops: list[tuple[Any, ...]] = []
        self._phase_memo: tuple[_Scalars, tuple[int, ...], tuple[Phase | None, ...]] | None = None
        self._offered: tuple[Action, ...] = ()  # the legal actions the last view gave, until the position changes
        self._start_hand(tiebreak=False)

    # ------------------------------------------------------------------ public state

    @property
    def deck_size(self) -> int:
        """Cards in the draw pile."""
        return len(self.draw_pile)

    @property
    def phases(self) -> tuple[int, ...]:
        """The phase number (1-based, in ``rules.phases``) each player is on: the next to make.

        Under ``any_order`` it counts the phases made plus one; under ``all_advance`` it is the hand's phase.
        """
        if self.rules.progression == "all_advance":
            return tuple(min(self.round, self.rules.phase_count) for _ in range(self.players))
        return tuple(min(len(done) + 1, self.rules.phase_count) for done in self.done)

    def open_phases(self, player: int) -> tuple[int, ...]:
        """The phase numbers ``player`` may lay down this hand (empty once laid or finished)."""
        if self.laid[player] is not None or player not in self.active:
            return ()
        if self.tiebreak:
            return (0,)
        count = self.rules.phase_count
        if self.rules.progression == "all_advance":
            return (self.round,) if self.round <= count else ()
        if self.rules.progression == "any_order":
            return tuple(p for p in range(1, count + 1) if p not in self.done[player])
        nxt = len(self.done[player]) + 1
        return (nxt,) if nxt <= count else ()

    def phase_for(self, number: int) -> Phase:
        """The phase of that number (0 = the tie-break phase)."""
        return TIEBREAK_PHASE if number == 0 else self.rules.phases[number - 1]

    def current_phase(self, player: int) -> Phase | None:
        """The phase ``player`` is to lay this hand (None under ``any_order`` until laid, or when finished)."""
        if self.laid[player] is not None:
            return self.phase_for(self.laid[player] or 0)
        options = self.open_phases(player)
        return self.phase_for(options[0]) if len(options) == 1 else None

    def is_over(self) -> bool:
        return self.over

    # ------------------------------------------------------------------ hands and dealing

    def _order_from(self, seat: int) -> list[int]:
        """Active seats clockwise (to the left) starting after ``seat``."""
        n = self.players
        return [s for s in ((seat + k) % n for k in range(1, n + 1)) if s in self.active]

    def _record(self, line: str) -> None:
        self.history.append(line)

    def _next_chance(self, keyword: str) -> list[str]:
        assert self._feed is not None
        if not self._feed:
            raise NotationError(f"the history ends where a {keyword!r} line is due", reason="bad-history")
        line = self._feed.popleft()
        words = line.split()
        if not words or words[0] != keyword:
            raise NotationError(
                f"expected a {keyword!r} line in the history, found {line!r:.120}", reason="bad-history"
            )
        return words[1:]

    def _start_hand(self, *, tiebreak: bool, seats: tuple[int, ...] = ()) -> None:
        n = self.players
        self.round += 1
        self.dealer = (self.dealer + 1) % n
        self.tiebreak = tiebreak
        if tiebreak:
            self.active = seats
            header = "tiebreak " + " ".join(f"p{s + 1}" for s in seats) + f" dealer p{self.dealer + 1}"
        else:
            header = f"hand {self.round} dealer p{self.dealer + 1}"
        order = self._order_from(self.dealer)
        # Lists are changed in place so the undo log's references to them stay valid.
        for seat in range(n):
            self.hands[seat].clear()
            self.melds[seat].clear()
        self.laid = [None] * n
        self.laid_turn = [-1] * n
        self.skipped = [False] * n
        if self._feed is None:
            deck = shuffled_deck(self._rng)
            for seat in order:
                self.hands[seat][:] = [deck.pop() for _ in range(HAND_SIZE)]
            flips = [deck.pop()]
            while self.rules.first_skip == "cover" and flips[-1].is_skip and deck:
                flips.append(deck.pop())
            pile = deck
        else:
            words = self._next_chance(header.split()[0])
            if " ".join(words) != header.split(" ", 1)[1]:
                raise NotationError(f"the history says {' '.join(words)!r}, the game expects {header!r}")
            for seat in order:
                cards = self._next_chance("deal")
                if not cards or cards[0] != f"p{seat + 1}":
                    raise NotationError(f"expected the deal of p{seat + 1}, found {' '.join(cards)!r:.80}")
                self.hands[seat][:] = parse_cards(" ".join(cards[1:]))
                if len(self.hands[seat]) != HAND_SIZE:
                    raise NotationError(f"p{seat + 1} was dealt {len(self.hands[seat])} cards, not {HAND_SIZE}")
            flips = parse_cards(" ".join(self._next_chance("flip")))
            pile = parse_cards(" ".join(self._next_chance("pile")))
            if self.rules.first_skip == "cover":
                covered = all(card.is_skip for card in flips[:-1]) and (
                    not flips[-1:] or not flips[-1].is_skip or not pile
                )
            else:
                covered = len(flips) == 1
            if not flips or not covered:
                raise NotationError(f"the flipped cards {_line('flip', flips)!r} break the first-Skip rule")
            dealt = [card for seat in order for card in self.hands[seat]] + flips + pile
            if card_counts(dealt) != list(DECK_COUNTS):
                raise NotationError("a deal in the history is not the 108 cards of the deck, each once")
        self.discard_pile[:] = flips
        self.draw_pile[:] = pile
        self._record(header)
        for seat in order:
            self._record(_line(f"deal p{seat + 1}", self.hands[seat]))
        self._record(_line("flip", flips))
        self._record(_line("pile", pile))
        first = order[0]
        if flips[-1].is_skip and self.rules.first_skip == "skip_first":
            self.skipped[first] = True
        self._begin_turn(self.dealer)

    def _begin_turn(self, after: int) -> None:
        """Pass the turn to the next active player after ``after`` who is not skipped."""
        self.turn += 1
        for seat in self._order_from(after):
            if self.skipped[seat]:
                self.skipped[seat] = False
                continue
            self.current_player = seat
            break
        else:  # everyone else skipped: the turn comes back round
            self.current_player = after
        self.stage = "draw" if self._can_draw() or self._can_take() else "play"

    def _can_draw(self) -> bool:
        return bool(self.draw_pile) or len(self.discard_pile) > 1

    def _can_take(self) -> bool:
        return bool(self.discard_pile) and (self.rules.skip_from_discard or not self.discard_pile[-1].is_skip)

    # ------------------------------------------------------------------ checking actions

    def _position(self) -> str:
        if self.over:
            return f"the game is over (hand {self.round})"
        return f"hand {self.round}, turn {self.turn}: p{self.current_player + 1} to {self.stage}"

    def _refuse(self, action: object, reason: str, why: str) -> IllegalActionError:
        return IllegalActionError(f"{action} is refused: {why} ({self._position()})", reason=reason)

    def why_not(self, action: object) -> IllegalActionError | None:
        """None when ``action`` is legal now, otherwise the error ``apply`` would raise (not raised)."""
        try:
            return self._check(action)
        except (TypeError, AttributeError, ValueError, IndexError):
            return self._refuse(action, "bad-action", "it is not a well-formed action")

    def can_apply(self, action: object) -> bool:
        """Whether ``action`` is legal now."""
        return self.why_not(action) is None

    def verify_apply(self, action: object) -> None:
        """Raise the ``IllegalActionError`` that ``apply`` would raise, or do nothing."""
        error = self.why_not(action)
        if error is not None:
            raise error

    def _hand_has(self, player: int, cards: list[Card]) -> bool:
        counts = card_counts(self.hands[player])
        for card in cards:
            counts[card.index] -= 1
            if counts[card.index] < 0:
                return False
        return True

    def _check(self, action: object) -> IllegalActionError | None:
        if not isinstance(action, _ACTION_TYPES):
            return self._refuse(action, "bad-action", "it is not an action")
        if self.over:
            return self._refuse(action, "game-over", "the game is over")
        player = action.player
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            return self._refuse(action, "bad-player", f"there is no such player in a {self.players}-player game")
        if player != self.current_player:
            return self._refuse(action, "not-your-turn", f"it is p{self.current_player + 1}'s turn")
        if isinstance(action, _DRAW_TYPES):
            if self.stage != "draw":
                return self._refuse(action, "wrong-stage", "the player has already drawn")
            if isinstance(action, Draw):
                return None if self._can_draw() else self._refuse(action, "empty-pile", "there is nothing to draw")
            if not self.discard_pile:
                return self._refuse(action, "empty-discard", "the discard pile is empty")
            if not self._can_take():
                return self._refuse(action, "skip-from-discard", "a Skip cannot be taken from the discard pile")
            return None
        if self.stage != "play":
            return self._refuse(action, "wrong-stage", "the player must draw first")
        hand = self.hands[player]
        if isinstance(action, Discard):
            card = action.card
            if not isinstance(card, Card) or _find(hand, card) < 0:
                return self._refuse(action, "not-in-hand", f"{card} is not in the hand")
            expected = self._skip_targets(player) if card.is_skip else [None]
            if action.target not in expected:
                if not card.is_skip:
                    return self._refuse(action, "bad-target", "only a Skip names a player")
                if self.rules.skip_target == "next" or expected == [None]:
                    return self._refuse(action, "bad-target", "this Skip names no player: write it as 'S'")
                names = ", ".join(f"p{t + 1}" for t in expected if t is not None)
                return self._refuse(action, "bad-target", f"the Skip must name a player who can be skipped: {names}")
            return None
        if isinstance(action, Lay):
            return self._check_lay(action, player, hand)
        return self._check_hit(action, player, hand)

    def _skip_targets(self, player: int) -> list[int | None]:
        if self.rules.skip_target == "next":
            return [None]
        targets: list[int | None] = [s for s in self._order_from(player) if s != player and not self.skipped[s]]
        return targets or [None]

    def _keeps_card(self, player: int, used: int) -> bool:
        """Whether using ``used`` cards leaves one to discard when the rules say a hand ends with a discard."""
        return self.rules.go_out != "discard" or len(self.hands[player]) > used

    def _check_lay(self, action: Lay, player: int, hand: list[Card]) -> IllegalActionError | None:
        options = self.open_phases(player)
        if not options:
            return self._refuse(action, "already-laid", "the player has no phase to lay this hand")
        if self.rules.progression == "any_order" and not self.tiebreak:
            if action.phase not in options:
                return self._refuse(action, "bad-phase", f"name a phase not yet made: {options}")
            number = options[options.index(action.phase)]
        else:
            if action.phase is not None:
                return self._refuse(action, "bad-phase", "the phase is not named under these rules")
            number = options[0]
        phase = self.phase_for(number)
        groups = action.groups
        if not isinstance(groups, tuple) or len(groups) != len(phase.groups):
            return self._refuse(action, "wrong-groups", f"phase {phase} has {len(phase.groups)} group(s)")
        cards: list[Card] = []
        for group, spec in zip(groups, phase.groups, strict=True):
            if not isinstance(group, Group) or group.kind is not spec.kind:
                return self._refuse(action, "wrong-groups", f"the groups must be {phase}, in that order")
            size = len(group.cards)
            if size < spec.size or (size > spec.size and not self.rules.extra_cards):
                exact = "exactly" if not self.rules.extra_cards else "at least"
                return self._refuse(action, "wrong-size", f"{group} must have {exact} {spec.size} cards")
            if not self._valid_group(group):
                return self._refuse(action, "invalid-group", f"{group} is not a valid {spec.kind.name.lower()}")
            cards.extend(group.cards)
        if not self._hand_has(player, cards):
            return self._refuse(action, "not-in-hand", "the hand does not hold these cards")
        if not self._keeps_card(player, len(cards)):
            return self._refuse(action, "must-discard", "the hand must end with a discard")
        return None

    def _valid_group(self, group: Group) -> bool:
        if not isinstance(group.cards, tuple) or not all(isinstance(card, Card) for card in group.cards):
            return False
        try:
            remade = Group.make(
                group.kind,
                group.cards,
                None if any(card.is_number for card in group.cards) else group.value,
                natural_required=self.rules.natural_required,
            )
        except (InvalidGroupError, NotationError):
            return False
        return remade == group

    def _check_hit(self, action: Hit, player: int, hand: list[Card]) -> IllegalActionError | None:
        if self.laid[player] is None:
            return self._refuse(action, "not-laid", "a player hits only after laying down their phase")
        target, index, card = action.target, action.group, action.card
        if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < self.players:
            return self._refuse(action, "bad-player", "there is no such player")
        groups = self.melds[target]
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(groups):
            return self._refuse(action, "no-such-group", f"p{target + 1} has no such group")
        if not isinstance(card, Card) or _find(hand, card) < 0:
            return self._refuse(action, "not-in-hand", f"{card} is not in the hand")
        if target != player and self.rules.hit_others == "next_turn" and self.laid_turn[player] == self.turn:
            return self._refuse(action, "hit-next-turn", "others' groups may be hit from the next turn on")
        group = groups[index]
        ends = group.fits(card)
        if not ends:
            return self._refuse(action, "does-not-fit", f"{card} does not fit {group}")
        if group.kind is GroupKind.RUN:
            if action.end is None and (len(ends) > 1 or card.is_wild):
                return self._refuse(action, "end-needed", "say which end of the run: W>low or W>high")
            if action.end is not None and action.end not in ends:
                return self._refuse(action, "does-not-fit", f"{card} does not fit the {action.end} end of {group}")
        elif action.end is not None:
            return self._refuse(action, "bad-end", "only runs have ends")
        if not self._keeps_card(player, 1):
            return self._refuse(action, "must-discard", "the hand must end with a discard")
        return None

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> LegalActions:
        """The legal actions now, lazily and without repeats; ``a in g.legal_actions()`` is cheap."""
        return LegalActions(self)

    def _generate(self) -> Iterator[Action]:
        if self.over:
            return
        player = self.current_player
        if self.stage == "draw":
            if self._can_draw():
                yield _draw(player)
            if self._can_take():
                yield _take(player)
            return
        hand = self.hands[player]
        present = sorted({card.index for card in hand})
        rules = self.rules
        for number in self.open_phases(player):
            phase = self.phase_for(number)
            if len(hand) < phase.size + (rules.go_out == "discard"):
                continue
            hand_key = tuple(sorted(card.index for card in hand))
            if not _holds(hand_key, phase, rules.natural_required):
                continue
            named = number if rules.progression == "any_order" and not self.tiebreak else None
            yield from _lay_actions(player, hand_key, phase, rules.natural_required, named)
        if self.laid[player] is not None and self._keeps_card(player, 1):
            others = rules.hit_others == "same_turn" or self.laid_turn[player] != self.turn
            for target in self.active:
                if target != player and not others:
                    continue
                for index, group in enumerate(self.melds[target]):
                    for card_index, end in _hits(group, present):
                        yield _hit(player, target, index, card_index, end)
        for card_index in present:
            if card_index == SKIP_INDEX:
                for victim in self._skip_targets(player):
                    yield _discard(player, card_index, victim)
            else:
                yield _discard(player, card_index, None)

    # ------------------------------------------------------------------ applying actions

    def _scalars(self) -> _Scalars:
        return (
            self.round,
            self.dealer,
            self.active,
            self.tiebreak,
            tuple(self.scores),
            tuple(self.done),
            tuple(self.laid),
            tuple(self.laid_turn),
            tuple(self.skipped),
            self.turn,
            self.current_player,
            self.stage,
            self.over,
            self.winner,
        )

    def _restore_scalars(self, saved: _Scalars) -> None:
        (self.round, self.dealer, self.active, self.tiebreak, scores, done, laid, laid_turn, skipped) = saved[:9]
        (self.turn, self.current_player, self.stage, self.over, self.winner) = saved[9:]
        self.scores, self.done, self.laid = list(scores), list(done), list(laid)
        self.laid_turn, self.skipped = list(laid_turn), list(skipped)

    def _snapshot(self) -> None:
        """Save the whole table before a rare big change (a reshuffle, the end of a hand)."""
        self._ops.append(
            (
                "snap",
                [list(h) for h in self.hands],
                [list(m) for m in self.melds],
                list(self.discard_pile),
                list(self.draw_pile),
                self._rng.getstate(),
            )
        )

    def _take_from_hand(self, player: int, card: Card) -> None:
        hand = self.hands[player]
        i = _find(hand, card)
        del hand[i]
        self._ops.append(("insert", hand, i, card))

    def apply(self, action: Action) -> None:
        """Play ``action``; raise ``IllegalActionError`` (state unchanged) when the rules refuse it."""
        # An action the last view offered for this very position is legal: only others are checked.
        if not (self._offered and any(offered is action for offered in self._offered)):
            error = self.why_not(action)
            if error is not None:
                raise error
        self._offered = ()
        self._ops = []
        entry = (len(self.history), self._scalars(), self._ops)
        try:
            self._record(str(action))
            self._play(action)
        except Phase10Error:
            self._rollback(entry)
            raise
        self._undo.append(entry)

    def _play(self, action: Action) -> None:
        player = action.player
        if isinstance(action, Draw):
            if not self.draw_pile:
                self._reshuffle()
            card = self.draw_pile.pop()
            self._ops.append(("append", self.draw_pile, card))
            if self._feed is not None and self._next_chance("drawn") != [_CARD_TEXT[card.index]]:
                raise NotationError(f"the history's drawn card differs from the pile's top card {card}")
            self._record("drawn " + _CARD_TEXT[card.index])
            self.hands[player].append(card)
            self._ops.append(("pop", self.hands[player]))
            self.stage = "play"
        elif isinstance(action, Take):
            card = self.discard_pile.pop()
            self._ops.append(("append", self.discard_pile, card))
            self.hands[player].append(card)
            self._ops.append(("pop", self.hands[player]))
            self.stage = "play"
        elif isinstance(action, Lay):
            for card in action.cards:
                self._take_from_hand(player, card)
            self._ops.append(("melds", self.melds[player]))
            self.melds[player][:] = action.groups
            options = self.open_phases(player)
            self.laid[player] = action.phase if action.phase is not None else options[0]
            self.laid_turn[player] = self.turn
            if self.tiebreak:
                self._finish(player)
            elif not self.hands[player]:
                self._end_hand()
        elif isinstance(action, Hit):
            self._take_from_hand(player, action.card)
            groups = self.melds[action.target]
            old = groups[action.group]
            groups[action.group] = old.extend(action.card, action.end)
            self._ops.append(("set", groups, action.group, old))
            if not self.hands[player]:
                self._end_hand()
        else:
            self._take_from_hand(player, action.card)
            self.discard_pile.append(action.card)
            self._ops.append(("pop", self.discard_pile))
            if action.card.is_skip:
                target = action.target
                if self.rules.skip_target == "next":
                    following = self._order_from(player)[0]
                    target = following if following != player and not self.skipped[following] else None
                if target is not None:
                    self.skipped[target] = True
            if not self.hands[player]:
                self._end_hand()
            else:
                self._begin_turn(player)

    def _reshuffle(self) -> None:
        self._snapshot()
        top = self.discard_pile[-1]
        rest = self.discard_pile[:-1]
        if self._feed is None:
            self._rng.shuffle(rest)
        else:
            given = parse_cards(" ".join(self._next_chance("reshuffle")))
            if sorted(given) != sorted(rest):
                raise NotationError("a reshuffle in the history is not the cards of the discard pile")
            rest = given
        self.draw_pile[:] = rest
        self.discard_pile[:] = [top]
        self._record(_line("reshuffle", rest))

    def _end_hand(self) -> None:
        """Score the hand, advance those who laid their phase, then end the game or deal the next hand."""
        self._snapshot()
        for seat in self.active:
            self.scores[seat] += sum(card.points for card in self.hands[seat])
            laid = self.laid[seat]
            if laid is not None and laid not in self.done[seat]:
                self.done[seat] = (*self.done[seat], laid)
        count = self.rules.phase_count
        if self.rules.progression == "all_advance":
            finished = list(range(self.players)) if self.round >= count else []
        else:
            finished = [seat for seat in range(self.players) if len(self.done[seat]) >= count]
        if not finished:
            self._start_hand(tiebreak=False)
            return
        best = min(self.scores[seat] for seat in finished)
        tied = tuple(seat for seat in finished if self.scores[seat] == best)
        if len(tied) == 1:
            self._finish(tied[0])
        else:
            self._start_hand(tiebreak=True, seats=tied)

    def _finish(self, winner: int) -> None:
        self.over = True
        self.winner = winner
        self.stage = "over"

    def _rollback(self, entry: tuple[int, _Scalars, list[tuple[Any, ...]]]) -> None:
        history_length, scalars, ops = entry
        for op in reversed(ops):
            kind = op[0]
            if kind == "insert":
                op[1].insert(op[2], op[3])
            elif kind == "pop":
                op[1].pop()
            elif kind == "append":
                op[1].append(op[2])
            elif kind == "set":
                op[1][op[2]] = op[3]
            elif kind == "melds":
                op[1].clear()
            else:  # "snap"
                for seat, cards in enumerate(op[1]):
                    self.hands[seat][:] = cards
                for seat, groups in enumerate(op[2]):
                    self.melds[seat][:] = groups
                self.discard_pile[:] = op[3]
                self.draw_pile[:] = op[4]
                self._rng.setstate(op[5])
        del self.history[history_length:]
        self._restore_scalars(scalars)
        self._offered = ()

    def undo(self) -> None:
        """Take back the last action (any number of times, back to the deal)."""
        if not self._undo:
            raise IllegalActionError("there is no action to undo: the game is at its first deal", reason="no-undo")
        self._rollback(self._undo.pop())

    def can_undo(self) -> bool:
        return bool(self._undo)

    def actions(self) -> list[Action]:
        """The actions applied so far, in order (parsed back from the history)."""
        return [parse_action(line) for line in self.history if re.match(r"p[0-9]", line)]

    # ------------------------------------------------------------------ views and display

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see (their hand, the table, counts), with their legal actions on their turn."""
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            raise Phase10Error(f"there is no player {player!r} in a {self.players}-player game", reason="bad-player")
        legal: tuple[Action, ...] = ()
        if player == self.current_player and not self.over:
            legal = self._offered = tuple(self._generate())
        phases, current_phases = self._phase_table()
        return PlayerView(
            player=player,
            rules=self.rules,
            hand=tuple(self.hands[player]),
            melds=tuple(tuple(m) for m in self.melds),
            discard_pile=tuple(self.discard_pile),
            hand_sizes=tuple(len(h) for h in self.hands),
            deck_size=len(self.draw_pile),
            phases=phases,
            current_phases=current_phases,
            done=tuple(self.done),
            laid=tuple(self.laid),
            scores=tuple(self.scores),
            skipped=tuple(self.skipped),
            active=self.active,
            round=self.round,
            dealer=self.dealer,
            current_player=self.current_player,
            stage=self.stage,
            tiebreak=self.tiebreak,
            over=self.over,
            winner=self.winner,
            legal=legal,
        )

    def _phase_table(self) -> tuple[tuple[int, ...], tuple[Phase | None, ...]]:
        """``phases`` and every player's ``current_phase``, remembered while what they depend on is unchanged."""
        key = (self.round, self.tiebreak, self.active, tuple(self.laid), tuple(self.done))
        if self._phase_memo is None or self._phase_memo[0] != key:
            current = tuple(self.current_phase(p) for p in range(self.players))
            self._phase_memo = (key, self.phases, current)
        return self._phase_memo[1], self._phase_memo[2]

    def _repr_svg_(self) -> str:
        from phase10kit.table_svg import table_svg

        return table_svg(self.view(self.viewer), lang=self.lang)

    def _repr_html_(self) -> str:
        return f'<div class="p10-game">{self._repr_svg_()}</div>'

    def __repr__(self) -> str:
        return f"<Game {self.players} players, {self._position()}, scores {self.scores}>"

    # ------------------------------------------------------------------ saving and replaying

    def _state(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "dealer": self.dealer,
            "active": list(self.active),
            "tiebreak": self.tiebreak,
            "current": self.current_player,
            "stage": self.stage,
            "turn": self.turn,
            "hands": [" ".join(map(str, h)) for h in self.hands],
            "melds": [[str(g) for g in m] for m in self.melds],
            "discard_pile": " ".join(map(str, self.discard_pile)),
            "draw_pile": " ".join(map(str, self.draw_pile)),
            "scores": list(self.scores),
            "done": [list(d) for d in self.done],
            "laid": list(self.laid),
            "laid_turn": list(self.laid_turn),
            "skipped": list(self.skipped),
            "over": self.over,
            "winner": self.winner,
        }

    def _to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "players": self.players,
            "rules": self.rules.to_dict(),
            "history": list(self.history),
            "rng": list(self._rng.getstate()[1]),
            "state": self._state(),
        }

    def to_json(self) -> str:
        """The whole game as JSON (history, state and RNG state); ``Game.from_json`` reads it back exactly."""
        return json.dumps(self._to_dict(), sort_keys=True, separators=(",", ":"))

    @staticmethod
    def from_history(lines: Iterable[str] | str, seed: int | random.Random | None = None) -> Game:
        """Rebuild a game from its history lines alone (no RNG needed); ``seed`` drives what follows.

        >>> g = Game(players=2, seed=1); g.apply(next(iter(g.legal_actions())))
        >>> Game.from_history(g.history).history == g.history
        True
        """
        if isinstance(lines, str):
            lines = lines.splitlines()
        try:
            text = [line.strip() for line in lines]
        except (TypeError, AttributeError) as error:
            raise NotationError("a history is a list of notation lines", reason="bad-history") from error
        text = [line for line in text if line]
        if len(text) < 2 or not text[0].startswith("players ") or not text[1].startswith("rules"):
            raise NotationError("a history starts with 'players N' and 'rules ...' lines", reason="bad-history")
        count = text[0].removeprefix("players ").strip()
        if not count.isdigit() or not 2 <= int(count) <= 6:
            raise NotationError(f"{text[0]!r}: a game has 2 to 6 players", reason="bad-history")
        rules = Rules.parse(text[1].removeprefix("rules"))
        segments: list[tuple[str, list[str]]] = []
        opening: list[str] = []
        for line in text[2:]:
            if line.split()[0] in _CHANCE:
                (segments[-1][1] if segments else opening).append(line)
            else:
                segments.append((line, []))
        game = Game.__new__(Game)
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        game._setup(int(count), rules, rng, deque(opening))
        assert game._feed is not None
        if game._feed:
            raise NotationError(f"unexpected line {game._feed[0]!r:.120} after the deal", reason="bad-history")
        for line, chance in segments:
            action = parse_action(line)
            game._feed = deque(chance)
            try:
                game.apply(action)
            except NotationError:
                raise
            except Phase10Error as error:
                raise NotationError(
                    f"the history's action {line!r} is illegal: {error}", reason="bad-history"
                ) from error
            if game._feed:
                raise NotationError(f"unexpected line {game._feed[0]!r:.120} after {line!r}", reason="bad-history")
        game._feed = None
        return game

    @staticmethod
    def from_deal(
        hands: Sequence[str],
        *,
        rules: Rules | None = None,
        flip: str = "R5",
        draws: str = "",
        seed: int | random.Random | None = None,
    ) -> Game:
        """A game whose first deal is chosen: ``hands`` for p1, p2, ... (ten cards each), the flipped
        card(s), and the cards the draw pile gives first (``draws``, in drawing order); the rest of the
        deck lies below them in card order. For lessons, puzzles and tests.

        >>> g = Game.from_deal(["R7 B7 G7 Y2 B2 W R1 R3 G5 Y9", "R2 R3 R4 R6 B8 B9 B10 Y11 Y12 G1"], draws="Y7")
        >>> g.apply(Draw(0)); g.hands[0][-1]
        Card('Y7')
        """
        rules = Rules() if rules is None else rules
        if not 2 <= len(hands) <= 6:
            raise Phase10Error(f"a game has 2 to 6 players, not {len(hands)}", reason="bad-players")
        dealt = [parse_cards(hand) for hand in hands]
        flips, first = parse_cards(flip), parse_cards(draws)
        counts = list(DECK_COUNTS)
        for card in [card for hand in dealt for card in hand] + flips + first:
            counts[card.index] -= 1
            if counts[card.index] < 0:
                raise Phase10Error(f"the deck has only {DECK_COUNTS[card.index]} of {card}", reason="bad-cards")
        rest = [Card.from_index(i) for i, n in enumerate(counts) for _ in range(n)]
        n = len(hands)
        lines = [f"players {n}", f"rules {rules.notation()}", f"hand 1 dealer p{n}"]
        lines += [_line(f"deal p{seat + 1}", cards) for seat, cards in enumerate(dealt)]
        lines += [_line("flip", flips), _line("pile", rest + first[::-1])]
        return Game.from_history(lines, seed=seed)

    @staticmethod
    def from_json(text: str) -> Game:
        """Load a game saved by ``to_json``; anything malformed or inconsistent raises ``NotationError``."""
        data = check_save(text)
        game = Game.from_history(data["history"])
        rules = Rules.from_dict(data["rules"])
        if rules != game.rules or data["players"] != game.players:
            raise NotationError("the save's rules or player count differ from its history", reason="bad-save")
        state = [int(x) for x in data["rng"]]
        try:
            game._rng.setstate((3, tuple(state), None))
        except (ValueError, TypeError, OverflowError) as error:
            raise NotationError(f"the save's random generator state is invalid: {error}", reason="bad-save") from error
        expected = game._to_dict()
        for key in sorted(set(expected) | set(data)):
            if data.get(key) != expected.get(key):
                detail = key
                if key == "state" and isinstance(data.get(key), dict):
                    wrong = [k for k in sorted(expected["state"]) if data["state"].get(k) != expected["state"][k]]
                    wrong += [k for k in sorted(data["state"]) if k not in expected["state"]]
                    detail = "state." + (wrong[0] if wrong else "?")
                raise NotationError(f"the save's {detail!r} does not match its history", reason="inconsistent-save")
        return game


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


def _find(hand: list[Card], card: Card) -> int:
    """The position of ``card`` in the hand, or -1 (by index: faster than the cards' generated ``__eq__``)."""
    try:
        return [held.index for held in hand].index(card.index)
    except ValueError:
        return -1


def _line(keyword: str, cards: Iterable[Card]) -> str:
    return " ".join([keyword, *(_CARD_TEXT[card.index] for card in cards)])
