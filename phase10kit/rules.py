"""The rule options and variants a game is played under: one frozen ``Rules`` value.

Every field's default is the default of rules.md; the alternatives are the other sources' rules.
``Rules.preset(name)`` names the combinations of the source texts, ``phase_list(spec)`` the phase
lists of the variants. Invalid values or combinations raise ``Phase10Error`` (reason
``"bad-rules"``) with a sentence saying what is wrong.

>>> r = Rules.preset("article")
>>> r.skip_target, r.go_out
('next', 'discard')
>>> Rules.parse(Rules().notation()) == Rules()
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal

from phase10kit.errors import NotationError, Phase10Error, Reason, brief, check_text, not_text, quote
from phase10kit.i18n import N_
from phase10kit.phases import EXTRA_PHASES, STANDARD_PHASES, Phase

__all__ = [
    "HAND_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PRESETS",
    "RULE_OPTIONS",
    "STANDARD_RULES",
    "FirstSkip",
    "GoOut",
    "HitOthers",
    "Progression",
    "RuleOption",
    "Rules",
    "SkipTarget",
    "check_players",
    "needs_natural",
    "phase_list",
    "rule_option",
]

SkipTarget = Literal["choose", "next"]
HitOthers = Literal["next_turn", "same_turn"]
GoOut = Literal["hit_or_discard", "discard"]
FirstSkip = Literal["skip_first", "cover"]
Progression = Literal["in_order", "any_order", "all_advance"]

HAND_SIZE = 10
"""Cards dealt to each player."""
MIN_PLAYERS = 2
MAX_PLAYERS = 6
"""A game has 2 to 6 players (the printed rule sheet; ten cards each leave a draw pile for six)."""


def check_players(players: object) -> int:
    """``players`` when it is a whole number of players a game can have, else a ``Phase10Error``.

    >>> check_players(4)
    4
    >>> check_players(7)
    Traceback (most recent call last):
    ...
    phase10kit.errors.Phase10Error: a game has 2 to 6 players, not 7
    """
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise Phase10Error(
            f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {quote(players, 40)}",
            reason=Reason.BAD_PLAYERS,
            details={"low": MIN_PLAYERS, "high": MAX_PLAYERS},
        )
    return players


@dataclass(frozen=True, slots=True)
class RuleOption:
    """One option of ``Rules`` as data: its field, the values it takes and what each value means.

    ``sentences`` pairs each value (in the order menus offer them, the default first for the
    choices) with a sentence saying what it means (a msgid: ``translator(lang).gettext`` shows it).
    A flag takes ``True`` or ``False``; any other option one of its words. ``RULE_OPTIONS`` holds
    them all, and ``Rules``' validation, the table's rules panel and the Skip demo read them there.

    >>> option = rule_option("skip_target")
    >>> option.choices, option.is_flag
    (('choose', 'next'), False)
    >>> option.sentence("next")
    'A discarded Skip: the next player loses their turn.'
    """

    name: str
    sentences: tuple[tuple[str | bool, str], ...]

    @property
    def choices(self) -> tuple[str | bool, ...]:
        """The values the option takes."""
        return tuple(value for value, _ in self.sentences)

    @property
    def is_flag(self) -> bool:
        """Whether the option is ``True`` or ``False``."""
        return self.choices == (True, False)

    def sentence(self, value: object) -> str:
        """The msgid of the sentence saying what ``value`` means (``KeyError`` for a value not taken)."""
        for choice, sentence in self.sentences:
            if type(choice) is type(value) and choice == value:
                return sentence
        raise KeyError(f"{self.name} takes no value {brief(value, 40)}")

    def check(self, value: object) -> None:
        """Nothing when ``value`` is one the option takes; else a ``Phase10Error`` saying what to choose."""
        if self.is_flag:
            if not isinstance(value, bool):
                raise Phase10Error(f"{self.name} is True or False, not {brief(value, 40)}", reason=Reason.BAD_RULES)
        elif value not in self.choices:
            options = " or ".join(repr(choice) for choice in self.choices)
            raise Phase10Error(
                f"{self.name}={brief(value, 40)} is not a rule option: choose {options}", reason=Reason.BAD_RULES
            )


RULE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "skip_target",
        (
            ("choose", N_("A discarded Skip: the player who discards it chooses who loses their next turn.")),
            ("next", N_("A discarded Skip: the next player loses their turn.")),
        ),
    ),
    RuleOption(
        "hit_others",
        (
            ("next_turn", N_("Adding to other players' groups: from your turn after laying down.")),
            ("same_turn", N_("Adding to other players' groups: right after laying down.")),
        ),
    ),
    RuleOption(
        "go_out",
        (
            ("hit_or_discard", N_("Going out: the last card may be laid, added to a group or discarded.")),
            ("discard", N_("Going out: the last card must be discarded.")),
        ),
    ),
    RuleOption(
        "extra_cards",
        (
            (True, N_("Groups may be laid longer than the phase asks.")),
            (False, N_("Groups are laid at exactly the size the phase asks.")),
        ),
    ),
    RuleOption(
        "natural_required",
        (
            (True, N_("Every group needs at least one card that is not a Wild.")),
            (False, N_("A group may be made of Wilds only.")),
        ),
    ),
    RuleOption(
        "first_skip",
        (
            ("skip_first", N_("A Skip turned up as the first discard skips the first player.")),
            ("cover", N_("A Skip turned up as the first discard is covered by the next card.")),
        ),
    ),
    RuleOption(
        "skip_from_discard",
        (
            (True, N_("A Skip may be taken from the discard pile.")),
            (False, N_("A Skip is never taken from the discard pile.")),
        ),
    ),
    RuleOption(
        "progression",
        (
            ("in_order", N_("Phases are made in order, one per round at most.")),
            ("any_order", N_("Phases may be made in any order, one per round at most.")),
            ("all_advance", N_("Everyone moves to the next phase after every round; the lowest score wins.")),
        ),
    ),
)
"""Every option of ``Rules`` but its phase list, in the order of its fields. The ``Literal`` types
above are the same choices written for mypy (``tests/test_rules_options.py`` checks they agree)."""

_FLAGS = tuple(option.name for option in RULE_OPTIONS if option.is_flag)


def rule_option(name: str) -> RuleOption:
    """The option of ``Rules`` called ``name`` (``KeyError`` for another name)."""
    for option in RULE_OPTIONS:
        if option.name == name:
            return option
    raise KeyError(f"no rule option {brief(name, 40)}")


def phase_list(spec: str) -> tuple[Phase, ...]:
    """The phases of a variant: ``"standard"``, ``"twenty"``, ``"even"``, ``"odd"``, ``"first:N"``
    (the first N standard phases) or phases in the notation separated by commas.

    >>> [str(p) for p in phase_list("even")][:2], len(phase_list("twenty")), str(phase_list("r7, c7")[1])
    (['s3+r4', 'r7'], 20, 'c7')
    """
    if not isinstance(spec, str):
        raise not_text(spec, "a phase list")
    key = check_text(spec, "a phase list", 2_000).strip().lower()
    standard = tuple(Phase.parse(text) for text in STANDARD_PHASES)
    if key == "standard":
        return standard
    if key == "twenty":
        return standard + tuple(Phase.parse(text) for text in EXTRA_PHASES)
    if key == "even":
        return standard[1::2]
    if key == "odd":
        return standard[0::2]
    if key.startswith("first:"):
        count = key.removeprefix("first:").strip()
        if not (count.isdigit() and len(count) <= 2 and 1 <= int(count) <= 10):
            raise NotationError(
                f"{quote(spec)!r}: write first:N with N from 1 to 10",
                reason=Reason.BAD_PHASE_LIST,
                details={"text": quote(spec, 40)},
            )
        return standard[: int(count)]
    parts = [part for part in key.split(",")]
    if not key or any(not part.strip() for part in parts):
        raise NotationError(
            f"{quote(spec)!r} is not a phase list: write phases like 's3+r4,c7'",
            reason=Reason.BAD_PHASE_LIST,
            details={"text": quote(spec, 40)},
        )
    return tuple(Phase.parse(part) for part in parts)


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules of one game. Defaults are those of rules.md.

    Fields (the alternatives in brackets):

    - ``skip_target``: who a discarded Skip skips: ``"choose"`` the discarder chooses [``"next"``
      the next player].
    - ``hit_others``: when a player may hit other players' groups: ``"next_turn"`` from their turn
      after laying down (their own groups at once) [``"same_turn"``].
    - ``go_out``: ``"hit_or_discard"`` the last card may go by laying, hitting or discarding
      [``"discard"`` the hand must end with a discard].
    - ``extra_cards``: groups laid down may be longer than the phase asks (True) [exact size only].
    - ``natural_required``: every group needs a non-Wild card (True) [groups of only Wilds allowed].
    - ``first_skip``: a Skip flipped as the first discard skips the first player
      (``"skip_first"``) [``"cover"`` it is covered with the next card].
    - ``skip_from_discard``: a Skip may be taken from the discard pile (False) [True].
    - ``phases``: the phases of the game, in order (the standard ten; see ``phase_list``).
    - ``progression``: ``"in_order"`` one phase after another [``"any_order"`` any phase not yet
      made; ``"all_advance"`` everyone moves on every hand, one hand per phase, lowest score wins].

    >>> Rules(skip_target="next").skip_target
    'next'
    >>> Rules(go_out="sideways")
    Traceback (most recent call last):
    ...
    phase10kit.errors.Phase10Error: go_out='sideways' is not a rule option: choose 'hit_or_discard' or 'discard'
    """

    skip_target: SkipTarget = "choose"
    hit_others: HitOthers = "next_turn"
    go_out: GoOut = "hit_or_discard"
    extra_cards: bool = True
    natural_required: bool = True
    first_skip: FirstSkip = "skip_first"
    skip_from_discard: bool = False
    phases: tuple[Phase, ...] = field(default_factory=lambda: phase_list("standard"))
    progression: Progression = "in_order"

    def __post_init__(self) -> None:
        # The words first, then the flags: the first wrong value named is the one it always was.
        for option in sorted(RULE_OPTIONS, key=lambda option: option.is_flag):
            option.check(getattr(self, option.name))
        phases = self.phases
        if isinstance(phases, str):  # a variant's name or phases in the notation: Rules(phases="first:5")
            phases = phase_list(phases)
            object.__setattr__(self, "phases", phases)
        if isinstance(phases, list):
            phases = tuple(phases)
            object.__setattr__(self, "phases", phases)
        if not isinstance(phases, tuple) or not phases or not all(isinstance(p, Phase) for p in phases):
            raise Phase10Error(
                f"phases must be a non-empty tuple of Phase values (see phase_list), not {quote(phases, 60)}",
                reason=Reason.BAD_RULES,
            )
        # A phase must fit in a hand after drawing, keeping one card to discard when that is a must.
        largest = HAND_SIZE + (0 if self.go_out == "discard" else 1)
        for p in phases:
            if p.size > largest:
                raise Phase10Error(
                    f"phase {p} needs {p.size} cards, but with go_out={self.go_out!r} a player can lay at most "
                    f"{largest}",
                    reason=Reason.BAD_RULES,
                )

    @staticmethod
    def preset(name: str, **changes: Any) -> Rules:
        """The rules of a named source, optionally changed: see ``PRESETS`` for the names.

        >>> Rules.preset("twist").first_skip, Rules.preset("printed", skip_target="next").skip_target
        ('cover', 'next')
        """
        if not isinstance(name, str) or name not in PRESETS:
            raise Phase10Error(
                f"unknown preset {quote(name, 40)!r}: choose one of {', '.join(PRESETS)}", reason=Reason.BAD_RULES
            )
        known = {f.name for f in fields(Rules)}
        unknown = sorted(quote(key, 40) for key in changes if key not in known)
        if unknown:
            raise Phase10Error(f"unknown rule option(s) {', '.join(unknown)}", reason=Reason.BAD_RULES)
        return replace(PRESETS[name], **changes)

    @property
    def phase_count(self) -> int:
        return len(self.phases)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values (phases in the notation)."""
        result: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        result["phases"] = [str(p) for p in self.phases]
        return result

    @staticmethod
    def from_dict(data: object) -> Rules:
        """The rules written by ``to_dict``; anything else raises ``NotationError``."""
        if not isinstance(data, dict):
            raise NotationError(f"rules must be an object, not {quote(data, 60)}", reason=Reason.BAD_RULES)
        known = {f.name for f in fields(Rules)}
        unknown = sorted(quote(key, 40) for key in data if key not in known)
        if unknown:
            raise NotationError(f"unknown rule option(s) {', '.join(unknown)}", reason=Reason.BAD_RULES)
        values = dict(data)
        if "phases" in values:
            phases = values["phases"]
            if not isinstance(phases, list) or not all(isinstance(p, str) for p in phases):
                raise NotationError(
                    f"phases must be a list of phases in the notation, not {quote(phases, 60)}", reason=Reason.BAD_RULES
                )
            values["phases"] = tuple(Phase.parse(p) for p in phases)
        try:
            return Rules(**values)
        except NotationError:
            raise
        except Phase10Error as error:
            raise NotationError(str(error), reason=error.reason, details=error.details) from error

    def notation(self) -> str:
        """One line ``key=value ...`` (flags ``yes``/``no``, phases comma-separated) that ``parse`` reads."""
        parts = []
        for name, value in self.to_dict().items():
            if isinstance(value, bool):
                value = "yes" if value else "no"
            elif isinstance(value, list):
                value = ",".join(value)
            parts.append(f"{name}={value}")
        return " ".join(parts)

    @staticmethod
    def parse(text: str) -> Rules:
        """Rules written by ``notation`` (missing keys keep their defaults)."""
        text = check_text(text, "a rules line", 5_000)
        values: dict[str, object] = {}
        for token in text.split():
            key, sep, value = token.partition("=")
            if not sep or key in values:
                raise NotationError(
                    f"{quote(token, 40)!r} in {quote(text)!r} is not a rule key=value", reason=Reason.BAD_RULES
                )
            if key in _FLAGS:
                if value not in ("yes", "no"):
                    raise NotationError(f"{quote(token, 40)!r}: write {key}=yes or {key}=no", reason=Reason.BAD_RULES)
                values[key] = value == "yes"
            elif key == "phases":
                values[key] = value.split(",")
            else:
                values[key] = value
        return Rules.from_dict(values)


STANDARD_RULES = Rules()
"""rules.md's defaults, shared wherever no rules are given (``Rules`` is immutable; ``Rules()`` parses its phases
anew, which a hot path should not repeat)."""


def needs_natural(rules: Rules | None) -> bool:
    """Whether every group needs a card that is not a Wild under ``rules`` (the standard rules when None).

    The functions a student or a widget calls take the rules a game plays by; the solver's and the engine's inner
    loops below them take this one bool, read here once per call.

    >>> needs_natural(None), needs_natural(Rules(natural_required=False))
    (True, False)
    """
    return (STANDARD_RULES if rules is None else rules).natural_required


PRESETS: dict[str, Rules] = {
    # rules.md's defaults (mostly the printed sheet and seeds 001/002).
    "default": STANDARD_RULES,
    # The printed Fundex sheet: its example lays extra cards on the same turn.
    "printed": Rules(hit_others="same_turn"),
    # Seeds 000/003/004 (one article in three languages): the next player is skipped, end with a discard.
    "article": Rules(skip_target="next", go_out="discard"),
    # Seed 001 (Ukrainian): twenty phases.
    "twenty": Rules(phases=phase_list("twenty")),
    # Seed 002 (Czech) Twist: a first Skip is covered, Skips may be taken from the discard pile.
    "twist": Rules(first_skip="cover", skip_from_discard=True),
    # The Mattel mobile app: groups exactly the size the phase asks.
    "exact": Rules(extra_cards=False),
    # Variants of seeds 000/001.
    "all-advance": Rules(progression="all_advance"),
    "any-order": Rules(progression="any_order"),
    "even": Rules(phases=phase_list("even")),
    "odd": Rules(phases=phase_list("odd")),
    "short": Rules(phases=phase_list("first:5")),
}
"""Named rule sets of the sources; ``Rules.preset(name)`` returns one."""
