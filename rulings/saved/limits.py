"""Rate limits on judges' accounts and the one notion of "the client's address" they share.

The counts are DRF throttles (the API's own mechanism), kept in the shared cache; the rates are
all in `settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`. Login lockout is django-axes', which
reads the address through `client_address` too.
"""

from typing import Any

from django.http import HttpRequest
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle


def client_address(request: Any) -> str:
    """REMOTE_ADDR, or the address the last of NUM_PROXIES trusted proxies saw (X-Forwarded-For);
    with no proxy configured a client's own X-Forwarded-For is ignored, so it cannot pick a fresh
    address for every request."""
    meta = request.META
    proxies = api_settings.NUM_PROXIES or 0
    forwarded = meta.get("HTTP_X_FORWARDED_FOR")
    if proxies and forwarded:
        hops = [hop.strip() for hop in forwarded.split(",")]
        return hops[-min(proxies, len(hops))]
    return meta.get("REMOTE_ADDR") or ""


class RateLimit(SimpleRateThrottle):
    """A DRF throttle whose rate is read when it is used (so `override_settings` reaches it), keyed
    by `client_address`. Subclasses name their `scope`."""

    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def get_ident(self, request: Any) -> str:
        return client_address(request)

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class SignupLimit(RateLimit):
    """New accounts from one address: counted only when a sign-up would succeed, so a judge who
    mistypes the password twice is not held back."""

    scope = "signup"

    def allows(self, request: HttpRequest) -> bool:
        return self.allow_request(request, None)
