"""The bots' shortcuts change no decision: each one agrees with the slower question it stands for.

A bot skips the view's lay-downs when the solver says no open phase is held, stops at the first
lay-down with as few Wilds as the solver's best plan uses, skips the solver when
no started group could need the discard pile's top card, asks its tie-break only of the tied
candidates and puts its reason into words only when asked. The seeded games of
``tests/test_play_hashes.py`` check the decisions themselves; these check each shortcut alone.
"""

import random
import subprocess
import sys

from hypothesis import example, given
from hypothesis import strategies as st

from phase10kit import Card, Phase, parse_cards, phase
from phase10kit.bots import GreedyBot, SmartBot
from phase10kit.bots.base import Because, Reading, fewest_wilds, held_lays, holds_open_phase, key_of
from phase10kit.bots.policies import _key_with, _key_without, _least, _wilds_in
from phase10kit.cards import CARDS_BY_INDEX
from phase10kit.engine.moves import lay_actions
from phase10kit.game import Game
from phase10kit.i18n import translator
from phase10kit.phases import GroupKind
from phase10kit.rules import Rules
from phase10kit.solver_queries import group_needing, holds_key, may_extend_started, needs_key, solved_key
from tests.strategies import hands, phases, small_phases

cards = st.sampled_from(CARDS_BY_INDEX)


@given(hand=hands(sizes=(2, 5, 10)), card=cards, p=st.one_of(phases, small_phases()), natural_required=st.booleans())
def test_a_card_a_started_group_needs_is_never_ruled_out(
    hand: list[Card], card: Card, p: Phase, natural_required: bool
) -> None:
    key = key_of(hand)
    for spec, (started, needs) in zip(p.groups, needs_key(key, p, natural_required), strict=True):
        wanted = card.color if spec.kind is GroupKind.COLOR else card.number
        if card.is_number and started and wanted in needs:
            assert may_extend_started(card, key, p)


@given(
    hand=hands(sizes=(2, 5, 10, 11)), card=cards, p=st.one_of(phases, small_phases()), natural_required=st.booleans()
)
# The first number of a run's window, and a set's number next to a run (the ends of what ``_covers`` lets by).
@example(hand=parse_cards("R4 B5 G6 Y7 R8 B9 G12 Y12 R1 B1"), card=Card.parse("Y3"), p=phase(4), natural_required=True)
@example(hand=parse_cards("R4 B4 Y6 R7 B8 G9 G11 Y12 R1 B2"), card=Card.parse("Y4"), p=phase(2), natural_required=True)
def test_the_group_needing_a_card_is_the_first_started_group_whose_needs_hold_it(
    hand: list[Card], card: Card, p: Phase, natural_required: bool
) -> None:
    key = key_of(hand)
    plan = needs_key(key, p, natural_required)
    wanting = [
        g
        for g, (spec, (started, needs)) in enumerate(zip(p.groups, plan, strict=True))
        if card.is_number and started and (card.color if spec.kind is GroupKind.COLOR else card.number) in needs
    ]
    assert group_needing(key, p, natural_required, card) == (wanting[0] if wanting else None)


def test_a_cards_worth_rises_with_its_index_but_for_the_wild() -> None:
    # GreedyBot discards the spare card worth most (points, then index) as the last of the ascending indices.
    worth = [(card.points, card.index) for card in CARDS_BY_INDEX if not card.is_wild]
    assert worth == sorted(worth) and len(set(worth)) == len(worth)


@given(hand=hands(sizes=(2, 5, 10, 11)), card=cards)
def test_sorted_keys_with_and_without_a_card(hand: list[Card], card: Card) -> None:
    key = key_of(hand)
    assert _key_with(key, card) == key_of([*hand, card])
    if card in hand:
        rest = list(hand)
        rest.remove(card)
        assert _key_without(key, card) == key_of(rest)


@given(values=st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 9)), min_size=1, max_size=9))
def test_least_is_the_minimum_of_cost_then_tiebreak(values: list[tuple[int, int, int]]) -> None:
    picked = [CARDS_BY_INDEX[i] for i in range(len(values))]
    table = dict(zip(picked, values, strict=True))

    def cost(card: Card) -> tuple[int, int]:
        return table[card][:2]

    def tiebreak(card: Card) -> tuple[int, int]:
        return table[card][2], -card.index

    assert _least(picked, cost, tiebreak) == min(picked, key=lambda c: (*cost(c), *tiebreak(c)))


RULES = [Rules(), Rules(progression="any_order"), Rules(go_out="discard", natural_required=False)]


@given(seed=st.integers(0, 10_000), rules=st.sampled_from(RULES), steps=st.integers(0, 400))
def test_lay_downs_are_skipped_only_when_there_are_none(seed: int, rules: Rules, steps: int) -> None:
    game = Game(players=3, rules=rules, seed=seed)
    bots = [GreedyBot(seed=seat) for seat in range(3)]
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            return
        view = game.view(game.current_player)
        assert held_lays(Reading(view)) == view.lays()
        # Mostly the greedy bot (it reaches lay-downs), sometimes a random move (other positions).
        action = rng.choice(view.legal) if rng.random() < 0.2 else bots[game.current_player].choose(view)
        game.apply(action)


@given(hand=hands(sizes=(6, 8, 10, 11)), p=st.one_of(phases, small_phases()), natural_required=st.booleans())
def test_the_solver_names_the_fewest_wilds_of_any_lay_down(hand: list[Card], p: Phase, natural_required: bool) -> None:
    key = key_of(hand)
    lays = lay_actions(0, key, p, natural_required, None)
    assert bool(lays) == holds_key(key, p, natural_required)
    if lays:
        assert min(_wilds_in(lay) for lay in lays) == solved_key(key, p, natural_required)[1][1]


@given(seed=st.integers(0, 10_000), rules=st.sampled_from(RULES), steps=st.integers(0, 400))
def test_greedy_lays_the_first_lay_down_with_the_fewest_wilds(seed: int, rules: Rules, steps: int) -> None:
    game = Game(players=3, rules=rules, seed=seed)
    bots = [GreedyBot(seed=seat) for seat in range(3)]
    for _ in range(steps):
        if game.over:
            return
        view = game.view(game.current_player)
        lays = view.lays()
        assert list(view.lays_lazily()) == list(lays)
        action = bots[game.current_player].choose(view)
        if lays:
            assert holds_open_phase(Reading(view))
            assert action == min(lays, key=_wilds_in)
            assert _wilds_in(action) == fewest_wilds(Reading(view))
        game.apply(action)


def test_a_reason_is_put_into_words_only_when_asked() -> None:
    template = translator("ko").gettext("Drew from the pile: the discarded {card} does not help me.")
    card = Card.parse("R7")
    assert str(Because(template, card=card)) == template.format(card=card)
    assert f"{Because('{n} cards', n=3):>9}" == "  3 cards"


def test_explain_gives_the_same_sentence_twice() -> None:
    game = Game(players=2, seed=3, rules=Rules(phases=(phase(2),)))
    bot = SmartBot(seed=1)
    bot.choose(game.view(game.current_player))
    first = bot.explain()
    assert isinstance(first, str) and first == bot.explain()


def test_playing_games_loads_neither_pandas_nor_the_probability_package() -> None:
    # Their tens of thousands of objects would slow every full garbage collection of a bot game.
    code = (
        "import sys\n"
        "from phase10kit.bots import GreedyBot, SmartBot, play_game\n"
        "play_game([GreedyBot(seed=1), SmartBot(seed=2)], seed=3)\n"
        "print(sorted(m for m in sys.modules if m == 'pandas' or m.startswith('phase10kit.probability')))\n"
        "from phase10kit.bots import wilson_interval\n"
        "print(wilson_interval(5, 10)[0] < 0.5)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["[]", "True"]
