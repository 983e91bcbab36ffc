"""gunicorn's settings for `./dev.sh serve`: the app served for real (runserver is for development).

Workers: 2 x cores + 1 (gunicorn's own advice), or WEB_CONCURRENCY. Address: 127.0.0.1:8000,
or GUNICORN_BIND (`./dev.sh serve ADDR:PORT` sets it).
"""

import multiprocessing
import os

wsgi_app = "rulings.wsgi:application"
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * multiprocessing.cpu_count() + 1)
timeout = 60  # a long replay can take seconds on a busy machine; the default 30 s is close
accesslog = "-"
