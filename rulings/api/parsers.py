"""The API's JSON parser: DRF's, within the engine's limits (README, "Limits").

DRF reads a JSON body from the request stream, where Django's DATA_UPLOAD_MAX_MEMORY_SIZE is
never checked, and its decoder lets a deeply nested body raise RecursionError (a 500). This one
reads at most `body_bytes` (more is a 413), and refuses nesting past `depth` through the engine's
own reader, so the API and the engine agree on what a body may be.
"""

from typing import IO, Any

from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser

from engine.errors import DocumentError
from engine.limits import LIMITS
from engine.scenario import read_data


class TooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = f"The body is larger than the limit of {LIMITS.body_bytes} bytes (body_bytes)."
    default_code = "too_large"


def too_large(size: int | None = None) -> TooLarge:
    """A 413 naming the limit (and the body's size when it is known)."""
    got = f" ({size} bytes)" if size is not None else ""
    return TooLarge(f"The body{got} is larger than the limit of {LIMITS.body_bytes} bytes (body_bytes).")


def read_body(stream: IO[bytes] | None, declared: Any = None) -> bytes:
    """At most `body_bytes` of a request body; TooLarge for a longer one, declared or not."""
    try:
        size = int(declared or 0)
    except ValueError:
        size = 0
    if size > LIMITS.body_bytes:
        raise too_large(size)
    body = stream.read(LIMITS.body_bytes + 1) if stream is not None else b""
    if len(body) > LIMITS.body_bytes:
        raise too_large()
    return body


class LimitedJSONParser(JSONParser):
    """JSON within the limits: 413 for a body over `body_bytes`, 400 naming the limit for one
    nested deeper than `depth`, for a number too long to read, or for text that is not UTF-8."""

    def parse(
        self, stream: IO[bytes] | None, media_type: str | None = None, parser_context: Any = None
    ) -> Any:
        request = (parser_context or {}).get("request")
        declared = request.META.get("CONTENT_LENGTH") if request is not None else None
        body = read_body(stream, declared)
        try:
            return read_data(body, "json")
        except DocumentError as error:
            raise ParseError("; ".join(problem.message for problem in error.problems)) from None
