"""Many players in many rooms on one store: every move applied once, none lost, no deadlock, how many per second.

``python benchmarks/bench_rooms.py [--players 30] [--rooms 8] [--seconds 60] [--think 0] [--database both]``

Each simulated player is a process of its own, as each page has its own kernel: it imports the kit, follows its
room through a ``RoomLink`` as a page does (``step``: the version poll every 0.25 s, the heartbeat, the room's
duties: the bots' claimed moves and the idle rule) and, on its seat's turn, plays what a GreedyBot chooses after
``--think`` seconds. Rooms have 4 seats; the players are spread over the rooms and bots take the seats left
(30 players in 8 rooms: 6 rooms of 4 people, 2 rooms of 3 people and a smart bot). A finished game is dealt again
by its host. Every commit a process makes (its seat's moves and the bots' moves it claimed) is recorded with the
position it was made on.

Afterwards, for each room: the positions committed by all processes together must be exactly 1 .. last - 1, each
once (a repeat would be a move applied twice; a gap, a move lost), and the room's game must replay from its record.
Errors are counted by kind: a locked database (SQLite's "database is locked"), a deadlock (PostgreSQL's
"deadlock detected"), any other. A refused stale move (another kernel moved first: ``MovedOn``) is no error: it is
the compare-and-set doing its job, and is counted apart.

The SQLite store is a file in a temporary folder; the PostgreSQL one a throwaway server of Debian's binaries with
its default durability (``fsync`` on), as ``tests/postgres.py`` starts it.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench_common import a_store

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the tests' throwaway PostgreSQL server (tests/postgres.py): one home for it

SEATS = 4


def _player(where: str, code: str, seat: int, room_pass: str, host: bool, think: float, start: Any, queue: Any) -> None:
    """One simulated player (see the module); puts its report on ``queue`` when the time is up."""
    from phase10kit.bots import GreedyBot
    from widgets.room_link import POLL_SECONDS, MovedOn, RoomLink
    from widgets.room_store import RoomStore
    from widgets.store_db import StoreError

    class Recording(RoomLink):
        def send(self, change: Any, *, seat: int | None = None, as_host: bool = False) -> None:
            position = self.room.position if self.room is not None else -1
            super().send(change, seat=seat, as_host=as_host)
            commits.append((position, "new" if as_host else "move"))

    commits: list[tuple[int, str]] = []
    errors: Counter[str] = Counter()
    conflicts = steps = 0
    link = Recording(RoomStore(where), code, room_pass)
    bot = GreedyBot(seed=seat)
    queue.put(("ready", seat))
    deadline = float(start.get())
    while (now := time.time()) < deadline:
        wait = POLL_SECONDS
        try:
            wait = link.step()
            steps += 1
            game = link.game
            if game is not None and game.game.is_over() and host:
                link.send(lambda shared: shared.deal_again(), as_host=True)
            elif game is not None and game.game.current_player == seat and not link.room.seats[seat].away:  # type: ignore[union-attr]
                time.sleep(think)
                action = bot.choose(game.game.view(seat))
                link.send(lambda shared, action=action: shared.move(seat, action), seat=seat)
                wait = 0.0
        except MovedOn:
            conflicts += 1
            wait = 0.0
        except StoreError as error:
            text = str(error).lower()
            kind = "locked" if "locked" in text else "deadlock" if "deadlock" in text else "store"
            errors[kind] += 1
            errors[f"{kind} in {_store_call(error)}"] += 1
        except Exception as error:  # counted and reported: the benchmark fails on any
            errors[f"other: {type(error).__name__}: {str(error)[:80]}"] += 1
        time.sleep(max(0.0, min(wait, POLL_SECONDS, deadline - now)))
    queue.put(("done", (code, seat, commits, dict(errors), conflicts, steps)))


def _store_call(error: BaseException) -> str:
    """The store's method an error came from (the innermost frame of ``widgets/room_store.py``)."""
    found, trace = "?", error.__traceback__
    while trace is not None:
        if trace.tb_frame.f_code.co_filename.endswith("room_store.py"):
            found = trace.tb_frame.f_code.co_name
        trace = trace.tb_next
    return found


def _rooms(players: int, rooms: int) -> list[int]:
    """How many people sit in each room: as even as can be, at most ``SEATS``."""
    sizes = [players // rooms + (1 if i < players % rooms else 0) for i in range(rooms)]
    if max(sizes) > SEATS:
        raise SystemExit(f"{players} players do not fit {rooms} rooms of {SEATS} seats")
    return sizes


def run(database: str, players: int, rooms: int, seconds: float, think: float) -> dict[str, Any]:
    from widgets.room_play import RoomGame
    from widgets.room_store import RoomStore
    from widgets.store import new_table_id

    with a_store(database) as where:
        store = RoomStore(where)
        seats: list[tuple[str, int, str, bool]] = []
        hosts: list[tuple[str, str]] = []
        for people in _rooms(players, rooms):
            code, host = store.create(SEATS, [None] * people + ["smart"] * (SEATS - people))
            for seat in range(people):
                room_pass = host if seat == 0 else new_table_id()
                store.take_seat(code, seat, room_pass, f"p{seat + 1}")
                seats.append((code, seat, room_pass, seat == 0))
            hosts.append((code, host))
        context = multiprocessing.get_context("spawn")
        queue, start = context.Queue(), context.Queue()
        processes = [
            context.Process(target=_player, args=(where, code, seat, room_pass, host, think, start, queue))
            for code, seat, room_pass, host in seats
        ]
        for process in processes:
            process.start()
        for _ in processes:  # every player imported the kit and opened the store: all start together
            assert queue.get(timeout=600)[0] == "ready"
        for code, host in hosts:  # started now: no player's turn began before its process could play it
            store.start(code, host, lambda humans, levels: RoomGame.deal(SEATS, humans, levels).text())
        load = os.getloadavg()[0]
        began = time.time() + 1.0
        for _ in processes:
            start.put(began + seconds)
        reports = [queue.get(timeout=seconds + 300)[1] for _ in processes]
        for process in processes:
            process.join(timeout=60)
        return _judge(store, reports, seconds, load, database, players, rooms, think)


def _judge(
    store: Any, reports: list[Any], seconds: float, load: float, database: str, players: int, rooms: int, think: float
) -> dict[str, Any]:
    from phase10kit.game import Game
    from widgets.room_play import RoomGame

    by_room: dict[str, list[int]] = {}
    errors: Counter[str] = Counter()
    conflicts = new_games = 0
    steps = []
    for code, _seat, commits, errs, conflict, step in reports:
        by_room.setdefault(code, []).extend(position for position, _kind in commits)
        new_games += sum(kind == "new" for _position, kind in commits)
        errors.update(errs)
        conflicts += conflict
        steps.append(step / seconds)
    lost = repeated = 0
    for code, positions in by_room.items():
        room = store.load(code)
        counts = Counter(positions)
        repeated += sum(count - 1 for count in counts.values() if count > 1)
        lost += len(set(range(1, room.position)) - set(counts))
        game = RoomGame.read(room.snapshot).game
        assert Game.from_json(game.to_json()).to_json() == game.to_json(), f"room {code} does not replay"
    moves = sum(len(positions) for positions in by_room.values()) - new_games
    return {
        "database": database,
        "players": players,
        "rooms": rooms,
        "think": think,
        "seconds": seconds,
        "load": load,
        "moves": moves,
        "rate": moves / seconds,
        "lost": lost,
        "repeated": repeated,
        "conflicts": conflicts,
        "errors": dict(errors),
        "polls": statistics.median(steps) if steps else 0.0,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=30)
    parser.add_argument("--rooms", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=0.0, help="seconds a player takes before each move")
    parser.add_argument("--database", choices=["sqlite", "postgresql", "both"], default="both")
    options = parser.parse_args()
    databases = ["sqlite", "postgresql"] if options.database == "both" else [options.database]
    print(
        "| database | players / rooms | think | load before | moves applied | moves/s | lost | applied twice "
        "| stale moves refused | errors (locked / deadlock / other) | looks per player per s |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|")
    failed = False
    for database in databases:
        result = run(database, options.players, options.rooms, options.seconds, options.think)
        errors = result["errors"]
        locked, deadlock, other = (errors.get(kind, 0) for kind in ("locked", "deadlock", "store"))
        other += sum(count for kind, count in errors.items() if kind.startswith("other"))
        print(
            f"| {database} | {result['players']} / {result['rooms']} | {result['think']:g} s | {result['load']:.1f} "
            f"| {result['moves']} | {result['rate']:.1f} | {result['lost']} | {result['repeated']} "
            f"| {result['conflicts']} | {locked} / {deadlock} / {other} | {result['polls']:.1f} |",
            flush=True,
        )
        if errors:
            print(f"errors by kind and where: {errors}", file=sys.stderr)
        failed |= bool(result["lost"] or result["repeated"] or errors)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
