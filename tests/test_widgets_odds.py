"""OddsExplorer: its numbers are the probability package's, and its controls survive hostile input."""

from __future__ import annotations

import pytest

from phase10kit import parse_cards, phase
from phase10kit.probability import completion_odds, exact_deal_odds
from widgets import OddsExplorer
from widgets.odds_explorer import MAX_DEALT


@pytest.fixture(scope="module")
def explorer() -> OddsExplorer:
    # One instance for the module: the first plotly FigureWidget loads its 5 MB bundle.
    return OddsExplorer("R1 R2 R3 R4 R5 R6 G1", phase=4, hand_size=6, draws=2, seed=4)


def test_deal_odds_follow_hand_size_and_phase(explorer: OddsExplorer) -> None:
    explorer.hand_size_slider.value = 7
    explorer.phase_choice.value = "2s3"
    expected = float(exact_deal_odds(7, phases=[1]).loc[1, "probability"])
    assert explorer.deal_odds == expected
    assert "A dealt hand of 7 cards holds 2 sets of 3 with a chance of" in explorer.deal_view.value
    assert f"{100 * expected:.2f}%" in explorer.deal_view.value and "(exact)" in explorer.deal_view.value


def test_draws_curve_and_chart_follow_the_draws_slider(explorer: OddsExplorer) -> None:
    explorer.phase_choice.value = "r7"
    explorer.hand_text.value = "R1 R2 R3 R4 R5 R6 G1"
    explorer.draws_slider.value = 3
    hand = parse_cards("R1 R2 R3 R4 R5 R6 G1")
    expected = [completion_odds(hand, phase(4), n) for n in (1, 2, 3)]
    assert list(explorer.curve) == expected
    bar = explorer.chart.data[0]
    assert list(bar.x) == [1, 2, 3] and list(bar.y) == [100 * p for p in expected]
    assert explorer.status.text.endswith(f"{100 * expected[-1]:.2f}% after 3 draws.")


def test_bad_hand_is_refused_visibly_and_clears_the_chart(explorer: OddsExplorer) -> None:
    explorer.hand_text.value = "R1 R2 Q5"
    assert explorer.status.tone == "problem" and "Q5 is not a card" in explorer.status.text
    assert explorer.curve == () and list(explorer.chart.data[0].y) == []
    explorer.hand_text.value = ""
    assert explorer.status.text == "Type or deal a hand to see its chances over the next draws."
    assert explorer.deal_odds is not None


def test_hostile_slider_values_are_clamped(explorer: OddsExplorer) -> None:
    explorer.phase_choice.value = "c7"  # quick to count exactly for any hand size
    explorer.hand_size_slider.set_state({"value": 10_000})
    assert explorer.hand_size_slider.value == MAX_DEALT
    assert "A dealt hand of 11 cards" in explorer.deal_view.value
    explorer.hand_size_slider.set_state({"value": 5})
    explorer.draws_slider.set_state({"value": -3})
    assert explorer.draws_slider.value == 1 and explorer.errors.text == ""


def test_deal_button_deals_the_chosen_size_reproducibly(explorer: OddsExplorer) -> None:
    explorer.hand_size_slider.value = 5
    explorer.deal_button.click()
    dealt = explorer.hand_text.value.split()
    assert len(dealt) == 5 and len(explorer.curve) == explorer.draws_slider.value
    assert explorer.status.text.startswith(" ".join(dealt))


def test_unexpected_errors_land_in_the_error_area(explorer: OddsExplorer, monkeypatch: pytest.MonkeyPatch) -> None:
    import phase10kit.probability

    def broken(*args: object, **kwargs: object) -> float:
        raise ArithmeticError("odds broke")

    monkeypatch.setattr(phase10kit.probability, "completion_odds", broken)
    explorer.hand_text.value = "G1 G2 G3"
    assert explorer.errors.text == "ArithmeticError: odds broke"
    monkeypatch.undo()
    explorer.update()
    assert explorer.errors.text == "" and explorer.curve
