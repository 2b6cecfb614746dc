//! Runs the shared conformance vectors (`tests/vectors/*.json`) against the
//! hintgate core. Every binding runs the same files; this is the Rust runner.
//!
//! The runner is strict about the files themselves too: unknown fields, missing
//! expectations and duplicate ids are failures, so a typo cannot turn a check
//! into a no-op.

/// The Rust examples of the project README, run as doctests so they cannot rot.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeExamples;

pub mod flat;

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use hintgate::{
    Action, Context, Decision, DocumentError, Finding, Hint, HintSet, Hints, Policy, Risk, Tier,
    Tool, decide, lint, may_run_in_parallel, needs_confirmation, read_document, read_tools_into,
};
use serde_json::{Map, Value};

/// What running the vectors found.
#[derive(Debug, Default)]
pub struct Report {
    /// Files read.
    pub files: usize,
    /// Cases run.
    pub cases: usize,
    /// Individual expected values compared.
    pub checks: usize,
    /// Decisions (tool × policy × context) checked.
    pub decisions: usize,
    /// One line per mismatch or malformed case.
    pub failures: Vec<String>,
    /// Every vocabulary word that appeared in an expectation (`kind:word`).
    pub seen: BTreeSet<String>,
}

/// The directory holding the vector files.
pub fn vectors_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("vectors")
}

/// Runs every `*.json` file of [`vectors_dir`].
pub fn run_all() -> Report {
    let mut report = Report::default();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(vectors_dir())
        .expect("tests/vectors is readable")
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    let mut ids = BTreeSet::new();
    for path in paths {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).expect("vector file is UTF-8");
        let file: Value = match serde_json::from_str(&text) {
            Ok(v) => v,
            Err(e) => {
                report.failures.push(format!("{name}: not JSON: {e}"));
                continue;
            }
        };
        report.files += 1;
        run_file(&name, &file, &mut ids, &mut report);
    }
    report
}

fn run_file(name: &str, file: &Value, ids: &mut BTreeSet<String>, report: &mut Report) {
    let Some(header) = file.as_object() else {
        report.failures.push(format!("{name}: not an object"));
        return;
    };
    for key in ["_comment", "kind", "covers", "cases"] {
        if !header.contains_key(key) {
            report
                .failures
                .push(format!("{name}: header lacks `{key}`"));
        }
    }
    let kind = header.get("kind").and_then(Value::as_str).unwrap_or("");
    let cases = header
        .get("cases")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for case in &cases {
        let id = case
            .get("id")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned();
        let mut ctx = CaseRun {
            id: format!("{name}/{id}"),
            report: &mut *report,
        };
        if id.is_empty() || !ids.insert(id.clone()) {
            ctx.fail(format_args!("missing or duplicate id"));
        }
        let Some(case) = case.as_object() else {
            ctx.fail(format_args!("case is not an object"));
            continue;
        };
        if !case.get("description").is_some_and(Value::is_string) {
            ctx.fail(format_args!("case lacks a description"));
        }
        match kind {
            "decisions" => ctx.decisions(case),
            "hints" => ctx.hints(case),
            "tiers" => ctx.tiers(case),
            "policies" => ctx.policies(case),
            "parallel" => ctx.parallel(case),
            other => ctx.fail(format_args!("unknown file kind {other:?}")),
        }
        report.cases += 1;
    }
}

const COMMON: &[&str] = &["id", "description", "spec", "source"];

struct CaseRun<'r> {
    id: String,
    report: &'r mut Report,
}

impl CaseRun<'_> {
    fn fail(&mut self, message: std::fmt::Arguments<'_>) {
        self.report.failures.push(format!("{}: {message}", self.id));
    }

    fn only_fields(&mut self, obj: &Map<String, Value>, allowed: &[&str], what: &str) {
        for key in obj.keys() {
            if !allowed.contains(&key.as_str()) && !COMMON.contains(&key.as_str()) {
                self.fail(format_args!("unknown field `{key}` in {what}"));
            }
        }
    }

    /// Compares one expected value; `field` names it in failures.
    fn check(&mut self, field: &str, expected: Option<&Value>, actual: Value) {
        self.report.checks += 1;
        match expected {
            None => self.fail(format_args!("no expected `{field}`")),
            Some(expected) if *expected != actual => {
                self.fail(format_args!("{field}: expected {expected}, got {actual}"))
            }
            Some(_) => {}
        }
    }

    fn saw(&mut self, kind: &str, word: &str) {
        self.report.seen.insert(format!("{kind}:{word}"));
    }

    fn decisions(&mut self, case: &Map<String, Value>) {
        self.only_fields(case, &["input", "input_hex", "tools", "error"], "case");
        let Some(bytes) = self.input(case) else {
            return;
        };
        self.one_pass_agrees(&bytes);
        match (read_document(&bytes), case.get("tools"), case.get("error")) {
            (Ok(document), Some(Value::Array(expected)), None) => {
                let tools: Vec<Tool<'_>> = document.tools().collect();
                if tools.len() != expected.len() {
                    self.fail(format_args!(
                        "{} tools, expected {}",
                        tools.len(),
                        expected.len()
                    ));
                }
                for (i, (tool, exp)) in tools.iter().zip(expected).enumerate() {
                    self.tool(i, tool, exp);
                }
            }
            (Err(error), None, Some(expected)) => self.document_error(&error, expected),
            (Ok(_), None, Some(expected)) => {
                self.fail(format_args!("read fine, expected error {expected}"))
            }
            (Err(error), Some(_), None) => self.fail(format_args!(
                "rejected ({}: {error}), expected tools",
                error.kind
            )),
            _ => self.fail(format_args!("needs exactly one of `tools` and `error`")),
        }
    }

    /// `read_tools_into` (one pass) must read exactly what the iterator reads.
    fn one_pass_agrees(&mut self, bytes: &[u8]) {
        let mut slots = vec![None; 64];
        let one_pass = read_tools_into(bytes, &mut slots);
        let two_pass = read_document(bytes).map(|d| d.tools().map(Some).collect::<Vec<_>>());
        self.report.checks += 1;
        let same = match (&one_pass, &two_pass) {
            (Ok(count), Ok(tools)) => *count == tools.len() && slots[..*count] == tools[..],
            (Err(a), Err(b)) => a == b,
            _ => false,
        };
        if !same {
            self.fail(format_args!(
                "read_tools_into disagrees: {one_pass:?} vs {two_pass:?}"
            ));
        }
    }

    fn input(&mut self, case: &Map<String, Value>) -> Option<Vec<u8>> {
        match (case.get("input"), case.get("input_hex")) {
            (Some(Value::String(text)), None) => Some(text.as_bytes().to_vec()),
            (Some(value), None) => Some(serde_json::to_vec(value).expect("serialisable")),
            (None, Some(Value::String(hex))) => {
                let digits: Vec<u8> = hex.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
                let bytes: Option<Vec<u8>> = digits
                    .chunks(2)
                    .map(|pair| u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok())
                    .collect();
                if bytes.is_none() {
                    self.fail(format_args!("bad input_hex"));
                }
                bytes
            }
            _ => {
                self.fail(format_args!("needs exactly one of `input` and `input_hex`"));
                None
            }
        }
    }

    fn document_error(&mut self, error: &DocumentError<'_>, expected: &Value) {
        let Some(exp) = expected.as_object() else {
            return self.fail(format_args!("`error` must be an object"));
        };
        self.only_fields(exp, &["kind", "offset", "message"], "error");
        self.saw("document_error", error.kind.as_str());
        self.check("error.kind", exp.get("kind"), error.kind.as_str().into());
        self.check("error.offset", exp.get("offset"), error.offset.into());
        if exp.contains_key("message") || error.server.is_some() {
            let message = error.server.map(|s| s.message.to_string());
            self.check("error.message", exp.get("message"), message.into());
        }
    }

    fn tool(&mut self, index: usize, tool: &Tool<'_>, expected: &Value) {
        let Some(exp) = expected.as_object() else {
            return self.fail(format_args!("tools[{index}] is not an object"));
        };
        let fields = [
            "name",
            "display_name",
            "bits",
            "findings",
            "error",
            "decisions",
        ];
        self.only_fields(exp, &fields, "tool");
        let at = |field: &str| format!("tools[{index}].{field}");
        let text = |s: Option<hintgate::JsonStr<'_>>| s.map(|s| s.to_string());
        self.check(&at("name"), exp.get("name"), text(tool.name()).into());
        self.check(
            &at("display_name"),
            exp.get("display_name"),
            text(tool.display_name()).into(),
        );
        self.check(&at("bits"), exp.get("bits"), tool.hints().bits().into());
        let findings: Vec<&str> = lint(tool).iter().map(Finding::as_str).collect();
        for f in &findings {
            self.saw("finding", f);
        }
        self.check(&at("findings"), exp.get("findings"), findings.into());
        let error = tool.invalid().map(|i| i.kind.as_str());
        if let Some(kind) = error {
            self.saw("invalid_tool", kind);
        }
        self.check(&at("error"), exp.get("error"), error.into());
        let Some(Value::Array(decisions)) = exp.get("decisions") else {
            return self.fail(format_args!("tools[{index}] has no decisions"));
        };
        for (j, d) in decisions.iter().enumerate() {
            self.decision(&format!("tools[{index}].decisions[{j}]"), tool, d);
        }
    }

    fn decision(&mut self, at: &str, tool: &Tool<'_>, expected: &Value) {
        let Some(exp) = expected.as_object() else {
            return self.fail(format_args!("{at} is not an object"));
        };
        let fields = [
            "policy",
            "trusted",
            "offline",
            "scopes",
            "risk",
            "action",
            "reason",
            "retry",
            "audit",
            "secret",
            "progress",
            "effective",
        ];
        self.only_fields(exp, &fields, "decision");
        let Some(policy) = self.policy(exp.get("policy")) else {
            return;
        };
        let Some(trusted) = exp.get("trusted").and_then(Value::as_bool) else {
            return self.fail(format_args!("{at}: `trusted` must be a boolean"));
        };
        let offline = exp.get("offline").and_then(Value::as_bool).unwrap_or(false);
        let scopes: Option<Vec<&str>> = match exp.get("scopes") {
            None | Some(Value::Null) => None,
            Some(Value::Array(items)) => items.iter().map(Value::as_str).collect(),
            Some(_) => return self.fail(format_args!("{at}: bad `scopes`")),
        };
        let slice = scopes.as_deref();
        let mut ctx = Context::UNTRUSTED
            .with_trusted(trusted)
            .with_offline(offline);
        if let Some(granted) = &slice {
            ctx = ctx.with_scopes(granted);
        }
        let d = decide(tool, policy, &ctx);
        self.report.decisions += 1;
        self.expect_decision(at, exp, &d);
        if needs_confirmation(tool, policy, &ctx) != (d.action == Action::Confirm) {
            self.fail(format_args!(
                "{at}: needs_confirmation disagrees with the action"
            ));
        }
    }

    fn expect_decision(&mut self, at: &str, exp: &Map<String, Value>, d: &Decision) {
        for (kind, word) in [
            ("risk", d.risk.as_str()),
            ("action", d.action.as_str()),
            ("reason", d.reason.as_str()),
            ("retry", d.retry().as_str()),
        ] {
            self.saw(kind, word);
            self.check(&format!("{at}.{kind}"), exp.get(kind), word.into());
        }
        if let Some(preset) = exp.get("policy").and_then(Value::as_str) {
            self.saw("preset_risk", &format!("{preset}/{}", d.risk));
        }
        self.check(&format!("{at}.audit"), exp.get("audit"), d.audit().into());
        self.check(
            &format!("{at}.secret"),
            exp.get("secret"),
            d.secret().into(),
        );
        self.check(
            &format!("{at}.progress"),
            exp.get("progress"),
            d.progress().into(),
        );
        self.check(
            &format!("{at}.effective"),
            exp.get("effective"),
            names(d.effective).into(),
        );
    }

    fn policy(&mut self, spec: Option<&Value>) -> Option<Policy> {
        let policy = match spec {
            Some(Value::String(name)) => Policy::preset(name),
            Some(object @ Value::Object(_)) => {
                Policy::from_json(&serde_json::to_vec(object).expect("serialisable")).ok()
            }
            _ => None,
        };
        if policy.is_none() {
            self.fail(format_args!("bad policy {spec:?}"));
        }
        policy
    }

    fn hints(&mut self, case: &Map<String, Value>) {
        self.only_fields(case, &["bits", "valid", "declared", "effective"], "case");
        let Some(bits) = case.get("bits").and_then(Value::as_u64) else {
            return self.fail(format_args!("needs `bits`"));
        };
        let hints = u16::try_from(bits).ok().and_then(Hints::from_bits);
        self.check("valid", case.get("valid"), hints.is_some().into());
        if let Some(hints) = hints {
            let mut declared = Map::new();
            for &hint in Hint::ALL {
                if let Some(value) = hints.declared(hint) {
                    declared.insert(hint.as_str().into(), value.into());
                }
            }
            self.check("declared", case.get("declared"), declared.into());
            self.check(
                "effective",
                case.get("effective"),
                names(hints.effective()).into(),
            );
            let rebuilt = Hint::ALL
                .iter()
                .fold(Hints::NONE, |acc, &h| match hints.declared(h) {
                    Some(v) => acc.with(h, v),
                    None => acc,
                });
            self.check("bits (rebuilt)", case.get("bits"), rebuilt.bits().into());
        }
    }

    fn tiers(&mut self, case: &Map<String, Value>) {
        let fields = ["tier", "known", "risk", "stamp_bits", "annotations", "meta"];
        self.only_fields(case, &fields, "case");
        let Some(word) = case.get("tier").and_then(Value::as_str) else {
            return self.fail(format_args!("needs `tier`"));
        };
        let tier = Tier::parse(word);
        self.check("known", case.get("known"), tier.is_some().into());
        let Some(tier) = tier else { return };
        self.check("risk", case.get("risk"), tier.risk().as_str().into());
        self.check(
            "stamp_bits",
            case.get("stamp_bits"),
            tier.stamp().bits().into(),
        );
        let mut buf = [0u8; 256];
        let json = |len: Result<usize, hintgate::BufferTooSmall>, buf: &[u8]| -> Value {
            serde_json::from_slice(&buf[..len.expect("fits")]).expect("valid JSON")
        };
        let annotations = json(tier.write_annotations_json(&mut buf), &buf);
        self.check("annotations", case.get("annotations"), annotations);
        let meta = json(tier.write_meta_json(&mut buf), &buf);
        self.check("meta", case.get("meta"), meta);
    }

    fn policies(&mut self, case: &Map<String, Value>) {
        let fields = [
            "policy",
            "policy_text",
            "bits",
            "confirm_costly",
            "actions",
            "error",
        ];
        self.only_fields(case, &fields, "case");
        let result = match (case.get("policy"), case.get("policy_text")) {
            (Some(Value::String(name)), None) => Policy::preset(name).ok_or("unknown_preset"),
            (Some(object @ Value::Object(_)), None) => {
                Policy::from_json(&serde_json::to_vec(object).expect("serialisable"))
                    .map_err(|e| e.kind.as_str())
            }
            (None, Some(Value::String(text))) => {
                Policy::from_json(text.as_bytes()).map_err(|e| e.kind.as_str())
            }
            _ => return self.fail(format_args!("needs exactly one of `policy`, `policy_text`")),
        };
        match (result, case.get("error")) {
            (Ok(policy), None) => {
                self.check("bits", case.get("bits"), policy.bits().into());
                self.check(
                    "confirm_costly",
                    case.get("confirm_costly"),
                    policy.confirm_costly().into(),
                );
                let actions: Map<String, Value> = Risk::ALL
                    .iter()
                    .map(|&r| (r.as_str().into(), policy.action(r).as_str().into()))
                    .collect();
                self.check("actions", case.get("actions"), actions.into());
                let mut buf = [0u8; 256];
                let len = policy.write_json(&mut buf).expect("fits");
                let again = Policy::from_json(&buf[..len]);
                if again != Ok(policy) {
                    self.fail(format_args!("write_json does not read back: {again:?}"));
                }
            }
            (Err(kind), Some(_)) => {
                self.saw("policy_error", kind);
                self.check("error", case.get("error"), kind.into());
            }
            (Ok(policy), Some(error)) => self.fail(format_args!(
                "accepted as {policy:?}, expected error {error}"
            )),
            (Err(kind), None) => self.fail(format_args!("rejected ({kind}), expected a policy")),
        }
    }

    fn parallel(&mut self, case: &Map<String, Value>) {
        self.only_fields(case, &["input", "trusted", "parallel"], "case");
        let Some(bytes) = self.input(case) else {
            return;
        };
        let Some(trusted) = case.get("trusted").and_then(Value::as_bool) else {
            return self.fail(format_args!("`trusted` must be a boolean"));
        };
        let document = match read_document(&bytes) {
            Ok(d) => d,
            Err(e) => return self.fail(format_args!("input rejected: {e}")),
        };
        let ctx = Context::UNTRUSTED.with_trusted(trusted);
        let decisions: Vec<Decision> = document
            .tools()
            .map(|tool| decide(&tool, Policy::DEFAULT, &ctx))
            .collect();
        self.check(
            "parallel",
            case.get("parallel"),
            may_run_in_parallel(&decisions).into(),
        );
    }
}

fn names(set: HintSet) -> Vec<&'static str> {
    set.iter().map(Hint::as_str).collect()
}

/// A one-line summary, as test runners print.
pub fn summary(report: &Report) -> String {
    let mut line = String::new();
    let _ = write!(
        line,
        "vectors: {} files, {} cases, {} decisions, {} checks, {} failures",
        report.files,
        report.cases,
        report.decisions,
        report.checks,
        report.failures.len()
    );
    line
}
