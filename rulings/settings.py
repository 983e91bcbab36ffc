"""Django settings for Duel Arbiter.

Secure by default: DEBUG is off unless DJANGO_DEBUG=1 (`./dev.sh run` sets it, with a development
key), and with DEBUG off the app refuses to start without DJANGO_SECRET_KEY. Behind TLS,
DJANGO_HTTPS=1 turns on HSTS, the HTTPS redirect and secure cookies (README, "Production").
DATABASE_URL and CACHE_URL let several app servers share one database and cache (README,
"Several machines").
"""

import contextlib
import hashlib
import os
import stat
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from engine.limits import LIMITS

BASE_DIR = Path(__file__).resolve().parent.parent


def _env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = _env_flag("DJANGO_DEBUG", False)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        # A key everyone can read signs sessions and password resets anyone could forge.
        raise ImproperlyConfigured("DJANGO_SECRET_KEY is not set; with DEBUG off it is required.")
    SECRET_KEY = "django-insecure-development-only-duel-arbiter"
ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")
    if host.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "rest_framework",
    "axes",
    "drf_spectacular",
    # The project package keeps the migration history of the models before they moved to the apps
    # below (`rulings/migrations`); the apps, by concept, each import only those listed after it.
    "rulings",
    "rulings.workspace",
    "rulings.api",
    "rulings.saved",
    "rulings.replays",
    "rulings.cards",
    "rulings.glossary",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",  # static files under gunicorn, no web server needed
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "rulings.middleware.CSPMiddleware",  # django-csp's, the policy built once
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks: turns a lockout into its page
]

# django-axes first: it refuses a locked-out username and address before a password is checked.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "rulings.urls"
WSGI_APPLICATION = "rulings.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- database, cache and sessions. One machine: SQLite and a file cache, nothing to set up. Several
# app servers (README, "Several machines"): DATABASE_URL names the one database they share
# (PostgreSQL) and CACHE_URL=db the cache they share; sessions are in that database, so a judge
# signed in through one server is signed in through all. Nothing a request needs is kept by one
# server alone, except each process's replay cache: pure results, keyed by the text and the
# imported cards (rulings/replays/cache.py).


def _database(url: str) -> dict[str, object]:
    """The database DATABASE_URL names (dj-database-url: `postgres://user:password@host:5432/name`),
    else the SQLite file `db.sqlite3` (DUEL_ARBITER_DB: another file, e.g. the load benchmark's)."""
    if not url:
        name = os.environ.get("DUEL_ARBITER_DB") or BASE_DIR / "db.sqlite3"
        return {"ENGINE": "django.db.backends.sqlite3", "NAME": name}
    try:
        return dict(dj_database_url.parse(url))
    except ValueError as error:
        raise ImproperlyConfigured(f"DATABASE_URL cannot be used: {error}") from None


DATABASES = {"default": _database(os.environ.get("DATABASE_URL", "").strip())}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        # WAL: readers never wait for the writer. IMMEDIATE: a transaction takes the write lock
        # as it begins, so concurrent saves queue (up to `timeout` seconds) instead of failing
        # with "database is locked" when a reader tries to become a writer.
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    # A worker keeps its connection between requests: opening one (and its PRAGMAs above) cost
    # about 2 ms of CPU, more than the rest of a cached API answer. SQLite has no server to lose.
    DATABASES["default"]["CONN_MAX_AGE"] = 600
else:
    # A server database: keep a worker's connection for a minute instead of opening one per
    # request, checked before reuse so a restarted database server costs no failed request.
    DATABASES["default"].update(CONN_MAX_AGE=60, CONN_HEALTH_CHECKS=True)

SESSION_ENGINE = "django.contrib.sessions.backends.db"  # Django's default, said aloud: shared by every server


def _memory_cache_dir(base: Path = Path("/dev/shm")) -> Path | None:
    """This checkout's folder in /dev/shm (memory, shared by the workers of this machine), or None
    when there is no /dev/shm with room for a full cache (20,000 files of a page each), or when
    the folder is not this user's alone: the file cache unpickles what it reads, so nobody else
    may write there (made 0700; an existing one, or a link, of anyone else is not used).

    Why memory: each throttled request writes its counts, and the file cache writes by renaming a
    new file over the old one, which on ext4 (auto_da_alloc, on by default) waits for the new
    file to reach the disk: 3-4 ms of a worker's time per write, two writes per replay. In memory
    the same write takes 0.07 ms. The counts need not outlive the machine."""
    checkout = hashlib.sha256(str(BASE_DIR).encode()).hexdigest()[:12]
    path = base / f"duel-arbiter-{os.getuid()}-{checkout}"
    try:
        room = os.statvfs(base)
        if room.f_bavail * room.f_frsize < 256 * 2**20:
            return None
        with contextlib.suppress(FileExistsError):
            path.mkdir(mode=0o700)
        info = path.lstat()
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or stat.S_IMODE(info.st_mode) & 0o077:
        return None
    return path


def _cache(url: str) -> dict[str, object]:
    """The cache CACHE_URL names: unset, this machine's files (shared by its gunicorn workers, kept
    off SQLite, whose one write lock every request would then take; in memory where it can be,
    `_memory_cache_dir`); `db`, a table of the shared database (`manage.py createcachetable`);
    `redis://...`, a Redis server (`pip install -e ".[redis]"`)."""
    if not url:
        location = (
            os.environ.get("DUEL_ARBITER_CACHE_DIR") or _memory_cache_dir() or BASE_DIR / ".cache" / "django"
        )
        return {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": location,
            "OPTIONS": {"MAX_ENTRIES": 20_000},
        }
    if url == "db":
        return {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "duel_arbiter_cache",
            "OPTIONS": {"MAX_ENTRIES": 20_000},
        }
    if url.startswith(("redis://", "rediss://")):
        return {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}
    raise ImproperlyConfigured(f"CACHE_URL is {url!r}; expected db, a redis:// URL, or nothing.")


# Throttle counts (and anything else in Django's cache), shared by every worker process, and by
# every server with CACHE_URL: a per-process cache would multiply every rate by their number.
# Login lockouts (django-axes) are rows of the database, shared as it is.
CACHES = {"default": _cache(os.environ.get("CACHE_URL", "").strip())}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# App static files (rulings/static/) and django_htmx's vendored htmx 2 are found by the app
# finder; runserver serves them while DEBUG is on. Under gunicorn (`./dev.sh serve`),
# `collectstatic` gathers them in STATIC_ROOT and WhiteNoise serves them from there.
STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [path for path in [BASE_DIR / "static"] if path.is_dir()]

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- input limits (engine/limits.py, README "Limits"): the same for the pages, the API and the
# command line. Past the body limit Django refuses a form or a body (RequestDataTooBig: the API and
# the pages answer 413); an uploaded file is checked against it too.
DATA_UPLOAD_MAX_MEMORY_SIZE = LIMITS.body_bytes
FILE_UPLOAD_HANDLERS = [
    "rulings.replays.uploads.BoundedUploadHandler",  # an uploaded file too: 413 past the limit
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]
API_LIMITS_DESCRIPTION = (
    f" Limits (the same for the pages and the command line): a body of at most {LIMITS.body_bytes} "
    f"bytes (else 413); at most {LIMITS.depth} levels of nesting, {LIMITS.actions} actions, "
    f"{LIMITS.turns} turns (end_turn actions), {LIMITS.steps} replay steps, and {LIMITS.output_cards} "
    "cards written in all the step boards together (boards=changes or final write far fewer); no "
    "YAML anchors or aliases. A document over a limit is answered 400 naming the limit."
)

# Requests per address (`*_anon`) or per signed-in judge (`*_user`); DUEL_ARBITER_RATE_<SCOPE>
# changes one ("120/minute", or "none": unlimited, e.g. for a load test of one's own server).
THROTTLE_RATES: dict[str, str | None] = {
    "anon": "300/minute",
    "user": "1200/minute",
    "replay_anon": "60/minute",
    "replay_user": "240/minute",
    "classify_anon": "60/minute",
    "classify_user": "240/minute",
    "decks_anon": "60/minute",
    "decks_user": "240/minute",
    "signup": "10/hour",  # a venue's judges may share one address
}
for _scope in THROTTLE_RATES:
    if _rate := os.environ.get(f"DUEL_ARBITER_RATE_{_scope.upper()}"):
        THROTTLE_RATES[_scope] = None if _rate == "none" else _rate

REST_FRAMEWORK = {
    # JSON only: no browsable API. A signed-in judge (session or HTTP Basic) gets the higher
    # `*_user` rates; anonymous use is counted by address. A session-authenticated POST needs
    # the CSRF token; anonymous use needs none.
    "DEFAULT_RENDERER_CLASSES": ["rulings.api.renderers.JSONRenderer"],  # orjson: DRF's bytes, faster
    "DEFAULT_PARSER_CLASSES": ["rulings.api.parsers.LimitedJSONParser"],  # within the input limits
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.BasicAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "UNAUTHENTICATED_USER": None,
    # Every endpoint: `anon`/`user`; the costly ones (a replay, the reader, a deck) also their
    # own scope (rulings/api/throttles.py). Sign-up counts under `signup` (rulings/saved/limits.py).
    # NUM_PROXIES: how many proxies in front append to X-Forwarded-For (0: REMOTE_ADDR only).
    "NUM_PROXIES": int(os.environ.get("DJANGO_PROXY_COUNT") or 0),
    "DEFAULT_THROTTLE_CLASSES": ["rulings.api.throttles.PerUserOrAddress"],
    "DEFAULT_THROTTLE_RATES": THROTTLE_RATES,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Every list is paged: ?limit= (1-500, 100 by default) and ?offset= (rulings/api/pagination.py).
    "DEFAULT_PAGINATION_CLASS": "rulings.api.pagination.Pages",
    "EXCEPTION_HANDLER": "rulings.api.views.exception_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Duel Arbiter API",
    "DESCRIPTION": (
        "Replays a Yu-Gi-Oh! TCG scenario (format ygo-scenario/1) step by step and explains "
        "each outcome with links to the rules glossary."
    )
    + API_LIMITS_DESCRIPTION,
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # A card's TCG and OCG statuses are one choice set: one name in the schema.
    "ENUM_NAME_OVERRIDES": {"CardStatusEnum": "rulings.cards.models.Card.STATUSES"},
}

# The replay cache of each process (rulings/replays/cache.py) holds at most this many bytes of
# pickled replays; a replay bigger than that is not cached.
REPLAY_CACHE_BYTES = int(os.environ.get("DUEL_ARBITER_REPLAY_CACHE_BYTES", 64 * 1024 * 1024))

# Anonymous pasted scenarios (`/s/<slug>/`) are kept this long after they were last pasted;
# `manage.py purge_scenarios` deletes older ones, and an expired one is not shown.
SCENARIO_TTL = timedelta(days=int(os.environ.get("DUEL_ARBITER_SCENARIO_DAYS", 30)))

# --- login lockout (django-axes): 5 failed logins for one username from one address lock that
# pair for 15 minutes; a correct password during the lockout is refused too. Counted per pair so
# that a wrong guesser neither locks a judge out everywhere nor a whole venue's shared address.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "429.html"
AXES_VERBOSE = False
AXES_CLIENT_IP_CALLABLE = "rulings.saved.limits.client_address"  # the throttles' address too

# --- Content-Security-Policy (django-csp): scripts and styles from this site only (no inline
# script, style or handler anywhere; htmx's own indicator styles are in site.css instead).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    }
}

# --- behind TLS (DJANGO_HTTPS=1): the proxy in front terminates TLS and sets X-Forwarded-Proto
# (and must drop a client's own). Off by default so that `./dev.sh serve` works on plain HTTP.
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
if _env_flag("DJANGO_HTTPS", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", 365 * 24 * 3600))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_flag("DJANGO_HSTS_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = _env_flag("DJANGO_HSTS_PRELOAD", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"rulings": {"handlers": ["console"], "level": "INFO"}},
}
