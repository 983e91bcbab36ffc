"""A fingerprint of a corpus scenario's replay: everything a judge relies on except wording.

The layered engine must replay every corpus scenario exactly as before (steps, events, codes,
chains, boards, `legal`, result); only sentences may change. The fingerprint drops each
explanation's `text` and `params` (what its sentence is made of), each step's `summary` and each
`legal` reason, and hashes the rest.
`PYTHONPATH=. python tests/engine/corpus_fingerprint.py` (from the project root: this tree's
engine, not an installed one) rewrites the stored fingerprints: do it only for an intended change
of outcome, and say which scenarios changed and why in the commit.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import yaml

CORPUS = Path(__file__).parents[1] / "scenarios"
STORED = Path(__file__).parent / "data" / "corpus_fingerprints.json"


def _without_wording(replay: dict[str, Any]) -> dict[str, Any]:
    steps = []
    for step in replay["steps"]:
        step = {k: v for k, v in step.items() if k != "summary"}
        step["explanations"] = [
            {k: v for k, v in e.items() if k not in ("text", "params")} for e in step["explanations"]
        ]
        if "legal" in step:
            step["legal"] = {
                player: {
                    "can": sides["can"],
                    "cannot": [{k: v for k, v in c.items() if k != "reason"} for c in sides["cannot"]],
                }
                for player, sides in step["legal"].items()
            }
        steps.append(step)
    return {"steps": steps, "result": replay["result"], "final_board": replay["final_board"]}


def fingerprint(replay: dict[str, Any]) -> str:
    text = json.dumps(_without_wording(replay), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def replayable() -> list[Path]:
    """Corpus scenarios that replay (the ones expecting a document error have no replay)."""
    out = []
    for path in sorted(CORPUS.glob("*.yaml")):
        case = yaml.safe_load(path.read_text(encoding="utf-8"))
        if "errors" not in case["expect"]:
            out.append(path)
    return out


def main() -> None:
    from engine import replay

    stored = {}
    for path in replayable():
        case = yaml.safe_load(path.read_text(encoding="utf-8"))
        stored[path.stem] = fingerprint(replay(case["scenario"]))
    STORED.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(stored)} fingerprints written")


if __name__ == "__main__":
    main()
