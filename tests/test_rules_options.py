"""Rules: every option's values, the variants' phase lists, presets and invalid combinations."""

from __future__ import annotations

from dataclasses import fields
from typing import get_args, get_type_hints

import pytest

from phase10kit.errors import NotationError, Phase10Error
from phase10kit.phases import Phase, phase
from phase10kit.rules import PRESETS, RULE_OPTIONS, RuleOption, Rules, phase_list, rule_option


def test_defaults_are_those_of_rules_md() -> None:
    r = Rules()
    assert (r.skip_target, r.hit_others, r.go_out, r.first_skip, r.progression) == (
        "choose",
        "next_turn",
        "hit_or_discard",
        "skip_first",
        "in_order",
    )
    assert r.extra_cards and r.natural_required and not r.skip_from_discard
    assert r.phases == tuple(phase(n) for n in range(1, 11))


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("skip_target", "everyone"),
        ("hit_others", "never"),
        ("go_out", "sideways"),
        ("first_skip", "ignore"),
        ("progression", "backwards"),
        ("extra_cards", "yes"),
        ("natural_required", 1),
        ("skip_from_discard", None),
    ],
)
def test_an_unknown_option_value_is_refused_with_a_clear_error(option: str, value: object) -> None:
    with pytest.raises(Phase10Error) as info:
        Rules(**{option: value})  # type: ignore[arg-type]
    assert info.value.reason == "bad-rules" and option in str(info.value)


def test_a_phase_larger_than_a_hand_is_an_invalid_combination() -> None:
    Rules(phases=(Phase.parse("r10"),), go_out="discard")  # ten cards, one left to discard
    Rules(phases=(Phase.parse("r11"),))  # all eleven cards: going out by laying down
    with pytest.raises(Phase10Error, match="at most 10"):
        Rules(phases=(Phase.parse("r11"),), go_out="discard")
    with pytest.raises(Phase10Error):
        Rules(phases=())


@pytest.mark.clause("variant.short", "variant.even_odd", "variant.twenty", "variant.custom")
def test_variant_phase_lists() -> None:
    assert [str(p) for p in phase_list("odd")] == ["2s3", "s4+r4", "r8", "2s4", "s5+s2"]
    assert [str(p) for p in phase_list("even")] == ["s3+r4", "r7", "r9", "c7", "s5+s3"]
    assert phase_list("twenty")[10:] == tuple(phase(n) for n in range(11, 21))
    assert phase_list("first:5") == tuple(phase(n) for n in range(1, 6))
    assert phase_list("s3+r4, c7") == (Phase.parse("s3+r4"), Phase.parse("c7"))
    for bad in ("first:0", "first:x", "", "s3,,c7", "q3"):
        with pytest.raises(NotationError):
            phase_list(bad)


def test_presets_name_the_source_rules() -> None:
    assert Rules.preset("default") == Rules()
    assert Rules.preset("article").skip_target == "next" and Rules.preset("article").go_out == "discard"
    assert Rules.preset("printed").hit_others == "same_turn"
    assert Rules.preset("twist").first_skip == "cover" and Rules.preset("twist").skip_from_discard
    assert not Rules.preset("exact").extra_cards
    assert len(Rules.preset("twenty").phases) == 20
    assert Rules.preset("short", skip_target="next").skip_target == "next"
    with pytest.raises(Phase10Error, match="unknown preset"):
        Rules.preset("house")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_rules_notation_and_dict_round_trip(name: str) -> None:
    rules = PRESETS[name]
    assert Rules.parse(rules.notation()) == rules
    assert Rules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize(
    "data",
    [[], {"colour": "red"}, {"phases": "2s3"}, {"phases": ["2s3", 7]}, {"go_out": 3}, {"phases": ["zz"]}],
)
def test_bad_rule_data_raises_notation_error(data: object) -> None:
    with pytest.raises(NotationError):
        Rules.from_dict(data)


@pytest.mark.parametrize("text", ["extra_cards=maybe", "go_out", "go_out=discard go_out=discard", "foo=bar"])
def test_bad_rule_notation_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        Rules.parse(text)


def test_the_option_table_and_the_literal_types_name_the_same_choices() -> None:
    hints = get_type_hints(Rules)
    assert [option.name for option in RULE_OPTIONS] == [f.name for f in fields(Rules) if f.name != "phases"]
    for option in RULE_OPTIONS:
        if option.is_flag:
            assert hints[option.name] is bool, option.name
        else:
            assert get_args(hints[option.name]) == option.choices, option.name
        assert getattr(Rules(), option.name) == option.choices[0] or option.is_flag, "the default is offered first"
        assert f"``{option.name}``" in (Rules.__doc__ or ""), "the docstring (and so the API reference) explains it"


@pytest.mark.parametrize("option", RULE_OPTIONS, ids=lambda option: option.name)
def test_every_choice_of_an_option_is_a_valid_rule_with_its_own_sentence(option: RuleOption) -> None:
    sentences = set()
    for choice in option.choices:
        assert getattr(Rules(**{option.name: choice}), option.name) == choice  # type: ignore[arg-type]
        sentences.add(option.sentence(choice))
    assert len(sentences) == len(option.choices)
    with pytest.raises(KeyError):
        option.sentence(1 if option.is_flag else "sideways")
    assert rule_option(option.name) is option
