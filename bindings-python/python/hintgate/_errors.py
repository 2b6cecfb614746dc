"""hintgate's exceptions: all are ``ValueError``\\s, so bad input is caught
by ``except ValueError`` as well as by ``except hintgate.HintgateError``."""

from typing import Any, Optional, Tuple


class HintgateError(ValueError):
    """Input hintgate cannot decide on.

    ``kind`` is a snake_case word naming the problem (the core's word where the
    core found it); ``offset`` is the byte offset in the JSON text, when the
    input was text.
    """

    kind: str
    offset: Optional[int]

    def __init__(self, message: str, kind: str, offset: Optional[int] = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.offset = offset

    def __reduce__(self) -> Tuple[Any, ...]:
        return (type(self), (str(self), self.kind, self.offset))


class DocumentError(HintgateError):
    """A document the core rejects as a whole (SPEC §6): not JSON, truncated,
    trailing bytes, invalid UTF-8, nesting deeper than 128, not a tool or a
    ``tools/list`` result, or a JSON-RPC error response (``server_code`` and
    ``server_message`` then hold the server's error).

    ``offset`` is ``None`` when the input was a Python object rather than text.
    """

    server_code: Optional[int]
    server_message: Optional[str]

    def __init__(
        self,
        message: str,
        kind: str,
        offset: Optional[int] = None,
        server_code: Optional[int] = None,
        server_message: Optional[str] = None,
    ) -> None:
        super().__init__(message, kind, offset)
        self.server_code = server_code
        self.server_message = server_message

    def __reduce__(self) -> Tuple[Any, ...]:
        return (
            type(self),
            (str(self), self.kind, self.offset, self.server_code, self.server_message),
        )


class PolicyError(HintgateError):
    """A policy the core rejects: an unknown preset, or a policy object with a
    missing, unknown or duplicate key or a bad value. ``field`` names the key
    at fault, when there is one."""

    field: Optional[str]

    def __init__(self, message: str, kind: str, field: Optional[str] = None) -> None:
        super().__init__(message, kind)
        self.field = field

    def __reduce__(self) -> Tuple[Any, ...]:
        return (type(self), (str(self), self.kind, self.field))


class InputError(HintgateError):
    """A Python value that cannot be read as JSON (a set, ``bytes`` inside a
    dict, NaN, a non-``str`` key, an object that is not a tool) or an argument
    of the wrong kind (``scopes="repo"``)."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message, kind)

    def __reduce__(self) -> Tuple[Any, ...]:
        return (type(self), (str(self), self.kind))
