"""What the browser tests share about the pages they drive: the waits, the selectors, the error marker, opening the
play page, reading its hand and text, and the "mirror" table that deals the same game as the page.

One home for each: a selector or a wait written in a test file is one the next change of the page misses.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from playwright.sync_api import expect

from phase10kit.cards import NUMBERED_CARD_IN_TEXT, Card
from widgets.play import table_from_query
from widgets.table import Table

# ms: a first render starts a kernel, seconds on a busy 2-core machine (six engineers' tests share the 2 cores).
WAIT = 120_000
# What Voila writes in the page when a notebook cell raised: no page of the kit may show it.
ERROR_MARKER = "There was an error when executing cell"
LOOPBACK = ("127.0.0.1", "localhost")
PLAY_PATH = "/voila/render/play.ipynb"

# Numbered cards only: a lone W or S is too common a letter to mean a card in page text.
CARD = NUMBERED_CARD_IN_TEXT

# Selectors of the table's DOM contract (widgets/table.py gives these classes).
TABLE = ".p10-table"
HAND_CARD = ".p10-hand button.p10-card"
TABLE_HAND_CARD = f"{TABLE} {HAND_CARD}"
LOG = ".p10-log"
LOG_LINE = ".p10-log li"
ERROR_AREA = ".p10-error"
PLAY_MESSAGES = ".p10-play-messages"
DRAW_BUTTON = ".p10-btn-draw"
DISCARD_BUTTON = ".p10-btn-discard"
LAY_BUTTON = ".p10-btn-lay"
# A course exercise's first clickable answer: the lesson's widgets have rendered.
SPOT_ACTION = ".p10-kind-spot .p10-action"
# The phase reminder shows a fixed example of the phase, not a card of the deal.
PHASE_REMINDER_CLASS = "p10-phase-reminder"
PHASE_REMINDER = f".{PHASE_REMINDER_CLASS}"
# Widget traits that hold the widget's code (anywidget's JavaScript and CSS), the same in every game.
CODE_TRAITS = frozenset({"_esm", "_css"})


def card_in_hand(card: str) -> str:
    """The selector of the page's hand buttons showing ``card`` (written as the notation writes it)."""
    return f'{HAND_CARD}[data-card="{card}"]'


def only_loopback(route: Any) -> None:
    """A Playwright route handler: let requests to the loopback interface through, abort every other."""
    if urlparse(route.request.url).hostname in LOOPBACK:
        route.continue_()
    else:
        route.abort()


@dataclass
class Outside:
    """A route handler that lets loopback requests through and aborts and records every other one."""

    urls: list[str] = field(default_factory=list)

    def route(self, route: Any) -> None:
        if urlparse(route.request.url).hostname in LOOPBACK:
            route.continue_()
        else:
            self.urls.append(route.request.url)
            route.abort()


def loopback_page(context: Any) -> Any:
    """A new page of ``context`` that aborts every request not addressed to the loopback interface."""
    page = context.new_page()
    page.route("**/*", only_loopback)
    return page


def play_url(url: str, query: str = "", path: str = PLAY_PATH) -> str:
    """The address of the play page on the server at ``url``, with its URL values ``query``."""
    return f"{url}{path}?{query}"


def open_page(page: Any, url: str, ready: str, *, timeout: float = WAIT) -> None:
    """Load ``url`` in ``page``, wait until the first ``ready`` element is visible, and check no cell failed."""
    page.goto(url, timeout=timeout)
    expect(page.locator(ready).first).to_be_visible(timeout=timeout)
    expect(page.locator("body")).not_to_contain_text(ERROR_MARKER)


@dataclass(frozen=True)
class KernelMessage:
    """One Jupyter message the page received on a kernel websocket, decoded."""

    channel: str
    header: dict[str, Any]
    parent_header: dict[str, Any]
    metadata: dict[str, Any]
    content: dict[str, Any]
    buffers: tuple[bytes, ...] = ()

    @property
    def msg_type(self) -> str:
        return str(self.header.get("msg_type", ""))


def decode_frame(payload: str | bytes) -> KernelMessage:
    """The message of one websocket frame from a Jupyter server.

    A binary frame is the ``v1.kernel.websocket.jupyter.org`` protocol (jupyter_server's ``serialize_msg_to_ws_v1``):
    a little-endian 8-byte count n, n 8-byte offsets, then the channel, header, parent_header, metadata and
    content (JSON) and the buffers, each part from one offset to the next, the last offset the frame's end. A text
    frame is the legacy protocol: the whole message as JSON. Anything else raises ``ValueError``: a frame the
    decoder cannot read must fail the test, not be searched as nothing.
    """
    if isinstance(payload, str):
        msg = json.loads(payload)
        return KernelMessage(
            str(msg.get("channel", "")), msg["header"], msg["parent_header"], msg["metadata"], msg["content"]
        )
    count = int.from_bytes(payload[:8], "little")
    offsets = [int.from_bytes(payload[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(count)]
    if count < 6 or offsets[0] != 8 * (count + 1) or offsets != sorted(offsets) or offsets[-1] != len(payload):
        raise ValueError(f"not a v1 kernel websocket frame: {payload[:64]!r}")
    parts = [payload[offsets[i] : offsets[i + 1]] for i in range(count - 1)]
    header, parent, metadata, content = (json.loads(part) for part in parts[1:5])
    return KernelMessage(parts[0].decode("utf-8"), header, parent, metadata, content, tuple(parts[5:]))


def widget_states(message: KernelMessage) -> Iterator[tuple[str, dict[str, Any]]]:
    """The (comm id, state) pairs a comm message syncs: a widget opened, updated, or Voila's ``update_states``."""
    if message.msg_type not in ("comm_open", "comm_msg"):
        return
    data = message.content.get("data", {})
    if "state" in data:
        yield str(message.content.get("comm_id", "")), data["state"]
    for comm_id, model in data.get("states", {}).items():
        yield str(comm_id), model.get("state", {})


def sent_text(messages: Iterable[KernelMessage], skip_classes: Iterable[str] = ()) -> str:
    """The JSON of what ``messages`` carry to the page: every widget state synced (but its code, ``CODE_TRAITS``)
    and every other message's content and metadata (outputs, streams, errors, replies).

    The state of a widget with one of ``skip_classes`` is left out (the phase reminder draws a fixed example).
    Buffers are left out: binary trait values, and no widget of the kit syncs one.
    """
    messages = list(messages)
    skip = set(skip_classes)
    skipped = {
        comm_id
        for message in messages
        for comm_id, state in widget_states(message)
        if skip & set(state.get("_dom_classes", ()))
    }
    texts: list[str] = []
    for message in messages:
        states = list(widget_states(message))
        if not states:
            texts.append(json.dumps([message.metadata, message.content], ensure_ascii=False))
        for comm_id, state in states:
            if comm_id not in skipped:
                kept = {name: value for name, value in state.items() if name not in CODE_TRAITS}
                texts.append(json.dumps(kept, ensure_ascii=False))
    return " ".join(texts)


def open_play_page(
    page: Any,
    url: str,
    query: str = "",
    *,
    path: str = PLAY_PATH,
    ready: str = TABLE_HAND_CARD,
    viewport: tuple[int, int] | None = None,
    timeout: float = WAIT,
) -> list[KernelMessage]:
    """Open the play page in ``page`` and wait until ``ready`` shows (by default the hand's cards).

    Returns the list that collects, from now on, every kernel message the page receives on its websockets,
    decoded (``decode_frame``; a frame it cannot read is kept whole), so a test can search what reached the browser
    besides what it shows (``sent_text``).
    """
    received: list[KernelMessage] = []

    def on_socket(socket: Any) -> None:
        def keep(payload: str | bytes) -> None:
            try:
                received.append(decode_frame(payload))
            except (ValueError, KeyError, UnicodeDecodeError):
                # Searched whole rather than dropped: a frame the decoder misreads can only make a check stricter.
                text = payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
                received.append(KernelMessage("undecoded", {}, {}, {}, {"frame": text}))

        socket.on("framereceived", keep)

    if viewport is not None:
        page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    page.on("websocket", on_socket)
    open_page(page, play_url(url, query, path), ready, timeout=timeout)
    return received


def new_play_page(context: Any, url: str, query: str = "", **options: Any) -> Any:
    """A new loopback-only page of ``context`` showing the play page (``options`` as for ``open_play_page``)."""
    page = loopback_page(context)
    open_play_page(page, url, query, **options)
    return page


def hand_in_page(page: Any) -> list[str]:
    """The cards of the page's hand, sorted, each as the notation writes it (its ``data-card``, ``"R7"``)."""
    cards = page.locator(HAND_CARD).evaluate_all("bs => bs.map(b => b.dataset.card)")
    return sorted(str(card) for card in cards)


def expect_hand(page: Any, cards: Iterable[Card | str], timeout_ms: float = WAIT) -> None:
    """Wait until the page's hand shows exactly ``cards``, then check it.

    The hand and the log are separate widgets whose updates reach the page one after the other, so a log
    line in view does not yet mean the hand is redrawn.
    """
    want = sorted(str(card) for card in cards)
    deadline = time.monotonic() + timeout_ms / 1000
    while (shown := hand_in_page(page)) != want and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert shown == want


def select_in_page(page: Any, card: str, timeout: float = WAIT) -> None:
    """Click the first card of the page's hand written ``card`` and wait until it shows as selected.

    It waits for the card first: the hand may still be redrawing after the move before.
    """
    buttons = page.locator(HAND_CARD)
    expect(page.locator(card_in_hand(card)).first).to_be_visible(timeout=timeout)
    names = [str(name) for name in buttons.evaluate_all("bs => bs.map(b => b.dataset.card)")]
    button = buttons.nth(names.index(card))
    button.click(timeout=timeout)
    expect(button).to_have_attribute("aria-pressed", "true", timeout=timeout)


def draw_a_card(page: Any) -> None:
    """Click Draw once it is enabled (a bot may still be playing) and wait for the human's 11th card."""
    draw = page.locator(DRAW_BUTTON)
    expect(draw).to_be_enabled(timeout=WAIT)
    draw.click()
    expect(page.locator(TABLE_HAND_CARD)).to_have_count(11, timeout=WAIT)


def table_text(page: Any) -> str:
    """The table's text, shown or hidden, and every attribute that could name a card (aria-label, title,
    data-card), but for the phase reminder: a fixed example of the phase (``table_parts.example_layout``)."""
    return str(
        page.locator(TABLE).evaluate(
            """(root, reminder) => { const copy = root.cloneNode(true);
                   copy.querySelectorAll(reminder).forEach(e => e.remove());
                   return [copy.textContent, ...[...copy.querySelectorAll('*')].flatMap(e =>
                     ['aria-label', 'title', 'data-card'].map(a => e.getAttribute(a) || ''))].join(' '); }""",
            PHASE_REMINDER,
        )
    )


def mirror_table(query: str) -> Table:
    """The page's table rebuilt here from its URL values (which must all be understood), its bots instant.

    The engine is deterministic given the seed, so the mirror deals the same game as the page: the test knows
    every hidden card and what the page must show.
    """
    table, problems = table_from_query(query)
    assert problems == [], problems
    table.speed_choice.value = 0.0
    return table


def open_mirrored(page: Any, url: str, query: str, **options: Any) -> Table:
    """Open the play page of ``query`` in ``page`` (``options`` as for ``open_play_page``) and return its mirror."""
    mirror = mirror_table(query)
    open_play_page(page, url, query, **options)
    return mirror


def mirror_hand(table: Table) -> list[str]:
    """The human's hand at the mirror table, sorted as ``hand_in_page`` reads the page's."""
    return sorted(str(card) for card in table.game.hands[table.human])


def public_kinds(table: Table) -> set[str]:
    """Card kinds the mirror table has shown everyone: the discard pile, the laid groups, the cards the log names."""
    g = table.game
    laid = {str(card) for groups in g.melds for group in groups for card in group.cards}
    return {str(card) for card in g.discard_pile} | laid | set(CARD.findall(" ".join(table.log_entries)))


def select_in_mirror(table: Table, card: str) -> None:
    """Select the first card written ``card`` in the mirror table's hand, as a click does."""
    table.hand.selected = [list(table.hand.cards).index(card)]


__all__ = [
    "CARD",
    "CODE_TRAITS",
    "DISCARD_BUTTON",
    "DRAW_BUTTON",
    "ERROR_AREA",
    "ERROR_MARKER",
    "HAND_CARD",
    "LAY_BUTTON",
    "LOG",
    "LOG_LINE",
    "LOOPBACK",
    "PHASE_REMINDER",
    "PHASE_REMINDER_CLASS",
    "PLAY_MESSAGES",
    "PLAY_PATH",
    "SPOT_ACTION",
    "TABLE",
    "TABLE_HAND_CARD",
    "WAIT",
    "KernelMessage",
    "Outside",
    "card_in_hand",
    "decode_frame",
    "draw_a_card",
    "expect_hand",
    "hand_in_page",
    "loopback_page",
    "mirror_hand",
    "mirror_table",
    "new_play_page",
    "only_loopback",
    "open_mirrored",
    "open_page",
    "open_play_page",
    "play_url",
    "public_kinds",
    "select_in_mirror",
    "select_in_page",
    "sent_text",
    "table_text",
    "widget_states",
]


def kernel_id(page: Any) -> str:
    """The id of the kernel behind a Voila page (from the page's ``jupyter-config-data``)."""
    return str(json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"])


def kernel_pid(server_pid: int, kernel: str) -> int:
    """The pid of the server's child process started with that kernel's connection file."""
    for child in Path(f"/proc/{server_pid}/task/{server_pid}/children").read_text().split():
        if f"kernel-{kernel}.json" in Path(f"/proc/{child}/cmdline").read_text(errors="replace"):
            return int(child)
    raise AssertionError(f"no kernel process for {kernel}")
