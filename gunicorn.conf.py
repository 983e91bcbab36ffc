"""gunicorn's settings for `./dev.sh serve`: the app served for real (runserver is for development).

Workers: cores + 1, or WEB_CONCURRENCY. Address: 127.0.0.1:8000, or GUNICORN_BIND (`./dev.sh
serve ADDR:PORT` sets it).

Why cores + 1 sync workers, not gunicorn's usual 2 x cores + 1 (benchmarks/api_load.py, 2 cores,
README "Benchmarks"): a request is CPU work (the engine's replay, the card search, the JSON); the
database, the cache and the throttle counts answer in microseconds from memory or SQLite. More
processes than cores only share the same cores, each keeps its own replay cache (a scenario is
replayed once per worker before it is answered from a cache) and its own copy of the catalog.
One worker more than the cores keeps them busy while another waits on a socket or the database.
Threads (gthread) cost more CPU per request (Python runs one thread at a time) and gave longer
tails. Each worker imports every view and loads the card catalog as it starts, not during its
first request.
"""

import gc
import multiprocessing
import os
from typing import Any

wsgi_app = "rulings.wsgi:application"
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY") or multiprocessing.cpu_count() + 1)
timeout = 60  # a long replay can take seconds on a busy machine; the default 30 s is close
accesslog = "-"


def post_worker_init(worker: Any) -> None:
    """Import the URLconf (every view, DRF, drf-spectacular) and load the engine's catalog now:
    Django does both on a worker's first request, which then took 0.3 s of CPU instead of 4 ms."""
    from django.urls import get_resolver

    from engine.catalog import load_catalog

    get_resolver().url_patterns  # noqa: B018 (the property imports the URLconf)
    load_catalog()
    tune_gc()


# A replay allocates hundreds of thousands of short-lived objects, so Python's cycle collector runs
# often, and each full pass walks every object the worker holds (Django, DRF, the catalog: over
# 250,000). Measured in-process with benchmarks/api_overhead.py on a quiet machine, a replayed
# 50-action request cost 49.6 ms of CPU in a worker with the defaults and 36.2 ms with the objects
# loaded at start frozen and the first generation collected every 20,000 allocations instead of
# 700 (a 5-action one: 2.7 ms either way).
GC_THRESHOLD = (20_000, 20, 20)


def tune_gc() -> None:
    """Leave what the worker loaded at start out of every collection (`gc.freeze`: it lives as
    long as the worker) and collect less often. Reference counting frees most of what a replay
    built as soon as it is answered; the few cycles it leaves wait a little longer (a worker's
    peak grew by about 14 MB over 100 replays of 50 actions)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLD)
