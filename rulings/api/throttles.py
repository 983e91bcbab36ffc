"""The API's throttles: every endpoint counts under `anon` (per address) or `user` (per signed-in
judge); the costly ones (a replay, the card-text reader, a deck) under a scope of their own too,
`<scope>_anon` / `<scope>_user`. Rates: `settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`."""

from typing import Any

from rulings.saved.limits import RateLimit


class PerUserOrAddress(RateLimit):
    """`anon` or `user` (or `<base_scope>_anon` / `<base_scope>_user`), chosen per request."""

    base_scope = ""

    def __init__(self) -> None:  # the scope, so the rate, is known only once the request is
        pass

    def allow_request(self, request: Any, view: Any) -> bool:
        kind = "user" if _signed_in(request) else "anon"
        self.scope = f"{self.base_scope}_{kind}" if self.base_scope else kind
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)

    def get_cache_key(self, request: Any, view: Any) -> str:
        ident = f"user-{request.user.pk}" if _signed_in(request) else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}


def _signed_in(request: Any) -> bool:
    return bool(request.user and request.user.is_authenticated)


def costly(scope: str) -> list[type[PerUserOrAddress]]:
    """The throttles of a costly endpoint: the general ones and its own scope."""
    own = type(f"{scope.title()}Throttle", (PerUserOrAddress,), {"base_scope": scope})
    return [PerUserOrAddress, own]
