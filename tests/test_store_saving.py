"""Saving that never loses a move: WAL, a private file, writes off the event loop, retries through a held lock
and a full disk, the truth on the page, problems in the server's log, and "New player: forget this game"."""

from __future__ import annotations

import io
import json
import os
import stat
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from phase10kit.i18n import translator
from tests.helpers import HeldLock
from widgets.play import MAX_NOTES, SAVING, PlayPage, play_page
from widgets.saving import Report, Saver
from widgets.store import DIRECTORY_MODE, FILE_MODE, Claim, GameStore, StoreError

ROOT = Path(__file__).resolve().parents[1]
QUERY = "seed=5&players=2&bots=greedy"


class WatchedStore(GameStore):
    """A store that notes the thread of every write (writes must never run on the page's own thread)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.writers: list[str] = []
        super().__init__(*args, **kwargs)

    def _noted(self) -> None:
        self.writers.append(threading.current_thread().name)

    def create(self, snapshot: str) -> Claim:
        self._noted()
        return super().create(snapshot)

    def save(self, claim: Claim, snapshot: str) -> bool:
        self._noted()
        return super().save(claim, snapshot)

    def take(self, claim: Claim) -> None:
        self._noted()
        super().take(claim)

    def forget(self, table_id: str) -> None:
        self._noted()
        super().forget(table_id)

    def purge_expired(self) -> int:
        self._noted()
        return super().purge_expired()


def settle(page: PlayPage) -> None:
    assert page.saver is not None and page.saver.wait(timeout=30), "the saver did not catch up"


def play_turns(page: PlayPage, turns: int) -> None:
    """The human draws and discards ``turns`` times (the greedy bot answers at once: speed 0 without a loop)."""
    for _ in range(turns):
        table = page.table
        if table.session.state != "human":
            return
        table.draw()
        table.hand.selected = [0]
        table.discard()


# ---------------------------------------------------------------------------------------------- the file


def test_a_new_store_is_private_and_in_wal_mode(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "private" / "tables.sqlite3")
    store.create("{}")
    assert stat.S_IMODE(store.path.parent.stat().st_mode) == DIRECTORY_MODE == 0o700
    for path in (store.path, Path(f"{store.path}-wal"), Path(f"{store.path}-shm")):
        if path.exists():
            assert stat.S_IMODE(path.stat().st_mode) == FILE_MODE == 0o600, path.name
    import sqlite3

    with sqlite3.connect(store.path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_an_open_store_file_left_by_an_older_kit_is_made_private(tmp_path: Path) -> None:
    old = tmp_path / "tables.sqlite3"
    GameStore(old).create("{}")
    old.chmod(0o644)
    GameStore(old)
    assert stat.S_IMODE(old.stat().st_mode) == 0o600


def test_reading_never_waits_for_a_held_write_lock(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "t.sqlite3")
    claim = store.create("kept")
    lock = HeldLock(store.path)
    try:
        assert store.load(claim.table_id).snapshot == "kept"  # WAL: readers pass a writer's lock
        with pytest.raises(StoreError, match="locked"):
            GameStore(store.path, write_busy=0.1).save(claim, "new")
    finally:
        lock.release()


# ---------------------------------------------------------------------------------------------- the saver


class SlowStore(GameStore):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.saved: list[str] = []
        super().__init__(*args, **kwargs)

    def save(self, claim: Claim, snapshot: str) -> bool:
        time.sleep(0.05)
        self.saved.append(snapshot)
        return super().save(claim, snapshot)


def test_snapshots_that_arrive_while_one_is_written_coalesce_to_the_latest(tmp_path: Path) -> None:
    store = SlowStore(tmp_path / "t.sqlite3")
    saver = Saver(store, lambda report: None)
    saver.submit("first")
    assert saver.wait(10)
    for move in range(60):
        saver.submit(f"move {move}")
    assert saver.wait(20) and saver.claim is not None
    assert store.load(saver.claim.table_id).snapshot == "move 59"
    assert len(store.saved) < 30, f"{len(store.saved)} writes for 60 positions: nothing was coalesced"
    saver.close()


def test_the_page_never_writes_on_its_own_thread(tmp_path: Path) -> None:
    store = WatchedStore(tmp_path / "t.sqlite3", purge=False)  # as the page opens the default store
    page = play_page(QUERY, store=store)
    play_turns(page, 3)
    settle(page)
    again = play_page(QUERY, store=store)
    again.offer(page.table_id)
    again.resume()
    settle(again)
    again.forget()
    settle(again)
    assert store.writers and set(store.writers) == {"phase10kit-saver"}, store.writers


def test_a_held_lock_pauses_saving_says_so_and_the_latest_position_lands_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    server_log, page_stderr = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "__stderr__", server_log)
    monkeypatch.setattr(sys, "stderr", page_stderr)
    store = GameStore(tmp_path / "t.sqlite3", write_busy=0.2)
    page = play_page(QUERY, store=store)
    play_turns(page, 1)
    settle(page)
    table_id = page.table_id
    assert table_id is not None
    lock = HeldLock(store.path)
    try:
        play_turns(page, 4)  # every move is kept in the page while the store refuses
        deadline = time.monotonic() + 20
        while page.saver is not None and not page.saver.paused and time.monotonic() < deadline:
            time.sleep(0.05)
        assert page.saver is not None and page.saver.paused
        assert translator("en").gettext(SAVING["paused"]) in page.save_status.value
        assert "could not be saved" not in page.messages.value and "new game" not in page.save_status.value
    finally:
        lock.release()
    settle(page)
    latest = page.table.snapshot()
    assert store.load(table_id).snapshot == latest
    assert translator("en").gettext(SAVING["saved"]) in page.save_status.value
    # A reload after the lock cleared resumes the latest position, log and all.
    reloaded = play_page(QUERY.replace("seed=5", "seed=6"), store=store)
    reloaded.offer(table_id)
    reloaded.resume()
    assert reloaded.table.snapshot() == latest
    # The admin's log says what happened; the page's stderr (the student's browser) says nothing.
    assert "saving paused" in server_log.getvalue() and "saving works again" in server_log.getvalue()
    assert table_id not in server_log.getvalue()
    assert page_stderr.getvalue() == ""


def test_a_row_held_on_postgresql_pauses_saving_and_the_latest_position_lands_after(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL's own lock: another session holds the table's row (as a stuck kernel or a long admin query would)."""
    import psycopg

    from tests.postgres import fresh_schema

    monkeypatch.setattr(sys, "__stderr__", io.StringIO())
    with fresh_schema(postgres_url) as url:
        store = GameStore(url, write_busy=0.2)
        page = play_page(QUERY, store=store)
        play_turns(page, 1)
        settle(page)
        table_id = page.table_id
        with psycopg.connect(url) as holder:  # a transaction stays open until the block ends
            holder.execute("SELECT * FROM tables WHERE table_id = %s FOR UPDATE", (table_id,))
            play_turns(page, 3)
            deadline = time.monotonic() + 20
            while page.saver is not None and not page.saver.paused and time.monotonic() < deadline:
                time.sleep(0.05)
            assert page.saver is not None and page.saver.paused
            assert translator("en").gettext(SAVING["paused"]) in page.save_status.value
            holder.rollback()
        settle(page)
        assert store.load(table_id).snapshot == page.table.snapshot()
        assert translator("en").gettext(SAVING["saved"]) in page.save_status.value


@pytest.mark.parametrize("lang", ["es", "hr", "cs", "uk", "ko"])
def test_the_saving_sentences_come_in_the_pages_language(tmp_path: Path, lang: str) -> None:
    page = play_page(f"{QUERY}&lang={lang}", store=GameStore(tmp_path / "t.sqlite3"))
    for event in ("paused", "saved"):
        page._saving(Report(event))  # type: ignore[arg-type]
        sentence = translator(lang).gettext(SAVING[event])
        assert sentence != SAVING[event] and sentence.replace("'", "&#x27;") in page.save_status.value


FULL_DISK = """
import json, os, resource, signal, sys
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from tests.helpers import HeldLock
from widgets.play import play_page
from widgets.store import GameStore

signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG, as on a full disk
path = Path(sys.argv[1])
store = GameStore(path, write_busy=0.2)
page = play_page("seed=5&players=2&bots=greedy", store=store)

def turns(n):
    for _ in range(n):
        if page.table.session.state != "human":
            return
        page.table.draw()
        page.table.hand.selected = [0]
        page.table.discard()

turns(1)
assert page.saver.wait(20)
table_id = page.table_id
size = sum(f.stat().st_size for f in path.parent.iterdir())
_, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
resource.setrlimit(resource.RLIMIT_FSIZE, (max(f.stat().st_size for f in path.parent.iterdir()), hard))
turns(4)
full = not page.saver.wait(3) and page.saver.paused
status_full = page.save_status.value
resource.setrlimit(resource.RLIMIT_FSIZE, (hard, hard))  # the disk has room again
caught_up = page.saver.wait(40)
print(json.dumps({
    "full": full,
    "status_full": status_full,
    "caught_up": caught_up,
    "latest_saved": GameStore(path).load(table_id).snapshot == page.table.snapshot(),
    "status_after": page.save_status.value,
}))
"""


def test_a_full_disk_pauses_saving_and_the_latest_position_lands_once_there_is_room(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-c", FULL_DISK, str(tmp_path / "t.sqlite3"), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    outcome = json.loads(result.stdout.strip().splitlines()[-1])
    assert outcome["full"], "saving did not pause on a full disk"
    assert "Saving is paused" in outcome["status_full"]
    assert outcome["caught_up"] and outcome["latest_saved"]
    assert "Saving works again" in outcome["status_after"]
    assert "[phase10kit] WARNING | saving paused" in result.stderr  # the server's log (the kernel's own stderr)


# ---------------------------------------------------------------------------------------------- the page


def test_new_player_forgets_the_game_on_this_browser_and_deletes_its_save(store_where: str) -> None:
    store = GameStore(store_where)
    page = play_page(QUERY, store=store)
    play_turns(page, 2)
    settle(page)
    old_id, old_game = page.table_id, page.table.game.to_json()
    assert old_id is not None and store.load(old_id).status == "found"
    control = page.forget_control
    control.ask.click()
    assert control.confirm in control.children and control.keep in control.children
    control.keep.click()  # changed their mind: nothing happens
    assert list(control.children) == [control.ask] and store.load(old_id).status == "found"
    control.ask.click()
    control.confirm.click()
    settle(page)
    assert store.load(old_id).status == "unknown", "the forgotten save is still on the server"
    assert page.browser_id.forget == 1 and page.table.game.to_json() != old_game
    assert page.table_id is not None and page.table_id != old_id
    assert page.browser_id.table_id == page.table_id
    assert "forgotten" in page.messages.value
    # The next student's page is offered nothing under the old id.
    after = play_page(QUERY, store=store)
    after.browser_id.set_state({"stored_id": old_id})
    assert after.resume_box.layout.display == "none"


def test_forgetting_before_the_first_save_landed_deletes_that_save_too(tmp_path: Path) -> None:
    store = SlowStore(tmp_path / "t.sqlite3")
    page = play_page(QUERY, store=store)
    play_turns(page, 1)
    page.forget()  # the first save may still be on its way
    settle(page)
    with __import__("sqlite3").connect(store.path) as db:
        (count,) = db.execute("SELECT COUNT(*) FROM tables").fetchone()
    assert count == 1, "only the new player's game is saved"


def test_the_page_keeps_only_its_last_few_sentences(tmp_path: Path) -> None:
    page = play_page(QUERY, store=GameStore(tmp_path / "t.sqlite3"))
    for value in ["A" * 22, "bad id", *(f"{'B' * 21}{letter}" for letter in "CDEFGHIJKLMNOPQR")]:
        page.offer(value)
    assert page.messages.value.count("<li>") <= MAX_NOTES
    assert len(page._notes) == len(set(page._notes))


def test_the_forget_control_speaks_the_pages_language() -> None:
    page = play_page(f"{QUERY}&lang=hr", store=False)
    english = "New player: forget this game"
    assert page.forget_control.ask.description == translator("hr").gettext(english) != english


def test_logging_setup_leaves_nothing_for_the_pages_stderr() -> None:
    code = textwrap.dedent(
        """
        import io, sys
        sys.stderr = io.StringIO()
        from widgets.server_log import server_logger
        server_logger().warning("x")
        assert sys.stderr.getvalue() == "", sys.stderr.getvalue()
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 0 and "[phase10kit] WARNING | x" in result.stderr, result.stderr


def test_store_problems_when_opening_go_to_the_server_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    server_log, page_stderr = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "__stderr__", server_log)
    monkeypatch.setattr(sys, "stderr", page_stderr)
    broken = tmp_path / "tables.sqlite3"
    broken.write_bytes(b"not a database " * 200)
    monkeypatch.setenv("P10_STORE", str(broken))
    page = PlayPage(QUERY)
    assert "cannot save games" in page.messages.value
    assert "games will not be saved" in server_log.getvalue() and page_stderr.getvalue() == ""
    assert os.fspath(broken) in server_log.getvalue()  # the admin is told which file


def test_an_idle_saver_ends_its_thread_and_the_next_snapshot_starts_one(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "t.sqlite3")
    saver = Saver(store, lambda report: None, idle_exit=0.1)
    assert saver._thread is None, "no work yet: no thread"
    saver.submit("one")
    assert saver.wait(10)
    deadline = time.monotonic() + 10
    while saver._thread is not None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert saver._thread is None, "an idle saver keeps no thread"
    saver.submit("two")
    assert saver.wait(10) and saver.claim is not None
    assert store.load(saver.claim.table_id).snapshot == "two"
