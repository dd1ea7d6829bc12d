"""Hypothesis profiles: ``default`` is sized for a 2-core machine; ``P10_LONG=1`` runs ten times more examples.

Tests that need a particular number of examples ask ``oracle.examples(n)``, which scales the same way.
"""

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

for profile, examples in (("default", 100), ("long", 1000)):
    settings.register_profile(
        profile,
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        print_blob=True,
    )
settings.load_profile("long" if os.environ.get("P10_LONG") else "default")


@pytest.fixture(autouse=True, scope="session")
def _session_progress_file(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Servers a test session starts (Voila, JupyterLab) inherit this: their kernels' checks record progress here."""
    previous = os.environ.get("P10_PROGRESS")
    os.environ["P10_PROGRESS"] = str(tmp_path_factory.mktemp("session-progress") / "progress.jsonl")
    yield
    if previous is None:
        os.environ.pop("P10_PROGRESS", None)
    else:
        os.environ["P10_PROGRESS"] = previous


@pytest.fixture(autouse=True)
def _progress_file(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Course checks record progress in a temporary file, never in the user's Jupyter data directory."""
    monkeypatch.setenv("P10_PROGRESS", str(tmp_path_factory.mktemp("progress") / "progress.jsonl"))
