"""axe-core in the browser tests: inject it into a page, run the WCAG 2.1 A and AA rules, fail on what is serious.

axe-core comes from npm, pinned in the Makefile (``AXE_VERSION``): ``make test`` installs it into the git-ignored
``.axe/`` before the tests (``make axe`` alone does it too). Without it these checks fail, as a missing browser does
under CI: an accessibility check that skips itself checks nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

AXE_JS = Path(__file__).resolve().parents[2] / ".axe" / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")
FAILING = frozenset({"serious", "critical"})
# Selectors quoted per violation in a failure message: enough to find the element, not a page of them.
SHOWN_TARGETS = 4

_RUN = """async ([context, tags]) => {
  const results = await axe.run(context, {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]});
  return results.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.map(n => n.target.join(" ")), summary: v.nodes.length ? v.nodes[0].failureSummary : ""}));
}"""


def _inject(page: Any) -> None:
    if not AXE_JS.exists():
        pytest.fail(f"axe-core is missing ({AXE_JS}): run `make axe` (make test does it first)")
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE_JS))


def axe_violations(page: Any, context: str | dict[str, Any] = "body") -> list[dict[str, Any]]:
    """Every violation of the WCAG 2.0/2.1 A and AA rules that axe finds in ``context`` of ``page`` now.

    Each is a dict: ``id``, ``impact``, ``help``, ``targets`` (one CSS selector per element) and ``summary`` (what
    axe says to fix on the first element). ``context`` is an axe context: a selector, or ``{"include": [...],
    "exclude": [...]}``.
    """
    _inject(page)
    violations: list[dict[str, Any]] = page.evaluate(_RUN, [context, list(TAGS)])
    return violations


def describe(violations: list[dict[str, Any]]) -> str:
    """One line per violation: rule id, impact, how many elements and a few of their selectors, axe's advice."""
    lines = []
    for v in violations:
        targets = ", ".join(v["targets"][:SHOWN_TARGETS])
        more = f" and {len(v['targets']) - SHOWN_TARGETS} more" if len(v["targets"]) > SHOWN_TARGETS else ""
        advice = " ".join(str(v["summary"]).split())
        lines.append(f"{v['id']} ({v['impact']}) on {len(v['targets'])}: {targets}{more}. {v['help']}. {advice}")
    return "\n".join(lines)


def assert_accessible(page: Any, where: str, context: str | dict[str, Any] = "body") -> list[dict[str, Any]]:
    """Fail if axe finds a serious or critical WCAG 2.1 A/AA violation in ``context`` of ``page``; ``where`` names
    the moment in the failure message. Returns the minor and moderate violations (for a test that wants them)."""
    violations = axe_violations(page, context)
    failing = [v for v in violations if v["impact"] in FAILING]
    assert not failing, f"axe finds serious or critical violations {where}:\n{describe(failing)}"
    return [v for v in violations if v["impact"] not in FAILING]


__all__ = ["AXE_JS", "FAILING", "TAGS", "assert_accessible", "axe_violations", "describe"]
