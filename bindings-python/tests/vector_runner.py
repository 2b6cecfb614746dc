"""Runs one case of the shared conformance vectors (`tests/vectors/*.json`)
through the Python binding, as strictly as the Rust runner (`tests/src/lib.rs`):
unknown fields and missing expectations are failures, every expected field is
compared, and `needs_confirmation == (action == "confirm")` is checked.

Each document runs in every form a Python caller can give it: the exact JSON
text as `bytes` and as `str`, and — when the same document can be a Python
value — that value (`dict`/`list`), which the binding writes as JSON itself.
"""

import json
import math
from typing import Any, Dict, Iterator, List, Optional, Tuple

import hintgate
from conftest import VECTOR_REPORT

COMMON = {"id", "description", "spec", "source"}


class Mismatches:
    """Collects every mismatch of one case, so a failure lists them all."""

    def __init__(self, case_id: str) -> None:
        self.case_id = case_id
        self.problems: List[str] = []

    def only_fields(self, obj: Dict[str, Any], allowed: set, what: str) -> None:
        for key in obj:
            if key not in allowed and key not in COMMON:
                self.problems.append(f"unknown field `{key}` in {what}")

    def check(self, field: str, expected: Dict[str, Any], key: str, actual: Any) -> None:
        VECTOR_REPORT["checks"] += 1
        if key not in expected:
            self.problems.append(f"no expected `{key}` for {field}")
        elif expected[key] != actual or type(expected[key]) is not type(actual):
            self.problems.append(f"{field}: expected {expected[key]!r}, got {actual!r}")

    def fail(self, message: str) -> None:
        self.problems.append(message)

    def raise_if_any(self) -> None:
        if self.problems:
            raise AssertionError(f"{self.case_id}:\n  " + "\n  ".join(self.problems))


# -- input forms -------------------------------------------------------------


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


def _no_duplicates(pairs: List[Tuple[str, Any]]) -> Dict[str, Any]:
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ValueError("duplicate key")
    return dict(pairs)


def _non_finite(text: str) -> float:
    raise ValueError(f"non-finite {text}")


def as_python_value(text: str) -> Optional[Any]:
    """The document as the Python value `json.loads` gives, when that value is
    the same document to the core: no duplicate keys (a dict keeps one), no
    non-finite numbers, and nesting within the core's 128 levels (the binding
    does not look at values the core does not read, so it cannot find them too
    deep). `None` otherwise."""
    try:
        value = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_non_finite)
    except ValueError:
        return None
    if _depth(value) > 128 or _has_non_finite(value):
        return None
    if isinstance(value, str):
        # A Python `str` argument is JSON text, so a JSON string document has
        # no Python-value form.
        return None
    return value


def _has_non_finite(value: Any) -> bool:
    if isinstance(value, float):
        return not math.isfinite(value)
    if isinstance(value, dict):
        return any(_has_non_finite(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_non_finite(v) for v in value)
    return False


def input_forms(case: Dict[str, Any], m: Mismatches) -> Iterator[Tuple[str, Any]]:
    """(form name, argument) for every form of the case's document."""
    has_input, has_hex = "input" in case, "input_hex" in case
    if has_input == has_hex:
        m.fail("needs exactly one of `input` and `input_hex`")
        return
    if has_hex:
        yield "bytes", bytes.fromhex("".join(case["input_hex"].split()))
        return
    value = case["input"]
    if isinstance(value, str):
        # The exact JSON text.
        yield "bytes", value.encode("utf-8")
        yield "str", value
        python_value = as_python_value(value)
        if python_value is not None:
            yield "python", python_value
    else:
        text = json.dumps(value)
        yield "bytes", text.encode("utf-8")
        yield "str", text
        if not isinstance(value, str):
            yield "python", value


def is_single_tool(argument: Any) -> bool:
    """Whether the document is one Tool object (SPEC §6: an object without a
    `tools` or `jsonrpc` key), judged from its Python value."""
    if isinstance(argument, (bytes, str)):
        try:
            argument = json.loads(argument)
        except ValueError:
            return False
    return isinstance(argument, dict) and "tools" not in argument and "jsonrpc" not in argument


# -- kinds -------------------------------------------------------------------


def names(words: Any) -> List[str]:
    """Enum members as their plain words, checking each is a `str`."""
    return [str(w) for w in words]


def run_decisions(case: Dict[str, Any], m: Mismatches) -> None:
    m.only_fields(case, {"input", "input_hex", "tools", "error"}, "case")
    expected_tools = case.get("tools")
    expected_error = case.get("error")
    if (expected_tools is None) == (expected_error is None):
        m.fail("needs exactly one of `tools` and `error`")
        return
    for form, argument in input_forms(case, m):
        if expected_error is not None:
            document_error(form, argument, expected_error, m)
        else:
            tools_of(form, argument, expected_tools, m)


def document_error(form: str, argument: Any, expected: Dict[str, Any], m: Mismatches) -> None:
    m.only_fields(expected, {"kind", "offset", "message"}, "error")
    try:
        got = hintgate.decide_all(argument, trusted=True)
    except hintgate.DocumentError as err:
        m.check(f"[{form}] error.kind", expected, "kind", err.kind)
        if form == "python":
            # The JSON was written by the binding: offsets mean nothing to the caller.
            if err.offset is not None:
                m.fail(f"[{form}] error.offset: expected None for a Python value, got {err.offset}")
        else:
            m.check(f"[{form}] error.offset", expected, "offset", err.offset)
        if "message" in expected or err.kind == "server_error":
            m.check(f"[{form}] error.message", expected, "message", err.server_message)
        if not isinstance(err, ValueError):
            m.fail("DocumentError is not a ValueError")
        # Deciding one tool rejects the same document the same way.
        try:
            hintgate.decide(argument)
            m.fail(f"[{form}] decide accepted a document decide_all rejects")
        except hintgate.DocumentError as single:
            if single.kind != err.kind:
                m.fail(f"[{form}] decide: {single.kind}, decide_all: {err.kind}")
        return
    m.fail(f"[{form}] read fine ({len(got)} tools), expected error {expected}")


def _context(exp: Dict[str, Any], at: str, m: Mismatches) -> Optional[Dict[str, Any]]:
    policy = exp.get("policy")
    if not isinstance(policy, (str, dict)):
        m.fail(f"{at}: bad policy {policy!r}")
        return None
    trusted = exp.get("trusted")
    if not isinstance(trusted, bool):
        m.fail(f"{at}: `trusted` must be a boolean")
        return None
    scopes = exp.get("scopes")
    if scopes is not None and not (isinstance(scopes, list) and all(isinstance(s, str) for s in scopes)):
        m.fail(f"{at}: bad `scopes`")
        return None
    return {
        "policy": policy,
        "trusted": trusted,
        "offline": exp.get("offline", False),
        "scopes": scopes,
    }


DECISION_FIELDS = {
    "policy", "trusted", "offline", "scopes", "risk", "action", "reason",
    "retry", "audit", "secret", "progress", "effective",
}
TOOL_FIELDS = {"name", "display_name", "bits", "findings", "error", "decisions"}


def tools_of(form: str, argument: Any, expected: Any, m: Mismatches) -> None:
    if not isinstance(expected, list):
        m.fail("`tools` must be an array")
        return
    single = is_single_tool(argument)
    if not single and expected:
        # `decide` takes exactly one tool; a list is refused with the core's word.
        try:
            hintgate.decide(argument)
            m.fail(f"[{form}] decide accepted a list document")
        except hintgate.DocumentError as err:
            if err.kind != "not_a_tool":
                m.fail(f"[{form}] decide on a list: {err.kind}, expected not_a_tool")
    for index, tool in enumerate(expected):
        if not isinstance(tool, dict):
            m.fail(f"tools[{index}] is not an object")
            continue
        m.only_fields(tool, TOOL_FIELDS, "tool")
        decisions = tool.get("decisions")
        if not isinstance(decisions, list) or not decisions:
            m.fail(f"tools[{index}] has no decisions")
            continue
        for j, exp in enumerate(decisions):
            at = f"[{form}] tools[{index}].decisions[{j}]"
            if not isinstance(exp, dict):
                m.fail(f"{at} is not an object")
                continue
            m.only_fields(exp, DECISION_FIELDS, "decision")
            ctx = _context(exp, at, m)
            if ctx is None:
                continue
            try:
                got = hintgate.decide_all(argument, ctx["policy"], trusted=ctx["trusted"],
                                          offline=ctx["offline"], scopes=ctx["scopes"])
            except hintgate.HintgateError as err:
                m.fail(f"{at}: rejected ({err.kind}: {err}), expected tools")
                return
            if len(got) != len(expected):
                m.fail(f"[{form}] {len(got)} tools, expected {len(expected)}")
                return
            decision = got[index]
            VECTOR_REPORT["decision_runs"] += 1
            if form == "bytes":
                VECTOR_REPORT["decisions"] += 1
            check_tool(f"[{form}] tools[{index}]", tool, decision, m)
            check_decision(at, exp, decision, m)
            if single:
                one = hintgate.decide(argument, ctx["policy"], trusted=ctx["trusted"],
                                      offline=ctx["offline"], scopes=ctx["scopes"])
                if one != decision:
                    m.fail(f"{at}: decide gives {one!r}, decide_all {decision!r}")
                asks = hintgate.needs_confirmation(argument, ctx["policy"], trusted=ctx["trusted"],
                                                   offline=ctx["offline"], scopes=ctx["scopes"])
                if asks != (decision.action == "confirm"):
                    m.fail(f"{at}: needs_confirmation() disagrees with the action")
                if names(hintgate.lint(argument)) != names(decision.findings):
                    m.fail(f"{at}: lint() disagrees with the decision's findings")


def check_tool(at: str, exp: Dict[str, Any], d: hintgate.Decision, m: Mismatches) -> None:
    m.check(f"{at}.name", exp, "name", d.name)
    m.check(f"{at}.display_name", exp, "display_name", d.display_name)
    m.check(f"{at}.bits", exp, "bits", d.hints.bits)
    m.check(f"{at}.findings", exp, "findings", names(d.findings))
    m.check(f"{at}.error", exp, "error", None if d.error is None else str(d.error))


def check_decision(at: str, exp: Dict[str, Any], d: hintgate.Decision, m: Mismatches) -> None:
    for field in ("risk", "action", "reason", "retry"):
        value = getattr(d, field)
        if not isinstance(value, str):
            m.fail(f"{at}.{field} is not a str: {value!r}")
        # The enum member compares equal to the plain word.
        m.check(f"{at}.{field}", exp, field, str(value))
        if field in exp and value != exp[field]:
            m.fail(f"{at}.{field}: {value!r} != {exp[field]!r}")
    m.check(f"{at}.audit", exp, "audit", d.audit)
    m.check(f"{at}.secret", exp, "secret", d.secret)
    m.check(f"{at}.progress", exp, "progress", d.progress)
    m.check(f"{at}.effective", exp, "effective", names(d.effective))
    if d.needs_confirmation != (d.action == "confirm"):
        m.fail(f"{at}: needs_confirmation disagrees with the action")


def run_hints(case: Dict[str, Any], m: Mismatches) -> None:
    m.only_fields(case, {"bits", "valid", "declared", "effective"}, "case")
    bits = case.get("bits")
    if not isinstance(bits, int):
        m.fail("needs `bits`")
        return
    try:
        hints: Optional[hintgate.Hints] = hintgate.Hints.from_bits(bits)
    except hintgate.HintgateError as err:
        if err.kind != "invalid_bits":
            m.fail(f"from_bits raised {err.kind}")
        hints = None
    m.check("valid", case, "valid", hints is not None)
    if hints is None:
        return
    m.check("declared", case, "declared", {str(k): v for k, v in hints.declared.items()})
    m.check("effective", case, "effective", names(hints.effective))
    m.check("bits (rebuilt)", case, "bits", hintgate.Hints(hints.declared).bits)
    m.check("bits (rebuilt from words)", case, "bits",
            hintgate.Hints({str(k): v for k, v in hints.declared.items()}).bits)
    for hint in hintgate.Hint:
        if hints.get(hint) != case.get("declared", {}).get(str(hint)):
            m.fail(f"get({hint}) = {hints.get(hint)}")


def run_tiers(case: Dict[str, Any], m: Mismatches) -> None:
    m.only_fields(case, {"tier", "known", "risk", "stamp_bits", "annotations", "meta"}, "case")
    word = case.get("tier")
    if not isinstance(word, str):
        m.fail("needs `tier`")
        return
    try:
        tier: Optional[hintgate.Tier] = hintgate.Tier(word)
    except ValueError:
        tier = None
    m.check("known", case, "known", tier is not None)
    if tier is None:
        return
    m.check("risk", case, "risk", str(tier.risk))
    m.check("stamp_bits", case, "stamp_bits", tier.hints.bits)
    m.check("annotations", case, "annotations", tier.annotations)
    m.check("meta", case, "meta", tier.meta)


def run_policies(case: Dict[str, Any], m: Mismatches) -> None:
    m.only_fields(case, {"policy", "policy_text", "bits", "confirm_costly", "actions", "error"}, "case")
    if ("policy" in case) == ("policy_text" in case):
        m.fail("needs exactly one of `policy`, `policy_text`")
        return
    spec = case.get("policy", case.get("policy_text"))
    policy: Optional[hintgate.Policy] = None
    try:
        if "policy_text" in case:
            policy = hintgate.Policy.from_json(spec)
        elif isinstance(spec, str):
            policy = hintgate.Policy.preset(spec)
        else:
            policy = hintgate.Policy.from_dict(spec)
        error = None
    except hintgate.PolicyError as err:
        error = err.kind
    # The same policy as `decide`'s argument is accepted or refused alike.
    argument = spec if "policy" in case else None
    if argument is not None:
        try:
            hintgate.decide({"name": "probe"}, argument)
            if error is not None:
                m.fail(f"decide accepted policy {spec!r}")
        except hintgate.PolicyError as err:
            if err.kind != error:
                m.fail(f"decide refused policy with {err.kind}, Policy with {error}")
    if "error" in case:
        m.check("error", case, "error", error)
        return
    if policy is None:
        m.fail(f"rejected ({error}), expected a policy")
        return
    m.check("bits", case, "bits", policy.bits)
    m.check("confirm_costly", case, "confirm_costly", policy.confirm_costly)
    m.check("actions", case, "actions", {str(r): str(a) for r, a in policy.actions.items()})
    if hintgate.Policy.from_json(policy.to_json()) != policy:
        m.fail("to_json does not read back")
    if hintgate.Policy.from_bits(policy.bits) != policy:
        m.fail("from_bits does not read back")


def run_parallel(case: Dict[str, Any], m: Mismatches) -> None:
    m.only_fields(case, {"input", "trusted", "parallel"}, "case")
    trusted = case.get("trusted")
    if not isinstance(trusted, bool):
        m.fail("`trusted` must be a boolean")
        return
    for form, argument in input_forms(case, m):
        decisions = hintgate.decide_all(argument, "default", trusted=trusted)
        m.check(f"[{form}] parallel", case, "parallel", hintgate.may_run_in_parallel(decisions))


KINDS = {
    "decisions": run_decisions,
    "hints": run_hints,
    "tiers": run_tiers,
    "policies": run_policies,
    "parallel": run_parallel,
}
