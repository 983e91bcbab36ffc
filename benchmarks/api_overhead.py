"""What one API request costs in the Django app, apart from the engine: CPU per request in-process.

    .venv/bin/python benchmarks/api_overhead.py [--requests 200] [--profile LABEL-PART]

Migrates and seeds a throw-away SQLite database as `api_load.py` does, then calls the WSGI
application gunicorn serves directly (no socket, no client) with requests as a browser sends
them (`Accept-Encoding: gzip`), and reports for each request kind the CPU milliseconds per
request (median of 5 rounds of `--requests` / 5), how much of it was inside the engine
(`engine.parse_document` and `engine.replay`), and the rest: what Django, DRF, the middleware,
the cache, the rendering and gzip cost. That rest is the figure this side can cut whatever the
engine costs. `--profile 'short_game(), replayed'` prints cProfile's top functions for the
kind whose label contains the text.

The process is set up as a gunicorn worker is (`gunicorn.conf.py`'s `post_worker_init`: the
URLconf, the catalog, the garbage collector's settings).

Throttles count every request as in `api_load.py` (rates never reached; the tree's file cache).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import runpy
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from api_load import THROTTLES, Load, loads

ROOT = Path(__file__).resolve().parents[1]


def prepare(tree: Path, workdir: Path) -> None:
    """The environment of `api_load.server`, this process's Django set up over a seeded database."""
    env = {
        "DUEL_ARBITER_DB": str(workdir / "db.sqlite3"),
        "DATABASE_URL": "",
        "CACHE_URL": "",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": os.environ.get("DJANGO_SECRET_KEY") or secrets.token_urlsafe(50),
        "DJANGO_SETTINGS_MODULE": "rulings.settings",
        **THROTTLES,
    }
    os.environ.update(env)
    for command in (["migrate", "--noinput"], ["seed"], ["seed_rulings"]):
        subprocess.run([sys.executable, "manage.py", *command, "--verbosity", "0"], cwd=tree, check=True)
    sys.path.insert(0, str(tree))
    os.chdir(tree)


def worker_init(tree: Path) -> None:
    """What a gunicorn worker does as it starts (`gunicorn.conf.py`, `post_worker_init`): its
    imports, the catalog and its GC settings, so a request here costs what it costs there."""
    settings = runpy.run_path(str(tree / "gunicorn.conf.py"))
    if "post_worker_init" in settings:
        settings["post_worker_init"](None)


def environ(method: str, path: str, body: bytes) -> dict[str, Any]:
    """A WSGI request as gunicorn hands it to the application."""
    path_info, _, query = path.partition("?")
    return {
        "REQUEST_METHOD": method,
        "PATH_INFO": path_info,
        "QUERY_STRING": query,
        "SCRIPT_NAME": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_HOST": "127.0.0.1:8000",
        "HTTP_ACCEPT_ENCODING": "gzip",
        "CONTENT_TYPE": "application/json" if body else "",
        "CONTENT_LENGTH": str(len(body)) if body else "",
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.url_scheme": "http",
        "wsgi.version": (1, 0),
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }


class EngineClock:
    """CPU seconds spent inside the engine's parse and replay, wherever the app calls them."""

    def __init__(self) -> None:
        import engine

        self.seconds = 0.0
        for name in ("parse_document", "replay"):
            setattr(engine, name, self._timed(getattr(engine, name)))

    def _timed(self, function: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                self.seconds += time.process_time() - start

        return timed


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--requests", type=int, default=200, help="per request kind (5 rounds)")
    parser.add_argument("--profile", default=None, help="print cProfile's top for this request kind")
    args = parser.parse_args()
    tree = Path(os.environ.get("ENGINE_ROOT") or ROOT)
    with tempfile.TemporaryDirectory(prefix="api-overhead-") as tmp:
        prepare(tree, Path(tmp))
        from rulings.wsgi import application

        worker_init(tree)
        clock = EngineClock()
        print(f"{'request':<50} {'CPU ms/req':>10} {'engine':>8} {'the rest':>9}  {'body':>9}")
        for load in loads(["replay", "cards", "rulings"], "both"):
            run(application, load, args, clock)


def call(application: Callable, load: Load, number: int) -> bytes:
    status: list[str] = []
    method, path, body = load.request(number)
    chunks = application(environ(method, path, body), lambda s, headers, exc=None: status.append(s))
    try:
        answer = b"".join(chunks)
    finally:
        getattr(chunks, "close", lambda: None)()
    if not status[0].startswith("200"):
        raise SystemExit(f"{load.label}: {status[0]}: {answer[:300]!r}")
    return answer


def run(application: Callable, load: Load, args: argparse.Namespace, clock: EngineClock) -> None:
    size = len(call(application, load, 0))  # the first request warms what every later one reuses
    rounds, per_round = 5, max(1, args.requests // 5)
    totals, engines = [], []
    number = 1
    profile = cProfile.Profile() if args.profile and args.profile in load.label else None
    for _ in range(rounds):
        clock.seconds = 0.0
        start = time.process_time()
        if profile:
            profile.enable()
        for _ in range(per_round):
            call(application, load, number)
            number += 1
        if profile:
            profile.disable()
        totals.append((time.process_time() - start) / per_round * 1000)
        engines.append(clock.seconds / per_round * 1000)
    total, engine = statistics.median(totals), statistics.median(engines)
    print(
        f"{load.label:<50} {total:10.2f} {engine:8.2f} {total - engine:9.2f}  {size / 1024:7.1f}KB",
        flush=True,
    )
    if profile:
        out = io.StringIO()
        stats = pstats.Stats(profile, stream=out).sort_stats("cumulative")
        stats.print_stats(45)
        stats.sort_stats("tottime").print_stats(30)
        print(out.getvalue())


if __name__ == "__main__":
    main()
