"""`python -m engine replay FILE [--json] [--boards every|changes|final] [--legal every|none|last]
[--max-actions N ...]`: the same replay from the command line, with the same options and limits
as `POST /api/replay` (each limit may be raised with its flag)."""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
from contextlib import suppress
from dataclasses import fields, replace
from pathlib import Path
from typing import NoReturn

from engine import DocumentError, parse_document, replay
from engine.limits import LIMITS, UNITS, Limits
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
    for limit in fields(Limits):
        rp.add_argument(
            f"--max-{limit.name.replace('_', '-')}",
            dest=limit.name,
            type=_positive,
            default=getattr(LIMITS, limit.name),
            metavar="N",
            help=f"at most N {UNITS[limit.name]} (default {getattr(LIMITS, limit.name)})",
        )
    args = parser.parse_args(argv)
    limits = replace(LIMITS, **{limit.name: getattr(args, limit.name) for limit in fields(Limits)})
    try:
        size = args.file.stat().st_size
        if size > limits.body_bytes:  # refused before it is read
            print(f"{args.file}: {size} bytes of text is over the limit of {limits.body_bytes} "
                  "(body_bytes; --max-body-bytes raises it)", file=sys.stderr)  # fmt: skip
            return 1
        text = args.file.read_bytes()
    except OSError as err:
        print(f"{args.file}: cannot read: {err.strerror}", file=sys.stderr)
        return 2
    fmt = "json" if args.file.suffix.lower() == ".json" else "yaml"
    # the text report shows neither step boards nor `legal`: skip writing them
    options = (
        {"boards": args.boards, "legal": args.legal} if args.json else {"boards": "final", "legal": "none"}
    )
    try:
        result = replay(parse_document(text, fmt, limits), **options, limits=limits)
    except DocumentError as err:
        for problem in err.problems:
            print(str(problem), file=sys.stderr)
        return 1
    except Exception as err:  # an engine defect: one line, never a stack trace (spec, "Errors")
        print(
            f"{args.file}: the engine could not replay this scenario ({type(err).__name__})", file=sys.stderr
        )
        return 3
    print(_as_json(result) if args.json else _text_report(result))
    return 0


def _positive(text: str) -> int:
    """A limit given on the command line: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number; got {text[:20]!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more; got {value}")
    return value


def _as_json(result: dict) -> str:
    """Indented for a person at a terminal; compact for a program reading a pipe or a file, which
    also writes it four times faster (the standard library's C encoder does not indent)."""
    if sys.stdout.isatty():
        return json.dumps(result, indent=2)
    return json.dumps(result, separators=(",", ":"))


def _run() -> NoReturn:
    """One replay, then the process ends (not when `main` is called in another process).

    What was imported stays for good, so the cyclic garbage collector need not walk it again
    (freeze), and young collections run less often: a long replay keeps every step it made, and
    without this about a tenth of its time went to collections. At the end, the output is flushed
    and the process leaves without taking apart every object it made (`os._exit`): nothing is
    left to write, and the teardown was a few percent of a short replay."""
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)
    try:
        status = main()
    except SystemExit as end:  # argparse: --help, a bad option
        status = end.code if isinstance(end.code, int) else 0 if end.code is None else 1
        if end.code is not None and not isinstance(end.code, int):
            print(end.code, file=sys.stderr)
    with suppress(BrokenPipeError):  # the reader stopped reading (`| head`): nothing more to say
        sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


if __name__ == "__main__":
    _run()
