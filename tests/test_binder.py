"""Binder (repo2docker) gets Python 3.11, and the pins install over repo2docker's own base environment
with ``pip check`` clean; ``jupyter-repo2docker --no-build`` accepts the folder and uses that base.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.binder_env import LOCK, base_versions, binder_venv, installed_versions, python_version

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
NEEDED = {"numpy", "pandas", "scipy", "ipywidgets", "plotly", "anywidget", "voila", "ipykernel", "tqdm"}
# The Jupyter front end repo2docker's base already holds, with requirements between its parts
# (notebook 7.4.7 needs jupyterlab < 4.5): Binder must leave these to the base.
BASE_OWNS = {"jupyterlab", "notebook", "jupyter-server", "jupyterlab-server", "notebook-shim", "jupyterhub"}
OFFLINE = pytest.mark.skipif(os.environ.get("P10_OFFLINE") == "1", reason="P10_OFFLINE=1: no package index to ask")


def _requirement_lines() -> list[str]:
    lines = (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.strip().startswith("#")]


def _pins() -> dict[str, Requirement]:
    return {canonicalize_name(r.name): r for r in map(Requirement, _requirement_lines()[:-1])}


def _pinned_version(requirement: Requirement) -> str:
    return next(iter(requirement.specifier)).version


def _allowed() -> dict[str, Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = [*project["dependencies"], *project["optional-dependencies"]["notebooks"]]
    return {canonicalize_name(r.name): r for r in map(Requirement, declared)}


def test_binder_runs_python_3_11_as_repo2docker_locks_it() -> None:
    # Without runtime.txt Binder gives Python 3.10, where pandas 3 does not install.
    assert (BINDER / "runtime.txt").read_text(encoding="utf-8").strip() == "python-3.11"
    assert python_version().startswith("3.11.")


def test_every_requirement_is_pinned_and_the_last_line_installs_the_kit() -> None:
    lines = _requirement_lines()
    assert lines[-1] == ".", "the last line must be '.' so Binder installs the kit itself"
    for line in lines[:-1]:
        specifiers = list(Requirement(line).specifier)
        assert len(specifiers) == 1 and specifiers[0].operator == "==", f"not pinned with ==: {line!r}"


def test_binder_pins_every_package_the_kit_needs_beyond_the_base() -> None:
    assert set(_pins()) == NEEDED


def test_binder_leaves_the_jupyter_front_end_to_the_base_environment() -> None:
    base = base_versions()
    assert set(base) >= BASE_OWNS, f"the base no longer holds {sorted(BASE_OWNS - set(base))}: revisit binder/"
    assert not BASE_OWNS & set(_pins()), "pinning these breaks the base's own requirements (notebook vs jupyterlab)"
    # What pyproject asks of them, the base's versions give: installing '.' upgrades none of them.
    allowed = _allowed()
    for name in BASE_OWNS & set(allowed):
        assert allowed[name].specifier.contains(base[name], prereleases=True), f"{name} {base[name]}: {allowed[name]}"


def test_pins_are_versions_pyproject_allows() -> None:
    allowed = _allowed()
    for name, pin in _pins().items():
        version = _pinned_version(pin)
        assert name in allowed, f"{name} is pinned for Binder but not declared in pyproject.toml"
        assert allowed[name].specifier.contains(version, prereleases=True), f"{name}=={version} vs {allowed[name]}"


def test_the_lock_reader_maps_conda_names_to_pypi_and_skips_conda_only_packages() -> None:
    text = "\n".join(
        [
            "https://conda.anaconda.org/conda-forge/linux-64/python-3.11.14-hfe2f287_1_cpython.conda#e87c",
            "https://conda.anaconda.org/conda-forge/linux-64/openssl-3.5.4-h26f9b46_0.conda#e66",
            "https://conda.anaconda.org/conda-forge/noarch/nbconvert-core-7.16.6-pyh29332c3_0.conda#d24b",
            "https://conda.anaconda.org/conda-forge/noarch/jupyter_server-2.17.0-pyhcf101f3_0.conda#d79a",
            "https://conda.anaconda.org/conda-forge/noarch/pip-25.2-pyh8b19718_0.conda#dfce",
            "https://conda.anaconda.org/conda-forge/linux-64/tornado-6.5.2-py311h49ec1c0_1.conda#18a9",
        ]
    )
    assert base_versions(text) == {"nbconvert": "7.16.6", "jupyter-server": "2.17.0", "tornado": "6.5.2"}
    assert python_version(text) == "3.11.14"


def test_repo2docker_accepts_the_binder_folder_and_builds_on_the_lock_these_tests_read() -> None:
    tool = shutil.which("jupyter-repo2docker") or str(Path(sys.executable).parent / "jupyter-repo2docker")
    result = subprocess.run([tool, "--no-build", "--debug", "."], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    dockerfile = result.stdout + result.stderr
    assert "python=3.11" in dockerfile, "the image should be built for Python 3.11"
    # repo2docker names the files it copies into the image with "-" written "-2d" and "." written "-2e".
    assert LOCK.replace("-", "-2d").replace(".", "-2e") in dockerfile, f"the Dockerfile does not use {LOCK}"
    assert 'pip install --no-cache-dir -r "binder/requirements.txt"' in dockerfile
    assert "RUN ./binder/postBuild" in dockerfile


@OFFLINE
@pytest.mark.slow
def test_the_base_environment_with_binders_requirements_passes_pip_check() -> None:
    venv = binder_venv(ROOT)
    check = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "check"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert check.returncode == 0, check.stdout[-3000:]
    installed, base = installed_versions(venv), base_versions()
    for name, pin in _pins().items():
        assert installed[name] == _pinned_version(pin), f"{name}: {installed[name]} installed, {pin} pinned"
    for name in BASE_OWNS:
        assert installed[name] == base[name], f"{name} was changed from the base's {base[name]} to {installed[name]}"
    assert "phase10kit" in installed


@OFFLINE
def test_pins_install_from_the_package_index(tmp_path: Path) -> None:
    # The final "." is the kit itself, not a pin: pip would build it, which says nothing about the pins.
    pins = tmp_path / "pins.txt"
    pins.write_text("\n".join(_requirement_lines()[:-1]) + "\n", encoding="utf-8")
    # --ignore-installed: otherwise pip answers from the venv's installed copies without asking the index.
    command = [sys.executable, "-m", "pip", "install", "--dry-run", "--no-deps", "--ignore-installed", "--quiet"]
    command += ["--disable-pip-version-check", "-r", str(pins)]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]


def test_post_build_sets_the_kernel_manager_and_keeps_the_images_other_settings(tmp_path: Path) -> None:
    config = tmp_path / "etc" / "jupyter" / "jupyter_server_config.json"
    config.parent.mkdir(parents=True)
    config.write_text(json.dumps({"ServerApp": {"root_dir": "/home/jovyan"}, "Other": {"x": 1}}))
    assert os.access(BINDER / "postBuild", os.X_OK), "repo2docker runs binder/postBuild only if it is executable"
    env = {**os.environ, "NB_PYTHON_PREFIX": str(tmp_path)}
    subprocess.run([str(BINDER / "postBuild")], cwd=ROOT, env=env, check=True, timeout=60)
    written = json.loads(config.read_text())
    assert written["ServerApp"] == {
        "root_dir": "/home/jovyan",
        "kernel_manager_class": "phase10kit_server.ClassroomKernelManager",
    }
    assert written["Other"] == {"x": 1} and written["ClassroomKernelManager"]["only_voila_kernels"] is True
