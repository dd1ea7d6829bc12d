"""Hypothesis profiles: ``default`` is sized for a 2-core machine; ``P10_LONG=1`` runs ten times more examples.

Tests that need a particular number of examples ask ``oracle.examples(n)``, which scales the same way.
The store's tests run on both databases (``store_where``): SQLite, and PostgreSQL (``postgres_url``).
"""

import os
from collections.abc import Iterator
from contextlib import ExitStack

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


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL server for the session (``tests/postgres.py``): ``$P10_TEST_POSTGRES`` or a throwaway one.

    Without one the tests that need it skip, saying why; under CI they fail instead (``.ci/run`` installs
    Debian's postgresql, so CI always runs them).
    """
    from tests.postgres import PostgresUnavailable, postgres_server

    stack = ExitStack()
    try:
        url = stack.enter_context(postgres_server())
    except (PostgresUnavailable, ImportError) as error:
        message = f"no PostgreSQL server for the tests: {error}"
        if os.environ.get("CI"):
            pytest.fail(message + "; CI must run them")
        pytest.skip(message)
    with stack:
        yield url


class Clock:
    """A store's clock that moves only when a test moves it (``clock.now += 30``)."""

    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture()
def clock() -> Clock:
    return Clock()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_where(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Where a test's store lives, once on each database: a new SQLite file, or a new PostgreSQL schema."""
    if request.param == "sqlite":
        yield str(tmp_path_factory.mktemp("store") / "tables.sqlite3")
        return
    from tests.postgres import fresh_schema

    with fresh_schema(request.getfixturevalue("postgres_url")) as url:
        yield url
