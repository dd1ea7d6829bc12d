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
