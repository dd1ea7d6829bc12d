"""The teacher's board: every room with its players, phases, points, whose turn and for how long, never a hidden
card nor a pass; one room's public view for the projector, which plays no seat whatever the browser holds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from phase10kit.bots import GreedyBot
from phase10kit.cards import card_in_text
from tests.helpers import synced_text
from widgets.board import Board, PublicRoomView, board_page
from widgets.room_link import RoomLink
from widgets.room_play import RoomGame
from widgets.room_store import RoomStore
from widgets.store import new_table_id

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture()
def rooms(tmp_path: Path) -> RoomStore:
    return RoomStore(tmp_path / "t.sqlite3")


def playing_room(rooms: RoomStore, moves: int = 12) -> tuple[str, str, str]:
    """A room of Ana (the host), Bo and a bot, ``moves`` moves into its game; its code and the two passes."""
    code, host = rooms.create(3, [None, None, "greedy"], speed=0)
    guest = new_table_id()
    rooms.take_seat(code, 0, host, "Ana")
    rooms.take_seat(code, 1, guest, "Bo")
    rooms.start(code, host, lambda humans, levels: RoomGame.deal(3, humans, levels, speed=0).text())
    links = {0: RoomLink(rooms, code, host), 1: RoomLink(rooms, code, guest)}
    bots = {0: GreedyBot(seed=1), 1: GreedyBot(seed=2)}
    for link in links.values():
        link.refresh(force=True)
    while (room := rooms.load(code)) is not None and room.position <= moves:
        for link in links.values():
            link.step()
        game = links[0].game
        assert game is not None
        seat = game.game.current_player
        if seat in links:
            action = bots[seat].choose(game.game.view(seat))
            links[seat].send(lambda shared, seat=seat, action=action: shared.move(seat, action), seat=seat)
    return code, host, guest


def test_the_board_lists_every_room_with_public_facts_only(rooms: RoomStore) -> None:
    code, host, guest = playing_room(rooms)
    lobby, _ = rooms.create(4, [None, None, None, "smart"])
    board = board_page("lang=en", rooms)
    assert isinstance(board, Board)
    html = board.listing.value
    assert html.count("class='p10-board-room'") == 2 and f"href='?room={code}'" in html
    assert "Ana" in html and "Bo" in html and "Greedy bot" in html and "round 1" in html
    assert "in the lobby, seats taken: 1/4" in html and lobby in html
    game = RoomGame.read(rooms.load(code).snapshot).game  # type: ignore[union-attr]
    assert f"▶ p{game.current_player + 1}" in html and "on their turn for" in html
    text = synced_text(board)
    public = set(game.discard_pile) | {card for groups in game.melds for group in groups for card in group.cards}
    for card in {card for hand in game.hands for card in hand} | set(game.draw_pile):
        if card not in public:
            assert not card_in_text(card).search(text), f"{card} is in no one's view but on the board"
    assert host not in text and guest not in text


def test_the_board_follows_the_rooms_as_they_change(rooms: RoomStore) -> None:
    board = Board(rooms, "es")
    assert "Todavía no hay ninguna sala" in board.listing.value
    code, _host = rooms.create(2, [None, None])
    board.refresh()
    assert code in board.listing.value and "asientos ocupados: 0/2" in board.listing.value


def test_the_public_view_shows_the_table_of_no_seat(rooms: RoomStore) -> None:
    code, host, _guest = playing_room(rooms)
    view = board_page(f"room={code.lower()}", rooms)
    assert isinstance(view, PublicRoomView) and view.session is not None
    assert view.session.viewer is None and view.table.hand.hand == ()
    assert view.link.room_pass is None and view.address.code == code
    game = view.table.game
    text = synced_text(view, without=("p10-hint", "p10-phase-reminder"))
    public = set(game.discard_pile) | {card for groups in game.melds for group in groups for card in group.cards}
    hidden = {card for hand in game.hands for card in hand} - public
    for card in hidden:
        assert not card_in_text(card).search(text), f"{card} is hidden but in the public view"
    assert host not in text
    view.close()


def test_an_unknown_room_on_the_board_is_said(rooms: RoomStore) -> None:
    page = board_page("room=<b>nope", rooms)
    assert "&lt;b&gt;nope" in page.value and "<b>" not in page.value


def test_the_board_notebook_reads_the_address_and_builds_the_board() -> None:
    notebook = json.loads((ROOT / "notebooks" / "board.ipynb").read_text(encoding="utf-8"))
    code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    lines = [line for line in "".join(code[0]["source"]).splitlines() if line and not line.startswith("#")]
    assert len(code) == 1 and lines[-1] == "board_page(request_query())"
