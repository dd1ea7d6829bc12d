"""Lesson 08, scoring, winning and variants: the exercises of ``teacher/08_scoring_and_variants.ipynb``.

The engine is the judge. Each table position is dealt with ``Game.from_deal`` (or written as a history for a
second round) and played on by a fixed script, so it never depends on a bot or a random generator: the
judge plays the last move and reads the scores, the phases, the winner or the tie-break from the game.
"Round" is one deal; "hand" is the cards a player holds.

>>> from phase10kit.course.lesson_08 import EXERCISES
>>> len(EXERCISES), all(exercise.check(exercise.solution, record=False).ok for exercise in EXERCISES)
(18, True)
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from dataclasses import fields
from functools import cache
from typing import Any

from phase10kit.actions import parse_action
from phase10kit.cards import DECK_COUNTS, Card, format_cards, parse_cards
from phase10kit.course.base import AnswerError, Exercise, Translations, Verdict, brief
from phase10kit.course.checks import Case, hidden_cases, lang_of, read_choice, read_int, refusal_sentence
from phase10kit.game import TIEBREAK_PHASE, Game
from phase10kit.i18n import N_, and_list
from phase10kit.phases import Phase
from phase10kit.rules import Rules, phase_list

NOTEBOOK = "08_scoring_and_variants"

# ------------------------------------------------------------------ reading answers about players


def read_players(answer: object, players: int) -> frozenset[int]:
    """The seats named by an answer like ``"p1 p3"``, ``"p1, p3"`` or ``["p1", "p3"]`` (0-based seats).

    >>> sorted(read_players("p1, P3", 3)), sorted(read_players(["p2"], 3))
    ([0, 2], [1])
    """
    if isinstance(answer, str) and len(answer) <= 60:
        words = answer.replace(",", " ").replace(";", " ").split()
    elif isinstance(answer, list | tuple | set | frozenset) and len(answer) <= 8:
        words = [item for item in answer if isinstance(item, str)]
        if len(words) != len(answer):
            raise AnswerError(N_("{answer} is not a list of players: write them like p1 p3."), answer=brief(answer))
    else:
        raise AnswerError(N_("{answer} is not a list of players: write them like p1 p3."), answer=brief(answer))
    seats: set[int] = set()
    for word in words:
        key = word.strip().lower()
        if len(key) != 2 or key[0] != "p" or not key[1].isdigit():
            raise AnswerError(N_("{answer} is not a list of players: write them like p1 p3."), answer=brief(answer))
        if not 1 <= int(key[1]) <= players:
            raise AnswerError(
                N_("There is no {player} at this table: the players are p1 to p{count}."), player=key, count=players
            )
        seats.add(int(key[1]) - 1)
    if not seats:
        raise AnswerError(N_("{answer} is not a list of players: write them like p1 p3."), answer=brief(answer))
    return frozenset(seats)


def read_player(answer: object, players: int) -> int:
    """One seat named like ``"p2"`` (0-based)."""
    seats = read_players(answer, players)
    if len(seats) != 1:
        raise AnswerError(N_("Name one player, like p2, not {answer}."), answer=brief(answer))
    return next(iter(seats))


def seat_names(seats: Sequence[int] | frozenset[int]) -> list[str]:
    """Seats in the notation, in order: ``seat_names({2, 0}) == ["p1", "p3"]``."""
    return [f"p{seat + 1}" for seat in sorted(seats)]


def names(seats: Sequence[int] | frozenset[int]) -> str:
    """Seats in the notation, as a student types them: ``names([0, 2]) == "p1 p3"``."""
    return " ".join(seat_names(seats)) or "-"


def play(position: Callable[[], Game], actions: Sequence[str]) -> Game:
    """A fresh copy of the position with ``actions`` applied (the engine refuses anything illegal)."""
    game = position()
    for line in actions:
        game.apply(parse_action(line))
    return game


def deal_lines(round_number: int, dealer: int, deals: dict[int, str], flip: str, draws: str) -> list[str]:
    """The history lines of a chosen deal after the first round: header, deals from the dealer's left, the
    flipped card and the draw pile (the rest of the deck in card order, ``draws`` on top in drawing order)."""
    players = len(deals)
    counts = list(DECK_COUNTS)
    for card in [c for text in deals.values() for c in parse_cards(text)] + parse_cards(flip) + parse_cards(draws):
        counts[card.index] -= 1
        if counts[card.index] < 0:
            raise ValueError(f"the deck has only {DECK_COUNTS[card.index]} of {card}")
    rest = [Card.from_index(i) for i, n in enumerate(counts) for _ in range(n)]
    order = [(dealer + k) % players for k in range(1, players + 1)]
    lines = [f"hand {round_number} dealer p{dealer + 1}"]
    lines += [f"deal p{seat + 1} {deals[seat]}" for seat in order]
    lines += [f"flip {flip}", "pile " + format_cards(rest + parse_cards(draws)[::-1])]
    return lines


# ------------------------------------------------------------------ the scoring table (round 1)

SCORING_HANDS = (
    "R7 B7 G7 Y7 R9 B9 G9 Y9 R1 B12",
    "R4 B4 G4 R11 B11 W Y8 S R12 G3",
    "R2 B3 G6 Y4 R12 B8 G1 W S Y10",
)
SCORING_DRAWS = "G7 Y5 B6 W"
SCORING_SCRIPT = (
    "p1 draw",
    "p1 lay s[R7 B7 G7 Y7 G7] s[R9 B9 G9 Y9]",
    "p1 discard B12",
    "p2 draw",
    "p2 lay s[R4 B4 G4] s[R11 B11 W]",
    "p2 discard G3",
    "p3 draw",
    "p3 discard Y10",
    "p1 draw",
    "p1 hit p1.1 W",
)
GOING_OUT = "p1 discard R1"
"""p1's last card: discarding it ends the round."""


def scoring_position(rules: Rules | None = None) -> Game:
    """Round 1 of three players, p1 about to go out by discarding R1: p1 and p2 have laid Phase 1, p3 has not.

    >>> game = scoring_position()
    >>> [len(hand) for hand in game.hands], game.current_player
    ([1, 4, 10], 0)
    """
    game = Game.from_deal(list(SCORING_HANDS), rules=rules, flip="R5", draws=SCORING_DRAWS)
    for line in SCORING_SCRIPT:
        game.apply(parse_action(line))
    return game


def _scored(rules: Rules | None = None) -> Game:
    """The scoring position with p1's last card discarded: the round is over and scored."""
    return play(lambda: scoring_position(rules), [GOING_OUT])


def _score_solution(hand: list[Card]) -> int:
    """The teacher's ``score(hand)``: 5 for 1-9, 10 for 10-12, 15 for a Skip, 25 for a Wild."""
    total = 0
    for card in hand:
        if card.is_wild:
            total += 25
        elif card.is_skip:
            total += 15
        elif card.number >= 10:
            total += 10
        else:
            total += 5
    return total


def _five_each(hand: list[Card]) -> int:
    return 5 * len(hand)


def _numbers_only(hand: list[Card]) -> int:
    return sum(10 if card.number >= 10 else 5 for card in hand)


def _wild_and_skip_swapped(hand: list[Card]) -> int:
    return sum(15 if card.is_wild else 25 if card.is_skip else card.points for card in hand)


def _score_case(text: str, why: str) -> Case:
    cards = parse_cards(text)
    return Case((cards,), sum(card.points for card in cards), why)


SCORE_CASES = (
    _score_case("R9 B10", N_("a 9 costs 5 and a 10 costs 10")),
    _score_case("W", N_("a Wild left in the hand costs 25")),
    _score_case("S S", N_("each Skip left in the hand costs 15")),
    _score_case("", N_("the player who went out holds nothing and scores 0")),
    _score_case("R1 Y12 G12 B5", N_("1 to 9 cost 5 each, 10 to 12 cost 10 each")),
    _score_case("G11 W S Y3", N_("add up every card left: 10 + 25 + 15 + 5")),
)
"""Hidden cases of ``score.write``; expected totals from ``Card.points`` (the rules' one home)."""

SCORE_WRITE = Exercise(
    id="score.write",
    notebook=NOTEBOOK,
    clauses=("score.points",),
    kind="write",
    question=N_(
        "Write score(hand): the penalty points of the cards left in a hand when the round ends "
        "(1-9 cost 5, 10-12 cost 10, a Skip 15, a Wild 25)."
    ),
    solution=_score_solution,
    wrong=(_five_each, _numbers_only, _wild_and_skip_swapped),
    hints=(
        N_("Go through the hand card by card and add up a cost for each."),
        N_("Ask card.is_wild and card.is_skip first: Wilds and Skips have no number (card.number is 0)."),
    ),
    judge=hidden_cases("score", SCORE_CASES),
)


def _judge_hand_points(answer: object, t: Translations) -> Verdict:
    points = read_int(answer, low=0, high=10_000)
    game = scoring_position()
    held = list(game.hands[1])
    laid = [card for group in game.melds[1] for card in group.cards]
    right = _scored().scores[1]
    if points == right:
        return True, t.ngettext(
            "Right: p2 ends the round holding {cards}, {points} point; its laid groups score nothing.",
            "Right: p2 ends the round holding {cards}, {points} points; its laid groups score nothing.",
            right,
        ).format(cards=format_cards(held), points=right)
    if points == right + sum(card.points for card in laid):
        return False, t.gettext(
            "{answer} also counts the cards p2 laid down: laid cards score nothing, only the cards left in the hand."
        ).format(answer=points)
    return False, t.gettext("{answer} is not what p2 scores: add up the cards p2 still holds when p1 goes out.").format(
        answer=points
    )


HAND_POINTS = Exercise(
    id="score.hand_points",
    notebook=NOTEBOOK,
    clauses=("score.points", "score.laid_zero"),
    kind="play",
    question=N_("p1 is about to go out by discarding R1. How many penalty points does p2 score for this round?"),
    solution=35,
    wrong=(95, 0, 30),
    hints=(
        N_("Only the cards still in p2's hand count when the round ends."),
        N_("p2 holds four cards: a 5, an 8, a 12 and a Skip. Look up each one's cost."),
    ),
    judge=_judge_hand_points,
    position=scoring_position,
)


def not_quite(t: Translations, answer: str, why: str) -> str:
    """A refusal that quotes the student's answer before saying why: "Not p1: ..."."""
    return t.gettext("Not {answer}: {why}").format(answer=answer, why=why)


def _players_verdict(
    chosen: frozenset[int], right: frozenset[int], t: Translations, missing: str, extra: str
) -> str | None:
    """The sentence for the first seat the answer gets wrong (``missing``/``extra`` msgids with {player})."""
    for seat in sorted(right - chosen):
        return t.gettext(missing).format(player=f"p{seat + 1}")
    for seat in sorted(chosen - right):
        return t.gettext(extra).format(player=f"p{seat + 1}")
    return None


def _judge_advances(answer: object, t: Translations) -> Verdict:
    chosen = read_players(answer, 3)
    game = _scored()
    right = frozenset(seat for seat in range(3) if len(game.done[seat]) == 1)
    wrong = _players_verdict(
        chosen,
        right,
        t,
        N_("{player} laid Phase 1 this round, so {player} advances too, even without going out."),
        N_("{player} did not lay Phase 1 this round, so {player} stays on Phase 1 for the next round."),
    )
    if wrong:
        return False, not_quite(t, names(chosen), wrong)
    return True, t.gettext("Right: {players} laid their phase this round and move on to Phase 2.").format(
        players=and_list(seat_names(right), t)
    )


WHO_ADVANCES = Exercise(
    id="score.who_advances",
    notebook=NOTEBOOK,
    clauses=("score.advance",),
    kind="play",
    question=N_("When p1 goes out, which players move on to Phase 2? Write them like p1 p3."),
    solution="p1 p2",
    wrong=("p1", "p1 p2 p3", "p2 p3"),
    hints=(
        N_("Going out is not what makes a player advance."),
        N_("Look at the table: whose phase lies in front of them?"),
    ),
    judge=_judge_advances,
    position=scoring_position,
)

# ------------------------------------------------------------------ a two-phase game: round 2 ends it

SHORT_RULES = Rules(phases=phase_list("first:2"))
"""A short game (variant.short): the first two standard phases; Phase 2 is the last."""
ROUND2_DRAWS = "W G8 Y11 B5"
ROUND2_SCRIPT = (
    "p2 draw",
    "p2 lay s[R5 B5 G5 Y5] r[R1 B2 G3 Y4 W]",
    "p2 discard G12",
    "p3 draw",
    "p3 discard R12",
    "p1 draw",
    "p1 lay s[R9 B9 G9] r[R1 B2 G3 Y4]",
    "p1 discard Y11",
    "p2 draw",
    "p2 hit p2.1 B5",
)
FINAL_DISCARD = "p2 discard Y12"


def short_game_position(last_card: str = "W") -> Game:
    """Round 2 of the two-phase game, p2 about to go out: round 1 is the scoring table's (p1 0, p2 35 points),
    and in round 2 p1 and p2 have laid Phase 2, the last phase. p1 keeps R12 B12 and ``last_card``.

    >>> game = short_game_position()
    >>> game.round, game.scores, [len(hand) for hand in game.hands]
    (2, [0, 35, 85], [3, 1, 10])
    """
    game = Game.from_history(list(_round2_deal(last_card)))
    for line in ROUND2_SCRIPT:
        game.apply(parse_action(line))
    return game


@cache
def _round2_deal(last_card: str) -> tuple[str, ...]:
    """The history of round 1 (the scoring table under the short rules) followed by the chosen deal of round 2."""
    first = Game.from_deal(list(SCORING_HANDS), rules=SHORT_RULES, flip="R5", draws=SCORING_DRAWS)
    for line in (*SCORING_SCRIPT, GOING_OUT):
        first.apply(parse_action(line))
    head = first.history[: first.history.index(GOING_OUT) + 1]
    deals = {
        1: "R5 B5 G5 Y5 R1 B2 G3 Y4 Y12 G12",
        2: "R2 B3 G6 Y8 R12 B9 G1 Y10 S R11",
        0: f"R9 B9 G9 R1 B2 G3 Y4 R12 B12 {last_card}",
    }
    return (*head, *deal_lines(2, 0, deals, "R6", ROUND2_DRAWS))


def tiebreak_position() -> Game:
    """The same round 2 with p1 keeping a Skip instead of a Wild: p1 and p2 will tie at 35 points."""
    return short_game_position("S")


def _final(last_card: str) -> Game:
    return play(lambda: short_game_position(last_card), [FINAL_DISCARD])


def _judge_winner(answer: object, t: Translations) -> Verdict:
    chosen = read_player(answer, 3)
    game = _final("W")
    last = SHORT_RULES.phase_count
    finishers = [seat for seat in range(3) if len(game.done[seat]) >= last]
    name = f"p{chosen + 1}"
    if chosen not in finishers:
        return False, t.gettext("{player} has not completed the last phase, so {player} cannot win yet.").format(
            player=name
        )
    if chosen != game.winner:
        return False, t.ngettext(
            "{player} completes the last phase too, but ends with {points} point: is that the lowest total "
            "of those who completed it?",
            "{player} completes the last phase too, but ends with {points} points: is that the lowest total "
            "of those who completed it?",
            game.scores[chosen],
        ).format(player=name, points=game.scores[chosen])
    return True, t.ngettext(
        "Right: the game ends after this round, because {players} completed the last phase; of them "
        "{player} has the lowest total, {points} point.",
        "Right: the game ends after this round, because {players} completed the last phase; of them "
        "{player} has the lowest total, {points} points.",
        game.scores[chosen],
    ).format(players=and_list(seat_names(finishers), t), player=name, points=game.scores[chosen])


WHO_WINS = Exercise(
    id="game.who_wins",
    notebook=NOTEBOOK,
    clauses=("game.end", "game.winner", "variant.short"),
    kind="play",
    question=N_(
        "This short game has two phases. p2 is about to go out by discarding Y12. Who wins the game "
        "when the round ends?"
    ),
    solution="p2",
    wrong=("p1", "p3"),
    hints=(
        N_("Phase 2 is the last phase here: who has laid it this round?"),
        N_(
            "Add this round's points to each total (p1 still holds R12 B12 W); among those who completed "
            "Phase 2, the lowest total wins."
        ),
    ),
    judge=_judge_winner,
    position=short_game_position,
)


def _judge_tiebreak(answer: object, t: Translations) -> Verdict:
    chosen = read_players(answer, 3)
    game = _final("S")
    right = frozenset(game.active) if game.tiebreak else frozenset()
    wrong = _players_verdict(
        chosen,
        right,
        t,
        N_("{player} completed the last phase with the same lowest total, so {player} plays the tie-break too."),
        N_("{player} does not play the tie-break: only those tied on the lowest total of the finishers do."),
    )
    if wrong:
        return False, not_quite(t, names(chosen), wrong)
    total = game.scores[next(iter(right))]
    return True, t.ngettext(
        "Right: {players} completed the last phase with {points} point each, so they play a tie-break round "
        "on {phase}; the first to lay it down wins.",
        "Right: {players} completed the last phase with {points} points each, so they play a tie-break round "
        "on {phase}; the first to lay it down wins.",
        total,
    ).format(players=and_list(seat_names(right), t), points=total, phase=TIEBREAK_PHASE)


TIEBREAK = Exercise(
    id="game.tiebreak_players",
    notebook=NOTEBOOK,
    clauses=("game.tiebreak", "game.winner"),
    kind="play",
    question=N_(
        "The same round, but p1 kept R12 B12 S instead of R12 B12 W. p2 goes out by discarding Y12. "
        "Which players play a tie-break round?"
    ),
    solution="p1 p2",
    wrong=("p2", "p1 p2 p3", "p1"),
    hints=(
        N_("Work out both totals after this round: a Skip costs 15, a 12 costs 10."),
        N_("A tie-break is for the players who completed the last phase and share the lowest total."),
    ),
    judge=_judge_tiebreak,
    position=tiebreak_position,
)

# ------------------------------------------------------------------ who plays first

DEALER_PLAYERS = 5
DEALER_ROUND = 7


@cache
def round_start(players: int, round_number: int) -> tuple[int, int]:
    """``(dealer, first player)`` of ``round_number`` (0-based seats), read from the engine: GreedyBots play a
    seeded game until that round is dealt (a game whose flipped card is a Skip is passed over, so the first
    player is the one on the dealer's left).

    >>> round_start(3, 1), round_start(3, 2)
    ((2, 0), (0, 1))
    """
    from phase10kit.bots import GreedyBot

    for seed in range(20):
        game = Game(players=players, seed=seed)
        bots = [GreedyBot(seed=seat) for seat in range(players)]
        while not game.over and game.round < round_number:
            seat = game.current_player
            game.apply(bots[seat].choose(game.view(seat)))
        if game.round == round_number and not game.discard_pile[-1].is_skip:
            return game.dealer, game.current_player
    raise RuntimeError(f"no seeded game reached round {round_number}")  # pragma: no cover


def _judge_first_player(answer: object, t: Translations) -> Verdict:
    chosen = read_player(answer, DEALER_PLAYERS)
    dealer, first = round_start(DEALER_PLAYERS, DEALER_ROUND)
    if chosen == first:
        return True, t.gettext(
            "Right: the deal moves one seat to the left each round, so p{dealer} deals round {round} and "
            "{player}, on the dealer's left, plays first."
        ).format(dealer=dealer + 1, round=DEALER_ROUND, player=f"p{first + 1}")
    if chosen == dealer:
        return False, t.gettext("{player} deals round {round}: the player on the dealer's left plays first.").format(
            player=f"p{chosen + 1}", round=DEALER_ROUND
        )
    return False, t.gettext(
        "{player} is not it: the deal moves one seat to the left each round; count round by round from round 1."
    ).format(player=f"p{chosen + 1}")


FIRST_PLAYER = Exercise(
    id="game.first_player",
    notebook=NOTEBOOK,
    clauses=("game.dealer",),
    kind="answer",
    question=N_(
        "Five players: p5 deals round 1 and p1 plays first. Who plays first in round 7 (when no Skip is flipped)?"
    ),
    solution="p2",
    wrong=("p1", "p3", "p7"),
    hints=(
        N_("Round 2 is dealt by p1 and round 3 by p2: go on round by round."),
        N_("After five rounds the deal is back where it started."),
    ),
    judge=_judge_first_player,
)

# ------------------------------------------------------------------ variants

ALL_ADVANCE = Rules(progression="all_advance")


def all_advance_position() -> Game:
    """The scoring table under the all-advance variant."""
    return scoring_position(ALL_ADVANCE)


def _judge_all_advance(answer: object, t: Translations) -> Verdict:
    number = read_int(answer, low=0, high=20)
    game = _scored(ALL_ADVANCE)
    right = game.open_phases(2)[0]
    if number == right:
        return True, t.gettext(
            "Right: under all-advance everyone moves on every round, so p3 plays Phase {number} in round 2; the "
            "game lasts one round per phase and the lowest total wins."
        ).format(number=right)
    if number == 1:
        return False, t.gettext(
            "1 is the standard rule: p3 did not lay Phase 1. Under all-advance, does that keep p3 back?"
        )
    return False, t.gettext("{answer} is not it: which phase does everyone play in round 2 under all-advance?").format(
        answer=number
    )


ALL_ADVANCE_EXERCISE = Exercise(
    id="variant.all_advance",
    notebook=NOTEBOOK,
    clauses=("variant.all_advance", "score.advance"),
    kind="play",
    question=N_(
        "The same table under Rules(progression='all_advance'). p1 goes out; p3 never laid Phase 1. "
        "Which phase does p3 play in round 2? Write its number."
    ),
    solution=2,
    wrong=(1, 3),
    hints=(
        N_("The variant's name says who moves on after each round."),
        N_("Under all-advance, round n is played on Phase n by everyone."),
    ),
    judge=_judge_all_advance,
    position=all_advance_position,
)

ANY_ORDER = Rules(progression="any_order")
ANY_ORDER_HAND = "R1 B2 G3 Y4 R5 B6 G7 R9 B9 W"


def any_order_position() -> Game:
    """p1 has drawn Y12 to ``ANY_ORDER_HAND`` under the any-order variant."""
    game = Game.from_deal([ANY_ORDER_HAND, "R11 B11 G10 Y10 R8 B8 G12 Y6 S S"], rules=ANY_ORDER, flip="Y2", draws="Y12")
    game.apply(parse_action("p1 draw"))
    return game


def any_order_phases() -> frozenset[int]:
    """The phases p1 may lay now: the phase numbers of the engine's legal lay-downs."""
    game = any_order_position()
    return frozenset(phase for action in game.legal_actions() if (phase := getattr(action, "phase", None)) is not None)


def read_numbers(answer: object, *, low: int = 1, high: int = 20) -> frozenset[int]:
    """Whole numbers written like ``"2 4 5"``, ``"2, 4"`` or ``[2, 4]``."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        items: list[object] = [answer]
    elif isinstance(answer, str) and len(answer) <= 80:
        items = list(answer.replace(",", " ").split())
    elif isinstance(answer, list | tuple | set | frozenset) and len(answer) <= 20:
        items = list(answer)
    else:
        raise AnswerError(N_("{answer} is not a list of numbers: write them like 1 3 5."), answer=brief(answer))
    if not items:
        raise AnswerError(N_("{answer} is not a list of numbers: write them like 1 3 5."), answer=brief(answer))
    return frozenset(read_int(item, low=low, high=high) for item in items)


def _judge_any_order(answer: object, t: Translations) -> Verdict:
    chosen = read_numbers(answer)
    right = any_order_phases()
    shown = " ".join(str(n) for n in sorted(chosen))
    for number in sorted(right - chosen):
        why = t.gettext("Phase {number} can be laid with these cards too: look again, with the Wild.")
        return False, not_quite(t, shown, why.format(number=number))
    for number in sorted(chosen - right):
        why = t.gettext("Phase {number} ({phase}) cannot be laid with these cards.")
        return False, not_quite(t, shown, why.format(number=number, phase=ANY_ORDER.phases[number - 1]))
    return True, t.gettext(
        "Right: phases {numbers} can all be laid now; under any-order p1 picks one, and each phase is made once."
    ).format(numbers=", ".join(str(n) for n in sorted(right)))


ANY_ORDER_EXERCISE = Exercise(
    id="variant.any_order",
    notebook=NOTEBOOK,
    clauses=("variant.any_order", "phase.list"),
    kind="play",
    question=N_(
        "Under Rules(progression='any_order') p1 holds R1 B2 G3 Y4 R5 B6 G7 R9 B9 W Y12 and has made no phase "
        "yet. Which phases could p1 lay down now? Write all their numbers."
    ),
    solution="2 4 5 6",
    wrong=("4", "1", "4 5", "2 4 5 6 7"),
    hints=(
        N_("Check the ten phases one by one; the runs r7, r8 and r9 deserve a careful look."),
        N_("The Wild can stand for 8 in a run, and R9 B9 W is a set of 3."),
    ),
    judge=_judge_any_order,
    position=any_order_position,
)


def _read_rules(answer: object) -> Rules:
    """A ``Rules`` value; or text as typed in an answer box: ``Rules(...)`` with literal arguments (and
    ``phase_list("...")``), or a phase list in the notation (``"r5, c5, 2s4"``) for the default rules.

    >>> typed = _read_rules("Rules(phases=phase_list('first:3'), skip_target='next')")
    >>> typed == Rules(phases="first:3", skip_target="next")
    True
    """
    if isinstance(answer, Rules):
        return answer
    if not isinstance(answer, str) or len(answer) > 300:
        raise AnswerError(N_("{answer} is not a Rules value: write Rules(...)."), answer=brief(answer))
    text = answer.strip()
    if not text.startswith("Rules("):
        return Rules(phases=phase_list(text))
    try:
        call = ast.parse(text, mode="eval").body
        if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name) or call.func.id != "Rules":
            raise ValueError(text)
        if call.args:
            raise ValueError(text)
        values: dict[str, Any] = {keyword.arg: _literal(keyword.value) for keyword in call.keywords if keyword.arg}
        return Rules(**values)
    except (SyntaxError, ValueError, TypeError):
        raise AnswerError(
            N_("{answer} is not a Rules value: write Rules(...) with names and values, like Rules(go_out='discard')."),
            answer=brief(answer),
        ) from None


def _literal(node: ast.expr) -> object:
    """A literal argument of a typed ``Rules(...)``, or ``phase_list("...")`` (nothing else is evaluated)."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "phase_list"
        and len(node.args) == 1
        and not node.keywords
    ):
        return phase_list(str(ast.literal_eval(node.args[0])))
    return ast.literal_eval(node)


def _changed_fields(rules: Rules, expected: Rules) -> list[str]:
    return [f.name for f in fields(Rules) if getattr(rules, f.name) != getattr(expected, f.name)]


def rules_judge(expected: Rules, *, want: str) -> Callable[[object, Translations], Verdict]:
    """A judge accepting exactly ``expected``: its sentence names the first field that differs. ``want`` is a
    msgid describing the asked game."""

    def judge(answer: object, t: Translations) -> Verdict:
        rules = _read_rules(answer)
        changed = _changed_fields(rules, expected)
        if not changed:
            return True, t.gettext("Right: {rules}").format(rules=rules.notation())
        name = changed[0]
        if name == "phases":
            return False, t.gettext("Its phases are {phases}, but the game asked for is: {want}").format(
                phases=", ".join(str(p) for p in rules.phases), want=t.gettext(want)
            )
        default = getattr(Rules(), name)
        if getattr(expected, name) == default:
            return False, t.gettext("{name}={value!r} is changed too: keep the other rules at their defaults.").format(
                name=name, value=getattr(rules, name)
            )
        return False, t.gettext("With {name}={value!r} it is not the game asked for: {want}").format(
            name=name, value=getattr(rules, name), want=t.gettext(want)
        )

    return judge


SHORT_NEXT_WANT = N_("the first 3 standard phases, and a Skip always skips the next player.")

SHORT_RULES_EXERCISE = Exercise(
    id="variant.short_rules",
    notebook=NOTEBOOK,
    clauses=("variant.short", "option.skip_next"),
    kind="answer",
    question=N_(
        "Make the rules of a short game: only the first 3 standard phases, and a Skip always skips the next "
        "player. Write a Rules(...) value."
    ),
    solution=Rules(phases=phase_list("first:3"), skip_target="next"),
    wrong=(
        Rules(phases=phase_list("first:3")),
        Rules(skip_target="next"),
        Rules(phases=phase_list("first:3"), skip_target="next", go_out="discard"),
        "first:3",
    ),
    hints=(
        N_("phase_list(...) makes the phase list of a variant; read its help with phase_list?"),
        N_("Two fields change: phases and skip_target (its choices are 'choose' and 'next')."),
    ),
    judge=rules_judge(Rules(phases=phase_list("first:3"), skip_target="next"), want=SHORT_NEXT_WANT),
)

CUSTOM_WANT = N_("a run of 5, then 5 cards of one colour, then two sets of 4.")
CUSTOM_RULES = Rules(phases=phase_list("r5, c5, 2s4"))

CUSTOM_EXERCISE = Exercise(
    id="variant.custom_rules",
    notebook=NOTEBOOK,
    clauses=("variant.custom", "phase.list"),
    kind="answer",
    question=N_(
        "Write the rules of a custom game of three phases: a run of 5, then 5 cards of one colour, then "
        "two sets of 4 (the other rules as usual)."
    ),
    solution=CUSTOM_RULES,
    wrong=(Rules(phases=phase_list("r5, c5, s4")), Rules(phases=phase_list("c5, r5, 2s4")), "r5, s5, 2s4"),
    hints=(
        N_("phase_list also reads phases in the notation, separated by commas."),
        N_("In the notation a run of 5 is r5, five of one colour c5, and two sets of 4 is 2s4."),
    ),
    judge=rules_judge(CUSTOM_RULES, want=CUSTOM_WANT),
)


def read_phase(answer: object) -> Phase:
    """A phase written in the notation (``"s3+r4"``) or a ``Phase``."""
    if isinstance(answer, Phase):
        return answer
    if isinstance(answer, str) and len(answer) <= 40:
        return Phase.parse(answer)
    raise AnswerError(N_("{answer} is not a phase: write it in the notation, like s3+r4."), answer=brief(answer))


def phase_position_judge(spec: str, position: int, description: str) -> Callable[[object, Translations], Verdict]:
    """A judge for "which phase comes at ``position`` (1-based) of ``phase_list(spec)``"; ``description`` is a
    msgid naming the variant."""

    def judge(answer: object, t: Translations) -> Verdict:
        chosen = read_phase(answer)
        phases = phase_list(spec)
        right = phases[position - 1]
        if chosen == right:
            return True, t.gettext("Right: phase {position} of {variant} is {phase} ({name}).").format(
                position=position, variant=t.gettext(description), phase=right, name=_phase_name(right, t)
            )
        if chosen in phases:
            return False, t.gettext("{phase} is in {variant}, but as phase {where}, not phase {position}.").format(
                phase=chosen, variant=t.gettext(description), where=phases.index(chosen) + 1, position=position
            )
        return False, t.gettext("{phase} is not one of the phases of {variant}.").format(
            phase=chosen, variant=t.gettext(description)
        )

    return judge


def _phase_name(phase: Phase, t: Translations) -> str:
    from phase10kit.explain import phase_name

    return phase_name(phase, lang_of(t))


EVEN_DESCRIPTION = N_("the even-phases game")

EVEN_EXERCISE = Exercise(
    id="variant.even_phases",
    notebook=NOTEBOOK,
    clauses=("variant.even_odd",),
    kind="answer",
    question=N_("In a game of only the even phases, which phase is the third one a player makes? Write it like s3+r4."),
    solution="r9",
    wrong=("s4+r4", "r7", "c7"),
    hints=(
        N_("The even phases are Phases 2, 4, 6, 8 and 10 of the standard list."),
        N_("The third of them is standard Phase 6."),
    ),
    judge=phase_position_judge("even", 3, EVEN_DESCRIPTION),
)

TWENTY_DESCRIPTION = N_("the twenty-phases game")

TWENTY_EXERCISE = Exercise(
    id="variant.twenty_next",
    notebook=NOTEBOOK,
    clauses=("variant.twenty", "phase.list"),
    kind="answer",
    question=N_("In the twenty-phases game, which phase comes right after s5+s3 (Phase 10)? Write it like s3+r4."),
    solution="4s2",
    wrong=("2s3", "s5+s3", "s4+r5"),
    hints=(
        N_("After Phase 10 the game does not start again: the extra phases follow."),
        N_("Look at phase_list('twenty'), or at the table of extra phases: Phase 11."),
    ),
    judge=phase_position_judge("twenty", 11, TWENTY_DESCRIPTION),
)

# ------------------------------------------------------------------ rule options: spot what an option changes


def option_judge(
    position: Callable[[], Game], here: str, there: str, actions: Sequence[str]
) -> Callable[[object, Translations], Verdict]:
    """A judge for "spot the move these rules refuse": ``position()`` is dealt under the rules named ``here``, and
    exactly one of ``actions`` is refused there; the rules named ``there`` (the default rules, or the option)
    decide it the other way, which the feedback says."""
    choices = tuple(" ".join(action.split()) for action in actions)

    def judge(answer: object, t: Translations) -> Verdict:
        action = read_choice(answer, choices)
        error = position().why_not(parse_action(action))
        if error is None:
            return False, t.gettext("{action} is allowed under {rules}: look for the move the engine refuses.").format(
                action=action, rules=here
            )
        return True, t.gettext(
            "Right: under {rules} the engine refuses {action}: {why} Under {other} it is allowed."
        ).format(rules=here, action=action, why=refusal_sentence(error, lang_of(t)), other=there)

    return judge


def scripted(hands: Sequence[str], draws: str, script: Sequence[str], flip: str = "R5") -> Callable[[Rules], Game]:
    """A position builder: the deal, then the script, under any rules."""

    def position(rules: Rules) -> Game:
        game = Game.from_deal(list(hands), rules=rules, flip=flip, draws=draws)
        for line in script:
            game.apply(parse_action(line))
        return game

    return position


DEFAULT_TEXT = "Rules()"


def option_exercise(
    id: str,
    clauses: tuple[str, ...],
    question: str,
    rules: Rules,
    here: str,
    there: str,
    position: Callable[[Rules], Game],
    actions: tuple[str, str, str, str],
    hints: tuple[str, ...],
) -> Exercise:
    """A spot exercise on a position dealt under ``rules`` (named ``here``); ``actions[0]`` is the one refused."""

    def dealt() -> Game:
        return position(rules)

    return Exercise(
        id=id,
        notebook=NOTEBOOK,
        clauses=clauses,
        kind="spot",
        question=question,
        solution=actions[0],
        wrong=actions[1:],
        hints=hints,
        judge=option_judge(dealt, here, there, actions),
        position=dealt,
    )


HIT_SAME_TURN_POSITION = scripted(
    ("R7 B7 G7 R9 B9 G9 Y1 Y3 Y5 B12", "R4 B4 G4 Y4 R11 B11 G11 Y9 R1 B1"),
    "R2 G7",
    ("p1 draw", "p1 lay s[R7 B7 G7] s[R9 B9 G9]", "p1 discard B12", "p2 draw", "p2 lay s[R4 B4 G4] s[R11 B11 G11]"),
)
HIT_SAME_TURN = option_exercise(
    "option.hit_same_turn",
    ("option.hit_same_turn", "turn.hit_others_next", "turn.hit_own"),
    N_(
        "Default rules. p2 has just laid s[R4 B4 G4] s[R11 B11 G11] and holds Y4 Y9 R1 B1 G7; p1 laid "
        "s[R7 B7 G7] s[R9 B9 G9] last turn. Which of these moves do the rules refuse, though "
        "Rules(hit_others='same_turn') would allow it?"
    ),
    Rules(),
    DEFAULT_TEXT,
    "Rules(hit_others='same_turn')",
    HIT_SAME_TURN_POSITION,
    ("p2 hit p1.1 G7", "p2 hit p2.1 Y4", "p2 discard Y9", "p2 discard R1"),
    (
        N_("The option is about whose groups p2 may hit in the turn p2 lays down."),
        N_("Own groups may always be hit at once; what about p1's groups?"),
    ),
)

GO_OUT_POSITION = scripted(("R7 B7 G7 Y7 G7 R9 B9 G9 Y9 W", "R1 R2 R3 R4 B5 B6 G8 G10 Y11 Y12"), "B9", ("p1 draw",))
GO_OUT = option_exercise(
    "option.go_out_discard",
    ("option.go_out_discard", "hand.going_out", "turn.discard"),
    N_(
        "Under Rules(go_out='discard') p1 holds R7 B7 G7 Y7 G7 R9 B9 G9 Y9 B9 W after drawing, on Phase 1. "
        "Which of these moves do these rules refuse, though the default rules allow it?"
    ),
    Rules(go_out="discard"),
    "Rules(go_out='discard')",
    DEFAULT_TEXT,
    GO_OUT_POSITION,
    (
        "p1 lay s[R7 B7 G7 Y7 G7] s[R9 B9 G9 Y9 B9 W]",
        "p1 lay s[R7 B7 G7 Y7 G7] s[R9 B9 G9 Y9 B9]",
        "p1 lay s[R7 B7 G7] s[R9 B9 G9]",
        "p1 discard W",
    ),
    (
        N_("Under this option a round must end in a particular way."),
        N_("Which lay-down would leave p1 without a card to discard?"),
    ),
)

EXACT_POSITION = scripted(("R7 B7 G7 Y7 R9 B9 G9 Y2 B3 G4", "R1 R2 R3 R4 B5 B6 G8 G10 Y11 Y12"), "R12", ("p1 draw",))
EXACT = option_exercise(
    "option.exact_size",
    ("option.exact_size", "phase.extra_cards"),
    N_(
        "Under Rules(extra_cards=False) p1 holds R7 B7 G7 Y7 R9 B9 G9 Y2 B3 G4 R12 on Phase 1. Which of these "
        "moves do these rules refuse, though the default rules allow it?"
    ),
    Rules(extra_cards=False),
    "Rules(extra_cards=False)",
    DEFAULT_TEXT,
    EXACT_POSITION,
    (
        "p1 lay s[R7 B7 G7 Y7] s[R9 B9 G9]",
        "p1 lay s[R7 B7 G7] s[R9 B9 G9]",
        "p1 lay s[B7 G7 Y7] s[R9 B9 G9]",
        "p1 discard R12",
    ),
    (
        N_("The option is about how many cards a group may have when it is laid down."),
        N_("Phase 1 asks for sets of 3: which lay-down has more?"),
    ),
)

ALL_WILD_POSITION = scripted(("W W W R7 B7 G7 R9 B9 Y2 G4", "R1 R2 R3 R4 B5 B6 G8 G10 Y11 Y12"), "Y10", ("p1 draw",))
ALL_WILD = option_exercise(
    "option.all_wild",
    ("option.all_wild", "wild.natural"),
    N_(
        "Default rules. p1 holds W W W R7 B7 G7 R9 B9 Y2 G4 Y10 on Phase 1. Which of these moves do the rules "
        "refuse, though Rules(natural_required=False) would allow it? (s7[W W W] is three Wilds laid as 7s.)"
    ),
    Rules(),
    DEFAULT_TEXT,
    "Rules(natural_required=False)",
    ALL_WILD_POSITION,
    (
        "p1 lay s7[W W W] s[R7 B7 G7]",
        "p1 lay s[R7 B7 G7] s[R9 B9 W]",
        "p1 lay s[R7 B7 W] s[R9 B9 W]",
        "p1 discard Y10",
    ),
    (
        N_("natural_required: does every group need a card that is not a Wild?"),
        N_("Which lay-down has a group with no natural card?"),
    ),
)

SKIP_FROM_DISCARD_RULES = Rules(skip_from_discard=True)
SKIP_FROM_DISCARD_POSITION = scripted(
    ("S R1 B3 G5 Y7 R9 B11 G2 Y4 R6", "R2 R3 B5 B6 G8 G10 Y11 Y12 R10 B1", "G1 G3 Y5 Y6 R8 B10 G11 Y2 B4 G6"),
    "B8",
    ("p1 draw", "p1 discard S>p3"),
)


def skip_from_discard_position() -> Game:
    """p1 has discarded a Skip against p3 under ``Rules(skip_from_discard=True)``; p2 is to draw."""
    return SKIP_FROM_DISCARD_POSITION(SKIP_FROM_DISCARD_RULES)


def _judge_skip_from_discard(answer: object, t: Translations) -> Verdict:
    count = read_int(answer, low=0, high=100)
    legal = [str(action) for action in skip_from_discard_position().legal_actions()]
    usual = len(list(SKIP_FROM_DISCARD_POSITION(Rules()).legal_actions()))
    if count == len(legal):
        return True, t.gettext(
            "Right: {count} ({actions}). Under the default rules p2 could only draw: a Skip is never taken "
            "from the discard pile."
        ).format(count=count, actions=", ".join(legal))
    if count == usual:
        return False, t.gettext(
            "{answer} is the default rule, where the Skip on the discard pile cannot be taken. What does this "
            "option allow?"
        ).format(answer=count)
    return False, t.gettext("{answer} is not it: a turn starts with drawing; from which piles may p2 draw?").format(
        answer=count
    )


SKIP_FROM_DISCARD = Exercise(
    id="option.skip_from_discard",
    notebook=NOTEBOOK,
    clauses=("option.skip_from_discard", "turn.no_skip_from_discard", "turn.draw"),
    kind="play",
    question=N_(
        "Under Rules(skip_from_discard=True): p1 has discarded a Skip against p3, and p2 is to draw. How many "
        "different actions may p2 choose from now?"
    ),
    solution=2,
    wrong=(1, 3),
    hints=(
        N_("What lies on top of the discard pile, and from which piles may a player draw?"),
        N_("By the default rules a Skip is never taken from the discard pile; this option changes that."),
    ),
    judge=_judge_skip_from_discard,
    position=skip_from_discard_position,
)

TWIST = Rules(first_skip="cover")
TWIST_HANDS = (
    "R1 B3 G5 Y7 R9 B11 G2 Y4 R6 B8",
    "R2 R3 B5 B6 G8 G10 Y11 Y12 R10 B1",
    "G1 G3 Y5 Y6 R8 B10 G11 Y2 B4 G6",
)


def twist_position(rules: Rules = TWIST) -> Game:
    """Round 1 of three players with a Skip flipped first (covered by R5 under the Twist rule)."""
    flip = "S R5" if rules.first_skip == "cover" else "S"
    return Game.from_deal(list(TWIST_HANDS), rules=rules, flip=flip)


def _judge_twist(answer: object, t: Translations) -> Verdict:
    chosen = read_player(answer, 3)
    right = twist_position().current_player
    usual = twist_position(Rules()).current_player
    if chosen == right:
        return True, t.gettext(
            "Right: under the Twist rule the flipped Skip is covered by the next card, so nobody is skipped and "
            "{player} plays first."
        ).format(player=f"p{right + 1}")
    if chosen == usual:
        return False, t.gettext(
            "{player} plays first under the default rules, where the flipped Skip skips p1. What does the Twist "
            "rule do with that Skip?"
        ).format(player=f"p{chosen + 1}")
    return False, t.gettext("{player} is not it: who plays first in a round when no one is skipped?").format(
        player=f"p{chosen + 1}"
    )


TWIST_EXERCISE = Exercise(
    id="option.twist_cover",
    notebook=NOTEBOOK,
    clauses=("option.twist_cover", "skip.first_discard"),
    kind="play",
    question=N_(
        "Round 1, three players: the first card flipped is a Skip. Under Rules(first_skip='cover') (the Twist "
        "rule), who plays the first turn?"
    ),
    solution="p1",
    wrong=("p2", "p3"),
    hints=(
        N_("'cover' says what happens to that Skip."),
        N_("Under the default rules the Skip skips p1; under the Twist rule the next card is flipped on top of it."),
    ),
    judge=_judge_twist,
    position_after_answer=True,  # the table shows the answer (whose turn / the phase)
    position=twist_position,
)

EXERCISES: tuple[Exercise, ...] = (
    SCORE_WRITE,
    HAND_POINTS,
    WHO_ADVANCES,
    WHO_WINS,
    TIEBREAK,
    FIRST_PLAYER,
    ALL_ADVANCE_EXERCISE,
    ANY_ORDER_EXERCISE,
    SHORT_RULES_EXERCISE,
    CUSTOM_EXERCISE,
    EVEN_EXERCISE,
    TWENTY_EXERCISE,
    HIT_SAME_TURN,
    GO_OUT,
    EXACT,
    ALL_WILD,
    SKIP_FROM_DISCARD,
    TWIST_EXERCISE,
)
"""The exercises of lesson 08, in the notebook's order."""

__all__ = [
    "EXERCISES",
    "FINAL_DISCARD",
    "GOING_OUT",
    "any_order_position",
    "round_start",
    "scoring_position",
    "short_game_position",
    "tiebreak_position",
    "twist_position",
]
