"""A bound on uploads: Django stops a form's fields at DATA_UPLOAD_MAX_MEMORY_SIZE, but streams an
uploaded file to a temporary file whatever its size. This handler, first in FILE_UPLOAD_HANDLERS,
refuses a multipart body over the engine's `body_bytes` (with room for the form around the file)
before any of it is read, and stops a body that sends more than it declared: Django answers both
with the 413 page (RequestDataTooBig). A file just over the limit gets the pages' own message."""

from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.core.files.uploadhandler import FileUploadHandler

from engine.limits import LIMITS

FORM_ROOM = 64 * 1024  # the form's other fields and the multipart boundaries


class BoundedUploadHandler(FileUploadHandler):
    """Passes every chunk on to the next handler, counting them against the limit."""

    def __init__(self, request: Any = None) -> None:
        super().__init__(request)
        self.received = 0

    def handle_raw_input(
        self, input_data: Any, META: Any, content_length: int, boundary: Any, encoding: Any = None
    ) -> None:
        if content_length > LIMITS.body_bytes + FORM_ROOM:
            raise RequestDataTooBig(f"The upload is over the limit of {LIMITS.body_bytes} bytes.")

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        self.received += len(raw_data)
        if self.received > LIMITS.body_bytes + FORM_ROOM:
            raise RequestDataTooBig(f"The upload is over the limit of {LIMITS.body_bytes} bytes.")
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None
