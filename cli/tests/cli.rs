//! The `hintgate` command, run as a user runs it.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/tools-list.json");
const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../tests/corpus/github-mcp-server.tools-list.json"
);

fn hintgate(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hintgate"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hintgate runs");
    let mut pipe = child.stdin.take().unwrap();
    pipe.write_all(stdin.unwrap_or_default()).unwrap();
    drop(pipe);
    child.wait_with_output().unwrap()
}

fn rows(args: &[&str]) -> Vec<Value> {
    let output = hintgate(args, None);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let value: Value = serde_json::from_slice(&output.stdout).expect("JSON output");
    value.as_array().expect("an array").clone()
}

fn row<'a>(rows: &'a [Value], name: &str) -> &'a Value {
    rows.iter()
        .find(|r| r["name"] == name)
        .unwrap_or_else(|| panic!("no row {name}"))
}

/// (name, risk, action, reason, retry, findings) of one tool.
type Expected = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static [&'static str],
);

/// The example under the default policy from a trusted server, worked out by
/// hand from SPEC.
const EXAMPLE_TRUSTED: &[Expected] = &[
    ("catalog_search", "read", "allow", "policy", "safe", &[]),
    ("analytics_run", "compute", "allow", "policy", "never", &[]),
    (
        "orders_place",
        "spend",
        "confirm",
        "policy",
        "same_key",
        &[],
    ),
    (
        "share_link_create",
        "share",
        "confirm",
        "policy",
        "never",
        &[],
    ),
    (
        "orders_archive",
        "destructive",
        "confirm",
        "policy",
        "never",
        &[],
    ),
    (
        "notifications_list",
        "read",
        "allow",
        "policy",
        "safe",
        &["unannotated"],
    ),
    ("get_customer", "read", "allow", "policy", "safe", &[]),
    (
        "cancel_subscription",
        "destructive",
        "confirm",
        "policy",
        "safe",
        &[],
    ),
    (
        "billing_send_invoice_email",
        "external",
        "confirm",
        "policy",
        "safe",
        &[],
    ),
    (
        "billing_calculate_tax",
        "compute",
        "allow",
        "policy",
        "safe",
        &[],
    ),
    (
        "render_video",
        "compute",
        "confirm",
        "cost_warning",
        "never",
        &[],
    ),
    (
        "run_report",
        "destructive",
        "confirm",
        "policy",
        "never",
        &["unannotated"],
    ),
    (
        "getUser",
        "destructive",
        "confirm",
        "policy",
        "never",
        &["invalid_hint", "name_suggests_read"],
    ),
    (
        "delete_draft",
        "destructive",
        "confirm",
        "conflicting_hints",
        "never",
        &["conflicting_hints"],
    ),
    (
        "orders_refund",
        "destructive",
        "confirm",
        "tier_mismatch",
        "safe",
        &["tier_mismatch"],
    ),
    (
        "export_everything",
        "destructive",
        "confirm",
        "unknown_tier",
        "never",
        &["unknown_tier"],
    ),
    (
        "webhook_fire",
        "destructive",
        "confirm",
        "invalid_definition",
        "never",
        &[],
    ),
];

#[test]
fn the_example_gets_the_decisions_spec_gives() {
    let rows = rows(&["check", "--trusted", "--format", "json", EXAMPLE]);
    assert_eq!(rows.len(), EXAMPLE_TRUSTED.len());
    for (r, &(name, risk, action, reason, retry, findings)) in rows.iter().zip(EXAMPLE_TRUSTED) {
        assert_eq!(r["name"], name);
        assert_eq!(
            (&r["risk"], &r["action"], &r["reason"], &r["retry"]),
            (&risk.into(), &action.into(), &reason.into(), &retry.into()),
            "{name}"
        );
        assert_eq!(r["findings"], serde_json::json!(findings), "{name}");
    }
    let share = row(&rows, "share_link_create");
    assert_eq!(
        (&share["secret"], &share["audit"]),
        (&true.into(), &true.into())
    );
    assert_eq!(row(&rows, "render_video")["progress"], true);
    assert_eq!(row(&rows, "catalog_search")["bits"], 0x090F);
    assert_eq!(row(&rows, "get_customer")["title"], "Get customer");
    let invalid = &row(&rows, "webhook_fire")["error"];
    assert_eq!(invalid["kind"], "duplicate_key");
    assert!(invalid["offset"].as_u64().unwrap() > 0);
    assert_eq!(row(&rows, "analytics_run")["error"], Value::Null);
}

#[test]
fn every_key_of_a_json_row_is_there() {
    let rows = rows(&["check", "--format", "json", EXAMPLE]);
    let mut keys: Vec<&str> = rows[0]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    let mut expected = [
        "name", "title", "risk", "action", "reason", "retry", "audit", "secret", "progress",
        "bits", "findings", "error",
    ];
    expected.sort_unstable();
    assert_eq!(keys, expected);
}

#[test]
fn an_untrusted_server_gets_nothing_for_its_annotations() {
    let rows = rows(&["check", "--format", "json", CORPUS]);
    assert_eq!(rows.len(), 117);
    for r in &rows {
        assert_eq!(
            (&r["risk"], &r["action"], &r["reason"]),
            (
                &"destructive".into(),
                &"confirm".into(),
                &"untrusted".into()
            )
        );
    }
}

#[test]
fn the_corpus_decides_as_its_annotations_say() {
    let rows = rows(&["check", "--trusted", "--format", "json", CORPUS]);
    // (name, risk, action): read from the corpus's annotations by hand.
    for (name, risk, action) in [
        ("get_me", "read", "allow"),
        ("search_code", "read", "allow"),
        ("delete_repository", "destructive", "confirm"),
        // destructiveHint false, openWorldHint true.
        ("add_issue_reaction", "external", "confirm"),
        // Only readOnlyHint false and idempotentHint false: destructive by default.
        ("create_branch", "destructive", "confirm"),
    ] {
        let r = row(&rows, name);
        assert_eq!(
            (&r["risk"], &r["action"]),
            (&risk.into(), &action.into()),
            "{name}"
        );
    }
    let read = rows.iter().filter(|r| r["risk"] == "read").count();
    let allowed = rows.iter().filter(|r| r["action"] == "allow").count();
    assert_eq!(read, allowed, "only read tools run unasked under default");
    assert_eq!(read, 58);
}

#[test]
fn policies_scopes_and_offline_change_the_decisions() {
    let plan = rows(&[
        "check",
        "--trusted",
        "--policy",
        "plan",
        "--format",
        "json",
        EXAMPLE,
    ]);
    assert_eq!(row(&plan, "orders_place")["action"], "deny");
    assert_eq!(row(&plan, "catalog_search")["action"], "allow");

    let dir = std::env::temp_dir().join(format!("hintgate-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let policy = dir.join("policy.json");
    std::fs::write(&policy, r#"{"read":"confirm","compute":"allow","external":"allow","share":"deny","spend":"deny","destructive":"deny","confirm_costly":false}"#).unwrap();
    let custom = rows(&[
        "check",
        "--trusted",
        "--policy",
        policy.to_str().unwrap(),
        "--format",
        "json",
        EXAMPLE,
    ]);
    assert_eq!(row(&custom, "catalog_search")["action"], "confirm");
    assert_eq!(row(&custom, "render_video")["action"], "allow");
    assert_eq!(row(&custom, "share_link_create")["action"], "deny");

    let scoped = rows(&[
        "check",
        "--trusted",
        "--scope",
        "catalog:read",
        "--scope",
        "orders:write",
        "--format",
        "json",
        EXAMPLE,
    ]);
    assert_eq!(row(&scoped, "catalog_search")["action"], "allow");
    assert_eq!(row(&scoped, "analytics_run")["reason"], "missing_scope");
    assert_eq!(row(&scoped, "orders_place")["action"], "confirm");

    let offline = rows(&[
        "check",
        "--trusted",
        "--offline",
        "--format",
        "json",
        EXAMPLE,
    ]);
    assert_eq!(row(&offline, "catalog_search")["reason"], "offline");
    assert_eq!(row(&offline, "get_customer")["action"], "allow");
}

#[test]
fn the_table_groups_by_risk_without_colour_in_a_pipe() {
    let output = hintgate(&["check", "--trusted", EXAMPLE], None);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        !text.contains('\u{1b}'),
        "no escape codes when stdout is not a terminal"
    );
    let destructive = text.find("\ndestructive · 8\n").expect("destructive group");
    let read = text.find("\nread · 3\n").expect("read group");
    assert!(destructive < read, "riskiest group first");
    assert!(text.contains("Search the catalog"));
    assert!(text.contains("invalid: duplicate_key at byte"));
    assert!(
        text.trim_end()
            .ends_with("17 tools: 5 allow, 12 confirm, 0 deny · 6 with findings · 1 invalid")
    );
}

#[test]
fn deny_findings_fails_the_run_only_when_there_are_findings() {
    let with = hintgate(&["check", "--deny-findings", EXAMPLE], None);
    assert_eq!(with.status.code(), Some(1));
    let clean = hintgate(&["check", "--deny-findings", CORPUS], None);
    assert_eq!(clean.status.code(), Some(0));
}

#[test]
fn an_unreadable_document_exits_2_naming_the_byte() {
    let output = hintgate(&["check", "-"], Some(br#"{"tools": [{"name": "a"},]}"#));
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr,
        "hintgate: <stdin>: unexpected character ']' at byte 25\n"
    );

    let missing = hintgate(&["check", "/nonexistent/tools.json"], None);
    assert_eq!(missing.status.code(), Some(2));
    let bad_policy = hintgate(&["check", "--policy", "yolo", EXAMPLE], None);
    assert_eq!(bad_policy.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad_policy.stderr).contains("not a preset"));
}

#[test]
fn standard_input_is_read_when_no_file_is_given() {
    let output = hintgate(&["check", "--format", "json"], Some(br#"{"name":"x"}"#));
    assert!(output.status.success());
    let rows: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(rows[0]["name"], "x");
}

#[test]
fn stamp_prints_what_a_server_puts_on_a_tool() {
    let output = hintgate(&["stamp", "share_export"], None);
    assert!(output.status.success());
    let stamp: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(stamp["_meta"]["x-side-effect"], "share_export");
    assert_eq!(stamp["annotations"]["openWorldHint"], true);
    assert_eq!(hintgate(&["stamp", "spend"], None).status.code(), Some(2));
}
