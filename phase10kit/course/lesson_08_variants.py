"""Lesson 08, part two: the variants (all-advance, any order, short, custom, even and twenty phases).

The exercises ask what a variant changes on the scoring table of part one (``lesson_08_scoring``) or
ask for its ``Rules(...)`` value, read by ``phase10kit.course.answers.read_rules``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields

from phase10kit.actions import parse_action
from phase10kit.course.answers import read_int, read_numbers, read_phase, read_rules
from phase10kit.course.base import Exercise, Translations, Verdict
from phase10kit.course.checks import lang_of, not_quite
from phase10kit.course.lesson_08_scoring import NOTEBOOK, scored_position, scoring_position
from phase10kit.explain import phase_name
from phase10kit.game import Game
from phase10kit.i18n import N_
from phase10kit.phases import Phase
from phase10kit.rules import Rules, phase_list

# ------------------------------------------------------------------ variants

ALL_ADVANCE = Rules(progression="all_advance")


def all_advance_position() -> Game:
    """The scoring table under the all-advance variant."""
    return scoring_position(ALL_ADVANCE)


def _judge_all_advance(answer: object, t: Translations) -> Verdict:
    number = read_int(answer, low=0, high=20, lang=lang_of(t))
    game = scored_position(ALL_ADVANCE)
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
        N_("By the standard rules p3 would stay on Phase 1. Which rule does all-advance change?"),
        N_("Read the table of variants above: what does 'everyone advances every round' mean for p3?"),
    ),
    judge=_judge_all_advance,
    worked=N_(
        "By the standard rules p3, who laid nothing, would stay on Phase 1.\n"
        "Under all-advance everyone moves on after every round, whether they laid their phase or not: the game "
        "lasts one round per phase.\n"
        "Round 1 was played on Phase 1, so in round 2 everyone, p3 too, plays Phase 2. The answer: 2."
    ),
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


def _judge_any_order(answer: object, t: Translations) -> Verdict:
    chosen = read_numbers(answer, lang=lang_of(t))
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
        N_("Any phase not made yet may be laid: check the ten phases of the standard list one by one."),
        N_("Sets first: which number do you hold more than once? The one Wild can add one card to a set."),
        N_("Runs next: which numbers in a row do you hold, and how far can the Wild stretch them?"),
        N_("A phase of a set and a run needs them from different cards; count your cards of each colour too."),
    ),
    judge=_judge_any_order,
    worked=N_(
        "Sets: only the 9s come twice (R9 B9); with the Wild they make one set of 3, never a set of 4 or two sets, "
        "so Phases 1, 3, 7, 9 and 10 are out.\n"
        "Runs: R1 B2 G3 Y4 R5 B6 G7 is a run of 7 (Phase 4); the Wild as an 8 makes a run of 8 (Phase 5), and a 9 "
        "after it a run of 9 (Phase 6).\n"
        "Phase 2: the set R9 B9 W and a run of 4 from other cards, such as R1 B2 G3 Y4.\n"
        "Colours: at most three cards of one colour, four with the Wild, far from the 7 of Phase 8.\n"
        "So p1 may lay Phases 2, 4, 5 or 6. The answer: 2 4 5 6."
    ),
    position=any_order_position,
)


def _changed_fields(rules: Rules, expected: Rules) -> list[str]:
    return [f.name for f in fields(Rules) if getattr(rules, f.name) != getattr(expected, f.name)]


def rules_judge(expected: Rules, *, want: str) -> Callable[[object, Translations], Verdict]:
    """A judge accepting exactly ``expected``: its sentence names the first field that differs. ``want`` is a
    msgid describing the asked game."""

    def judge(answer: object, t: Translations) -> Verdict:
        rules = read_rules(answer)
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
        N_("A Rules(...) value names only what differs from the default rules; here two things differ."),
        N_("phase_list(...) makes the phase list of a variant; read its help with phase_list?"),
        N_("Two fields change: phases and skip_target (its choices are 'choose' and 'next')."),
    ),
    worked=N_(
        "Two rules change, so the Rules value names two fields and leaves every other one at its default.\n"
        "The phases: the first three standard phases are phase_list('first:3'), that is 2s3, s3+r4 and s4+r4.\n"
        "The Skip: skip_target='next' makes every Skip skip the next player; the default, 'choose', lets its "
        "player pick.\n"
        "Together: Rules(phases=phase_list('first:3'), skip_target='next')."
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
        N_("Only the phase list changes; every other rule stays as usual."),
        N_("phase_list also reads phases in the notation, separated by commas."),
        N_(
            "In the notation the standard Phase 4, a run of 7, is r7; Phase 8, 7 cards of one colour, is c7; Phase 1, "
            "two sets of 3, is 2s3. Write the three phases the same way, in order."
        ),
    ),
    judge=rules_judge(CUSTOM_RULES, want=CUSTOM_WANT),
    worked=N_(
        "Only the phases change, so the Rules value has one field: phases.\n"
        "A run of 5 is r5 and 5 cards of one colour c5, as Phase 4 is r7 and Phase 8 c7.\n"
        "Two sets of 4 are 2s4, as the two sets of 3 of Phase 1 are 2s3.\n"
        "In order, separated by commas: Rules(phases=phase_list('r5, c5, 2s4'))."
    ),
)


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
        N_("The even-phases game plays only the even-numbered phases of the standard list, in their order."),
        N_("The even phases are Phases 2, 4, 6, 8 and 10 of the standard list."),
        N_("Find the third of them in the list of the ten standard phases, phase_list('standard'), in the notation."),
    ),
    judge=phase_position_judge("even", 3, EVEN_DESCRIPTION),
    worked=N_(
        "The even-phases game plays Phases 2, 4, 6, 8 and 10 of the standard list, in that order.\n"
        "The third of them is standard Phase 6.\n"
        "Phase 6 is a run of 9: in the notation, r9."
    ),
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
        N_("phase_list('twenty') lists all twenty phases: the standard ten, then the ten extra ones."),
        N_("The phase after Phase 10 is Phase 11; Python counts from 0, so it is phase_list('twenty')[10]."),
    ),
    judge=phase_position_judge("twenty", 11, TWENTY_DESCRIPTION),
    worked=N_(
        "In the twenty-phases game the ten extra phases follow the standard ten; s5+s3 is Phase 10.\n"
        "The phase right after it is Phase 11, the first extra phase: phase_list('twenty')[10].\n"
        "Phase 11 is four sets of 2: in the notation, 4s2."
    ),
)


VARIANT_EXERCISES: tuple[Exercise, ...] = (
    ALL_ADVANCE_EXERCISE,
    ANY_ORDER_EXERCISE,
    SHORT_RULES_EXERCISE,
    CUSTOM_EXERCISE,
    EVEN_EXERCISE,
    TWENTY_EXERCISE,
)
"""The exercises of this part, in the notebook's order."""

__all__ = [
    "ALL_ADVANCE",
    "ANY_ORDER",
    "VARIANT_EXERCISES",
    "all_advance_position",
    "any_order_phases",
    "any_order_position",
    "phase_position_judge",
    "rules_judge",
]
