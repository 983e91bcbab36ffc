"""Run a benchmark on this tree and on another git ref in the same run, so the figures compare.

    .venv/bin/python benchmarks/against.py REF benchmarks/SCRIPT.py [script arguments]

The ref is checked out into a temporary worktree (removed afterwards). The benchmark script is
always this tree's; only the code it measures changes: the script runs once with `ENGINE_ROOT`
set to the other tree, then once with this tree. A benchmark script imports the engine (and the
Django app) from `ENGINE_ROOT` when it is set (see `bench_root` below), and passes on to the other
tree only options that tree understands.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def bench_root() -> Path:
    """The tree whose engine a benchmark measures: `ENGINE_ROOT`, or this one.

    Call it before importing `engine`: it puts that tree first on `sys.path`."""
    root = Path(os.environ.get("ENGINE_ROOT") or ROOT)
    sys.path.insert(0, str(root))
    return root


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    ref, script, *args = sys.argv[1:]
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        other = Path(tmp) / "tree"
        git = ["git", "-C", str(ROOT), "worktree"]
        subprocess.run([*git, "add", "--detach", "-q", str(other), ref], check=True)
        try:
            for label, root in ((ref, other), ("this tree", ROOT)):
                print(f"=== {label}", flush=True)
                env = {**os.environ, "ENGINE_ROOT": str(root), "PYTHONPATH": str(root)}
                subprocess.run([sys.executable, script, *args], env=env, check=False)
        finally:
            subprocess.run([*git, "remove", "--force", str(other)], check=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
