"""`python -m engine replay FILE [--json] [--boards every|changes|final] [--legal every|none|last]`:
the same replay from the command line, with the same options as `POST /api/replay`."""

from __future__ import annotations

import argparse
import gc
import json
import sys
from pathlib import Path

from engine import DocumentError, parse_document, replay
from engine.replay import BOARDS, LEGAL


def _text_report(result: dict) -> str:
    lines = []
    for step in result["steps"]:
        lines.append(f"{step['n']:>3}. {step['summary']}")
        for e in step["explanations"]:
            lines.append(f"       - {e['text']} [{e['code']}; see {', '.join(e['glossary'])}]")
    r = result["result"]
    if r["draw"]:
        lines.append(f"Result: a draw ({r['reason']})")
    elif r["winner"]:
        lines.append(f"Result: {r['winner']} wins ({r['reason']})")
    else:
        lp = {p: v["lp"] for p, v in result["final_board"]["players"].items()}
        lines.append(f"Result: the duel goes on (LP A {lp['A']}, B {lp['B']})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a scenario document (YAML or JSON)")
    rp.add_argument("file", type=Path)
    rp.add_argument("--json", action="store_true", help="print the full replay as JSON")
    rp.add_argument(
        "--boards",
        choices=BOARDS,
        default="every",
        help="each step's whole board (every), what changed since the step before as a JSON Patch "
        "(changes), or the final board only (final)",
    )
    rp.add_argument(
        "--legal",
        choices=LEGAL,
        default="every",
        help="what each player could activate: after every step, none, or after the last",
    )
    args = parser.parse_args(argv)
    try:
        text = args.file.read_bytes()
    except OSError as err:
        print(f"{args.file}: cannot read: {err.strerror}", file=sys.stderr)
        return 2
    fmt = "json" if args.file.suffix.lower() == ".json" else "yaml"
    try:
        document = parse_document(text, fmt)
        if args.json:
            result = replay(document, boards=args.boards, legal=args.legal)
        else:  # the text report shows neither step boards nor `legal`: skip writing them
            result = replay(document, boards="final", legal="none")
    except DocumentError as err:
        for problem in err.problems:
            print(str(problem), file=sys.stderr)
        return 1
    print(_as_json(result) if args.json else _text_report(result))
    return 0


def _as_json(result: dict) -> str:
    """Indented for a person at a terminal; compact for a program reading a pipe or a file, which
    also writes it four times faster (the standard library's C encoder does not indent)."""
    if sys.stdout.isatty():
        return json.dumps(result, indent=2)
    return json.dumps(result, separators=(",", ":"))


if __name__ == "__main__":
    # One replay, then the process ends (not when `main` is called in another process): what was
    # imported stays for good, so the cyclic garbage collector need not walk it again (freeze),
    # and young collections run less often. A long replay keeps every step it made; without
    # this, about a tenth of its time went to collections.
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)
    sys.exit(main())
