"""The adversarial battery (tools/battery.py) against the quick kinds: no wrong answer taken, every form of a
right one taken, in six languages. The write kind's cheats are tried in tests/test_grading.py and
tests/test_write_checkers.py (each needs a worker process); ``python tools/battery.py`` runs them all."""

from __future__ import annotations

from fractions import Fraction

from tests.helpers import load_tool

battery = load_tool("battery", "battery.py")


def test_no_wrong_answer_is_taken_and_every_right_form_is() -> None:
    tallies = battery.battery(battery.QUICK)
    assert set(tallies) == set(battery.QUICK)
    for kind, tally in tallies.items():
        assert tally.slips == [], kind
        assert tally.wrong_tried == tally.wrong_refused and tally.right_tried == tally.right_taken, kind
        assert tally.wrong_tried >= 100 * len([e for e in battery.exercises.values() if e.kind == kind]), kind


def test_the_battery_itself_can_find_a_slip() -> None:
    # An exercise whose judge takes anything: the battery must report its wrong answers as taken (all but the
    # two blank ones, "   " and [], which every exercise answers with "no answer yet" before its judge).
    from phase10kit.course import Exercise

    lenient = Exercise("demo.lenient", "00_welcome", ("deck.copies",), "answer", "?", Fraction(3, 8), (Fraction(1, 2),),
                       ("nudge", "narrower"), lambda answer, t: (True, "fine"))  # fmt: skip
    tally = battery.Tally()
    battery.run_exercise(lenient, tally, ["hr"])
    assert tally.wrong_refused == 2 and tally.wrong_tried > 20
    assert len(tally.slips) == tally.wrong_tried - 2
    assert any("wrong answer taken: halved as a decimal (hr) = '0,1875'" in slip for slip in tally.slips)


def test_numbers_are_written_the_language_way() -> None:
    rights = dict(battery.number_rights(Fraction(3, 8), "cs"))
    assert rights["a decimal (cs)"] == "0,375" and rights["a spaced fraction"] == "3 / 8"
    assert dict(battery.number_rights(Fraction(9, 2), "en"))["a mixed number"] == "4 1/2"
