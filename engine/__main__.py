"""`python -m engine replay FILE [--json]`: the same replay from the command line."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine import DocumentError, parse_document, replay


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
    args = parser.parse_args(argv)
    try:
        text = args.file.read_bytes()
    except OSError as err:
        print(f"{args.file}: cannot read: {err.strerror}", file=sys.stderr)
        return 2
    fmt = "json" if args.file.suffix.lower() == ".json" else "yaml"
    try:
        result = replay(parse_document(text, fmt))
    except DocumentError as err:
        for problem in err.problems:
            print(str(problem), file=sys.stderr)
        return 1
    print(json.dumps(result, indent=2) if args.json else _text_report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
