"""Lesson 08, part one: scoring a round, who advances, who wins, the tie-break and who plays first.

The table positions of ``teacher/08_scoring_and_variants.ipynb``'s first half, each dealt with
``Game.from_deal`` (or written as a history for a second round) and played on by a fixed script, and the
exercises on them; ``phase10kit.course.lesson_08`` lists them with the variants' and options' exercises.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from phase10kit.actions import parse_action, seat_notation
from phase10kit.bots import GreedyBot
from phase10kit.cards import DECK_COUNTS, Card, format_cards, parse_cards
from phase10kit.course.answers import read_int, read_player, read_players
from phase10kit.course.base import Exercise, Translations, Verdict
from phase10kit.course.checks import Case, hidden_cases, lang_of, not_quite
from phase10kit.game import TIEBREAK_PHASE, Game
from phase10kit.i18n import N_, and_list
from phase10kit.rules import Rules, phase_list

NOTEBOOK = "08_scoring_and_variants"


def seat_names(seats: Sequence[int] | frozenset[int]) -> list[str]:
    """Seats in the notation, in order: ``seat_names({2, 0}) == ["p1", "p3"]``."""
    return [seat_notation(seat) for seat in sorted(seats)]


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
    lines = [f"hand {round_number} dealer {seat_notation(dealer)}"]
    lines += [f"deal {seat_notation(seat)} {deals[seat]}" for seat in order]
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


def scored_position(rules: Rules | None = None) -> Game:
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
    # Skips and Wilds alone: they have no number (card.number is 0) but cost the most.
    _score_case("S", N_("a Skip left in the hand costs 15")),
    _score_case("S S S", N_("each Skip left in the hand costs 15")),
    _score_case("W W", N_("each Wild left in the hand costs 25")),
    _score_case("W S", N_("a Wild costs 25 and a Skip 15")),
    _score_case("R10 R10 B12", N_("each card counts, both copies of R10 too: 10 each")),
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
        N_("Only number cards are left after that: card.number tells a 1-9 from a 10-12."),
        N_("Start from 0 before the loop, add inside it, and return the total after the loop, not inside it."),
    ),
    judge=hidden_cases("score", SCORE_CASES, numbers="close"),
    worked=N_(
        "Start from 0 and look at each card of the hand in turn, adding its cost to the total.\n"
        "Ask `card.is_wild` first: a Wild's `card.number` is 0, so it must come before the numbers; then "
        "`card.is_skip`.\n"
        "Only number cards are left after that: 10 to 12 cost 10, 1 to 9 cost 5. Return the total after the loop, "
        "not inside it:\n"
        "    def score(hand):\n"
        "        total = 0\n"
        "        for card in hand:\n"
        "            if card.is_wild:\n"
        "                total += 25\n"
        "            elif card.is_skip:\n"
        "                total += 15\n"
        "            elif card.number >= 10:\n"
        "                total += 10\n"
        "            else:\n"
        "                total += 5\n"
        "        return total\n"
        "For R9 B10 S W it gives 5 + 10 + 15 + 25 = 55."
    ),
)


def _judge_hand_points(answer: object, t: Translations) -> Verdict:
    points = read_int(answer, low=0, high=10_000, lang=lang_of(t))
    game = scoring_position()
    held = list(game.hands[1])
    laid = [card for group in game.melds[1] for card in group.cards]
    right = scored_position().scores[1]
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
        N_("Which of p2's cards count when the round ends: the ones on the table, or the ones in the hand?"),
        N_("Only the cards still in p2's hand count when the round ends."),
        N_("p2 holds four cards: a 5, an 8, a 12 and a Skip. Look up each one's cost."),
    ),
    judge=_judge_hand_points,
    worked=N_(
        "When p1 goes out, p2 still holds Y8 S R12 Y5. Its laid groups, s[R4 B4 G4] s[R11 B11 W], cost nothing.\n"
        "Y5 and Y8 are between 1 and 9: 5 points each, 10 together.\n"
        "R12 is between 10 and 12: 10 points. The Skip: 15 points.\n"
        "10 + 10 + 15 = 35: p2 scores 35 penalty points for this round."
    ),
    position=scoring_position,
)


def _players_verdict(
    chosen: frozenset[int], right: frozenset[int], t: Translations, missing: str, extra: str
) -> str | None:
    """The sentence for the first seat the answer gets wrong (``missing``/``extra`` msgids with {player})."""
    for seat in sorted(right - chosen):
        return t.gettext(missing).format(player=seat_notation(seat))
    for seat in sorted(chosen - right):
        return t.gettext(extra).format(player=seat_notation(seat))
    return None


def _judge_advances(answer: object, t: Translations) -> Verdict:
    chosen = read_players(answer, 3)
    game = scored_position()
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
        N_("A player moves on when they laid their phase during the round, whether or not they went out."),
        N_("Look at the table: whose phase lies in front of them?"),
    ),
    judge=_judge_advances,
    worked=N_(
        "A player moves on to the next phase when they laid their phase during the round; going out adds nothing "
        "to that.\n"
        "p1 laid its two sets of Phase 1 and goes out: p1 advances.\n"
        "p2 laid s[R4 B4 G4] s[R11 B11 W] and still holds four cards: p2 advances too.\n"
        "p3 laid nothing and stays on Phase 1. The answer: p1 p2."
    ),
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
    name = seat_notation(chosen)
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
        N_("The game ends after this round. Only a player who completed the last phase can win."),
        N_(
            "Add this round's points to each total (p1 still holds R12 B12 W); among those who completed "
            "Phase 2, the lowest total wins."
        ),
    ),
    judge=_judge_winner,
    worked=N_(
        "Phase 2 is the last phase of this short game, and p1 and p2 have both laid it this round: the game ends "
        "with the round. p3 never laid Phase 2 and cannot win.\n"
        "p1 keeps R12 B12 W: 10 + 10 + 25 = 45 points, so its total goes from 0 to 45.\n"
        "p2 goes out and scores nothing this round: its total stays at 35.\n"
        "Of the two who completed the last phase, p2 has the lower total, 35 against 45: p2 wins."
    ),
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
        N_("Who can win at all? Only the players who completed the last phase."),
        N_("A tie-break is for the players who completed the last phase and share the lowest total."),
        N_("Work out both totals after this round: a Skip costs 15, a 12 costs 10."),
    ),
    judge=_judge_tiebreak,
    worked=N_(
        "p1 and p2 completed Phase 2, the last phase; p3 did not, so p3 cannot win and plays no tie-break.\n"
        "p1 keeps R12 B12 S: 10 + 10 + 15 = 35 points, so its total goes from 0 to 35.\n"
        "p2 goes out and keeps its total of 35.\n"
        "The two share the lowest total, 35, so they play a tie-break round on s5+s3. The answer: p1 p2."
    ),
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
        ).format(dealer=dealer + 1, round=DEALER_ROUND, player=seat_notation(first))
    if chosen == dealer:
        return False, t.gettext("{player} deals round {round}: the player on the dealer's left plays first.").format(
            player=seat_notation(chosen), round=DEALER_ROUND
        )
    return False, t.gettext(
        "{player} is not it: the deal moves one seat to the left each round; count round by round from round 1."
    ).format(player=seat_notation(chosen))


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
        N_("The player on the dealer's left plays first: who deals round 7?"),
        N_("The deal moves one seat to the left each round: round 2 is dealt by p1, the player on p5's left."),
        N_("With five players, after five rounds the deal is back where it started."),
    ),
    judge=_judge_first_player,
    worked=N_(
        "Round 1: p5 deals, and p1, on the dealer's left, plays first.\n"
        "The deal moves one seat to the left each round: p1 deals round 2, p2 round 3, p3 round 4, p4 round 5 and "
        "p5 round 6.\n"
        "So p1 deals round 7, as it dealt round 2: with five players the deal repeats every five rounds.\n"
        "The player on p1's left, p2, plays first in round 7."
    ),
)


SCORING_EXERCISES: tuple[Exercise, ...] = (SCORE_WRITE, HAND_POINTS, WHO_ADVANCES, WHO_WINS, TIEBREAK, FIRST_PLAYER)
"""The exercises of this part, in the notebook's order."""

__all__ = [
    "FINAL_DISCARD",
    "GOING_OUT",
    "NOTEBOOK",
    "SCORING_EXERCISES",
    "deal_lines",
    "names",
    "play",
    "round_start",
    "scored_position",
    "scoring_position",
    "seat_names",
    "short_game_position",
    "tiebreak_position",
]
