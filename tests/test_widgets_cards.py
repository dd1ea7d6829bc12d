"""Card faces and HandView: labels a screen reader reads, and a hand the browser cannot tamper with."""

from __future__ import annotations

import pytest

from phase10kit.cards import CARDS_BY_INDEX, parse_cards
from phase10kit.groups import Group
from phase10kit.i18n import LANGUAGES
from phase10kit.svg import card_word
from widgets import CardView, FaceDownView, GroupView, HandView
from widgets.cards import card_label


def test_every_card_label_starts_with_what_the_face_shows_and_holds_its_notation() -> None:
    # What is seen is in the name (WCAG 2.5.3): the face's number or letter, then its word, then the notation.
    for lang in LANGUAGES:
        for card in CARDS_BY_INDEX:
            label = card_label(card, lang)
            # A Wild's and a Skip's letter is the notation: "W: Wild"; a numbered card's follows: "7 red (R7)".
            seen = f"{card.number} {card_word(card, lang)} " if card.is_number else f"{card}: {card_word(card, lang)}"
            assert label.startswith(seen), label
            assert label.endswith(f"({card})") or label.startswith(f"{card}:"), label
    assert card_label(parse_cards("Y12")[0]) == "12 yellow (Y12)"
    assert card_label(parse_cards("B3")[0], "es") == "3 azul (B3)"


def test_hand_view_shows_each_card_with_label_and_face() -> None:
    hand = HandView("R7 W S B12")
    assert hand.cards == ["R7", "W", "S", "B12"]
    assert hand.labels == ["7 red (R7)", "W: Wild", "S: Skip", "12 blue (B12)"]
    assert all('role="img"' in face for face in hand.faces)
    assert "p10-hand" in hand._dom_classes
    assert '"p10-card"' in hand._esm and "aria-pressed" in hand._esm and "aria-label" in hand._esm


def test_selection_from_the_browser_picks_the_cards() -> None:
    hand = HandView("R7 B2 W Y2")
    hand.set_state({"selected": [2, 0]})
    assert hand.selected == [0, 2]
    assert [str(c) for c in hand.selected_cards] == ["R7", "W"]


@pytest.mark.parametrize(
    "hostile",
    [[7], [-1], [True], ["1"], [1.0], [None], [[0]], {"0": 1}, "0", 3, None, [0, 0, 0]],
)
def test_hostile_selection_is_cleaned_never_raised(hostile: object) -> None:
    hand = HandView("R7 B2 W")
    hand.set_state({"selected": hostile})
    assert hand.selected == ([0] if hostile == [0, 0, 0] else [])
    assert all(isinstance(i, int) and 0 <= i < 3 for i in hand.selected)


def test_browser_cannot_change_the_cards_or_their_pictures() -> None:
    hand = HandView("R7 B2")
    before = hand.get_state()
    hand.set_state({"cards": ["W", "W"], "faces": ["<script>x</script>"] * 2, "labels": ["x"], "selectable": False})
    after = hand.get_state()
    for name in ("cards", "faces", "labels", "selectable", "texts"):
        assert after[name] == before[name]
    assert [str(c) for c in hand.hand] == ["R7", "B2"]


def test_sorting_by_number_and_colour_keeps_the_selected_copies() -> None:
    hand = HandView("Y2 R7 W R7 B2 S")
    hand.selected = [3, 2]  # the second R7 and the Wild
    hand.set_state({"sort_by": "number"})
    assert hand.cards == ["B2", "Y2", "R7", "R7", "W", "S"]
    assert [str(c) for c in hand.selected_cards] == ["R7", "W"]
    hand.sort("colour")
    assert hand.cards == ["R7", "R7", "B2", "Y2", "W", "S"]
    assert [str(c) for c in hand.selected_cards] == ["R7", "W"]
    hand.sort("dealt")
    assert hand.cards == ["Y2", "R7", "W", "R7", "B2", "S"]
    assert hand.selected == [2, 3]


def test_unknown_sort_order_from_the_browser_is_ignored() -> None:
    hand = HandView("Y2 R7", sort_by="number")
    hand.set_state({"sort_by": "<img src=x>"})
    assert hand.sort_by == "number" and hand.cards == ["Y2", "R7"]


def test_new_hand_clears_the_selection() -> None:
    hand = HandView("Y2 R7")
    hand.selected = [1]
    hand.hand = "G1 G2 G3"
    assert hand.selected == [] and hand.cards == ["G1", "G2", "G3"]


def test_hand_of_non_cards_is_refused() -> None:
    with pytest.raises(TypeError, match="expected Card"):
        HandView(["R7"])  # type: ignore[list-item]


def test_card_view_face_up_and_face_down_have_labels() -> None:
    view = CardView("S")
    assert 'aria-label="S: Skip"' in view.value
    view.show(None)
    assert view.card is None and 'aria-label="face-down card"' in view.value
    assert "S: Skip" not in view.value


def test_face_down_view_sends_only_the_count() -> None:
    view = FaceDownView(5)
    assert "5 face-down cards" in view.value
    assert not any(str(card) in view.value.split() for card in CARDS_BY_INDEX[:48])
    with pytest.raises(ValueError, match="whole number"):
        view.show(-1)


def test_group_view_writes_wild_values_in_words() -> None:
    view = GroupView(Group.parse("c[B1 W B9]"))
    assert view.text == "colour group c[B1 W B9]. The Wild stands for a blue card."
    assert "= blue" in view.value  # on the card picture too


def test_display_widgets_refuse_browser_writes() -> None:
    view = CardView("R7")
    view.set_state({"value": "<script>alert(1)</script>"})
    assert "<script>" not in view.value and "7 red (R7)" in view.value


def test_display_only_hand_takes_no_selection_from_the_browser() -> None:
    hand = HandView("R7 B2", selectable=False)
    hand.set_state({"selected": [0, 1]})
    assert hand.selected == [] and hand.selected_cards == ()
