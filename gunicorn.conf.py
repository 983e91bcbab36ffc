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
