"""How every list of the API is cut into pages: DRF's limit/offset paginator, strict about its
parameters (a bad `limit` or `offset` is a 400 naming it, not silently the default) and with its
bounds in the OpenAPI schema. The default for every list view (settings: REST_FRAMEWORK)."""

from typing import Any

from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request

DEFAULT_LIMIT = 100
MAX_LIMIT = 500


class Pages(LimitOffsetPagination):
    """`?limit=` (1 to 500, 100 by default) items from `?offset=` (0 by default); the body is
    `{"count", "next", "previous", "results"}`."""

    default_limit = DEFAULT_LIMIT
    max_limit = MAX_LIMIT

    def _whole(self, request: Request, name: str, low: int, high: int | None, default: int) -> int:
        raw = request.query_params.get(name, "").strip()
        if not raw:
            return default
        if not raw.isdigit() or int(raw) < low or (high is not None and int(raw) > high):
            bounds = f"from {low} to {high}" if high is not None else f"of at least {low}"
            raise ValidationError({name: f"expected a whole number {bounds}; got {raw!r}"})
        return int(raw)

    def get_limit(self, request: Request) -> int:
        return self._whole(request, self.limit_query_param, 1, self.max_limit, self.default_limit)

    def get_offset(self, request: Request) -> int:
        return self._whole(request, self.offset_query_param, 0, None, 0)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        limit = {"type": "integer", "minimum": 1, "maximum": self.max_limit, "default": self.default_limit}
        return [
            {
                "name": self.limit_query_param,
                "required": False,
                "in": "query",
                "description": f"Results per page (1 to {self.max_limit}; {self.default_limit} by default).",
                "schema": limit,
            },
            {
                "name": self.offset_query_param,
                "required": False,
                "in": "query",
                "description": "How many results to skip before this page (0 by default).",
                "schema": {"type": "integer", "minimum": 0, "default": 0},
            },
        ]
