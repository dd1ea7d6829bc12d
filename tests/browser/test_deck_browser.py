"""The classroom deck (notebooks/classroom.ipynb) in Voila and Chromium at 1920x1080, as a projector shows it.

The deck is served the way a teacher starts it, ``voila notebooks/classroom.ipynb``, with the repository's
slide template first on the Jupyter path (``share/jupyter``), so these tests check the template in the
checkout. A walk through every slide (pressing → as a clicker does, in English and in Ukrainian) measures
each slide; the other tests open their own page. Every request is routed: one that is not to the loopback
address fails the test.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from phase10kit.cards import parse_cards
from phase10kit.i18n import percent
from phase10kit.probability import exact_deal_odds
from tests.browser.conftest import (
    ROOT,
    _free_port,
    _need_chromium,
    checkout_template_first,
    running_server,
)
from tests.browser.pages import ERROR_MARKER, WAIT, Outside

DECK = ROOT / "notebooks" / "classroom.ipynb"
SCREEN = {"width": 1920, "height": 1080}
MIN_CARD, MIN_BODY, MIN_WIDGET = 120, 24, 20
# What a projector must never show: code, commands, file names and paths.
DEVELOPER_TEXT = re.compile(
    r"\.ipynb|\.py\b|\bvoila\b|\bpip\b|\bpython\b|\bmake \w|--\w|\w\(\)|[\w.]+/[\w.]+/|\bimport\b|Traceback",
    re.IGNORECASE,
)

# Sizes on the slide shown now, in screen pixels: reveal.js scales the 1920x1080 slide to the window,
# so a CSS size is multiplied by that scale (the slides' drawn width over their layout width).
MEASURE = """() => {
  const slides = document.querySelector(".reveal .slides");
  const scale = slides.getBoundingClientRect().width / slides.offsetWidth;
  const slide = document.querySelector(".reveal .slides > section.present");
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const box = (r) => [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)];
  const texts = [];
  const walker = document.createTreeWalker(slide, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, el = node.parentElement;
    if (!node.textContent.trim() || el.closest("svg, option, script, style") || !shown(el)) continue;
    const kind = el.closest(".jp-RenderedMarkdown") ? "body" : el.closest(".p10-deck") ? "deck" : "widget";
    texts.push({text: node.textContent.trim().slice(0, 60), kind, px: parseFloat(getComputedStyle(el).fontSize) * scale,
                box: box(el.getBoundingClientRect())});
  }
  for (const el of slide.querySelectorAll("select, button")) {
    if (!shown(el)) continue;
    texts.push({text: (el.value || el.textContent).trim().slice(0, 60) || "(empty)", kind: "widget",
                px: parseFloat(getComputedStyle(el).fontSize) * scale, box: box(el.getBoundingClientRect())});
  }
  const cards = [...slide.querySelectorAll(".p10-deck svg")].filter(shown).map((svg) => {
    const r = svg.getBoundingClientRect();
    return {label: svg.getAttribute("aria-label"), height: r.height, box: box(r)};
  });
  // A menu is cut off when its chosen text is wider than the room inside it (left of the arrow).
  const ruler = document.createElement("canvas").getContext("2d");
  const menus = [...slide.querySelectorAll("select")].filter(shown).map((s) => {
    const style = getComputedStyle(s);
    ruler.font = style.font;
    const text = s.selectedIndex >= 0 ? s.options[s.selectedIndex].text : "";
    const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return {value: text, need: ruler.measureText(text).width, room, cut: ruler.measureText(text).width > room};
  });
  const title = [...slide.querySelectorAll("h1, h2, .p10-deck-title")].find(shown);
  return {number: document.querySelector(".reveal .slide-number").innerText.trim(), scale, texts, cards, menus,
          title: title ? title.innerText.trim() : "",
          text: slide.innerText, hash: location.hash,
          hiddenFragments: slide.querySelectorAll(".fragment:not(.visible)").length,
          code: [...slide.querySelectorAll(".jp-CodeCell .jp-InputArea")].filter(shown).length};
}"""


# A fragment has appeared once it is marked visible and has finished fading in.
SHOWN = """(before) => {
  const fragments = [...document.querySelectorAll(".reveal .slides > section.present .fragment")];
  const hidden = fragments.filter((f) => !f.classList.contains("visible")).length;
  return hidden < before && fragments.every((f) => !f.classList.contains("visible")
    || (getComputedStyle(f).opacity === "1" && getComputedStyle(f).visibility === "visible"));
}"""


LOG = ".reveal .slides > section.present .p10-skip-demo .p10-log li"


def slide_cells() -> int:
    """How many slides the notebook declares (cells whose slide type starts a slide)."""
    cells = json.loads(DECK.read_text(encoding="utf-8"))["cells"]
    return sum(1 for cell in cells if cell["metadata"].get("slideshow", {}).get("slide_type") == "slide")


def open_deck(browser: Any, url: str, outside: Outside, query: str = "") -> Any:
    """A 1920x1080 page showing the deck's first slide, every request routed through ``outside``."""
    page = browser.new_page(viewport=SCREEN)
    page.route("**/*", outside.route)
    page.goto(f"{url}/{query}", timeout=WAIT)
    expect(page.locator(".reveal .slides > section.present .jp-RenderedMarkdown").first).to_be_visible(timeout=WAIT)
    # The widgets arrive after the page: wait for the language menu on the first slide.
    expect(page.locator(".p10-deck-language select")).to_be_visible(timeout=WAIT)
    return page


def current(page: Any) -> dict[str, Any]:
    measured: dict[str, Any] = page.evaluate(MEASURE)
    return measured


@dataclass
class Walk:
    slides: list[dict[str, Any]]
    outside: Outside
    screenshots: Path


def walk_through(browser: Any, url: str, shots: Path, lang: str) -> Walk:
    """Every slide measured (after all its fragments are shown) and photographed, pressing → as a clicker does."""
    outside = Outside()
    page = open_deck(browser, url, outside, f"?lang={lang}")
    shots.mkdir(parents=True, exist_ok=True)
    slides: list[dict[str, Any]] = []
    for index in range(1, 200):
        measured = current(page)
        while measured["hiddenFragments"]:
            page.keyboard.press("ArrowRight")
            page.wait_for_function(SHOWN, arg=measured["hiddenFragments"])
            measured = current(page)
        demo = page.locator(".reveal .slides > section.present .p10-skip-demo .p10-btn-next")
        if demo.count():
            # A presenter plays a demonstration on: its log must stay on the slide however long it grows.
            for _turn in range(10):
                before = page.locator(LOG).count()
                demo.click()
                page.wait_for_function("([log, n]) => document.querySelectorAll(log).length > n", arg=[LOG, before])
            measured = current(page)
        page.screenshot(path=shots / f"{lang}-slide{index:02d}.png")
        slides.append(measured)
        done, total = measured["number"].replace(" ", "").split("/")
        if done == total:
            break
        page.keyboard.press("ArrowRight")
        expect(page.locator(".reveal .slide-number")).to_have_text(re.compile(rf"^\s*{index + 1}\s*/"))
    assert ERROR_MARKER not in page.locator("body").inner_text()
    page.close()
    return Walk(slides, outside, shots)


@pytest.fixture(scope="module")
def walks(browser: Any, deck_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Walk]]:
    """The walk in each language asked for so far (each language walked once per module)."""
    shots = Path(os.environ.get("P10_DECK_SCREENSHOTS") or tmp_path_factory.mktemp("deck"))

    class Walks(dict[str, Walk]):
        def __missing__(self, lang: str) -> Walk:
            self[lang] = walk_through(browser, deck_url, shots, lang)
            return self[lang]

    yield Walks()


@pytest.fixture()
def walk(walks: dict[str, Walk]) -> Walk:
    """The English walk (the checks of what the slides say read their English titles)."""
    return walks["en"]


# Ukrainian has the longest words of the kit's languages: if it fits, the others do.
LAYOUT_LANGUAGES = ["en", "uk"]


@pytest.mark.browser
def test_the_deck_is_one_slide_per_idea_and_counts_them(walk: Walk) -> None:
    assert len(walk.slides) == slide_cells() >= 25
    assert walk.slides[-1]["number"].replace(" ", "") == f"{len(walk.slides)}/{len(walk.slides)}"
    for slide in walk.slides:
        assert slide["title"], f"slide {slide['number']} has no title"
        words = len(re.findall(r"\w+", " ".join(t["text"] for t in slide["texts"] if t["kind"] == "body")))
        assert words <= 40, f"slide {slide['number']} has {words} words of text: one idea, about 30 words"


@pytest.mark.browser
@pytest.mark.parametrize("lang", LAYOUT_LANGUAGES)
def test_projector_sizes_at_1920x1080_cards_body_text_and_widgets(walks: dict[str, Walk], lang: str) -> None:
    walk = walks[lang]
    cards = [card for slide in walk.slides for card in slide["cards"]]
    assert len(cards) >= 20, "the deck shows real cards on many slides"
    for slide in walk.slides:
        where = f"slide {slide['number']}"
        for card in slide["cards"]:
            assert card["height"] >= MIN_CARD, f"{where}: {card['label']} is {card['height']:.0f} px tall"
        for text in slide["texts"]:
            least = MIN_BODY if text["kind"] in ("body", "deck") else MIN_WIDGET
            assert text["px"] >= least, f"{where}: {text['text']!r} ({text['kind']}) at {text['px']:.1f} px"
        # Nothing falls off the screen (a projector shows no scroll bar).
        for item in [*slide["texts"], *slide["cards"]]:
            left, top, right, bottom = item["box"]
            assert left >= 0 and top >= 0 and right <= SCREEN["width"] and bottom <= SCREEN["height"], (where, item)
        for menu in slide["menus"]:
            assert not menu["cut"], f"{where}: the menu showing {menu['value']!r} is cut off ({menu})"


@pytest.mark.browser
@pytest.mark.parametrize("lang", LAYOUT_LANGUAGES)
def test_no_slide_shows_code_commands_or_paths(walks: dict[str, Walk], lang: str) -> None:
    walk = walks[lang]
    for slide in walk.slides:
        assert slide["code"] == 0, f"slide {slide['number']} shows a code cell"
        found = DEVELOPER_TEXT.search(slide["text"])
        assert found is None, f"slide {slide['number']} shows developer text {found.group()!r}"


@pytest.mark.browser
@pytest.mark.parametrize("lang", LAYOUT_LANGUAGES)
def test_no_request_leaves_the_machine(walks: dict[str, Walk], lang: str) -> None:
    assert walks[lang].outside.urls == []


@pytest.mark.browser
def test_ten_phases_each_laid_with_real_cards(walk: Walk) -> None:
    phases = [slide for slide in walk.slides if re.match(r"Phase \d+:", slide["title"])]
    assert [int(slide["title"].split()[1].rstrip(":")) for slide in phases] == list(range(1, 11))
    for slide in phases:
        # Each laid group is one picture of real cards (its label names the kind and the cards).
        assert slide["cards"] and all(re.match(r"(set|run|colour group) [src]\[", c["label"]) for c in slide["cards"])


@pytest.mark.browser
def test_predict_then_reveal_the_answer_is_the_kits_exact_figure(walk: Walk) -> None:
    exact = exact_deal_odds(hand_size=10, phases=[1]).loc[1, "probability"]
    guess = next(s for s in walk.slides if s["title"].startswith("Guess") and s["title"].endswith("Phase 1?"))
    assert percent(exact, 1, "en") in guess["text"]  # written as the feedback writes it (Babel: "18.3%")
    held = next(s for s in walk.slides if s["title"].startswith("Guess") and "points" in s["title"])
    assert f"= {sum(card.points for card in parse_cards('R3 B9 G10 Y12 S W'))}" in held["text"]


@pytest.mark.browser
def test_clicker_keys_and_on_screen_buttons_move_the_slides(browser: Any, deck_url: str) -> None:
    outside = Outside()
    page = open_deck(browser, deck_url, outside)
    number = page.locator(".reveal .slide-number")
    expect(number).to_have_text(re.compile(r"^\s*1\s*/"))
    # The first slides hold no fragments, so each key moves one whole slide.
    for key, expected in (("ArrowRight", 2), ("Space", 3), ("PageDown", 4), ("ArrowLeft", 3), ("PageUp", 2)):
        page.keyboard.press(key)
        expect(number).to_have_text(re.compile(rf"^\s*{expected}\s*/"))
    page.locator(".reveal .controls .navigate-right").click()
    expect(number).to_have_text(re.compile(r"^\s*3\s*/"))
    page.locator(".reveal .controls .navigate-left").click()
    expect(number).to_have_text(re.compile(r"^\s*2\s*/"))
    # A menu chosen with the mouse gives the keys back to the slides (a clicker's PageDown moves on).
    page.keyboard.press("PageUp")
    expect(number).to_have_text(re.compile(r"^\s*1\s*/"))
    page.locator(".p10-deck-language select").select_option(label="English")
    page.keyboard.press("PageDown")
    expect(number).to_have_text(re.compile(r"^\s*2\s*/"))
    assert outside.urls == []
    page.close()


@pytest.mark.browser
def test_the_language_menu_switches_cards_and_widgets(browser: Any, deck_url: str) -> None:
    outside = Outside()
    page = open_deck(browser, deck_url, outside)
    # A card's name starts with what its face shows ("7 red"), in the slide's language; its notation (R7) stays.
    first_cards = page.locator(".p10-deck-cards[aria-label^='7 '][aria-label*='(R7)']").first
    expect(first_cards).to_have_attribute("aria-label", re.compile(r"^7 red \(R7\)"))
    page.locator(".p10-deck-language select").select_option(label="Español")
    expect(first_cards).to_have_attribute("aria-label", re.compile(r"^7 rojo \(R7\)"))
    # The slides' own text switches too: each Markdown cell holds every language.
    expect(page.locator(".reveal .slides > section.present h1:visible")).to_have_count(1)
    expect(page.locator(".reveal .slides > section.present p:visible").first).to_contain_text("Baja diez fases")
    expect(page.locator(".p10-skip-demo .p10-btn-next").first).to_have_text("Siguiente turno")
    expect(page.locator(".p10-deck-language select")).to_have_value("Español")
    page.close()
    # The address can ask for a language too (a link per class).
    page = open_deck(browser, deck_url, outside, "?lang=uk")
    expect(page.locator(".p10-deck-language select")).to_have_value("Українська")
    expect(page.locator(".reveal .slides > section.present p:visible").first).to_contain_text("Викладіть десять фаз")
    sevens = page.locator(".p10-deck-cards[aria-label^='7 '][aria-label*='(R7)']").first
    expect(sevens).to_have_attribute("aria-label", re.compile(r"^7 червона \(R7\)"))
    assert outside.urls == []
    page.close()


def test_the_deck_runs_under_nbval() -> None:
    """Every cell of the deck runs in a plain kernel (as ``make test`` runs the notebooks), without Voila."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "--nbval-lax",
            "--nbval-current-env",
            "-p",
            "no:cacheprovider",
            str(DECK),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:]


def test_every_file_of_the_slide_template_is_kept_and_shipped() -> None:
    """Git (and so the wheel, which follows .gitignore) keeps every template file, vendored dist/ folders included."""
    template = ROOT / "share" / "jupyter" / "voila" / "templates" / "phase10kit-slides"
    files = sorted(str(path.relative_to(ROOT)) for path in template.rglob("*") if path.is_file())
    assert {"reveal.css", "white.css", "jquery.min.js", "LICENSE", "LICENSE.txt"} <= {Path(f).name for f in files}
    ignored = subprocess.run(["git", "check-ignore", *files], cwd=ROOT, capture_output=True, text=True)
    assert ignored.stdout.split() == []
    shared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"]["targets"]
    folder = str(template.relative_to(ROOT))
    assert shared["wheel"]["shared-data"][folder] == folder


@pytest.mark.browser
def test_the_binder_voila_link_opens_the_same_deck_offline(browser: Any) -> None:
    """Binder serves Voila as a Jupyter Server extension: ``/voila/render/notebooks/classroom.ipynb``."""
    _need_chromium()
    port = _free_port()
    command = [
        sys.executable,
        "-m",
        "jupyter",
        "server",
        "--allow-root",
        "--no-browser",
        f"--ServerApp.port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
    ]
    with running_server(command, port, ROOT / ".jupyter-deck-test.log", env=checkout_template_first()) as server:
        outside = Outside()
        page = open_deck(browser, server.url, outside, "voila/render/notebooks/classroom.ipynb")
        expect(page.locator(".reveal .slide-number")).to_have_text(re.compile(rf"^\s*1\s*/\s*{slide_cells()}\s*$"))
        page.keyboard.press("PageDown")
        expect(page.locator(".reveal .slide-number")).to_have_text(re.compile(r"^\s*2\s*/"))
        assert ERROR_MARKER not in page.locator("body").inner_text()
        assert outside.urls == []
        page.close()
