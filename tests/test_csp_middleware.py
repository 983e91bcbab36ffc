"""The CSP middleware (rulings/middleware.py) writes what django-csp's own writes, building the
policy once for the responses that change nothing of it."""

from typing import Any

import pytest
from csp.constants import NONCE, SELF
from csp.exceptions import CSPNonceError
from csp.middleware import CSPMiddleware as DjangoCSPMiddleware
from django.http import HttpResponse
from django.test import RequestFactory, override_settings

from rulings.middleware import CSPMiddleware

HEADERS = ("Content-Security-Policy", "Content-Security-Policy-Report-Only")


def _answer(middleware: type, response: HttpResponse, use_nonce: bool = False) -> tuple[Any, HttpResponse]:
    request = RequestFactory().get("/api/glossary")
    handler = middleware(lambda request: response)
    handler.process_request(request)
    if use_nonce:
        str(request.csp_nonce)
    return request, handler.process_response(request, response)


def _headers(response: HttpResponse) -> dict[str, str | None]:
    return {name: response.get(name) for name in HEADERS}


def test_the_header_is_django_csp_s() -> None:
    _, ours = _answer(CSPMiddleware, HttpResponse())
    _, theirs = _answer(DjangoCSPMiddleware, HttpResponse())
    assert _headers(ours) == _headers(theirs)
    assert "default-src 'self'" in ours["Content-Security-Policy"]


def test_a_response_that_changes_the_policy_is_django_csp_s_to_build() -> None:
    for attribute, value in [("_csp_update", {"img-src": ["https://example.org"]}), ("_csp_exempt", True)]:
        ours, theirs = HttpResponse(), HttpResponse()
        setattr(ours, attribute, value)
        setattr(theirs, attribute, value)
        assert _headers(_answer(CSPMiddleware, ours)[1]) == _headers(_answer(DjangoCSPMiddleware, theirs)[1])
    policy = {"DIRECTIVES": {"default-src": [SELF], "script-src": [SELF, NONCE]}}
    with override_settings(CONTENT_SECURITY_POLICY=policy):
        request, with_nonce = _answer(CSPMiddleware, HttpResponse(), use_nonce=True)
        assert f"'nonce-{request._csp_nonce}'" in with_nonce["Content-Security-Policy"]
        _, without = _answer(CSPMiddleware, HttpResponse())
        assert "nonce-" not in without["Content-Security-Policy"]


def test_a_header_already_set_is_kept() -> None:
    response = HttpResponse()
    response["Content-Security-Policy"] = "default-src 'none'"
    assert _answer(CSPMiddleware, response)[1]["Content-Security-Policy"] == "default-src 'none'"


def test_a_nonce_asked_for_after_the_header_is_an_error() -> None:
    request, _ = _answer(CSPMiddleware, HttpResponse())
    with pytest.raises(CSPNonceError):
        str(request.csp_nonce)


def test_changed_settings_are_followed() -> None:
    _answer(CSPMiddleware, HttpResponse())  # the policy of the settings, built
    policy = {"DIRECTIVES": {"default-src": ["'none'"]}}
    with override_settings(CONTENT_SECURITY_POLICY=policy, CONTENT_SECURITY_POLICY_REPORT_ONLY=policy):
        _, response = _answer(CSPMiddleware, HttpResponse())
        assert response["Content-Security-Policy"] == "default-src 'none'"
        assert response["Content-Security-Policy-Report-Only"] == "default-src 'none'"
    _, after = _answer(CSPMiddleware, HttpResponse())
    assert "default-src 'self'" in after["Content-Security-Policy"]
    assert "Content-Security-Policy-Report-Only" not in after
