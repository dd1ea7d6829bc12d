"""Run every ``benchmarks/bench_*.py`` in turn, each in its own interpreter, printing each table.

``python benchmarks/run.py`` (or ``make benchmarks``); each script runs with its own defaults.
The exit status is non-zero when a script fails; the others still run.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def main() -> int:
    here = Path(__file__).resolve().parent
    failed = []
    for script in sorted(here.glob("bench_*.py")):
        print(f"## {script.name}\n", flush=True)
        if subprocess.run([sys.executable, str(script)], check=False).returncode:
            failed.append(script.name)
            print(f"**{script.name} failed**\n", flush=True)
    if failed:
        print("failed: " + ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
