//! Properties of the policy and the reader over generated tools and bytes.

use hintgate::{
    Action, Context, Decision, DocumentErrorKind, Hint, Hints, JsonStr, Policy, Preset, Reason,
    Risk, Tool, decide, lint, read_document, read_tools_into,
};
use proptest::prelude::*;
use serde_json::{Value, json};

const NAMES: &[&str] = &[
    "get_user",
    "getUser",
    "list-items",
    "search",
    "delete_repo",
    "del\u{65}te_x",
    "refundOrder",
    "cancel.sub",
    "run",
    "GET_X",
    "ünïcode_tool",
    "orders_place",
];
const SCOPES: &[&str] = &["repo", "orders:write", "é"];

fn hint_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => any::<bool>().prop_map(Value::Bool),
        1 => Just(json!("true")),
        1 => Just(json!(1)),
        1 => Just(Value::Null),
        1 => Just(json!({"nested": [true]})),
    ]
}

fn annotations() -> impl Strategy<Value = Value> {
    let hints = proptest::collection::vec((0..Hint::ALL.len(), hint_value()), 0..7);
    (hints, proptest::option::of("[A-Za-z ]{0,12}")).prop_map(|(hints, title)| {
        let mut object = serde_json::Map::new();
        for (slot, value) in hints {
            object.insert(Hint::ALL[slot].as_str().to_owned(), value);
        }
        if let Some(title) = title {
            object.insert("title".into(), title.into());
        }
        Value::Object(object)
    })
}

fn meta() -> impl Strategy<Value = Value> {
    let tier = prop_oneof![
        Just(json!("read")),
        Just(json!("compute")),
        Just(json!("external_spend")),
        Just(json!("share_export")),
        Just(json!("destructive")),
        Just(json!("Read")),
        Just(json!(3)),
        Just(Value::Null),
    ];
    let scope = prop_oneof![
        Just(json!("repo")),
        Just(json!("orders:write")),
        Just(json!("other")),
        Just(json!(["repo"])),
        Just(Value::Null),
    ];
    (proptest::option::of(tier), proptest::option::of(scope)).prop_map(|(tier, scope)| {
        let mut object = serde_json::Map::new();
        if let Some(tier) = tier {
            object.insert("x-side-effect".into(), tier);
        }
        if let Some(scope) = scope {
            object.insert("x-required-scope".into(), scope);
        }
        object.insert("x-produces".into(), json!(["order", 1]));
        Value::Object(object)
    })
}

fn tool_value() -> impl Strategy<Value = Value> {
    (
        0..NAMES.len(),
        proptest::option::of(annotations()),
        proptest::option::of(meta()),
        any::<bool>(),
        proptest::option::of("[a-z ]{0,10}"),
    )
        .prop_map(|(name, annotations, meta, underscore, title)| {
            let mut tool = serde_json::Map::new();
            tool.insert("name".into(), NAMES[name].into());
            tool.insert(
                "inputSchema".into(),
                json!({"type": "object", "properties": {}}),
            );
            if let Some(title) = title {
                tool.insert("title".into(), title.into());
            }
            if let Some(a) = annotations {
                tool.insert("annotations".into(), a);
            }
            if let Some(m) = meta {
                tool.insert(if underscore { "_meta" } else { "meta" }.into(), m);
            }
            Value::Object(tool)
        })
}

fn tools_json() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(tool_value(), 1..6)
        .prop_map(|tools| serde_json::to_vec(&json!({ "tools": tools })).unwrap())
}

/// Policies whose actions never get laxer as risk grows (every preset is one).
fn monotone_policy() -> impl Strategy<Value = Policy> {
    (proptest::collection::vec(0u8..3, 6), any::<bool>()).prop_map(|(mut steps, costly)| {
        steps.sort_unstable();
        let actions: Vec<Action> = steps
            .into_iter()
            .map(|s| Action::from_u8(s).unwrap())
            .collect();
        let actions: [Action; 6] = actions.try_into().unwrap();
        Policy::new(actions, costly)
    })
}

fn any_policy() -> impl Strategy<Value = Policy> {
    any::<u16>().prop_filter_map("not a packed policy", Policy::from_bits)
}

fn scopes() -> impl Strategy<Value = Option<Vec<&'static str>>> {
    proptest::option::of(proptest::sample::subsequence(SCOPES, 0..=SCOPES.len()))
}

fn context<'a>(trusted: bool, offline: bool, scopes: &'a Option<Vec<&'static str>>) -> Context<'a> {
    let ctx = Context::UNTRUSTED
        .with_trusted(trusted)
        .with_offline(offline);
    match scopes {
        Some(list) => ctx.with_scopes(list),
        None => ctx,
    }
}

fn each_tool(json: &[u8], mut f: impl FnMut(&Tool<'_>)) {
    let document = read_document(json).expect("generated documents are valid");
    for tool in document.tools() {
        f(&tool);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Not trusting a server never makes a decision laxer, for every policy
    /// whose actions grow with risk. Two holes SPEC leaves are excluded and
    /// reported in the issue note: untrusted tools skip the scope check, and
    /// ignore `costWarning` (so `allow` + `confirm_costly` on destructive
    /// lets an untrusted costly tool through that a trusted one would confirm).
    #[test]
    fn untrusted_is_never_laxer(json in tools_json(), policy in monotone_policy(), offline: bool) {
        prop_assume!(!(policy.action(Risk::Destructive) == Action::Allow && policy.confirm_costly()));
        each_tool(&json, |tool| {
            let trusted = decide(tool, policy, &context(true, offline, &None));
            let untrusted = decide(tool, policy, &context(false, offline, &None));
            assert!(untrusted.action >= trusted.action, "{tool:?}: {trusted:?} vs {untrusted:?}");
        });
    }

    /// strict ≥ cautious ≥ default ≥ permissive, tool by tool, in any context.
    #[test]
    fn presets_are_ordered(json in tools_json(), trusted: bool, offline: bool, scopes in scopes()) {
        let ctx = context(trusted, offline, &scopes);
        each_tool(&json, |tool| {
            let action = |p: Preset| decide(tool, p.policy(), &ctx).action;
            assert!(action(Preset::Strict) >= action(Preset::Cautious));
            assert!(action(Preset::Cautious) >= action(Preset::Default));
            assert!(action(Preset::Default) >= action(Preset::Permissive));
        });
    }

    /// Going offline changes a decision only into a denial for being offline.
    #[test]
    fn offline_only_adds_denials(json in tools_json(), policy in any_policy(), trusted: bool, scopes in scopes()) {
        each_tool(&json, |tool| {
            let online = decide(tool, policy, &context(trusted, false, &scopes));
            let offline = decide(tool, policy, &context(trusted, true, &scopes));
            assert!(
                offline == online || (offline.action == Action::Deny && offline.reason == Reason::Offline),
                "{online:?} became {offline:?}"
            );
        });
    }

    /// Only a read-only effective tool is ever classed `read`, and a tool whose
    /// annotations were ignored is always `destructive`.
    #[test]
    fn risk_follows_trust(json in tools_json(), policy in any_policy(), trusted: bool) {
        each_tool(&json, |tool| {
            let d = decide(tool, policy, &context(trusted, false, &None));
            if d.risk == Risk::Read {
                assert!(d.effective.read_only());
            }
            if !trusted || tool.invalid().is_some() {
                assert_eq!(d.risk, Risk::Destructive);
            }
        });
    }

    /// One pass into slots reads exactly what the validating iterator reads,
    /// for every document shape, including ones where two lists compete.
    #[test]
    fn one_pass_reads_what_two_passes_read(tools in proptest::collection::vec(tool_value(), 0..6), other in proptest::collection::vec(tool_value(), 0..3), shape in 0..6usize) {
        let doc = match shape {
            0 => json!({ "tools": tools }),
            1 => json!({ "jsonrpc": "2.0", "id": 1, "result": { "tools": tools } }),
            2 => json!(tools),
            3 => json!({ "jsonrpc": "2.0", "result": { "tools": other }, "tools": tools }),
            4 => json!({ "name": "x", "result": { "tools": tools } }),
            _ => tools.first().cloned().unwrap_or(json!({})),
        };
        same_either_way(&serde_json::to_vec(&doc).unwrap());
    }

    /// Whitespace and key spelling (escaped or not) never change an outcome.
    #[test]
    fn layout_does_not_matter(tool in tool_value(), policy in any_policy()) {
        let compact = serde_json::to_vec(&tool).unwrap();
        let pretty = serde_json::to_vec_pretty(&tool).unwrap();
        let escaped = String::from_utf8(compact.clone()).unwrap()
            .replace("\"name\"", "\"n\\u0061me\"")
            .replace("Hint\"", "H\\u0069nt\"");
        let outcomes = |json: &[u8]| -> Vec<(Decision, u8)> {
            read_document(json).unwrap().tools()
                .map(|t| (decide(&t, policy, &Context::TRUSTED), lint(&t).bits()))
                .collect()
        };
        let expected = outcomes(&compact);
        prop_assert_eq!(&outcomes(&pretty), &expected);
        prop_assert_eq!(&outcomes(escaped.as_bytes()), &expected);
    }

    /// Packed hints and policies survive the trip through their numbers and JSON.
    #[test]
    fn packed_forms_round_trip(bits: u16) {
        if let Some(hints) = Hints::from_bits(bits) {
            prop_assert_eq!(hints.bits(), bits);
            let rebuilt = Hint::ALL.iter().fold(Hints::NONE, |acc, &h| match hints.declared(h) {
                Some(v) => acc.with(h, v),
                None => acc,
            });
            prop_assert_eq!(rebuilt, hints);
        } else {
            prop_assert!(bits & Hints::RESERVED_BITS != 0 || (bits >> 8) & !bits & 0x3F != 0);
        }
        if let Some(policy) = Policy::from_bits(bits) {
            prop_assert_eq!(policy.bits(), bits);
            let mut buf = [0u8; 256];
            let len = policy.write_json(&mut buf).unwrap();
            prop_assert_eq!(Policy::from_json(&buf[..len]), Ok(policy));
            // The hand-written text is exactly the serde form hosts get.
            let serde_form = serde_json::to_string(&policy).unwrap();
            prop_assert_eq!(&buf[..len], serde_form.as_bytes());
            let rebuilt = Risk::ALL.iter().fold(Policy::PERMISSIVE, |p, &r| p.with_action(r, policy.action(r)));
            prop_assert_eq!(rebuilt.with_confirm_costly(policy.confirm_costly()), policy);
        }
    }

    /// No bytes make the reader or the decision panic, and bad input is never allowed.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        exercise(&bytes);
    }

    /// Nor do valid documents cut short or with one byte changed.
    #[test]
    fn damaged_documents_never_panic(json in tools_json(), cut in any::<prop::sample::Index>(), byte: u8, at in any::<prop::sample::Index>()) {
        exercise(&json[..cut.index(json.len() + 1)]);
        let mut damaged = json.clone();
        damaged[at.index(json.len())] = byte;
        exercise(&damaged);
    }

    /// The reader accepts exactly the JSON that serde_json accepts (with I-JSON
    /// strings), up to the nesting bound.
    #[test]
    fn syntax_agrees_with_serde_json(text in "[\\[\\]{}\",:0-9eE.+\\- \\\\untrfalsx\u{e9}]{0,24}") {
        let ours = read_document(text.as_bytes());
        let theirs = serde_json::from_slice::<Value>(text.as_bytes());
        // serde_json rejects numbers beyond f64, which JSON allows.
        let beyond_f64 = theirs.as_ref().is_err_and(|e| e.to_string().contains("number out of range"));
        match ours {
            Err(e) if is_syntax(e.kind) => prop_assert!(theirs.is_err(), "we reject {text:?} ({e}), serde_json accepts"),
            _ => prop_assert!(theirs.is_ok() || beyond_f64, "we accept {text:?}, serde_json rejects"),
        }
    }

    /// `JsonStr::from_json_contents` accepts exactly the bodies of the string
    /// literals serde_json accepts, and decodes them to the same text.
    #[test]
    fn string_contents_agree_with_serde_json(body in "[a\"\\\\/bnrtuD8C0Fe\u{1}\u{e9} ]{0,16}") {
        let ours = JsonStr::from_json_contents(&body);
        let theirs = serde_json::from_str::<String>(&format!("\"{body}\""));
        match (ours, theirs) {
            (Some(ours), Ok(theirs)) => prop_assert_eq!(ours.to_string(), theirs),
            (None, Err(_)) => {}
            (ours, theirs) => prop_assert!(false, "{body:?}: ours {ours:?}, serde_json {theirs:?}"),
        }
    }

    /// Any text serde_json writes as a literal reads back through it.
    #[test]
    fn policy_json_agrees_with_the_serde_reading(text in policy_text()) {
        // `from_json` reads with the document scanner; `Deserialize` goes
        // through serde's visitor (here with serde_json). They accept the
        // same objects, and where serde reports one of hintgate's policy
        // errors it is the same error.
        let ours = Policy::from_json(text.as_bytes());
        let theirs = serde_json::from_str::<Policy>(&text);
        match (&ours, &theirs) {
            (Ok(a), Ok(b)) => prop_assert_eq!(a, b),
            (Err(mine), Err(serde)) => {
                let message = serde.to_string();
                if message.starts_with("invalid policy:") {
                    prop_assert!(message.starts_with(&mine.to_string()), "{} vs {}", mine, message);
                }
            }
            _ => prop_assert!(false, "{:?} vs {:?} for {}", ours, theirs.map_err(|e| e.to_string()), text),
        }
    }

    #[test]
    fn written_strings_read_back(text in any::<String>()) {
        let literal = serde_json::to_string(&text).unwrap();
        let body = &literal[1..literal.len() - 1];
        prop_assert_eq!(JsonStr::from_json_contents(body).map(|s| s.to_string()), Some(text));
    }
}

/// A policy object's text: members drawn from the seven keys, wrong and
/// escaped keys, and right and wrong values, in any order, with repeats,
/// gaps and damage.
fn policy_text() -> impl Strategy<Value = String> {
    let key = prop_oneof![
        6 => prop::sample::select(vec![
            "read", "compute", "external", "share", "spend", "destructive", "confirm_costly",
        ]).prop_map(|k| format!("\"{k}\"")),
        1 => Just(r#""sp\u0065nd""#.to_string()),
        1 => Just(r#""preset""#.to_string()),
        1 => Just(r#""Read""#.to_string()),
    ];
    let value = prop::sample::select(vec![
        r#""allow""#,
        r#""confirm""#,
        r#""deny""#,
        r#""d\u0065ny""#,
        r#""Allow""#,
        r#""ask""#,
        "true",
        "false",
        "null",
        "1",
        "[]",
        "{}",
        r#""yes""#,
        "tru",
        r#""al"#,
    ]);
    let member = (key, value).prop_map(|(k, v)| format!("{k}:{v}"));
    (proptest::collection::vec(member, 0..10), 0..4usize).prop_map(|(members, damage)| {
        let body = format!("{{{}}}", members.join(","));
        match damage {
            0 => format!("{body} x"),
            1 => body.replacen(':', " ", 1),
            _ => body,
        }
    })
}

fn is_syntax(kind: DocumentErrorKind) -> bool {
    use DocumentErrorKind::*;
    matches!(
        kind,
        InvalidUtf8
            | UnexpectedEnd
            | UnexpectedByte
            | InvalidNumber
            | InvalidEscape
            | ControlCharacter
            | TooDeep
            | TrailingBytes
    )
}

/// Both ways of reading give the same tools, or the same error.
fn same_either_way(bytes: &[u8]) {
    let mut slots = [None; 8];
    let one_pass = read_tools_into(bytes, &mut slots);
    match read_document(bytes) {
        Err(e) => assert_eq!(one_pass, Err(e)),
        Ok(document) => {
            let count = one_pass.expect("read_document accepted it");
            assert_eq!(count, document.tools().count());
            for (slot, tool) in slots.iter().zip(document.tools()) {
                assert_eq!(slot.as_ref(), Some(&tool));
            }
        }
    }
}

fn exercise(bytes: &[u8]) {
    same_either_way(bytes);
    let Ok(document) = read_document(bytes) else {
        return;
    };
    let mut explanation = [0u8; 256];
    for tool in document.tools() {
        let _ = lint(&tool);
        if let Some(name) = tool.display_name() {
            let _ = name.to_string();
        }
        for preset in Preset::ALL {
            for trusted in [false, true] {
                let d = decide(
                    &tool,
                    preset.policy(),
                    &context(trusted, false, &Some(vec!["repo"])),
                );
                assert!(d.write_explanation(&mut explanation).is_ok());
                if tool.invalid().is_some() {
                    assert_ne!(d.action, Action::Allow);
                }
            }
        }
    }
}
