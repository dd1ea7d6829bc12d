"""ExpertBot: plays by the solved values of the solitaire optimum, explaining each choice with its numbers.

While its phase is still to make (and the phase fits the model), ExpertBot

- discards the card whose loss leaves the fewest expected turns (``solitaire_optimum``; a card an
  opponent who has laid down could hit counts ``FEED_PENALTY`` turns more), and
- takes the top of the discard pile exactly when the turns it leaves beat a blind draw on average;

everything else (laying down, hits, Skips at the leader, going out, phases outside the model)
is SmartBot's sound table play. Solved tables load on first use (from the disk cache when there).

>>> from phase10kit import Rules
>>> from phase10kit.game import Game
>>> from phase10kit.rules import phase_list
>>> g = Game(players=2, seed=4, rules=Rules(phases=phase_list("2s3,c7")))
>>> bot = ExpertBot(seed=1)
>>> action = bot.choose(g.view(g.current_player))
>>> action in g.legal_actions(), "turns" in bot.explain()
(True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from phase10kit.actions import Action, Discard, Draw, Take, seat_notation
from phase10kit.bots.base import Explanation, fits_opponents_reach, held_lays, leader, open_phases
from phase10kit.bots.policies import SmartBot
from phase10kit.cards import Card
from phase10kit.game import PlayerView
from phase10kit.i18n import translator
from phase10kit.phases import Phase
from phase10kit.rules import HAND_SIZE

if TYPE_CHECKING:
    from phase10kit.probability.solitaire import SolitaireOptimum

__all__ = ["TIE", "ExpertBot"]

TIE = 1e-9
"""Values closer than this many turns are equal (the solve's own precision is about 1e-10)."""
FEED_PENALTY = 1.0
"""Turns added to the value of a discard that an opponent who has laid down could hit.

The model has no opponents; such a card lets them shed one more card on their way out. One turn
won 66% of 400 seeded games against SmartBot where 0 won 61% and 0.5 won 65%.
"""


class ExpertBot(SmartBot):
    """Plays by the exact solitaire optimum where it applies (draws and discards before laying down), else as SmartBot.

    ``explain()`` gives the numbers behind a choice, e.g. "Discarded R12, keeping Y7: 4.1 turns to
    go on average instead of 4.6."
    """

    feed_penalty = FEED_PENALTY

    def _decide(self, view: PlayerView) -> tuple[Action, Explanation]:
        solved = self._solved(view)
        if solved is None:
            return super()._decide(view)
        if view.stage == "draw" and len(view.hand) == HAND_SIZE:
            return self._expert_draw(view, solved)
        if (
            view.stage == "play"
            and len(view.hand) == HAND_SIZE + 1
            and not held_lays(self.reading(view))
            and not view.hits()
        ):
            return self._expert_discard(view, solved)
        return super()._decide(view)

    def _solved(self, view: PlayerView) -> SolitaireOptimum | None:
        """The optimum of the open phase nearest by its value (None when no open phase fits the model)."""
        # Imported here: importing the bots (to play GreedyBots, say) then loads neither the tables'
        # module nor the probability package, whose objects slow every full garbage collection.
        from phase10kit.probability.solitaire import fits_model, solitaire_optimum

        phases: list[Phase] = [p for p in open_phases(view) if fits_model(p)]
        if not phases or len(phases) != len(open_phases(view)):
            return None
        tables = [solitaire_optimum(p, rules=view.rules) for p in phases]
        if len(tables) == 1:
            return tables[0]
        hand = list(view.hand)
        if len(hand) not in (HAND_SIZE, HAND_SIZE + 1):
            return None
        return min(tables, key=lambda table: table.value(hand))

    # -- drawing: the discard pile's top against a blind draw

    def _expert_draw(self, view: PlayerView, solved: SolitaireOptimum) -> tuple[Action, Explanation]:
        from phase10kit.probability.solitaire import turns_text  # on use, as in _solved: start-up speed

        t = translator(self.lang)
        take = next((a for a in view.legal if isinstance(a, Take)), None)
        draw = next((a for a in view.legal if isinstance(a, Draw)), None)
        hand = list(view.hand)
        # A blind draw leaves V(hand) - 1 turns after this one on average; the top card its own value.
        blind = solved.value(hand) - 1.0
        if take is not None and view.discard_pile:
            top = view.discard_pile[-1]
            taken = solved.value([*hand, top])
            if draw is None or taken < blind - TIE:
                if taken == 0.0:
                    why = t.gettext("Took the discarded {card}: it completes my phase.")
                    return take, why.format(card=top)
                why = t.gettext(
                    "Took the discarded {card}: {taken} turns to go after it on average, "
                    "against {blind} after a card from the draw pile."
                )
                return take, why.format(
                    card=top, taken=turns_text(taken, blind, self.lang), blind=turns_text(blind, taken, self.lang)
                )
            assert draw is not None
            why = t.gettext(
                "Drew from the pile: {blind} turns to go on average after it, "
                "against {taken} after taking the discarded {card}."
            )
            return draw, why.format(
                card=top, taken=turns_text(taken, blind, self.lang), blind=turns_text(blind, taken, self.lang)
            )
        if draw is None:
            return super()._decide(view)
        why = t.gettext("Drew from the pile: {blind} turns to go on average after it.")
        return draw, why.format(blind=turns_text(blind, None, self.lang))

    # -- discarding: the card whose loss costs the fewest expected turns

    def _expert_discard(self, view: PlayerView, solved: SolitaireOptimum) -> tuple[Action, str]:
        from phase10kit.probability.solitaire import turns_text  # on use, as in _solved: start-up speed

        t = translator(self.lang)
        values = solved.discard_values(list(view.hand))
        feeds = {card: fits_opponents_reach(card, view) for card in values}
        scored = {card: value + (self.feed_penalty if feeds[card] else 0.0) for card, value in values.items()}
        lowest = min(scored.values())
        tied = [card for card, value in scored.items() if value <= lowest + TIE]

        # Among equally good discards: not a card an opponent can hit, a Skip, never a Wild, most points.
        def preference(card: Card) -> tuple[bool, bool, bool, int, int]:
            return (not feeds[card], card.is_skip, not card.is_wild, card.points, card.index)

        card = max(tied, key=preference)
        value, best = values[card], min(values.values())
        if value > best + TIE:
            # The model's best discard would feed an opponent who has laid down: say what it costs.
            fed = min((c for c, v in values.items() if v <= best + TIE), key=lambda c: c.index)
            why = t.gettext(
                "Discarded {card}: {value} turns to go on average; {fed} would leave {best}, "
                "but an opponent could add it to a group on the table."
            )
            sentence = why.format(
                card=card, value=turns_text(value, best, self.lang), fed=fed, best=turns_text(best, value, self.lang)
            )
            return self._discard_with_target(view, card, sentence)
        worse = [(v, other) for other, v in values.items() if v > value + TIE]
        if worse:
            second, kept = min(worse, key=lambda item: (item[0], item[1].index))
            why = t.gettext("Discarded {card}, keeping {kept}: {best} turns to go on average instead of {other}.")
            sentence = why.format(
                card=card,
                kept=kept,
                best=turns_text(value, second, self.lang),
                other=turns_text(second, value, self.lang),
            )
        else:
            why = t.gettext("Discarded {card}: every discard leaves {best} turns to go on average.")
            sentence = why.format(card=card, best=turns_text(value, None, self.lang))
        return self._discard_with_target(view, card, sentence)

    def _discard_with_target(self, view: PlayerView, card: Card, sentence: str) -> tuple[Action, str]:
        """The discard of ``card``; a Skip is aimed at the player closest to winning (as SmartBot does)."""
        options = [a for a in view.discards() if isinstance(a, Discard) and a.card == card]
        targets = [a.target for a in options if a.target is not None]
        if not targets:
            return options[0], sentence
        target = leader(view, targets)
        action = next(a for a in options if a.target == target)
        aimed = translator(self.lang).gettext("{reason} The Skip goes to {player}, who is closest to winning.")
        return action, aimed.format(reason=sentence, player=seat_notation(target))
