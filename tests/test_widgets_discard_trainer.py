"""DiscardTrainer (``prob.discard``) driven like clicks: each discard's cost against the optimum, a whole game,
the browser's (hostile) updates, the language, and nothing hidden (the draw order) in the synced state."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from phase10kit import Card, Phase10Error, can_complete
from phase10kit.cards import CARD_IN_TEXT
from phase10kit.errors import Reason
from tests.helpers import synced_text
from widgets import DiscardTrainer


@pytest.fixture(autouse=True)
def _tmp_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path_factory.getbasetemp() / "solitaire-cache"
    monkeypatch.setenv("P10_CACHE", str(folder))
    yield folder


def click(trainer: DiscardTrainer, card: Card) -> None:
    """Click ``card`` in the hand, as the browser does: it writes the selection."""
    trainer.hand.set_state({"selected": [list(trainer.hand.hand).index(card)]})


def test_clicking_the_optimal_discard_costs_nothing_and_draws_the_next_card() -> None:
    trainer = DiscardTrainer(phase=1, seed=3)
    hand = list(trainer.hand.hand)
    best = trainer.optimum.best_discard(hand)
    click(trainer, best)
    (choice,) = trainer.choices
    assert choice.card == best and choice.cost == 0.0
    assert "optimal" in trainer.result.value
    assert trainer.turns == 2 and (trainer.done or len(trainer.hand.hand) == 11)
    assert trainer.hand.selected == []


def test_clicking_a_worse_discard_shows_what_it_cost() -> None:
    trainer = DiscardTrainer(phase=1, seed=5)
    hand = list(trainer.hand.hand)
    values = trainer.optimum.discard_values(hand)
    worst = max(values, key=lambda card: values[card])
    click(trainer, worst)
    (choice,) = trainer.choices
    expected = values[worst] - min(values.values())
    assert expected > 0 and choice.cost == pytest.approx(expected)
    assert f"{expected:.2f}" in trainer.result.value
    assert f"{expected:.2f}" in trainer.summary.value


def test_a_whole_game_of_optimal_clicks_ends_with_the_phase_made() -> None:
    trainer = DiscardTrainer(phase="c7", seed=8)
    while not trainer.done:
        click(trainer, trainer.optimum.best_discard(list(trainer.hand.hand)))
        assert trainer.turns < 200
    assert can_complete(trainer.hand.hand, trainer.optimum.phase)
    assert trainer.total_cost == 0.0 and len(trainer.choices) == trainer.turns - 1
    assert not trainer.hand.selectable
    assert str(trainer.turns) in trainer.status.text
    # A click after the end changes nothing; the method refuses with a reason.
    before = list(trainer.hand.hand)
    click(trainer, before[0])
    assert list(trainer.hand.hand) == before
    with pytest.raises(Phase10Error) as caught:
        trainer.discard(before[0])
    assert caught.value.reason is Reason.HAND_OVER


def test_new_hand_and_phase_choice_deal_again() -> None:
    trainer = DiscardTrainer(phase=1, seed=2)
    click(trainer, trainer.hand.hand[0])
    trainer.new_button.click()
    assert trainer.choices == [] and trainer.turns == 1 and len(trainer.hand.hand) == 11
    trainer.phase_choice.value = "s5+s2"
    assert str(trainer.optimum.phase) == "s5+s2" and trainer.turns == 1
    assert "r4+c4" not in [code for _, code in trainer.phase_choice.options]


def test_the_same_seed_deals_the_same_game() -> None:
    first, second = DiscardTrainer(phase=1, seed=11), DiscardTrainer(phase=1, seed=11)
    for _ in range(5):
        assert first.hand.hand == second.hand.hand
        if first.done:
            break
        click(first, first.hand.hand[0])
        click(second, second.hand.hand[0])


def test_the_browser_cannot_discard_what_is_not_there_or_two_cards() -> None:
    trainer = DiscardTrainer(phase=1, seed=4)
    for hostile in ([99], [0, 1], ["R7"], None, "x"):
        trainer.hand.set_state({"selected": hostile})
    assert len(trainer.choices) <= 1  # at most a single valid index survived the cleaning
    assert trainer.errors.value == ""


def test_nothing_hidden_is_synced_no_card_of_the_draw_order() -> None:
    trainer = DiscardTrainer(phase=1, seed=6)
    seen = {str(card) for card in trainer.hand.hand}
    for _ in range(6):
        if trainer.done:
            break
        click(trainer, trainer.optimum.best_discard(list(trainer.hand.hand)))
        seen |= {str(card) for card in trainer.hand.hand}
        synced = set(CARD_IN_TEXT.findall(synced_text(trainer)))
        shown = synced & {str(Card.from_index(i)) for i in range(50)}
        assert shown <= seen, shown - seen


def test_the_trainer_speaks_the_chosen_language() -> None:
    english, spanish = DiscardTrainer(phase=1, seed=7), DiscardTrainer(phase=1, seed=7, lang="es")
    assert english.hand.hand == spanish.hand.hand
    assert english.intro.value != spanish.intro.value
    click(english, english.hand.hand[0])
    click(spanish, spanish.hand.hand[0])
    assert english.result.value != spanish.result.value


def test_a_phase_outside_the_model_is_refused_with_a_reason() -> None:
    with pytest.raises(Phase10Error) as caught:
        DiscardTrainer(phase=14)
    assert caught.value.reason is Reason.NOT_SOLITAIRE
