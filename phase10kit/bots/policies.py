"""Three bots of rising strength: ``RandomBot``, ``GreedyBot`` and ``SmartBot``.

>>> from phase10kit.game import Game
>>> g = Game(players=2, seed=11)
>>> [type(bot.choose(g.view(g.current_player))).__name__ for bot in (RandomBot(1), GreedyBot(1), SmartBot(1))]
['Draw', 'Draw', 'Draw']
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from itertools import islice
from typing import Any

from phase10kit.actions import Action, Draw, Hit, Lay, Take, seat_notation
from phase10kit.bots.base import (
    Because,
    Bot,
    Explanation,
    best_phase,
    fewest_wilds,
    fits_opponents_reach,
    fits_table,
    holds_open_phase,
    leader,
    missing_of,
    nearest_phase,
    needs_live,
    skip_discards,
    unseen_counts,
    without,
)
from phase10kit.cards import CARDS_BY_INDEX, WILD_INDEX, Card, card_counts
from phase10kit.explain import action_phrase, group_name
from phase10kit.game import PlayerView
from phase10kit.groups import Group
from phase10kit.i18n import translator
from phase10kit.phases import GroupKind, Phase
from phase10kit.solver_queries import group_needing, needs_key, spare_indices, uses_key

__all__ = ["GreedyBot", "RandomBot", "SmartBot"]


class RandomBot(Bot):
    """Picks one of the legal actions uniformly at random (seeded).

    >>> from phase10kit.game import Game
    >>> g = Game(players=2, seed=2)
    >>> RandomBot(seed=5).choose(g.view(g.current_player)) == RandomBot(seed=5).choose(g.view(g.current_player))
    True
    """

    def _decide(self, view: PlayerView) -> tuple[Action, str]:
        action = self.rng.choice(view.legal)
        count = len(view.legal)
        why = translator(self.lang).ngettext(
            "Chose at random: {action}, the only legal action.",
            "Chose at random among {count} legal actions: {action}.",
            count,
        )
        return action, why.format(action=action_phrase(action, self.lang), count=count)


class GreedyBot(Bot):
    """Takes the discard when it helps, lays its phase at once, hits whatever it can, discards the least
    useful card (the most points among those its phase does not need) and skips the leader.
    """

    def _decide(self, view: PlayerView) -> tuple[Action, Explanation]:
        if view.stage == "draw":
            return self._draw(view)
        if holds_open_phase(self.reading(view)):
            laid = self._lay(view)
            if laid is not None:
                return laid
        hit_list = view.hits()
        if hit_list:
            return self._hit(view, hit_list)
        return self._discard(view)

    # -- drawing

    def _draw(self, view: PlayerView) -> tuple[Action, Explanation]:
        t = translator(self.lang)
        take, draw = _draw_choices(view)
        top = view.discard_pile[-1] if view.discard_pile else None
        if take is not None and top is not None:
            reason = self._take_reason(view, top)
            if reason is not None or draw is None:
                empty = t.gettext("Took the discarded {card}: the draw pile is empty.")
                return take, reason or Because(empty, card=top)
        assert draw is not None
        if top is None:
            return draw, t.gettext("Drew from the pile: the discard pile is empty.")
        return draw, Because(t.gettext("Drew from the pile: the discarded {card} does not help me."), card=top)

    def _take_reason(self, view: PlayerView, top: Card) -> Explanation | None:
        """Why taking ``top`` helps (None when it does not): the greedy test, a card its plan needs."""
        t = translator(self.lang)
        reading = self.reading(view)
        phases = reading.phases
        if not phases:
            if fits_table(top, view):
                return Because(t.gettext("Took the discarded {card}: I can add it to a group on the table."), card=top)
            return None
        if top.is_wild:
            return t.gettext("Took the discarded Wild: it fits any group of my phase.")
        phase = nearest_phase(reading.key, phases, reading.natural_required)
        g = group_needing(reading.key, phase, reading.natural_required, top)
        if g is None:
            return None
        specs = phase.groups
        # "the other set of 3" when an earlier group of the phase has the same shape.
        name = group_name(specs[g], self.lang, other=specs[g] in specs[:g])
        why = t.gettext("Took the discarded {card}: it goes into {group} of my phase.")
        return Because(why, card=top, group=name)

    # -- laying and hitting

    def _lay(self, view: PlayerView) -> tuple[Action, Explanation] | None:
        """The first lay-down with the fewest Wilds (None when the view offers none).

        No lay-down has fewer Wilds than the solver's best plan, so the first with that many is the one
        (the view builds no other); the full list is asked only if there were none.
        """
        choice = next(view.lays_lazily(max_wilds=fewest_wilds(self.reading(view))), None)
        if choice is None:
            choice = min(view.lays(), key=_wilds_in, default=None)
        if choice is None:
            return None
        why = translator(self.lang).gettext("Laid down my phase as soon as I held it: {groups}.")
        return choice, Because(why, groups=GroupsText(choice.groups))

    def _hit(self, view: PlayerView, hit_list: Sequence[Hit]) -> tuple[Action, Explanation]:
        choice = min(hit_list, key=lambda a: (a.card.is_wild, a.target != view.player))
        return choice, _hit_sentence(view, choice, self.lang)

    # -- discarding

    def _discard(self, view: PlayerView) -> tuple[Action, Explanation]:
        t = translator(self.lang)
        reading = self.reading(view)
        key = reading.key
        # The card worth most is the one with the most points, then the highest index. Worth rises with the
        # index for every card but the Wild (1-9 score 5, 10-12 score 10, a Skip 15), so among distinct
        # indices but Wilds, ascending, it is the last (a test holds this).
        if reading.phases:
            nr = reading.natural_required
            phase = nearest_phase(key, reading.phases, nr)
            spare = spare_indices(key, phase, nr)
            if spare:
                card = CARDS_BY_INDEX[spare[-1]]
                why = t.gettext("Discarded {card}: my phase does not need it and it is worth the most points.")
            else:
                card = min(
                    _discard_candidates(key, view.hand),
                    key=lambda c: (missing_of(_key_without(key, c), phase, nr), -c.points, -c.index),
                )
                why = t.gettext("Discarded {card}: giving it up sets my phase back the least.")
        else:
            card = _discard_candidates(key, view.hand)[-1]
            why = t.gettext("Discarded {card}: it fits no group and is worth the most points.")
        return _discard_action(view, card, Because(why, card=card), self.lang)


class SmartBot(GreedyBot):
    """Plays like ``GreedyBot`` but weighs its choices with the solver's exact ``missing`` count and the
    cards it has not seen yet (the live outs of its plan):

    - takes the discard only when it brings the phase closer (exactly), or can be hit once laid down;
    - keeps Wilds, and keeps a Skip while it would skip no one;
    - lays the layout that leaves the fewest points it cannot hit, then hits to go out;
    - discards the card whose loss costs the fewest live outs, never feeding an opponent who has
      laid down a card they can hit, and aims Skips at the player closest to winning.
    """

    def _take_reason(self, view: PlayerView, top: Card) -> Explanation | None:
        t = translator(self.lang)
        reading = self.reading(view)
        phases = reading.phases
        if not phases:
            return super()._take_reason(view, top)
        if top.is_skip:
            return None
        nr = reading.natural_required
        _, before = best_phase(reading.key, phases, nr)
        _, after = best_phase(_key_with(reading.key, top), phases, nr)
        if after >= before:
            return None
        if after == 0:
            return Because(t.gettext("Took the discarded {card}: it completes my phase."), card=top)
        why = t.ngettext(
            "Took the discarded {card}: my phase then needs only {count} more card.",
            "Took the discarded {card}: my phase then needs only {count} more cards.",
            after,
        )
        return Because(why, card=top, count=after)

    def _lay(self, view: PlayerView) -> tuple[Action, Explanation] | None:
        lays = tuple(islice(view.lays_lazily(), 40))
        if not lays:
            return None
        others = [g for seat, groups in enumerate(view.melds) if seat != view.player for g in groups]

        def stuck_points(lay: Lay) -> tuple[int, int]:
            rest = list(view.hand)
            for card in lay.cards:
                rest.remove(card)
            table = [*lay.groups, *others]
            stuck = sum(c.points for c in rest if not any(g.fits(c) for g in table))
            return stuck, sum(card.is_wild for card in lay.cards)

        choice = min(lays, key=stuck_points)
        why = translator(self.lang).gettext("Laid down my phase, keeping the cards I can add to groups: {groups}.")
        return choice, Because(why, groups=GroupsText(choice.groups))

    def _hit(self, view: PlayerView, hit_list: Sequence[Hit]) -> tuple[Action, Explanation]:
        def order(a: Hit) -> tuple[bool, bool, bool]:
            run = view.melds[a.target][a.group].kind is GroupKind.RUN
            return a.card.is_wild, a.card.is_wild and run, a.target != view.player

        choice = min(hit_list, key=order)
        return choice, _hit_sentence(view, choice, self.lang)

    def _discard(self, view: PlayerView) -> tuple[Action, Explanation]:
        t = translator(self.lang)
        reading = self.reading(view)
        hand = list(view.hand)
        phases = reading.phases
        unseen = unseen_counts(view)
        wasted_skip = _skip_wasted(view)
        counts = card_counts(hand)
        candidates = _discard_candidates(reading.key, view.hand)
        if not phases:
            card = min(
                candidates,
                key=lambda c: (
                    c.is_skip and wasted_skip,
                    fits_opponents_reach(c, view),
                    _near_table(c, view),
                    -c.points,
                    -c.index,
                ),
            )
            why = t.gettext("Discarded {card}: it fits no group, is unlikely to fit one soon and is worth most.")
            return _discard_action(view, card, Because(why, card=card), self.lang)
        nr = reading.natural_required
        phase, now = best_phase(reading.key, phases, nr)
        used = uses_key(reading.key, phase, nr)

        def cost(c: Card) -> tuple[int, bool, bool, int]:
            spare = counts[c.index] > used[c.index]
            harm = live = 0
            if not spare:
                rest = _key_without(reading.key, c)
                harm = missing_of(rest, phase, nr) - now
                live = needs_live(needs_key(rest, phase, nr), unseen)
            # A Skip that would skip no one now is kept while another spare card can go (it may skip later).
            wasted = c.is_skip and wasted_skip
            return harm, fits_opponents_reach(c, view), wasted, -live

        def tiebreak(c: Card) -> tuple[int, int, int]:
            return _potential(c, hand, phase, unseen), -c.points, -c.index

        card = _least(candidates, cost, tiebreak)
        if card.is_skip:
            why = t.gettext("Discarded {card}: a Skip never helps a phase.")
        elif counts[card.index] > used[card.index]:
            why = t.gettext("Discarded {card}: my phase does not need it and it has the fewest partners left.")
        else:
            why = t.gettext("Discarded {card}: giving it up costs my phase the fewest chances.")
        return _discard_action(view, card, Because(why, card=card), self.lang)


# ---------------------------------------------------------------------------------------------


def _draw_choices(view: PlayerView) -> tuple[Take | None, Draw | None]:
    """The legal take of the discard and draw from the pile (None where not legal)."""
    take: Take | None = None
    draw: Draw | None = None
    for action in view.draws():
        if isinstance(action, Take):
            take = take or action
        elif isinstance(action, Draw):
            draw = draw or action
    return take, draw


Key = tuple[Any, ...]
"""A sort key: a tuple compared element by element."""


class GroupsText:
    """A lay-down's groups as an explanation writes them, joined only when it is put into words."""

    __slots__ = ("groups",)

    def __init__(self, groups: Sequence[Group]) -> None:
        self.groups = groups

    def __format__(self, spec: str) -> str:
        return format(" ".join(str(group) for group in self.groups), spec)


def _least(cards: list[Card], cost: Callable[[Card], Key], tiebreak: Callable[[Card], Key]) -> Card:
    """``min(cards, key=lambda c: (*cost(c), *tiebreak(c)))``, asking ``tiebreak`` only of the cards tied on cost.

    The tie-break (how likely a card is to become useful) is the dearest question and seldom decides.
    """
    costs = [cost(card) for card in cards]
    lowest = min(costs)
    tied = [card for card, value in zip(cards, costs, strict=True) if value == lowest]
    return tied[0] if len(tied) == 1 else min(tied, key=tiebreak)


def _wilds_in(lay: Lay) -> int:
    return sum(card.is_wild for card in lay.cards)


def _key_without(key: tuple[int, ...], card: Card) -> tuple[int, ...]:
    """The sorted card indices of the hand without one copy of ``card`` (still sorted)."""
    i = key.index(card.index)
    return key[:i] + key[i + 1 :]


def _key_with(key: tuple[int, ...], card: Card) -> tuple[int, ...]:
    """The sorted card indices of the hand with ``card`` added (still sorted)."""
    i = bisect_right(key, card.index)
    return (*key[:i], card.index, *key[i:])


def _discard_candidates(key: tuple[int, ...], hand: Sequence[Card]) -> list[Card]:
    """Each distinct card of the hand but Wilds, in card order (the hand's first card if it holds only Wilds)."""
    return [CARDS_BY_INDEX[index] for index in dict.fromkeys(key) if index != WILD_INDEX] or [hand[0]]


def _potential(card: Card, hand: list[Card], phase: Phase, unseen: list[int]) -> int:
    """How likely a card the plan does not use is to become useful: partners in hand plus live copies."""
    if not card.is_number:
        return 0
    score = 0
    kinds = {spec.kind for spec in phase.groups}
    others = [c for c in without(hand, card) if c.is_number]
    if GroupKind.SET in kinds:
        score += 2 * sum(c.number == card.number for c in others)
        score += sum(unseen[(card.number - 1) * 4 + k] for k in range(4))
    if GroupKind.RUN in kinds:
        score += len({c.number for c in others if 0 < abs(c.number - card.number) <= 2})
    if GroupKind.COLOR in kinds:
        score += sum(c.color == card.color for c in others)
    return score


def _near_table(card: Card, view: PlayerView) -> bool:
    """Whether a card is one step from fitting a run on the table (it may fit once the run grows)."""
    if not card.is_number:
        return False
    for groups in view.melds:
        for group in groups:
            if group.kind is GroupKind.RUN and card.number in (group.low - 2, group.high + 2):
                return True
    return False


def _skip_wasted(view: PlayerView) -> bool:
    """Whether discarding a Skip now would skip no one (every other player is already skipped)."""
    skips = skip_discards(view)
    if not skips:
        return False
    if view.rules.skip_target == "choose":
        return all(a.target is None for a in skips)
    following = [s for s in ((view.player + k) % len(view.hand_sizes) for k in range(1, 7)) if s in view.active]
    nxt = following[0] if following else view.player
    return nxt == view.player or view.skipped[nxt]


def _discard_action(view: PlayerView, card: Card, why: Explanation, lang: str) -> tuple[Action, Explanation]:
    """The discard of ``card``; a Skip is aimed at the player closest to winning."""
    options = view.discards_of(card)
    if len(options) == 1 and options[0].target is None:
        return options[0], why  # names no one (every card but a Skip that may name a player)
    targets = [a.target for a in options if a.target is not None]
    if not targets:
        return options[0], why
    target = leader(view, targets)
    action = next(a for a in options if a.target == target)
    sentence = translator(lang).gettext("Discarded a Skip against {player}, who is closest to winning.")
    return action, Because(sentence, player=seat_notation(target))


def _hit_sentence(view: PlayerView, hit: Hit, lang: str) -> Because:
    t = translator(lang)
    group = view.melds[hit.target][hit.group]
    if hit.target == view.player:
        why = t.gettext("Added {card} to my group {group}: one card fewer in my hand.")
        return Because(why, card=hit.card, group=group)
    why = t.gettext("Added {card} to {player}'s group {group}: one card fewer in my hand.")
    return Because(why, card=hit.card, player=seat_notation(hit.target), group=group)
