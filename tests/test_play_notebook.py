"""The Voila play page: its URL sets the table up, bad values fall back to defaults with a sentence."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from phase10kit.game import Game
from widgets.play import play_page, request_query, table_from_query

ROOT = Path(__file__).resolve().parent.parent


def test_query_sets_seed_players_bots_and_language() -> None:
    table, problems = table_from_query("seed=42&players=4&bots=random&lang=es")
    assert problems == []
    assert (table.players, table.lang, set(table._levels)) == (4, "es", {"random"})
    assert table.game.hands == Game(players=4, seed=42).hands


def test_same_seed_deals_the_same_hands_and_another_seed_others() -> None:
    first, _ = table_from_query("seed=7&players=2")
    again, _ = table_from_query("?seed=7&players=2")
    other, _ = table_from_query("seed=8&players=2")
    assert first.game.hands == again.game.hands
    assert first.game.hands != other.game.hands


def test_no_query_gives_the_defaults_without_messages() -> None:
    table, problems = table_from_query("")
    assert (table.players, table.lang, set(table._levels), problems) == (3, "en", {"smart"}, [])


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
    assert (table.players, table.lang, set(table._levels)) == (3, "en", {"smart"})


def test_good_values_are_kept_next_to_bad_ones() -> None:
    table, problems = table_from_query("seed=3&players=2&bots=nope")
    assert len(problems) == 1
    assert table.players == 2 and table.game.hands == Game(players=2, seed=3).hands


def test_the_page_shows_the_messages_escaped_above_the_table() -> None:
    page = play_page("bots=<script>")
    messages, table = page.children
    assert "&lt;script&gt;" in messages.value and "<script>" not in messages.value
    assert "p10-play-messages" in messages._dom_classes and "p10-table" in table._dom_classes


def test_play_notebook_imports_then_waits_for_the_request_then_builds_the_page() -> None:
    notebook = json.loads((ROOT / "notebooks" / "play.ipynb").read_text(encoding="utf-8"))
    code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    assert len(code) == 1
    lines = [line for line in "".join(code[0]["source"]).splitlines() if line and not line.startswith("#")]
    # A preheated kernel runs the imports before the request, then waits in request_query().
    assert lines == ["from widgets.play import play_page, request_query", "play_page(request_query())"]


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
    messages, table = play_page(query).children
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
