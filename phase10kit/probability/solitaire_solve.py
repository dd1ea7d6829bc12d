"""Solving the solitaire model: modified policy iteration over the index arrays of ``solitaire_chain``.

The same iteration as the kit's first solver, step for step, so the values are the same numbers
(the tests and ``benchmarks/bench_solitaire.py --against`` compare them with that code's tables):

1. A *policy improvement*: the best discard of every 11-card state (the first of the smallest
   values, columns in profile order), then one Bellman update of every 10-card state,
   ``V(h) = 1 + sum over draws x of P(x | h) * R(h + x)``. The iteration stops when that update
   changes no value by more than ``TOLERANCE``.
2. Otherwise ``SWEEPS`` *evaluation sweeps* of that policy. Most draws are discarded again at once,
   leaving the hand as it was: each sweep solves that self-loop exactly
   (``V = (1 + moves elsewhere) / (1 - chance to stay)``).

What makes it fast and small is how each step is computed, never what it computes: one column of
draws at a time into preallocated buffers (no arrays of 14 rows of temporaries), the policy's
successors as one ``int32`` array in which a self-loop and the end of the game point at a slot
holding 0, and every sum taken in the same order as before (column by column), so the floating-
point results are the same to the last bit. ``within(k)`` follows the optimal policy's chain from
the deal, k = 1 to ``turns``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from phase10kit.probability.solitaire_chain import Chain

__all__ = ["SWEEPS", "TOLERANCE", "Solved", "solve_chain"]

TOLERANCE = 1e-10
"""Iterate until one more Bellman update changes no value by more than this many turns."""
SWEEPS = 25
"""Policy-evaluation sweeps between two policy improvements (modified policy iteration)."""
CHUNK = 8192
"""States per step of the inner loops: the chunk's 14 rows of terms (about 1 MB) stay in the processor's cache."""
STUCK = 1.0 - 1e-9
"""A state whose draws lead back to it with at least this chance is not solved for its self-loop."""

Floats = npt.NDArray[np.float64]
Index = npt.NDArray[np.int32]


@dataclass(frozen=True, slots=True, eq=False)
class Solved:
    """The optimal values of every 10-card state, the deal's chance to be done within 1..k turns, the counts."""

    values: Floats
    within: Floats
    expected: float
    iterations: int
    sweeps: int
    seconds: float


def solve_chain(chain: Chain, done_big: npt.NDArray[np.bool_], weights: Floats, turns: int) -> Solved:
    """Solve the model on ``chain`` (``done_big``: which 11-card states hold the phase; ``weights``: each
    10-card state's share of the deals) and follow the optimal policy ``turns`` turns from the deal."""
    started = time.perf_counter()
    small, big = chain.states, chain.big_states
    # Arrays of values have one slot more at the end, which the index -1 (no such card) and ``small``
    # (the game is over, or a folded self-loop) read: 0, or infinity where a missing card's discard is read.
    values, spare = np.ones(small + 1), np.empty(small + 1)
    after = np.empty(big + 1)
    chosen = np.empty(big + 1, dtype=np.int32)
    successor = np.empty(chain.up.shape, dtype=np.int32)
    iterations = sweeps = 0
    while True:
        # One policy improvement: the best discard of every 11-card state, then a Bellman update.
        values[small] = np.inf
        _improve(chain, values, done_big, after, chosen)
        after[big], chosen[big] = 0.0, small
        _pull(chain, after, chain.up, spare, turn=1.0)
        values[small] = spare[small] = 0.0
        residual = float(np.abs(spare[:small] - values[:small]).max())
        values, spare = spare, values
        iterations += 1
        # Where each draw leads under that policy: a 10-card state, or ``small`` (done). In chunks: numpy
        # takes with its own index type, so a whole table of 32-bit indices would be copied at once.
        for start in _chunks(small):
            stop = min(start + CHUNK, small)
            np.take(chosen, chain.up[:, start:stop], out=successor[:, start:stop], mode="wrap")
        if residual < TOLERANCE:
            break
        scale = _fold_self_loops(chain, successor)
        for _ in range(SWEEPS):
            _pull(chain, values, successor, spare, turn=1.0)
            spare[:small] *= scale
            values, spare = spare, values
            sweeps += 1
    del spare, after
    within = _within(chain, successor, weights, turns)
    result = values[:small]
    return Solved(result, within, float(weights @ result), iterations, sweeps, time.perf_counter() - started)


def _chunks(count: int) -> range:
    return range(0, count, CHUNK)


def _improve(chain: Chain, values: Floats, done_big: npt.NDArray[np.bool_], best: Floats, chosen: Index) -> None:
    """``best``: the smallest value any discard of each 11-card state leaves (0 when it holds the phase);
    ``chosen``: that discard's 10-card state, the first smallest in column order (``small`` when done).

    ``values`` ends with a slot of infinity, which a discard of a card the hand lacks (-1) reads.
    """
    small = len(values) - 1
    work = np.empty((chain.up.shape[0], CHUNK))
    for start, stop, down in chain.down_chunks(CHUNK):
        options = work[:, : stop - start]
        np.take(values, down, out=options, mode="wrap")
        policy = options.argmin(axis=0)  # the first smallest, as numpy's argmin always gives
        span = np.arange(stop - start)
        best[start:stop] = options[policy, span]
        chosen[start:stop] = down[policy, span]
    big = len(done_big)
    best[:big][done_big] = 0.0
    chosen[:big][done_big] = small


def _pull(chain: Chain, source: Floats, targets: Index, out: Floats, *, turn: float) -> None:
    """``out[:n] = turn + sum over draw columns of draw * source[targets]``, for each of the n 10-card states.

    The sum runs column by column in order, as numpy's ``(draw * source[targets]).sum(axis=0)`` does, so
    the results are the same to the last bit; a chunk of states at a time keeps the work in the processor's
    cache. A target of -1 reads the last slot of ``source``.
    """
    draw = chain.draw
    count = targets.shape[1]
    work = np.empty((targets.shape[0], CHUNK))
    for start in _chunks(count):
        stop = min(start + CHUNK, count)
        terms = work[:, : stop - start]
        np.take(source, targets[:, start:stop], out=terms, mode="wrap")
        np.multiply(terms, draw[:, start:stop], out=terms)
        total = out[start:stop]
        np.add.reduce(terms, axis=0, out=total)
        if turn:
            total += turn


def _fold_self_loops(chain: Chain, successor: Index) -> Floats:
    """Point each self-loop at the slot of 0 (``small``) and return ``1 / (1 - chance to stay)`` per state,
    the factor that solves each state's self-loop exactly.

    States that would stay with a chance of ``STUCK`` or more keep their self-loops (and a factor of 1).
    """
    small = successor.shape[1]
    own = np.arange(small, dtype=np.int32)
    stay = np.empty(small)
    draw = chain.draw
    work = np.empty((draw.shape[0], CHUNK))
    for start in _chunks(small):
        stop = min(start + CHUNK, small)
        targets = successor[:, start:stop]
        loops = targets == own[start:stop]
        terms = work[:, : stop - start]
        np.multiply(draw[:, start:stop], loops, out=terms)
        np.add.reduce(terms, axis=0, out=stay[start:stop])
        targets[loops & (stay[start:stop] < STUCK)] = small
    scale: Floats = 1.0 / np.where(stay < STUCK, 1.0 - stay, 1.0)
    return scale


def _within(chain: Chain, successor: Index, weights: Floats, turns: int) -> Floats:
    """The chance that the deal is done within 1, 2, ..., ``turns`` turns, following ``successor`` (the policy's
    10-card state after each draw, ``small`` when the draw ends the game)."""
    small = successor.shape[1]
    within = np.empty(turns)
    done, spare = np.zeros(small + 1), np.empty(small + 1)
    for k in range(turns):
        done[small] = 1.0
        _pull(chain, done, successor, spare, turn=0.0)
        done, spare = spare, done
        within[k] = float(weights @ done[:small])
    return within
