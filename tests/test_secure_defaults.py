"""Secure by default: DEBUG off unless asked for, no public key, `check --deploy` clean under the
production settings the README documents, static files without DEBUG, a Content-Security-Policy,
and error pages that reveal nothing about the server."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client, override_settings

ROOT = Path(__file__).resolve().parents[1]
# What README "Production" documents (the key: any long random one).
PRODUCTION_ENV = {
    "DJANGO_SECRET_KEY": "k3y-0nly-f0r-this-test-Zq8wXv2pLr5tYm9nBc4dFg7hJk1sA6eUo0iWzQxRtYp",
    "DJANGO_ALLOWED_HOSTS": "rulings.example.org",
    "DJANGO_HTTPS": "1",
}


def _run(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Python with the real settings (rulings.settings) and only the environment given."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    base |= {"DJANGO_SETTINGS_MODULE": "rulings.settings", "PYTHONPATH": str(ROOT), **env}
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=base, capture_output=True, text=True, timeout=120
    )


SHOW_DEBUG = "import django; django.setup(); from django.conf import settings; print(settings.DEBUG)"


def test_debug_is_off_unless_asked_for() -> None:
    assert _run(SHOW_DEBUG, DJANGO_SECRET_KEY="x" * 50).stdout.strip() == "False"
    assert _run(SHOW_DEBUG, DJANGO_DEBUG="1").stdout.strip() == "True", "development: no key needed"


def test_without_a_secret_key_the_app_refuses_to_start() -> None:
    started = _run("import rulings.wsgi")
    assert started.returncode != 0 and "DJANGO_SECRET_KEY is not set" in started.stderr


def test_check_deploy_is_clean_with_the_production_settings() -> None:
    code = (
        "import django, sys; django.setup(); from django.core.management import call_command; "
        "call_command('check', deploy=True, fail_level='WARNING')"
    )
    checked = _run(code, **PRODUCTION_ENV)
    assert checked.returncode == 0, checked.stderr
    assert "no issues" in checked.stdout + checked.stderr


def test_unknown_pages_list_nothing(client: Client, db: None) -> None:
    response = client.get("/no/such/page/")
    page = response.content.decode()
    assert response.status_code == 404 and "Not found" in page
    assert "URLconf" not in page and "api/replay" not in page


def test_a_paste_too_large_is_a_friendly_413(client: Client, db: None) -> None:
    response = client.post("/", {"text": "x" * 1_500_000})
    page = response.content.decode()
    assert response.status_code == 413 and "That is too large" in page
    assert str(ROOT) not in page and "Traceback" not in page


def test_the_500_page_reveals_nothing(rf) -> None:
    from django.views.defaults import server_error

    page = server_error(rf.get("/")).content.decode()
    assert "Something went wrong" in page and str(ROOT) not in page and "style=" not in page


def test_pages_carry_a_content_security_policy(client: Client, db: None) -> None:
    policy = client.get("/glossary/")["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy and "unsafe-inline" not in policy
    assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy


TEMPLATE_DIRS = [ROOT / "templates", *(ROOT / "rulings").glob("*/templates")]
INLINE = re.compile(
    r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>|<style\b|\sstyle=\"|\son[a-z]+=\"", re.I
)


def test_no_template_has_inline_script_style_or_handler() -> None:
    """What the policy forbids would silently stop working in the browser."""
    found = [
        f"{path.relative_to(ROOT)}: {match.group()}"
        for folder in TEMPLATE_DIRS
        for path in folder.rglob("*.html")
        for match in INLINE.finditer(path.read_text(encoding="utf-8"))
    ]
    assert not found


def test_static_files_are_served_with_debug_off(tmp_path: Path, db: None) -> None:
    """WhiteNoise serves what collectstatic gathered (`./dev.sh serve`): every file a page links,
    htmx included."""
    assert not settings.DEBUG
    with override_settings(STATIC_ROOT=tmp_path):
        call_command("collectstatic", interactive=False, verbosity=0)
        client = Client()  # a new handler: WhiteNoise indexes STATIC_ROOT as it starts
        linked = set(re.findall(r'(?:src|href)="(/static/[^"]+)"', client.get("/").content.decode()))
        assert any("htmx" in path for path in linked) and any(path.endswith(".css") for path in linked)
        for path in linked:
            response = client.get(path)
            assert response.status_code == 200, path
            assert b"".join(response.streaming_content), path


@pytest.mark.parametrize("env", [PRODUCTION_ENV])
def test_behind_tls_cookies_are_secure_and_hsts_is_on(env: dict[str, str]) -> None:
    code = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_SSL_REDIRECT, "
        "s.SECURE_HSTS_SECONDS > 0)"
    )
    assert _run(code, **env).stdout.split() == ["True"] * 4
