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

What makes it fast and small is how each step is computed, never what it computes. A policy's
evaluation sweeps read only its *moves* (``solitaire_policy``): the draws that neither end the game
nor come back to the same hand, a sparse matrix whose row of a state holds them in column order, so
its product adds the same nonzero terms in the same order as the first solver's sum over all 14
columns, and the floating-point results are the same to the last bit. The best discards and the
Bellman update go through the states in chunks into preallocated buffers. ``within(k)`` follows
the optimal policy's whole chain from the deal, k = 1 to ``turns`` (its sums in another order: the
chances agree with the first solver's to about ``1e-15``).
"""

from __future__ import annotations

import ctypes
import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from phase10kit.probability.solitaire_chain import Chain
from phase10kit.probability.solitaire_policy import Policy, PolicyMoves

__all__ = ["SWEEPS", "TOLERANCE", "Solved", "solve_chain"]

TOLERANCE = 1e-10
"""Iterate until one more Bellman update changes no value by more than this many turns."""
SWEEPS = 25
"""Policy-evaluation sweeps between two policy improvements (modified policy iteration)."""
CHUNK = 8192
"""States per step of the Bellman update: the chunk's 14 rows of terms (about 1 MB) stay in the processor's cache."""
IMPROVE_CHUNK = 1 << 13
"""11-card states per step of a policy improvement: their 14 options (1 MB) and the discards' table."""

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
    _give_back_freed_memory()  # what building the chain freed
    # Arrays of values have one slot more at the end, which the index -1 (no such card) and ``small``
    # (the game is over) read: 0, or infinity where a missing card's discard is read.
    values, spare = np.ones(small + 1), np.empty(small + 1)
    after = np.empty(big + 1)
    chosen = np.empty(big + 1, dtype=np.int32)
    moves = PolicyMoves(chain.up, chain.unseen, chain.chance)
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
        if residual < TOLERANCE:
            break
        # Evaluation sweeps over the policy's moves alone (see solitaire_policy).
        policy = moves.policy(chosen)
        scale = policy.scale()
        current = values[:small].copy()
        for _ in range(SWEEPS):
            current = policy.pull(current)
            current += 1.0
            current *= scale
            sweeps += 1
        values[:small] = current
        del policy, scale, current
        _give_back_freed_memory()
    del spare, after
    within = _within(moves.policy(chosen, absorbing=True), weights, turns)
    result = values[:small]
    return Solved(result, within, float(weights @ result), iterations, sweeps, time.perf_counter() - started)


def _give_back_freed_memory() -> None:
    """Return the C heap's free pages to the system (glibc's ``malloc_trim``; nothing elsewhere).

    numpy's arrays of a few megabytes come from the C heap, and the arrays that live on (the chain, the
    values) pin the memory of the temporaries freed around them, free but still counted as the process's:
    giving it back takes about 100 MB off the resident memory after building the chain, 50 MB off the peak.
    """
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (AttributeError, OSError, TypeError):  # not glibc (Windows cannot even open the process's own library)
        return
    trim(0)


def _chunks(count: int) -> range:
    return range(0, count, CHUNK)


def _improve(chain: Chain, values: Floats, done_big: npt.NDArray[np.bool_], best: Floats, chosen: Index) -> None:
    """``best``: the smallest value any discard of each 11-card state leaves (0 when it holds the phase);
    ``chosen``: that discard's 10-card state, the first smallest in column order (``small`` when done).

    ``values`` ends with a slot of infinity, which a discard of a card the hand lacks (-1) reads.
    """
    small = len(values) - 1
    work = np.empty((chain.up.shape[0], IMPROVE_CHUNK))
    tied = np.empty(IMPROVE_CHUNK, dtype=np.bool_)
    for start, stop, down in chain.down_chunks(IMPROVE_CHUNK):
        options = work[:, : stop - start]
        np.take(values, down, out=options, mode="wrap")
        lowest, pick, equal = best[start:stop], chosen[start:stop], tied[: stop - start]
        np.minimum.reduce(options, axis=0, out=lowest)
        # The first smallest in column order (what ``argmin`` gives): the columns from the last to the first,
        # each equal to the smallest taking the pick over (``argmin`` along this axis is several times slower).
        pick[:] = down[-1]
        for k in range(len(options) - 2, -1, -1):
            np.equal(options[k], lowest, out=equal)
            np.copyto(pick, down[k], where=equal)
    big = len(done_big)
    best[:big][done_big] = 0.0
    chosen[:big][done_big] = small


def _pull(chain: Chain, source: Floats, targets: Index, out: Floats, *, turn: float) -> None:
    """``out[:n] = turn + sum over draw columns of draw * source[targets]``, for each of the n 10-card states.

    The sum runs column by column in order, as numpy's ``(draw * source[targets]).sum(axis=0)`` does, so
    the results are the same to the last bit; a chunk of states at a time keeps the work in the processor's
    cache. A target of -1 reads the last slot of ``source``.
    """
    count = targets.shape[1]
    work = np.empty((targets.shape[0], CHUNK))
    for start in _chunks(count):
        stop = min(start + CHUNK, count)
        terms = work[:, : stop - start]
        np.take(source, targets[:, start:stop], out=terms, mode="wrap")
        np.multiply(terms, chain.draws(start, stop), out=terms)
        total = out[start:stop]
        np.add.reduce(terms, axis=0, out=total)
        if turn:
            total += turn


def _within(chain: Policy, weights: Floats, turns: int) -> Floats:
    """The chance that the deal is done within 1, 2, ..., ``turns`` turns on the policy's whole ``chain``
    (``absorbing``: its last state is the end of the game, which stays done); ``weights``: each state's share
    of the deals. Its sums run in another order than the first solver's, which changes the chances by up to
    about ``2e-14``: nothing is iterated on them."""
    within = np.empty(turns)
    done = np.zeros(len(weights) + 1)
    done[-1] = 1.0
    for k in range(turns):
        done = chain.pull(done)
        # Not ``weights @ done``: a BLAS dot product would start threads that spin beside the next product.
        within[k] = float(np.einsum("i,i->", weights, done[:-1]))
    return within
