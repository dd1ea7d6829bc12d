"""The server-side table store: random ids checked strictly, claims that keep pages apart, expiry, corrupt rows.

Everything the store promises is checked on both databases (``store_where``: SQLite and PostgreSQL); what only
a file can suffer (loose column types, a file that is not a database) on SQLite.
"""

from __future__ import annotations

import multiprocessing
import socket
import sqlite3
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import Clock
from widgets.store import (
    EXPIRY_DAYS,
    STORE_VARIABLE,
    TOMBSTONE_DAYS,
    GameStore,
    StoreError,
    check_table_id,
    default_path,
    default_store,
    is_table_id,
    new_table_id,
)

DAY = 86400.0


@pytest.fixture()
def store(store_where: str, clock: Clock) -> GameStore:
    return GameStore(store_where, clock=clock)


@pytest.fixture()
def sqlite_store(tmp_path: Path, clock: Clock) -> GameStore:
    return GameStore(tmp_path / "tables.sqlite3", clock=clock)


def test_a_saved_table_comes_back_under_its_id(store: GameStore) -> None:
    claim = store.create('{"hand": "R1 R2"}')
    assert store.save(claim, '{"hand": "R1 R2 G5"}')
    loaded = store.load(claim.table_id)
    assert (loaded.status, loaded.snapshot) == ("found", '{"hand": "R1 R2 G5"}')


def test_ids_are_random_url_safe_and_distinct(store: GameStore) -> None:
    ids = {store.create("x").table_id for _ in range(50)}
    assert len(ids) == 50 and all(is_table_id(table_id) for table_id in ids)
    assert len(store) == 50


@given(st.one_of(st.text(max_size=60), st.integers(), st.none(), st.binary(max_size=30), st.lists(st.text())))
def test_anything_a_browser_sends_is_checked_before_it_reaches_sql(
    tmp_path_factory: pytest.TempPathFactory, value: object
) -> None:
    store = GameStore(tmp_path_factory.mktemp("s") / "t.sqlite3")
    loaded = store.load(value)
    assert loaded.status == ("unknown" if is_table_id(value) else "invalid")
    assert loaded.snapshot is None


@pytest.mark.parametrize("bad", ["", "A" * 21, "A" * 23, "x' OR '1'='1' -- abcdef", "é" * 22, "A" * 21 + "\n", 22])
def test_check_table_id_refuses_every_other_shape_with_a_store_error(bad: object) -> None:
    with pytest.raises(StoreError) as raised:
        check_table_id(bad)
    assert raised.value.reason == "bad-save" and "not a table id" in str(raised.value)


def test_an_unknown_id_is_unknown(store: GameStore) -> None:
    assert store.load(new_table_id()).status == "unknown"


def test_a_resumed_table_belongs_to_the_page_that_resumed_it_last(store: GameStore) -> None:
    first_tab = store.create("game")
    second_tab = store.claim(first_tab.table_id)
    assert not store.save(first_tab, "old tab's move"), "the tab that lost the claim must not overwrite"
    assert store.save(second_tab, "new tab's move")
    assert store.load(first_tab.table_id).snapshot == "new tab's move"


def test_two_pages_with_their_own_tables_never_touch_each_other(store: GameStore) -> None:
    a, b = store.create("a0"), store.create("b0")
    for step in range(5):
        assert store.save(a, f"a{step}") and store.save(b, f"b{step}")
    assert (store.load(a.table_id).snapshot, store.load(b.table_id).snapshot) == ("a4", "b4")


def _play(path: str, rounds: int, queue: multiprocessing.Queue[tuple[str, list[bool]]]) -> None:
    store = GameStore(path)
    claim = store.create("start")
    results = [store.save(claim, f"{claim.table_id} move {step}") for step in range(rounds)]
    queue.put((claim.table_id, results))


def test_kernels_in_separate_processes_save_at_once_without_losing_a_save(store_where: str) -> None:
    path = store_where
    GameStore(path)
    queue: multiprocessing.Queue[tuple[str, list[bool]]] = multiprocessing.get_context("spawn").Queue()
    processes = [multiprocessing.get_context("spawn").Process(target=_play, args=(path, 30, queue)) for _ in range(4)]
    for process in processes:
        process.start()
    outcomes = [queue.get(timeout=120) for _ in processes]
    for process in processes:
        process.join(timeout=60)
    store = GameStore(path)
    assert len({table_id for table_id, _ in outcomes}) == 4
    for table_id, results in outcomes:
        assert all(results)
        assert store.load(table_id).snapshot == f"{table_id} move 29"


def test_saves_expire_after_the_documented_time(store: GameStore, clock: Clock, store_where: str) -> None:
    claim = store.create("game")
    clock.now += EXPIRY_DAYS * DAY - 60
    assert store.load(claim.table_id).status == "found"
    assert store.save(claim, "still playing")  # a save starts the time again
    clock.now += EXPIRY_DAYS * DAY + 60
    assert store.load(claim.table_id).status == "expired"
    # Opening the store again drops the expired game but remembers the id long enough to say "expired".
    reopened = GameStore(store_where, clock=clock)
    with reopened.database.reading() as db:
        assert db.execute("SELECT snapshot FROM tables").fetchall() == [("",)]
    assert reopened.load(claim.table_id).status == "expired"
    clock.now += TOMBSTONE_DAYS * DAY
    assert GameStore(store_where, clock=clock).load(claim.table_id).status == "unknown"


@pytest.mark.parametrize(
    ("snapshot", "saved"),
    [("", None), (b"\x00\x01", None), ("game", "yesterday"), ("game", b"x")],
)
def test_a_corrupt_row_is_reported_as_corrupt(
    sqlite_store: GameStore, clock: Clock, snapshot: object, saved: object
) -> None:
    store = sqlite_store
    table_id = new_table_id()
    assert store.path is not None
    with sqlite3.connect(store.path) as db:
        # SQLite's loose typing lets another program (or a damaged disk) store anything in any column.
        db.execute(
            "INSERT INTO tables VALUES (?, 'owner', ?, ?, ?)",
            (table_id, snapshot, clock.now, clock.now if saved is None else saved),
        )
    assert store.load(table_id).status == "corrupt"


def test_a_file_that_is_not_a_database_gives_a_store_error(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    path.write_bytes(b"this is not a database, just text " * 100)
    with pytest.raises(StoreError, match="cannot open the table store"):
        GameStore(path)


def test_the_default_path_is_the_variable_or_the_jupyter_data_dir(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(STORE_VARIABLE, str(tmp_path / "mine.sqlite3"))
    assert default_path() == tmp_path / "mine.sqlite3"
    assert GameStore().path == tmp_path / "mine.sqlite3"
    monkeypatch.delenv(STORE_VARIABLE)
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))
    assert default_path() == tmp_path / "data" / "phase10kit" / "tables.sqlite3"


def test_a_snapshot_must_be_text(store: GameStore) -> None:
    with pytest.raises(StoreError):
        store.create(b"bytes")  # type: ignore[arg-type]
    assert len(store) == 0


def test_a_postgresql_url_in_the_variable_names_the_store(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(STORE_VARIABLE, "postgresql://kit:secret@db.school:5432/phase10")
    assert default_store() == "postgresql://kit:secret@db.school:5432/phase10"
    monkeypatch.setenv(STORE_VARIABLE, "/srv/p10/tables.sqlite3")
    assert default_store() == Path("/srv/p10/tables.sqlite3")


def test_a_database_that_is_down_gives_a_store_error_soon_and_never_its_password() -> None:
    pytest.importorskip("psycopg")
    port = _closed_port()
    started = time.monotonic()
    with pytest.raises(StoreError) as raised:
        GameStore(f"postgresql://kit:s3cret-pw@127.0.0.1:{port}/phase10")
    assert time.monotonic() - started < 10
    assert "s3cret-pw" not in str(raised.value) and f"postgresql://kit@127.0.0.1:{port}/phase10" in str(raised.value)


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])  # closed again when the socket is: nothing listens there


def test_the_same_store_is_shared_by_two_openings_on_either_database(store_where: str) -> None:
    first, second = GameStore(store_where), GameStore(store_where)  # two kernels, one store
    claim = first.create("from the first kernel")
    assert second.load(claim.table_id).snapshot == "from the first kernel"
    taken = second.claim(claim.table_id)
    assert not first.save(claim, "stale") and second.save(taken, "kept")
    assert first.load(claim.table_id).snapshot == "kept"
