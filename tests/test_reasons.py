"""Typed refusal reasons: every reason is raised by real input and rendered as a sentence in every language.

A refusal's sentence is built from its reason and details in the student's language; no English
detail may be appended to a translated sentence (issue: ``Un juego tiene un solo número. (a set has ...)``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from phase10kit import Card, Game, Phase, Rules, parse_action, parse_cards, phase
from phase10kit.actions import Discard, Draw, Hit, Lay, Take
from phase10kit.bots import GreedyBot, play_game
from phase10kit.bots.registry import make_bot
from phase10kit.errors import Phase10Error, Reason
from phase10kit.groups import Group, GroupKind, Layout, arrange
from phase10kit.i18n import LANGUAGES, check_lang, translator
from phase10kit.refusals import SENTENCES, placeholders, sentence, templates

P1_SETS = "R7 B7 G7 Y2 B2 W R1 R3 G5 Y9"
P2_RUNS = "R2 R3 R4 R6 B8 B9 B10 Y11 Y12 G1"


def after_draw(*draws: str, rules: Rules | None = None) -> Game:
    g = Game.from_deal([P1_SETS, P2_RUNS], rules=rules, draws=" ".join(draws) or "Y7")
    g.apply(Draw(0))
    return g


def laid_game() -> Game:
    g = after_draw("Y7")
    g.apply(parse_action("p1 lay s[R7 B7 G7] s[Y2 B2 W]"))
    return g


def refusal(g: Game, action: object) -> Phase10Error:
    error = g.why_not(action)
    assert error is not None
    return error


# Each reason with a way to make the kit raise it (engine, parsers, solver, probability, bots).
TRIGGERS: dict[Reason, Callable[[], object]] = {
    Reason.NOT_TEXT: lambda: parse_cards(7),  # type: ignore[arg-type]
    Reason.TEXT_TOO_LONG: lambda: Card.parse("R" * 5_000),
    Reason.BAD_TOKEN: lambda: parse_cards("R7 X9"),
    Reason.BAD_CARD: lambda: Card.from_index(99),
    Reason.BAD_COLOR: lambda: __import__("phase10kit.cards", fromlist=["Color"]).Color.parse("purple"),
    Reason.BAD_PHASE: lambda: Phase.parse("q3"),
    Reason.TOO_MANY_GROUPS: lambda: Phase.parse("60s2"),
    Reason.BAD_GROUP: lambda: Group.parse("x[R7]"),
    Reason.BAD_LAYOUT: lambda: Layout.parse("s[R7 B7 G7] junk"),
    Reason.BAD_ACTION: lambda: parse_action("p1 fly"),
    Reason.BAD_HISTORY: lambda: Game.from_history(["players 2"]),
    Reason.BAD_SAVE: lambda: Game.from_json("{}"),
    Reason.INCONSISTENT_SAVE: lambda: Game.from_json(
        Game(players=2, seed=1).to_json().replace('"scores":[0,0]', '"scores":[0,5]')
    ),
    Reason.EMPTY_GROUP: lambda: Group.make(GroupKind.SET, []),
    Reason.SKIP_IN_GROUP: lambda: Group.parse("s[R7 B7 S]"),
    Reason.NO_NATURAL_CARD: lambda: Group.make(GroupKind.SET, parse_cards("W W W")),
    Reason.WILD_VALUE_NEEDED: lambda: Group.make(GroupKind.SET, parse_cards("W W W"), natural_required=False),
    Reason.WRONG_VALUE: lambda: Group.make(GroupKind.SET, parse_cards("R7 B7 W"), 8),
    Reason.MIXED_NUMBERS: lambda: arrange(GroupKind.SET, parse_cards("R7 B7 R2")),
    Reason.MIXED_COLORS: lambda: arrange(GroupKind.COLOR, parse_cards("R7 B7 R2")),
    Reason.NOT_CONSECUTIVE: lambda: arrange(GroupKind.RUN, parse_cards("R3 R4 R7")),
    Reason.REPEATED_NUMBER: lambda: arrange(GroupKind.RUN, parse_cards("R3 B3 R4")),
    Reason.RUN_OUT_OF_RANGE: lambda: Group.parse("r[R11 R12 W]"),
    Reason.DOES_NOT_FIT: lambda: Group.parse("s[R7 B7 G7]").extend(Card.parse("R8")),
    Reason.END_NEEDED: lambda: Group.parse("r[R3 R4 R5]").extend(Card.parse("W")),
    Reason.TOO_MANY_COPIES: lambda: Game.from_deal([P1_SETS, "R7 B7 G7 R7 Y2 Y3 Y4 Y5 Y6 Y8"]),
    Reason.BAD_CARDS: lambda: Game.from_deal("R7 B7"),  # type: ignore[arg-type]
    Reason.GAME_OVER: lambda: _over_game().verify_apply(Draw(0)),
    Reason.BAD_PLAYER: lambda: Game(players=2, seed=1).view(5),
    Reason.NOT_YOUR_TURN: lambda: Game(players=2, seed=1).verify_apply(Draw(1)),
    Reason.WRONG_STAGE: lambda: after_draw().verify_apply(Draw(0)),
    Reason.EMPTY_DISCARD: lambda: _empty_discard().verify_apply(Take(0)),
    Reason.SKIP_FROM_DISCARD: lambda: Game.from_deal([P1_SETS, P2_RUNS], flip="S").verify_apply(Take(1)),
    Reason.NOT_IN_HAND: lambda: after_draw().verify_apply(Discard(0, Card.parse("Y12"))),
    Reason.BAD_TARGET: lambda: after_draw().verify_apply(Discard(0, Card.parse("R1"), 1)),
    Reason.ALREADY_LAID: lambda: laid_game().verify_apply(parse_action("p1 lay s[R1 R1 W]")),
    Reason.PHASE_NOT_NAMED: lambda: after_draw(rules=Rules(progression="any_order")).verify_apply(
        parse_action("p1 lay s[R7 B7 G7] s[Y2 B2 W]")
    ),
    Reason.PHASE_NAMED: lambda: after_draw().verify_apply(parse_action("p1 lay 1 s[R7 B7 G7] s[Y2 B2 W]")),
    Reason.WRONG_GROUPS: lambda: after_draw().verify_apply(parse_action("p1 lay s[R7 B7 G7]")),
    Reason.WRONG_SIZE: lambda: after_draw().verify_apply(parse_action("p1 lay s[R7 B7] s[Y2 B2 W]")),
    Reason.INVALID_GROUP: lambda: after_draw().verify_apply(
        Lay(0, (Group(GroupKind.SET, tuple(parse_cards("R7 B7 G7")), 8), Group.parse("s[Y2 B2 W]")))
    ),
    Reason.MUST_DISCARD: lambda: _must_discard(),
    Reason.NOT_LAID: lambda: after_draw().verify_apply(Hit(0, 0, 0, Card.parse("R7"))),
    Reason.NO_SUCH_GROUP: lambda: laid_game().verify_apply(Hit(0, 0, 5, Card.parse("W"))),
    Reason.HIT_NEXT_TURN: lambda: _hit_next_turn(),
    Reason.BAD_END: lambda: _bad_end(),
    Reason.NO_UNDO: lambda: Game(players=2, seed=1).undo(),
    Reason.NO_TAKE_BACK: lambda: Game(players=2, seed=1).take_back(0),
    Reason.TAKE_BACK_DRAW: lambda: after_draw().take_back(0),
    Reason.TAKE_BACK_OTHERS: lambda: _took_back_after_others(),
    Reason.BAD_PLAYERS: lambda: Game(players=7),
    Reason.BAD_RULES: lambda: Rules(go_out="sideways"),  # type: ignore[arg-type]
    Reason.BAD_PHASE_LIST: lambda: Rules(phases="first:30"),
    Reason.BAD_SEED: lambda: Game(players=2, seed=2.5),  # type: ignore[arg-type]
    Reason.BAD_BOT: lambda: make_bot("clever"),
    Reason.BAD_BOTS: lambda: play_game([GreedyBot()]),
    Reason.NOT_A_VIEW: lambda: GreedyBot().choose(Game(players=2, seed=1)),  # type: ignore[arg-type]
    Reason.NO_CHOICE: lambda: GreedyBot().explain(),
    Reason.BAD_LANGUAGE: lambda: check_lang("tlh"),
    Reason.BAD_DRAWS: lambda: _probability().completion_odds(parse_cards("R1 R2"), phase(4), draws=-1),
    Reason.BAD_SAMPLES: lambda: _probability().simulate_deal_odds(0),
    Reason.BAD_HAND_SIZE: lambda: _probability().exact_deal_odds(hand_size=200),
    Reason.BAD_COUNT: lambda: __import__("phase10kit.bots", fromlist=["tournament"]).tournament(
        [GreedyBot(), GreedyBot()], games=0, seed=1
    ),
}


def _probability() -> Any:
    import phase10kit.probability

    return phase10kit.probability


def _over_game() -> Game:
    return play_game([GreedyBot(seed=1), GreedyBot(seed=2)], seed=3)


def _empty_discard() -> Game:
    g = Game.from_deal([P1_SETS, P2_RUNS], flip="R5")
    g.discard_pile.clear()  # a position the deal never makes, reached by hand for the refusal
    return g


def _must_discard() -> None:
    g = Game.from_deal(["R7 R7 B7 G7 Y7 R2 B2 B2 G2 Y2", P2_RUNS], rules=Rules(go_out="discard"), draws="G2")
    g.apply(Draw(0))
    g.verify_apply(parse_action("p1 lay s[R7 R7 B7 G7 Y7] s[R2 B2 B2 G2 G2 Y2]"))


def _bad_end() -> None:
    g = after_draw("W")
    g.apply(parse_action("p1 lay s[R7 B7 G7] s[Y2 B2 W]"))
    g.verify_apply(Hit(0, 0, 0, Card.parse("W"), "low"))


def _hit_next_turn() -> None:
    g = Game.from_deal([P1_SETS, "R2 R3 R4 R6 B8 B9 B10 Y11 Y12 G1"], draws="Y7 G2 Y4")
    g.apply(Draw(0))
    g.apply(parse_action("p1 discard Y9"))
    g.apply(Draw(1))
    g.apply(parse_action("p2 discard G1"))
    g.apply(Draw(0))
    g.apply(parse_action("p1 lay s[R7 B7 G7] s[Y2 B2 W]"))
    g.melds[1].append(Group.parse("r[R2 R3 R4]"))  # a run laid by p2, reached by hand for the refusal
    g.verify_apply(Hit(0, 1, 0, Card.parse("R1")))


def _took_back_after_others() -> None:
    g = after_draw()
    g.apply(parse_action("p1 discard Y9"))
    g.take_back(0)


@pytest.mark.parametrize("reason", list(TRIGGERS), ids=str)
def test_the_kit_raises_the_reason_with_details_its_sentence_uses(reason: Reason) -> None:
    with pytest.raises(Phase10Error) as caught:
        TRIGGERS[reason]()
    error = caught.value
    assert error.reason is reason, str(error)
    for lang in LANGUAGES:
        said = sentence(error, lang)
        assert said and "{" not in said and "…" not in said, (lang, said)
    if placeholders(templates(reason)[0]):
        assert templates(reason)[0] != templates(reason)[-1]


def test_most_reasons_are_raised_by_real_input() -> None:
    # The rest are raised by widgets, probability or course code (tested there) or guard impossible states.
    assert len(TRIGGERS) >= 60


@pytest.mark.parametrize("reason", list(Reason), ids=str)
def test_every_reason_has_a_sentence_ending_in_one_without_details(reason: Reason) -> None:
    options = templates(reason)
    assert reason in SENTENCES and options
    assert not placeholders(options[-1]), f"{reason}: the last template must name no detail"


def example_details(template: str) -> dict[str, object]:
    values: dict[str, object] = {
        "cards": parse_cards("R7 B7 R2"),
        "card": Card.parse("W"),
        "group": Group.parse("r[R3 R4 R5]"),
        "phase": phase(2),
        "player": "p2",
        "players": ["p2", "p3"],
        "phases": ["3", "5"],
        "text": "X9",
        "kind": "int",
        "length": 5000,
        "limit": 2,
        "count": 60,
        "size": 4,
        "low": 2,
        "high": 6,
        "choices": "random, greedy",
    }
    return {name: values.get(name, 3) for name in placeholders(template)}


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_sentence_is_translated_with_the_same_placeholders(lang: str) -> None:
    t = translator(lang)
    for reason in Reason:
        for template in templates(reason):
            translated = t.gettext(template)
            assert translated != template or not re.search("[A-Za-z]{4}", template), (lang, template)
            assert placeholders(translated) == placeholders(template), (lang, template, translated)
            error = Phase10Error("x", reason=reason, details=example_details(template))
            assert "{" not in sentence(error, lang)


def test_a_translated_refusal_carries_no_english_detail() -> None:
    with pytest.raises(Phase10Error) as caught:
        arrange(GroupKind.SET, parse_cards("R7 B7 R2"))
    spanish = sentence(caught.value, "es")
    assert "R7 B7 R2" in spanish
    assert "a set has one number" not in spanish.lower() and "mixes" not in spanish
