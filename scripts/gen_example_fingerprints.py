"""Write tests/engine/example_fingerprints.json: a hash of every example's timeline.

Every example in examples/scenarios must keep playing frame for frame the same (old share
links and the picker depend on it); tests/engine/test_example_fingerprints.py compares a
fresh run of each example with these hashes. Regenerate ONLY when a change of an example's
timeline is intended (say why in the commit), e.g. an event's wording or a rules fix:

    python scripts/gen_example_fingerprints.py [--check]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import Scenario  # noqa: E402

EXAMPLES = ROOT / "examples" / "scenarios"
OUT = ROOT / "tests" / "engine" / "example_fingerprints.json"


def fingerprints() -> dict[str, str]:
    """File name -> sha256 of ``Timeline.fingerprint()`` of the example as recorded."""
    return {
        p.name: hashlib.sha256(Scenario.load(p).run().fingerprint().encode()).hexdigest()
        for p in sorted(EXAMPLES.glob("*.json"))
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="fail if the file is out of date")
    args = ap.parse_args(argv)
    text = json.dumps(fingerprints(), indent=1, sort_keys=True) + "\n"
    if args.check:
        same = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{OUT} is out of date")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
