"""The Voila play page: its URL sets the table up, bad values fall back to defaults with a sentence."""

from __future__ import annotations

import asyncio
import json
import socket
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phase10kit.game import Game
from phase10kit.i18n import translator
from widgets.connection import LOST_NOT_SAVED
from widgets.play import PlayPage, play_page, request_query, table_from_query
from widgets.store import EXPIRY_DAYS, STORE_VARIABLE, GameStore, is_table_id
from widgets.table import BOT_LEVELS, Table

ROOT = Path(__file__).resolve().parent.parent


def _levels(table: Table) -> set[str]:
    """The bot levels at the table, read back from the bots' names in the table's language."""
    names = {translator(table.lang).gettext(label): level for level, label in BOT_LEVELS.items()}
    return {names[name] for name in table.bot_names.values()}


def test_query_sets_seed_players_bots_and_language() -> None:
    table, problems = table_from_query("seed=42&players=4&bots=random&lang=es")
    assert problems == []
    assert (table.players, table.lang, _levels(table)) == (4, "es", {"random"})
    assert table.game.hands == Game(players=4, seed=42).hands


def test_same_seed_deals_the_same_hands_and_another_seed_others() -> None:
    first, _ = table_from_query("seed=7&players=2")
    again, _ = table_from_query("?seed=7&players=2")
    other, _ = table_from_query("seed=8&players=2")
    assert first.game.hands == again.game.hands
    assert first.game.hands != other.game.hands


def test_no_query_gives_the_defaults_without_messages() -> None:
    table, problems = table_from_query("")
    assert (table.players, table.lang, _levels(table), problems) == (3, "en", {"smart"}, [])


@pytest.mark.parametrize(
    ("query", "quoted"),
    [
        ("players=1", "players=1"),
        ("players=7", "players=7"),
        ("players=three", "players=three"),
        ("bots=genius", "bots=genius"),
        ("lang=xx", "lang=xx"),
        ("seed=-3", "seed=-3"),
        ("seed=abc", "seed=abc"),
        ("seed=99999999999999999999999", "seed=99999999999999999999999"),
    ],
)
def test_a_bad_value_is_named_in_a_message_and_replaced_by_its_default(query: str, quoted: str) -> None:
    table, problems = table_from_query(query)
    assert len(problems) == 1 and quoted in problems[0]
    assert (table.players, table.lang, _levels(table)) == (3, "en", {"smart"})


@pytest.mark.parametrize("key", ["bots", "players", "lang", "seed", "humans"])
def test_a_long_bad_value_is_quoted_short(key: str) -> None:
    _table, problems = table_from_query(f"{key}={'x' * 5000}")
    assert len(problems) == 1 and len(problems[0]) < 200 and "x" * 39 + "…" in problems[0]


def test_a_key_given_twice_is_refused_and_its_default_used() -> None:
    table, problems = table_from_query("players=2&players=6&bots=greedy&seed=4&seed=5")
    assert table.players == 3 and _levels(table) == {"greedy"}
    assert problems == [
        "players= is given more than once in the address: using the default.",
        "seed= is given more than once in the address: using the default.",
    ]
    page = play_page("table=AAAAAAAAAAAAAAAAAAAAAA&table=BBBBBBBBBBBBBBBBBBBBBB", store=False)
    assert "table= is given more than once" in page.messages.value


def test_good_values_are_kept_next_to_bad_ones() -> None:
    table, problems = table_from_query("seed=3&players=2&bots=nope")
    assert len(problems) == 1
    assert table.players == 2 and table.game.hands == Game(players=2, seed=3).hands


def test_the_page_shows_the_messages_escaped_above_the_table() -> None:
    page = play_page("bots=<script>", store=False)
    _banner, messages, _saving, _resume, table, _forget, _ids = page.children
    assert "&lt;script&gt;" in messages.value and "<script>" not in messages.value
    assert "p10-play-messages" in messages._dom_classes and "p10-table" in table._dom_classes


def test_play_notebook_imports_then_waits_for_the_request_then_builds_the_page() -> None:
    notebook = json.loads((ROOT / "notebooks" / "play.ipynb").read_text(encoding="utf-8"))
    code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    assert len(code) == 1
    lines = [line for line in "".join(code[0]["source"]).splitlines() if line and not line.startswith("#")]
    # A preheated kernel runs the imports before the request, then waits in request_query(); the page's language
    # (the translations in notebooks/<lang>/play.ipynb set theirs) applies when the address names none.
    assert [line.split("  #")[0] for line in lines] == [
        "from widgets import set_language",
        "from widgets.play import play_page, request_query",
        'set_language("en")',
        "play_page(request_query())",
    ]


def test_the_notebook_language_is_the_tables_language_unless_the_address_names_one() -> None:
    from widgets import set_language

    try:
        set_language("uk")
        assert table_from_query("seed=3")[0].lang == "uk"
        assert table_from_query("seed=3&lang=es")[0].lang == "es"
        table, problems = table_from_query("seed=3&lang=xx")
        assert table.lang == "uk" and problems and "xx" in problems[0]
    finally:
        set_language("en")


def test_voila_config_hides_tracebacks_and_preheats_only_the_table() -> None:
    config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    assert config["VoilaConfiguration"]["show_tracebacks"] is False
    assert config["VoilaConfiguration"]["preheat_kernel"] is True
    pools = config["VoilaKernelManager"]["kernel_pools_config"]
    # Without a default of 0 Voila would preheat (run) every tutorial notebook when serving notebooks/.
    assert pools["default"]["pool_size"] == 0
    named = {name: pool["pool_size"] for name, pool in pools.items() if name != "default"}
    assert named and all(size >= 1 for size in named.values())
    # Pool names are paths from the folder Voila serves: notebooks/ (make play, tests) or the repo root.
    for name in named:
        assert (ROOT / name).is_file() or (ROOT / "notebooks" / name).is_file(), name
        assert name.endswith("play.ipynb")


@pytest.fixture()
def voila_query_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """A websocket server answering like Voila's ``/voila/query/<kernel id>`` with the payloads queued in the list.

    The environment is the one Voila gives a preheated kernel, pointing at this server.
    """
    from websockets.asyncio.server import ServerConnection, serve

    payloads: list[str] = []
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    loop = asyncio.new_event_loop()
    started = threading.Event()
    stop = asyncio.Event()
    paths: list[str] = []

    async def answer(connection: ServerConnection) -> None:
        paths.append(connection.request.path if connection.request else "")
        await connection.send(payloads.pop(0))

    async def run() -> None:
        async with serve(answer, "127.0.0.1", port):
            started.set()
            await stop.wait()

    thread = threading.Thread(target=loop.run_until_complete, args=(run(),), daemon=True)
    thread.start()
    assert started.wait(10)
    for name, value in {
        "VOILA_PREHEAT": "True",
        "VOILA_APP_PORT": str(port),
        "VOILA_SERVER_URL": "/",
        "VOILA_KERNEL_ID": "kernel-7",
    }.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("VOILA_APP_IP", raising=False)
    monkeypatch.delenv("VOILA_WS_BASE_URL", raising=False)
    yield payloads
    loop.call_soon_threadsafe(stop.set)
    thread.join(10)
    assert paths == ["/voila/query/kernel-7"], "the kernel should ask Voila's query socket for its own kernel id"


def test_preheated_kernel_reads_the_query_voila_sends_when_the_page_is_asked_for(
    voila_query_server: list[str],
) -> None:
    voila_query_server.append(json.dumps({"QUERY_STRING": "seed=42&players=4", "SCRIPT_NAME": "/voila/render/x"}))
    query = request_query()
    assert query == "seed=42&players=4"
    table, problems = table_from_query(query)
    assert problems == [] and table.game.hands == Game(players=4, seed=42).hands


def test_preheated_kernel_without_an_answer_deals_the_defaults_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as sock:  # a port nobody listens on: Voila's query socket cannot be reached
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_APP_PORT", str(port))
    monkeypatch.setenv("VOILA_KERNEL_ID", "kernel-8")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    with pytest.warns(UserWarning, match="Failed to connect"):
        query = request_query()
    assert query is None
    _banner, messages, _saving, _resume, table, _forget, _ids = play_page(query, store=False).children
    assert "could not be read" in messages.value and table.players == 3


def test_outside_preheat_the_query_string_is_read_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("QUERY_STRING", "players=5")
    assert request_query() == "players=5"
    monkeypatch.delenv("VOILA_PREHEAT")
    monkeypatch.delenv("QUERY_STRING")
    assert request_query() == ""


def test_make_play_starts_voila_on_the_play_notebook() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    target = makefile.split("\nplay:", 1)[1].split("\n\n", 1)[0]
    assert "voila notebooks/play.ipynb" in target and "--Voila.ip=127.0.0.1" in target and "echo" in target


# ---------------------------------------------------------------- saved games (widgets.store, widgets.table_id)

QUERY = "seed=5&players=2&bots=greedy"


@pytest.fixture()
def store(tmp_path: Path) -> GameStore:
    return GameStore(tmp_path / "tables.sqlite3")


def settled(page: PlayPage) -> PlayPage:
    """``page`` once its saving thread has written everything (and told the page)."""
    assert page.saver is not None and page.saver.wait(timeout=20), "the saver did not catch up"
    return page


def _played(store: GameStore) -> PlayPage:
    """A page whose human drew a card (one change, so one save), once that save has landed."""
    page = play_page(QUERY, store=store)
    page.table.draw()
    return settled(page)


def _from_browser(page: PlayPage, value: object) -> None:
    page.browser_id.set_state({"stored_id": value})  # what the page's localStorage sends


def test_every_change_is_saved_under_a_random_id_the_browser_is_given(store: GameStore) -> None:
    page = _played(store)
    assert page.table_id is not None and is_table_id(page.table_id)
    assert page.browser_id.table_id == page.table_id
    saved = store.load(page.table_id)
    assert saved.status == "found" and saved.snapshot == page.table.snapshot()
    # The browser gets the id and nothing else: no card, no game.
    state = page.browser_id.get_state()
    assert {key for key in state if not key.startswith("_")} >= {"stored_id", "table_id", "remember"}
    assert all(page.table.snapshot() not in str(value) for value in state.values())


def test_a_reopened_page_offers_the_saved_game_and_resumes_the_same_hand_and_history(store: GameStore) -> None:
    before = _played(store)
    again = play_page(QUERY.replace("seed=5", "seed=6"), store=store)
    assert again.resume_box.layout.display == "none"
    _from_browser(again, before.table_id)
    assert again.resume_box.layout.display == "flex"
    again.resume_button.click()
    settled(again)
    assert again.resume_box.layout.display == "none"
    assert again.table.game.to_json() == before.table.game.to_json()
    assert again.table.game.hands[0] == before.table.game.hands[0]
    assert again.table_id == before.table_id and again.browser_id.remember
    assert again.table in again.children and again.messages.value == ""


def test_the_url_table_id_wins_over_the_browsers(store: GameStore) -> None:
    first, second = _played(store), _played(store)
    page = play_page(f"{QUERY}&table={second.table_id}", store=store)
    _from_browser(page, first.table_id)
    page.resume()
    assert page.table.game.to_json() == second.table.game.to_json()


@pytest.mark.parametrize(
    ("value", "sentence"),
    [
        ("A" * 22, "No game is saved under that table id"),
        ("x' OR 1=1; --", "not a table id"),
        ("A" * 64, "not a table id"),
        (12345, None),  # not even text: the id widget drops it before the page sees it
    ],
)
def test_an_unknown_or_malformed_id_gives_a_new_game_and_says_so(
    store: GameStore, value: object, sentence: str | None
) -> None:
    page = play_page(QUERY, store=store)
    fresh = page.table.game.to_json()
    _from_browser(page, value)
    assert (sentence in page.messages.value) if sentence else page.messages.value == ""
    assert page.resume_box.layout.display == "none"
    assert page.table.game.to_json() == fresh


def test_an_expired_save_gives_a_new_game_and_names_the_days(tmp_path: Path) -> None:
    now = [1_700_000_000.0]
    store = GameStore(tmp_path / "t.sqlite3", clock=lambda: now[0])
    old = _played(store)
    now[0] += (EXPIRY_DAYS + 1) * 86400
    page = play_page(QUERY, store=store)
    _from_browser(page, old.table_id)
    assert f"kept for {EXPIRY_DAYS} days" in page.messages.value
    assert page.resume_box.layout.display == "none"


def test_a_corrupt_save_gives_a_new_game_with_a_note_not_a_traceback(store: GameStore) -> None:
    before = _played(store)
    assert before.table_id is not None
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE tables SET snapshot = ? WHERE table_id = ?", ('{"game": "torn', before.table_id))
    page = play_page(QUERY, store=store)
    fresh = page.table.game.to_json()
    _from_browser(page, before.table_id)
    page.resume()
    assert "could not be read" in page.messages.value and "Traceback" not in page.messages.value
    assert page.table.game.to_json() == fresh


def test_two_tabs_resuming_one_game_never_overwrite_each_other(store: GameStore) -> None:
    original = _played(store)
    table_id = original.table_id
    tabs = [play_page(QUERY, store=store) for _ in range(2)]
    for tab in tabs:
        _from_browser(tab, table_id)
        tab.resume()
        settled(tab)
    older, newer = tabs
    newer.table.hand.selected = [0]
    newer.table.discard()
    settled(newer)
    # The tab that lost the claim keeps its game under a new id and says so; the newer tab's save stands.
    older.table.hand.selected = [1]
    older.table.discard()
    settled(older)
    assert older.table_id not in (None, table_id) and "resumed in another tab" in older.messages.value
    assert store.load(table_id).snapshot == newer.table.snapshot()
    assert store.load(older.table_id).snapshot == older.table.snapshot()


def test_a_store_that_cannot_open_leaves_a_playable_page_and_a_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "tables.sqlite3"
    broken.write_bytes(b"not a database " * 200)
    monkeypatch.setenv(STORE_VARIABLE, str(broken))
    page = play_page(QUERY)  # the default store: $P10_STORE
    assert "cannot save games" in page.messages.value
    assert page.banner.text == LOST_NOT_SAVED, "a lost connection promises no resume"
    page.table.draw()
    assert page.saver is None and page.table_id is None and len(page.table.game.hands[0]) == 11


@settings(max_examples=40, deadline=None)
@given(st.one_of(st.text(max_size=80), st.integers(), st.none(), st.dictionaries(st.text(), st.text(), max_size=2)))
def test_whatever_the_browser_sends_as_its_id_the_page_never_fails(
    tmp_path_factory: pytest.TempPathFactory, value: object
) -> None:
    page = play_page(QUERY, store=GameStore(tmp_path_factory.mktemp("store") / "t.sqlite3"))
    _from_browser(page, value)
    assert page.resume_box.layout.display == "none"
    assert "Something went wrong" not in page.messages.value


@pytest.mark.parametrize("lang", ["es", "hr", "cs", "uk", "ko"])
def test_the_saved_game_sentences_come_in_the_pages_language(store: GameStore, lang: str) -> None:
    page = play_page(f"{QUERY}&lang={lang}", store=store)
    _from_browser(page, "A" * 22)
    english = "No game is saved under that table id on this server: this is a new game."
    assert page.messages.value and english not in page.messages.value
    assert page.resume_button.description == translator(lang).gettext("Resume game") != "Resume game"


# ---------------------------------------------------------------- the bots wait for the page to be shown

BOTS_FIRST = "seed=0&players=3&bots=greedy"  # the dealer's left is a bot: the bots move before the student


def test_the_bots_wait_until_the_browser_shows_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario() -> tuple[int, int, int, bool]:
        page = play_page(BOTS_FIRST, store=False)
        page.table.session.speed = 0.05
        assert page.table.session.state == "bots"
        await asyncio.sleep(0.5)
        unseen = len(page.table.session.log)
        sent: list[str] = []
        for widget in (page, page.table, page.table.hand):
            monkeypatch.setattr(widget, "send_state", lambda key=None, w=widget: sent.append(type(w).__name__))
        page.browser_id._message(page.browser_id, {"event": "shown", "and": "more"}, [])  # not the message
        await asyncio.sleep(0.3)
        forged = len(page.table.session.log)
        page.browser_id._message(page.browser_id, {"event": "shown"}, [])
        for _ in range(100):
            await asyncio.sleep(0.05)
            if page.table.session.state == "human":
                break
        return unseen, forged, len(page.table.session.log), {"PlayPage", "Table", "HandView"} <= set(sent)

    unseen, forged, shown, resent = asyncio.run(scenario())
    assert unseen == 1 and forged == 1, "the bots moved before the page was shown"
    assert shown > 1 and resent, "once shown, the page gets every widget's state again and the bots move"


def test_the_bots_move_anyway_when_no_browser_says_it_shows_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    import widgets.play as play_module

    monkeypatch.setattr(play_module, "SHOWN_FALLBACK_SECONDS", 0.2)

    async def scenario() -> str:
        page = play_page(BOTS_FIRST, store=False)
        page.table.session.speed = 0.05
        for _ in range(100):
            await asyncio.sleep(0.05)
            if page.table.session.state == "human":
                break
        return page.table.session.state

    assert asyncio.run(scenario()) == "human"
