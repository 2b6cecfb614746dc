"""The anchor: SPEC in pure Python, as a careful Python client writes it
today — `json.loads` for documents, then dict lookups per tool.

It implements SPEC §1–§7 for tools given as `dict`s (a `dict` cannot hold a
duplicate key, so that invalid-tool kind cannot arise here). `bench_decide.py`
checks it agrees with hintgate before timing anything.
"""

from typing import Any, Dict, FrozenSet, List, Optional, Tuple

HINTS = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint",
         "costWarning", "progressIndicators")
DEFAULTS = (False, True, False, True, False, False)
STAMPS = {
    "read": (True, False, False, True),
    "compute": (False, False, False, False),
    "external_spend": (False, False, True, True),
    "share_export": (False, False, False, True),
    "destructive": (False, True, False, False),
}
TIER_RISK = {"read": "read", "compute": "compute", "external_spend": "spend",
             "share_export": "share", "destructive": "destructive"}
RISK_RANK = {"read": 0, "compute": 1, "external": 2, "share": 3, "spend": 4, "destructive": 5}
_A, _C, _D = "allow", "confirm", "deny"
PRESETS: Dict[str, Tuple[Dict[str, str], bool]] = {
    "default": (dict(read=_A, compute=_A, external=_C, share=_C, spend=_C, destructive=_C), True),
    "cautious": (dict(read=_A, compute=_C, external=_C, share=_C, spend=_C, destructive=_C), True),
    "strict": (dict(read=_C, compute=_C, external=_C, share=_C, spend=_C, destructive=_C), True),
    "plan": (dict(read=_A, compute=_D, external=_D, share=_D, spend=_D, destructive=_D), True),
    "permissive": (dict(read=_A, compute=_A, external=_A, share=_A, spend=_A, destructive=_A), False),
}
READ_WORDS = frozenset(("get", "list", "search", "read", "preview", "compare"))
DESTRUCTIVE_WORDS = frozenset(("delete", "remove", "drop", "destroy", "purge", "cancel",
                               "refund", "revoke"))
MAX_KEYS = 64

#: (name, display_name, action, risk, reason, retry, audit, secret, progress, findings)
Decision = Tuple[Optional[str], Optional[str], str, str, str, str, bool, bool, bool, Tuple[str, ...]]


def first_word(name: str) -> str:
    previous_lower = False
    for i, c in enumerate(name):
        if c in "_-." or (previous_lower and c.isupper()):
            return name[:i].lower()
        previous_lower = c.islower()
    return name.lower()


def effective(declared: List[Optional[bool]]) -> List[bool]:
    ro, de = declared[0], declared[1]
    conflict = ro is True and de is True
    read_only = ro is True and not conflict
    if read_only:
        destructive = False
    elif conflict:
        destructive = True
    else:
        destructive = DEFAULTS[1] if de is None else de
    idem = declared[2]
    values = [read_only, destructive, read_only or (False if idem is None else idem)]
    for slot in (3, 4, 5):
        value = declared[slot]
        values.append(DEFAULTS[slot] if value is None else value)
    return values


def hints_risk(eff: List[bool]) -> str:
    if eff[0]:
        return "read"
    if eff[1]:
        return "destructive"
    return "external" if eff[3] else "compute"


def decide(tool: Any, policy: str = "default", trusted: bool = False, offline: bool = False,
           scopes: Optional[FrozenSet[str]] = None) -> Decision:
    actions, confirm_costly = PRESETS[policy]
    name = display = None
    invalid = not isinstance(tool, dict)
    annotations = meta = None
    if not invalid:
        name = tool.get("name")
        annotations = tool.get("annotations")
        meta = tool["_meta"] if "_meta" in tool else tool.get("meta")
        invalid = (
            not isinstance(name, str)
            or ("annotations" in tool and not isinstance(annotations, dict))
            or (("_meta" in tool or "meta" in tool) and not isinstance(meta, dict))
            or len(tool) > MAX_KEYS
            or (annotations is not None and len(annotations) > MAX_KEYS)
            or (meta is not None and len(meta) > MAX_KEYS)
        )
        if not isinstance(name, str):
            name = None
    findings: List[str] = []
    if invalid:
        risk, reason, eff, required = "destructive", "invalid_definition", list(DEFAULTS), None
        display = name
    else:
        ann = annotations or {}
        declared: List[Optional[bool]] = []
        invalid_hint = False
        for key in HINTS:
            value = ann.get(key)
            if isinstance(value, bool):
                declared.append(value)
            else:
                declared.append(None)
                invalid_hint = invalid_hint or key in ann
        title = tool.get("title")
        ann_title = ann.get("title")
        display = title if isinstance(title, str) else ann_title if isinstance(ann_title, str) else name
        m = meta or {}
        tier: Any = m.get("x-side-effect")
        required = m.get("x-required-scope")
        stamp = STAMPS.get(tier) if isinstance(tier, str) else None
        unknown = tier is not None and stamp is None
        conflict = declared[0] is True and declared[1] is True
        agrees = stamp is not None and all(
            declared[i] is None or declared[i] == stamp[i] for i in range(4))
        if unknown:
            t_risk, t_reason, t_eff = "destructive", "unknown_tier", list(DEFAULTS)
        elif stamp is not None and agrees:
            filled = [stamp[i] if i < 4 and declared[i] is None else declared[i] for i in range(6)]
            t_eff = effective(filled)
            t_risk, t_reason = TIER_RISK[tier], "policy"
        else:
            t_eff = effective(declared)
            t_risk = hints_risk(t_eff)
            if stamp is not None:
                tier_risk = TIER_RISK[tier]
                if RISK_RANK[tier_risk] > RISK_RANK[t_risk]:
                    t_risk = tier_risk
                t_reason = "conflicting_hints" if conflict else "tier_mismatch"
            else:
                t_reason = "conflicting_hints" if conflict else "policy"
        if conflict:
            findings.append("conflicting_hints")
        if stamp is not None and not agrees:
            findings.append("tier_mismatch")
        if unknown:
            findings.append("unknown_tier")
        if invalid_hint:
            findings.append("invalid_hint")
        if annotations is None:
            findings.append("unannotated")
        word = first_word(name)  # type: ignore[arg-type]
        if word in READ_WORDS and not t_eff[0]:
            findings.append("name_suggests_read")
        if word in DESTRUCTIVE_WORDS and not t_eff[1]:
            findings.append("name_suggests_destructive")
        if trusted:
            risk, reason, eff = t_risk, t_reason, t_eff
        else:
            risk, reason, eff, required = "destructive", "untrusted", list(DEFAULTS), None
    action = actions[risk]
    if invalid and action == "allow":
        action = "confirm"
    if offline and eff[3]:
        action, reason = "deny", "offline"
    elif scopes is not None and required is not None and not (
            isinstance(required, str) and required in scopes):
        action, reason = "deny", "missing_scope"
    elif action == "allow" and confirm_costly and eff[4]:
        action, reason = "confirm", "cost_warning"
    retry = "same_key" if risk == "spend" else "safe" if eff[2] else "never"
    return (name, display, action, risk, reason, retry, eff[3], risk == "share", eff[5],
            tuple(findings))


def tools_of(document: Any) -> List[Any]:
    """The tools of a parsed document (SPEC §6's four forms)."""
    if isinstance(document, list):
        return document
    if "tools" in document:
        return document["tools"]  # type: ignore[no-any-return]
    if "jsonrpc" in document:
        return document["result"]["tools"]  # type: ignore[no-any-return]
    return [document]
