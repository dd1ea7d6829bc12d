"""Three bots of rising strength: ``RandomBot``, ``GreedyBot`` and ``SmartBot``.

>>> from phase10kit.game import Game
>>> g = Game(players=2, seed=11)
>>> [type(bot.choose(g.view(g.current_player))).__name__ for bot in (RandomBot(1), GreedyBot(1), SmartBot(1))]
['Draw', 'Draw', 'Draw']
"""

from __future__ import annotations

from collections.abc import Sequence

from phase10kit.actions import Action, Draw, Hit, Lay, Take
from phase10kit.bots.base import (
    Bot,
    best_phase,
    fits_opponents_reach,
    fits_table,
    hits,
    holds_any,
    key_of,
    leader,
    missing_of,
    nearest_phase,
    needs_live,
    open_phases,
    seat_name,
    skip_discards,
    unseen_counts,
    without,
)
from phase10kit.cards import CARDS_BY_INDEX, WILD_INDEX, Card, card_counts
from phase10kit.explain import action_phrase, group_name
from phase10kit.game import PlayerView
from phase10kit.i18n import translator
from phase10kit.phases import GroupKind, Phase
from phase10kit.solver_core import needs_key, uses_key


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

    def _decide(self, view: PlayerView) -> tuple[Action, str]:
        if view.stage == "draw":
            return self._draw(view)
        lays = _lays(view)
        if lays:
            return self._lay(view, lays)
        hit_list = hits(view)
        if hit_list:
            return self._hit(view, hit_list)
        return self._discard(view)

    # -- drawing

    def _draw(self, view: PlayerView) -> tuple[Action, str]:
        t = translator(self.lang)
        draws = view.draws()
        take = next((a for a in draws if isinstance(a, Take)), None)
        draw = next((a for a in draws if isinstance(a, Draw)), None)
        top = view.discard_pile[-1] if view.discard_pile else None
        if take is not None and top is not None:
            reason = self._take_reason(view, top)
            if reason is not None or draw is None:
                return take, reason or t.gettext("Took the discarded {card}: the draw pile is empty.").format(card=top)
        assert draw is not None
        if top is None:
            return draw, t.gettext("Drew from the pile: the discard pile is empty.")
        return draw, t.gettext("Drew from the pile: the discarded {card} does not help me.").format(card=top)

    def _take_reason(self, view: PlayerView, top: Card) -> str | None:
        """Why taking ``top`` helps (None when it does not): the greedy test, a card its plan needs."""
        t = translator(self.lang)
        phases = open_phases(view)
        if not phases:
            if fits_table(top, view):
                return t.gettext("Took the discarded {card}: I can add it to a group on the table.").format(card=top)
            return None
        if top.is_wild:
            return t.gettext("Took the discarded Wild: it fits any group of my phase.")
        hand = list(view.hand)
        phase = nearest_phase(hand, phases, view.rules.natural_required)
        if not _may_extend_started(top, hand, phase):
            return None
        plan = needs_key(key_of(hand), phase, view.rules.natural_required)
        specs = phase.groups
        for i, (started, needs) in enumerate(plan):
            wanted = top.color if specs[i].kind is GroupKind.COLOR else top.number
            if started and wanted in needs:
                # "the other set of 3" when an earlier group of the phase has the same shape.
                name = group_name(specs[i], self.lang, other=specs[i] in specs[:i])
                return t.gettext("Took the discarded {card}: it goes into {group} of my phase.").format(
                    card=top, group=name
                )
        return None

    # -- laying and hitting

    def _lay(self, view: PlayerView, lays: Sequence[Lay]) -> tuple[Action, str]:
        choice = min(lays, key=lambda a: sum(card.is_wild for card in a.cards))
        why = translator(self.lang).gettext("Laid down my phase as soon as I held it: {groups}.")
        return choice, why.format(groups=" ".join(str(g) for g in choice.groups))

    def _hit(self, view: PlayerView, hit_list: list[Hit]) -> tuple[Action, str]:
        choice = min(hit_list, key=lambda a: (a.card.is_wild, a.target != view.player))
        return choice, _hit_sentence(view, choice, self.lang)

    # -- discarding

    def _discard(self, view: PlayerView) -> tuple[Action, str]:
        t = translator(self.lang)
        hand = list(view.hand)
        phases = open_phases(view)
        counts = card_counts(hand)
        candidates = _discard_candidates(hand)
        if phases:
            nr = view.rules.natural_required
            phase = nearest_phase(hand, phases, nr)
            used = uses_key(key_of(hand), phase, nr)
            spare = [card for card in candidates if counts[card.index] > used[card.index]]
            if spare:
                card = max(spare, key=lambda c: (c.points, c.index))
                why = t.gettext("Discarded {card}: my phase does not need it and it is worth the most points.")
            else:
                card = min(candidates, key=lambda c: (_missing_without(hand, c, phase, nr), -c.points, -c.index))
                why = t.gettext("Discarded {card}: giving it up sets my phase back the least.")
        else:
            card = max(candidates, key=lambda c: (c.points, c.index))
            why = t.gettext("Discarded {card}: it fits no group and is worth the most points.")
        return _discard_action(view, card, why.format(card=card), self.lang)


class SmartBot(GreedyBot):
    """Plays like ``GreedyBot`` but weighs its choices with the solver's exact ``missing`` count and the
    cards it has not seen yet (the live outs of its plan):

    - takes the discard only when it brings the phase closer (exactly), or can be hit once laid down;
    - keeps Wilds, and keeps a Skip while it would skip no one;
    - lays the layout that leaves the fewest points it cannot hit, then hits to go out;
    - discards the card whose loss costs the fewest live outs, never feeding an opponent who has
      laid down a card they can hit, and aims Skips at the player closest to winning.
    """

    def _take_reason(self, view: PlayerView, top: Card) -> str | None:
        t = translator(self.lang)
        phases = open_phases(view)
        if not phases:
            return super()._take_reason(view, top)
        if top.is_skip:
            return None
        nr = view.rules.natural_required
        hand = list(view.hand)
        _, before = best_phase(hand, phases, nr)
        _, after = best_phase([*hand, top], phases, nr)
        if after >= before:
            return None
        if after == 0:
            return t.gettext("Took the discarded {card}: it completes my phase.").format(card=top)
        return t.ngettext(
            "Took the discarded {card}: my phase then needs only {count} more card.",
            "Took the discarded {card}: my phase then needs only {count} more cards.",
            after,
        ).format(card=top, count=after)

    def _lay(self, view: PlayerView, lays: Sequence[Lay]) -> tuple[Action, str]:
        others = [g for seat, groups in enumerate(view.melds) if seat != view.player for g in groups]

        def stuck_points(lay: Lay) -> tuple[int, int]:
            rest = list(view.hand)
            for card in lay.cards:
                rest.remove(card)
            table = [*lay.groups, *others]
            stuck = sum(c.points for c in rest if not any(g.fits(c) for g in table))
            return stuck, sum(card.is_wild for card in lay.cards)

        choice = min(lays[:40], key=stuck_points)
        why = translator(self.lang).gettext("Laid down my phase, keeping the cards I can add to groups: {groups}.")
        return choice, why.format(groups=" ".join(str(g) for g in choice.groups))

    def _hit(self, view: PlayerView, hit_list: list[Hit]) -> tuple[Action, str]:
        def order(a: Hit) -> tuple[bool, bool, bool]:
            run = view.melds[a.target][a.group].kind is GroupKind.RUN
            return a.card.is_wild, a.card.is_wild and run, a.target != view.player

        choice = min(hit_list, key=order)
        return choice, _hit_sentence(view, choice, self.lang)

    def _discard(self, view: PlayerView) -> tuple[Action, str]:
        t = translator(self.lang)
        hand = list(view.hand)
        phases = open_phases(view)
        unseen = unseen_counts(view)
        wasted_skip = _skip_wasted(view)
        counts = card_counts(hand)
        candidates = _discard_candidates(hand)
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
            return _discard_action(view, card, why.format(card=card), self.lang)
        nr = view.rules.natural_required
        phase, now = best_phase(hand, phases, nr)
        used = uses_key(key_of(hand), phase, nr)

        def cost(c: Card) -> tuple[int, bool, bool, int, int, int, int]:
            spare = counts[c.index] > used[c.index]
            harm = 0 if spare else _missing_without(hand, c, phase, nr) - now
            live = 0 if spare else needs_live(needs_key(key_of(without(hand, c)), phase, nr), unseen)
            # A Skip that would skip no one now is kept while another spare card can go (it may skip later).
            wasted = c.is_skip and wasted_skip
            return (
                harm,
                fits_opponents_reach(c, view),
                wasted,
                -live,
                _potential(c, hand, phase, unseen),
                -c.points,
                -c.index,
            )

        card = min(candidates, key=cost)
        if card.is_skip:
            why = t.gettext("Discarded {card}: a Skip never helps a phase.")
        elif counts[card.index] > used[card.index]:
            why = t.gettext("Discarded {card}: my phase does not need it and it has the fewest partners left.")
        else:
            why = t.gettext("Discarded {card}: giving it up costs my phase the fewest chances.")
        return _discard_action(view, card, why.format(card=card), self.lang)


# ---------------------------------------------------------------------------------------------


def _lays(view: PlayerView) -> tuple[Lay, ...]:
    """The legal lay-downs, asked of the view only when the solver says the hand holds an open phase.

    Most play decisions come with no phase held: the solve is then all they cost, and it is the one
    the discard's plan reads next (the solver core keeps recent hands).
    """
    phases = open_phases(view)
    if not phases or not holds_any(key_of(view.hand), phases, view.rules.natural_required):
        return ()
    return view.lays()


def _missing_without(hand: list[Card], card: Card, phase: Phase, natural_required: bool) -> int:
    return missing_of(key_of(without(hand, card)), phase, natural_required)


def _discard_candidates(hand: list[Card]) -> list[Card]:
    """Each distinct card of the hand but Wilds, in card order (the hand's first card if it holds only Wilds)."""
    held = sorted({card.index for card in hand})
    return [CARDS_BY_INDEX[index] for index in held if index != WILD_INDEX] or [hand[0]]


def _may_extend_started(card: Card, hand: list[Card], phase: Phase) -> bool:
    """Whether ``card`` could be what a started group of the phase needs (a quick test before the solver).

    A started set or colour group holds a natural card of its value, so it can need ``card`` only
    when the hand holds a card of the same number (set) or colour (colour group); runs always may.
    """
    kinds = {spec.kind for spec in phase.groups}
    if GroupKind.RUN in kinds:
        return True
    naturals = [held for held in hand if held.is_number]
    if GroupKind.SET in kinds and any(held.number == card.number for held in naturals):
        return True
    return GroupKind.COLOR in kinds and any(held.color == card.color for held in naturals)


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


def _discard_action(view: PlayerView, card: Card, why: str, lang: str) -> tuple[Action, str]:
    """The discard of ``card``; a Skip is aimed at the player closest to winning."""
    options = view.discards_of(card)
    targets = [a.target for a in options if a.target is not None]
    if not targets:
        return options[0], why
    target = leader(view, targets)
    action = next(a for a in options if a.target == target)
    sentence = translator(lang).gettext("Discarded a Skip against {player}, who is closest to winning.")
    return action, sentence.format(player=seat_name(target))


def _hit_sentence(view: PlayerView, hit: Hit, lang: str) -> str:
    t = translator(lang)
    group = view.melds[hit.target][hit.group]
    if hit.target == view.player:
        why = t.gettext("Added {card} to my group {group}: one card fewer in my hand.")
        return why.format(card=hit.card, group=group)
    why = t.gettext("Added {card} to {player}'s group {group}: one card fewer in my hand.")
    return why.format(card=hit.card, player=seat_name(hit.target), group=group)
