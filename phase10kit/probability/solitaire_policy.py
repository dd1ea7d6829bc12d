"""One policy of the solitaire model as a sparse matrix of its moves (``scipy.sparse``, imported when solving).

Under a policy, each draw of a 10-card state ends the game (the 11 cards hold the phase), comes
back to the same state (the drawn card, or one like it, is discarded again at once) or moves to
another state. Evaluating the policy needs only the moves: a draw that ends the game reads a value
of 0, and the self-loop is solved exactly by a factor per state. Of the 14 draw columns a state of
a run phase has 4 to 12 moves on average, so a sweep over the moves alone does less work than one
over every column, and a compressed sparse row matrix does it in compiled code, without temporaries.

Why the values stay the same to the last bit: the row of a state holds its moves in column order,
and the matrix-vector product of ``scipy.sparse`` adds a row's products one by one in stored order
from 0 (``sum += data[j] * x[indices[j]]``), which is the sum the first solver took over all 14
columns: the terms left out are exact zeros (a draw that ends the game, a folded self-loop, a card
the deck has none of left), and adding ``+0.0`` changes no sum. The tests compare the tables with
the first solver's (``tests/golden``), so a library whose product summed in another order would fail
them rather than change the tables silently.

A state that a draw leaves as it was with a chance of ``STUCK`` or more keeps its self-loop among its
moves (and a factor of 1), as the first solver did.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["STUCK", "Policy", "PolicyMoves"]

STUCK = 1.0 - 1e-9
"""A state whose draws lead back to it with at least this chance is not solved for its self-loop."""
CHUNK = 1 << 14
"""States per step while the matrix is built: their table of 14 successors (1 MB) stays in the processor's cache."""

Floats = npt.NDArray[np.float64]
Index = npt.NDArray[np.int32]


@dataclass(frozen=True, slots=True, eq=False)
class Policy:
    """The moves of one policy: ``moves``, a ``scipy.sparse`` CSR matrix whose row of a state holds its moves'
    chances in column order, and ``stay``, per state, the chance a draw leaves it as it was (every
    self-loop, the kept ones too, summed in column order as the first solver did)."""

    moves: Any
    stay: Floats

    def scale(self) -> Floats:
        """``1 / (1 - stay)`` per state, the factor that solves each state's self-loop (1 where it is kept)."""
        result: Floats = 1.0 / np.where(self.stay < STUCK, 1.0 - self.stay, 1.0)
        return result

    def pull(self, source: Floats) -> Floats:
        """Per state, the sum over its moves of chance * ``source[target]``, a state's moves in column order."""
        result: Floats = self.moves @ source
        return result


class PolicyMoves:
    """Builds the ``Policy`` of each discard rule on one chain, into buffers made once.

    ``up[k, s]``: the 11-card state that drawing a card of column ``k`` makes of state ``s`` (-1 when the
    deck has none left); ``unseen[k, s]``: how many cards of column ``k`` state ``s`` has not seen;
    ``chance[u]``: the chance of drawing one of ``u`` such cards (the chain's ``draw``, to the last bit).
    The moves of one policy take the room of every draw with a chance (at most ``14 n``), so the buffers
    are made once and shared: a policy is read until the next one is built, never after.
    """

    def __init__(self, up: Index, unseen: npt.NDArray[np.int8], chance: Floats) -> None:
        count = up.shape[1]
        self.up, self.chance, self.count = up, chance, count
        self.left = np.ascontiguousarray(unseen.T)  # state by state, as the rows of the matrix
        room = int(np.count_nonzero(unseen)) + 1  # every draw with a chance, and the end's row
        self.index = np.int32 if room < np.iinfo(np.int32).max else np.int64
        self.targets = np.empty(room, dtype=self.index)
        self.chances = np.empty(room)
        self.pointers = np.zeros(count + 2, dtype=self.index)

    def policy(self, chosen: Index, *, absorbing: bool = False) -> Policy:
        """The policy that discards from each 11-card state ``b`` down to ``chosen[b]`` (``n``, the number of
        10-card states, when the 11 cards hold the phase; ``chosen[-1]`` is ``n`` too).

        ``absorbing``: every draw is a move, the self-loops too, and a draw that ends the game moves to an
        extra state ``n`` that stays where it is (the matrix is ``n + 1`` square): the whole chain, which
        ``within(k)`` follows.

        Built a slice of states at a time, state by state (columns in order), so no table of 14 rows of
        successors is ever made whole.
        """
        from scipy.sparse import csr_array

        count, chance, targets, chances, pointers = self.count, self.chance, self.targets, self.chances, self.pointers
        stay = np.zeros(count)
        filled = 0
        for start in range(0, count, CHUNK):
            stop = min(start + CHUNK, count)
            successor = np.take(chosen, self.up[:, start:stop].T, mode="wrap")  # (states, columns)
            left = self.left[start:stop]
            moving = left > 0
            if not absorbing:  # the chance to stay, column by column as the first solver's sum ran, and the moves
                loops = successor == np.arange(start, stop, dtype=successor.dtype)[:, None]
                kept = stay[start:stop]
                for k in range(successor.shape[1]):
                    hit = np.flatnonzero(loops[:, k])
                    kept[hit] += chance[left[hit, k]]
                moving &= successor != count
                moving &= ~loops | (kept >= STUCK)[:, None]
            np.cumsum(moving.sum(axis=1, dtype=pointers.dtype), out=pointers[start + 1 : stop + 1])
            pointers[start + 1 : stop + 1] += filled
            found = np.flatnonzero(moving)  # row by row, columns in order
            end = filled + len(found)
            # "clip" never clips here (every index is in range); numpy's default mode would copy the output first.
            np.take(successor.ravel(), found, out=targets[filled:end], mode="clip")
            np.take(chance, left.ravel().take(found), out=chances[filled:end], mode="clip")
            filled = end
        if absorbing:  # the end of the game stays the end: its row holds 1 (and its value stays 1)
            targets[filled], chances[filled] = count, 1.0
            filled += 1
            pointers[count + 1] = filled
        size = count + absorbing
        moves = csr_array((chances[:filled], targets[:filled], pointers[: size + 1]), shape=(size, size))
        return Policy(moves, stay)
