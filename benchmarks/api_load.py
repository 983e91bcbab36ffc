"""The API under load: gunicorn as `./dev.sh serve` runs it, 20 clients at once.

    .venv/bin/python benchmarks/api_load.py [--clients 20] [--seconds 10] [--workers N]
        [--cache miss|hit|both] [--endpoints replay cards rulings]

Migrates and seeds (the glossary, the card library, the worked rulings) a throw-away SQLite
database in a temporary directory, starts gunicorn on a free port of 127.0.0.1 (with
`gunicorn.conf.py`: 2 x cores + 1 workers unless `--workers`), waits until it answers, then runs
each load in turn, the clients sending as fast as answers come for `--seconds`:

- `POST /api/replay`, a 5-action game (`short_game()`) and a 50-action one (`long_game(50)`,
  with `?boards=changes`), each in two cache cases: "miss", every request a new document (a new
  title), so each is replayed; "hit", the same document every time, so each worker replays it
  once and then answers from its cache;
- `GET /api/cards?q=`, each client going through a few searches a judge would type;
- `GET /api/rulings`, the whole list and a few `?q=` searches of it.

Reports for each the p50/p95/p99 latency, the requests per second and the errors (anything but
HTTP 200). The throttles are off (`DUEL_ARBITER_RATE_*=none`: the load comes from one address).
The server is stopped at the end, on an error and on Ctrl-C. Requests go to 127.0.0.1 only.

A benchmark, not a test: it prints figures and never fails on them. Under `against.py` the
server runs the other tree's code (`ENGINE_ROOT`).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from scenarios import long_game, short_game

ROOT = Path(__file__).resolve().parents[1]
# What a judge types into the card search: whole names, parts of names, words with accents.
CARD_QUERIES = ["sangan", "dragon", "Dark Magician", "trap hole", "ku", "Mirror Force", "escuridão", "zz"]
RULING_QUERIES = ["chain", "summon", "damage", "timing"]
HOST = "127.0.0.1"  # never anywhere else
STARTUP_SECONDS = 120
REQUEST_TIMEOUT = 120.0


@dataclass
class Run:
    """What the clients saw in one run."""

    latencies_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, ms: float, error: str | None) -> None:
        with self.lock:
            if error is None:
                self.latencies_ms.append(ms)
            else:
                self.errors.append(error)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def server(tree: Path, workdir: Path, workers: int | None) -> Iterator[str]:
    """gunicorn serving `tree` on a free port over a freshly migrated database; stopped on exit."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(p for p in (str(tree), os.environ.get("PYTHONPATH")) if p),
        "DUEL_ARBITER_DB": str(workdir / "db.sqlite3"),
        "DATABASE_URL": "",  # the throw-away SQLite file above, never a database of the environment's
        "CACHE_URL": "",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": os.environ.get("DJANGO_SECRET_KEY") or secrets.token_urlsafe(50),
        # the load comes from one address: measure the server, not its throttle
        "DUEL_ARBITER_RATE_ANON": "none",
        "DUEL_ARBITER_RATE_REPLAY_ANON": "none",
        "DUEL_ARBITER_CACHE_DIR": str(workdir / "cache"),
    }
    manage = [sys.executable, "manage.py"]
    for command in (["migrate", "--noinput"], ["seed"], ["seed_rulings"]):  # what ./dev.sh serve has
        subprocess.run([*manage, *command, "--verbosity", "0"], cwd=tree, env=env, check=True)
    port = free_port()
    # this tree's gunicorn.conf.py, also for another tree under against.py: the same server settings
    command = [sys.executable, "-m", "gunicorn", "--config", str(ROOT / "gunicorn.conf.py")]
    command += ["--bind", f"{HOST}:{port}", "--access-logfile", "-", "rulings.wsgi:application"]
    command += ["--workers", str(workers)] if workers else []
    log_path = workdir / "gunicorn.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            command, cwd=tree, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    base = f"http://{HOST}:{port}"
    try:
        wait_until_up(base, process, log_path)
        yield base
    finally:
        stop(process)


def wait_until_up(base: str, process: subprocess.Popen, log_path: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"gunicorn exited ({process.returncode}):\n{log_path.read_text()[-3000:]}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{base}/api/glossary", timeout=5).status_code == 200:
                return
        time.sleep(0.2)
    raise SystemExit(f"gunicorn did not answer in {STARTUP_SECONDS} s:\n{log_path.read_text()[-3000:]}")


def stop(process: subprocess.Popen) -> None:
    """INT (gunicorn's quick shutdown) to its whole process group, master and workers; KILL if it lingers."""
    if process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGINT)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


# One request of a run: given the HTTP client, the client's number and its request's number.
Send = Callable[[httpx.Client, int, int], httpx.Response]


def post_replay(url: str, doc: dict[str, Any], distinct: bool) -> Send:
    """POST the document; `distinct`: a new title each time, so no answer comes from a cache."""

    def send(http: httpx.Client, number: int, sent: int) -> httpx.Response:
        body = {**doc, "title": f"load {number}-{sent} {time.monotonic_ns()}"} if distinct else doc
        return http.post(url, content=json.dumps(body), headers={"Content-Type": "application/json"})

    return send


def get_each(url: str, queries: list[dict[str, str]]) -> Send:
    """GET the URL, with each client going through `queries` in turn from its own place."""

    def send(http: httpx.Client, number: int, sent: int) -> httpx.Response:
        return http.get(url, params=queries[(number + sent) % len(queries)])

    return send


def client(send: Send, number: int, until: float, run: Run) -> None:
    """One client: send, wait for the answer, send again, until the run's time is up."""
    sent = 0
    with httpx.Client(timeout=REQUEST_TIMEOUT) as http:
        while time.monotonic() < until:
            sent += 1
            start = time.perf_counter()
            try:
                response = send(http, number, sent)
                error = None if response.status_code == 200 else f"HTTP {response.status_code}"
            except httpx.HTTPError as exc:
                error = type(exc).__name__
            run.record((time.perf_counter() - start) * 1000, error)


def load(send: Send, clients: int, seconds: float) -> tuple[Run, float]:
    run = Run()
    until = time.monotonic() + seconds
    threads = [
        threading.Thread(target=client, args=(send, n, until, run), daemon=True) for n in range(clients)
    ]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return run, time.perf_counter() - start


def report(label: str, run: Run, elapsed: float) -> str:
    times = sorted(run.latencies_ms)
    done = len(times) + len(run.errors)
    if len(times) >= 2:
        cuts = statistics.quantiles(times, n=100, method="inclusive")
        p50, p95, p99 = cuts[49], cuts[94], cuts[98]
        figures = f"p50 {p50:7.0f} ms  p95 {p95:7.0f} ms  p99 {p99:7.0f} ms"
    else:
        figures = "too few answers for percentiles"
    kinds = ", ".join(f"{k} x{run.errors.count(k)}" for k in sorted(set(run.errors)))
    errors = f"{len(run.errors)} errors" + (f" ({kinds})" if kinds else "")
    return f"{label:<42} {done:5} requests  {done / elapsed:6.1f}/s  {figures}  {errors}"


def stop_on_signals() -> None:
    """Ctrl-C and SIGTERM unwind through `server()`, which stops gunicorn."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)


def main() -> None:
    stop_on_signals()
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each run")
    parser.add_argument("--workers", type=int, default=None, help="default: gunicorn.conf.py's")
    parser.add_argument("--cache", choices=["miss", "hit", "both"], default="both", help="of the replays")
    parser.add_argument(
        "--endpoints",
        nargs="+",
        choices=["replay", "cards", "rulings"],
        default=["replay", "cards", "rulings"],
        help="which runs (default: all)",
    )
    args = parser.parse_args()

    tree = Path(os.environ.get("ENGINE_ROOT") or ROOT)
    cases = {"miss": [True], "hit": [False], "both": [True, False]}[args.cache]
    cores = os.cpu_count() or 1
    workers = args.workers or os.environ.get("WEB_CONCURRENCY") or f"{2 * cores + 1} (2 x {cores} cores + 1)"
    print(f"gunicorn, {workers} workers; {args.clients} clients, {args.seconds:g} s per run", flush=True)
    with (
        tempfile.TemporaryDirectory(prefix="api-load-") as tmp,
        server(tree, Path(tmp), args.workers) as base,
    ):
        runs: list[tuple[str, Send]] = []
        if "replay" in args.endpoints:
            documents = [
                ("POST /api/replay short_game()", "/api/replay", short_game()),
                (
                    "POST /api/replay long_game(50) ?boards=changes",
                    "/api/replay?boards=changes",
                    long_game(50),
                ),
            ]
            for label, path, doc in documents:
                for distinct in cases:
                    case = "cache miss" if distinct else "cache hit"
                    runs.append((f"{label}, {case}", post_replay(base + path, doc, distinct)))
        if "cards" in args.endpoints:
            runs.append(
                ("GET /api/cards?q=", get_each(f"{base}/api/cards", [{"q": q} for q in CARD_QUERIES]))
            )
        if "rulings" in args.endpoints:
            queries = [{}, *({"q": q} for q in RULING_QUERIES)]
            runs.append(("GET /api/rulings (and ?q=)", get_each(f"{base}/api/rulings", queries)))
        for label, send in runs:
            run, elapsed = load(send, args.clients, args.seconds)
            print(report(label, run, elapsed), flush=True)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        raise SystemExit("Interrupted; the server was stopped.") from None
