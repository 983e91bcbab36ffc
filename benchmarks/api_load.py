"""The API under load: gunicorn as `./dev.sh serve` runs it, 20 clients at once.

    .venv/bin/python benchmarks/api_load.py [--clients 20] [--seconds 10] [--workers N]
        [--threads N] [--cache miss|hit|both] [--endpoints replay cards rulings]
        [--client wrk|python]

Migrates and seeds (the glossary, the card library, the worked rulings) a throw-away SQLite
database in a temporary directory, starts gunicorn on a free port of 127.0.0.1 (with
`gunicorn.conf.py`: its workers unless `--workers`/`WEB_CONCURRENCY`), waits until it answers,
then runs each load in turn, the clients sending as fast as answers come for `--seconds`:

- `POST /api/replay`, a 5-action game (`short_game()`) and a 50-action one (`long_game(50)`,
  with `?boards=changes`), each in two cache cases: "replayed", every request a new document (a
  new title), so each is replayed; "cached", the same document every time, so each worker
  replays it once and then answers from its cache;
- `GET /api/cards?q=`, the clients going through a few searches a judge would type;
- `GET /api/rulings`, the whole list and a few `?q=` searches of it.

Every request says `Accept-Encoding: gzip`, as browsers and HTTP libraries do.

The client and the server share the machine's cores, so the client must cost little: `wrk`
(Debian's package `wrk`, an event loop in C driven by a generated Lua script) when it is
installed, else an asyncio client of raw HTTP/1.1 in this process (`--client python`). Each run
reports the p50/p95/p99 latency, the requests per second, the errors (connection errors and
statuses of 400 and more; one request of each run is checked for a 200 first), and where the
CPU went during the run: the server's processes (and per request), the load client, and every
other process of the machine (`/proc/stat`), beside the 1-minute load average before the run. A
figure taken while others used the CPU says so in that column.

The throttles count every request at rates the run never reaches (the load comes from one
address), in the cache the tree's settings choose, so their bookkeeping is measured. The server
is stopped at the end, on an error and on Ctrl-C. Requests go to 127.0.0.1 only. A benchmark,
not a test: it prints figures and never fails on them. Under `against.py` the server runs the
other tree's code (`ENGINE_ROOT`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

from scenarios import long_game, short_game

ROOT = Path(__file__).resolve().parents[1]
# What a judge types into the card search: whole names, parts of names, words with accents.
CARD_QUERIES = ["sangan", "dragon", "Dark Magician", "trap hole", "ku", "Mirror Force", "escuridão", "zz"]
RULING_QUERIES = ["chain", "summon", "damage", "timing"]
HOST = "127.0.0.1"  # never anywhere else
STARTUP_SECONDS = 120
REQUEST_TIMEOUT = 120.0
TICKS = os.sysconf("SC_CLK_TCK")
# The load comes from one address: rates it never reaches, so the throttles count every request
# (their bookkeeping is part of a request's cost) and refuse none. Per second, so a count holds
# about as many times as a real one (300 a minute) does. The counts go where the tree's settings
# put them (the file cache's default folder).
THROTTLES = {"DUEL_ARBITER_RATE_ANON": "1000000/second", "DUEL_ARBITER_RATE_REPLAY_ANON": "1000000/second"}


@dataclass(frozen=True)
class Load:
    """One run's requests: `paths` taken in turn (GET), or POST `body` to `paths[0]`; with
    `distinct`, the body's TITLE placeholder is replaced by a new text for every request."""

    label: str
    paths: list[str]
    body: str | None = None
    distinct: bool = False

    def request(self, number: int) -> tuple[str, str, bytes]:
        """The method, path and body of the run's `number`th request (the Python client's)."""
        path = self.paths[number % len(self.paths)]
        if self.body is None:
            return "GET", path, b""
        body = self.body.replace(TITLE, f"load {number}") if self.distinct else self.body
        return "POST", path, body.encode()


TITLE = "@@title@@"


@dataclass
class Result:
    requests: int
    seconds: float
    p50: float
    p95: float
    p99: float
    errors: dict[str, int]
    client_cpu: float


# --- the server


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def server(tree: Path, workdir: Path, gunicorn_args: list[str]) -> Iterator[tuple[str, int]]:
    """gunicorn serving `tree` on a free port over a freshly migrated database: its base URL and
    the master's pid; stopped on exit."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(p for p in (str(tree), os.environ.get("PYTHONPATH")) if p),
        "DUEL_ARBITER_DB": str(workdir / "db.sqlite3"),
        "DATABASE_URL": "",  # the throw-away SQLite file above, never a database of the environment's
        "CACHE_URL": "",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": os.environ.get("DJANGO_SECRET_KEY") or secrets.token_urlsafe(50),
        **THROTTLES,
    }
    manage = [sys.executable, "manage.py"]
    for command in (["migrate", "--noinput"], ["seed"], ["seed_rulings"]):  # what ./dev.sh serve has
        subprocess.run([*manage, *command, "--verbosity", "0"], cwd=tree, env=env, check=True)
    port = free_port()
    # this tree's gunicorn.conf.py, also for another tree under against.py: the same server settings;
    # no access log (writing it is not what is measured)
    command = [sys.executable, "-m", "gunicorn", "--config", str(ROOT / "gunicorn.conf.py")]
    command += ["--bind", f"{HOST}:{port}", "--access-logfile", "/dev/null", *gunicorn_args]
    command += ["rulings.wsgi:application"]
    log_path = workdir / "gunicorn.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            command, cwd=tree, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    base = f"http://{HOST}:{port}"
    try:
        wait_until_up(base, process, log_path)
        yield base, process.pid
    finally:
        stop(process)


def wait_until_up(base: str, process: subprocess.Popen, log_path: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"gunicorn exited ({process.returncode}):\n{log_path.read_text()[-3000:]}")
        with (
            contextlib.suppress(OSError),
            urllib.request.urlopen(f"{base}/api/glossary", timeout=5) as answer,
        ):
            if answer.status == 200:
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


def check_once(base: str, load: Load) -> None:
    """One request of the run before it, so a run of errors is seen for what it is."""
    method, path, body = load.request(-1)
    request = urllib.request.Request(base + path, data=body or None, method=method)
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT) as answer:
            json.loads(answer.read())
    except urllib.error.HTTPError as error:
        raise SystemExit(f"{load.label}: HTTP {error.code}: {error.read()[:500]!r}") from None


# --- where the CPU goes


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system) of one process so far; 0 if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime


def server_cpu(master: int) -> dict[int, float]:
    """CPU seconds of gunicorn's master and of each worker, by pid."""
    try:
        children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    except OSError:
        children = []
    return {pid: process_cpu(pid) for pid in [master, *map(int, children)]}


def machine_busy() -> float:
    """CPU seconds every core of the machine spent on anything but idling, since boot."""
    user, nice, system, _idle, _iowait, irq, softirq, steal = map(
        int, Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]
    )
    return (user + nice + system + irq + softirq + steal) / TICKS


# --- the clients


def lua_string(text: str) -> str:
    """`text` as a Lua long string that no part of it can close."""
    level = 0
    while f"]{'=' * level}]" in text:
        level += 1
    return f"[{'=' * level}[{text}]{'=' * level}]"


def wrk_script(load: Load) -> str:
    """wrk's Lua for a run: the paths in turn, or the body (a new title each time when distinct);
    at the end one line of JSON with the figures (latencies in microseconds)."""
    headers = '{["Accept-Encoding"] = "gzip", ["Content-Type"] = "application/json"}'
    paths = ", ".join(lua_string(path) for path in load.paths)
    if load.body is None:
        send = 'wrk.format("GET", paths[counter % #paths + 1], headers)'
        parts = ""
    else:
        before, _, after = load.body.partition(TITLE) if load.distinct else (load.body, "", "")
        parts = f"local before, after = {lua_string(before)}, {lua_string(after)}\n"
        title = '"load " .. nonce .. "-" .. counter' if load.distinct else '""'
        send = f'wrk.format("POST", paths[1], headers, before .. {title} .. after)'
    return f"""local paths = {{{paths}}}
local headers = {headers}
local nonce = "{secrets.token_hex(4)}"
local counter = 0
{parts}
request = function()
  counter = counter + 1
  return {send}
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'RESULT {{"requests": %.0f, "us": %.0f, "p50": %.0f, "p95": %.0f, "p99": %.0f, ' ..
    '"connect": %.0f, "read": %.0f, "write": %.0f, "status": %.0f, "timeout": %.0f}}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95),
    latency:percentile(99), e.connect, e.read, e.write, e.status, e.timeout))
end
"""


def run_wrk(base: str, load: Load, clients: int, seconds: float, workdir: Path) -> Result:
    """One wrk thread (an event loop) drives every connection: its own CPU is a few percent."""
    script = workdir / "load.lua"
    script.write_text(wrk_script(load))
    command = ["wrk", "--threads", "1", "--connections", str(clients), "--duration", f"{seconds:g}s"]
    command += ["--timeout", f"{REQUEST_TIMEOUT:g}s", "--script", str(script), base + load.paths[0]]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    output = process.stdout.read() if process.stdout else ""
    _pid, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    found = re.search(r"^RESULT (\{.*\})$", output, re.MULTILINE)
    if process.returncode or not found:
        raise SystemExit(f"wrk failed ({process.returncode}):\n{output[-3000:]}")
    figures = json.loads(found.group(1))
    kinds = ("connect", "read", "write", "timeout")
    errors = {kind: figures[kind] for kind in kinds if figures[kind]}
    if figures["status"]:
        errors["HTTP 4xx/5xx"] = figures["status"]
    return Result(
        requests=figures["requests"],
        seconds=figures["us"] / 1e6,
        p50=figures["p50"] / 1000,
        p95=figures["p95"] / 1000,
        p99=figures["p99"] / 1000,
        errors=errors,
        client_cpu=usage.ru_utime + usage.ru_stime,
    )


async def _one_request(port: int, request: bytes) -> str | None:
    """Send one request on a new connection and read the answer to its end: None, or the error."""
    try:
        reader, writer = await asyncio.open_connection(HOST, port)
        writer.write(request)
        answer = await reader.read()  # `Connection: close`: the server ends the answer
        writer.close()
    except OSError as error:
        return type(error).__name__
    status = answer[9:12]
    return None if status == b"200" else f"HTTP {status.decode(errors='replace') or '(none)'}"


async def _python_clients(port: int, load: Load, clients: int, seconds: float) -> tuple[list[float], dict]:
    latencies: list[float] = []
    errors: dict[str, int] = {}
    until = time.monotonic() + seconds
    sent = 0

    async def client() -> None:
        nonlocal sent
        while time.monotonic() < until:
            sent += 1
            method, path, body = load.request(sent)
            head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n"
            head += "Accept-Encoding: gzip\r\nContent-Type: application/json\r\n"
            head += f"Content-Length: {len(body)}\r\n\r\n"
            start = time.perf_counter()
            error = await asyncio.wait_for(_one_request(port, head.encode() + body), REQUEST_TIMEOUT)
            if error is None:
                latencies.append((time.perf_counter() - start) * 1000)
            else:
                errors[error] = errors.get(error, 0) + 1

    await asyncio.gather(*(client() for _ in range(clients)))
    return latencies, errors


def run_python(base: str, load: Load, clients: int, seconds: float, workdir: Path) -> Result:
    """The clients as coroutines of one event loop in this process (when wrk is not installed)."""
    port = int(base.rsplit(":", 1)[1])
    cpu, start = time.process_time(), time.perf_counter()
    latencies, errors = asyncio.run(_python_clients(port, load, clients, seconds))
    elapsed, client_cpu = time.perf_counter() - start, time.process_time() - cpu
    cuts = statistics.quantiles(latencies, n=100, method="inclusive") if len(latencies) > 1 else [0.0] * 99
    return Result(
        len(latencies) + sum(errors.values()), elapsed, cuts[49], cuts[94], cuts[98], errors, client_cpu
    )


# --- the runs


def measure(base: str, master: int, load: Load, args: argparse.Namespace, workdir: Path) -> str:
    check_once(base, load)
    loadavg = os.getloadavg()[0]
    before_server, before_machine = server_cpu(master), machine_busy()
    run = run_wrk if args.client == "wrk" else run_python
    result = run(base, load, args.clients, args.seconds, workdir)
    after_server, after_machine = server_cpu(master), machine_busy()
    served = sum(cpu - before_server.get(pid, 0.0) for pid, cpu in after_server.items())
    others = max(0.0, after_machine - before_machine - served - result.client_cpu)
    per_request = served / result.requests * 1000 if result.requests else 0.0
    errors = sum(result.errors.values())
    kinds = ", ".join(f"{kind} x{count}" for kind, count in sorted(result.errors.items()))
    return (
        f"{load.label:<44} {result.requests:5} req {result.requests / result.seconds:6.1f}/s  "
        f"p50 {result.p50:6.1f}  p95 {result.p95:6.1f}  p99 {result.p99:6.1f} ms  "
        f"{errors} errors{f' ({kinds})' if kinds else ''}  |  CPU s: server {served:5.1f} "
        f"({per_request:.1f} ms/req), client {result.client_cpu:4.1f}, others {others:4.1f}  |  "
        f"load {loadavg:.2f}"
    )


def loads(endpoints: list[str], cache: str) -> list[Load]:
    cases = {"miss": [True], "hit": [False], "both": [True, False]}[cache]
    runs: list[Load] = []
    if "replay" in endpoints:
        documents = [
            ("POST /api/replay short_game()", "/api/replay", short_game()),
            ("POST /api/replay long_game(50) ?boards=changes", "/api/replay?boards=changes", long_game(50)),
        ]
        for label, path, doc in documents:
            for distinct in cases:
                body = json.dumps({**doc, "title": TITLE} if distinct else doc)
                case = "replayed" if distinct else "cached"
                runs.append(Load(f"{label}, {case}", [path], body, distinct))
    if "cards" in endpoints:
        runs.append(Load("GET /api/cards?q=", [f"/api/cards?{urlencode({'q': q})}" for q in CARD_QUERIES]))
    if "rulings" in endpoints:
        paths = ["/api/rulings", *(f"/api/rulings?{urlencode({'q': q})}" for q in RULING_QUERIES)]
        runs.append(Load("GET /api/rulings (and ?q=)", paths))
    return runs


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
    parser.add_argument("--threads", type=int, default=None, help="gunicorn's threads per worker")
    parser.add_argument("--cache", choices=["miss", "hit", "both"], default="both", help="of the replays")
    parser.add_argument(
        "--endpoints",
        nargs="+",
        choices=["replay", "cards", "rulings"],
        default=["replay", "cards", "rulings"],
        help="which runs (default: all)",
    )
    parser.add_argument(
        "--client",
        choices=["wrk", "python"],
        default="wrk" if shutil.which("wrk") else "python",
        help="the load client (default: wrk if installed)",
    )
    args = parser.parse_args()

    tree = Path(os.environ.get("ENGINE_ROOT") or ROOT)
    gunicorn_args = [*(["--workers", str(args.workers)] if args.workers else [])]
    gunicorn_args += ["--threads", str(args.threads)] if args.threads else []
    with tempfile.TemporaryDirectory(prefix="api-load-") as tmp, server(tree, Path(tmp), gunicorn_args) as up:
        base, master = up
        workers = len(server_cpu(master)) - 1
        print(
            f"gunicorn, {workers} workers{f' x {args.threads} threads' if args.threads else ''}; "
            f"{args.clients} clients ({args.client}), {args.seconds:g} s per run; "
            f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f} before the runs",
            flush=True,
        )
        for load in loads(args.endpoints, args.cache):
            print(measure(base, master, load, args, Path(tmp)), flush=True)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        raise SystemExit("Interrupted; the server was stopped.") from None
