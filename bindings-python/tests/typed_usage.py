"""Typed use of the whole public API; `mypy --strict` checks this file (and
`examples/gate.py`) against the stubs, and `test_typing.py` runs it."""

import json
from typing import Dict, List, Optional, Tuple

import mcp.types

import hintgate
from hintgate import Action, Decision, Finding, Hint, Hints, Policy, Reason, Retry, Risk, Tier


def sdk_tool() -> mcp.types.Tool:
    return mcp.types.Tool.model_validate(
        {
            "name": "orders_place",
            "inputSchema": {"type": "object"},
            "annotations": mcp.types.ToolAnnotations(
                read_only_hint=False, destructive_hint=False, idempotent_hint=True, open_world_hint=True
            ),
            "_meta": {"x-side-effect": "external_spend"},
        }
    )


def run() -> List[str]:
    seen: List[str] = []
    d: Decision = hintgate.decide(sdk_tool(), trusted=True)
    action: Action = d.action
    risk: Risk = d.risk
    reason: Reason = d.reason
    retry: Retry = d.retry
    findings: Tuple[Finding, ...] = d.findings
    effective: Tuple[Hint, ...] = d.effective
    name: Optional[str] = d.name
    seen += [action, risk, reason, retry, *findings, *effective, name or ""]
    if d.action == "confirm" and d.retry == Retry.SAME_KEY and d.risk == Risk.SPEND:
        seen.append(d.explain())
    by_dict = hintgate.decide({"name": "x", "annotations": {"readOnlyHint": True}}, "plan", trusted=True)
    by_text = hintgate.decide('{"name": "x", "annotations": {"readOnlyHint": true}}', Policy.PLAN, trusted=True)
    assert by_dict == by_text
    listed = mcp.types.ListToolsResult(tools=[sdk_tool()])
    decisions: List[Decision] = hintgate.decide_all(listed, Policy.preset("cautious"), trusted=True, scopes={"a"})
    assert not hintgate.may_run_in_parallel(decisions)
    asks: bool = hintgate.needs_confirmation(b'{"name": "x"}', offline=True)
    assert asks is False  # offline denies it instead
    custom = Policy(read="allow", compute=Action.CONFIRM, external="confirm", share="confirm",
                    spend="deny", destructive="deny", confirm_costly=False)
    assert custom.action("spend") == Action.DENY and Policy.from_json(custom.to_json()) == custom
    actions: Dict[Risk, Action] = custom.actions
    seen += [str(len(actions)), json.dumps(Tier.READ.annotations), json.dumps(Tier.READ.meta)]
    stamp: Hints = Tier.EXTERNAL_SPEND.hints
    assert stamp.get(Hint.IDEMPOTENT_HINT) is True and stamp.bits == 3087
    lint: Tuple[Finding, ...] = hintgate.lint({"name": "getUser"})
    seen += list(lint)
    try:
        hintgate.decide("{", trusted=True)
    except hintgate.DocumentError as err:
        offset: Optional[int] = err.offset
        seen.append(f"{err.kind}@{offset}")
    try:
        hintgate.decide({"name": "x"}, "yolo")
    except hintgate.PolicyError as err:
        seen.append(err.kind)
    return seen
