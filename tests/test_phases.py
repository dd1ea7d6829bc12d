"""Phases and the phase notation."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10kit import GroupKind, GroupSpec, NotationError, Phase, phase
from phase10kit.phases import DECK_SIZE, MAX_SIZE

specs = st.sampled_from(list(GroupKind)).flatmap(
    lambda kind: st.integers(2, MAX_SIZE[kind]).map(lambda size: GroupSpec(kind, size))
)
# Phases one deck can hold: the notation refuses a term that asks for more cards than the deck has (``4c28`` would
# be 112 of 108; test_arbitrary_input checks that refusal), so only those round-trip.
generated_phases = (
    st.lists(specs, min_size=1, max_size=5)
    .filter(lambda groups: all(groups.count(spec) * spec.size <= DECK_SIZE for spec in groups))
    .map(lambda groups: Phase(tuple(groups)))
)


@given(generated_phases)
def test_phase_notation_round_trips(p: Phase) -> None:
    assert Phase.parse(str(p)) == p
    assert Phase.parse(str(p).upper().replace("+", " + ")) == p


@pytest.mark.clause("phase.list")
def test_the_standard_phases() -> None:
    texts = [str(phase(n)) for n in range(1, 11)]
    assert texts == ["2s3", "s3+r4", "s4+r4", "r7", "r8", "r9", "2s4", "c7", "s5+s2", "s5+s3"]
    assert [phase(n).size for n in (1, 4, 8, 10)] == [6, 7, 7, 8]


@pytest.mark.clause("phase.list")
def test_the_extra_phases_are_11_to_20() -> None:
    assert [str(phase(n)) for n in (11, 14, 20)] == ["4s2", "r4+c4", "s6+s3"]
    for bad in (0, 21, True, "1"):
        with pytest.raises(NotationError):
            phase(bad)  # type: ignore[arg-type]


def test_multiplier_repeats_a_group() -> None:
    assert Phase.parse("2s3").groups == (GroupSpec(GroupKind.SET, 3),) * 2
    assert str(Phase.parse("s3+s3+r4")) == "2s3+r4"
    assert str(Phase.parse("s3+r4+s3")) == "s3+r4+s3"


def test_group_sizes_have_limits_2_16_sets_2_12_runs_2_32_colours() -> None:
    for text in ("s2", "s16", "r2", "r12", "c2", "c32"):
        assert str(Phase.parse(text)) == text
    for text in ("s1", "s17", "r1", "r13", "c1", "c33"):
        with pytest.raises(NotationError) as caught:
            Phase.parse(text)
        assert text in str(caught.value)


@pytest.mark.parametrize("text", ["s0", "r13", "c0", "3x4", "", "  ", "s", "3", "0s3", "s3+", "s3++r4", "s3r4"])
def test_bad_phase_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        Phase.parse(text)
    assert caught.value.reason == "bad-phase"


def test_bad_phase_message_quotes_the_term() -> None:
    with pytest.raises(NotationError, match="'3x4'"):
        Phase.parse("s3+3x4")


def test_phase_names() -> None:
    assert phase(1).name == "2 sets of 3"
    assert phase(2).name == "1 set of 3 + 1 run of 4"
    assert phase(8).name == "7 cards of one colour"
