"""Copy reveal.js's style sheets and jQuery from npm into the slide template, so slides need no CDN.

Voila 0.5's own ``reveal`` template bundles reveal.js's JavaScript but links its CSS (unpkg), jQuery
(cdnjs) and FontAwesome (jsdelivr) from the internet; offline the slides come out unstyled. The kit's
template ``phase10kit-slides`` (``share/jupyter/voila/templates/``) serves these files from its own
``static/`` folder instead. This script fetches the exact npm versions with ``npm pack``, checks that
each package is still MIT-licensed, and copies only the files a browser asks for, with the licences.

Run it from the repository root when upgrading: ``python tools/vendor_reveal.py``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "share" / "jupyter" / "voila" / "templates" / "phase10kit-slides" / "static"

# The reveal.js version whose CSS nbconvert's reveal template links (its default url_prefix).
REVEAL = "reveal.js@4.0.2"
JQUERY = "jquery@3.7.1"
FONTS = "dist/theme/fonts/source-sans-pro"

# (package, files inside the npm package, folder under static/). Chromium reads the .woff fonts only,
# so the .eot and .ttf copies of the theme's font are left out.
FILES = {
    REVEAL: (
        [
            "LICENSE",
            "dist/reveal.css",
            "dist/theme/white.css",
            f"{FONTS}/LICENSE",
            f"{FONTS}/source-sans-pro.css",
            f"{FONTS}/source-sans-pro-regular.woff",
            f"{FONTS}/source-sans-pro-italic.woff",
            f"{FONTS}/source-sans-pro-semibold.woff",
            f"{FONTS}/source-sans-pro-semibolditalic.woff",
        ],
        "reveal.js",
    ),
    JQUERY: (["LICENSE.txt", "dist/jquery.min.js"], "jquery"),
}
LICENCE = "MIT"


def fetch(spec: str, into: Path) -> Path:
    """Unpack the npm package ``spec`` into ``into`` and return its folder (``package/``)."""
    done = subprocess.run(["npm", "pack", spec, "--silent"], cwd=into, check=True, capture_output=True, text=True)
    archive = into / done.stdout.strip().splitlines()[-1]
    target = into / spec.replace("@", "-")
    with tarfile.open(archive) as tar:
        tar.extractall(target, filter="data")
    return target / "package"


def vendor(spec: str, files: list[str], folder: str, work: Path) -> None:
    package = fetch(spec, work)
    meta = json.loads((package / "package.json").read_text(encoding="utf-8"))
    if meta.get("license") != LICENCE:
        raise SystemExit(f"{spec} is licensed {meta.get('license')!r}, not {LICENCE}: check before vendoring it")
    destination = STATIC / folder
    shutil.rmtree(destination, ignore_errors=True)
    for name in files:
        target = destination / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(package / name, target)
    print(f"{spec} ({meta['license']}): {len(files)} files into {destination.relative_to(ROOT)}")


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        for spec, (files, folder) in FILES.items():
            vendor(spec, files, folder, Path(tmp))
    return 0


if __name__ == "__main__":
    sys.exit(main())
