"""Django settings for Duel Arbiter.

Local development needs no configuration: SQLite in the project root, DEBUG on.
For anything public set DJANGO_DEBUG=0, DJANGO_SECRET_KEY and DJANGO_ALLOWED_HOSTS.
"""

import os
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent


def _env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = _env_flag("DJANGO_DEBUG", True)
SECRET_KEY = os.environ.get(
    "DJANGO_SECRET_KEY", "django-insecure-local-only-duel-arbiter-change-me-in-production"
)
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
    "django_htmx.middleware.HtmxMiddleware",
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

DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.sqlite3",
        # DUEL_ARBITER_DB: another file (the load benchmark's throw-away database, a copy to migrate)
        "NAME": os.environ.get("DUEL_ARBITER_DB") or BASE_DIR / "db.sqlite3",
    }
}

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

# A pasted scenario is small; anything near this is a mistake, and Django answers 400.
DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024

REST_FRAMEWORK = {
    # JSON only: no browsable API, and no session auth, so no CSRF on a public, stateless API.
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "UNAUTHENTICATED_USER": None,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "rulings.api.views.exception_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Duel Arbiter API",
    "DESCRIPTION": (
        "Replays a Yu-Gi-Oh! TCG scenario (format ygo-scenario/1) step by step and explains "
        "each outcome with links to the rules glossary."
    ),
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
}

# The replay cache of each process (rulings/replays/cache.py) holds at most this many bytes of
# pickled replays; a replay bigger than that is not cached.
REPLAY_CACHE_BYTES = int(os.environ.get("DUEL_ARBITER_REPLAY_CACHE_BYTES", 64 * 1024 * 1024))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"rulings": {"handlers": ["console"], "level": "INFO"}},
}
