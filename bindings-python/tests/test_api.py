"""The Python API: decisions are immutable values with readable reprs, words
are `str`s, policies and hints round-trip, threads share the module."""

import copy
import json
import pickle
import threading
from typing import List

import pytest

import hintgate
from hintgate import Action, Decision, Finding, Hint, Hints, Policy, Preset, Risk, Tier

READ_TOOL = {"name": "list_orders", "annotations": {"readOnlyHint": True}}


def test_decision_fields_and_repr() -> None:
    d = hintgate.decide({"name": "delete_repo"}, trusted=True)
    assert repr(d) == (
        "Decision(name='delete_repo', action='confirm', risk='destructive', reason='policy', "
        "retry='never', audit=True, secret=False, progress=False, findings=('unannotated',))"
    )
    assert d.explain() == "Confirm first: the policy asks a person before running destructive tools."
    assert str(d) == d.explain()
    assert d.needs_confirmation and d.error is None and d.hints == Hints()
    assert d.effective == (Hint.DESTRUCTIVE_HINT, Hint.OPEN_WORLD_HINT)


def test_repr_quotes_names_like_python() -> None:
    d = hintgate.decide({"name": "it's \"x\"\n"})
    assert repr(d).startswith("Decision(name='it\\'s \"x\"\\n', ") or repr(d).startswith(
        "Decision(name=\"it's \\\"x\\\"\\n\", "
    )
    assert d.name == "it's \"x\"\n"
    assert "findings=()" in repr(hintgate.decide(READ_TOOL, trusted=True))


def test_decisions_are_immutable_hashable_values() -> None:
    d = hintgate.decide(READ_TOOL, trusted=True)
    for field in ("action", "risk", "name", "findings"):
        with pytest.raises(AttributeError):
            setattr(d, field, "allow")
    with pytest.raises(AttributeError):
        d.anything_new = 1  # type: ignore[attr-defined]
    twin = hintgate.decide(json.dumps(READ_TOOL), trusted=True)
    assert d == twin and hash(d) == hash(twin) and len({d, twin}) == 1
    assert d != hintgate.decide(READ_TOOL, trusted=False)
    assert d != hintgate.decide({"name": "other", "annotations": {"readOnlyHint": True}}, trusted=True)
    assert (d == "list_orders") is False
    with pytest.raises(TypeError):
        Decision()  # type: ignore[call-arg]


def test_words_are_strings_equal_to_spec_words() -> None:
    d = hintgate.decide(READ_TOOL, trusted=True)
    assert d.action == "allow" and d.action is Action.ALLOW and isinstance(d.action, str)
    assert str(d.risk) == "read" and f"{d.retry}" == "safe" and f"{d.risk:>6}" == "  read"
    assert {"allow": 1}[d.action] == 1
    assert json.dumps(d.to_dict()) == json.dumps({
        "name": "list_orders", "display_name": "list_orders", "action": "allow", "risk": "read",
        "reason": "policy", "retry": "safe", "audit": True, "secret": False, "progress": False,
        "findings": [], "effective": ["readOnlyHint", "idempotentHint", "openWorldHint"],
        "error": None, "explanation": "Allowed: the policy runs read tools without asking.",
    })
    assert Hint("readOnlyHint") is Hint.READ_ONLY_HINT
    assert pickle.loads(pickle.dumps(Risk.SPEND)) is Risk.SPEND
    assert [str(p) for p in Preset] == ["default", "cautious", "strict", "plan", "permissive"]


def test_display_name_order() -> None:
    both = {"name": "n", "title": "Top", "annotations": {"title": "Inner"}}
    assert hintgate.decide(both).display_name == "Top"
    assert hintgate.decide({"name": "n", "annotations": {"title": "Inner"}}).display_name == "Inner"
    assert hintgate.decide({"name": "n", "title": 5}).display_name == "n"
    assert hintgate.decide('{"name": "del\\u0065te_repo"}').name == "delete_repo"


def test_lint_and_parallel() -> None:
    assert hintgate.lint({"name": "getUser"}) == (Finding.UNANNOTATED, Finding.NAME_SUGGESTS_READ)
    assert hintgate.lint({"annotations": {}}) == ()  # invalid: its problem is the definition
    reads = hintgate.decide_all([READ_TOOL, READ_TOOL], trusted=True)
    assert hintgate.may_run_in_parallel(reads) and hintgate.may_run_in_parallel([])
    assert not hintgate.may_run_in_parallel(reads + [hintgate.decide({"name": "x"}, trusted=True)])


def test_context_arguments() -> None:
    tool = {"name": "fetch", "annotations": {"readOnlyHint": True},
            "_meta": {"x-required-scope": "web"}}
    assert hintgate.decide(tool, trusted=True, offline=True).reason == "offline"
    assert hintgate.decide(tool, trusted=True, scopes={"web"}).action == "allow"
    assert hintgate.decide(tool, trusted=True, scopes=("other",)).reason == "missing_scope"
    assert hintgate.decide(tool, trusted=True, scopes=None).action == "allow"
    assert hintgate.needs_confirmation(tool) is True  # untrusted by default
    assert hintgate.decide(tool, policy=Policy.STRICT, trusted=True).action == "confirm"


def test_policy_api() -> None:
    assert Policy.preset("default") == Policy.DEFAULT and Policy.DEFAULT.bits == 5456
    assert Policy.DEFAULT.preset_name is Preset.DEFAULT and repr(Policy.PLAN) == "Policy.preset('plan')"
    custom = Policy(read="allow", compute="allow", external="deny", share=Action.CONFIRM,
                    spend="confirm", destructive="deny", confirm_costly=False)
    assert custom.preset_name is None and custom.action(Risk.EXTERNAL) == "deny"
    assert repr(custom).startswith("Policy(read='allow', compute='allow', external='deny'")
    assert Policy.from_dict(json.loads(custom.to_json())) == custom
    assert Policy.from_json(custom.to_json().encode()) == custom
    assert Policy.DEFAULT.with_action("compute", "confirm") == Policy.CAUTIOUS
    assert Policy.PERMISSIVE.with_confirm_costly(True).confirm_costly
    assert {Policy.DEFAULT: 1}[Policy.preset(Preset.DEFAULT)] == 1
    assert hintgate.decide({"name": "x"}, custom, trusted=True).action == "deny"
    assert hintgate.decide({"name": "x"}, json.loads(custom.to_json()), trusted=True).action == "deny"
    with pytest.raises(AttributeError):
        Policy.DEFAULT.bits = 0  # type: ignore[misc]


def test_hints_api() -> None:
    h = Hints({"readOnlyHint": True, Hint.OPEN_WORLD_HINT: False})
    assert h.bits == 0x0109 and h.get("readOnlyHint") is True and h.get(Hint.COST_WARNING) is None
    assert h.declared == {Hint.READ_ONLY_HINT: True, Hint.OPEN_WORLD_HINT: False}
    assert repr(h) == "Hints({'readOnlyHint': True, 'openWorldHint': False})"
    assert Hints.from_bits(h.bits) == h and not h.conflicting
    assert Hints({"readOnlyHint": True, "destructiveHint": True}).conflicting


def test_tier_stamps() -> None:
    assert Tier.READ.annotations == {"readOnlyHint": True, "destructiveHint": False,
                                     "idempotentHint": False, "openWorldHint": True}
    assert Tier.SHARE_EXPORT.meta == {"x-side-effect": "share_export"}
    assert Tier.READ.hints.bits == 0x090F and Tier.EXTERNAL_SPEND.risk is Risk.SPEND
    for tier in Tier:
        stamped = {"name": "t", "annotations": tier.annotations, "_meta": tier.meta}
        d = hintgate.decide(stamped, trusted=True)
        assert (d.risk, d.reason) == (tier.risk, "policy")
    Tier.READ.annotations["readOnlyHint"] = False  # a copy: the stamp is unchanged
    assert Tier.READ.annotations["readOnlyHint"] is True


def test_duplicate_keys_exist_only_in_text(examples_text: str) -> None:
    """`webhook_fire` declares `readOnlyHint` twice: invalid as text. A dict
    cannot hold a duplicate key (`json.loads` keeps the last), so as a dict it
    is a different, valid tool."""
    as_text = hintgate.decide_all(examples_text, trusted=True)
    assert len(as_text) == 17
    assert hintgate.decide_all(examples_text.encode(), trusted=True) == as_text
    assert hintgate.decide_all(bytearray(examples_text.encode()), trusted=True) == as_text
    as_dict = hintgate.decide_all(json.loads(examples_text), trusted=True)
    differ = [(t.name, t.error, d.error) for t, d in zip(as_text, as_dict) if t != d]
    assert differ == [("webhook_fire", "duplicate_key", None)]


def test_decide_all_forms_agree(corpus_text: str) -> None:
    as_text = hintgate.decide_all(corpus_text, trusted=True)
    value = json.loads(corpus_text)["result"]
    assert hintgate.decide_all(value, trusted=True) == as_text
    assert hintgate.decide_all(value["tools"], trusted=True) == as_text
    assert hintgate.decide_all(tuple(value["tools"]), trusted=True) == as_text
    assert hintgate.decide_all({"jsonrpc": "2.0", "id": 1, "result": value}, trusted=True) == as_text
    singles = [hintgate.decide(t, trusted=True) for t in value["tools"]]
    assert singles == as_text


def test_copy_of_a_decision_is_equal() -> None:
    d = hintgate.decide(READ_TOOL, trusted=True)
    assert copy.copy(d) is d and copy.deepcopy({"d": d})["d"] is d


def test_decide_all_from_threads(corpus_text: str) -> None:
    """Large documents are read with the GIL released; threads get the same answers."""
    expected = hintgate.decide_all(corpus_text, trusted=True)
    data = corpus_text.encode()
    results: List[List[Decision]] = []
    errors: List[BaseException] = []

    def work() -> None:
        try:
            for _ in range(20):
                results.append(hintgate.decide_all(data, trusted=True))
        except BaseException as err:  # noqa: BLE001 - reported below
            errors.append(err)

    big_tool = json.dumps({"name": "get_report", "description": "x" * 40_000,
                           "annotations": {"readOnlyHint": True}})
    assert len(big_tool) > 16 * 1024  # read with the GIL released too

    def work_single() -> None:
        try:
            for _ in range(50):
                d = hintgate.decide(big_tool, trusted=True)
                assert (d.action, d.name) == ("allow", "get_report")
                assert hintgate.lint(big_tool) == ()
                assert not hintgate.needs_confirmation(big_tool, trusted=True)
        except BaseException as err:  # noqa: BLE001 - reported below
            errors.append(err)

    threads = [threading.Thread(target=work) for _ in range(4)]
    threads += [threading.Thread(target=work_single) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(results) == 80
    assert all(r == expected for r in results)
