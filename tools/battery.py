"""An adversarial battery against the course's checkers: every exercise gets wrong answers of every shape a
student could send, and right answers in every form the number policy promises, in all six languages.

    python tools/battery.py                 # every exercise, every kind (the write kind takes a few minutes)
    python tools/battery.py --kinds answer,spot,build,play,predict    # the quick kinds only (the tests run these)

Per exercise kind it prints how many wrong answers were tried and how many were refused, how many right
answers (other forms of the solution) were tried and accepted, and names every wrong answer accepted and every
right one refused. Nothing here is hard-coded per exercise: the wrong answers come from

- the exercise's own known mistakes (``Exercise.wrong``);
- junk of every type (text that is no answer, huge numbers, floats, containers, functions, bytes);
- for a numeric solution, values that are off (by one, doubled, halved, inverted, negated, 5 % off; 25 % off
  when the question asks "about how many") written as a fraction, a decimal and a percentage in the
  language's own way;
- for a card or move answer, the answer with one card changed (a number one higher, a Wild or a Skip swapped
  for a number card) or left out; for a player, every other seat;
- for a "write" exercise, functions that cheat (constant answers, raising, returning a string or None, an
  object equal to everything, ending the process, looping forever, a bare ``except:`` loop, a float where a
  Fraction is asked for).

A "predict" exercise is a guess: any readable guess is taken (it earns its point for being made, right or
wrong), so for that kind the battery counts readable guesses taken and junk refused.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from phase10kit.cards import Card, Color, format_cards, parse_cards  # noqa: E402
from phase10kit.course import Exercise, exercises  # noqa: E402
from phase10kit.course.base import reset_hints  # noqa: E402
from phase10kit.course.grader import grade_request  # noqa: E402
from phase10kit.course.numbers import read_number  # noqa: E402
from phase10kit.i18n import LANGUAGES, decimal, percent  # noqa: E402

QUICK = ("answer", "build", "spot", "play", "predict")


class _EqualToAll:
    """A value that says it equals anything (a student's trick against ``==``)."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


JUNK: tuple[tuple[str, object], ...] = (
    ("no text", "   "),
    ("words", "I don't know"),
    ("an exponent", "1e3"),
    ("nan", "nan"),
    ("infinity", "inf"),
    ("a vulgar fraction sign", "½"),
    ("a playing-card emoji", "🂡"),
    ("ten thousand characters", "7" * 10_000),
    ("a 400-digit number", 10**400),
    ("minus one", -1),
    ("True", True),
    ("a float nan", float("nan")),
    ("an empty list", []),
    ("a dict", {"answer": 1}),
    ("a set", {1, 2}),
    ("bytes", b"R7 B7 G7"),
    ("Ellipsis", ...),
    ("an object equal to everything", _EqualToAll()),
    ("a lambda", lambda: 1),
)


@dataclass
class Tally:
    """What one kind of exercise met."""

    wrong_tried: int = 0
    wrong_refused: int = 0
    right_tried: int = 0
    right_taken: int = 0
    slips: list[str] = field(default_factory=list)
    """Every wrong answer taken and every right answer refused, as ``id: label``."""


def _numeric(exercise: Exercise) -> Fraction | None:
    solution = exercise.solution
    if isinstance(solution, bool) or not isinstance(solution, (int, Fraction)):
        return None
    return Fraction(solution)


def _decimal_places(value: Fraction) -> int | None:
    """How many decimals write ``value`` exactly (3/8 needs 3), or None when no number of them does (1/3)."""
    for places in range(40):
        if (value * 10**places).denominator == 1:
            return places
    return None


def _decimal_text(value: Fraction, lang: str, digits: int = 6) -> str:
    return decimal(float(value), digits, lang)


def number_wrongs(value: Fraction, lang: str, *, about: bool = False) -> list[tuple[str, object]]:
    """Values that are clearly off, written as the language writes them. A question that asks "about how
    many" takes a value near the answer: for it "off" starts at 25 %, not at one or 5 %."""
    off = {"doubled": 2 * value, "halved": value / 2, "negated": -value}
    if about:
        off |= {"25 % more": value * Fraction(125, 100), "25 % less": value * Fraction(75, 100)}
    else:
        off |= {"one more": value + 1, "one less": value - 1, "5 % more": value * Fraction(105, 100)}
    if value not in (0, 1, -1):
        off["inverted"] = 1 / value
    result: list[tuple[str, object]] = []
    for label, wrong in off.items():
        if wrong == value:
            continue
        result.append((f"{label} as a fraction", f"{wrong.numerator}/{wrong.denominator}"))
        result.append((f"{label} as a decimal ({lang})", _decimal_text(wrong, lang, 4)))
        if 0 < wrong < 1:
            result.append((f"{label} as a percentage ({lang})", percent(float(wrong), 3, lang)))
    return result


def number_rights(value: Fraction, lang: str) -> list[tuple[str, object]]:
    """The solution in every form the number policy reads as equal to it."""
    forms: list[tuple[str, object]] = [
        ("the Fraction", value),
        ("a fraction", f"{value.numerator}/{value.denominator}"),
        ("a spaced fraction", f"{value.numerator} / {value.denominator}"),
    ]
    if value.denominator == 1:
        forms += [("a whole number", str(value.numerator)), ("the int", value.numerator)]
        forms.append((f"a whole number with decimals ({lang})", decimal(float(value.numerator), 1, lang)))
    elif value > 1:
        whole, rest = divmod(value.numerator, value.denominator)
        forms.append(("a mixed number", f"{whole} {rest}/{value.denominator}"))
    places = _decimal_places(value)
    if places:
        forms.append((f"a decimal ({lang})", _decimal_text(value, lang, places)))
        if 0 < value < 1:
            forms.append((f"a percentage ({lang})", percent(float(value), max(places - 2, 0), lang)))
    return forms


def _changed_card(card: Card) -> Card:
    if not card.is_number or card.color is None:
        return Card.numbered(Color.RED, 1)
    return Card.numbered(card.color, card.number + 1 if card.number < 12 else card.number - 1)


def card_wrongs(text: str) -> list[tuple[str, object]]:
    """A card answer with one card changed or left out (as many as it has cards, at most five each)."""
    try:
        cards = list(parse_cards(text))
    except Exception:
        return []
    result: list[tuple[str, object]] = []
    for index, card in enumerate(cards[:5]):
        changed = _changed_card(card)
        if changed != card:
            other = [*cards[:index], changed, *cards[index + 1 :]]
            result.append((f"{card} changed to {changed}", format_cards(other)))
        if len(cards) > 1:
            result.append((f"{card} left out", format_cards([*cards[:index], *cards[index + 1 :]])))
    return result


def player_wrongs(text: str) -> list[tuple[str, object]]:
    seats = text.split()
    return [(f"seat {seat}", seat) for seat in ("p1", "p2", "p3", "p4") if seat not in seats]


def _is_cards(text: str) -> bool:
    try:
        return bool(parse_cards(text))
    except Exception:
        return False


def wrongs_of(exercise: Exercise, lang: str) -> list[tuple[str, object]]:
    """Every wrong answer the battery sends to ``exercise`` in ``lang`` (not the write kind's functions)."""
    result: list[tuple[str, object]] = [(f"known mistake {i + 1}", w) for i, w in enumerate(exercise.wrong)]
    result += list(JUNK)
    value = _numeric(exercise)
    if value is not None:
        result += number_wrongs(value, lang, about="About how many" in exercise.question)
    elif isinstance(exercise.solution, str) and exercise.kind != "spot":
        solution = exercise.solution
        if all(token.startswith("p") and token[1:].isdigit() for token in solution.split()):
            result += player_wrongs(solution)
        elif _is_cards(solution):
            result += card_wrongs(solution)
    return result


def rights_of(exercise: Exercise, lang: str) -> list[tuple[str, object]]:
    """The solution and, for a number, its other forms."""
    value = _numeric(exercise)
    if value is not None:
        return number_rights(value, lang)
    solution = exercise.solution
    forms: list[tuple[str, object]] = [("the solution", solution)]
    if isinstance(solution, str):
        forms += [("in lower case", solution.lower()), ("with spaces around", f"  {solution}  ")]
        if exercise.kind in ("answer", "build") and _is_cards(solution) and len(solution.split()) > 1:
            forms.append(("its cards in reverse order", " ".join(reversed(solution.split()))))
    return forms


def _takes(exercise: Exercise, answer: object, lang: str) -> bool:
    if exercise.kind == "predict":
        return bool(grade_request(exercise.id, lang, answer)["earned"])
    return exercise.check(answer, lang, record=False).ok


def _readable(answer: object, lang: str) -> bool:
    try:
        read_number(answer, lang)
    except Exception:
        return False
    return True


def _count(tally: Tally, exercise: Exercise, lang: str, label: str, answer: object, *, right: bool) -> None:
    taken = _takes(exercise, answer, lang)
    if right:
        tally.right_tried += 1
        tally.right_taken += taken
        if not taken:
            tally.slips.append(f"{exercise.id} [{lang}]: right answer refused: {label} = {str(answer)[:60]!r}")
    else:
        tally.wrong_tried += 1
        tally.wrong_refused += not taken
        if taken:
            tally.slips.append(f"{exercise.id} [{lang}]: wrong answer taken: {label} = {str(answer)[:60]!r}")


def run_exercise(exercise: Exercise, tally: Tally, langs: Iterable[str]) -> None:
    """Send the battery to one exercise (not the write kind) and count what it took. For a guess ("predict")
    every readable number is a guess that must be taken, and only what is not a number must be refused."""
    for lang in langs:
        for label, answer in wrongs_of(exercise, lang):
            guess = exercise.kind == "predict" and _readable(answer, lang)
            _count(tally, exercise, lang, label, answer, right=guess)
        for label, answer in rights_of(exercise, lang):
            _count(tally, exercise, lang, label, answer, right=True)
    reset_hints()


def _cheats(exercise: Exercise) -> list[tuple[str, Callable[..., Any]]]:
    solution = exercise.solution
    assert callable(solution)

    def as_float(*args: Any) -> Any:
        value = solution(*args)
        return float(value) if isinstance(value, Fraction) else value

    def loops(*args: Any) -> Any:
        while True:
            pass

    def swallows(*args: Any) -> Any:
        while True:
            try:
                while True:
                    pass
            except:  # noqa: E722 (the trick under test)
                pass

    def exits(*args: Any) -> Any:
        raise SystemExit(0)

    def raises(*args: Any) -> Any:
        raise ValueError("no")

    cheats: list[tuple[str, Callable[..., Any]]] = [
        ("always True", lambda *args: True),
        ("always False", lambda *args: False),
        ("always None", lambda *args: None),
        ("always the text 'True'", lambda *args: "True"),
        ("always 0", lambda *args: 0),
        ("an object equal to everything", lambda *args: _EqualToAll()),
        ("raises ValueError", raises),
        ("calls sys.exit", exits),
        ("loops forever", loops),
        ("a bare except: around a loop", swallows),
    ]
    if exercise.id in ("deal.write_p", "draw.write_chance", "perfect.bellman"):
        cheats.append(("a float where a Fraction is asked for", as_float))
    return cheats


def run_write(exercise: Exercise, tally: Tally) -> None:
    """The write kind: the known wrong functions and the cheats refused, the solution taken (English)."""
    trials: list[tuple[str, object]] = [(f"known mistake {i + 1}", w) for i, w in enumerate(exercise.wrong)]
    trials += list(_cheats(exercise))
    for label, function in trials:
        taken = exercise.check(function, "en", record=False).ok
        tally.wrong_tried += 1
        tally.wrong_refused += not taken
        if taken:
            tally.slips.append(f"{exercise.id}: wrong function taken: {label}")
    solution = exercise.solution
    assert callable(solution)
    for label, function in (("the solution", solution), ("the solution wrapped", lambda *a: solution(*a))):
        taken = exercise.check(function, "en", record=False).ok
        tally.right_tried += 1
        tally.right_taken += taken
        if not taken:
            tally.slips.append(f"{exercise.id}: right function refused: {label}")
    reset_hints()


def battery(kinds: Iterable[str] = (*QUICK, "write"), langs: Iterable[str] = LANGUAGES) -> dict[str, Tally]:
    """Run the battery on every exercise of the given kinds; one tally per kind, in course order of kinds."""
    chosen, languages = tuple(kinds), tuple(langs)
    tallies: dict[str, Tally] = {}
    for exercise in exercises.values():
        if exercise.kind not in chosen:
            continue
        tally = tallies.setdefault(exercise.kind, Tally())
        if exercise.kind == "write":
            run_write(exercise, tally)
        else:
            run_exercise(exercise, tally, languages)
    return tallies


def report(tallies: dict[str, Tally]) -> str:
    """The table of the closing notes: per kind, wrong answers tried and refused, right ones tried and taken."""
    count = Counter(exercise.kind for exercise in exercises.values())
    head = f"{'kind':<8} {'exercises':>9} {'wrong tried':>11} {'refused':>8} {'right tried':>11} {'taken':>6}"
    lines = [head, "-" * len(head)]
    for kind, tally in tallies.items():
        lines.append(
            f"{kind:<8} {count[kind]:>9} {tally.wrong_tried:>11} {tally.wrong_refused:>8} "
            f"{tally.right_tried:>11} {tally.right_taken:>6}"
        )
    slips = [slip for tally in tallies.values() for slip in tally.slips]
    lines.append("")
    lines.append(f"{len(slips)} slip(s)" + (":" if slips else ""))
    lines += [f"  {slip}" for slip in slips]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    kinds: tuple[str, ...] = (*QUICK, "write")
    if argv[1:2] == ["--kinds"] and len(argv) == 3:
        kinds = tuple(argv[2].split(","))
    elif argv[1:]:
        print(__doc__)
        return 2
    unknown = [kind for kind in kinds if kind not in (*QUICK, "write")]
    if unknown:
        print(f"unknown kinds: {', '.join(unknown)[:80]}")
        return 2
    tallies = battery(kinds)
    print(report(tallies))
    return 0 if not any(tally.slips for tally in tallies.values()) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
