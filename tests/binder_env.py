"""repo2docker's base environment for Binder's Python 3.11, as PyPI requirements (for tests/test_binder.py).

repo2docker builds every Binder image from a conda lock file shipped inside the ``jupyter-repo2docker``
package (``repo2docker/buildpacks/conda/environment.py-3.11-linux-64.lock``), then runs
``pip install -r binder/requirements.txt`` on top. The lock lists conda packages; the Python ones
(build string ``py...``) are turned into ``name==version`` PyPI requirements here, with the few conda
names that differ from PyPI's mapped, so a plain venv can reproduce the base and ``pip check`` it.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from importlib import resources
from pathlib import Path

from packaging.utils import canonicalize_name

LOCK = "environment.py-3.11-linux-64.lock"
# Conda package names whose PyPI distribution is called otherwise.
CONDA_TO_PYPI = {
    "brotli-python": "brotli",
    "nbconvert-core": "nbconvert",
    "jupyterhub-base": "jupyterhub",
    "python-fastjsonschema": "fastjsonschema",
}
# The installer itself: the venv's own pip does the installing.
SKIP = {"pip"}
_ENTRY = re.compile(r"/(?P<name>[^/]+)-(?P<version>[^-/]+)-(?P<build>[^-/]+)\.(?:conda|tar\.bz2)#")


def lock_text() -> str:
    """The text of repo2docker's linux-64 lock file for Python 3.11."""
    return (resources.files("repo2docker") / "buildpacks" / "conda" / LOCK).read_text(encoding="utf-8")


def base_versions(text: str | None = None) -> dict[str, str]:
    """``{pypi name: version}`` for every Python package of the lock (conda's own packages left out).

    >>> versions = base_versions()
    >>> versions["python"] if "python" in versions else "not a PyPI package"
    'not a PyPI package'
    >>> versions["notebook"].startswith("7."), "jupyterlab" in versions
    (True, True)
    """
    versions: dict[str, str] = {}
    for match in _ENTRY.finditer(text if text is not None else lock_text()):
        name, version, build = match["name"], match["version"], match["build"]
        if not build.startswith("py"):  # C libraries, python itself, nodejs: conda-only
            continue
        pypi = canonicalize_name(CONDA_TO_PYPI.get(name, name))
        if pypi not in SKIP:
            versions[pypi] = version
    return versions


def python_version(text: str | None = None) -> str:
    """The Python version the lock installs (``"3.11.14"``)."""
    match = re.search(r"/python-(3\.\d+\.\d+)-", text if text is not None else lock_text())
    if match is None:
        raise ValueError("no python package in the lock")
    return match[1]


def binder_venv(root: Path, *, timeout: float = 600) -> Path:
    """A venv holding repo2docker's Python 3.11 base, then ``binder/requirements.txt`` installed over it.

    Built as repo2docker builds the image: the base exactly as locked (``--no-deps``: conda resolved it),
    then ``pip install -r binder/requirements.txt`` from the repository root, which may upgrade base
    packages. Kept in ``$XDG_CACHE_HOME/phase10kit/`` (default ``~/.cache``) under a hash of the lock,
    the requirements and the kit's declared dependencies, so a second run reuses it; pip's own cache keeps the wheels.
    The kit is installed from a copy of its metadata, not imported from there: tests put ``root`` first on
    ``PYTHONPATH`` to run the current code.
    """
    inputs = lock_text() + (root / "binder" / "requirements.txt").read_text(encoding="utf-8")
    # Only the kit's declared requirements matter for the environment, not the rest of pyproject.toml.
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    inputs += json.dumps([project.get("dependencies"), project.get("optional-dependencies", {}).get("notebooks")])
    inputs += sys.version
    key = hashlib.sha256(inputs.encode("utf-8")).hexdigest()[:16]
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "phase10kit"
    target = cache / f"binder-venv-{key}"
    if (target / ".complete").is_file():
        return target
    shutil.rmtree(target, ignore_errors=True)
    cache.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(target)], check=True, timeout=120)
    python = str(target / "bin" / "python")
    pip = [sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--disable-pip-version-check"]
    base = target / "base-requirements.txt"
    base.write_text("".join(f"{name}=={version}\n" for name, version in sorted(base_versions().items())))
    for step in ([*pip, "--no-deps", "-r", str(base)], [*pip, "-r", "binder/requirements.txt"]):
        result = subprocess.run(step, cwd=root, capture_output=True, text=True, timeout=timeout)
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(step[-3:])} failed:\n{result.stdout[-1500:]}\n{result.stderr[-3000:]}")
    (target / ".complete").write_text(key)
    return target


def installed_versions(venv: Path) -> dict[str, str]:
    """``{name: version}`` of every distribution installed in ``venv``."""
    listing = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "list", "--format=json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return {canonicalize_name(item["name"]): item["version"] for item in json.loads(listing.stdout)}
