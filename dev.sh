#!/usr/bin/env bash
# One entry point for a fresh Debian machine with Python 3.11:
#   ./dev.sh run    install, migrate, seed, and serve the app on http://127.0.0.1:8000 (runserver, DEBUG on)
#   ./dev.sh serve  the same, then collectstatic and gunicorn (workers from the cores): serving for real
#   ./dev.sh test   install everything the tests need (Chromium included) and run the whole suite
#   ./dev.sh postgres start|stop  a throw-away PostgreSQL for the tests; start prints TEST_POSTGRES_URL
# Both are idempotent: a second run reinstalls nothing that is already there.
set -euo pipefail
cd "$(dirname "$0")"

VENV=.venv
PY="$VENV/bin/python"

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

apt_install() {
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}

ensure_venv() {
    if [ ! -x "$PY" ]; then
        python3 -m venv "$VENV" 2>/dev/null || { apt_install python3-venv; rm -rf "$VENV"; python3 -m venv "$VENV"; }
    fi
}

# Reinstall the project only when pyproject.toml changed since the last install.
ensure_python_deps() {
    local extra="$1" stamp="$VENV/.installed-$1"
    ensure_venv
    local want; want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
    if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
        if [ "$extra" = app ]; then "$PY" -m pip install -q -e .; else "$PY" -m pip install -q -e ".[$extra]"; fi
        echo "$want" > "$stamp"
    fi
}

ensure_chromium() {
    if ! command -v chromium >/dev/null 2>&1; then
        apt_install chromium fonts-liberation
    fi
}

# `./dev.sh serve` without DJANGO_SECRET_KEY: a random key of this checkout's own, made once and
# kept in .secret_key (git-ignored, readable by its owner only); never a key anyone else knows.
ensure_secret_key() {
    if [ -z "${DJANGO_SECRET_KEY:-}" ]; then
        if [ ! -s .secret_key ]; then
            (umask 077; "$PY" -c "import secrets; print(secrets.token_urlsafe(50))" > .secret_key)
        fi
        DJANGO_SECRET_KEY="$(cat .secret_key)"
        export DJANGO_SECRET_KEY
    fi
}

prepare_database() {
    "$PY" manage.py migrate --noinput
    "$PY" manage.py createcachetable  # the shared cache's table when CACHE_URL=db; else nothing
    "$PY" manage.py seed
    "$PY" manage.py seed_rulings  # worked examples as saved rulings; kept out of `seed`: ~1 s
}

# A throw-away PostgreSQL for the tests (`./dev.sh postgres start|stop`): Debian's server, its data
# under $TMPDIR, listening on 127.0.0.1:$TEST_POSTGRES_PORT only, durability off (fsync): a test
# server, never one to keep data in. `start` prints the URL of a fresh database whose role may
# create databases (the test runs make theirs), for TEST_POSTGRES_URL.
PG_PORT="${TEST_POSTGRES_PORT:-54329}"
PG_DIR="${TMPDIR:-/tmp}/duel-arbiter-postgres-$PG_PORT"

pg_bin() { find /usr/lib/postgresql -maxdepth 2 -name bin 2>/dev/null | sort -V | tail -n 1; }

# PostgreSQL refuses to run as root: as root, its commands run as the user `postgres` the package made.
as_postgres() { (cd / && if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi); }

postgres_stop() {
    local bin; bin="$(pg_bin)"
    if [ -n "$bin" ] && as_postgres "$bin/pg_ctl" -D "$PG_DIR" status >/dev/null 2>&1; then
        as_postgres "$bin/pg_ctl" -D "$PG_DIR" -m fast -w -t 30 stop >/dev/null ||
            echo "dev.sh: the PostgreSQL of $PG_DIR did not stop" >&2
    fi
    rm -rf "$PG_DIR"
}

postgres_start() {
    [ -n "$(pg_bin)" ] || apt_install postgresql >&2
    local bin password
    bin="$(pg_bin)"
    postgres_stop
    mkdir -p "$PG_DIR"
    if [ "$(id -u)" = 0 ]; then chown postgres: "$PG_DIR"; fi
    # UTF-8 and the C collation (byte order, as SQLite compares), whatever the machine's locale
    as_postgres "$bin/initdb" -D "$PG_DIR" -U postgres -E UTF8 --locale=C \
        --auth-local=trust --auth-host=scram-sha-256 >/dev/null
    as_postgres "$bin/pg_ctl" -D "$PG_DIR" -l "$PG_DIR/server.log" -w start -o \
        "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
        >/dev/null
    password="$(python3 -c 'import secrets; print(secrets.token_hex(16))')"
    as_postgres "$bin/psql" -h "$PG_DIR" -p "$PG_PORT" -U postgres -q -v ON_ERROR_STOP=1 \
        -c "CREATE ROLE duel_arbiter LOGIN CREATEDB PASSWORD '$password'" \
        -c "CREATE DATABASE duel_arbiter OWNER duel_arbiter"
    echo "postgres://duel_arbiter:$password@127.0.0.1:$PG_PORT/duel_arbiter"
}

case "${1:-}" in
    run)
        ensure_python_deps app
        export DJANGO_DEBUG="${DJANGO_DEBUG:-1}"  # development: debug pages, a development key
        prepare_database
        exec "$PY" manage.py runserver "${2:-127.0.0.1:8000}"
        ;;
    serve)
        ensure_python_deps app
        export DJANGO_DEBUG="${DJANGO_DEBUG:-0}"  # real error pages, no debug details
        ensure_secret_key
        prepare_database
        "$PY" manage.py collectstatic --noinput --verbosity 0  # WhiteNoise serves them from STATIC_ROOT
        export GUNICORN_BIND="${2:-${GUNICORN_BIND:-127.0.0.1:8000}}"
        exec "$VENV/bin/gunicorn" --config gunicorn.conf.py  # workers: cores + 1, or WEB_CONCURRENCY
        ;;
    test)
        ensure_python_deps test
        ensure_chromium
        "$VENV/bin/ruff" check .
        "$VENV/bin/ruff" format --check .
        shift
        exec "$PY" -m pytest "$@"
        ;;
    postgres)
        case "${2:-}" in
            start) postgres_start ;;
            stop) postgres_stop ;;
            *) echo "usage: ./dev.sh postgres start|stop" >&2; exit 2 ;;
        esac
        ;;
    *)
        echo "usage: ./dev.sh run [ADDR:PORT] | ./dev.sh serve [ADDR:PORT] | ./dev.sh test [pytest args]" \
            "| ./dev.sh postgres start|stop" >&2
        exit 2
        ;;
esac
