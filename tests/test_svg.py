"""SVG pictures: well-formed XML, readable without colour, labelled for screen readers."""

import xml.etree.ElementTree as ET

import pytest

from phase10kit import Group, Layout, Phase, parse_cards, phase, svg
from phase10kit.cards import CARDS_BY_INDEX

SVG = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == SVG + "svg"
    assert root.get("role") == "img"
    return root


def texts(root: ET.Element) -> list[str]:
    return [element.text or "" for element in root.iter(SVG + "text")]


@pytest.mark.parametrize("card", CARDS_BY_INDEX, ids=str)
def test_every_card_is_well_formed_and_labelled(card) -> None:  # type: ignore[no-untyped-def]
    root = parse(svg.card_svg(card))
    label = root.get("aria-label") or ""
    # The name begins with what the face shows, in its order ("7 red", "W Wild"), and holds the notation.
    assert label.replace(":", "").startswith(" ".join(texts(root))), label
    assert str(card) in label.replace("(", " ").replace(")", " ").replace(":", " ").split()
    assert root.find(SVG + "title") is not None
    assert parse(card._repr_svg_()).get("aria-label") == label


def test_cards_are_readable_without_colour() -> None:
    shown = texts(parse(svg.card_svg(parse_cards("G10")[0])))
    assert "10" in shown and "green" in shown
    assert "Wild" in texts(parse(svg.card_svg(parse_cards("W")[0])))
    assert "Skip" in texts(parse(svg.card_svg(parse_cards("S")[0])))


def test_the_words_a_row_names_are_the_words_it_draws() -> None:
    # One home for what a face shows: the names built from faces_text contain what is seen (WCAG 2.5.3).
    cards = parse_cards("R7 W S B12")
    assert " ".join(texts(parse(svg.cards_svg(cards)))) == svg.faces_text(cards) == "7 red W Wild S Skip 12 blue"
    group = Group.parse("r[G3 G4 W Y6 W]")
    assert " ".join(texts(parse(svg.group_svg(group, lang="uk")))) == svg.group_faces_text(group, "uk")


def test_a_hand_is_a_row_of_cards() -> None:
    root = parse(svg.cards_svg(parse_cards("R7 B7 W S")))
    assert root.get("aria-label") == "cards: 7 red (R7), 7 blue (B7), W: Wild, S: Skip"
    assert len(root.findall(SVG + "g")) == 4
    assert parse(svg.cards_svg([])).get("aria-label") == "cards: none"


def test_group_wilds_show_their_pinned_value() -> None:
    root = parse(svg.group_svg(Group.parse("r[G3 G4 W Y6]")))
    assert "= 5" in texts(root)
    assert root.get("aria-label") == "run r[G3 G4 W Y6]"
    assert texts(parse(Group.parse("s7[W W W]")._repr_svg_())).count("= 7") == 3
    assert "= blue" in texts(parse(svg.group_svg(Group.parse("cB[W W]"))))


def test_layout_and_phase_pictures() -> None:
    layout = Layout.parse("s[R7 B7 G7] s[Y2 B2 W]")
    root = parse(layout._repr_svg_())
    assert root.get("aria-label") == "layout s[R7 B7 G7] s[Y2 B2 W]"
    assert "= 2" in texts(root)
    for number in range(1, 21):
        root = parse(phase(number)._repr_svg_())
        assert str(phase(number)) in (root.get("aria-label") or "")
    assert "set of 3" in texts(parse(svg.phase_svg(Phase.parse("s3+r4"))))
    assert parse(svg.face_down_svg()).get("aria-label") == "face-down card"


def test_text_in_svg_is_escaped() -> None:
    root = parse(svg._svg(10, 10, "", 'a <b> & "c"'))
    assert root.get("aria-label") == 'a <b> & "c"'
    assert root.find(SVG + "title").text == 'a <b> & "c"'  # type: ignore[union-attr]


def test_scale_changes_size_not_view_box() -> None:
    root = parse(svg.card_svg(parse_cards("R7")[0], scale=0.5))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("30", "45", "0 0 60 90")


@pytest.mark.parametrize(("lang", "word"), [("en", "round 1: p1 to draw"), ("es", "ronda 1: le toca robar a p1")])
def test_the_table_header_names_the_round_not_a_hand(lang: str, word: str) -> None:
    """One deal is a round (lesson 00's words); a hand is the cards a player holds (``deck.deal``)."""
    from phase10kit.actions import Draw
    from phase10kit.game import Game
    from phase10kit.table_svg import table_svg

    game = Game(players=2, seed=1)
    header = texts(parse(table_svg(game.view(0), lang=lang)))[0]
    assert word in header
    game.apply(Draw(0))
    played = texts(parse(table_svg(game.view(0), lang="en")))[0]
    assert "round 1: p1 to play" in played and "hand" not in played


def test_the_table_separates_the_cards_held_from_the_groups_laid() -> None:
    from phase10kit.actions import parse_action
    from phase10kit.game import Game
    from phase10kit.table_svg import table_svg

    game = Game.from_deal(["R7 B7 G7 Y2 B2 W R1 R3 G5 Y9", "R4 B4 G10 Y11 R12 B6 G8 Y3 R9 B1"], flip="Y5", draws="G5")
    root = parse(table_svg(game.view(0)))
    assert root.findall(f".//{SVG}line") == []  # nothing laid yet: no rule
    for move in ("p1 draw", "p1 lay s[R7 B7 G7] s[Y2 B2 W]"):
        game.apply(parse_action(move))
    root = parse(table_svg(game.view(0)))
    assert len(root.findall(f".//{SVG}line")) == 1  # one rule, between p1's hand and p1's groups
