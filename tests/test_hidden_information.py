"""What the browser can see and send: an adversarial walk over every page and widget built on the kit.

Hidden information stays hidden (no opponent's card, no draw-pile card, no card taken back, no snapshot,
no seed, no bot reason naming a hidden card, in teaching mode and not, solo and hot-seat), and whatever a
browser sends (wrong types, huge lists, ``<script>``, indices outside the options) is refused: no exception,
the kernel's value kept and sent back, the game exactly as it was.
"""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phase10kit.actions import Action, Draw, Take, parse_action
from phase10kit.bots import SmartBot
from phase10kit.bots.registry import BOTS
from phase10kit.cards import Card, card_in_text, parse_cards
from phase10kit.course import exercises
from phase10kit.errors import NotationError, Phase10Error
from tests.helpers import all_widgets, known_to, play_with_buttons, redeal_unseen, synced_text
from widgets import Table, course
from widgets._safety import BrowserText, SafeChoice, SafeIntSlider
from widgets.cards import HandView
from widgets.discard_trainer import DiscardTrainer
from widgets.group_builder import GroupBuilder
from widgets.odds_explorer import OddsExplorer
from widgets.phase_checker import PhaseChecker
from widgets.play import PlayPage
from widgets.public_cards import names_only_public_cards
from widgets.session import TableSession
from widgets.skip_demo import SkipDemo
from widgets.store import GameStore, new_table_id
from widgets.table_id import MAX_STORED_CHARS, BrowserTableId
from widgets.table_parts import SafeCheckbox
from widgets.wild_playground import WildPlayground

# ---------------------------------------------------------------------------------------------- reading the page


# The hint lists outs by kind and the reminder is a fixed example: both are drawn from the view (checked apart,
# by redealing the hidden cards).
APART = ("p10-hint", "p10-phase-reminder")


def assert_viewer_sees_only_their_own(table: Table) -> None:
    """No card kind the seat at the screen never saw, nor the deal or pile order, nor the snapshot, is synced."""
    g, viewer = table.game, table.viewer
    others = [seat for seat in range(g.players) if seat != viewer]
    hidden = {card for seat in others for card in g.hands[seat]} | set(g.draw_pile)
    text = synced_text(table, without=APART)
    for card in hidden - known_to(table, viewer):
        assert not card_in_text(card).search(text), f"{card} is hidden from {viewer} but synced"
    for line in g.history:
        if line.startswith(("deal", "pile")):
            assert line not in text
    assert "phase10kit-table" not in text and '"bot_rngs"' not in text and '"seeds"' not in text, "the snapshot"
    if viewer is None:  # behind a cover screen: no hand, no reminder, no hint of anyone
        assert table.hand.cards == [] and table.reminder.value == "" and table.hint_area.value == ""
    elif table.hint_area.value:  # a hint shown is the viewer's own, of this moment (never a previous seat's)
        assert table.hint_area.value == table._hint_html()


def drive(table: Table, seed: int, moves: int, check: Callable[[Table], None]) -> None:
    """Play ``moves`` human moves through the buttons (every human seat, cover screens and Next round included),
    calling ``check(table)`` at every moment the browser could look; a human sometimes takes a discard back."""
    bot, rng = SmartBot(seed=seed), random.Random(seed)
    for _ in range(moves * 3):
        check(table)
        state = table.session.state
        if state == "over" or moves <= 0:
            return
        if state == "cover":
            table.show_button.click()
        elif state == "summary":
            table.next_button.click()
        else:
            assert state == "human", state
            seat = table.game.current_player
            action: Action = bot.choose(table.game.view(seat))
            if rng.random() < 0.3:
                table.buttons["hint"].click()
                check(table)
            if isinstance(action, Draw | Take) and Take(seat) in table.game.legal_actions() and rng.random() < 0.3:
                take_and_take_back(table, check)
            play_with_buttons(table, action)
            assert table.status.tone != "problem", table.status.text
            assert table.errors.text == "", table.errors.text
            moves -= 1


def take_and_take_back(table: Table, check: Callable[[Table], None]) -> None:
    """Take the top discard, look, then Undo: the game and what the page shows of it are exactly as before."""
    before, hand, piles = table.game.to_json(), list(table.hand.cards), table.piles.value
    table.buttons["take"].click()
    check(table)
    table.buttons["undo"].click()
    assert table.status.tone != "problem", table.status.text
    assert table.game.to_json() == before and table.hand.cards == hand and table.piles.value == piles
    check(table)


# ---------------------------------------------------------------------------------------------- the table


@pytest.mark.parametrize("bots", list(BOTS))
@pytest.mark.parametrize("teaching", [False, True])
def test_no_hidden_card_is_synced_with_any_bot_in_teaching_mode_or_not(bots: str, teaching: bool) -> None:
    """Expert bots explain a discard by the cards they keep: teaching mode must not show that during the hand."""
    for seed in (2, 7):
        table = Table(players=4, seed=seed, bots=bots, speed=0, teaching=teaching)
        drive(table, seed, 14, assert_viewer_sees_only_their_own)


@pytest.mark.parametrize("teaching", [False, True])
def test_hot_seat_shows_each_human_only_their_own_cards(teaching: bool) -> None:
    for seed in (1, 4):
        table = Table(players=3, humans=2, seed=seed, bots="expert", speed=0, teaching=teaching)
        drive(table, seed, 40, assert_viewer_sees_only_their_own)


def test_over_a_whole_hand_and_the_next_no_hidden_card_is_synced() -> None:
    table = Table(players=3, seed=11, bots="greedy", speed=0, teaching=True)
    hands: set[int] = set()
    drive(table, 11, 400, lambda t: (hands.add(t.game.round), assert_viewer_sees_only_their_own(t)))
    assert len(hands) >= 2, "the drive went through a hand's end and Next round"


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 12), humans=st.integers(1, 2), teaching=st.booleans())
def test_the_page_does_not_depend_on_hidden_cards(seed: int, moves: int, humans: int, teaching: bool) -> None:
    """Redealing what the screen does not show (other hands, the pile) changes no synced byte, the hint included."""
    table = Table(players=3, humans=humans, seed=seed, bots="smart", speed=0, teaching=teaching)
    drive(table, seed, moves, lambda _t: None)
    if table.session.state != "human":
        return
    table.hint()
    table._refresh()
    before = synced_text(table)
    redeal_unseen(table, random.Random(seed), table.viewer)
    table.hint()
    table._refresh()
    assert synced_text(table) == before


def test_the_seed_and_the_generators_never_reach_the_browser() -> None:
    """Two tables in the same position whose seeds and generators differ sync the same bytes."""
    table = Table(players=3, seed=5, bots="smart", speed=0)
    drive(table, 5, 3, lambda _t: None)
    data = json.loads(table.snapshot())
    other = json.loads(Table(players=3, seed=99, bots="smart", speed=0).snapshot())
    data["seeds"], data["bot_rngs"] = other["seeds"], other["bot_rngs"]
    assert synced_text(Table.from_snapshot(json.dumps(data))) == synced_text(Table.from_snapshot(table.snapshot()))


def test_a_bots_reason_in_teaching_mode_names_only_public_cards() -> None:
    class Telling:
        """A bot that says which cards it keeps (as the expert bot does) and once names a laid group."""

        def __init__(self) -> None:
            self.bot, self.view_hand = SmartBot(seed=1), ""

        def choose(self, view: Any) -> Action:
            self.view_hand = " ".join(str(card) for card in view.hand)
            return self.bot.choose(view)

        def explain(self) -> str:
            return f"<b>keeping</b> {self.view_hand}"

    table = Table(players=2, seed=9, bots=[Telling()], speed=0, teaching=True)
    drive(table, 9, 6, assert_viewer_sees_only_their_own)
    assert "keeping" not in table.log_area.value, "a reason naming the bot's hand waits for the hand's end"
    assert "<b>" not in table.log_area.value


@given(st.sampled_from([str(c) for c in parse_cards("R1 B7 G12 Y9 W S")]), st.sampled_from(["R3", "G8", "W", "S"]))
def test_a_reason_naming_any_card_but_the_moves_or_the_top_discard_is_not_public(named: str, card: str) -> None:
    move = parse_action(f"p2 discard {card}")
    reason = f"Discarded {card}, keeping {named}: 8 turns."
    assert names_only_public_cards(reason, move, None) == (named == card)
    assert names_only_public_cards(
        f"Drew: the discarded {named} does not help me.", parse_action("p2 draw"), Card.parse(named)
    )
    assert names_only_public_cards(
        f"Added {card} to p1's group s[{named} {named} W].", parse_action(f"p2 discard {card}"), None
    )


def test_a_reason_kept_back_stays_back_after_a_save_and_resume() -> None:
    session = TableSession(players=3, seed=4, bots="expert", speed=0, teaching=True)
    session.play_bots()
    resumed = TableSession.from_snapshot(session.snapshot())
    assert [e.reasoning_public for e in resumed.log] == [e.reasoning_public for e in session.log]
    assert resumed.log_lines() == session.log_lines()
    old = json.loads(session.snapshot())
    for entry in old["log"]:
        entry.pop("reasoning_public")  # a save from before the field: nothing is shown early
    assert not any(e.reasoning_public for e in TableSession.from_snapshot(json.dumps(old)).log)


# ---------------------------------------------------------------------------------------------- hostile browsers

HOSTILE: list[object] = [
    None,
    True,
    -1,
    10**30,
    1.5,
    "<script>alert(1)</script>",
    ["<script>"] * 3,
    list(range(100_000)),
    {"a": "<img src=x onerror=alert(1)>"},
    "0; drop table",
    "x" * 100_000,
]


def _pages() -> dict[str, Callable[[], ipywidgets.Widget]]:
    kinds: dict[str, str] = {}
    for exercise in exercises.values():
        kinds.setdefault(exercise.kind, exercise.id)
    pages: dict[str, Callable[[], ipywidgets.Widget]] = {
        "table": lambda: Table(players=3, seed=5, speed=0),
        "hot-seat": lambda: Table(players=3, humans=2, seed=5, speed=0),
        "play page": lambda: PlayPage("seed=3", store=False),
        "discard trainer": lambda: DiscardTrainer(phase=1, seed=3),
        "skip demo": lambda: SkipDemo(seed=None),
        "group builder": lambda: GroupBuilder("R7 B7 G7 W", kind="set"),
        "phase checker": lambda: PhaseChecker("R7 B7 G7 Y2 B2 W", phase=1),
        "wild playground": lambda: WildPlayground(),
        "odds explorer": lambda: OddsExplorer("R1 R2 R3 R4", phase=4, hand_size=4, draws=1),
    }
    for kind, exercise_id in sorted(kinds.items()):
        pages[f"course {kind}"] = lambda exercise_id=exercise_id: course.ask(exercise_id)
    return pages


PAGES = _pages()


def _is_style(widget: ipywidgets.Widget) -> bool:
    # ipywidgets' own Layout and Style models (the browser never writes them, and ipywidgets checks their values),
    # and plotly's chart, which takes zoom and pan from the browser (they change only the view).
    return (
        isinstance(widget, ipywidgets.Layout)
        or type(widget).__name__.endswith("Style")
        or type(widget).__module__.startswith("plotly")
    )


def _valid_after(widget: ipywidgets.Widget, key: str) -> bool:
    """What a browser-writable trait may hold after any update: a value the kernel accepts as it is."""
    value = getattr(widget, key)
    if isinstance(widget, SafeChoice) and key == "index":
        return isinstance(value, int) and 0 <= value < len(widget.options)
    if isinstance(widget, HandView) and key == "selected":
        return all(isinstance(i, int) and 0 <= i < len(widget.cards) for i in value) and len(set(value)) == len(value)
    if isinstance(widget, HandView) and key == "sort_by":
        return value in ("dealt", "number", "colour")
    if isinstance(widget, BrowserText):
        return isinstance(value, str) and len(value) <= 400
    if isinstance(widget, BrowserTableId):
        return isinstance(value, str) and len(value) <= MAX_STORED_CHARS
    if isinstance(widget, SafeCheckbox):
        return isinstance(value, bool)
    if isinstance(widget, SafeIntSlider):
        return isinstance(value, int) and widget.min <= value <= widget.max
    return True


@pytest.mark.parametrize("page", list(PAGES))
def test_every_widget_refuses_what_a_hostile_browser_sends(page: str) -> None:
    root = PAGES[page]()
    game = getattr(root, "game", None) or getattr(getattr(root, "table", None), "game", None)
    before = None if game is None else game.to_json()
    for widget in [w for w in all_widgets(root) if not _is_style(w)]:
        writable = getattr(widget, "browser_writable", None)
        assert writable is not None, f"{page}: a {type(widget).__name__} takes every trait from the browser"
        sent: list[dict[str, Any]] = []
        widget._send = lambda msg, buffers=None, sent=sent: sent.append(msg)  # type: ignore[method-assign]
        for key in sorted(widget.keys):
            if key in ("_model_module", "_model_name", "_view_module", "_view_name", "_esm", "_css"):
                continue
            kernel_value = json.dumps(widget.get_state([key]), default=str)
            for value in HOSTILE:
                sent.clear()
                widget.set_state({key: value})  # never raises
                if key in writable:
                    unchanged = json.dumps(widget.get_state([key]), default=str) == kernel_value
                    assert unchanged or _valid_after(widget, key), (
                        f"{page}: {type(widget).__name__}.{key} took {value!r:.40}"
                    )
                    kernel_value = json.dumps(widget.get_state([key]), default=str)
                else:
                    assert json.dumps(widget.get_state([key]), default=str) == kernel_value, (
                        f"{page}: {type(widget).__name__}.{key} changed"
                    )
                    assert any(key in m.get("state", {}) for m in sent), "the kernel's value is sent back"
                assert len(json.dumps(sent, default=str)) < 20_000, "what the browser sent is not echoed whole"
        del widget._send
    assert game is None or game.to_json() == before, "a browser's update changed the game"
    errors = [w for w in all_widgets(root) if "p10-error" in getattr(w, "_dom_classes", ()) and getattr(w, "text", "")]
    assert not errors, f"{page}: {errors[0].text}"
    typed = [w for w in all_widgets(root) if isinstance(w, BrowserText)]
    states = [w.get_state() for w in all_widgets(root) if not type(w).__module__.startswith("plotly")]  # its own JS
    rest = json.dumps(states, default=str).replace("<script>alert(1)</script>", "", len(typed))
    assert "<script>" not in rest and "onerror" not in rest, f"{page}: the browser's HTML came back"


def test_a_refused_menu_or_kind_says_so_in_a_sentence_and_keeps_its_value() -> None:
    trainer = DiscardTrainer(phase=1, seed=3)
    hand = list(trainer.hand.cards)
    trainer.phase_choice.set_state({"index": 10**9})
    assert trainer.phase_choice.value == "1" or str(trainer.optimum.phase) == trainer.phase_choice.value
    assert trainer.status.tone == "problem" and "not one of the choices" in trainer.status.text
    assert trainer.hand.cards == hand
    builder = GroupBuilder("R7 B7 G7", kind="set", lang="es")
    builder.kind_choice.set_state({"index": "<script>"})
    assert builder.kind_choice.value == "s" and builder.status.tone == "problem"
    assert "<script>" not in builder.status.value


def test_typed_answers_are_escaped_wherever_they_are_shown() -> None:
    for exercise in exercises.values():
        if exercise.kind not in ("answer", "predict", "play"):
            continue
        widget = course.ask(exercise.id)
        box = getattr(widget, "answer", None) or getattr(widget, "guess", None)
        assert isinstance(box, BrowserText)
        box.set_state({"value": "<script>alert(1)</script> 1/2"})
        for button in ("check_button", "reveal_button"):
            if hasattr(widget, button):
                getattr(widget, button).click()
        text = synced_text(widget).replace('"value": "<script>alert(1)</script> 1/2"', "")
        assert "<script>" not in text, exercise.id


# ---------------------------------------------------------------------------------------------- store and resume


def test_a_forged_or_guessed_table_id_loads_nothing(tmp_path: Any) -> None:
    store = GameStore(tmp_path / "t.sqlite3")
    table = Table(players=2, seed=3, bots="greedy", speed=0)
    claim = store.create(table.snapshot())
    real = claim.table_id
    near = [real[:-1] + ("A" if real[-1] != "A" else "B"), real.lower(), real.upper(), real + "=", real + real]
    forged = [*near, new_table_id(), "' OR 1=1 --", "%", "_" * 22, real[:21], None, 5, ["x"], {"id": real}]
    for value in forged:
        if value == real:
            continue
        page = PlayPage(f"table={value}" if isinstance(value, str) else "", store=store)
        page.offer(value)
        assert page.resume_box.layout.display != "flex", f"{value!r} offered someone's game"
        assert "Traceback" not in page.messages.value
        page.browser_id.set_state({"stored_id": value})
        assert page.resume_box.layout.display != "flex"
    page = PlayPage(f"table={real}", store=store)
    assert page.resume_box.layout.display == "flex"


@pytest.mark.parametrize(
    "snapshot",
    ["", "{}", "[" * 50_000, '{"format": "phase10kit-table", "version": 1}', "null", '"\\ud800"', "1e999999"],
)
def test_a_corrupt_row_gives_a_sentence_never_a_traceback(tmp_path: Any, snapshot: str) -> None:
    store = GameStore(tmp_path / "t.sqlite3")
    claim = store.create("placeholder")
    with sqlite3.connect(tmp_path / "t.sqlite3") as db:
        db.execute("UPDATE tables SET snapshot = ? WHERE table_id = ?", (snapshot, claim.table_id))
    page = PlayPage(f"table={claim.table_id}", store=store)
    if page.resume_box.layout.display == "flex":
        page.resume_button.click()
    assert "could not be read" in page.messages.value or "No game is saved" in page.messages.value
    assert "Traceback" not in page.messages.value and "Error" not in page.messages.value
    assert page.table.errors.text == ""


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data[:4]):
            yield from _leaves(value, (*path, index))


_SNAPSHOT = Table(players=3, humans=2, seed=6, bots="expert", speed=0, teaching=True)
if _SNAPSHOT.session.state == "cover":
    _SNAPSHOT.show_cards()
_SNAPSHOT_DATA = json.loads(_SNAPSHOT.snapshot())
_PATHS = [path for path in _leaves(_SNAPSHOT_DATA) if path]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    path=st.sampled_from(_PATHS),
    value=st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**20), 10**20),
        st.floats(allow_nan=True),
        st.text(max_size=30),
        st.lists(st.integers(-3, 60), max_size=4),
        st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
    ),
)
def test_a_tampered_snapshot_is_a_notation_error_or_a_table(path: tuple[Any, ...], value: object) -> None:
    data = json.loads(json.dumps(_SNAPSHOT_DATA))
    place = data
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    try:
        table = Table.from_snapshot(json.dumps(data))
    except NotationError:
        return
    except Phase10Error as error:  # pragma: no cover - a failure message, not a pass
        pytest.fail(f"{type(error).__name__} instead of NotationError at {path}: {error}")
    assert table.errors.text == ""
    assert_viewer_sees_only_their_own(table)


def test_the_play_page_syncs_neither_the_owner_token_nor_the_snapshot_before_or_after_resume(tmp_path: Any) -> None:
    store = GameStore(tmp_path / "t.sqlite3")
    first = PlayPage("seed=8&bots=expert", store=store)
    drive(first.table, 8, 5, assert_viewer_sees_only_their_own)
    assert first.saver is not None and first.saver.wait(20)
    first_claim = first.saver.claim
    assert first_claim is not None and first.table_id is not None
    for page in (first,):
        text = synced_text(page)
        assert first_claim.owner not in text and first.table.snapshot() not in text
        assert '"bot_rngs"' not in text and "phase10kit-table" not in text
    second = PlayPage(f"table={first.table_id}", store=store)
    second.resume_button.click()
    assert second.table.game.to_json() == first.table.game.to_json()
    assert second.saver is not None and second.saver.wait(20)
    second_claim = second.saver.claim
    assert second_claim is not None
    text = synced_text(second)
    assert second_claim.owner not in text and first_claim.owner not in text and '"bot_rngs"' not in text
    assert_viewer_sees_only_their_own(second.table)
    drive(second.table, 9, 3, assert_viewer_sees_only_their_own)


def test_a_table_with_a_take_back_in_its_log_is_saved_and_resumed_whole() -> None:
    table = Table(players=2, seed=5, bots="greedy", speed=0)
    seat = table.game.current_player
    assert Take(seat) in table.game.legal_actions()
    take_and_take_back(table, assert_viewer_sees_only_their_own)
    assert any(entry.kind == "take-back" for entry in table.session.log)
    resumed = Table.from_snapshot(table.snapshot())
    assert resumed.session.log_lines() == table.session.log_lines() and resumed.errors.text == ""
    assert synced_text(resumed, without=("p10-status",)) == synced_text(table, without=("p10-status",))


@pytest.mark.parametrize("humans", [1, 2])
def test_after_next_hand_the_page_does_not_depend_on_hidden_cards(humans: int) -> None:
    """The second hand's page (after a summary showed every hand) still holds nothing of the hidden cards."""
    table = Table(players=3, humans=humans, seed=21, bots="greedy", speed=0, teaching=True)
    compared = []

    def compare(t: Table) -> None:
        if t.game.round < 2 or t.session.state != "human" or len(compared) >= 3:
            return
        t.hint()
        t._refresh()
        before = synced_text(t)
        redeal_unseen(t, random.Random(len(compared)), t.viewer)
        t.hint()
        t._refresh()
        assert synced_text(t) == before
        compared.append(t.game.round)

    drive(table, 21, 400, compare)
    assert compared, "the drive reached the second hand"
