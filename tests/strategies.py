"""Hypothesis strategies the tests share: hands a real deck could deal, the 20 standard phases, small mixed phases.

Hands come from the full deck, from Wild-heavy draws and from decks of a few numbers and colours (so phases
actually occur): the solver's oracle tests, the engine's lay-down search and the bots' shortcuts all draw them here.
"""

from __future__ import annotations

from hypothesis import strategies as st

from phase10kit import COLORS, SKIP, WILD, Card, GroupKind, GroupSpec, Phase, phase, standard_deck

NUMBER_CARDS = [card for card in standard_deck() if card.is_number]


@st.composite
def hands(draw: st.DrawFn, sizes: tuple[int, ...] = (10, 11)) -> list[Card]:
    """A hand that a real deck could deal: never more than 2 of a number card, 8 Wilds, 4 Skips."""
    size = draw(st.sampled_from(sizes))
    deck = draw(st.sampled_from(["full", "wild-heavy", "few-numbers"]))
    # Cards are picked by a Random that Hypothesis controls: cheap to draw, and it shrinks.
    rng = draw(st.randoms(use_true_random=False))
    if deck == "full":
        return rng.sample(standard_deck(), size)
    if deck == "wild-heavy":
        wilds = draw(st.integers(1, min(8, size)))
        skips = draw(st.integers(0, min(1, size - wilds)))
        return [WILD] * wilds + [SKIP] * skips + rng.sample(NUMBER_CARDS, size - wilds - skips)
    numbers = draw(st.lists(st.integers(1, 12), min_size=1, max_size=5, unique=True))
    colors = draw(st.lists(st.sampled_from(COLORS), min_size=1, max_size=4, unique=True))
    pool = [Card.numbered(c, n) for n in numbers for c in colors for _ in range(2)] + [WILD] * 8 + [SKIP] * 4
    return rng.sample(pool, size)


phases = st.integers(1, 20).map(phase)


@st.composite
def small_phases(draw: st.DrawFn) -> Phase:
    """Mixed phases of one to three groups and at most 8 cards, so every solver path is exercised."""
    groups = []
    room = 8
    for _ in range(draw(st.integers(1, 3))):
        if room < 2:
            break
        kind = draw(st.sampled_from(list(GroupKind)))
        size = draw(st.integers(2, min(room, 5)))
        groups.append(GroupSpec(kind, size))
        room -= size
    return Phase(tuple(groups))
