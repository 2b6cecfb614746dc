"""hintgate: MCP tool-annotation policy, exactly.

Turns the hints an MCP server puts on its tools (``readOnlyHint``,
``destructiveHint``, ``idempotentHint``, ``openWorldHint``, a side-effect tier
in ``_meta``) into what a client does with each call: run it (``allow``), ask
a person first (``confirm``) or hide the tool (``deny``) — plus whether to
retry, audit, or keep the result secret. Every rule is computed by hintgate's
Rust core, the same in every language::

    import hintgate
    d = hintgate.decide({"name": "delete_repo"}, trusted=True)
    d.action == "confirm"   # True
    d.explain()             # 'Confirm first: the policy asks a person ...'
"""

from importlib.metadata import version as _version

from ._errors import DocumentError, HintgateError, InputError, PolicyError
from ._native import (
    Decision,
    Hints,
    Policy,
    decide,
    decide_all,
    lint,
    may_run_in_parallel,
    needs_confirmation,
)
from ._types import PolicyInput, ToolInput, ToolListObject, ToolObject, ToolsInput
from ._vocabulary import Action, Finding, Hint, InvalidKind, Preset, Reason, Retry, Risk, Tier

__version__: str = _version("hintgate")

__all__ = [
    "Action",
    "Decision",
    "DocumentError",
    "Finding",
    "Hint",
    "HintgateError",
    "Hints",
    "InputError",
    "InvalidKind",
    "Policy",
    "PolicyInput",
    "PolicyError",
    "Preset",
    "Reason",
    "Retry",
    "Risk",
    "Tier",
    "ToolInput",
    "ToolListObject",
    "ToolObject",
    "ToolsInput",
    "decide",
    "decide_all",
    "lint",
    "may_run_in_parallel",
    "needs_confirmation",
]
