"""The engine against rules.md, clause by clause, on chosen deals (``Game.from_deal``)."""

from __future__ import annotations

from typing import Any

import pytest

from phase10kit.actions import Discard, Draw, Hit, Lay, Take, parse_action, seat_notation
from phase10kit.cards import DECK_COUNTS, SKIP, WILD, Card, parse_cards
from phase10kit.errors import IllegalActionError
from phase10kit.game import TIEBREAK_PHASE, Game, count_cards
from phase10kit.groups import Group
from phase10kit.rules import Rules, phase_list

P1_SETS = "R7 B7 G7 Y2 B2 W R1 R3 G5 Y9"
P2_RUNS = "R2 B3 B4 R6 B8 B9 B10 Y11 Y12 G1"
REDS = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10"
BLUES_LEFT = "B1 B2 B3 B9 B10 B11 B12 W S G4"  # 5+5+5+5+10+10+10+25+15+5 = 95 points


def play(game: Game, *lines: str) -> None:
    for line in lines:
        game.apply(parse_action(line))


def refused(game: Game, line: str) -> str:
    before = game.to_json()
    with pytest.raises(IllegalActionError) as info:
        game.apply(parse_action(line))
    assert game.to_json() == before
    return info.value.reason


def short_game(**changes: object) -> Game:
    """p1 holds ten reds and draws R11: laying c9 with all eleven cards goes out at once."""
    rules = Rules(phases=phase_list("c9,c9"), **changes)  # type: ignore[arg-type]
    return Game.from_deal([REDS, BLUES_LEFT], rules=rules, draws="R11 G12", seed=1)


# ---------------------------------------------------------------- dealing and turns


@pytest.mark.clause("deck.deal")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deal_gives_ten_cards_each_and_flips_one(players: int) -> None:
    g = Game(players=players, seed=players)
    assert [len(hand) for hand in g.hands] == [10] * players
    assert len(g.discard_pile) == 1
    assert g.deck_size == 108 - 10 * players - 1
    assert count_cards(g) == list(DECK_COUNTS)


def test_game_has_two_to_six_players() -> None:
    for players in (1, 7):
        with pytest.raises(ValueError):
            Game(players=players, seed=1)


@pytest.mark.clause("game.dealer")
def test_player_left_of_dealer_starts_and_the_dealer_moves_left() -> None:
    g = short_game()
    assert (g.dealer, g.current_player) == (1, 0)
    play(g, "p1 draw", "p1 lay c[R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11]")
    assert (g.round, g.dealer, g.current_player) == (2, 0, 1)


@pytest.mark.clause("turn.draw")
def test_draw_takes_the_top_of_the_draw_pile() -> None:
    g = Game.from_deal([P1_SETS, P2_RUNS], draws="Y7 Y8")
    play(g, "p1 draw")
    assert g.hands[0][-1] == Card.parse("Y7") and g.stage == "play"
    assert g.history[-1] == "drawn Y7"


@pytest.mark.clause("turn.draw")
def test_take_takes_the_top_of_the_discard_pile() -> None:
    g = Game.from_deal([P1_SETS, P2_RUNS], flip="G8")
    play(g, "p1 take")
    assert g.hands[0][-1] == Card.parse("G8") and g.discard_pile == []


@pytest.mark.clause("turn.no_skip_from_discard")
def test_a_wild_may_be_taken_from_the_discard_pile() -> None:
    g = Game.from_deal([P1_SETS, P2_RUNS], flip="W")
    assert Take(0) in g.legal_actions()


def skip_on_top(**changes: object) -> Game:
    """Three players: p2 discards a Skip against p3, so p1 faces a Skip on the discard pile."""
    hands = [P1_SETS, P2_RUNS.replace("G1", "S"), "G1 G2 G3 G4 G5 G6 G7 G8 G9 G10"]
    g = Game.from_deal(hands, flip="R4", rules=Rules(**changes))  # type: ignore[arg-type]
    play(g, "p1 draw", "p1 discard R1", "p2 draw", "p2 discard S>p3")
    assert g.current_player == 0 and g.discard_pile[-1] == SKIP
    return g


@pytest.mark.clause("turn.no_skip_from_discard")
def test_a_skip_is_never_taken_from_the_discard_pile() -> None:
    g = skip_on_top()
    assert list(g.legal_actions()) == [Draw(0)]
    assert refused(g, "p1 take") == "skip-from-discard"


@pytest.mark.clause("option.skip_from_discard")
def test_skip_from_discard_option_lets_a_skip_be_taken() -> None:
    g = skip_on_top(skip_from_discard=True)
    play(g, "p1 take")
    assert g.hands[0][-1] == SKIP


@pytest.mark.clause("turn.draw")
def test_must_draw_before_playing_and_only_on_ones_turn() -> None:
    g = Game.from_deal([P1_SETS, P2_RUNS])
    assert refused(g, "p1 discard R1") == "wrong-stage"
    assert refused(g, "p2 draw") == "not-your-turn"
    play(g, "p1 draw")
    assert refused(g, "p1 take") == "wrong-stage"


@pytest.mark.clause("turn.discard")
def test_discarding_ends_the_turn() -> None:
    g = Game.from_deal([P1_SETS, P2_RUNS])
    play(g, "p1 draw", "p1 discard Y9")
    assert (g.current_player, g.stage, g.discard_pile[-1]) == (1, "draw", Card.parse("Y9"))


# ---------------------------------------------------------------- laying down


@pytest.mark.clause("phase.whole")
def test_lay_down_the_whole_phase_at_once() -> None:
    g = Game.from_deal([P1_SETS, P2_RUNS])
    play(g, "p1 draw")
    assert refused(g, "p1 lay s[R7 B7 G7]") == "wrong-groups"
    play(g, "p1 lay s[R7 B7 G7] s[Y2 B2 W]")
    assert g.laid[0] == 1 and [str(group) for group in g.melds[0]] == ["s[R7 B7 G7]", "s[B2 Y2 W]"]
    assert refused(g, "p1 lay s[R7 B7 G7] s[Y2 B2 W]") == "already-laid"


def test_lay_down_offers_every_distinct_layout_once() -> None:
    g = Game.from_deal(["R7 B7 G7 Y7 W Y2 B2 R1 R3 G5", P2_RUNS])
    play(g, "p1 draw")
    lays = [a for a in g.legal_actions() if isinstance(a, Lay)]
    assert len(lays) == len(set(lays)) == 4
    assert all(g.can_apply(a) for a in lays)


@pytest.mark.clause("phase.extra_cards")
def test_extra_cards_may_extend_the_phases_groups() -> None:
    # The printed example: Phase 1 as three 6s and four 8s.
    hand = "R6 B6 G6 R8 B8 G8 Y8 R1 R2 R3"
    g = Game.from_deal([hand, P2_RUNS])
    play(g, "p1 draw", "p1 lay s[R6 B6 G6] s[R8 B8 G8 Y8]")
    assert len(g.melds[0][1].cards) == 4


@pytest.mark.clause("phase.extra_cards")
def test_a_third_group_is_never_part_of_a_lay_down() -> None:
    hand = "R6 B6 G6 R8 B8 G8 R10 B10 G10 R3"
    g = Game.from_deal([hand, P2_RUNS])
    play(g, "p1 draw")
    assert refused(g, "p1 lay s[R6 B6 G6] s[R8 B8 G8] s[R10 B10 G10]") == "wrong-groups"


@pytest.mark.clause("option.exact_size")
def test_exact_size_rule_refuses_extra_cards() -> None:
    g = Game.from_deal(["R6 B6 G6 R8 B8 G8 Y8 R1 R2 R3", P2_RUNS], rules=Rules(extra_cards=False))
    play(g, "p1 draw")
    assert refused(g, "p1 lay s[R6 B6 G6] s[R8 B8 G8 Y8]") == "wrong-size"


@pytest.mark.clause("wild.natural", "option.all_wild")
def test_a_group_of_only_wilds_is_refused_unless_allowed() -> None:
    hand = "W W W R8 B8 G8 Y1 R1 R2 R3"
    g = Game.from_deal([hand, P2_RUNS])
    play(g, "p1 draw")
    assert refused(g, "p1 lay s5[W W W] s[R8 B8 G8]") == "invalid-group"
    g = Game.from_deal([hand, P2_RUNS], rules=Rules(natural_required=False))
    play(g, "p1 draw", "p1 lay s5[W W W] s[R8 B8 G8]")
    assert g.melds[0][0].value == 5


@pytest.mark.clause("skip.not_in_group")
def test_a_skip_is_never_part_of_a_group() -> None:
    g = Game.from_deal(["R6 B6 S R8 B8 G8 Y8 R1 R2 R3", P2_RUNS])
    play(g, "p1 draw")
    with pytest.raises(ValueError):
        play(g, "p1 lay s[R6 B6 S] s[R8 B8 G8]")


@pytest.mark.clause("phase.one_per_hand")
def test_a_player_makes_one_phase_per_hand() -> None:
    hand = "R6 B6 G6 R8 B8 G8 R10 B10 G10 R3"
    g = Game.from_deal([hand, P2_RUNS])
    play(g, "p1 draw", "p1 lay s[R6 B6 G6] s[R8 B8 G8]")
    assert not any(isinstance(a, Lay) for a in g.legal_actions())


# ---------------------------------------------------------------- hitting

PHASE2 = "R7 B7 G7 R2 B3 G4 Y5 W Y7 R9"
ON_PHASE2 = Rules(phases=phase_list("s3+r4,s3+r4"))


@pytest.mark.clause("turn.hit_fit", "turn.hit_own")
def test_hit_a_set_with_its_number_and_a_run_at_either_end() -> None:
    g = Game.from_deal([PHASE2, P2_RUNS], draws="R6", rules=ON_PHASE2)
    play(g, "p1 draw", "p1 lay s[R7 B7 G7] r[R2 B3 G4 Y5]", "p1 hit p1.1 Y7", "p1 hit p1.2 R6")
    assert str(g.melds[0][0]) == "s[R7 B7 G7 Y7]" and str(g.melds[0][1]) == "r[R2 B3 G4 Y5 R6]"
    assert refused(g, "p1 hit p1.1 R9") == "does-not-fit"


@pytest.mark.clause("wild.pinned")
def test_a_wild_keeps_the_value_it_was_laid_as() -> None:
    g = Game.from_deal([PHASE2, P2_RUNS], draws="R6", rules=ON_PHASE2)
    play(g, "p1 draw", "p1 lay s[R7 B7 G7] r[R2 B3 G4 Y5]", "p1 hit p1.2 W>low")
    run = g.melds[0][1]
    assert run.low == 1 and run.wild_values() == [1]
    assert Hit(0, 0, 1, WILD, "low") not in g.legal_actions()


@pytest.mark.clause("turn.hit_fit", "wild.run_bounds")
def test_a_wild_on_a_run_names_its_end() -> None:
    g = Game.from_deal([PHASE2, P2_RUNS], draws="R6", rules=ON_PHASE2)
    play(g, "p1 draw", "p1 lay s[R7 B7 G7] r[R2 B3 G4 Y5]")
    assert refused(g, "p1 hit p1.2 W") == "end-needed"
    assert refused(g, "p1 hit p1.1 W>low") == "bad-end"


@pytest.mark.clause("group.run_no_wrap", "wild.run_bounds")
def test_run_never_passes_12() -> None:
    hand = "R9 B10 G11 Y12 R5 B5 G5 W W R1"
    g = Game.from_deal([hand, P2_RUNS], draws="R8", rules=ON_PHASE2)
    play(g, "p1 draw", "p1 lay s[R5 B5 G5] r[R8 R9 B10 G11]", "p1 hit p1.2 Y12")
    assert refused(g, "p1 hit p1.2 W>high") == "does-not-fit"
    play(g, "p1 hit p1.2 W>low")
    assert g.melds[0][1].low == 7


@pytest.mark.clause("turn.hit_fit")
def test_hit_a_colour_group_with_its_colour() -> None:
    hand = "R1 R2 R3 R4 R5 R6 R7 B1 B2 G3"
    rules = Rules(phases=phase_list("c7"))
    g = Game.from_deal([hand, P2_RUNS], draws="R12", rules=rules)
    play(g, "p1 draw", "p1 lay c[R1 R2 R3 R4 R5 R6 R7]", "p1 hit p1.1 R12")
    assert refused(g, "p1 hit p1.1 B1") == "does-not-fit"


@pytest.mark.clause("turn.hit_own")
def test_hitting_needs_ones_own_phase_laid_first() -> None:
    g = Game.from_deal([PHASE2, "R8 B8 G8 Y8 W G2 G3 G4 G5 G6"], draws="R6 R1", rules=ON_PHASE2)
    play(g, "p1 draw", "p1 lay s[R7 B7 G7] r[R2 B3 G4 Y5]", "p1 discard R9", "p2 draw")
    assert refused(g, "p2 hit p1.1 W") == "not-laid"


@pytest.mark.clause("turn.hit_others_next", "option.hit_same_turn")
def test_others_phases_are_hit_from_the_next_turn_by_default() -> None:
    p2 = "R8 B8 G8 Y8 W G2 G3 G4 Y6 G6"
    g = Game.from_deal([PHASE2, p2], draws="R6 G5", rules=ON_PHASE2)
    play(g, "p1 draw", "p1 lay s[R7 B7 G7] r[R2 B3 G4 Y5]", "p1 discard R9")
    play(g, "p2 draw", "p2 lay s[R8 B8 G8] r[G2 G3 G4 G5]")
    assert refused(g, "p2 hit p1.2 Y6") == "hit-next-turn"
    play(g, "p2 hit p2.1 Y8")  # own groups at once
    g = Game.from_deal([PHASE2, p2], draws="R6 G5", rules=Rules(hit_others="same_turn", phases=ON_PHASE2.phases))
    play(g, "p1 draw", "p1 lay s[R7 B7 G7] r[R2 B3 G4 Y5]", "p1 discard R9")
    play(g, "p2 draw", "p2 lay s[R8 B8 G8] r[G2 G3 G4 G5]", "p2 hit p1.2 Y6")
    assert str(g.melds[0][1]) == "r[R2 B3 G4 Y5 Y6]"


# ---------------------------------------------------------------- Skips


@pytest.mark.clause("skip.choose", "skip.lose_turn")
def test_the_discarder_chooses_who_is_skipped() -> None:
    g = Game.from_deal(["S R1 R2 R3 R4 R5 R6 R7 R8 R9", P2_RUNS, "G1 G2 G3 G4 G5 G6 G7 G8 G9 G10"])
    play(g, "p1 draw")
    assert {a.target for a in g.legal_actions() if isinstance(a, Discard) and a.card.is_skip} == {1, 2}
    assert refused(g, "p1 discard S") == "bad-target"
    play(g, "p1 discard S>p3", "p2 draw", "p2 discard G1")
    assert g.current_player == 0 and not g.skipped[2]


@pytest.mark.clause("option.skip_next", "skip.lose_turn")
def test_the_next_player_is_skipped_under_the_next_rule() -> None:
    g = Game.from_deal(
        ["S R1 R2 R3 R4 R5 R6 R7 R8 R9", P2_RUNS, "G1 G2 G3 G4 G5 G6 G7 G8 G9 G10"], rules=Rules(skip_target="next")
    )
    play(g, "p1 draw")
    assert refused(g, "p1 discard S>p3") == "bad-target"
    play(g, "p1 discard S")
    assert g.current_player == 2


@pytest.mark.clause("skip.once_per_circuit")
def test_a_player_is_skipped_only_once_per_circuit() -> None:
    g = Game.from_deal(
        ["S R1 R2 R3 R4 R5 R6 R7 R8 R9", "S B1 B2 B3 B4 B5 B6 B7 B8 B9", "G1 G2 G3 G4 G5 G6 G7 G8 G9 G10"]
    )
    play(g, "p1 draw", "p1 discard S>p3", "p2 draw")
    targets = {a.target for a in g.legal_actions() if isinstance(a, Discard) and a.card.is_skip}
    assert targets == {0}  # p3 is already to be skipped
    assert refused(g, "p2 discard S>p3") == "bad-target"


@pytest.mark.clause("skip.first_discard")
def test_a_first_discard_skip_skips_the_first_player() -> None:
    g = Game.from_deal([P1_SETS, P2_RUNS, "G1 G2 G3 G4 G5 G6 G7 G8 G9 G10"], flip="S")
    assert g.current_player == 1


@pytest.mark.clause("option.twist_cover")
def test_a_first_discard_skip_is_covered_under_the_cover_rule() -> None:
    g = Game.from_deal([P1_SETS, P2_RUNS], flip="S G8", rules=Rules(first_skip="cover"))
    assert g.current_player == 0 and g.discard_pile == parse_cards("S G8")
    with pytest.raises(ValueError):
        Game.from_deal([P1_SETS, P2_RUNS], flip="S", rules=Rules(first_skip="cover"))


# ---------------------------------------------------------------- piles, going out, scoring


@pytest.mark.clause("turn.refill")
def test_an_empty_draw_pile_is_refilled_from_the_discard_pile_under_its_top_card() -> None:
    g = Game(players=2, seed=5)
    while not (g.deck_size == 0 and g.stage == "draw"):
        if g.stage == "draw":
            g.apply(Draw(g.current_player))
        else:
            g.apply(next(a for a in g.legal_actions() if isinstance(a, Discard)))
    top = g.discard_pile[-1]
    below = sorted(g.discard_pile[:-1])
    g.apply(Draw(g.current_player))
    assert g.discard_pile == [top]
    assert sorted([*g.draw_pile, g.hands[g.current_player][-1]]) == below
    assert g.history[-2].startswith("reshuffle ")


@pytest.mark.clause("hand.going_out")
def test_going_out_by_laying_or_hitting_the_last_card() -> None:
    g = short_game()
    play(g, "p1 draw", "p1 lay c[R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11]")
    assert g.round == 2 and g.done[0] == (1,)


@pytest.mark.clause("option.go_out_discard")
def test_going_out_must_end_with_a_discard_under_the_discard_rule() -> None:
    g = short_game(go_out="discard")
    play(g, "p1 draw")
    assert refused(g, "p1 lay c[R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11]") == "must-discard"
    play(g, "p1 lay c[R1 R2 R3 R4 R5 R6 R7 R8 R9 R10]")
    assert refused(g, "p1 hit p1.1 R11") == "must-discard"
    play(g, "p1 discard R11")
    assert g.round == 2


@pytest.mark.clause("score.points", "score.laid_zero")
def test_cards_left_in_hand_score_5_10_15_and_25() -> None:
    g = short_game()
    play(g, "p1 draw", "p1 lay c[R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11]")
    assert g.scores == [0, 95]
    assert sum(card.points for card in parse_cards(BLUES_LEFT)) == 95


@pytest.mark.clause("score.advance")
def test_only_those_who_laid_their_phase_advance() -> None:
    g = short_game()
    play(g, "p1 draw", "p1 lay c[R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11]")
    assert g.phases == (2, 1)


@pytest.mark.clause("game.end", "game.winner")
def test_the_game_ends_after_the_last_phase_and_the_lowest_score_wins() -> None:
    g = Game.from_deal([REDS, BLUES_LEFT], rules=Rules(phases=phase_list("c9")), draws="R11")
    play(g, "p1 draw", "p1 lay c[R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11]")
    assert g.is_over() and g.winner == 0 and g.stage == "over"
    assert refused(g, "p2 draw") == "game-over"


def deal_block(header: str, hands: list[tuple[int, str]], flip: str, draws: str, used: str = "") -> list[str]:
    """History lines of a chosen deal: ``hands`` as (seat, cards) in dealing order."""
    counts = list(DECK_COUNTS)
    dealt = [card for _, hand in hands for card in parse_cards(hand)] + parse_cards(flip + " " + draws + " " + used)
    for card in dealt:
        counts[card.index] -= 1
    rest = [Card.from_index(i) for i, n in enumerate(counts) for _ in range(n)]
    pile = [*rest, *parse_cards(draws)[::-1]]
    lines = [header] + [f"deal {seat_notation(seat)} {hand}" for seat, hand in hands]
    return [*lines, f"flip {flip}", "pile " + " ".join(map(str, pile))]


@pytest.mark.clause("game.tiebreak")
def test_a_tie_is_broken_by_a_hand_on_phase_10_whose_first_lay_down_wins() -> None:
    rules = Rules(phases=phase_list("c9,c9"))
    g = Game.from_deal([REDS, "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10"], rules=rules, draws="R11 B11")
    play(g, "p1 draw", "p1 lay c[R1 R2 R3 R4 R5 R6 R7 R8 R9]", "p1 discard R11")
    play(g, "p2 draw", "p2 lay c[B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11]")
    assert g.scores == [10, 0] and g.round == 2
    hand_two = deal_block(
        "hand 2 dealer p1",
        [(1, "G1 G2 G3 G4 G5 G6 G7 G8 G9 G10"), (0, "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10")],
        "R4",
        "G11 Y11",
    )
    g = Game.from_history(g.history[: g.history.index("hand 2 dealer p1")] + hand_two, seed=1)
    play(g, "p2 draw", "p2 lay c[G1 G2 G3 G4 G5 G6 G7 G8 G9]", "p2 discard G11")
    play(g, "p1 draw", "p1 lay c[Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11]")
    assert g.scores == [10, 10] and g.tiebreak and not g.is_over()
    assert g.current_phase(0) == TIEBREAK_PHASE and g.active == (0, 1) and g.current_player == 0
    header = next(line for line in g.history if line.startswith("tiebreak"))
    assert header == "tiebreak p1 p2 dealer p2"
    tie = deal_block(header, [(0, "R5 B5 G5 Y5 W R3 B3 G3 R1 R2"), (1, "G1 G2 G3 G4 G6 G7 G8 G9 G10 G11")], "R4", "Y12")
    g = Game.from_history(g.history[: g.history.index(header)] + tie)
    play(g, "p1 draw", "p1 lay s[R5 B5 G5 Y5 W] s[R3 B3 G3]")
    assert g.is_over() and g.winner == 0 and g.scores == [10, 10]


@pytest.mark.clause("variant.all_advance")
def test_everyone_advances_every_hand_under_all_advance() -> None:
    g = Game.from_deal(
        [REDS, BLUES_LEFT], rules=Rules(phases=phase_list("c9,s2"), progression="all_advance"), draws="R11"
    )
    play(g, "p1 draw", "p1 lay c[R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11]")
    assert g.phases == (2, 2) and g.done == [(1,), ()]


@pytest.mark.clause("variant.any_order")
def test_any_phase_not_yet_made_under_any_order() -> None:
    g = Game.from_deal(
        [REDS, BLUES_LEFT], rules=Rules(phases=phase_list("r3,c9"), progression="any_order"), draws="R11"
    )
    play(g, "p1 draw")
    assert {a.phase for a in g.legal_actions() if isinstance(a, Lay)} == {1, 2}
    assert refused(g, "p1 lay c[R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11]") == "phase-not-named"
    play(g, "p1 lay 2 c[R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11]")
    assert g.done[0] == (2,) and g.open_phases(0) == (1,)


# ---------------------------------------------------------------- undo, views, display


def test_undo_goes_back_to_the_deal_one_action_at_a_time() -> None:
    g = Game(players=3, seed=11)
    snapshots = [g.to_json()]
    for _ in range(30):
        g.apply(next(iter(g.legal_actions())))
        snapshots.append(g.to_json())
    for snapshot in reversed(snapshots[:-1]):
        g.undo()
        assert g.to_json() == snapshot
    with pytest.raises(IllegalActionError):
        g.undo()


def test_a_view_shows_only_what_the_player_may_see() -> None:
    g = Game.from_deal([P1_SETS, P2_RUNS])
    view = g.view(1)
    assert view.hand == tuple(parse_cards(P2_RUNS)) and view.hand_sizes == (10, 10)
    assert "draw_pile" not in view.__dataclass_fields__ and "hands" not in view.__dataclass_fields__
    assert view.legal == () and g.view(0).legal == tuple(g.legal_actions())


def test_the_game_displays_as_a_table_with_opponents_face_down() -> None:
    g = Game.from_deal([P1_SETS, P2_RUNS])
    svg = g._repr_svg_()
    assert svg.count('aria-label="face-down card"') == 11  # p2's ten cards and the draw pile
    assert "7 red (R7)" in svg and "B8" not in svg
    assert g._repr_html_().startswith("<div")


def test_lay_actions_keep_group_cards_in_one_order() -> None:
    assert Lay(0, (Group.parse("s[W B7 R7]"),)) == Lay(0, (Group.parse("s[R7 B7 W]"),))


# ---------------------------------------------------------------- golden playthroughs


def _golden() -> object:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parent / "golden" / "regenerate.py"
    spec = importlib.util.spec_from_file_location("golden_regenerate", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_golden_playthroughs_are_unchanged() -> None:
    """Diffs the seeded games against tests/golden/*.txt; regenerate with python tests/golden/regenerate.py."""
    golden: Any = _golden()
    for name, (players, seed, rules) in golden.CASES.items():
        stored = (golden.HERE / f"{name}.txt").read_text()
        assert golden.playthrough(players, seed, rules) == stored, name
        replayed = Game.from_history(stored)
        assert "\n".join(replayed.history) + "\n" == stored and replayed.is_over()
