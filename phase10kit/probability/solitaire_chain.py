"""The solitaire model's moves as integer index arrays, built from the group parts of the hands.

A profile (``solitaire_profiles``) is a *group part* (the counts of the 12 numbers, or of the 4
colours) with ``w`` Wilds and ``s`` Skips. The symmetries act on the group part alone, so the
canonical profiles of ``n`` cards are, for every ``(s, w)``, all canonical group parts of
``n - w - s`` cards. That makes every move cheap to index:

- the group parts are enumerated once per level (number of cards), sorted by their code;
- drawing or discarding a number (a colour) moves a part one level up or down: two small tables
  per level, ``up`` and ``down``, found once by binary search among the parts' codes;
- drawing or discarding a Wild or a Skip keeps the part and moves to the next ``(s, w)`` block.

States are numbered block by block, ``s`` first, then ``w``, parts by code: exactly the order of
the profiles' codes (``ProfileSpace.encode``), so a state's number is its position among the
sorted codes of ``solitaire_profiles.transitions``, and the arrays built here equal those (the
tests compare them). The parts are shared by every phase of a space (all run phases, say); the
phase test runs once per group part, not once per profile.

"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from phase10kit.errors import Phase10Error, Reason
from phase10kit.phases import Phase
from phase10kit.probability.batch import wilds_needed
from phase10kit.probability.profiles import HandProfiles
from phase10kit.probability.solitaire_profiles import ProfileSpace, _grow, _mirror_codes, _shrunk

__all__ = ["Chain", "GroupParts", "group_parts", "model_chain"]

Codes = npt.NDArray[np.int64]
Index = npt.NDArray[np.int32]
Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]


@dataclass(frozen=True, slots=True, eq=False)
class GroupParts:
    """The canonical group parts of 0 to ``top`` cards and the moves between neighbouring levels.

    ``codes[m]``: the sorted codes of the parts of ``m`` cards. ``up[m][j, i]``: the position in
    level ``m + 1`` of part ``i`` of level ``m`` with one more card of column ``j`` (-1 when the
    deck has none left); ``down[m][j, i]``: the position in level ``m - 1`` of part ``i`` of level
    ``m`` with one card of column ``j`` fewer (-1 when it holds none; ``down[0]`` is empty).
    """

    space: ProfileSpace
    codes: tuple[Codes, ...]
    up: tuple[Index, ...]
    down: tuple[Index, ...]

    @property
    def columns(self) -> int:
        """Group columns: 12 numbers or 4 colours."""
        return self.space.wild_column

    def rows(self, level: int) -> npt.NDArray[np.int8]:
        """The parts of ``level`` cards as rows of group counts."""
        return _decode(self.space, self.codes[level])[:, : self.columns]


def group_parts(space: ProfileSpace, top: int) -> GroupParts:
    """The group parts of ``space`` up to ``top`` cards and the moves between their levels."""
    columns = space.wild_column
    caps = np.array([*space.caps[:columns], 0, 0], dtype=np.int8)  # Wilds and Skips stay outside the part
    codes: list[Codes] = [np.zeros(1, dtype=np.int64)]
    up: list[Index] = []
    for _ in range(top):
        next_codes, grown = _grow(space, _decode(space, codes[-1]), caps)
        # Each level's moves up are found at once, so the grown codes of one level only are ever held.
        up.append(np.stack([_positions(next_codes, g) for g in grown[:columns]]) if columns else _none(len(codes[-1])))
        codes.append(next_codes)
        del grown
    down: list[Index] = [np.full((columns, 1), -1, dtype=np.int32)]
    for m in range(1, top + 1):
        rows = _decode(space, codes[m])
        encoded = (codes[m], _mirror_codes(space, rows))
        shrunk = [np.where(rows[:, c] > 0, _shrunk(space, rows, c, encoded), -1) for c in range(columns)]
        down.append(np.stack([_positions(codes[m - 1], s) for s in shrunk]) if columns else _none(len(codes[m])))
    return GroupParts(space, tuple(codes), tuple(up), tuple(down))


def _decode(space: ProfileSpace, codes: Codes) -> npt.NDArray[np.int8]:
    """``space.decode``, a column at a time into 8-bit counts (no table of 64-bit temporaries)."""
    rows = np.empty((len(codes), space.columns), dtype=np.int8)
    for column, multiplier in enumerate(space.multipliers()):
        rows[:, column] = (codes // multiplier) % (space.caps[column] + 1)
    return rows


def _positions(table: Codes, codes: Codes) -> Index:
    """The position of each code in the sorted ``table`` (every non-negative code is there); -1 stays -1."""
    found = np.searchsorted(table, np.maximum(codes, 0)).astype(np.int32)
    result: Index = np.where(codes >= 0, found, -1).astype(np.int32)
    return result


def _none(count: int) -> Index:
    return np.full((0, count), -1, dtype=np.int32)


@dataclass(frozen=True, slots=True, eq=False)
class Chain:
    """Every move of the model between hands of ``hand_size`` cards (small) and one more (big).

    Columns are the profile's: the group columns, then Wild, then Skip. ``up[k, s]``: the big
    state that drawing a card of column ``k`` turns small state ``s`` into (-1 when the deck has
    none left); ``unseen[k, s]`` how many cards of column ``k`` the state has not seen, and
    ``chance[u]`` the chance of drawing one of ``u`` such cards (``draw`` makes the table of chances
    from them: 8-bit counts keep a table of 14 rows of floats out of memory). Discards are kept per
    level of group parts (``down`` builds the whole table; ``down_chunks`` gives it a slice of big
    states at a time). ``small_codes`` are the 10-card profiles' codes, sorted.
    """

    space: ProfileSpace
    hand_size: int
    up: Index
    small_codes: Codes
    parts: GroupParts
    small_blocks: tuple[tuple[int, int, int], ...]
    small_at: dict[tuple[int, int], int]
    big_blocks: tuple[tuple[int, int, int], ...]
    big_at: dict[tuple[int, int], int]
    unseen: npt.NDArray[np.int8]
    chance: Floats

    @property
    def draw(self) -> Floats:
        """``draw[k, s]``: the chance that the draw is a card of column ``k`` (its unseen cards over all unseen)."""
        return self.draws(0, self.states)

    def draws(self, start: int, stop: int) -> Floats:
        """``draw[:, start:stop]``, made from the unseen counts."""
        result: Floats = self.chance[self.unseen[:, start:stop]]
        return result

    @property
    def states(self) -> int:
        """10-card states (canonical profiles)."""
        return len(self.small_codes)

    def small_rows(self) -> npt.NDArray[np.int8]:
        """The 10-card profiles as rows of counts (group columns, Wilds, Skips), in the order of the states."""
        rows = np.empty((self.states, self.space.columns), dtype=np.int8)
        columns = self.parts.columns
        for s, w, level in self.small_blocks:
            where = slice(self.small_at[s, w], self.small_at[s, w] + len(self.parts.codes[level]))
            rows[where, :columns] = self.parts.rows(level)
            rows[where, columns:] = (w, s)
        return rows

    @property
    def big_states(self) -> int:
        """11-card states."""
        return sum(len(self.parts.codes[level]) for *_, level in self.big_blocks)

    @property
    def big_codes(self) -> Codes:
        """The codes of the 11-card profiles, sorted."""
        multipliers = self.space.multipliers()
        wild, skip = multipliers[self.space.wild_column], multipliers[self.space.skip_column]
        return np.concatenate([self.parts.codes[m] + w * wild + s * skip for s, w, m in self.big_blocks])

    @property
    def down(self) -> Index:
        """``down[k, b]``: the small state that discarding a card of column ``k`` leaves of big state ``b``
        (-1 when it holds none)."""
        return np.concatenate([block for _, _, block in self.down_chunks(1 << 62)], axis=1)

    def down_chunks(self, size: int) -> Iterator[tuple[int, int, Index]]:
        """``(start, stop, down[:, start:stop])`` for slices of at most ``size`` big states, in order."""
        columns = self.parts.columns
        wild, skip = self.space.wild_column, self.space.skip_column
        for s, w, level in self.big_blocks:
            block_start = self.big_at[s, w]
            count = len(self.parts.codes[level])
            for offset in range(0, count, size):
                stop = min(offset + size, count)
                span = np.arange(offset, stop, dtype=np.int32)
                down = np.full((self.space.columns, stop - offset), -1, dtype=np.int32)
                if columns and (s, w) in self.small_at:
                    steps = self.parts.down[level][:, offset:stop]
                    down[:columns] = np.where(steps >= 0, steps + self.small_at[s, w], -1)
                if w > 0 and (s, w - 1) in self.small_at:
                    down[wild] = span + self.small_at[s, w - 1]
                if s > 0 and (s - 1, w) in self.small_at:
                    down[skip] = span + self.small_at[s - 1, w]
                yield block_start + offset, block_start + stop, down

    def holds(self, phase: Phase, natural_required: bool) -> Bools:
        """Whether each big state holds the phase: the batch check once per group part, then its Wilds."""
        needed = {level: _wilds_needed(self.parts, level, phase, natural_required) for *_, level in self.big_blocks}
        return np.concatenate([needed[level] <= w for _, w, level in self.big_blocks])


def _wilds_needed(parts: GroupParts, level: int, phase: Phase, natural_required: bool) -> npt.NDArray[np.int64]:
    groups = np.ascontiguousarray(parts.rows(level).T)
    profiles = HandProfiles(by_number=groups) if parts.space.axis == "numbers" else HandProfiles(by_color=groups)
    return wilds_needed(profiles, phase, natural_required=natural_required)


def _blocks(space: ProfileSpace, cards: int) -> tuple[tuple[int, int, int], ...]:
    """The ``(s, w, level)`` blocks of the profiles of ``cards`` cards, in the order of their codes."""
    wilds, skips = space.caps[space.wild_column], space.caps[space.skip_column]
    parts_cap = sum(space.caps[: space.wild_column])
    return tuple(
        (s, w, cards - w - s) for s in range(skips + 1) for w in range(wilds + 1) if 0 <= cards - w - s <= parts_cap
    )


def model_chain(space: ProfileSpace, hand_size: int) -> Chain:
    """The moves between hands of ``hand_size`` and ``hand_size + 1`` cards.

    >>> from phase10kit.probability.solitaire_profiles import profile_space
    >>> chain = model_chain(profile_space("colors", "sort"), 2)
    >>> chain.states, chain.big_states, chain.up.shape
    (7, 14, (6, 7))
    """
    deck_size = sum(space.caps)
    if hand_size + 1 > deck_size:
        raise Phase10Error(
            f"a hand of {hand_size} cards cannot draw from a deck of {deck_size}", reason=Reason.BAD_HAND_SIZE
        )
    parts = group_parts(space, hand_size + 1)
    columns = parts.columns
    wild, skip = space.wild_column, space.skip_column
    multipliers = space.multipliers()
    small_blocks, big_blocks = _blocks(space, hand_size), _blocks(space, hand_size + 1)

    def offsets(blocks: tuple[tuple[int, int, int], ...]) -> dict[tuple[int, int], int]:
        starts = np.cumsum([0] + [len(parts.codes[level]) for _, _, level in blocks])
        return {(s, w): int(start) for (s, w, _), start in zip(blocks, starts[:-1], strict=True)}

    small_at, big_at = offsets(small_blocks), offsets(big_blocks)
    small_count = sum(len(parts.codes[level]) for *_, level in small_blocks)
    up = np.full((space.columns, small_count), -1, dtype=np.int32)
    unseen_total = np.float64(deck_size - hand_size)
    small_codes = np.empty(small_count, dtype=np.int64)
    caps = np.array(space.caps[:columns], dtype=np.int8)[:, None]
    unseen = np.zeros((space.columns, small_count), dtype=np.int8)
    for s, w, level in small_blocks:
        start = small_at[s, w]
        count = len(parts.codes[level])
        where = slice(start, start + count)
        small_codes[where] = parts.codes[level] + w * multipliers[wild] + s * multipliers[skip]
        if columns:
            steps = parts.up[level]
            up[:columns, where] = np.where(steps >= 0, steps + big_at[s, w], -1)
            unseen[:columns, where] = caps - parts.rows(level).T
        if (s, w + 1) in big_at:
            up[wild, where] = np.arange(count) + big_at[s, w + 1]
        if (s + 1, w) in big_at:
            up[skip, where] = np.arange(count) + big_at[s + 1, w]
        unseen[wild, where] = space.caps[wild] - w
        unseen[skip, where] = space.caps[skip] - s
    # Divided as the first solver divided them, ``float(unseen) / unseen_total``: the same chances to the last bit.
    chance = np.arange(max(space.caps) + 1, dtype=np.float64) / unseen_total
    kept = GroupParts(space, parts.codes, (), parts.down)  # the draws are in ``up``: drop the parts' own
    return Chain(space, hand_size, up, small_codes, kept, small_blocks, small_at, big_blocks, big_at, unseen, chance)
