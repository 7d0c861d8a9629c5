"""Protocol errors. Each carries a stable ``code`` that travels in ``error`` messages."""

from __future__ import annotations


class ProtocolError(Exception):
    """Raised when the peer sent something the protocol does not allow.

    ``fatal`` errors (undecodable bytes, an oversized message) end the connection: after one, the
    byte stream can no longer be trusted to be in step. Any other error refuses one message and
    leaves the connection usable. ``ref`` is the type of the refused message, when it is known
    (the connection fills it in), for the ``ref`` of the ``error`` that answers it.
    """

    def __init__(self, code: str, message: str, *, fatal: bool = False,
                 ref: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.fatal = fatal
        self.ref = ref

    def __repr__(self) -> str:
        return f"ProtocolError({self.code!r}, {self.message!r}, fatal={self.fatal})"


def bad_field(name: str, why: str) -> ProtocolError:
    """The error for a field that holds what it may not: ``field 'name': why``."""
    return ProtocolError(BAD_FIELD, f"field {name!r}: {why}")


class LocalProtocolError(Exception):
    """Raised when our own side tries to send something the protocol does not allow (a bug)."""


# Stable codes. Fatal ones close the connection.
BAD_ENCODING = "bad_encoding"  # fatal: not msgpack
TOO_LARGE = "too_large"  # fatal: a message over the size limit
NOT_A_MAP = "not_a_map"
UNKNOWN_TYPE = "unknown_type"
MISSING_FIELD = "missing_field"
EXTRA_FIELD = "extra_field"
BAD_FIELD = "bad_field"
NOT_ALLOWED_NOW = "not_allowed_now"
VERSION_MISMATCH = "version_mismatch"

CODES = (BAD_ENCODING, TOO_LARGE, NOT_A_MAP, UNKNOWN_TYPE, MISSING_FIELD, EXTRA_FIELD, BAD_FIELD,
         NOT_ALLOWED_NOW, VERSION_MISMATCH)
