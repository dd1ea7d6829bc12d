"""Hints that teach (issue 24): each exercise's hint ladder goes from a nudge toward the rule to narrower steps
that point at the method, three or four of them, in every language, and never gives the answer; the ladder ends
in a worked solution, shown only on a deliberate request, that walks to the answer and does give it.

"Gives the answer" is checked in every language, on every hint step:

- a **number** (a count, a chance) in any written form: a fraction equal to it (``12/220`` for 3/55), a whole
  number equal to it, a decimal or a percentage that is the answer rounded to the digits shown (``0.05``,
  ``5 %`` for 3/55), and in English its word (``twelve``);
- a **word, seat, card or move**: its text, as the language writes it (``mano`` for ``hand``), the same cards in
  any order (``W R7 B7 G7``), the object of a move (``s[R7 B7 G7] r[R3 G4 Y5 B6]`` of ``p1 lay ...``), and the
  other answers the exercise accepts where the solution is one of several (``ACCEPTED``);
- a **function** (a "write it yourself" exercise): a line of the worked solution's code.

The worked solution must give the answer the same way; a write exercise's worked solution shows its code (lines
indented by four spaces, the same in every language), and that code passes the exercise's own check.

The lessons whose exercises have their ladders are listed in ``HINTED``. Lessons 08–12 get theirs on another
branch: until it merges their exercises are expected to fail here (``xfail``, not strict), and
``test_hinted_lists_exactly_the_lessons_with_ladders`` fails as soon as a lesson outside ``HINTED`` has every
ladder, so that the merge extends ``HINTED``.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import pytest

from phase10kit.course import Exercise, exercises, notebooks
from phase10kit.i18n import LANGUAGES, translator

ROOT = Path(__file__).resolve().parent.parent

HINTED = (
    "00_welcome",
    "01_cards_and_deck",
    "02_sets",
    "03_runs",
    "04_colour_groups",
    "05_wilds",
    "06_skips",
    "07_phases_and_a_turn",
)
"""The notebooks whose exercises all have a full hint ladder and a worked solution (extend it when 08-12 merge)."""

ACCEPTED: dict[str, tuple[str, ...]] = {
    "runs.top_card": ("9", "R9", "B9", "G9", "Y9"),  # any 9 turns R10 B11 G12 into a run; the solution says Y9
}
"""Other answers an exercise accepts besides its ``solution``, which no hint may give either."""

ALLOWED: dict[str, tuple[str, ...]] = {}
"""Per exercise, the written forms a hint may contain although they match the answer, each with the reason it
cannot be avoided. Empty: no hint of lessons 00-07 needs one."""

STEPS = (3, 4)
"""How many hint steps an exercise has before its worked solution."""

EXERCISES = list(exercises.values())


def params(items: list[Exercise]) -> list[object]:
    """The exercises as test parameters; those of a lesson outside ``HINTED`` are expected to fail for now."""
    waiting = pytest.mark.xfail(reason="its lesson's hint ladders come with lessons 08-12's branch", strict=False)
    return [
        pytest.param(exercise, id=exercise.id, marks=() if exercise.notebook in HINTED else waiting)
        for exercise in items
    ]


# ----------------------------------------------------------------------------------- the written forms of answers

CARD = r"(?:[RBGY](?:1[0-2]|[1-9])|W|S)"
END = r"(?![^\W\uac00-\ud7a3]|[\]/]|[.,]\d)"
"""Where a written answer ends: not inside a longer word, number or group. Korean writes its particles and
counters straight after a word or number (``67장``, ``손패예요``), so a Hangul syllable may follow."""
CARD_RUN = re.compile(rf"(?<![\w\[>.]){CARD}(?: {CARD})*{END}")
"""A list of cards in the notation, written one after another (``R7 B7 W``)."""
FRACTION = re.compile(rf"(?<![\w.,/])(\d+)\s*/\s*(\d+){END}")
DECIMAL = re.compile(rf"(?<![\w.,/])(\d+)(?:[.,](\d+))?(\s*%)?{END}")
MOVE = re.compile(r"p\d (?:lay|hit|discard|take|draw)(?: (?P<object>.+))?")
WORDS = [
    *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"),
    *("thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"),
]
CODE_INDENT = "    "


def numbers_in(text: str) -> Iterator[tuple[Fraction, int | None]]:
    """Every number written in ``text``: (its value, its decimals), decimals ``None`` for a fraction or a whole
    number (compared exactly) and the digits shown for a decimal or percentage (compared rounded). Card names,
    seats, phase notation and labels (``R12``, ``p2``, ``r7``, ``2s3``, notebook ``02``) are no numbers.

    >>> [(str(value), digits) for value, digits in numbers_in("R12 and 12/220, 0,05 or 5 % of 2s3, 1-2-3, 1/0")]
    [('3/55', None), ('1/20', 2), ('1/20', 2), ('1', None), ('2', None), ('3', None)]
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
        value = Fraction(int(whole + decimals), 10 ** len(decimals))
        if percent:
            yield value / 100, len(decimals) + 2
        else:
            yield value, len(decimals) if decimals else None


def gives_number(text: str, answer: Fraction, lang: str) -> bool:
    """Whether ``text`` writes the number ``answer`` in any form (see the module's docstring)."""
    for value, digits in numbers_in(text):
        if value == answer if digits is None else round(answer, digits) == value:
            return True
    if lang == "en" and answer.denominator == 1 and 0 <= answer <= 20:
        return re.search(rf"\b{WORDS[int(answer)]}\b", text, re.IGNORECASE) is not None
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
    """Whether ``text`` holds ``answer`` as a whole word or notation (case kept for one-letter answers)."""
    flags = 0 if len(answer) == 1 else re.IGNORECASE
    return re.search(rf"(?<![\w\[>.]){re.escape(answer)}{END}", text, flags) is not None


def same_cards(text: str, solution: str) -> bool:
    """Whether ``text`` lists the solution's cards, in any order (only for an answer that is a list of cards)."""
    if not re.fullmatch(rf"{CARD}(?: {CARD})*", solution):
        return False
    wanted = Counter(solution.split())
    return any(Counter(run.split()) == wanted for run in CARD_RUN.findall(text))


def code_of(worked: str) -> str:
    """The code of a worked solution: its lines indented by four spaces, dedented."""
    return "\n".join(line[len(CODE_INDENT) :] for line in worked.splitlines() if line.startswith(CODE_INDENT))


def gives_answer(exercise: Exercise, text: str, lang: str, *, offered: str = "") -> str:
    """What in ``text`` gives the exercise's answer (empty when nothing does). ``ALLOWED`` forms are left out, and
    so is an answer text that ``offered`` holds (the question's own choices, "Type hand or round.")."""
    for allowed in ALLOWED.get(exercise.id, ()):
        text = text.replace(allowed, " ")
    solution = exercise.solution
    if exercise.kind == "write":
        english = code_of(translator("en").gettext(exercise.worked))
        lines = [line.strip() for line in english.splitlines() if len(line.strip()) >= 16]
        return next((line for line in lines if line in text), "def " if "def " in text else "")
    if isinstance(solution, int | Fraction) and not isinstance(solution, bool):
        return str(solution) if gives_number(text, Fraction(solution), lang) else ""
    for answer in answer_texts(exercise, lang):
        if writes_text(text, answer) and not writes_text(offered, answer):
            return answer
    return str(solution) if same_cards(text, str(solution)) else ""


def test_the_written_forms_of_an_answer_are_found() -> None:
    small_wild, draw_pile, spot = (
        exercises["cards.small_wild"],
        exercises["welcome.draw_pile"],
        exercises["runs.spot_wrap"],
    )
    for text in ("10/22", "0.45 is close", "45 %", "cerca de 0,45", "5 / 11"):
        assert gives_answer(small_wild, text, "es"), text
    for text in ("0.4", "4/11", "R5 and 11 cards", "W W W W W", "5 11", "1/0"):
        assert not gives_answer(small_wild, text, "es"), text
    assert gives_answer(draw_pile, "sixty-seven, 67 cards", "en") and not gives_answer(draw_pile, "R7 and 6", "en")
    assert gives_answer(spot, "look at r[R11 R12 B1 G2]", "en") and not gives_answer(spot, "look at R11", "en")
    assert gives_answer(exercises["sets.build_with_wild"], "take W G7 B7 R7", "en")
    assert not gives_answer(exercises["sets.build_with_wild"], "take W G7 B7 R7 Y7", "en")
    assert gives_answer(exercises["welcome.hand_or_round"], "Son su mano.", "es")
    assert gives_answer(exercises["cards.impossible"], "so B is it", "en")
    assert not gives_answer(exercises["cards.impossible"], "B4 B9 and Blue", "en")
    hand_or_round = exercises["welcome.hand_or_round"]
    assert not gives_answer(hand_or_round, "a hand is cards", "en", offered=hand_or_round.question)
    assert gives_answer(exercises["phases.one_per_hand"], "on phase two", "en")
    assert gives_answer(exercises["runs.top_card"], "put B9 below", "en")
    assert gives_answer(draw_pile, "67장이 남아요", "ko") and gives_answer(hand_or_round, "손패예요", "ko")
    assert not gives_answer(draw_pile, "2/67, 67.5 or R67", "en")
    assert gives_answer(exercises["sets.is_set"], "    return len(numbers) == 1", "en")


# ----------------------------------------------------------------------------------- every exercise


@pytest.mark.parametrize("exercise", params(EXERCISES))
def test_a_ladder_of_three_or_four_steps_then_a_worked_solution_in_every_language(exercise: Exercise) -> None:
    assert len(exercise.hints) in STEPS, f"{exercise.id}: {len(exercise.hints)} hint steps"
    assert len(set(exercise.hints)) == len(exercise.hints), f"{exercise.id}: a hint step is repeated"
    assert exercise.worked, f"{exercise.id}: no worked solution"
    steps = [line for line in exercise.worked.splitlines() if line.strip() and not line.startswith(CODE_INDENT)]
    assert len(steps) >= 2, f"{exercise.id}: a worked solution walks to the answer in steps, one per line"
    for lang in LANGUAGES:
        if lang == "en":
            continue
        t = translator(lang)
        untranslated = [text for text in (*exercise.hints, exercise.worked) if t.gettext(text) == text]
        assert untranslated == [], f"{exercise.id}: not translated into {lang}"
        assert len(t.gettext(exercise.worked).splitlines()) == len(exercise.worked.splitlines()), (exercise.id, lang)


@pytest.mark.parametrize("exercise", params(EXERCISES))
def test_no_hint_step_gives_the_answer_in_any_language(exercise: Exercise) -> None:
    for lang in LANGUAGES:
        for step, hint in enumerate(exercise.hint_steps(lang), 1):
            found = gives_answer(exercise, hint, lang)
            assert not found, f"{exercise.id} [{lang}] hint {step} gives the answer ({found!r}): {hint}"


@pytest.mark.parametrize("exercise", params(EXERCISES))
def test_the_worked_solution_gives_the_answer_in_every_language(exercise: Exercise) -> None:
    if exercise.kind == "write":
        return  # its code: the next test
    for lang in LANGUAGES:
        worked = exercise.worked_solution(lang, record=False)
        assert gives_answer(exercise, worked, lang), f"{exercise.id} [{lang}]: the worked solution lacks the answer"


WRITE = [exercise for exercise in EXERCISES if exercise.kind == "write"]


@pytest.mark.parametrize("exercise", params(WRITE))
def test_a_write_exercises_worked_code_is_the_same_everywhere_and_passes_its_check(exercise: Exercise) -> None:
    code = code_of(exercise.worked_solution("en", record=False))
    assert code.startswith("def "), f"{exercise.id}: the worked solution shows no function"
    for lang in LANGUAGES:
        assert code_of(exercise.worked_solution(lang, record=False)) == code, f"{exercise.id}: {lang} changed the code"
    # The names the course's notebooks import in their first cell; anything else the code imports itself.
    namespace: dict[str, object] = {
        "Counter": Counter,
        "Fraction": Fraction,
        "comb": comb,
        "combinations": combinations,
    }
    exec(compile(code, f"<worked solution of {exercise.id}>", "exec"), namespace)
    name = re.match(r"def (\w+)", code)
    assert name is not None
    feedback = exercise.check(namespace[name[1]], record=False)
    assert feedback.ok, f"{exercise.id}: the worked solution's code is refused: {feedback.message}"


def test_hinted_lists_exactly_the_lessons_with_ladders() -> None:
    def laddered(stem: str) -> bool:
        return all(
            len(exercise.hints) in STEPS and exercise.worked
            for exercise in exercises.values()
            if exercise.notebook == stem
        )

    assert set(HINTED) <= set(notebooks())
    assert [stem for stem in notebooks() if laddered(stem)] == [stem for stem in notebooks() if stem in HINTED], (
        "extend HINTED with the lessons whose exercises now all have their ladders"
    )


# ----------------------------------------------------------------------------------- the prose above an exercise

ASK = re.compile(r"""\bask\(["']([\w.]+)["']\)""")


def prose_before_each_exercise(path: Path) -> Iterator[tuple[str, str]]:
    """(exercise id, the Markdown between the previous exercise's cells and the cell that asks it)."""
    prose: list[str] = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            prose.append(source)
        elif match := ASK.search(source):
            yield match[1], "\n".join(prose)
            prose = []


TEACHER = [
    ROOT / "teacher" / lang / f"{stem}.ipynb" if lang != "en" else ROOT / "teacher" / f"{stem}.ipynb"
    for stem in HINTED
    for lang in LANGUAGES
]


@pytest.mark.parametrize("path", TEACHER, ids=[str(path.relative_to(ROOT / "teacher")) for path in TEACHER])
def test_no_prose_just_above_an_exercise_gives_its_answer(path: Path) -> None:
    lang = path.parent.name if path.parent.name in LANGUAGES else "en"
    asked = list(prose_before_each_exercise(path))
    assert asked, f"{path}: no exercise found"
    for exercise_id, prose in asked:
        exercise = exercises[exercise_id]
        if exercise.kind == "spot":
            continue  # its prose lists the moves to choose from on purpose
        found = gives_answer(exercise, prose, lang, offered=exercise.question_text(lang))
        assert not found, f"{path.name} [{lang}]: the prose above {exercise_id} gives its answer ({found!r})"
