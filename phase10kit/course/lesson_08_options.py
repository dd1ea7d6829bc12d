"""Lesson 08, part three: the rule options, each spotted by the move it refuses or the turn it changes.

Each position is dealt under the option (``scripted``) and judged by the engine; the feedback says how
the default rules decide it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from phase10kit.actions import parse_action, seat_notation
from phase10kit.course.answers import read_choice, read_int, read_player
from phase10kit.course.base import Exercise, Translations, Verdict
from phase10kit.course.checks import lang_of, refusal_sentence
from phase10kit.course.lesson_08_scoring import NOTEBOOK
from phase10kit.game import Game
from phase10kit.i18n import N_
from phase10kit.rules import Rules

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
    worked: str,
) -> Exercise:
    """A spot exercise on a position dealt under ``rules`` (named ``here``); ``actions[0]`` is the one refused.
    ``hints`` are its hint steps and ``worked`` its worked solution (msgids)."""

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
        worked=worked,
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
        N_("Two of the four moves are discards, which every rule set allows; look at the two hits."),
        N_("By the default rules, may a player hit other players' groups in the same turn it lays down?"),
    ),
    N_(
        "p2 has just laid its phase. Discarding Y9 or R1 is always allowed, and so is hitting its own "
        "s[R4 B4 G4] with Y4.\n"
        "By the default rules a player may hit other players' groups only from its next turn on "
        "(hit_others='next_turn').\n"
        "So the engine refuses p2 hit p1.1 G7 in this turn; Rules(hit_others='same_turn') would allow it."
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
        N_("With go_out='discard' a player goes out only by discarding the last card."),
        N_("Which lay-down would leave p1 without a card to discard?"),
    ),
    N_(
        "Under Rules(go_out='discard') a player goes out only by discarding their last card.\n"
        "p1 holds 11 cards, and p1 lay s[R7 B7 G7 Y7 G7] s[R9 B9 G9 Y9 B9 W] lays all 11: nothing is left to "
        "discard, so these rules refuse it.\n"
        "The other lay-downs keep cards for the discard, and discarding W is an ordinary discard.\n"
        "By the default rules a round may also end when a player's last cards go onto the table, so there it is "
        "allowed."
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
        N_("extra_cards=False: a group laid for a phase has exactly the size the phase asks for."),
        N_("Phase 1 asks for sets of 3: which lay-down has more?"),
    ),
    N_(
        "Phase 1 is two sets of 3. By the default rules a set laid for it may have more cards.\n"
        "Under Rules(extra_cards=False) each group must have exactly the size the phase asks for: 3 cards.\n"
        "p1 lay s[R7 B7 G7 Y7] s[R9 B9 G9] lays a set of 4, so these rules refuse it; the other moves lay sets of "
        "exactly 3, or discard."
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
        N_("A natural card is any card that is not a Wild; the default rules want one in every group."),
        N_("Which lay-down has a group with no natural card?"),
    ),
    N_(
        "By the default rules (natural_required=True) every group needs at least one natural card, a card that is "
        "not a Wild.\n"
        "s7[W W W] is three Wilds and no natural card, so the engine refuses p1 lay s7[W W W] s[R7 B7 G7].\n"
        "The other lay-downs have a natural 7 or 9 in every group, and discarding Y10 is always allowed.\n"
        "Under Rules(natural_required=False) a group of Wilds alone would be allowed."
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
    count = read_int(answer, low=0, high=100, lang=lang_of(t))
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
        N_("A turn starts with drawing and nothing else: count the ways p2 may draw now."),
    ),
    judge=_judge_skip_from_discard,
    worked=N_(
        "A turn starts with drawing: before that, p2 may not lay down, hit or discard.\n"
        "There are two piles: the draw pile, and the discard pile with p1's Skip on top.\n"
        "By the default rules the Skip could not be taken, so p2 would have 1 action; "
        "Rules(skip_from_discard=True) allows taking it.\n"
        "So p2 chooses between p2 draw and p2 take: 2 actions."
    ),
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
        ).format(player=seat_notation(right))
    if chosen == usual:
        return False, t.gettext(
            "{player} plays first under the default rules, where the flipped Skip skips p1. What does the Twist "
            "rule do with that Skip?"
        ).format(player=seat_notation(chosen))
    return False, t.gettext("{player} is not it: who plays first in a round when no one is skipped?").format(
        player=seat_notation(chosen)
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
        N_(
            "By the default rules the flipped Skip skips the player on the dealer's left; under the Twist rule the "
            "next card is flipped on top of it."
        ),
        N_("When nobody is skipped, who plays first in a round?"),
    ),
    judge=_judge_twist,
    worked=N_(
        "Round 1 of three players: p3 deals, and p1, on the dealer's left, plays first unless it is skipped.\n"
        "By the default rules a Skip flipped to start the discard pile skips p1, and p2 would play first.\n"
        "Under the Twist rule (first_skip='cover') the next card, R5, is flipped on top of the Skip: nobody is "
        "skipped.\n"
        "So p1 plays the first turn."
    ),
    position_after_answer=True,  # the table shows the answer (whose turn / the phase)
    position=twist_position,
)


OPTION_EXERCISES: tuple[Exercise, ...] = (HIT_SAME_TURN, GO_OUT, EXACT, ALL_WILD, SKIP_FROM_DISCARD, TWIST_EXERCISE)
"""The exercises of this part, in the notebook's order."""

__all__ = [
    "OPTION_EXERCISES",
    "SKIP_FROM_DISCARD_POSITION",
    "option_exercise",
    "option_judge",
    "scripted",
    "skip_from_discard_position",
    "twist_position",
]
