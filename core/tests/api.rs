//! The Rust API beyond the shared vectors: offsets, buffers, iterators,
//! explanations, and inputs too large to keep in a vector file.

use hintgate::{
    Action, BufferTooSmall, Context, DocumentErrorKind, DocumentForm, GrantedScopes, Hint,
    InvalidKind, JsonStr, Policy, PolicyErrorKind, PolicyField, Reason, RequiredScope, Risk, Tier,
    Tool, ToolFacts, decide, read_document, read_tool,
};

const CORPUS: &[u8] = include_bytes!("../../tests/corpus/github-mcp-server.tools-list.json");

#[test]
fn the_corpus_reads_as_117_valid_tools_in_order() {
    let document = read_document(CORPUS).unwrap();
    assert_eq!(document.form(), DocumentForm::JsonRpc);
    let ours: Vec<String> = document
        .tools()
        .map(|t| {
            assert!(t.invalid().is_none(), "{t:?}");
            t.name().unwrap().to_string()
        })
        .collect();
    let value: serde_json::Value = serde_json::from_slice(CORPUS).unwrap();
    let theirs: Vec<&str> = value["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(ours, theirs);
    // A second pass starts from the first tool again.
    assert_eq!(document.tools().count(), 117);
}

#[test]
fn a_hundred_thousand_levels_of_nesting_are_rejected_without_recursion() {
    let depth = 100_000;
    let mut text = String::from(r#"{"name":"deep","inputSchema":"#);
    let open_at = text.len();
    text.push_str(&"[".repeat(depth));
    text.push_str(&"]".repeat(depth));
    text.push('}');
    let err = read_document(text.as_bytes()).unwrap_err();
    assert_eq!(err.kind, DocumentErrorKind::TooDeep);
    // The tool object is level 1, so the 128th `[` opens level 129.
    assert_eq!(err.offset, open_at + 127);
    assert!(
        err.to_string()
            .contains(&format!("at byte {}", open_at + 127))
    );
}

#[test]
fn nesting_of_exactly_128_levels_is_accepted() {
    let text = format!(
        r#"{{"name":"d","inputSchema":{}{}}}"#,
        "[".repeat(127),
        "]".repeat(127)
    );
    let tool = read_tool(text.as_bytes()).unwrap();
    assert_eq!(tool.name().unwrap(), "d");
}

#[test]
fn invalid_tools_carry_the_offset_of_their_first_problem() {
    let json = br#"[{"name":"a","annotations":{"readOnlyHint":true,"readOnlyHint":false}}, 7, {"title":"x"}]"#;
    let tools: Vec<Tool<'_>> = read_document(json).unwrap().tools().collect();
    let text = std::str::from_utf8(json).unwrap();
    let dup = tools[0].invalid().unwrap();
    assert_eq!(
        (dup.kind, dup.offset),
        (
            InvalidKind::DuplicateKey,
            text.rfind("\"readOnlyHint").unwrap()
        )
    );
    assert_eq!(dup.name.unwrap(), "a");
    let not_object = tools[1].invalid().unwrap();
    assert_eq!(
        (not_object.kind, not_object.offset),
        (InvalidKind::NotAnObject, text.find('7').unwrap())
    );
    let nameless = tools[2].invalid().unwrap();
    assert_eq!(
        (nameless.kind, nameless.offset, nameless.name),
        (InvalidKind::MissingName, text.rfind('}').unwrap(), None)
    );
}

#[test]
fn sixty_four_keys_are_read_and_sixty_five_are_too_many() {
    let object = |n: usize| {
        let keys: Vec<String> = (1..n).map(|i| format!(r#""k{i}":{i}"#)).collect();
        format!(r#"{{"name":"t",{}}}"#, keys.join(","))
    };
    assert!(
        read_tool(object(64).as_bytes())
            .unwrap()
            .invalid()
            .is_none()
    );
    let too_many = object(65);
    let invalid = *read_tool(too_many.as_bytes()).unwrap().invalid().unwrap();
    assert_eq!(invalid.kind, InvalidKind::TooManyKeys);
    assert_eq!(invalid.offset, too_many.find(r#""k64""#).unwrap());
}

#[test]
fn read_tool_wants_exactly_one_tool() {
    let err = read_tool(b"  [{\"name\":\"a\"}]").unwrap_err();
    assert_eq!((err.kind, err.offset), (DocumentErrorKind::NotATool, 2));
}

#[test]
fn server_errors_quote_the_server() {
    let json = br#"{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method \"tools/list\" not found"}}"#;
    let err = read_document(json).unwrap_err();
    assert_eq!(err.kind, DocumentErrorKind::ServerError);
    let server = err.server.unwrap();
    assert_eq!(server.code, Some(-32601));
    assert_eq!(server.message, r#"Method "tools/list" not found"#);
    assert_eq!(
        err.to_string(),
        r#"the server answered with an error (-32601: Method "tools/list" not found) at byte 32"#
    );
}

#[test]
fn meta_facts_are_read_from_the_meta_object() {
    let json = br#"{"name":"t","_meta":{"x-side-effect":"share_export","x-required-scope":"s\u0031","x-produces":["link",4,{"a":[]},"token"]}}"#;
    let tool = read_tool(json).unwrap();
    let facts = tool.facts().unwrap();
    assert_eq!(facts.tier.tier(), Some(Tier::ShareExport));
    assert_eq!(
        facts.required_scope,
        RequiredScope::Named(JsonStr::plain("s1"))
    );
    let produced: Vec<String> = facts.produces.iter().map(|s| s.to_string()).collect();
    assert_eq!(produced, ["link", "token"]);
}

#[test]
fn decoding_needs_a_big_enough_buffer() {
    let tool = read_tool(br#"{"name":"caf\u00e9 \ud83d\ude00"}"#).unwrap();
    let name = tool.name().unwrap();
    assert_eq!(name.decoded_len(), "café 😀".len());
    let mut small = [0u8; 4];
    assert_eq!(
        name.decode_into(&mut small),
        Err(BufferTooSmall { needed: 10 })
    );
    let mut buf = [0u8; 10];
    assert_eq!(name.decode_into(&mut buf).unwrap(), "café 😀");
    assert_eq!(format!("[{name:>8}]"), "[  café 😀]");
    assert_eq!(format!("[{name:-<7.4}]"), "[café---]");
    assert_eq!(format!("{name:?}"), r#""café 😀""#);
}

#[test]
fn every_reason_explains_itself_in_one_sentence() {
    let mut seen = Vec::new();
    for &reason in Reason::ALL {
        let d = hintgate::Decision {
            action: Action::Confirm,
            risk: Risk::Spend,
            reason,
            effective: hintgate::HintSet::DEFAULTS,
        };
        let sentence = d.to_string();
        assert!(sentence.starts_with("Confirm first: ") && sentence.ends_with('.'));
        assert_eq!(sentence.matches(". ").count(), 0, "{sentence}");
        assert!(!seen.contains(&sentence));
        let mut exact = vec![0u8; sentence.len()];
        assert_eq!(d.write_explanation(&mut exact), Ok(sentence.len()));
        assert_eq!(exact, sentence.as_bytes());
        let mut short = vec![0u8; sentence.len() - 1];
        assert_eq!(
            d.write_explanation(&mut short),
            Err(BufferTooSmall {
                needed: sentence.len()
            })
        );
        seen.push(sentence);
    }
}

#[test]
fn stamps_and_policies_write_into_caller_buffers() {
    let mut tiny = [0u8; 8];
    let mut buf = [0u8; 256];
    for &tier in Tier::ALL {
        let len = tier.write_stamp_json(&mut buf).unwrap();
        let value: serde_json::Value = serde_json::from_slice(&buf[..len]).unwrap();
        assert_eq!(value["_meta"]["x-side-effect"], tier.as_str());
        let stamp = tier.stamp();
        let value_of = |hint| stamp.declared(hint) == Some(true);
        let hints = format!(
            r#"{{"readOnlyHint":{},"destructiveHint":{},"idempotentHint":{},"openWorldHint":{}}}"#,
            value_of(Hint::ReadOnly),
            value_of(Hint::Destructive),
            value_of(Hint::Idempotent),
            value_of(Hint::OpenWorld),
        );
        // Compact, in this key order, and the parts are the whole.
        assert_eq!(
            std::str::from_utf8(&buf[..len]).unwrap(),
            format!(r#"{{"annotations":{hints},"_meta":{{"x-side-effect":"{tier}"}}}}"#)
        );
        let mut part_buf = [0u8; 128];
        let part = tier.write_annotations_json(&mut part_buf).unwrap();
        assert_eq!(std::str::from_utf8(&part_buf[..part]).unwrap(), hints);
        let part = tier.write_meta_json(&mut part_buf).unwrap();
        assert_eq!(
            std::str::from_utf8(&part_buf[..part]).unwrap(),
            format!(r#"{{"x-side-effect":"{tier}"}}"#)
        );
        assert_eq!(
            tier.write_stamp_json(&mut tiny),
            Err(BufferTooSmall { needed: len })
        );
        // What the stamp says, read back, is the tier with reason `policy`.
        let tool = format!(
            r#"{{"name":"t",{}}}"#,
            &std::str::from_utf8(&buf[1..len - 1]).unwrap()
        );
        let d = decide(
            &read_tool(tool.as_bytes()).unwrap(),
            Policy::DEFAULT,
            &Context::TRUSTED,
        );
        assert_eq!((d.risk, d.reason), (tier.risk(), Reason::Policy));
    }
    let len = Policy::PLAN.write_json(&mut buf).unwrap();
    assert_eq!(
        std::str::from_utf8(&buf[..len]).unwrap(),
        r#"{"read":"allow","compute":"deny","external":"deny","share":"deny","spend":"deny","destructive":"deny","confirm_costly":true}"#
    );
}

#[test]
fn policy_errors_name_the_key() {
    let err = Policy::from_json(br#"{"read":"allow","compute":"allow","external":"allow","share":"allow","spend":"maybe","destructive":"deny","confirm_costly":true}"#).unwrap_err();
    assert_eq!(err.kind, PolicyErrorKind::InvalidAction);
    assert_eq!(err.field, Some(PolicyField::Class(Risk::Spend)));
    assert_eq!(
        err.to_string(),
        "invalid policy: action is not allow, confirm or deny (`spend`)"
    );
    let err = Policy::from_json(br#"{"read":"allow"}"#).unwrap_err();
    assert_eq!(
        (err.kind, err.field),
        (
            PolicyErrorKind::MissingKey,
            Some(PolicyField::Class(Risk::Compute))
        )
    );
    // Escapes are decoded here too.
    let escaped = br#"{"re\u0061d":"\u0061llow","compute":"allow","external":"allow","share":"allow","spend":"allow","destructive":"allow","confirm_costly":false}"#;
    assert_eq!(Policy::from_json(escaped), Ok(Policy::PERMISSIVE));
    // Serde users get the same policy from their own formats.
    let json = serde_json::to_string(&Policy::CAUTIOUS).unwrap();
    assert_eq!(
        serde_json::from_str::<Policy>(&json).unwrap(),
        Policy::CAUTIOUS
    );
    assert!(serde_json::from_str::<Policy>(r#"{"read":"allow"}"#).is_err());
}

struct Prefix(&'static str);

impl GrantedScopes for Prefix {
    fn grants(&self, scope: JsonStr<'_>) -> bool {
        scope.to_string().starts_with(self.0)
    }
}

#[test]
fn hosts_can_bring_their_own_scope_check() {
    let tool = read_tool(br#"{"name":"t","annotations":{"readOnlyHint":true},"_meta":{"x-required-scope":"orders:read"}}"#).unwrap();
    let orders = Prefix("orders:");
    let billing = Prefix("billing:");
    let allowed = decide(
        &tool,
        Policy::DEFAULT,
        &Context::TRUSTED.with_scope_check(&orders),
    );
    let denied = decide(
        &tool,
        Policy::DEFAULT,
        &Context::TRUSTED.with_scope_check(&billing),
    );
    assert_eq!(allowed.action, Action::Allow);
    assert_eq!(
        (denied.action, denied.reason),
        (Action::Deny, Reason::MissingScope)
    );
}

#[test]
fn bindings_can_decide_facts_they_built_themselves() {
    let mut facts = ToolFacts::new(JsonStr::plain("orders_place"));
    facts.annotated = true;
    facts.tier = hintgate::DeclaredTier::Known(Tier::ExternalSpend);
    let from_facts = decide(&facts.into(), Policy::DEFAULT, &Context::TRUSTED);
    let from_json = decide(
        &read_tool(br#"{"name":"orders_place","annotations":{},"_meta":{"x-side-effect":"external_spend"}}"#).unwrap(),
        Policy::DEFAULT,
        &Context::TRUSTED,
    );
    assert_eq!(from_facts, from_json);
    assert_eq!(from_facts.retry(), hintgate::Retry::SameKey);
}

#[test]
fn one_pass_keeps_only_the_list_that_wins() {
    // A top-level `tools` list wins over a JSON-RPC result's, even after it.
    let json = br#"{"jsonrpc":"2.0","result":{"tools":[{"name":"a"},{"name":"b"},{"name":"c"}]},"tools":[{"name":"x"}]}"#;
    let mut slots = [None; 4];
    assert_eq!(hintgate::read_tools_into(json, &mut slots), Ok(1));
    assert_eq!(slots[0].and_then(|t| t.name()).unwrap(), "x");
    assert!(slots[1..].iter().all(Option::is_none), "no stale tools");

    // Too little room: the count says how many there are.
    let mut one = [None; 1];
    let json = br#"{"tools":[{"name":"a"},{"name":"b"}]}"#;
    assert_eq!(hintgate::read_tools_into(json, &mut one), Ok(2));
    assert_eq!(one[0].and_then(|t| t.name()).unwrap(), "a");
}
