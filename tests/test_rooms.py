"""Rooms in the store and their one authority, on SQLite and PostgreSQL (``store_where``): seats and passes, the
compare-and-set of every move, bots moved once per turn whichever kernel runs them, the idle rule, a kernel that
dies mid-claim, and kernels in separate processes playing at once without losing or repeating a move."""

from __future__ import annotations

import json
import multiprocessing
from collections import Counter
from typing import Any

import pytest

from phase10kit.actions import Draw
from phase10kit.bots import GreedyBot
from phase10kit.game import Game
from tests.conftest import Clock
from widgets.room_link import LEASE_SECONDS, MovedOn, RoomLink
from widgets.room_play import RoomGame
from widgets.room_store import CODE_LENGTH, CODE_LETTERS, RoomRefused, RoomStore, normal_code
from widgets.store import new_table_id


@pytest.fixture()
def rooms(store_where: str, clock: Clock) -> RoomStore:
    return RoomStore(store_where, clock=clock)


def _deal(players: int, speed: float = 0.5) -> Any:
    """A deal where p1 plays first (a Skip turned up first would let p2 start: dealt again)."""

    def deal(humans: tuple[int, ...], levels: list[str]) -> str:
        while (game := RoomGame.deal(players, humans, levels, speed=speed)).game.current_player != 0:
            pass
        return game.text()

    return deal


def started(rooms: RoomStore, seats: int = 3, bots: list[str | None] | None = None) -> tuple[str, list[str]]:
    """A started room where seats without a bot are taken in order by new passes (the first is the host's)."""
    levels = bots if bots is not None else [None] * (seats - 1) + ["greedy"]
    code, host = rooms.create(seats, levels)
    passes = [host]
    for seat, level in enumerate(levels):
        if level is None:
            room_pass = host if seat == 0 else new_table_id()
            rooms.take_seat(code, seat, room_pass, f"player {seat + 1}")
            if seat:
                passes.append(room_pass)
    rooms.start(code, host, _deal(seats))
    return code, passes


def test_a_room_has_a_short_code_its_seats_and_the_host(rooms: RoomStore) -> None:
    code, host = rooms.create(4, [None, None, "greedy", None])
    assert len(code) == CODE_LENGTH and set(code) <= set(CODE_LETTERS) and normal_code(code.lower()) == code
    room = rooms.load(code.lower(), host)
    assert room is not None and room.host and room.stage == "lobby" and room.my_seat is None
    assert [seat.kind for seat in room.seats] == ["open", "open", "bot", "open"]
    guest = new_table_id()
    rooms.take_seat(code, 1, guest, "  Ana\n ")
    as_guest = rooms.load(code, guest)
    assert as_guest is not None and not as_guest.host and as_guest.my_seat == 1
    assert as_guest.seats[1].name == "Ana" and as_guest.version > room.version


def test_the_store_keeps_only_hashes_of_passes(rooms: RoomStore) -> None:
    code, host = rooms.create(2, [None, None])
    guest = new_table_id()
    rooms.take_seat(code, 1, guest, "Bo")
    with rooms.database.reading() as db:
        everything = json.dumps([db.execute(f"SELECT * FROM {table}").fetchall() for table in ("rooms", "room_seats")])
    assert host not in everything and guest not in everything


@pytest.mark.parametrize("bad", [None, "", "short", "x' OR '1'='1' --abcdefghijk", 42, "A" * 23])
def test_a_pass_that_cannot_be_one_holds_no_seat_and_takes_none(rooms: RoomStore, bad: Any) -> None:
    code, _host = rooms.create(2, [None, None])
    room = rooms.load(code, bad)
    assert room is not None and room.my_seat is None and not room.host
    with pytest.raises(RoomRefused):
        rooms.take_seat(code, 0, bad, "x")


def test_the_lobby_refuses_what_is_not_allowed_and_changes_nothing(rooms: RoomStore) -> None:
    code, host = rooms.create(3, [None, None, None])
    guest, other = new_table_id(), new_table_id()
    with pytest.raises(RoomRefused) as raised:
        rooms.start(code, host, _deal(3))
    assert raised.value.why == "no-players"
    rooms.take_seat(code, 1, guest, "Bo")
    for call, why in [
        (lambda: rooms.take_seat(code, 1, other, "Cy"), "seat-taken"),
        (lambda: rooms.take_seat(code, 2, guest, "Bo again"), "has-seat"),
        (lambda: rooms.start(code, guest, _deal(3)), "not-host"),
        (lambda: rooms.free_seat(code, guest, 1), "not-host"),
        (lambda: rooms.take_seat("ZZZZZZ", 0, other, "x"), "no-room"),
    ]:
        before = rooms.load(code, guest)
        with pytest.raises(RoomRefused) as raised:
            call()
        assert raised.value.why == why
        assert rooms.load(code, guest) == before
    rooms.start(code, host, _deal(3))
    room = rooms.load(code, host)
    assert (
        room is not None and room.stage == "playing" and [seat.kind for seat in room.seats] == ["bot", "human", "bot"]
    )
    with pytest.raises(RoomRefused, match="started"):
        rooms.start(code, host, _deal(3))


def test_two_kernels_cannot_both_apply_a_move_to_the_same_position(rooms: RoomStore) -> None:
    code, (host, _guest) = started(rooms)
    first, second = RoomLink(rooms, code, host), RoomLink(rooms, code, host)  # two tabs of the host's seat
    first.refresh(force=True)
    second.refresh(force=True)
    first.send(lambda game: game.move(0, Draw(0)), seat=0)
    with pytest.raises(MovedOn):
        second.send(lambda game: game.move(0, Draw(0)), seat=0)
    assert second.room is not None and second.room.position == 2, "the loser sees the winner's position"
    room_game = RoomGame.read(second.room.snapshot)
    assert [entry.action for entry in room_game.log if entry.kind == "action"] == [Draw(0)], "applied once"
    assert len(room_game.game.hands[0]) == 11


def test_a_seat_moves_only_with_its_own_pass_on_its_own_turn(rooms: RoomStore) -> None:
    code, (host, guest) = started(rooms)
    stranger, as_guest, as_host = (RoomLink(rooms, code, room_pass) for room_pass in (new_table_id(), guest, host))
    for link in (stranger, as_guest, as_host):
        link.refresh(force=True)
    with pytest.raises(RoomRefused, match="not-yours"):
        stranger.send(lambda game: game.move(0, Draw(0)), seat=0)
    with pytest.raises(RoomRefused, match="not-yours"):
        as_guest.send(lambda game: game.move(0, Draw(0)), seat=0)  # p1's move, but not the guest's seat
    with pytest.raises(Exception, match="turn"):
        as_guest.send(lambda game: game.move(1, Draw(1)), seat=1)
    with pytest.raises(Exception, match="own moves"):
        as_host.send(lambda game: game.move(0, Draw(1)), seat=0)
    assert rooms.load(code) is not None and rooms.load(code).position == 1  # type: ignore[union-attr]


def _play(links: dict[int, RoomLink], watchers: list[RoomLink], clock: Clock, steps: int, seed: int = 1) -> None:
    """Kernels take turns looking at the room (the duties) while the seated ones play their seats with a bot."""
    bots = {seat: GreedyBot(seed=seed + seat) for seat in links}
    everyone = [*watchers, *links.values()]
    for _ in range(steps):
        clock.now += 0.3
        for link in everyone:
            link.step()
        game = everyone[0].game
        assert game is not None
        if game.game.is_over():
            return
        seat = game.game.current_player
        link = links.get(seat)
        if link is not None and link.room is not None and not link.room.seats[seat].away:
            action = bots[seat].choose(link.game.game.view(seat))  # type: ignore[union-attr]
            link.send(lambda shared, seat=seat, action=action: shared.move(seat, action), seat=seat)


def test_bots_move_exactly_once_per_turn_whichever_players_kernel_runs_them(rooms: RoomStore, clock: Clock) -> None:
    code, (host, guest) = started(rooms, 4, [None, "greedy", None, "random"])
    links = {0: RoomLink(rooms, code, host), 2: RoomLink(rooms, code, guest)}
    watchers = [RoomLink(rooms, code)]
    _play(links, watchers, clock, 50)
    room = rooms.load(code)
    assert room is not None
    committed = sum(link.moves_sent for link in [*links.values(), *watchers])
    assert committed == room.position - 1 > 18
    assert sum(watcher.moves_sent for watcher in watchers) == 0, "a page that plays no seat moves no bot"
    # The history replays from the deal: every move in it was applied once, in order.
    game = RoomGame.read(room.snapshot).game
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_an_idle_player_is_played_by_a_bot_until_they_are_back(rooms: RoomStore, clock: Clock) -> None:
    code, host = rooms.create(3, [None, None, "greedy"], idle=30)
    guest = new_table_id()
    rooms.take_seat(code, 0, host, "Ana")
    rooms.take_seat(code, 1, guest, "Bo")
    rooms.start(code, host, _deal(3))
    ana, bo = RoomLink(rooms, code, host), RoomLink(rooms, code, guest)
    ana.refresh(force=True)
    bo.refresh(force=True)
    clock.now += 29
    bo.step()
    assert ana.room is not None and not rooms.load(code).seats[0].away  # type: ignore[union-attr]
    clock.now += 2
    bo.step()  # any kernel of the room enforces the rule
    room = rooms.load(code)
    assert room is not None and room.seats[0].away and room.seats[0].kind == "human"
    position = room.position
    for _ in range(4):
        clock.now += 1
        bo.step()
    moved = rooms.load(code)
    assert moved is not None and moved.position > position, "a bot played Ana's turn"
    ana.back()
    assert not rooms.load(code).seats[0].away  # type: ignore[union-attr]


def test_a_move_of_the_away_player_brings_them_back(rooms: RoomStore, clock: Clock) -> None:
    code, (host, _guest) = started(rooms)
    link = RoomLink(rooms, code, host)
    link.refresh(force=True)
    assert link.room is not None
    assert rooms.mark_away(code, link.room.position, 0)
    link.refresh()
    link.send(lambda game: game.move(0, Draw(0)), seat=0)
    assert link.room is not None and not link.room.seats[0].away


def test_the_host_frees_a_seat_a_bot_plays_it_and_a_newcomer_takes_it(rooms: RoomStore, clock: Clock) -> None:
    code, (host, guest) = started(rooms)
    link = RoomLink(rooms, code, host)
    link.refresh(force=True)
    rooms.free_seat(code, host, 1)
    room = rooms.load(code, guest)
    assert room is not None and room.seats[1].kind == "open" and room.my_seat is None
    freed = RoomLink(rooms, code, guest)
    freed.refresh(force=True)
    assert freed.seat is None
    with pytest.raises(RoomRefused, match="not-yours"):
        freed.send(lambda game: None, seat=1)  # any change at all, on any turn
    # Seat 1 plays by bot meanwhile: play p1's turn, then the free seat moves without anyone.
    _play({0: link}, [], clock, 12)
    assert rooms.load(code).position > 3  # type: ignore[union-attr]
    newcomer = new_table_id()
    rooms.take_seat(code, 1, newcomer, "Cy")
    assert rooms.load(code, newcomer).my_seat == 1  # type: ignore[union-attr]


def test_a_kernel_that_dies_holding_a_bots_claim_is_replaced_after_its_lease(rooms: RoomStore, clock: Clock) -> None:
    code, _host = rooms.create(2, [None, "greedy"])
    guest = new_table_id()
    rooms.take_seat(code, 0, guest, "Ana")
    rooms.start(code, _host, _deal(2))
    ana = RoomLink(rooms, code, guest)
    ana.refresh(force=True)
    ana.send(lambda game: game.move(0, Draw(0)), seat=0)
    game = ana.game
    assert game is not None
    card = game.game.hands[0][0]
    from phase10kit.actions import Discard

    ana.send(lambda shared: shared.move(0, Discard(0, card, None)), seat=0)
    assert ana.game is not None and ana.game.game.current_player == 1
    position = ana.room.position  # type: ignore[union-attr]
    assert rooms.claim(code, position, "a kernel that dies now", 0.5 + LEASE_SECONDS)
    clock.now += 1
    ana.step()
    assert rooms.load(code).position == position, "the claim is held: nobody else moves the bot"  # type: ignore[union-attr]
    clock.now += LEASE_SECONDS + 1
    ana.step()  # the lease ran out: this kernel claims the bot's move and, its pace long past, makes it
    assert rooms.load(code).position == position + 1  # type: ignore[union-attr]
    ana.step()  # the bot's next move waits for the table's pace after the last one
    assert rooms.load(code).position == position + 1  # type: ignore[union-attr]


def _player(where: str, code: str, seat: int, room_pass: str, queue: Any) -> None:
    """One simulated player in a process of its own: it follows the room, plays its seat, moves bots when due."""
    import time

    from widgets.room_link import RoomLink as Link
    from widgets.room_store import RoomStore as Store

    link = Link(Store(where), code, room_pass)
    bot = GreedyBot(seed=seat)
    sent: list[int] = []
    errors: list[str] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            link.step()
            game = link.game
            if game is None or game.game.is_over() or game.game.round > 1:
                break
            if game.game.current_player == seat:
                action = bot.choose(game.game.view(seat))
                position = link.room.position  # type: ignore[union-attr]
                link.send(lambda shared, action=action: shared.move(seat, action), seat=seat)
                sent.append(position)
        except MovedOn:
            continue
        except Exception as error:  # counted: the test fails on any
            errors.append(repr(error)[:200])
        time.sleep(0.01)
    queue.put((seat, sent, link.moves_sent, errors))


def test_kernels_in_separate_processes_play_a_room_without_losing_or_repeating_a_move(
    store_where: str, clock: Clock
) -> None:
    rooms = RoomStore(store_where)
    code, host = rooms.create(4, [None, None, None, "greedy"], speed=0)
    passes = [host, new_table_id(), new_table_id()]
    for seat, room_pass in enumerate(passes):
        rooms.take_seat(code, seat, room_pass, f"p{seat}")
    rooms.start(code, host, _deal(4, speed=0))
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    processes = [
        context.Process(target=_player, args=(store_where, code, seat, room_pass, queue))
        for seat, room_pass in enumerate(passes)
    ]
    for process in processes:
        process.start()
    results = [queue.get(timeout=150) for _ in processes]
    for process in processes:
        process.join(timeout=30)
    assert all(not errors for *_rest, errors in results), results
    room = rooms.load(code)
    assert room is not None
    # Every commit a process made is one position; no position was committed twice; none is missing.
    own = Counter(position for _seat, sent, _moves, _errors in results for position in sent)
    assert max(own.values()) == 1
    assert sum(moves for _seat, _sent, moves, _errors in results) == room.position - 1 > 20
    game = RoomGame.read(room.snapshot).game
    assert game.round > 1 or game.is_over(), "the round was played to its end"


def test_bots_wait_while_no_player_has_a_page_here(rooms: RoomStore, clock: Clock) -> None:
    code, _host = rooms.create(2, [None, "greedy"], idle=5)
    guest = new_table_id()
    rooms.take_seat(code, 0, guest, "Ana")
    rooms.start(code, _host, _deal(2))
    projector = RoomLink(rooms, code)  # the teacher's public view: it plays no seat
    projector.refresh(force=True)
    position = rooms.load(code).position  # type: ignore[union-attr]
    for _ in range(20):  # Ana's page is gone: her turn idles out, then nothing more moves
        clock.now += 3
        projector.step()
    room = rooms.load(code)
    assert room is not None and room.seats[0].away and room.position == position
    ana = RoomLink(rooms, code, guest)  # Ana comes back: she plays her own seat again
    ana.refresh(force=True)
    ana.back()
    assert not rooms.load(code).seats[0].away  # type: ignore[union-attr]
