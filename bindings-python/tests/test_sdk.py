"""The official MCP SDK's objects (`pip install mcp`) give exactly the
decisions of the same tools as JSON text and as `dict`s."""

import dataclasses
import json
from typing import Any, Dict, List, Optional

import mcp.types
import pydantic
import pytest

import hintgate

CONTEXTS: List[Dict[str, Any]] = [
    {"policy": "default", "trusted": True},
    {"policy": "default", "trusted": False},
    {"policy": "permissive", "trusted": True},
    {"policy": "plan", "trusted": True, "offline": True},
    {"policy": "cautious", "trusted": True, "scopes": ["repo", "orders:write"]},
]


def decide_all(value: Any, ctx: Dict[str, Any]) -> List[hintgate.Decision]:
    ctx = dict(ctx)
    return hintgate.decide_all(value, ctx.pop("policy"), **ctx)


@pytest.mark.parametrize("ctx", CONTEXTS)
def test_corpus_as_text_dicts_and_sdk_objects(corpus_text: str, ctx: Dict[str, Any]) -> None:
    as_text = decide_all(corpus_text, ctx)
    assert len(as_text) == 117
    as_dict = decide_all(json.loads(corpus_text), ctx)
    sdk = mcp.types.ListToolsResult.model_validate(json.loads(corpus_text)["result"])
    as_sdk = decide_all(sdk, ctx)
    as_sdk_list = decide_all(sdk.tools, ctx)
    assert as_text == as_dict == as_sdk == as_sdk_list
    for tool, expected in zip(sdk.tools, as_text):
        assert hintgate.decide(tool, ctx["policy"], trusted=ctx["trusted"],
                               offline=ctx.get("offline", False), scopes=ctx.get("scopes")) == expected


def test_corpus_decisions_are_the_documented_ones(corpus_text: str) -> None:
    decisions = hintgate.decide_all(corpus_text, trusted=True)
    by_action = {a: sum(d.action == a for d in decisions) for a in ("allow", "confirm", "deny")}
    assert sum(by_action.values()) == 117 and by_action["deny"] == 0
    assert all(d.reason == "untrusted" for d in hintgate.decide_all(corpus_text))


def test_sdk_tool_reads_annotations_meta_and_titles() -> None:
    tool = mcp.types.Tool.model_validate({
        "name": "orders_place",
        "title": "Place an order",
        "inputSchema": {"type": "object"},
        "annotations": {"readOnlyHint": False, "destructiveHint": False,
                        "idempotentHint": True, "openWorldHint": True},
        "_meta": {"x-side-effect": "external_spend", "x-required-scope": "orders:write"},
    })
    d = hintgate.decide(tool, trusted=True, scopes=["orders:write"])
    assert (d.action, d.risk, d.reason, d.retry) == ("confirm", "spend", "policy", "same_key")
    assert d.display_name == "Place an order" and d.name == "orders_place"
    denied = hintgate.decide(tool, trusted=True, scopes=[])
    assert (denied.action, denied.reason) == ("deny", "missing_scope")


def test_sdk_annotations_title_is_the_display_name() -> None:
    tool = mcp.types.Tool(name="x", input_schema={}, annotations=mcp.types.ToolAnnotations(title="Shown"))
    assert hintgate.decide(tool).display_name == "Shown"


def test_sdk_none_means_absent() -> None:
    """pydantic keeps an absent field as `None`, and the SDK sends a model with
    `exclude_none=True`, so a `None` annotations or `_meta` is absent on the
    wire: the tool is unannotated, not invalid."""
    tool = mcp.types.Tool(name="list_things", input_schema={}, annotations=None, meta=None)
    d = hintgate.decide(tool, trusted=True)
    assert (d.reason, d.error, d.findings) == ("policy", None, ("unannotated", "name_suggests_read"))
    assert d == hintgate.decide({"name": "list_things", "inputSchema": {}}, trusted=True)
    # A plain dict is read as its JSON text is (SPEC §6): a null annotations is invalid.
    as_dict = hintgate.decide({"name": "list_things", "annotations": None}, "permissive", trusted=True)
    assert (as_dict.action, as_dict.reason, as_dict.error) == ("confirm", "invalid_definition", "annotations_not_object")


def test_sdk_tool_received_as_meta_spelling() -> None:
    """A server that spells the field `meta` (seed 003): the SDK reads it into
    the same field as `_meta`, and hintgate reads it from the SDK object."""
    tool = mcp.types.Tool.model_validate({"name": "r", "inputSchema": {}, "meta": {"x-side-effect": "read"}})
    assert hintgate.decide(tool, trusted=True).risk == "read"


def test_annotations_model_inside_a_dict() -> None:
    tool = {"name": "x", "annotations": mcp.types.ToolAnnotations(read_only_hint=True)}
    assert hintgate.decide(tool, trusted=True).risk == "read"


class LegacyAnnotations(pydantic.BaseModel):
    """Like `mcp` 1.x's `ToolAnnotations`: camelCase fields, extra keys kept."""

    model_config = pydantic.ConfigDict(extra="allow")
    readOnlyHint: Optional[bool] = None
    destructiveHint: Optional[bool] = None


def test_pydantic_extra_keys_are_read() -> None:
    annotations = LegacyAnnotations.model_validate({"readOnlyHint": False, "destructiveHint": False,
                                                    "openWorldHint": False, "costWarning": True,
                                                    "progressIndicators": True})
    d = hintgate.decide({"name": "render", "annotations": annotations}, trusted=True)
    assert (d.action, d.reason, d.progress) == ("confirm", "cost_warning", True)


@dataclasses.dataclass
class DuckTool:
    name: Any
    title: Optional[str] = None
    annotations: Any = None
    meta: Any = None


def test_duck_typed_tool_objects() -> None:
    duck = DuckTool("wipe", annotations={"destructiveHint": True}, meta={"x-side-effect": "destructive"})
    d = hintgate.decide(duck, trusted=True)
    assert d == hintgate.decide({"name": "wipe", "annotations": {"destructiveHint": True},
                                 "_meta": {"x-side-effect": "destructive"}}, trusted=True)
    assert (d.risk, d.reason) == ("destructive", "policy")
    # A name that is not a string makes the tool invalid, as in JSON.
    bad = hintgate.decide(DuckTool(42), "permissive", trusted=True)
    assert (bad.action, bad.error, bad.name) == ("confirm", "missing_name", None)


def test_duck_typed_tool_list_object() -> None:
    class Listing:
        tools = [DuckTool("a", annotations={"readOnlyHint": True}), {"name": "b"}]

    assert [d.risk for d in hintgate.decide_all(Listing(), trusted=True)] == ["read", "destructive"]


def test_a_raising_property_propagates_its_own_exception() -> None:
    class Broken:
        name = "x"

        @property
        def annotations(self) -> Any:
            raise RuntimeError("from the caller's object")

    with pytest.raises(RuntimeError, match="from the caller's object"):
        hintgate.decide(Broken())
