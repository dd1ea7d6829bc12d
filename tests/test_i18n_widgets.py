"""The widgets in every language: the table (labels, menus, log, scoring) and its live language menu."""

from __future__ import annotations

import re
from html import unescape

import pytest

from phase10kit.errors import Phase10Error
from phase10kit.i18n import LANGUAGES, translator
from widgets import GroupBuilder, HandView, PhaseChecker, SkipDemo, WildPlayground
from widgets.play import play_page, table_from_query
from widgets.table import BUTTONS, ONE_TO_DISCARD, Table

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
ENGLISH_BOT_WORDS = re.compile(r"\b(Drew from|Took the|Discarded|Laid down my|Added)\b")


def _texts(table: Table) -> str:
    """Everything the table shows as text: its HTML areas, button labels, menu labels and options."""
    parts = [widget.value for widget in (table.title, table.piles, table.mine, table.status, table.log_area)]
    parts += [widget.value for widget in table.opponent_views.values()]
    parts += [button.description for button in table.buttons.values()]
    for menu in (table.layout_choice, table.hit_target, table.hit_end, table.skip_target, table.speed_choice):
        parts.append(menu.description)
        parts += [label for label, _ in menu.options]
    parts += list(table.hand.texts.values()) + list(table.hand.labels)
    return unescape("\n".join(parts))


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_table_renders_in_each_language(lang: str) -> None:
    t = translator(lang)
    table = Table(players=3, seed=7, bots="greedy", lang=lang)
    assert {key: b.description for key, b in table.buttons.items()} == {
        key: t.gettext(msgid) for key, msgid in BUTTONS.items()
    }
    assert table.lang_choice.value == lang and table.lang_choice.has_trait("options")
    assert table.lang_choice.description == t.gettext("Language:")
    assert table.errors.value == ""
    shown = _texts(table)
    assert "{" not in shown.replace("{}", "")  # no placeholder left unfilled
    assert t.gettext("Phase 10 — round {number}").format(number=table.game.round) in shown
    assert table.log_entries and all(entry for entry in table.log_entries)
    if lang != "en":
        assert not set(BUTTONS.values()) & {b.description for b in table.buttons.values()}
        assert not ENGLISH_BOT_WORDS.search("\n".join(table.log_entries)), table.log_entries
        table.hint()
        assert "Hint for" not in table.hint_area.value and table.hint_area.value


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_refusal_is_explained_in_the_tables_language(lang: str) -> None:
    table = Table(players=2, seed=3, bots="greedy", lang=lang)
    table.buttons["discard"].click()  # nothing selected: the table refuses in the student's language
    assert table.status.tone == "problem"
    expected = translator(lang).ngettext(*ONE_TO_DISCARD, 0)
    assert table.status.text == expected.format(count=0) and "{" not in table.status.text


def test_the_scoring_table_is_labelled_in_the_tables_language() -> None:
    table = Table(players=2, seed=11, bots="greedy", lang="cs")
    for _ in range(400):
        if table.scoring.value or table.game.is_over():
            break
        view = table.game.view(table.human)
        table.session.act(view.legal[-1])  # any legal move: enough to reach the end of a hand
        table.session.play_bots()
    assert "Body v tomto kole" in table.scoring.value and "Points this round" not in table.scoring.value


def test_the_language_menu_switches_the_table_live() -> None:
    table = Table(players=3, seed=7, bots="smart")
    hand = table.hand.hand
    log_before = list(table.log_entries)
    index = list(LANGUAGES).index("uk")
    table.lang_choice.set_state({"index": index})  # what the browser sends when the menu changes
    assert table.lang == "uk" and table.feedback.lang == "uk" and table.hand.lang == "uk"
    assert table.buttons["draw"].description == "Тягнути"
    assert table.hand.hand == hand and table.hand.texts["hand"] == "Твоя рука"
    # The game itself is untouched; the log is written anew in the chosen language.
    assert len(table.log_entries) == len(log_before) and table.log_entries != log_before
    assert table.log_entries[0] != log_before[0] and "3" in table.log_entries[0] and "game" not in table.log_entries[0]
    assert all(bot.lang == "uk" for bot in table.bots.values())  # type: ignore[attr-defined]
    assert "Smart bot" not in table.opponent_views[1].value
    table.set_lang("ko")
    assert table.lang_choice.value == "ko" and table.buttons["draw"].description == "뽑기"
    table.set_lang("en")
    assert table.buttons["draw"].description == "Draw" and "Smart bot" in table.opponent_views[1].value


@pytest.mark.parametrize("index", [99, -1, "uk", None, True, 2.5])
def test_a_bad_language_from_the_browser_is_refused_and_nothing_changes(index: object) -> None:
    table = Table(players=2, seed=3, bots="greedy", lang="es")
    table.lang_choice.set_state({"index": index})
    assert table.lang == table.lang_choice.value == "es"
    assert table.buttons["draw"].description == "Robar" and table.errors.value == ""


def test_set_lang_refuses_an_unknown_language() -> None:
    table = Table(players=2, seed=3, bots="greedy", lang="hr")
    with pytest.raises(Phase10Error) as caught:
        table.set_lang("fr")
    assert caught.value.reason == "bad-language" and table.lang == "hr"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_play_page_takes_its_language_from_the_url(lang: str) -> None:
    page = play_page(f"lang={lang}&seed=3&players=2&bots=greedy")
    table = next(child for child in page.children if isinstance(child, Table))
    assert isinstance(table, Table) and table.lang == lang
    assert table.buttons["draw"].description == translator(lang).gettext("Draw")


def test_a_bad_language_in_the_url_gives_english_and_a_sentence() -> None:
    table, problems = table_from_query("lang=xx&seed=3")
    assert table.lang == "en" and problems == ["lang=xx is not one of en, es, hr, cs, uk, ko: using en."]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_exercise_widgets_speak_each_language(lang: str) -> None:
    t = translator(lang)
    hand = HandView("R7 B7 W", lang=lang)
    assert hand.texts["sort"] == t.gettext("Sort the hand") != "Sort the hand"
    builder = GroupBuilder(kind="run", hand="R3 R4 W R9", lang=lang)
    builder.hand.selected = [0, 1, 2]
    assert builder.status.tone == "ok" and "valid" not in builder.status.text
    checker = PhaseChecker(phase=1, hand="R7 B7 G7 Y2 B2 W", lang=lang)
    assert checker.check_button.description == t.gettext("Check")
    playground = WildPlayground("r[R3 W R5]", card="R4", lang=lang)
    # The refusal's own sentence, in the widget's language, with its details (never English appended).
    fits = t.gettext("{card} does not fit {group}.").format(card="R4", group="r[R3 W R5]").rstrip(".")
    assert fits in unescape(playground.where.value) and ".." not in playground.where.value
    demo = SkipDemo(players=4, lang=lang)
    demo.next_turn()
    assert demo.log_entries and "draws a card" not in " ".join(demo.log_entries)


def test_every_widget_given_no_lang_speaks_the_notebooks_language() -> None:
    """A translated notebook sets its language once (``set_language``); no widget then needs ``lang=``."""
    import widgets
    from widgets import set_language

    makers = {
        "HandView": lambda: widgets.HandView("R7 B7 W"),
        "GroupView": lambda: widgets.GroupView("s[R7 B7 W]"),
        "PhaseChecker": lambda: widgets.PhaseChecker(),
        "GroupBuilder": lambda: widgets.GroupBuilder(),
        "OddsExplorer": lambda: widgets.OddsExplorer(),
        "WildPlayground": lambda: widgets.WildPlayground(),
        "SkipDemo": lambda: widgets.SkipDemo(),
        "DiscardTrainer": lambda: widgets.DiscardTrainer(seed=1),
        "Table": lambda: widgets.Table(players=2, seed=1, speed=0),
        "ProgressView": lambda: widgets.ProgressView(path="/nonexistent/progress.jsonl"),
    }
    try:
        set_language("uk")
        langs = {name: make().lang for name, make in makers.items()}
    finally:
        set_language("en")
    assert langs == dict.fromkeys(makers, "uk")
    assert widgets.HandView("R7").lang == "en"
