"""Hypothesis profiles: ``default`` is sized for a 2-core machine; ``P10_LONG=1`` runs ten times more examples.

Tests that need a particular number of examples ask ``oracle.examples(n)``, which scales the same way.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile(
    "long",
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.load_profile("long" if os.environ.get("P10_LONG") else "default")
