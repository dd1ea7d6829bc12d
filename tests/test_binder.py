"""Binder (repo2docker) gets Python 3.11 and exactly the pinned versions the kit is tested with."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
NEEDED = {"numpy", "pandas", "ipywidgets", "plotly", "anywidget", "jupyterlab", "voila", "ipykernel", "tqdm"} | {
    f"jupyterlab-language-pack-{locale}" for locale in ("es-es", "cs-cz", "uk-ua", "ko-kr")
}


def _requirement_lines() -> list[str]:
    lines = (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.strip().startswith("#")]


def _pins() -> dict[str, Requirement]:
    return {canonicalize_name(r.name): r for r in map(Requirement, _requirement_lines()[:-1])}


def _allowed() -> dict[str, Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = [*project["dependencies"], *project["optional-dependencies"]["notebooks"]]
    return {canonicalize_name(r.name): r for r in map(Requirement, declared)}


def test_binder_runs_python_3_11() -> None:
    # Without runtime.txt Binder gives Python 3.10, where pandas 3 does not install.
    assert (BINDER / "runtime.txt").read_text(encoding="utf-8").strip() == "python-3.11"


def test_every_requirement_is_pinned_and_the_last_line_installs_the_kit() -> None:
    lines = _requirement_lines()
    assert lines[-1] == ".", "the last line must be '.' so Binder installs the kit itself"
    for line in lines[:-1]:
        specifiers = list(Requirement(line).specifier)
        assert len(specifiers) == 1 and specifiers[0].operator == "==", f"not pinned with ==: {line!r}"


def test_binder_pins_every_runtime_and_notebook_package() -> None:
    assert set(_pins()) == NEEDED


def test_pins_are_versions_pyproject_allows() -> None:
    allowed = _allowed()
    for name, pin in _pins().items():
        version = next(iter(pin.specifier)).version
        assert name in allowed, f"{name} is pinned for Binder but not declared in pyproject.toml"
        assert allowed[name].specifier.contains(version, prereleases=True), f"{name}=={version} vs {allowed[name]}"


@pytest.mark.skipif(os.environ.get("P10_OFFLINE") == "1", reason="P10_OFFLINE=1: no package index to ask")
def test_pins_install_from_the_package_index(tmp_path: Path) -> None:
    # The final "." is the kit itself, not a pin: pip would build it, which says nothing about the pins.
    pins = tmp_path / "pins.txt"
    pins.write_text("\n".join(_requirement_lines()[:-1]) + "\n", encoding="utf-8")
    # --ignore-installed: otherwise pip answers from the venv's installed copies without asking the index.
    command = [sys.executable, "-m", "pip", "install", "--dry-run", "--no-deps", "--ignore-installed", "--quiet"]
    command += ["--disable-pip-version-check", "-r", str(pins)]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]


@pytest.mark.skipif(importlib.util.find_spec("repo2docker") is None, reason="jupyter-repo2docker is not installed")
def test_repo2docker_accepts_the_binder_folder() -> None:
    tool = shutil.which("jupyter-repo2docker") or str(Path(sys.executable).parent / "jupyter-repo2docker")
    result = subprocess.run([tool, "--no-build", "--debug", "."], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "3.11" in result.stdout + result.stderr, "the Dockerfile should use Python 3.11"
