"""Hints that teach (issue 24, item 5): each exercise's hint ladder goes from a nudge toward the rule to narrower steps
that point at the method, three or four of them, in every language, and never gives the answer; the ladder ends
in a worked solution, shown only on a deliberate request, that walks to the answer and does give it. No Markdown
just above an exercise in the teacher's notebooks gives its answer either. Every exercise of every lesson, in all
six languages.

"Gives the answer" is checked mechanically:

- a **number** (a count, a chance) in any written form: a fraction equal to it (``12/220`` for 3/55), a whole
  number equal to it, a decimal or a percentage that is the answer rounded to the digits shown (``0.05``,
  ``5 %``, ``0,05`` for 3/55), two whole numbers of one text whose ratio it is (``4 of the 220 hands`` for 1/55,
  denominators from 10 up), and in English its word (``twelve``). Card names, seats and labels (``R12``, ``p2``,
  notebook ``02``) are no numbers, nor is a phase's number (``Phase 2``, ``la fase 2``, ``fází 10``) unless the
  exercise answers with one; an English number word directly followed by a noun other than what the exercise
  counts (``COUNTS``: "the two spreads" when the answer is 2 times) counts something else;
- a **word, seat, card or move**: its text, as the language writes it (``mano`` for ``hand``), the same cards in
  any order (``W R7 B7 G7``), the object of a move (``s[R7 B7 G7] r[R3 G4 Y5 B6]`` of ``p1 lay ...``), and the
  other answers the exercise accepts where the solution is one of several (``ACCEPTED``);
- a **Rules value**: every field it changes, written as the answer writes it (``first:3``, ``skip_target='next'``);
- a **function** (a "write it yourself" exercise): its ``def`` line, a line of the worked solution's code, or a
  line of the teacher's function.

Prose just above an exercise may name the choices its question offers ("hand or round", "Phase 7 ... Phase 10 ...
Write 7 or 10"), all of them. A hint can still say the answer in words ("the third of them is standard Phase 6"
for ``r9``): no pattern sees that, so every hint was also read for it. ``ALLOWED`` holds, per exercise, a text a
step or the prose may keep although it matches the answer, each with the reason it is not the answer.

The worked solution gives the answer the same way and keeps one step a line in every language; a write exercise's
worked solution shows its code as lines indented by four spaces, the same in every language, and that code passes
the exercise's own check (which says more than sharing a line with the teacher's function would). Hints and
worked solutions write numbers the language's way, and the figures the worked solutions quote are the kit's own
computations.
"""

from __future__ import annotations

import inspect
import json
import re
import sys
import textwrap
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import fields
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from phase10kit.course import Exercise, bot_match, exercises, lesson_09, lesson_10, lesson_11, lesson_12, notebooks
from phase10kit.i18n import LANGUAGES, translator
from phase10kit.phases import phase
from phase10kit.probability import solitaire_optimum, wilson_interval
from phase10kit.rules import Rules, phase_list

ROOT = Path(__file__).resolve().parent.parent
EXERCISES = list(exercises.values())
WRITE = [exercise for exercise in EXERCISES if exercise.kind == "write"]
STEPS = (3, 4)
"""How many hint steps an exercise has before its worked solution."""
COMMA_LANGUAGES = ("es", "hr", "cs", "uk")
"""The languages whose decimal mark is a comma (Babel's CLDR data: phase10kit.i18n.decimal)."""

ACCEPTED: dict[str, tuple[str, ...]] = {
    "runs.top_card": ("9", "R9", "B9", "G9", "Y9"),  # any 9 turns R10 B11 G12 into a run; the solution says Y9
}
"""Other answers an exercise accepts besides its ``solution``, which no hint may give either."""

COUNTS: dict[str, tuple[str, ...]] = {
    "phases.one_per_hand": ("phase",),
    "colour.phase8_outs": ("card", "out"),
    "variant.all_advance": ("phase",),
    # "options" is left out on purpose: lesson 08's options are rule options ("Two more options change ...").
    "option.skip_from_discard": ("action", "choice", "move", "way", "draw"),
    "deal.rarer": ("phase",),
    "deal.spread": ("time",),
    "bot.guess_random": ("share", "game"),
}
"""What each whole-number answer from 0 to 20 counts (English nouns, singular): its word followed by one of these,
by nothing or by a little word (``GLUE``) is the answer; followed by another noun ("two spreads", "one deal") it
counts something else. A test makes every such exercise say what it counts."""
GLUE = frozenset(("of", "and", "or", "is", "are", "in", "to", "from", "with", "by", "out", "at", "the", "a"))

ALLOWED: dict[str, tuple[tuple[str, str], ...]] = {}
"""Per exercise, (text, why it is not the answer): a text a hint step or the prose may keep although it matches
one of the answer's forms. Empty: every match so far was either rewritten or a systematic false positive that the
detection itself now tells apart."""

# ----------------------------------------------------------------------------------- the written forms of answers

CARD = r"(?:[RBGY](?:1[0-2]|[1-9])|W|S)"
END = r"(?![^\W\uac00-\ud7a3]|[\]/]|[.,]\d)"
"""Where a written answer ends: not inside a longer word, number or group. Korean writes its particles and
counters straight after a word or number (``67장``, ``손패예요``), so a Hangul syllable may follow."""
CARD_RUN = re.compile(rf"(?<![\w\[>.]){CARD}(?: {CARD})*{END}")
"""A list of cards in the notation, written one after another (``R7 B7 W``)."""
FRACTION = re.compile(rf"(?<![\w.,/])(\d+)\s*/\s*(\d+){END}")
DECIMAL = re.compile(rf"(?<![\w.,/])(\d+)(?:[.,](\d+))?(\s*%)?{END}")
PHASE_WORD = re.compile(r"(?:\b(?:phases?|fases?|faz[aeiu]|fáz[eií]|фаз(?:а|и|у|і|ою))|페이즈)\s*$", re.IGNORECASE)
"""The word Phase just before a number, in the six languages and their cases: the number names a phase."""
MOVE = re.compile(r"p\d (?:lay|hit|discard|take|draw)(?: (?P<object>.+))?")
WORDS = [
    *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"),
    *("thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"),
]
CODE_INDENT = "    "
KEYWORDS = re.compile(r"^(?:return|if|elif|for|while|else:)\s*")


def numbers_in(text: str, *, phases: bool = True) -> Iterator[tuple[Fraction, int | None]]:
    """Every number written in ``text``: (its value, its decimals), decimals ``None`` for a fraction or a whole
    number (compared exactly) and the digits shown for a decimal or percentage (compared rounded). Card names,
    seats, phase notation and labels (``R12``, ``p2``, ``r7``, ``2s3``, notebook ``02``) are no numbers, and
    neither is a phase's number (``Phase 2``) unless ``phases``.

    >>> [(str(value), digits) for value, digits in numbers_in("R12 and 12/220, 0,05 or 5 % of 2s3, 1-2-3, 1/0")]
    [('3/55', None), ('1/20', 2), ('1/20', 2), ('1', None), ('2', None), ('3', None)]
    >>> [str(value) for value, _ in numbers_in("Phase 2 or la fase 7 and 3", phases=False)]
    ['3']
    """
    covered = []
    for match in FRACTION.finditer(text):
        covered.append(match.span())
        if int(match[2]):
            yield Fraction(int(match[1]), int(match[2])), None
    for match in DECIMAL.finditer(text):
        if any(start <= match.start() < end for start, end in covered):
            continue
        whole, decimals, percent = match[1], match[2] or "", match[3]
        if len(whole) > 1 and whole.startswith("0"):
            continue  # a label such as notebook "02", not a number anyone answers with
        if not phases and not decimals and PHASE_WORD.search(text[max(match.start() - 12, 0) : match.start()]):
            continue
        value = Fraction(int(whole + decimals), 10 ** len(decimals))
        if percent:
            yield value / 100, len(decimals) + 2
        else:
            yield value, len(decimals) if decimals else None


def answers_a_phase(exercise: Exercise) -> bool:
    """Whether the answer is a phase's number: the question asks which phase, or names Phase <answer>."""
    named = re.escape(str(exercise.solution))
    return bool(re.search(rf"\bwhich phase\b|\bPhase {named}\b", exercise.question, re.IGNORECASE))


def says_word(text: str, exercise: Exercise, answer: int) -> bool:
    """Whether English ``text`` writes the whole-number answer as a word that counts what the exercise counts."""
    counts = COUNTS.get(exercise.id, ())
    for match in re.finditer(rf"\b{WORDS[answer]}\b(?: (\w+))?(?: (\w+))?", text, re.IGNORECASE):
        following = [word.lower() for word in match.groups() if word]
        if not following or following[0] in GLUE or any(word.rstrip("s") in counts for word in following):
            return True
    return False


def choices(exercise: Exercise) -> set[Fraction]:
    """The numbers the question offers to choose from ("Write 7 or 10", "(1, 2 or 3)")."""
    offered = re.search(r"(\d+(?:, \d+)*),? or (\d+)\b", exercise.question)
    return {Fraction(number) for number in re.findall(r"\d+", offered[0])} if offered else set()


def gives_number(exercise: Exercise, text: str, lang: str, *, prose: bool = False) -> str:
    """How ``text`` writes the exercise's number (see the module's docstring); prose may name all the choices."""
    answer = Fraction(str(exercise.solution))
    written = list(numbers_in(text, phases=answers_a_phase(exercise)))
    offered = choices(exercise)
    if prose and answer in offered and offered - {answer} <= {value for value, digits in written if digits is None}:
        return ""  # the prose names every choice its question offers
    for value, digits in written:
        if value == answer if digits is None else round(answer, digits) == value:
            return f"the number {value}" if digits is None else f"the number {float(value)} ({digits} decimals)"
    if answer.denominator > 1 and ratio_of(text, answer, near=prose):
        return f"two numbers whose ratio is {answer}"
    if lang == "en" and answer.denominator == 1 and 0 <= answer <= 20 and says_word(text, exercise, int(answer)):
        return f"the word {WORDS[int(answer)]!r}"
    return ""


def ratio_of(text: str, answer: Fraction, *, near: bool) -> bool:
    """Whether two whole numbers of ``text`` have the ratio ``answer`` (``13 of the 28 pairs``), the larger from 10
    up; when ``near``, only two numbers at most three words apart in one sentence (prose sets up a count with many
    numbers, the 12 cards and the 220 hands, whose ratios are no answer; ``4 of the 220 hands`` still is one).

    >>> ratio_of("Of the 220 hands, 12 are sets", Fraction(3, 55), near=True)
    True
    >>> ratio_of("12 · 11 · 10 / 6 = 220 hands", Fraction(3, 55), near=True)
    False
    """
    pieces = re.split(r"(?<=[.!?:;])\s+", text) if near else [text]
    for piece in pieces:
        tokens = piece.split()
        spots = [
            (index, int(value))
            for index, token in enumerate(tokens)
            for value, digits in numbers_in(token)
            if digits is None and value.denominator == 1
        ]
        for i, low in spots:
            for j, high in spots:
                if low != high and high >= 10 and Fraction(low, high) == answer and (not near or abs(i - j) <= 4):
                    return True
    return False


def answer_texts(exercise: Exercise, lang: str) -> set[str]:
    """The texts that are the answer of a word, seat, card or move exercise, as ``lang`` writes them: the text,
    each move of several, the object of one move, and a group of a lay-down that no other choice lays."""
    solution = str(exercise.solution)
    texts = {translator(lang).gettext(solution), *ACCEPTED.get(exercise.id, ())}  # mano, not hand, in Spanish
    moves = [move.strip() for move in solution.split(";")]
    if len(moves) > 1:
        texts.update(moves)
    elif (match := MOVE.fullmatch(solution)) and match["object"] and re.search(r"[\[>.]", match["object"]):
        texts.add(match["object"])
        others = " ".join(str(wrong) for wrong in exercise.wrong)
        texts.update(group for group in re.findall(r"[src]\[[^\]]*\]", match["object"]) if group not in others)
    return {text for text in texts if text}


def writes_text(text: str, answer: str) -> bool:
    """Whether ``text`` holds ``answer`` as a whole word or notation, however it is spaced. Case counts in the
    notation (the card ``R9`` is not the phase ``r9``) and for a one-letter answer (the card W, not a "w")."""
    flags = 0 if len(answer) == 1 or re.search(r"\d", answer) else re.IGNORECASE
    spaced = r"\s+".join(re.escape(part) for part in answer.split())
    return re.search(rf"(?<![\w\[>.]){spaced}{END}", text, flags) is not None


def same_cards(text: str, solution: str) -> bool:
    """Whether ``text`` lists the solution's cards, in any order (only for an answer that is a list of cards)."""
    if not re.fullmatch(rf"{CARD}(?: {CARD})*", solution):
        return False
    wanted = Counter(solution.split())
    return any(Counter(run.split()) == wanted for run in CARD_RUN.findall(text))


def rules_forms(rules: Rules) -> list[list[str]]:
    """For each field a ``Rules`` answer changes, the ways a text could write its value."""
    forms = []
    default = Rules()
    for field in fields(Rules):
        value = getattr(rules, field.name)
        if value == getattr(default, field.name):
            continue
        if field.name == "phases":
            names = [str(each) for each in value]
            written = [", ".join(names), ",".join(names)]
            written += [f"first:{n}" for n in range(1, 11) if phase_list(f"first:{n}") == value]
        else:
            written = [f"{field.name}={value!r}", f'{field.name}="{value}"' if isinstance(value, str) else ""]
        forms.append([form for form in written if form])
    return forms


def code_of(worked: str) -> str:
    """The code of a worked solution: its lines indented by four spaces, dedented."""
    return "\n".join(line[len(CODE_INDENT) :] for line in worked.splitlines() if line.startswith(CODE_INDENT))


def teachers_lines(function: Callable[..., object]) -> list[str]:
    """The lines of the teacher's function (its body; comments and docstring left out), keywords stripped."""
    source = textwrap.dedent(inspect.getsource(function))
    body = source.split('"""')[-1] if '"""' in source else source.split(":\n", 1)[1]
    lines = (KEYWORDS.sub("", line.split("  #")[0].strip()).rstrip(":").strip() for line in body.splitlines())
    return [line for line in lines if len(line) >= 16]


def gives_code(exercise: Exercise, text: str) -> str:
    """How ``text`` gives a write exercise's function: its def line, a line of the worked or the teacher's code."""
    worked = code_of(exercise.worked)
    squeezed = " ".join(text.split())
    if (name := re.match(r"def (\w+)\(", worked)) and f"def {name[1]}(" in text:
        return f"def {name[1]}("
    lines = [line.strip() for line in worked.splitlines() if len(line.strip()) >= 16]
    assert callable(exercise.solution)
    lines += teachers_lines(exercise.solution)
    return next((f"the code {line!r}" for line in lines if " ".join(line.split()) in squeezed), "")


def gives_answer(exercise: Exercise, text: str, lang: str, *, prose: bool = False) -> str:
    """How ``text`` gives the exercise's answer (empty when nothing does). ``ALLOWED`` texts are left out; in
    ``prose`` (the Markdown above the exercise) so are the choices its question offers ("Type hand or round.")."""
    for allowed, _reason in ALLOWED.get(exercise.id, ()):
        text = text.replace(allowed, " ")
    solution = exercise.solution
    if exercise.kind == "write":
        return gives_code(exercise, text)
    if isinstance(solution, Rules):
        forms = rules_forms(solution)
        return "every changed field of the rules" if all(any(f in text for f in field) for field in forms) else ""
    if isinstance(solution, int | float | Fraction) and not isinstance(solution, bool):
        return gives_number(exercise, text, lang, prose=prose)
    offered = exercise.question_text(lang) if prose else ""
    for answer in answer_texts(exercise, lang):
        if writes_text(text, answer) and not writes_text(offered, answer):
            return f"the text {answer!r}"
    if same_cards(text, str(solution)) and not same_cards(offered, str(solution)):
        return f"the cards {solution}"
    return ""


def _exercise(solution: object, question: str) -> Exercise:
    """An exercise of the given answer and question, to try the detection on texts of our own."""

    def judge(answer: object, t: object) -> tuple[bool, str]:
        return True, ""

    return Exercise("demo.x", "00_welcome", ("deck.copies",), "answer", question, solution, (), ("h",), judge)


@pytest.mark.parametrize(
    ("solution", "text"),
    [
        (Fraction(1, 55), "The chance is 1/55."),
        (Fraction(1, 55), "about 0.018, or 1,8 %"),
        (Fraction(1, 55), "4 of the 220 hands are sets"),
        (Fraction(1, 55), "0.02"),
        (Fraction(13, 28), "13 of the 28 pairs hold an out"),
        (Fraction(16, 97), "16,5 %"),
        (Fraction(5, 11), "10/22"),
        (Fraction(5, 11), "cerca de 0,45"),
        (35, "p2 scores 35 points"),
        (2, "in round 2 everyone plays Phase 2"),
        (2, "two, the draw pile and the discard pile"),
        (4.7159, "about 4,72 turns"),
        ("p1 p2", "so p1  p2 advance"),
        ("Y12", "discard Y12"),
        ("R7 B7 G7 W", "take W G7 B7 R7"),
        (Rules(phases=phase_list("r5, c5, 2s4")), "phase_list('r5, c5, 2s4')"),
        (Rules(phases=phase_list("first:3"), skip_target="next"), "first:3 and skip_target='next'"),
    ],
)
def test_an_answer_is_found_in_any_written_form(solution: object, text: str) -> None:
    question = "Which phase does p3 play in round 2?" if text.endswith("Phase 2") else "How many actions?"
    assert gives_answer(_exercise(solution, question), text, "en")


@pytest.mark.parametrize(
    ("solution", "text"),
    [
        (Fraction(1, 55), "A set of 3 uses all three cards of one number: how many numbers are there?"),
        (Fraction(13, 28), "There are 28 pairs of cards you could draw."),
        (Fraction(5, 11), "0.4, 4/11, R5 and 11 cards, W W W W W or 1/0"),
        (2, "p2 may draw from two piles; Phase 1 needs 2s3 and Phase 2 is s3+r4"),
        (35, "p2 holds four cards: a 5, an 8, a 12 and a Skip."),
        (67, "2/67, 67.5 or R67"),
        ("r9", "R9 B9 W is a set of 3"),
        ("p2", "the player on p1's left"),
        ("R7 B7 G7 W", "take W G7 B7 R7 Y7"),
        (Rules(phases=phase_list("first:3"), skip_target="next"), "skip_target: its choices are 'choose' and 'next'"),
    ],
)
def test_a_text_that_only_points_at_the_method_passes(solution: object, text: str) -> None:
    assert not gives_answer(_exercise(solution, "How many actions?"), text, "en")


def test_the_answer_is_found_in_the_courses_own_forms() -> None:
    draw_pile, hand_or_round = exercises["welcome.draw_pile"], exercises["welcome.hand_or_round"]
    assert gives_answer(draw_pile, "sixty-seven, 67 cards", "en") and gives_answer(draw_pile, "67장이 남아요", "ko")
    assert gives_answer(exercises["runs.spot_wrap"], "look at r[R11 R12 B1 G2]", "en")
    assert not gives_answer(exercises["runs.spot_wrap"], "look at R11", "en")
    assert gives_answer(hand_or_round, "Son su mano.", "es") and gives_answer(hand_or_round, "손패예요", "ko")
    assert not gives_answer(hand_or_round, "a hand is cards", "en", prose=True)
    assert gives_answer(exercises["cards.impossible"], "so B is it", "en")
    assert not gives_answer(exercises["cards.impossible"], "B4 B9 and Blue", "en")
    assert gives_answer(exercises["phases.one_per_hand"], "on phase two", "en")
    assert gives_answer(exercises["runs.top_card"], "put B9 below", "en")
    better = exercises["perfect.better_discard"]  # its question offers "Y10 or R7"
    assert gives_answer(better, "discard R7", "en") and not gives_answer(
        better, "Y10 or the single R7?", "en", prose=True
    )
    spread, skip = exercises["deal.spread"], exercises["option.skip_from_discard"]
    assert not gives_answer(spread, "Read the two spreads and divide one by the other.", "en")
    assert gives_answer(spread, "It is two times smaller.", "en") and gives_answer(spread, "about two.", "en")
    assert not gives_answer(skip, "Two more options change the start of a turn.", "en", prose=True)
    assert gives_answer(skip, "p2 has two actions", "en") and gives_answer(skip, "two different choices", "en")
    assert not gives_answer(spread, "La fase 2 sale más a menudo que la fase 1; 페이즈 2는", "es")
    assert gives_answer(exercises["variant.all_advance"], "p3 juega la fase 2", "es")
    count_small = exercises["sets.count_small"]  # 3/55: the prose's 12 cards and 220 hands are no ratio of it
    assert not gives_answer(count_small, "12 · 11 · 10 = 1320 ways in order, so 220 hands", "en", prose=True)
    assert gives_answer(count_small, "Of the 220 hands, 12 are sets.", "en", prose=True)
    rarer = exercises["deal.rarer"]  # "Write 7 or 10": the prose may name both, not the answer alone
    assert not gives_answer(rarer, "Phase 7 comes before Phase 10.", "en", prose=True)
    assert gives_answer(rarer, "Phase 10 is dealt more often.", "en", prose=True)
    assert gives_answer(exercises["sets.is_set"], "    return len(numbers) == 1", "en")
    assert gives_answer(exercises["deal.write_p"], "Fraction(len(favourable), len(space)) is exact", "en")
    assert gives_answer(exercises["bot.write_choose"], "def choose(view):", "en")
    assert not gives_answer(exercises["bot.write_choose"], "def never_lays(view):", "en")


def test_every_small_whole_number_answer_says_what_it_counts() -> None:
    small = [
        exercise.id
        for exercise in EXERCISES
        if isinstance(exercise.solution, int) and not isinstance(exercise.solution, bool) and exercise.solution <= 20
    ]
    assert sorted(small) == sorted(COUNTS)


# ----------------------------------------------------------------------------------- every exercise


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda exercise: exercise.id)
def test_a_ladder_of_three_or_four_steps_then_a_worked_solution_in_every_language(exercise: Exercise) -> None:
    assert len(exercise.hints) in STEPS, f"{exercise.id}: {len(exercise.hints)} hint steps"
    assert len(set(exercise.hints)) == len(exercise.hints), f"{exercise.id}: a hint step is repeated"
    assert exercise.worked and exercise.worked not in exercise.hints, f"{exercise.id}: no worked solution"
    steps = [line for line in exercise.worked.splitlines() if line.strip() and not line.startswith(CODE_INDENT)]
    assert len(steps) >= 2, f"{exercise.id}: a worked solution walks to the answer in steps, one per line"
    for lang in LANGUAGES:
        if lang == "en":
            continue
        t = translator(lang)
        untranslated = [text for text in (*exercise.hints, exercise.worked) if t.gettext(text) == text]
        assert untranslated == [], f"{exercise.id}: not translated into {lang}"
        assert len(t.gettext(exercise.worked).splitlines()) == len(exercise.worked.splitlines()), (exercise.id, lang)


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda exercise: exercise.id)
def test_no_hint_step_gives_the_answer_in_any_language(exercise: Exercise) -> None:
    for lang in LANGUAGES:
        for step, hint in enumerate(exercise.hint_steps(lang), 1):
            found = gives_answer(exercise, hint, lang)
            assert not found, f"{exercise.id} [{lang}] hint {step} gives the answer ({found}): {hint}"


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda exercise: exercise.id)
def test_the_worked_solution_gives_the_answer_in_every_language(exercise: Exercise) -> None:
    for lang in LANGUAGES:
        worked = exercise.worked_solution(lang, record=False)
        assert gives_answer(exercise, worked, lang), f"{exercise.id} [{lang}]: the worked solution lacks the answer"


POINT_DECIMAL = re.compile(r"(?<![\w.])\d+\.\d+")
COMMA_DECIMAL = re.compile(r"(?<![\w,])\d+,(?:\d{1,2}|\d{4,})(?!\d)")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hints_and_worked_solutions_write_numbers_the_languages_way(lang: str) -> None:
    wrong = POINT_DECIMAL if lang in COMMA_LANGUAGES else COMMA_DECIMAL
    for exercise in EXERCISES:
        for text in (*exercise.hint_steps(lang), exercise.worked_solution(lang, record=False)):
            prose = re.sub(
                r"`[^`\n]*`", " ", "\n".join(line for line in text.splitlines() if not line.startswith(CODE_INDENT))
            )
            assert not (found := wrong.search(prose)), f"{exercise.id} ({lang}): {found.group(0)!r} in {text!r}"


def notebook_names(stem: str) -> dict[str, object]:
    """What a student has in scope in a notebook before its exercises: the names its code cells import from the
    standard library and the kit (not the widgets, pandas or IPython, which no worked solution uses)."""
    namespace: dict[str, object] = {}
    cells = json.loads((ROOT / "teacher" / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]
    for cell in cells:
        for line in "".join(cell["source"]).splitlines() if cell["cell_type"] == "code" else ():
            module = re.match(r"(?:from|import) ([\w.]+)", line)
            root = module[1].split(".")[0] if module else ""
            if root == "phase10kit" or (root in sys.stdlib_module_names and root != "importlib"):
                exec(line, namespace)  # an import line of the course's own notebook
    return namespace


SLOW_CHECKS = ("bot.write_choose",)
"""Write exercises whose check plays a match (50 seeded games: a few seconds)."""


@pytest.mark.parametrize(
    "exercise",
    [pytest.param(ex, id=ex.id, marks=[pytest.mark.slow] if ex.id in SLOW_CHECKS else []) for ex in WRITE],
)
def test_a_write_exercises_worked_code_is_the_same_everywhere_and_passes_its_check(
    exercise: Exercise, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = code_of(exercise.worked_solution("en", record=False))
    assert code.startswith("def "), f"{exercise.id}: the worked solution shows no function as indented code"
    for lang in LANGUAGES:
        assert code_of(exercise.worked_solution(lang, record=False)) == code, f"{exercise.id}: {lang} changed the code"
    namespace = notebook_names(exercise.notebook)
    exec(compile(code, f"<worked solution of {exercise.id}>", "exec"), namespace)
    name = re.match(r"def (\w+)", code)
    assert name is not None
    # The exercise's own judge, in this process: the worker process and the wall-clock waits of Exercise.check
    # keep a student's code from hanging a kernel or nbgrader's 30 s cell; what is asked here is whether the
    # code is right, on a shared machine that may be very busy (the match's computing limit stays).
    monkeypatch.setattr(bot_match, "MATCH_WAIT", 600.0)
    ok, message = exercise.judge(namespace[name[1]], translator("en"))
    assert ok, f"{exercise.id}: the worked solution's code is refused: {message}"


# ----------------------------------------------------------------------------------- the prose above an exercise

ASK = re.compile(r"""\bask\(["']([\w.]+)["']\)""")


def prose_before_each_exercise(path: Path) -> Iterator[tuple[str, str]]:
    """(exercise id, the Markdown between the previous exercise's cells and the cell that asks it). The teacher's
    notes (cells tagged ``teacher-notes``) are left out: the student edition never holds them."""
    prose: list[str] = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"])
        if "teacher-notes" in cell.get("metadata", {}).get("tags", []):
            continue
        if cell["cell_type"] == "markdown":
            prose.append(source)
        elif match := ASK.search(source):
            yield match[1], "\n".join(prose)
            prose = []


TEACHER = [
    ROOT / "teacher" / lang / f"{stem}.ipynb" if lang != "en" else ROOT / "teacher" / f"{stem}.ipynb"
    for stem in notebooks()
    for lang in LANGUAGES
]


@pytest.mark.parametrize("path", TEACHER, ids=[str(path.relative_to(ROOT / "teacher")) for path in TEACHER])
def test_no_prose_just_above_an_exercise_gives_its_answer(path: Path) -> None:
    lang = path.parent.name if path.parent.name in LANGUAGES else "en"
    asked = list(prose_before_each_exercise(path))
    assert asked, f"{path}: no exercise found"
    found = []
    for exercise_id, prose in asked:
        exercise = exercises[exercise_id]
        if exercise.kind == "spot":
            continue  # its prose lists the moves to choose from on purpose
        if how := gives_answer(exercise, prose, lang, prose=True):
            found.append(f"{exercise_id} ({how})")
    assert not found, f"{path.relative_to(ROOT)}: the prose above these exercises gives their answer: {found}"


# ----------------------------------------------------------------------------------- the figures quoted


def test_the_figures_the_worked_solutions_quote_are_the_kits_own() -> None:
    odds = {str(card): round(chance, 3) for card, chance in lesson_10.discard_odds().items()}
    assert (odds["Y12"], odds["B12"], odds["S"], odds["G9"], odds["R7"]) == (0.549, 0.549, 0.549, 0.445, 0.117)
    optimum = solitaire_optimum(phase(1))
    assert (round(optimum.expected_turns, 3), round(optimum.within(1), 2), round(optimum.within(5), 2)) == (
        4.716,
        0.28,
        0.66,
    )
    assert {card: round(turns, 2) for card, turns in lesson_12.dilemma_values().items()} == {"R7": 3.57, "Y10": 4.13}
    assert comb(108, 10) == 38_722_819_230_810 and lesson_09.exact_chance(2) * comb(108, 10) == 11_542_982_404_112
    seven, ten = float(lesson_09.exact_chance(7)), float(lesson_09.exact_chance(10))
    assert (round(seven, 4), round(ten, 4)) == (0.0033, 0.0035)
    assert (round(seven * 1e6, -1), round(ten * 1e6, -1)) == (3320, 3520)
    table = lesson_11.greedy_vs_random()
    assert table["wins"].tolist() == [8, 0] and round(float(table["mean_phases"].iloc[1]), 1) == 1.6
    low, high = wilson_interval(50, 100)
    assert (round(low, 3), round(high, 3)) == (0.404, 0.596)
    low, high = wilson_interval(192, 385)
    assert round((high - low) / 2, 4) == 0.0497 and round(1.96**2 * 0.25 / 0.05**2, 1) == 384.2
