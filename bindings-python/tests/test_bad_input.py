"""Bad input of every kind gets a typed `HintgateError` (a `ValueError`) or a
fail-closed decision — never a crash, never `allow`, never `PanicException`."""

import json
import math
import pickle
import random
from typing import Any, Dict, List

import pytest

import hintgate
from hintgate import DocumentError, HintgateError, InputError, PolicyError

# -- documents the core rejects, as text: kind and byte offset ---------------

DOCUMENT_ERRORS = [
    (b"", "unexpected_end", 0),
    (b'{"name": "x"', "unexpected_end", 12),
    (b'{"name": "x"}}', "trailing_bytes", 13),
    (b'{"name": tru}', "unexpected_byte", 12),
    (b'{"name": "\xff"}', "invalid_utf8", 10),
    (b'{"name": "\\q"}', "invalid_escape", 10),
    (b'{"name": "a\x01"}', "control_character", 11),
    (b'{"n": -}', "invalid_number", 7),
    (b"[" * 129 + b"]" * 129, "too_deep", 128),
    (b"5", "not_a_document", 0),
    (b'{"tools": 5}', "tools_not_array", 10),
    (b'{"jsonrpc": "2.0", "id": 1}', "missing_result", 0),
]


@pytest.mark.parametrize("text,kind,offset", DOCUMENT_ERRORS, ids=[k for _, k, _ in DOCUMENT_ERRORS])
def test_document_errors_name_kind_and_offset(text: bytes, kind: str, offset: int) -> None:
    for call in (hintgate.decide, hintgate.decide_all, hintgate.lint, hintgate.needs_confirmation):
        with pytest.raises(DocumentError) as caught:
            call(text)  # type: ignore[operator]
        err = caught.value
        assert (err.kind, err.offset) == (kind, offset), call
        assert isinstance(err, HintgateError) and isinstance(err, ValueError)
        assert str(err).endswith(f"at byte {offset}")


def test_server_error_carries_the_servers_message() -> None:
    text = '{"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "no t\\u006fols"}}'
    with pytest.raises(DocumentError) as caught:
        hintgate.decide_all(text)
    err = caught.value
    assert (err.kind, err.server_code, err.server_message) == ("server_error", -32601, "no tools")
    assert "no tools" in str(err)


def test_a_list_is_not_one_tool() -> None:
    with pytest.raises(DocumentError) as caught:
        hintgate.decide('[{"name": "a"}]')
    assert (caught.value.kind, caught.value.offset) == ("not_a_tool", 0)
    with pytest.raises(DocumentError) as caught:
        hintgate.decide([{"name": "a"}])
    assert (caught.value.kind, caught.value.offset) == ("not_a_tool", None)


# -- Python values JSON cannot hold ------------------------------------------

INPUT_ERRORS: List[Any] = [
    ({"name": "x", "annotations": {"readOnlyHint": {1, 2}}}, "unsupported_type"),
    ({"name": "x", "_meta": {"x-side-effect": b"read"}}, "unsupported_type"),
    ({"name": object()}, "unsupported_type"),
    ({"name": "x", "title": 1 + 2j}, "unsupported_type"),
    ({"name": "x", "annotations": {"readOnlyHint": math.nan}}, "non_finite_number"),
    ({"name": "x", "annotations": {"costWarning": -math.inf}}, "non_finite_number"),
    ({"name": "x", "annotations": {1: True}}, "non_string_key"),
    ({("name",): "x"}, "non_string_key"),
    ('{"name": "\ud800"}', "unencodable_string"),
]


@pytest.mark.parametrize("value,kind", INPUT_ERRORS, ids=[f"{k}-{i}" for i, (_, k) in enumerate(INPUT_ERRORS)])
def test_values_json_cannot_hold(value: Any, kind: str) -> None:
    with pytest.raises(InputError) as caught:
        hintgate.decide(value)
    assert caught.value.kind == kind and caught.value.offset is None
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize("value", [42, None, True, 1.5, [[1]]])
def test_values_that_are_json_but_not_a_tool(value: Any) -> None:
    """A number is JSON, just not a document: the core says so, as for its text."""
    with pytest.raises(DocumentError) as as_value:
        hintgate.decide(value)
    with pytest.raises(DocumentError) as as_text:
        hintgate.decide(json.dumps(value))
    assert as_value.value.kind == as_text.value.kind
    assert as_value.value.offset is None and as_text.value.offset is not None


def test_values_the_core_does_not_read_are_not_looked_at() -> None:
    """Only what the core reads is converted: a set in `inputSchema` is fine."""
    tool = {"name": "x", "inputSchema": {"enum": {1, 2}}, "anything": object()}
    assert hintgate.decide(tool, trusted=True).reason == "policy"


def test_lone_surrogates_in_a_dict_are_judged_by_the_core() -> None:
    """`json.dumps` writes a lone surrogate as `\\ud800`; so does the binding,
    and the core rejects the escape either way."""
    tool = {"name": "\ud800"}
    with pytest.raises(DocumentError) as as_text:
        hintgate.decide(json.dumps(tool))
    with pytest.raises(DocumentError) as as_dict:
        hintgate.decide(tool)
    assert as_text.value.kind == as_dict.value.kind == "invalid_escape"
    pair = {"name": "\ud83d\ude00"}  # two surrogates that make one character
    assert hintgate.decide(pair).name == hintgate.decide(json.dumps(pair)).name == "\U0001f600"


def test_self_referencing_values_are_too_deep_not_a_hang() -> None:
    loop: Dict[str, Any] = {"name": "x"}
    loop["annotations"] = {"title": loop}
    with pytest.raises(DocumentError) as caught:
        hintgate.decide(loop)
    assert caught.value.kind == "too_deep"
    nested: List[Any] = []
    for _ in range(300):
        nested = [nested]
    with pytest.raises(DocumentError):
        hintgate.decide({"name": "x", "_meta": {"x-produces": nested}})


def test_big_and_odd_numbers_are_written_exactly() -> None:
    for value in (10**40, -(10**40), True, 1e300, -0.0, 5e-324):
        tool = {"name": "x", "annotations": {"readOnlyHint": value}}
        assert hintgate.decide(tool, trusted=True) == hintgate.decide(json.dumps(tool), trusted=True)


# -- arguments ---------------------------------------------------------------


@pytest.mark.parametrize("scopes", ["repo", b"repo", 5, ["ok", 5]])
def test_bad_scopes(scopes: Any) -> None:
    with pytest.raises(InputError) as caught:
        hintgate.decide({"name": "x"}, scopes=scopes)
    assert caught.value.kind == "invalid_scopes"


def test_bad_policies() -> None:
    with pytest.raises(PolicyError) as caught:
        hintgate.decide({"name": "x"}, "yolo")
    assert caught.value.kind == "unknown_preset"
    with pytest.raises(PolicyError) as caught:
        hintgate.decide({"name": "x"}, {"read": "allow"})
    assert caught.value.kind == "missing_key" and caught.value.field == "compute"
    with pytest.raises(PolicyError) as caught:
        hintgate.Policy.from_json('{"read": "allow", "read": "deny"}')
    assert caught.value.kind == "duplicate_key"
    with pytest.raises(InputError):
        hintgate.decide({"name": "x"}, 5)  # type: ignore[arg-type]
    with pytest.raises(HintgateError) as err:
        hintgate.Policy(read="maybe", compute="allow", external="allow", share="allow",
                        spend="allow", destructive="allow", confirm_costly=False)
    assert err.value.kind == "unknown_word"
    with pytest.raises(HintgateError):
        hintgate.Policy.from_bits(3)
    with pytest.raises(HintgateError):
        hintgate.Policy.DEFAULT.action("money")


def test_bad_hints() -> None:
    with pytest.raises(HintgateError) as caught:
        hintgate.Hints.from_bits(0x40)
    assert caught.value.kind == "invalid_bits"
    with pytest.raises(HintgateError) as caught:
        hintgate.Hints({"readOnly": True})
    assert caught.value.kind == "unknown_word"
    with pytest.raises(HintgateError) as caught:
        hintgate.Hints({"readOnlyHint": 1})  # type: ignore[dict-item]
    assert caught.value.kind == "not_a_bool"
    with pytest.raises(ValueError):
        hintgate.Tier("expensive")
    with pytest.raises(InputError):
        hintgate.may_run_in_parallel(["read"])  # type: ignore[list-item]


def test_a_panic_becomes_hintgate_error() -> None:
    with pytest.raises(HintgateError) as caught:
        hintgate._native._panic_for_test()
    assert caught.value.kind == "internal_error"
    assert "deliberate panic" in str(caught.value)


def test_errors_pickle_with_their_fields() -> None:
    with pytest.raises(DocumentError) as caught:
        hintgate.decide(b'{"name": "x"}}')
    again = pickle.loads(pickle.dumps(caught.value))
    assert (type(again), again.kind, again.offset, str(again)) == (
        DocumentError, "trailing_bytes", 13, str(caught.value))


# -- fail closed ---------------------------------------------------------------


def test_invalid_tools_are_never_allowed() -> None:
    invalid = [
        {"annotations": {"readOnlyHint": True}},
        {"name": "x", "annotations": None},
        {"name": "x", "annotations": [True]},
        {"name": "x", "_meta": "read"},
        {"name": "x", **{f"k{i}": i for i in range(64)}},
        {"name": "x", "annotations": {f"k{i}": i for i in range(65)}},
    ]
    for tool in invalid:
        for policy in ("permissive", "default"):
            d = hintgate.decide(tool, policy, trusted=True)
            assert d.action != "allow" and d.reason == "invalid_definition", tool
            assert d == hintgate.decide(json.dumps(tool), policy, trusted=True)


def test_mangled_documents_never_crash(corpus_text: str) -> None:
    """Random damage to a real document: every outcome is decisions or a
    DocumentError; an invalid tool is never allowed."""
    rng = random.Random(4)
    data = corpus_text.encode()
    outcomes = {"decided": 0, "rejected": 0}
    for _ in range(300):
        damaged = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            at = rng.randrange(len(damaged))
            damaged[at] = rng.choice(b'{}[]",:\\ \x00\xffa0tn')
        try:
            decisions = hintgate.decide_all(bytes(damaged), "permissive", trusted=True)
            outcomes["decided"] += 1
        except DocumentError:
            outcomes["rejected"] += 1
            continue
        for d in decisions:
            assert not (d.error is not None and d.action == "allow")
    assert outcomes["decided"] > 0 and outcomes["rejected"] > 0
