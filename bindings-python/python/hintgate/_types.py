"""The kinds of input hintgate's functions take, for type checkers."""

from typing import Any, Mapping, Protocol, Sequence, Union

from ._native import Policy


class ToolObject(Protocol):
    """Any object with a ``name`` attribute (and optionally ``title``,
    ``annotations`` and ``meta``), such as the MCP SDK's ``mcp.types.Tool``."""

    @property
    def name(self) -> object: ...


class ToolListObject(Protocol):
    """Any object with a ``tools`` attribute, such as ``mcp.types.ListToolsResult``."""

    @property
    def tools(self) -> Sequence[object]: ...


#: One tool: JSON text, a ``dict``, an SDK ``Tool`` or any object with ``name``.
ToolInput = Union[str, bytes, bytearray, Mapping[str, Any], ToolObject]

#: A document: JSON text of any accepted form (a tool, a ``tools/list`` result,
#: a JSON-RPC response, an array), a ``dict``, a sequence of tools, an SDK
#: ``ListToolsResult`` or any object with ``tools``.
ToolsInput = Union[
    str, bytes, bytearray, Mapping[str, Any], Sequence[Any], ToolListObject, ToolObject
]

#: A preset name, a ``Policy`` or a policy ``dict``.
PolicyInput = Union[str, Policy, Mapping[str, Any]]
