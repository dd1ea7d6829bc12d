"""The rules package stays pure: importing it loads no Jupyter or plotting module."""

import subprocess
import sys
import tomllib
from pathlib import Path

import phase10kit

FORBIDDEN = ("ipywidgets", "IPython", "anywidget", "plotly", "ipykernel", "traitlets")


def test_import_phase10kit_loads_no_jupyter_module() -> None:
    code = (
        "import sys, phase10kit, phase10kit.solver, phase10kit.svg, phase10kit.explain\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_package_version_is_the_distributions() -> None:
    """``phase10kit.__version__`` is a literal (a source checkout imports uninstalled): it must follow pyproject."""
    pyproject = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8"))
    assert phase10kit.__version__ == pyproject["project"]["version"]


HEAVY = ("numpy", "pandas", "plotly", "scipy", "matplotlib")
"""Packages a table against Random, Greedy or Smart bots never needs: each would add 15 to 35 MB to every kernel."""

PLAY_A_TABLE = """
import os, sys
sys.path.insert(0, {root!r})
os.environ["P10_STORE"] = {store!r}
from phase10kit.bots import SmartBot
from tests.helpers import play_with_buttons
from widgets import set_language
from widgets.play import play_page, request_query

heavy = lambda: sorted({{name.split(".")[0] for name in sys.modules}} & set({heavy!r}))
set_language("en")
for bots in ("random", "greedy", "smart"):
    table = play_page("players=3&bots=" + bots + "&seed=4").table
    me = SmartBot(seed=1)
    turns = 0
    while turns < 12 and not table.game.is_over():
        if table.session.state == "summary":
            table.next_button.click()
        elif table.session.state == "bots":
            table.session.bot_step()
        else:
            action = me.choose(table.game.view(table.human))
            play_with_buttons(table, action)
            turns += action.__class__.__name__ == "Discard"
    assert turns == 12 or table.game.is_over(), (bots, turns)
    print(bots, heavy())
while table.session.state != "human":  # the next hand, up to the human's turn
    table.next_button.click() if table.session.state == "summary" else table.session.bot_step()
table.buttons["hint"].click()
assert "Chance of holding it" in table.hint_area.value, table.hint_area.value
print("hint", heavy())
servers = {{"voila", "jupyter_server", "jupyterlab_server"}}
print("server", sorted({{name.split(".")[0] for name in sys.modules}} & servers))
"""


def test_a_table_against_random_greedy_and_smart_bots_loads_no_numpy_pandas_or_plotly(tmp_path: Path) -> None:
    """The light table kernel: the play page built and played (every button through the widgets, the store saving
    each move) against each of the three light bots loads none of them; the Hint loads numpy for its exact odds,
    and only numpy. The page never imports Voila's server side (``widgets.preheat`` speaks its protocol)."""
    root = Path(__file__).resolve().parent.parent
    code = PLAY_A_TABLE.format(root=str(root), store=str(tmp_path / "tables.sqlite3"), heavy=HEAVY)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=tmp_path)
    assert out.stdout.splitlines() == [
        "random []",
        "greedy []",
        "smart []",
        "hint ['numpy']",
        "server []",
    ], out.stderr


def test_the_slide_deck_loads_no_pandas_or_plotly(tmp_path: Path) -> None:
    """The deck's cells (run as Voila runs them) count the deals exactly with numpy and load nothing heavier."""
    root = Path(__file__).resolve().parent.parent
    code = (
        f"import json, sys\nsys.path.insert(0, {str(root)!r})\n"
        f"notebook = json.load(open({str(root / 'notebooks' / 'classroom.ipynb')!r}, encoding='utf-8'))\n"
        "scope = {}\n"
        "for cell in notebook['cells']:\n"
        "    if cell['cell_type'] == 'code':\n"
        "        exec(''.join(cell['source']), scope)\n"
        f"print(sorted({{name.split('.')[0] for name in sys.modules}} & set({HEAVY!r})))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=tmp_path)
    assert out.stdout.strip() == "['numpy']", out.stderr
